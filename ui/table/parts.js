// The parts both tables draw alike, as virtual elements of view.js: buttons, the tools
// column, a seat's panel, the player's own, a discard stack, the pile, the indicator, the
// hint line, a tile's menu and the notice shown on a phone held upright. Each takes the
// table's context (`T` of screen.js) and what differs between the games as arguments.

import { h } from "../view.js";
import { pressable } from "../dnd.js";
import { sortRack } from "../ipc.js";
import { backView, faceKind, tileView, token } from "../tile.js";
import { avatarView } from "./avatar.js";

/**
 * A button of the table, `data-action` naming it.
 * @param {string} action
 * @param {string} label
 * @param {boolean} enabled
 * @param {() => void} onclick
 * @param {string} [extra] more classes
 */
export function button(action, label, enabled, onclick, extra = "") {
  return h("button", { key: action, class: `btn btn--tool${extra ? ` ${extra}` : ""}`, dataset: { action }, disabled: !enabled, onclick }, label);
}

/**
 * The left column: the way out, the round, and the rack's sort helpers.
 * @param {any} T
 * @param {{round: number, label: string}} round
 */
export function toolsView(T, round) {
  const live = !T.over;
  const sort = (how) => () => T.send(() => sortRack(how));
  return h(
    "aside",
    { key: "tools", class: "tools" },
    h(
      "header",
      { class: "table__bar" },
      h("button", { class: "btn btn--tool", dataset: { action: "home" }, title: T.app.t("table.menu"), onclick: () => T.app.show("home") }, "☰"),
      h("span", { class: "table__round", dataset: { round: round.round } }, round.label),
    ),
    button("sort-runs", T.app.t("action.runs"), live, sort("runs")),
    button("sort-pairs", T.app.t("action.pairs"), live, sort("pairs")),
    button("arrange", T.app.t("action.best"), live, sort("best")),
  );
}

/**
 * A bot's panel: avatar, name and what the game says of it, its score and tile count.
 * @param {any} T
 * @param {number} seat
 * @param {{cls: string, dataset: Record<string, any>, name: any, info: any, stats: any[], after?: any}} parts
 */
export function seatView(T, seat, { cls, dataset, name, info, stats, after = null }) {
  const turn = T.view.turn === seat;
  return h(
    "div",
    {
      key: `seat-${seat}`,
      class: `seat ${cls}${turn ? " is-turn" : ""}${turn && T.ui.turnStart ? " turn-start" : ""}`,
      dataset: { seat, turn: turn ? "" : undefined, ...dataset },
    },
    avatarView(T.names(seat)),
    h("div", { class: "seat__body" }, name, info, h("div", { class: "seat__stats" }, stats)),
    after,
  );
}

/**
 * The player's own panel beside the rack, with the turn timer's ring on the player's turn.
 * @param {any} T
 * @param {{name: string, score: number, dataset?: Record<string, any>}} me
 */
export function meView(T, { name, score, dataset = {} }) {
  const turn = T.view.turn === T.view.seat;
  return h(
    "div",
    {
      class: `me${turn ? " is-turn" : ""}${turn && T.ui.turnStart ? " turn-start" : ""}`,
      dataset: { seat: T.view.seat, turn: turn ? "" : undefined, ...dataset },
    },
    avatarView(T.app.t("you"), { me: true }),
    h("span", { class: "me__name" }, name),
    h("span", { class: "seat__score", dataset: { score: T.view.seat } }, String(score)),
    turn ? T.ring() : null,
  );
}

/**
 * A seat's discard stack: its top tile and count. The stack the player may take from
 * (`offered`) takes a tap or a drag onto the rack.
 * @param {any} T
 * @param {number} seat
 * @param {{top: number | null, count: number, cls: string, offered: boolean, takeable: boolean, unusable?: boolean, onTake: (to?: number) => void, look?: any}} stack
 */
