// The statistics screen: totals over every saved game, one game at a time (a switch at the
// top); each game's cards are its own (ui/games/duz/stats.js, ui/games/r101/stats.js).

import { h } from "./dom.js";
import { statistics } from "./ipc.js";
import { duzStatsCards } from "./games/duz/stats.js";
import { stats101Cards } from "./games/r101/stats.js";
import { variantSwitch } from "./variant.js";

const CARDS = { duz: duzStatsCards, 101: stats101Cards };

export function statsScreen(app) {
  const el = h("main", { class: "page", dataset: { screen: "stats" } });
  let gone = false;
  let shown = null;
  // Which game's numbers are shown; the last choice is kept while the app runs.
  app.statsVariant = app.statsVariant ?? "duz";

  const variantEl = () =>
    variantSwitch(app, app.statsVariant, "statsVariant", (v) => {
      app.statsVariant = v;
      render(shown);
    });

  function render(page) {
    shown = page;
    const body = [];
    if (page === null) {
      body.push(h("p", { class: "muted" }, app.t("saves.loading")));
    } else if (page === "failed") {
      body.push(h("p", { class: "notice", dataset: { statsFailed: "" } }, app.t("stats.unavailable")));
    } else {
      body.push(CARDS[app.statsVariant](app, page));
    }
    el.replaceChildren(
      h("h1", {}, app.t("stats.title")),
      variantEl(),
      ...body,
      h("div", { class: "page__buttons" }, h("button", { class: "btn", dataset: { action: "back" }, onclick: () => app.show("home") }, app.t("back"))),
    );
  }

  render(null);
  statistics()
    .then((page) => !gone && render(page))
    .catch((error) => {
      if (gone) return;
      render("failed");
      app.fail(error);
    });
  return { el, dispose: () => { gone = true; } };
}
