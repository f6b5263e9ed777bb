// The statistics screen: totals over every saved game, one game at a time (a switch at the
// top); each game's cards are its own (ui/games/duz/stats.js, ui/games/r101/stats.js).

import { fill, h } from "./dom.js";
import { playerAccuracy, statistics } from "./ipc.js";
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
  // The player's average review accuracy per game: asked for once a game is shown (the
  // reviews behind it take a moment), "failed" when it could not be read.
  /** @type {Record<string, import("./types/rust").Accuracy | null | "failed" | undefined>} */
  const accuracy = {};

  function loadAccuracy(variant) {
    if (variant in accuracy) return;
    accuracy[variant] = undefined;
    playerAccuracy(variant)
      .then((a) => { accuracy[variant] = a; })
      .catch(() => { accuracy[variant] = "failed"; })
      .finally(() => !gone && render(shown));
  }

  const accuracyCard = (variant) => {
    const a = accuracy[variant];
    if (a === null || a === "failed") return null;
    return h("section", { class: "card stats__accuracy" },
      h("h2", {}, a === undefined ? app.t("review.accuracy") : app.t("stats.accuracy", { n: a.rounds })),
      a === undefined
        ? h("p", { class: "muted" }, app.t("saves.loading"))
        : h("p", { class: "stats__big", dataset: { statsAccuracy: Math.round(a.mean) } }, String(Math.round(a.mean))));
  };

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
      loadAccuracy(app.statsVariant);
      body.push(accuracyCard(app.statsVariant), CARDS[app.statsVariant](app, page));
    }
    fill(
      el,
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
