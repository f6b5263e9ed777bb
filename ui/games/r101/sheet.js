// The 101 score sheet (`data-score-sheet`): the round just played, seat by seat (tiles left,
// penalties, multiplier, round score), and the running totals of the whole match as on a
// paper sheet, rounds down and players across; the result once the last round is played.

import { h } from "../../view.js";
import { faceKind, tileView } from "../../tile.js";
import { statusText } from "./words.js";

export function scoreSheetView(app, update, { names, onNext, onClose, onRematch, onHome, onReview }) {
  const view = update.view;
  const seats = view.players.map((p) => p.seat);
  const okeyKind = faceKind(view.okey);
  const last = view.end ?? update.results[update.results.length - 1] ?? null;
  const over = Boolean(update.winners);
  const parts = [h("h2", {}, over ? app.t("r101.matchOver") : view.end ? app.t("r101.roundOver") : app.t("r101.sheet"))];
  if (over) {
    const winners = update.winners.map((s) => names(s)).join(", ");
    parts.push(h("p", { class: "sheet__result", dataset: { matchResult: "" } }, app.t(update.winners.includes(view.seat) ? "r101.youWon" : "r101.won", { names: winners })));
  }
  if (last) {
    parts.push(h("p", { class: "sheet__how" }, endText(app, last, names)));
    parts.push(
      h(
        "table",
        { class: "sheet sheet--round", dataset: { roundSheet: "" } },
        h("thead", {}, h("tr", {}, ["", "r101.col.status", "r101.col.left", "r101.col.penalties", "r101.col.multiplier", "r101.col.score"].map((k) => h("th", {}, k ? app.t(k) : "")))),
        h(
          "tbody",
          {},
          last.lines.map((line) =>
            h(
              "tr",
              { dataset: { line: line.seat } },
              h("th", {}, names(line.seat)),
              h("td", {}, statusText(app, line.status)),
              h(
                "td",
                { class: "sheet__left", dataset: { left: line.left.length } },
                h("span", { class: "sheet__count" }, String(line.left.length)),
                line.left.length > 0 ? h("span", { class: "sheet__tiles" }, line.left.map((t) => tileView(t, { okeyKind, small: true }))) : null,
                line.wiped ? ` ${app.t("r101.wiped")}` : "",
              ),
              h("td", {}, line.penalties ? String(line.penalties) : "0"),
              h("td", {}, `×${last.multiplier}`),
              h("td", { class: "sheet__score" }, String(line.total)),
            ),
          ),
        ),
      ),
    );
  }
  // Running totals: one row per round played, one column per seat.
  const running = seats.map(() => 0);
  const rows = update.results.map((r, i) => {
    const void_ = r.kind === "void";
    r.lines.forEach((line) => { running[line.seat] += line.total; });
    return h("tr", { dataset: { sheetRound: i + 1 } }, h("th", {}, void_ ? app.t("r101.voidRound", { n: i + 1 }) : String(i + 1)), seats.map((s) => h("td", {}, String(running[s]))));
  });
  parts.push(
    h(
      "table",
      { class: "sheet sheet--match", dataset: { matchSheet: "" } },
      h("thead", {}, h("tr", {}, h("th", {}, app.t("r101.col.round")), seats.map((s) => h("th", {}, names(s))))),
      h("tbody", {}, rows),
      h("tfoot", {}, h("tr", {}, h("th", {}, app.t("r101.total")), seats.map((s) => h("td", { dataset: { total: s } }, String(view.players[s].total))))),
    ),
  );
  const buttons = [];
  if (view.end) {
    buttons.push(h("button", { class: "btn", dataset: { action: "review" }, onclick: onReview }, app.t("review.action")));
  }
  if (over) {
    buttons.push(h("button", { class: "btn", dataset: { action: "home" }, onclick: onHome }, app.t("table.menu")));
    buttons.push(h("button", { class: "btn btn--primary", dataset: { action: "rematch" }, onclick: onRematch }, app.t("end.rematch")));
  } else if (view.end) {
    buttons.push(h("button", { class: "btn", dataset: { action: "home" }, onclick: onHome }, app.t("table.menu")));
    buttons.push(h("button", { class: "btn btn--primary", dataset: { action: "next-round" }, onclick: onNext }, app.t("end.next")));
  } else {
    buttons.push(h("button", { class: "btn btn--primary", dataset: { action: "close" }, onclick: onClose }, app.t("action.close")));
  }
  return h(
    "div",
    { key: "sheet", class: "overlay", dataset: { scoreSheet: "" } },
    h("div", { class: "panel sheet-panel" }, parts, h("div", { class: "button-row end__buttons" }, buttons)),
  );
}

function endText(app, end, names) {
  if (end.kind === "void") return app.t("r101.end.void");
  if (end.kind === "exhausted") return app.t("r101.end.exhausted");
  const f = end.kind.finished;
  const extras = [f.okey ? app.t("r101.end.okey") : null, f.pairs ? app.t("r101.end.pairs") : null, f.elden ? app.t("r101.end.elden") : null].filter(Boolean);
  return app.t("r101.end.finished", { name: names(f.seat) }) + (extras.length ? ` (${extras.join(", ")})` : "");
}
