// Okey 101 at the table: the opponents along the top with their status (opened or not,
// series or pairs, the opening's value), every laid meld grouped by owner in the middle, the
// pile, the indicator and the stack the player takes from on the left, the player's own stack
// on the right, the opening meter and tray, lay-offs and okey swaps on melds, and the score
// sheet. table/screen.js draws the rest and calls these parts.

import { h } from "../../view.js";
import { fromViewer } from "../../seats.js";
import { kindOf, tileName } from "../../tile.js";
import { errorText } from "../../errors.js";
import { button, indicatorView, meView, pileView, seatView, spotView, stackView, toolsView } from "../../table/parts.js";
import { r101Assist } from "./assist.js";
import { meldsView } from "./melds.js";
import { firstChosen, openValue, trayView } from "./tray.js";
import { scoreSheetView } from "./sheet.js";
import { causeText, statusText } from "./words.js";

/** Which legal action of a kind the update holds ("draw", or {lay_off: ...} by its key). */
const legalHas = (update, name) =>
  update.view.legal_actions.some((a) => a === name || (typeof a === "object" && a !== null && name in a));

/** What the table shows as its state; also the `data-phase` automation hook. */
function phaseOf(update) {
  const view = update.view;
  if (update.winners) return "match-over";
  if (view.end) return "round-over";
  if (view.turn !== view.seat) return "waiting";
  return view.taken || !legalHas(update, "draw") ? "play" : "draw";
}

// Taking the previous discard: offered only when it can reach the table this turn; else
// the engine's reason, in the player's language.
function take(T, to) {
  if (T.view.offered_use) {
    T.app.toast(T.app.t("r101.takeWhyNot", { why: errorText(T.app, T.view.offered_use) }), "error");
    return;
  }
  T.act("take", to === undefined ? {} : { to });
}

// A rack tile dropped (or tapped, then the meld tapped) on a table meld: onto its okey a
// swap when that fits, else a lay-off at the end nearer where it landed.
function playOnMeld(T, tile, target) {
  const meldEl = target.closest("[data-meld]");
  if (!meldEl) return;
  const meld = Number(meldEl.dataset.meld);
  const okey = target.dataset.drop === "okey" ? Number(target.dataset.tileId) : undefined;
  // The legal actions name one copy of each kind: the other copy acts alike.
  const sameKind = (a, b) => kindOf(a) === kindOf(b);
  const legal = T.view.legal_actions;
  const swaps = legal.filter((a) => a.swap && sameKind(a.swap.tile, tile) && a.swap.meld === meld);
  if (okey !== undefined && swaps.some((a) => a.swap.okey === okey)) {
    T.act("swap", { tile, meld, okey });
    return;
  }
  const sides = legal.filter((a) => a.lay_off && sameKind(a.lay_off.tile, tile) && a.lay_off.meld === meld).map((a) => a.lay_off.side);
  // A tap on the meld itself (not on its okey) with a tile that only swaps there: the swap.
  if (sides.length === 0 && swaps.length > 0) {
    T.act("swap", { tile, meld, okey: swaps[0].swap.okey });
    return;
  }
  const side = sides.length > 1 ? T.state.dropSide ?? sides[sides.length - 1] : sides[0];
  T.act("lay_off", { tile, meld, side: side ?? undefined });
}

