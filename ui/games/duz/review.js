// The review screen's Düz part: a decision and its reason in words, and the graph of the
// player's distance to a win (ui/review.js draws the rest).

import { graphEl } from "../../graph.js";
import { tileName } from "../../tile.js";

/**
 * A Düz action of the review in words.
 * @param {any} app
 * @param {import("../../types/rust").Action} action
 */
function duzAction(app, action) {
  if (action === "draw") return app.t("review.do.draw");
  if (action === "take_discard") return app.t("review.do.take");
  if (action === "show_indicator") return app.t("review.do.gosterge");
  if (typeof action === "object" && "finish" in action) return app.t("review.do.finish", { tile: tileName(app, action.finish) });
  if (typeof action === "object" && "discard" in action) return app.t("review.do.discard", { tile: tileName(app, action.discard) });
  return "";
}

/** What the review screen shows of a Düz round. */
export const duzReview = {
  // The graph's title.
  graphTitle: "review.graph",
  graph: (app, decisions) => graphEl(app, app.t("review.graph"), decisions, (d) => d.distance_after, null),
  legend: () => null,
  what: (app, d) => duzAction(app, d.chosen),
  /** @param {any} app @param {import("../../types/rust").Decision} d */
  detail: (app, d) => [
    app.t("review.distance", { n: d.distance_after }),
    d.kind === "discard" && d.best_distance_after > 0 ? app.t("review.outs", { n: d.outs_after }) : "",
    d.grade === "best" ? "" : app.t("review.better", { best: duzAction(app, d.best) }),
    d.fed_finish ? app.t("review.fed") : "",
  ],
  /** The reason in one sentence, for the replay's note. @param {any} app @param {import("../../types/rust").Decision} d */
  why: (app, d) => {
    const discarded = (a) => (typeof a === "object" && "discard" in a ? a.discard : null);
    if (d.grade !== "best" && d.kind === "discard" && discarded(d.chosen) !== null && discarded(d.best) !== null) {
      return app.t("review.why.discard", {
        tile: tileName(app, discarded(d.chosen)),
        d: d.distance_after,
        outs: d.outs_after,
        best: tileName(app, discarded(d.best)),
        bd: d.best_distance_after,
        bouts: d.best_outs_after,
      });
    }
    if (d.grade !== "best" && (d.kind === "take" || d.kind === "draw")) {
      return app.t("review.why.take", { d: d.distance_after, best: duzAction(app, d.best), bd: d.best_distance_after });
    }
    return duzReview.detail(app, d).filter(Boolean).join(" · ");
  },
  end: () => null,
};
