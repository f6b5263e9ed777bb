// Düz Okey at the table: four seats (or two or three) with the player at the bottom, each
// seat's discard stack to its right (R15), the pile, the indicator and the finish spot in the
// centre, the gösterge, and the round's end with every hand shown. table/screen.js draws the
// rest and calls these parts.

import { h } from "../../view.js";
import { fromViewer } from "../../seats.js";
import { backView, tileView } from "../../tile.js";
import { errorClause } from "../../errors.js";
import { autoMove } from "../../ipc.js";
import { button, indicatorView, meView, pileView, seatView, spotView, stackView, toolsView } from "../../table/parts.js";
import { duzAssist } from "./assist.js";
import { roundEndView } from "./roundend.js";

/**
 * Where a seat sits, seen from the player, and the corner its discard stack lies in: a
 * stack lies to the right of its owner (R15), so the player's is bottom right and the left
 * neighbour's, the one the player takes from, bottom left.
 * @param {any} view
 * @param {number} seat
 */
export function placeOf(view, seat) {
  const players = view.players.length;
  const rel = fromViewer(view, seat);
  if (rel === 0) return { side: "bottom", corner: "br" };
  if (players === 2) return { side: "top", corner: "tl" };
  if (rel === 1) return { side: "right", corner: "tr" };
  if (rel === players - 1) return { side: "left", corner: "bl" };
  return { side: "top", corner: "tl" };
}

const hasAction = (view, name) => view.legal_actions.includes(name);

/** Which word the table shows for its state; also the `data-phase` automation hook. */
function phaseOf(update) {
  const view = update.view;
  if (view.winners) return "match-over";
  if (view.round_end) return "round-over";
  if (view.turn === view.seat && view.phase) return view.phase;
  return "waiting";
}

function seat(T, p, side) {
  const app = T.app;
  const level = T.update.bots[p.seat];
  // Partners sit opposite and share a score (R24).
  const partner = T.view.rules.partnership && fromViewer(T.view, p.seat) === 2;
  const backs = [];
  for (let i = 0; i < Math.min(p.tiles, 15); i += 1) backs.push(backView(i));
  return seatView(T, p.seat, {
    cls: `seat--${side}${p.playing ? "" : " is-out"}`,
    dataset: { tiles: p.tiles },
    name: h(
      "div",
      { class: "seat__text" },
      h("span", { class: "seat__name" }, T.names(p.seat)),
      h("span", { class: "seat__info" }, partner ? h("span", { class: "seat__partner", dataset: { partner: "" } }, app.t("seat.partner")) : level ? app.t(`level.${level}`) : ""),
    ),
    info: null,
    stats: [
      h("span", { class: "seat__score", dataset: { score: p.seat } }, String(p.score)),
      h("span", { class: "seat__count", title: app.t("seat.tiles", { n: p.tiles }) }, String(p.tiles)),
    ],
    after: h("div", { class: "seat__backs", "aria-hidden": "true" }, backs),
  });
}

function stack(T, p, corner) {
  const view = T.view;
  const top = p.discards.top ?? null;
  // The stack whose top the engine offers the player (R14): the left neighbour's.
  const offered = p.seat !== view.seat && top !== null && top === view.takeable;
  return stackView(T, p.seat, {
    top,
    count: p.discards.count,
    cls: `discards--${corner}`,
    offered,
    takeable: offered && hasAction(view, "take_discard"),
    onTake: (to) => T.act("take", to === undefined ? {} : { to }),
    look:
      p.discards.tiles && p.discards.count > 0
        ? h("button", { class: "discards__look", title: T.app.t("action.view"), dataset: { action: "view-discards", seat: p.seat }, onclick: () => T.setGame({ viewing: p.seat }) }, "◉")
        : null,
  });
}

