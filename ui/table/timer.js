// The optional turn timer: a ring beside the player's seat that fills while the player
// thinks; when it is full, the turn is played for them by the Rust side. The ring turns with transforms and switches halves by opacity (two
// half-discs and a mask), so it never repaints; it exists only on the player's turn, and
// nothing runs when the timer is off.

import { h } from "../view.js";

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
      /** @type {number | undefined} */
      delay: undefined,
      ms,
      timeout: setTimeout(() => {
        running = null;
        onTimeout();
      }, ms),
    };
  }

  // The ring for the turn being timed, or null: keyed by the turn, so the same node turns
  // on through every update of the turn and the next turn starts a new one. A ring first
  // drawn after its turn began starts as far on as the turn is.
  function ringView() {
    if (!running) return null;
    running.delay ??= -Math.min(running.ms, performance.now() - running.started);
    return h(
      "span",
      {
        key: `${running.game}:${running.turn}`,
        class: "turn-ring",
        dataset: { turnRing: running.seconds },
        "aria-hidden": "true",
        style: { "--ring-ms": `${running.ms}ms`, "--ring-delay": `${running.delay}ms` },
      },
      h("span", { class: "turn-ring__half turn-ring__spinner" }),
      h("span", { class: "turn-ring__half turn-ring__filler" }),
      h("span", { class: "turn-ring__mask" }),
      h("span", { class: "turn-ring__hole" }),
    );
  }

  return { follow, ringView, stop };
}
