// The settings screen: language, bot speed, okey mark, animations, sound, turn timer.
// Every change is saved at once by the Rust side.

import { h } from "./dom.js";

export function settingsScreen(app) {
  const el = h("main", { class: "page", dataset: { screen: "settings" } });
  function render() {
    const s = app.settings;
    const choose = (field, options) =>
      h(
        "select",
        { dataset: { setting: field }, onchange: async (e) => { await app.saveSettings({ ...app.settings, [field]: e.target.value }); render(); } },
        options.map(([v, label]) => h("option", { value: v, selected: s[field] === v }, label)),
      );
    const toggle = (field, label) =>
      h(
        "label",
        { class: "check" },
        h("input", { type: "checkbox", dataset: { setting: field }, checked: s[field], onchange: async (e) => { await app.saveSettings({ ...app.settings, [field]: e.target.checked }); render(); } }),
        label,
      );
    // Off, or the seconds a turn may take before it is played for the player.
    const turnTimerEl = () =>
      h(
        "label",
        { class: "row" },
        h("span", {}, app.t("settings.turnTimer")),
        h(
          "select",
          { dataset: { setting: "turn_timer", turnTimer: "" }, onchange: async (e) => { await app.saveSettings({ ...app.settings, turn_timer: Number(e.target.value) }); render(); } },
          [0, 15, 30, 60].map((n) => h("option", { value: n, selected: (s.turn_timer ?? 0) === n }, n === 0 ? app.t("settings.turnTimer.off") : app.t("settings.turnTimer.seconds", { n }))),
        ),
      );
    el.replaceChildren(
      h("h1", {}, app.t("settings.title")),
      h(
        "section",
        { class: "card" },
        h("label", { class: "row" }, h("span", {}, app.t("settings.language")), choose("language", [["auto", app.t("settings.language.auto")], ["en", "English"], ["tr", "Türkçe"]])),
        h("label", { class: "row" }, h("span", {}, app.t("new.speed")), choose("bot_speed", ["slow", "normal", "fast", "instant"].map((v) => [v, app.t(`speed.${v}`)]))),
        toggle("assistant", app.t("settings.assistant")),
        toggle("okey_mark", app.t("settings.okeyMark")),
        toggle("animations", app.t("settings.animations")),
        toggle("sound", app.t("settings.sound")),
        turnTimerEl(),
      ),
      h("div", { class: "page__buttons" }, h("button", { class: "btn", dataset: { action: "back" }, onclick: () => app.back() }, app.t("back"))),
    );
  }
  render();
  return { el };
}
