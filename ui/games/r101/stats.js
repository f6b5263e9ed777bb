// The statistics screen's Okey 101 part: matches and rounds won, average penalty points per
// round (lower is better), openings by kind, penalties and the best match, from the store's
// 101 totals for the player's seat.

import { h } from "../../dom.js";
import { percent, statLine } from "../../cards.js";

/**
 * @param {any} app
 * @param {any} page the statistics page
 */
export function stats101Cards(app, page) {
  const s = page.totals.okey101;
  if (!s) return h("p", { class: "muted" }, app.t("saves.loading"));
  const line = (key, value, stat) => statLine(app, key, value, stat);
  const rounds = s.rounds_played;
  const average = s.average_points === null || s.average_points === undefined ? "–" : s.average_points.toFixed(1);
  const best = s.best_match ? app.t("stats101.bestTotal", { total: s.best_match.total }) : "–";
  return h("div", { class: "stats101", dataset: { stats101: "" } },
    h("section", { class: "card" },
      h("h2", {}, app.t("stats.matches")),
      line("stats.played", s.matches_played, "matches_played_101"),
      line("stats.won", `${s.matches_won} (${percent(s.matches_won, s.matches_played)})`, "matches_won_101"),
      line("stats.inPlay", s.matches_in_play, "matches_in_play_101"),
      line("stats101.best", best, "best_match_101"),
    ),
    h("section", { class: "card" },
      h("h2", {}, app.t("stats.rounds")),
      line("stats.played", rounds, "rounds_played_101"),
      line("stats.finished", `${s.rounds_won} (${percent(s.rounds_won, rounds)})`, "rounds_won_101"),
      line("stats101.average", average, "average_points_101"),
      line("stats101.points", s.points, "points_101"),
      line("stats101.penalties", s.penalties, "penalties_101"),
    ),
    h("section", { class: "card" },
      h("h2", {}, app.t("stats101.openings")),
      line("stats101.series", `${s.opened_series} (${percent(s.opened_series, rounds)})`, "opened_series"),
      line("stats101.pairs", `${s.opened_pairs} (${percent(s.opened_pairs, rounds)})`, "opened_pairs"),
      line("stats101.never", `${s.never_opened} (${percent(s.never_opened, rounds)})`, "never_opened"),
    ),
  );
}
