// The home screen. Entries lead only to screens that work: Continue appears while a match
// is on the table in this run of the app (saved games across restarts come with saving).

import { h } from "./dom.js";

export function homeScreen(app) {
  const entry = (action, label, onclick, primary = false) =>
    h("button", { class: `btn btn--big${primary ? " btn--primary" : ""}`, dataset: { action }, onclick }, label);
  const live = app.table && !app.table.view.winners;
  const el = h(
    "main",
    { class: "home", dataset: { screen: "home" } },
    h("img", { class: "home__icon", src: "icon.svg", alt: "", width: 112, height: 112 }),
    h("h1", { class: "home__title" }, "Okey"),
    h("p", { class: "home__tagline" }, app.t("home.tagline")),
    h(
      "nav",
      { class: "home__menu" },
      live ? entry("continue", app.t("home.continue"), () => app.show("table"), true) : null,
      entry("new-game", app.t("home.new"), () => app.show("new-game"), !live),
      entry("settings", app.t("home.settings"), () => app.show("settings")),
      entry("rules", app.t("home.rules"), () => app.show("rules")),
    ),
    h("p", { class: "home__version", dataset: { appVersion: "" } }, app.version ?? ""),
  );
  return { el };
}
