// The statistics screen's Düz part: matches and rounds won, finishes by kind, points,
// results against each bot level, streaks, and a bar chart, drawn as SVG, of the player's
// final score in the last finished matches.

import { h } from "../../dom.js";
import { percent, statLine } from "../../cards.js";

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

// Bars of the final score of each match, oldest on the left; won matches in the accent colour.
function chartEl(app, recent) {
  if (recent.length === 0) {
    return h("p", { class: "muted", dataset: { chartEmpty: "" } }, app.t("stats.noChart"));
  }
  const width = 320;
  const height = 140;
  const top = Math.max(...recent.map((m) => Math.max(m.score, m.start)), 1);
  const bottom = Math.min(...recent.map((m) => m.score), 0);
  const span = top - bottom || 1;
  const y = (v) => 10 + ((top - v) / span) * (height - 30);
  const slot = width / recent.length;
  const bars = recent.map((m, i) => {
    const x = i * slot + slot * 0.15;
    const y0 = y(Math.max(m.score, 0));
    const y1 = y(Math.min(m.score, 0));
    return svg(
      "g",
      { "data-chart-match": m.id, "data-score": m.score },
      svg("rect", { x, y: y0, width: slot * 0.7, height: Math.max(y1 - y0, 1), class: m.won ? "bar bar--won" : "bar" }),
      svg("text", { x: x + slot * 0.35, y: height - 4, "text-anchor": "middle", class: "bar__label" }, String(m.score)),
    );
  });
  const start = recent[recent.length - 1].start;
  return svg(
    "svg",
    { viewBox: `0 0 ${width} ${height}`, class: "chart", role: "img", "aria-label": app.t("stats.chart"), "data-chart": recent.length },
    svg("line", { x1: 0, x2: width, y1: y(0), y2: y(0), class: "chart__zero" }),
    svg("line", { x1: 0, x2: width, y1: y(start), y2: y(start), class: "chart__start" }),
    ...bars,
  );
}

/**
 * @param {any} app
 * @param {any} page the statistics page
 */
export function duzStatsCards(app, page) {
  const s = page.totals;
  const line = (key, value, stat) => statLine(app, key, value, stat);
  return [
    h("section", { class: "card" },
      h("h2", {}, app.t("stats.matches")),
      line("stats.played", s.matches_played, "matches_played"),
      line("stats.won", `${s.matches_won} (${percent(s.matches_won, s.matches_played)})`, "matches_won"),
      line("stats.inPlay", s.matches_in_play, "matches_in_play"),
      line("stats.streak", s.longest_winning_streak, "longest_winning_streak"),
      line("stats.currentStreak", s.current_winning_streak, "current_winning_streak"),
    ),
    h("section", { class: "card" },
      h("h2", {}, app.t("stats.rounds")),
      line("stats.played", s.rounds_played, "rounds_played"),
      line("stats.finished", `${s.rounds_won} (${percent(s.rounds_won, s.rounds_played)})`, "rounds_won"),
      line("stats.melds", s.finishes_melds, "finishes_melds"),
      line("stats.pairs", s.finishes_pairs, "finishes_pairs"),
      line("stats.okey", s.finishes_okey_discard, "finishes_okey_discard"),
      line("stats.oneColour", s.finishes_one_colour, "finishes_one_colour"),
      line("stats.noTiles", s.rounds_no_tiles, "rounds_no_tiles"),
      line("stats.pointsWon", s.points_won, "points_won"),
      line("stats.pointsLost", s.points_lost, "points_lost"),
    ),
    h("section", { class: "card" },
      h("h2", {}, app.t("stats.levels")),
      ["easy", "medium", "hard"].map((level) => {
        const r = s.by_level[level] ?? { played: 0, won: 0 };
        return h("div", { class: "row", dataset: { level } }, h("span", {}, app.t(`level.${level}`)), h("strong", {}, app.t("stats.record", { won: r.won, played: r.played, share: percent(r.won, r.played) })));
      }),
    ),
    h("section", { class: "card" }, h("h2", {}, app.t("stats.chart")), chartEl(app, page.recent)),
  ];
}
