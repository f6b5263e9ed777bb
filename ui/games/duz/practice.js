// The practice screen's Düz verdict: win or not, the distance, a winning arrangement laid
// out, and for 15 tiles every finishing discard and the best discards with their outs; the
// numbers of `okey check --json` for the same hand.

import { h } from "../../dom.js";
import { token } from "../../tile.js";
import { distanceText, outsText } from "./words.js";

// The verdict card for a checked rack. `tile(id)` draws a small tile as the screen does.
export function duzVerdict(app, verdict, _hand, _ids, tile) {
  const groups = h(
    "div",
    { class: "layout", dataset: { assistGroups: verdict.groups.length } },
    verdict.groups.map((g) => h("div", { class: "layout__group" }, g.map((id) => tile(id)))),
    verdict.loose.length ? h("div", { class: "layout__group layout__group--loose" }, verdict.loose.map((id) => tile(id))) : null,
  );
  const finishes = verdict.finishes.length
    ? h("div", { class: "row" }, h("span", {}, app.t("practice.finishes")), h("span", { class: "finishes" }, verdict.finishes.map((f) => h("span", { class: "finish", dataset: { finish: token(f.tile), points: f.points } }, tile(f.tile), ` ${f.points}${f.okey_discard ? " ×2" : ""}`))))
    : null;
  const discards = verdict.discards.length
    ? h("ol", { class: "discard-list" }, verdict.discards.slice(0, 5).map((d) => h("li", { dataset: { discardOption: token(d.tile), distance: d.distance } }, tile(d.tile), " ", distanceText(app, d.distance, 14, 0), " · ", outsText(app, d.outs))))
    : null;
  return h(
    "div",
    { class: "card", dataset: { assistVerdict: verdict.win ? "win" : "no-win" } },
    h("div", { class: "row" },
      h("strong", {}, verdict.win ? app.t(verdict.kind === "pairs" ? "practice.winPairs" : "practice.winMelds") : app.t("practice.noWin")),
      h("span", { class: "assist__distance", dataset: { assistDistance: verdict.distance } }, distanceText(app, verdict.distance, verdict.tiles.length, verdict.finishes.length)),
    ),
    groups,
    finishes,
    discards ? h("h2", {}, app.t("practice.bestDiscards")) : null,
    discards,
  );
}
