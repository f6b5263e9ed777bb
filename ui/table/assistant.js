// The assistant beside the rack, for both games: it asks the Rust side (okey-core's exact
// analysis of the player's own view) only when what its answer depends on changes (the
// game's `keyOf`; moving tiles on the rack changes nothing, so dragging stays instant), keeps
// the newest answer, shows the suggestion on Hint, and hides and shows itself per match (kept
// in the settings). The game words the answer and names the tiles to mark on the rack.

import { h } from "../view.js";
import { assist } from "../ipc.js";

/**
 * Marks the assistant puts on the table.
 * @typedef {{loose: Set<number>, costly: Set<number>, hinted: number | null, hintedMeld: number | null}} Marks
 */

/** @type {Marks} */
const NO_MARKS = { loose: new Set(), costly: new Set(), hinted: null, hintedMeld: null };

/**
 * @param {any} app
 * @param {{assist: {cls: string, keyOf: (update: any) => string, marks: (result: any, showing: boolean) => Partial<Marks>, parts: (T: any, result: any, showing: boolean) => any[]}}} game
 * @param {{update: () => any, redraw: () => void}} table
 */
export function tableAssistant(app, game, { update, redraw }) {
  /** @type {{key: string | null, result: any, showing: boolean}} */
  const state = { key: null, result: null, showing: false };
  let asked = 0;

  const enabled = () => app.settings.assistant && !app.assistHidden(update().game);

  async function refresh(shown) {
    if (!enabled()) {
      redraw();
      return;
    }
    const next = game.assist.keyOf(shown);
    if (next === state.key) return;
    state.key = next;
    state.showing = false;
    const mine = ++asked;
    try {
      const answer = await assist();
      // A newer question was asked meanwhile: its answer wins.
      if (mine !== asked) return;
      state.result = answer;
    } catch (error) {
      state.result = null;
      console.warn("assistant unavailable", error);
    }
    redraw();
  }

  // The Hint button: show the suggestion for this turn (the answer may still be coming).
  async function hint() {
    if (app.assistHidden(update().game)) await app.hideAssist(update().game, false);
    state.showing = true;
    await refresh(update());
    state.showing = true;
    redraw();
    if (!state.result?.hint) app.toast(app.t("assist.noHint"));
  }

  async function show(on) {
    await app.hideAssist(update().game, !on);
    state.key = null;
    if (on) refresh(update());
    else redraw();
  }

  const answered = () => enabled() && state.result !== null;

  /** The marks on the rack and the melds. @returns {Marks} */
  function marks() {
    return { ...NO_MARKS, ...(answered() ? game.assist.marks(state.result, state.showing) : {}) };
  }

  // The widget: the game's reading of the latest answer with its ✕, nothing while it is
  // being asked, or the button that shows it again.
  function view(T) {
    const props = { key: "assist", class: `assist ${game.assist.cls}`.trim(), dataset: { assist: "" } };
    if (!enabled()) {
      return h("div", props, h("button", { class: "btn btn--ghost assist__on", dataset: { action: "assist-on" }, onclick: () => show(true) }, app.t("assist.show")));
    }
    if (!answered()) return h("div", props);
    return h(
      "div",
      props,
      game.assist.parts(T, state.result, state.showing),
      h("button", { key: "off", class: "btn btn--ghost assist__off", title: app.t("assist.hide"), dataset: { action: "assist-off" }, onclick: () => show(false) }, "✕"),
    );
  }

  return { refresh, hint, marks, view };
}
