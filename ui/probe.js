// What automation reads of the app, kept out of the screens: the startup probe
// (scripts/probe.sh, OKEY_PROBE) and the count of answered commands on the table
// (`data-answered`). Screens only call `reached` and the counter this module hands out.

import { listSaves, probeReached } from "./ipc.js";
import { isResumable } from "./saves.js";

// Set once the Rust side said a probe runs: from then on every stage is reported.
let probing = false;

// Tells the probe that `stage` (`home`, `table`) is on screen, once the frame is painted.
// Without a probe the Rust side answers null to the first report and nothing else is sent.
export function reached(app, stage) {
  if (stage !== "home" && !probing) return;
  requestAnimationFrame(() =>
    requestAnimationFrame(async () => {
      const next = await probeReached(stage).catch(() => null);
      if (next === null) return;
      probing = true;
      if (next === "new") {
        const rules = { ...app.settings.last_rules, players: 4 };
        app.startGame({ variant: "duz", rules, bots: ["medium", "medium", "medium"] });
      } else if (next === "continue") {
        const saves = await listSaves();
        const last = saves.matches.find(isResumable);
        if (last) app.resumeGame(last.id);
      }
    }),
  );
}

// A counter of the answers to the player's commands, shown as `data-answered` on `el`:
// automation reads it before a click and waits for it to move, rather than for a fixed time.
// Returns the function to call once per answer (or refusal).
export function answerCounter(el) {
  let answered = 0;
  return () => {
    answered += 1;
    el.dataset.answered = String(answered);
  };
}

// How long the table took to take in its latest updates, in ms, as `data-render-ms` on `el`
// (the newest last, at most RENDER_KEPT): the time from an update's arrival until it is
// drawn and laid out. Read by the taps story to print the median and p95.
const RENDER_KEPT = 200;
const renderTimes = [];
export function timeRender(el, draw) {
  const started = performance.now();
  draw();
  // Reading a box makes the engine lay the page out now, so the time includes layout.
  void el.offsetWidth;
  renderTimes.push((performance.now() - started).toFixed(2));
  if (renderTimes.length > RENDER_KEPT) renderTimes.shift();
  el.dataset.renderMs = renderTimes.join(" ");
}
