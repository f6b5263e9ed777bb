// The optional turn timer: a ring beside the player's seat that fills while the player
// thinks; when it is full, the turn is played for them by the Rust side. The ring turns with transforms and switches halves by opacity (two
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

  // Starts or stops the timer: it runs while `turn` (a key naming the player's turn in
  // progress, null when it is not the player's turn) stays the same in match `game`; a new
  // key starts a new timer.
  function follow({ game, turn }) {
    const seconds = Number(app.settings.turn_timer) || 0;
    if (seconds <= 0 || turn === null) {
      stop();
      return;
    }
    if (running && running.game === game && running.turn === turn && running.seconds === seconds) return;
    stop();
    const ms = seconds * 1000;
    running = {
      game,
      turn,
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
