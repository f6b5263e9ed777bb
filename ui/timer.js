// The optional turn timer: a ring beside the player's seat that fills while the player
// thinks; when it is full, the turn is played for them (the Rust side plays it as a medium
// bot would). The ring turns with transforms and switches halves by opacity (two
// half-discs and a mask), so it never repaints; it exists only on the player's turn, and
// nothing runs when the timer is off.

import { h } from "./dom.js";

export function turnTimer(app, { onTimeout }) {
  // The turn being timed: when it started and the timeout that ends it.
  let running = null;

  function stop() {
    if (running) clearTimeout(running.timeout);
    running = null;
  }

  // Starts or stops the timer for `update`: it runs while the player is to move.
  function follow(update) {
    const seconds = Number(app.settings.turn_timer) || 0;
    const view = update.view;
    const mine = seconds > 0 && view.turn === view.seat && !view.round_end && !view.winners;
    if (!mine) {
      stop();
      return;
    }
    // Turn actions before this turn began: a draw or take counts one, so the same turn
    // keeps its timer across the draw and a new turn gets a new one.
    const start = view.phase === "draw" || view.plays === 0 ? view.plays : view.plays - 1;
    if (running && running.game === update.game && running.round === view.round && running.start === start && running.seconds === seconds) return;
    stop();
    const ms = seconds * 1000;
    running = {
      game: update.game,
      round: view.round,
      start,
      seconds,
      started: performance.now(),
      ms,
      timeout: setTimeout(() => {
        running = null;
        onTimeout();
      }, ms),
    };
  }

  // The ring for the turn being timed, carried on from where it was (the table is redrawn
  // often), or null.
  function ringEl() {
    if (!running) return null;
    const elapsed = Math.min(running.ms, performance.now() - running.started);
    const ring = h(
      "span",
      { class: "turn-ring", dataset: { turnRing: running.seconds }, "aria-hidden": "true" },
      h("span", { class: "turn-ring__half turn-ring__spinner" }),
      h("span", { class: "turn-ring__half turn-ring__filler" }),
      h("span", { class: "turn-ring__mask" }),
      h("span", { class: "turn-ring__hole" }),
    );
    ring.style.setProperty("--ring-ms", `${running.ms}ms`);
    ring.style.setProperty("--ring-delay", `${-elapsed}ms`);
    return ring;
  }

  return { follow, ringEl, stop };
}