function seat(T, p) {
  const app = T.app;
  const view = T.view;
  const partner = T.update.rules.partnership && fromViewer(view, p.seat) === 2;
  const level = T.update.bots[p.seat];
  return seatView(T, p.seat, {
    cls: `seat101${p.status.unopened ? "" : " is-opened"}`,
    dataset: { tiles: p.hand_size, status: Object.keys(p.status)[0] },
    name: h(
      "span",
      { class: "seat__name" },
      T.names(p.seat),
      partner
        ? h("span", { class: "seat__partner", dataset: { partner: "" } }, ` · ${app.t("seat.partner")}`)
        : level
          ? h("small", { class: "seat__level" }, ` · ${app.t(`level.${level}`)}`)
          : null,
    ),
    info: h("span", { class: "seat__info", dataset: { opened: p.status.unopened ? "no" : "yes" } }, statusText(app, p.status)),
    stats: [
      h("span", { class: "seat__score", title: app.t("r101.total"), dataset: { score: p.seat } }, String(p.total)),
      h("span", { class: "seat__count", title: app.t("seat.tiles", { n: p.hand_size }) }, String(p.hand_size)),
      p.penalties > 0 ? h("span", { class: "seat__penalty", dataset: { penalties: p.penalties } }, `−${p.penalties}×101`) : null,
    ],
    // The previous player's stack lies on the left of the felt, where the player takes.
    after: fromViewer(view, p.seat) === view.players.length - 1 ? null : stack(T, p),
  });
}

// A seat's discard stack: its top tile, the count; the previous player's top is the one
// the player may take.
function stack(T, p) {
  const view = T.view;
  const top = p.stack.length > 0 ? p.stack[p.stack.length - 1] : null;
  const offered = p.seat !== view.seat && top !== null && view.offered === top;
  return stackView(T, p.seat, {
    top,
    count: p.stack.length,
    cls: "discards101",
    offered,
    takeable: offered && legalHas(T.update, "take"),
    unusable: Boolean(view.offered_use),
    onTake: (to) => take(T, to),
  });
}

// The running total of what the rack shows against the figure (or the pairs against the
// pairs needed), while the player has not opened; tap it for the opening tray.
function openMeter(T) {
  const update = T.update;
  const me = T.view.players[T.view.seat];
  if (!me.status.unopened) return null;
  const { value, pairs } = openValue(update.groups);
  const [needed, neededPairs] = T.view.needed;
  const reaches = value >= needed || pairs >= neededPairs;
  return h(
    "button",
    {
      class: `btn btn--tool open-meter${reaches ? " is-enough" : ""}`,
      dataset: { openValue: value, openPairs: pairs, action: "open-tray" },
      title: T.app.t("r101.tray"),
      onclick: () => openTray(T),
    },
    pairs >= 2 && pairs * 10 > value ? T.app.t("r101.meterPairs", { n: pairs, needed: neededPairs }) : T.app.t("r101.meter", { value, needed }),
  );
}

const openTray = (T) => T.setGame({ tray: firstChosen(T.update) });

function hintText(T) {
  const view = T.view;
  const app = T.app;
  const phase = phaseOf(T.update);
  if (phase === "draw") return view.offered !== null && view.offered_use === null ? app.t("r101.hint.drawOrTake") : app.t("hint.draw");
  if (phase === "play") {
    if (view.pending !== null) return app.t("r101.hint.pending", { tile: tileName(app, view.pending) });
    if (!legalHas(T.update, "draw") && !view.taken) return app.t("hint.start");
    return app.t("r101.hint.play");
  }
  if (phase === "waiting" && view.turn !== null) return app.t("hint.wait", { name: T.names(view.turn) });
  return "";
}

/** What an update's events tell the player: toasts and sounds. */
function noted(T, shown, update) {
  const app = T.app;
  const me = update.view.seat;
  const out = { toasts: [], sounds: [], feedback: [] };
  for (const event of update.events) {
    if (event.drew === me || (event.took && event.took[0] === me)) out.sounds.push("draw");
    if (event.discarded) out.sounds.push("discard");
    if (event.penalised) {
      const [seatNo, cause] = event.penalised;
      out.toasts.push([app.t("r101.event.penalty", { name: T.names(seatNo), cause: causeText(app, cause) }), seatNo === me ? "error" : "info"]);
    } else if (event.opened && event.opened[0] !== me) {
      out.toasts.push([app.t("r101.event.opened", { name: T.names(event.opened[0]), how: statusText(app, event.opened[1]) }), "info"]);
    } else if (event.swapped && event.swapped[0] !== me) {
      out.toasts.push([app.t("r101.event.swapped", { name: T.names(event.swapped[0]) }), "info"]);
    } else if (event === "ended" && update.view.end?.kind?.finished?.seat === me) {
      out.sounds.push("win");
    }
  }
  return out;
}

