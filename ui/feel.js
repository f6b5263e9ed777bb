// How the table feels: tiles flying with each draw, take and discard, the sounds, the
// feedback for a gösterge, a penalty and a round's end, the mark on a turn that starts and
// the turn timer. The table screen calls `before` and `after` around drawing an update and
// `rendered` after every redraw; this module reads the page, never changes the game.

import { backEl, tileEl } from "./tile.js";
import { flightMs, fly, motionAllowed } from "./flight.js";
import { playSound } from "./sound.js";
import { showFeedback } from "./feedback.js";
import { turnTimer } from "./timer.js";

// `names(view, seat)` words a seat; `onTimeout()` plays the player's timed-out turn.
export function tableFeel(app, root, { names, onTimeout }) {
  const timer = turnTimer(app, { onTimeout });
  // Where tiles were before an update was drawn, by tile id: a discard leaves the rack
  // and a take leaves a stack, and the redrawn page no longer shows where from.
  let was = new Map();
  let turnStarted = false;

  const box = (selector) => root.querySelector(selector)?.getBoundingClientRect() ?? null;

  // Before `update` (replacing `shown`) is drawn: where the tiles are now, and whether a
  // turn of the player's starts, which the timer follows.
  function before(shown, update) {
    was = new Map();
    const view = update.view;
    turnStarted = update.seq !== shown.seq && view.turn === view.seat && shown.view.turn !== view.seat && !view.round_end;
    timer.follow({ game: update.game, turn: timedTurn(view) });
    if (!motionAllowed(app.settings)) return;
    for (const tile of root.querySelectorAll("[data-rack] [data-tile-id], [data-discards] [data-tile-id]")) {
      was.set(Number(tile.dataset.tileId), tile.getBoundingClientRect());
    }
  }

  // The player's turn in progress as the timer's key, or null: its round and the turn
  // actions played before it began (a draw or take counts one, so the same turn keeps its
  // key across the draw and the next turn gets a new one).
  function timedTurn(view) {
    if (view.turn !== view.seat || view.round_end || view.winners) return null;
    const start = view.phase === "draw" || view.plays === 0 ? view.plays : view.plays - 1;
    return `${view.round}:${start}`;
  }

  // The tile or back that flies, in the size of the box it leaves.
  function faceOf(tile, okeyKind) {
    return tile === null ? backEl() : tileEl(tile, { okeyKind, mark: app.settings.okey_mark });
  }

  // Flies each draw, take and discard of `update`, one after another.
  function flights(update, arrived, okeyKind) {
    const view = update.view;
    const ms = flightMs(app.settings);
    let delay = 0;
    const seatBox = (seat) => (seat === view.seat ? box("[data-rack]") : box(`[data-seat="${seat}"]:not([data-action]) .seat__backs`) ?? box(`[data-seat="${seat}"]:not([data-action])`));
    const inRack = (id) => root.querySelector(`[data-rack] [data-tile-id="${id}"]`);
    const launch = (face, from, to, target) => {
      target?.classList.add("is-in-flight");
      fly(face, from, to, { ms, delay, landed: () => target?.classList.remove("is-in-flight") });
      delay += ms * 0.8;
    };
    for (const event of update.events) {
      if (event.drew) {
        const { seat } = event.drew;
        const mine = seat === view.seat;
        const target = mine ? [...arrived].map(inRack).find(Boolean) : null;
        launch(faceOf(null), box("[data-pile] .tile-back") ?? box("[data-pile]"), target?.getBoundingClientRect() ?? seatBox(seat), target);
      } else if (event.took_discard) {
        const { seat, tile } = event.took_discard;
        const target = seat === view.seat ? inRack(tile) : null;
        launch(faceOf(tile, okeyKind), was.get(tile) ?? null, target?.getBoundingClientRect() ?? seatBox(seat), target);
      } else if (event.discarded) {
        const { seat, tile } = event.discarded;
        const target = root.querySelector(`[data-discards="${seat}"] [data-tile-id="${tile}"]`);
        const from = seat === view.seat ? was.get(tile) : seatBox(seat);
        launch(faceOf(tile, okeyKind), from ?? null, target?.getBoundingClientRect() ?? box(`[data-discards="${seat}"]`), target);
      }
    }
  }

  function sounds(update, shown) {
    const view = update.view;
    for (const event of update.events) {
      if (event.drew || event.took_discard) playSound(app.settings, "draw");
      else if (event.discarded) playSound(app.settings, "discard");
      else if (event.round_ended) {
        const won = event.round_ended.finished?.seat === view.seat;
        if (won) playSound(app.settings, "win");
      }
    }
    const nowMine = view.turn === view.seat && !view.round_end;
    const wasMine = shown.view.turn === shown.view.seat;
    if (nowMine && !wasMine && update.actor !== undefined && update.actor !== null && update.actor !== view.seat) {
      playSound(app.settings, "turn");
    }
  }

  function feedback(update) {
    const view = update.view;
    const still = !motionAllowed(app.settings);
    for (const event of update.events) {
      if (event.indicator_shown) {
        const { seat } = event.indicator_shown;
        const charge = update.events.find((e) => e.charged?.reason === "gosterge");
        const n = charge?.charged.points ?? 1;
        const text = seat === view.seat ? app.t("feel.yourGosterge", { n }) : app.t("feel.gosterge", { name: names(view, seat), n });
        showFeedback(text, { anchor: root.querySelector("[data-indicator]"), kind: "gosterge", still });
      } else if (event.charged && (event.charged.reason === "okey_discard" || event.charged.reason === "false_claim")) {
        const seat = event.charged.payer.seat;
        if (seat === undefined) continue;
        const anchor = root.querySelector(`[data-seat="${seat}"]:not([data-action])`);
        showFeedback(app.t("feel.penalty", { n: event.charged.points }), { anchor, kind: "penalty", still });
      } else if (event.round_ended) {
        const f = event.round_ended.finished;
        const text = !f ? app.t("end.noTiles") : f.seat === view.seat ? app.t("feel.youWin") : app.t("end.finished", { name: names(view, f.seat) });
        showFeedback(text, { kind: f?.seat === view.seat ? "win" : "result", size: "banner", still });
      }
    }
  }

  // After `update` (which replaced `shown`) was drawn; `arrived` are the tiles new on the rack.
  function after(shown, update, { arrived, okeyKind }) {
    if (update.seq !== shown.seq) {
      if (motionAllowed(app.settings)) flights(update, arrived, okeyKind);
      sounds(update, shown);
      feedback(update);
    }
    was = new Map();
  }

  // After every redraw: the turn timer's ring on the player's seat, and the mark of a
  // turn that has just come round (once, with the update that brought it).
  function rendered(update) {
    const view = update.view;
    const ring = view.turn === view.seat ? timer.ringEl() : null;
    const me = root.querySelector(`[data-seat="${view.seat}"]:not([data-action])`);
    if (ring && me) me.append(ring);
    if (turnStarted) {
      for (const seat of root.querySelectorAll("[data-turn]:not([data-action])")) seat.classList.add("turn-start");
      turnStarted = false;
    }
  }

  return { before, after, rendered, dispose: timer.stop };
}