function centre(T) {
  const view = T.view;
  const app = T.app;
  const finish = h(
    "div",
    { class: "finish-spot", dataset: { drop: "finish", centre: "" }, onclick: () => T.ui.selected !== null && T.act("finish") },
    view.centre !== null && view.centre !== undefined ? T.tile(view.centre, "", { key: view.centre }) : null,
  );
  return h(
    "div",
    { key: "centre", class: "centre" },
    spotView(app.t("table.pile"), pileView(T, hasAction(view, "draw"))),
    indicatorView(T, view.indicator_tile, view.indicator),
    spotView(app.t("table.finishHere"), finish),
  );
}

function hintText(T) {
  const view = T.view;
  const app = T.app;
  const phase = phaseOf(T.update);
  if (phase === "draw") return hasAction(view, "end_round") ? app.t("hint.emptyPile") : app.t("hint.draw");
  // Only the starter discards before any turn action of the round (R14).
  if (phase === "discard") return view.plays === 0 ? app.t("hint.start") : app.t("hint.discard");
  if (phase === "waiting" && view.turn !== null && view.turn !== undefined) return app.t("hint.wait", { name: T.names(view.turn) });
  return "";
}

function viewer(T) {
  const seatNo = T.state.viewing;
  const p = T.view.players[seatNo];
  const close = () => T.setGame({ viewing: null });
  return h(
    "div",
    { key: "viewer", class: "overlay", dataset: { viewer: seatNo }, onclick: (e) => e.target === e.currentTarget && close() },
    h(
      "div",
      { class: "panel" },
      h("h2", {}, T.app.t("discards.of", { name: T.names(seatNo) })),
      h("div", { class: "viewer__tiles" }, (p?.discards.tiles ?? []).map((id) => tileView(id, { ...T.look, small: true }))),
      h("button", { class: "btn", dataset: { action: "close" }, onclick: close }, T.app.t("action.close")),
    ),
  );
}

/** What an update's events tell the player: toasts, sounds and labels over the table. */
function noted(T, shown, update) {
  const app = T.app;
  const view = update.view;
  const out = { toasts: [], sounds: [], feedback: [] };
  for (const event of update.events) {
    if (event.drew || event.took_discard) {
      out.sounds.push("draw");
    } else if (event.discarded) {
      out.sounds.push("discard");
    } else if (event.indicator_shown) {
      const { seat } = event.indicator_shown;
      const charge = update.events.find((e) => e.charged?.reason === "gosterge");
      const n = charge?.charged.points ?? 1;
      const text = seat === view.seat ? app.t("feel.yourGosterge", { n }) : app.t("feel.gosterge", { name: T.names(seat), n });
      out.feedback.push({ text, anchor: "[data-indicator]", kind: "gosterge" });
    } else if (event.false_claim) {
      // The label shows the points; the toast says why the claim was false.
      out.toasts.push([app.t("event.falseClaim", { name: T.names(event.false_claim.seat), reason: errorClause(app, event.false_claim.reason) }), "error"]);
    } else if (event.charged && (event.charged.reason === "okey_discard" || event.charged.reason === "false_claim")) {
      const seat = event.charged.payer.seat;
      if (seat !== undefined) out.feedback.push({ text: app.t("feel.penalty", { n: event.charged.points }), anchor: `[data-seat="${seat}"]:not([data-action])`, kind: "penalty" });
    } else if (event.eliminated) {
      out.toasts.push([app.t("event.eliminated", { name: T.names(event.eliminated.seat) }), "info"]);
    } else if (event.round_ended && event.round_ended.finished?.seat === view.seat) {
      out.sounds.push("win");
    }
  }
  return out;
}