/** @type {import("../../table/screen.js").TableGame} */
export const r101Table = {
  variant: "101",
  cls: "table101",
  assist: r101Assist,
  phaseOf,
  // The score sheet opens by itself at a round's end; the tray and the drop side are the
  // player's.
  initial: (update) => ({ sheet: Boolean(update.view.end), tray: null, dropSide: null }),
  next(state, shown, update) {
    if (update.view.end && !shown.view.end) state.sheet = true;
    if (!update.view.end && shown.view.end) state.sheet = false;
    if (update.view.end) state.tray = null;
  },
  closed: () => ({ tray: null }),
  // A 101 hand's layout comes beside the view.
  slots: (update) => update.rack,
  over: (view) => Boolean(view.end),
  pending: (view) => view.pending,
  discards: () => [],
  needsTile: (action) => action === "discard",
  playsTile: (action) => action === "lay_off" || action === "swap",
  canDiscard: (update) => phaseOf(update) === "play" && legalHas(update, "discard"),
  timeout: (T) => T.act("auto"),
  timedTurn(update) {
    const view = update.view;
    const mine = view.turn === view.seat && !view.end && !update.winners;
    return mine ? `${view.rounds[0]}:${view.turns}` : null;
  },
  dropOn(T, id, target) {
    if (target.dataset.drop === "meld" || target.dataset.drop === "okey") playOnMeld(T, id, target);
  },
  motion: {
    drew: (update) => update.events.map((e) => e.drew).filter((s) => s !== undefined),
    // The seat that moved tile `id` in or out of a hidden place, as the update's events name
    // it (the tile itself, or the meld it went on or came off); null when no event did.
    seatOf(update, id, area) {
      for (const e of update.events) {
        for (const key of ["took", "returned", "laid_off", "swapped", "took_back", "discarded"]) {
          if (e[key] && e[key][1] === id) return e[key][0];
        }
      }
      const meld = area?.startsWith("meld:") ? Number(area.slice(5)) : null;
      if (meld === null) return null;
      for (const e of update.events) {
        for (const key of ["laid", "laid_off", "swapped"]) {
          if (e[key] && e[key][e[key].length - 1] === meld) return e[key][0];
        }
      }
      return null;
    },
    // A new deal (the shown round was over, this one is not) is drawn without flights.
    sameDeal: (update, shown) => update.game === shown.game && !(shown.view.end && !update.view.end),
  },
  noted,
  tools(T) {
    const [played, rounds] = T.view.rounds;
    // Once a round is over it is counted among those played: its number stays on show.
    const round = T.view.end ? Math.max(played, 1) : Math.min(played + 1, rounds);
    return toolsView(T, { round, label: T.app.t("r101.round", { n: round, of: rounds }) });
  },
  felt(T, assist) {
    const view = T.view;
    const app = T.app;
    const others = view.players.filter((p) => p.seat !== view.seat).sort((a, b) => fromViewer(view, b.seat) - fromViewer(view, a.seat));
    const left = view.players.find((p) => fromViewer(view, p.seat) === view.players.length - 1);
    const canDraw = legalHas(T.update, "draw") && phaseOf(T.update) === "draw";
    const me = view.players[view.seat];
    return h(
      "div",
      { key: "felt", class: "felt felt101" },
      h("div", { key: "seats", class: "seats101" }, others.map((p) => seat(T, p))),
      h(
        "div",
        { key: "side", class: "side101" },
        spotView(app.t("table.pile"), pileView(T, canDraw)),
        indicatorView(T, view.indicator),
        left ? spotView(app.t("r101.takeFrom"), stack(T, left), { class: "centre__item side101__take" }) : null,
      ),
      meldsView(T, (target) => T.ui.selected !== null && playOnMeld(T, T.ui.selected, target)),
      h("div", { key: "mine", class: "mine101" }, h("div", { class: "centre__item" }, stack(T, me))),
      h(
        "div",
        { key: "me", class: "felt__me felt101__me" },
        meView(T, { name: statusText(app, me.status), score: me.total, dataset: { status: Object.keys(me.status)[0] } }),
        h("div", { class: "hint", dataset: { hint: "" } }, hintText(T)),
        openMeter(T),
        assist,
      ),
    );
  },
  actions(T) {
    const update = T.update;
    const view = T.view;
    const app = T.app;
    const mine = view.turn === view.seat && !view.end;
    const me = view.players[view.seat];
    const canOpen = mine && me.status.unopened && view.taken;
    const takeOffered = mine && legalHas(update, "take") && view.offered !== null;
    return [
      button("draw", app.t("action.draw"), mine && legalHas(update, "draw") && phaseOf(update) === "draw", () => T.act("draw")),
      button("take", app.t("action.take"), takeOffered, () => take(T), view.offered_use ? "is-unusable" : ""),
      me.status.unopened
        ? button("open", app.t("r101.open"), canOpen, () => T.act("open"), view.legal_actions.some((a) => a.open) ? "btn--glow" : "")
        : button("meld", app.t("r101.meld"), mine && view.taken, () => openTray(T)),
      button("discard", app.t("action.discard"), mine && legalHas(update, "discard"), () => T.act("discard"), "btn--primary"),
      legalHas(update, "take_back") ? button("take-back", app.t("r101.takeBack"), true, () => T.act("take_back")) : null,
      legalHas(update, "return") ? button("return", app.t("r101.return"), true, () => T.act("return")) : null,
      legalHas(update, "declare_pairs") && update.rules.pairs_declaration ? button("declare-pairs", app.t("r101.declare"), true, () => T.act("declare_pairs")) : null,
      legalHas(update, "end_round") ? button("end-round", app.t("action.endRound"), true, () => T.act("end_round")) : null,
      button("hint", app.t("action.hint"), mine, () => T.hint()),
      button("score-sheet", app.t("r101.sheet"), true, () => T.setGame({ sheet: true })),
    ];
  },
  overlays(T) {
    const state = T.state;
    return [
      state.tray
        ? trayView(T, state.tray, {
            onToggle: (i) => {
              const chosen = new Set(state.tray);
              if (chosen.has(i)) chosen.delete(i);
              else chosen.add(i);
              T.setGame({ tray: chosen });
            },
            onConfirm: (groups, asMelds) => {
              state.tray = null;
              T.act(asMelds ? "meld" : "open", { groups });
            },
            onClose: () => T.setGame({ tray: null }),
          })
        : null,
      state.sheet
        ? scoreSheetView(T.app, T.update, {
            names: T.names,
            onNext: () => {
              state.sheet = false;
              T.act("next_round");
            },
            onClose: () => T.setGame({ sheet: false }),
            onRematch: T.app.rematch,
            onHome: () => T.app.show("home"),
            // The round on the sheet's count: a voided deal is a round of its own there.
            onReview: () => {
              T.app.review = { id: T.update.game, round: T.update.results.length };
              T.app.show("review");
            },
          })
        : null,
    ];
  },
  menu: (T, id) => [["menu-discard", T.app.t("action.discard"), r101Table.canDiscard(T.update), () => T.act("discard", { tile: id })]],
  keys: (T) => ({
    d: () => T.act("draw"),
    t: () => take(T),
    o: () => T.act("open"),
    s: () => T.setGame({ sheet: !T.state.sheet }),
  }),
};
