// What the Düz and the 101 assistants share: the question to the Rust side, asked only when
// the reading's key changes (the newest answer wins), the Hint that shows the suggestion,
// and the buttons that hide and show the assistant (remembered per match in the settings).

import { h } from "./dom.js";
import { invoke } from "./ipc.js";

// `command` is the Rust command to ask, `keyOf(update)` what its answer depends on, and
// `draw()` redraws the widget from `state` (`result`, `showing`).
export function assistAsker(app, ctl, { command, keyOf, draw }) {
  const state = { key: null, result: null, showing: false };
  let asked = 0;

  const enabled = () => app.settings.assistant && !app.assistHidden(ctl.update.game);

  async function refresh(update) {
    if (!enabled()) {
      draw();
      return;
    }
    const next = keyOf(update);
    if (next === state.key) return;
    state.key = next;
    state.showing = false;
    const mine = ++asked;
    try {
      const answer = await invoke(command);
      // A newer question was asked meanwhile: its answer wins.
      if (mine !== asked) return;
      state.result = answer;
    } catch (error) {
      state.result = null;
      console.warn("assistant unavailable", error);
    }
    draw();
  }

  // The Hint button: show the suggestion for this turn (the answer may still be coming).
  async function hint() {
    if (app.assistHidden(ctl.update.game)) {
      await app.hideAssist(ctl.update.game, false);
    }
    state.showing = true;
    await refresh(ctl.update);
    state.showing = true;
    draw();
    if (!state.result?.hint) app.toast(app.t("assist.noHint"));
  }

  const onButton = () =>
    h("button", { class: "btn btn--ghost assist__on", dataset: { action: "assist-on" }, onclick: async () => { await app.hideAssist(ctl.update.game, false); state.key = null; refresh(ctl.update); } }, app.t("assist.show"));
  const offButton = () =>
    h("button", { class: "btn btn--ghost assist__off", title: app.t("assist.hide"), dataset: { action: "assist-off" }, onclick: async () => { await app.hideAssist(ctl.update.game, true); draw(); } }, "✕");

  return { state, enabled, refresh, hint, onButton, offButton };
}