export function stackView(T, seat, { top, count, cls, offered, takeable, unusable = false, onTake, look = null }) {
  const mine = seat === T.view.seat;
  const take = takeable && top !== null;
  return h(
    "div",
    {
      key: `stack-${seat}`,
      class: `discards ${cls}${mine ? " discards--mine" : ""}${offered ? " discards--left" : ""}`,
      dataset: { discards: seat, count, drop: mine ? "discard" : undefined },
    },
    h(
      "div",
      { class: "discards__spot" },
      top !== null
        ? T.tile(top, `${take ? (unusable ? "is-unusable" : "is-takeable") : ""}${T.ui.landed.get(seat) === top ? " tile--land" : ""}`, {
            key: top,
            ...(take
              ? pressable({
                  onClick: () => onTake(),
                  onDrop: (target) => target?.dataset.drop === "slot" && onTake(Number(target.dataset.slotIndex)),
                })
              : {}),
          })
        : mine
          ? h("span", { class: "discards__empty" }, T.app.t("action.discard"))
          : null,
      h("span", { class: "discards__count" }, String(count)),
    ),
    look,
  );
}

/**
 * The pile: a tap draws, a drag onto the rack draws into that slot.
 * @param {any} T
 * @param {boolean} drawable
 */
export function pileView(T, drawable) {
  return h(
    "div",
    {
      class: `pile${drawable ? " is-drawable" : ""}`,
      dataset: { pile: "", count: T.view.pile },
      title: T.app.t("table.pile"),
      ...(drawable
        ? pressable({
            onClick: () => T.act("draw"),
            onDrop: (target) => target?.dataset.drop === "slot" && T.act("draw", { to: Number(target.dataset.slotIndex) }),
          })
        : {}),
    },
    backView("back"),
    h("span", { class: "pile__count" }, String(T.view.pile)),
  );
}

/**
 * A spot on the felt with its caption below.
 * @param {string} caption
 * @param {any} content
 * @param {Record<string, any>} [props]
 */
export function spotView(caption, content, props = {}) {
  return h("div", { class: "centre__item", ...props }, content, h("small", {}, caption));
}

/**
 * The indicator: a tile the engine names, or the face alone.
 * @param {any} T
 * @param {number | null | undefined} id
 * @param {{colour: string, number: number} | null} [face]
 */
export function indicatorView(T, id, face = null) {
  const tile = id !== null && id !== undefined ? id : face ? faceKind(face) * 2 : null;
  return spotView(T.app.t("table.indicator"), tile === null ? null : tileView(tile, {}), { dataset: { indicator: "" } });
}

/**
 * A tile's menu: what a tap on the tile and then a button would do, in one place, for
 * fingers that cannot right-click or type. `items` are the game's: [action, label, enabled, run].
 * @param {any} T
 * @param {number} id
 * @param {[string, string, boolean, () => void][]} items
 */
export function menuView(T, id, items) {
  const close = () => T.set({ menu: null });
  const item = ([action, label, enabled, run]) =>
    h("button", { key: action, class: "btn btn--big", dataset: { action }, disabled: !enabled, onclick: () => { T.set({ menu: null }); run(); } }, label);
  return h(
    "div",
    { key: "menu", class: "overlay", dataset: { tileMenu: token(id) }, onclick: (e) => e.target === e.currentTarget && close() },
    h(
      "div",
      { class: "panel tile-menu" },
      T.tile(id, ""),
      items.map(item),
      item(["menu-move", T.app.t("menu.move"), true, () => { T.set({ selected: id }); T.app.toast(T.app.t("menu.moveHow")); }]),
      item(["menu-close", T.app.t("action.close"), true, () => T.set({ selected: null })]),
    ),
  );
}

/**
 * Shown instead of the table on a phone held upright: the rack needs the long side.
 * @param {any} app
 */
export function rotateView(app) {
  return h(
    "div",
    { key: "rotate", class: "rotate", dataset: { rotate: "" } },
    h("div", { class: "rotate__phone", "aria-hidden": "true" }),
    h("p", {}, app.t("table.rotate")),
    h("button", { class: "btn", dataset: { action: "rotate-home" }, onclick: () => app.show("home") }, app.t("table.menu")),
  );
}
