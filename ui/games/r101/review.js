// The review screen's 101 part: a decision and its reason in words, the graph of the
// player's points at risk and best opening, and the tiles left at the end.

import { h } from "../../dom.js";
import { graphEl } from "../../graph.js";
import { tileName, tileNames } from "../../tile.js";

/**
 * A 101 action of the review in words.
 * @param {any} app
 * @param {import("../../types/rust").Action101} action
 * @param {number} value the opening's value, for an opening
 */
function action101(app, action, value) {
  if (action === "draw") return app.t("review.do.draw");
  if (action === "take") return app.t("review.do.take");
  if (typeof action !== "object") return "";
  if ("discard" in action) return app.t("review.do.discard", { tile: tileName(app, action.discard) });
  if ("lay_off" in action) return app.t("review.do.layOff", { tile: tileName(app, action.lay_off.tile) });
  if ("swap" in action) return app.t("review.do.swap", { tile: tileName(app, action.swap.tile) });
  if ("meld" in action) return app.t("review.do.meld");
  if ("open" in action) {
    return action.open.every((m) => m.shape === "pair")
      ? app.t("review.do.openPairs", { n: action.open.length })
      : app.t("review.do.open", { value });
  }
  return "";
}

/** A discard made while an opening was legal: an opening put off. */
const putOff = (d) => d.kind === "open" && typeof d.chosen === "object" && "discard" in d.chosen;

/** What the review screen shows of a 101 round. */
export const r101Review = {
  // The graph's title.
  graphTitle: "review.graph101",
  graph: (app, decisions) =>
    graphEl(app, app.t("review.graph101"), decisions, (d) => d.at_risk, (d) => (d.measure === "opening" || d.kind === "open" ? d.opening_value : null)),
  legend: (app) =>
    h("p", { class: "review__legend muted" },
      h("span", { class: "review__key" }), app.t("review.legend.risk"), " ",
      h("span", { class: "review__key review__key--second" }), app.t("review.legend.opening")),
  /** @param {any} app @param {import("../../types/rust").Decision101} d */
  what: (app, d) => {
    if (d.kind === "lay_off") return app.t("review.missedLayOff");
    if (d.kind === "swap") return app.t("review.missedSwap");
    if (d.kind === "open" && typeof d.chosen === "object" && "discard" in d.chosen) return app.t("review.putOff");
    return action101(app, d.chosen, d.value_after);
  },
  /** @param {any} app @param {import("../../types/rust").Decision101} d */
  detail: (app, d) => {
    const figure = {
      opening: "review.r101.opening",
      pairs: "review.r101.pairs",
      at_risk: "review.r101.risk",
    };
    return [
      d.kind === "open" && !putOff(d) ? app.t("review.r101.opened", { v: d.value_after, b: d.best_value_after }) : "",
      d.measure ? app.t(figure[d.measure], { v: d.value_after, b: d.best_value_after }) : "",
      d.missed.length ? app.t("review.r101.missed", { n: d.missed.length, tiles: tileNames(app, d.missed) }) : "",
      (d.kind === "lay_off" || d.kind === "swap") && d.grade === "blunder" ? app.t("review.r101.finishMissed") : "",
      d.penalised ? app.t("review.r101.penalised") : "",
      d.grade === "best" ? "" : app.t("review.better", { best: action101(app, d.best, d.best_value_after) }),
      d.fed === "opening" ? app.t("review.fedOpening") : d.fed === "finish" ? app.t("review.fed") : "",
    ];
  },
  why: (app, d) => r101Review.detail(app, d).filter(Boolean).join(" · "),
  /** @param {any} app @param {import("../../types/rust").Left101 | null} left */
  end: (app, left) =>
    left
      ? h("section", { class: "card", dataset: { reviewLeft: left.hand_value } },
          h("h2", {}, app.t("review.left")),
          h("p", {}, left.tiles.length ? tileNames(app, left.tiles) : app.t("review.leftNone")),
          h("p", { class: "muted" }, app.t("review.leftLine", { points: left.hand_value, total: left.total })))
      : null,
};