/** @type {import("../../table/screen.js").TableGame} */
export const duzTable = {
  variant: "duz",
  cls: "",
  assist: duzAssist,
  phaseOf,
  initial: () => ({ viewing: null }),
  next(state, shown, update) {
    if (update.view.round !== shown.view.round) state.viewing = null;
  },
  closed: () => ({ viewing: null }),
  slots: (update) => update.view.rack,
  over: (view) => Boolean(view.round_end || view.winners),
  pending: () => null,
  discards: (update) => update.events.filter((e) => e.discarded).map((e) => e.discarded),
  needsTile: (action) => action === "discard" || action === "finish",
  playsTile: () => false,
  canDiscard: (update) => update.view.turn === update.view.seat && update.view.phase === "discard",
  timeout: (T) => T.send(autoMove),
  // The player's turn in progress as the timer's key, or null: its round and the turn
  // actions played before it began (a draw or take counts one, so the same turn keeps its
  // key across the draw and the next turn gets a new one).
  timedTurn(update) {
    const view = update.view;
    if (view.turn !== view.seat || view.round_end || view.winners) return null;
    const start = view.phase === "draw" || view.plays === 0 ? view.plays : view.plays - 1;
    return `${view.round}:${start}`;
  },
  dropOn(T, id, target) {
    if (target.dataset.drop === "finish") T.act("finish", { tile: id });
  },
  motion: {
    drew: (update) => update.events.filter((e) => e.drew).map((e) => e.drew.seat),
    seatOf(update, id) {
      for (const e of update.events) {
        const move = e.discarded ?? e.took_discard;
        if (move && move.tile === id) return move.seat;
      }
      return null;
    },
    sameDeal: (update, shown) => update.game === shown.game && update.view.round === shown.view.round,
  },
  noted,
  tools: (T) => toolsView(T, { round: T.view.round, label: T.app.t("table.round", { n: T.view.round }) }),
  felt(T, assist) {
    const view = T.view;
    const parts = [];
    for (const p of view.players) {
      const place = placeOf(view, p.seat);
      if (p.seat !== view.seat) parts.push(seat(T, p, place.side));
      parts.push(stack(T, p, place.corner));
    }
    return h(
      "div",
      { key: "felt", class: "felt" },
      parts,
      centre(T),
      h(
        "div",
        { key: "me", class: "felt__me" },
        meView(T, { name: T.app.t("you"), score: view.players[view.seat].score }),
        // The hint keeps its own line, so showing one never moves the table.
        h("div", { class: "hint", dataset: { hint: "" } }, hintText(T)),
        assist,
      ),
    );
  },
  actions(T) {
    const view = T.view;
    const app = T.app;
    const mine = view.turn === view.seat;
    const discardPhase = mine && view.phase === "discard";
    const canFinish = view.legal_actions.some((a) => a.finish !== undefined);
    return [
      button("draw", app.t("action.draw"), hasAction(view, "draw"), () => T.act("draw")),
      button("take", app.t("action.take"), hasAction(view, "take_discard"), () => T.act("take")),
      button("discard", app.t("action.discard"), discardPhase, () => T.act("discard"), "btn--primary"),
      button("finish", app.t("action.finish"), discardPhase, () => T.act("finish"), canFinish ? "btn--glow" : ""),
      hasAction(view, "show_indicator") ? button("gosterge", app.t("action.gosterge"), true, () => T.act("gosterge"), "btn--glow") : null,
      hasAction(view, "end_round") ? button("end-round", app.t("action.endRound"), true, () => T.act("end_round")) : null,
      button("hint", app.t("action.hint"), mine && !T.over, () => T.hint()),
    ];
  },
  overlays(T) {
    return [
      T.state.viewing !== null ? viewer(T) : null,
      T.view.round_end
        ? roundEndView(T.app, T.update, {
            onNext: () => T.act("next_round"),
            onRematch: T.app.rematch,
            onHome: () => T.app.show("home"),
            onReview: () => {
              T.app.review = { id: T.update.game, round: T.view.round };
              T.app.show("review");
            },
          })
        : null,
    ];
  },
  menu(T, id) {
    const discardPhase = T.view.turn === T.view.seat && T.view.phase === "discard";
    return [
      ["menu-discard", T.app.t("action.discard"), discardPhase, () => T.act("discard", { tile: id })],
      ["menu-finish", T.app.t("action.finish"), discardPhase, () => T.act("finish", { tile: id })],
    ];
  },
  keys: (T) => ({
    d: () => T.act("draw"),
    t: () => T.act("take"),
    f: () => T.act("finish"),
    g: () => T.act("gosterge"),
    n: () => T.view.round_end && !T.view.winners && T.act("next_round"),
  }),
};
