// The end of a round: how it ended, the finished hand laid out in its groups, what each seat
// lost; at the end of the match, the ranking and a rematch.

import { h } from "../../view.js";
import { faceKind, tileView } from "../../tile.js";
import { seatName } from "../../seats.js";

export function roundEndView(app, update, { onNext, onRematch, onHome, onReview }) {
  const { view } = update;
  const end = view.round_end;
  const okeyKind = faceKind(view.okey);
  const mark = app.settings.okey_mark;
  const parts = [];

  if (end.finished) {
    const f = end.finished;
    // The panel says who finished: a win of the player's is celebrated on its title.
    const won = f.seat === view.seat;
    parts.push(h("h2", { class: won ? "end__title--win" : "", dataset: { finisher: f.seat } }, won ? app.t("end.youFinished") : app.t("end.finished", { name: seatName(app, view, f.seat) })));
    const notes = [app.t(f.win === "pairs" ? "end.pairs" : "end.melds")];
    if (f.okey_discard) notes.push(app.t("end.okeyDiscard"));
    if (f.one_colour) notes.push(app.t("end.oneColour"));
    notes.push(app.t("end.points", { n: f.points }));
    parts.push(h("p", { class: "end__notes", dataset: { roundPoints: f.points } }, notes.join(" · ")));
    const groups = f.groups.map((g) =>
      h("div", { class: "end__group" }, g.map((id) => tileView(id, { okeyKind, mark, small: true }))),
    );
    parts.push(
      h(
        "div",
        { class: "end__hand", dataset: { finishedHand: f.seat } },
        groups,
        h("div", { class: "end__group end__discard", title: app.t("end.discard") }, tileView(f.discard, { okeyKind, mark, small: true })),
      ),
    );
  } else {
    parts.push(h("h2", { dataset: { roundPoints: 0 } }, app.t("end.noTiles")));
  }

  // Every other hand, turned face up, in the groups its owner had laid out.
  if (view.revealed) {
    const finisher = end.finished?.seat;
    const hands = view.players
      .filter((p) => p.seat !== finisher && p.playing)
      .map((p) => {
        const groups = [];
        let current = [];
        (view.revealed[p.seat] ?? []).forEach((id, index) => {
          if (id === null || index % 16 === 0) {
            if (current.length) groups.push(current);
            current = [];
          }
          if (id !== null) current.push(id);
        });
        if (current.length) groups.push(current);
        return h(
          "div",
          { class: "end__other", dataset: { revealedHand: p.seat } },
          h("span", { class: "end__who" }, seatName(app, view, p.seat)),
          h("div", { class: "end__hand end__hand--small" }, groups.map((g) => h("div", { class: "end__group" }, g.map((id) => tileView(id, { okeyKind, mark, small: true }))))),
        );
      });
    parts.push(h("div", { class: "end__others" }, hands));
  }

  // Seats ranked by score once the match is over; in seat order between rounds.
  const players = [...view.players];
  if (view.winners) {
    players.sort((a, b) => b.score - a.score);
  }
  // Each seat's loss by cause (the Rust side sorts the round's charges), and the doubles
  // that made the finish's points.
  const losses = update.round_losses ?? null;
  const cell = (seat, field) => {
    const n = losses?.[seat]?.[field] ?? 0;
    return h("td", { class: n === 0 ? "is-zero" : "", dataset: { [`loss${field[0].toUpperCase()}${field.slice(1)}`]: seat } }, String(n));
  };
  const rows = players.map((p) =>
    h(
      "tr",
      { class: view.winners?.includes(p.seat) ? "is-winner" : "" },
      h("td", {}, seatName(app, view, p.seat), view.winners?.includes(p.seat) ? " ★" : ""),
      losses ? [cell(p.seat, "finish"), cell(p.seat, "gosterge"), cell(p.seat, "penalties")] : null,
      h("td", { class: "end__total", dataset: { roundLoss: p.seat } }, String(update.round_start_scores[p.seat] - p.score)),
      h("td", { dataset: { finalScore: p.seat } }, String(p.score)),
    ),
  );
  const finishHead = h("th", {}, app.t("end.finishLoss"), doublesEl(app, view, end));
  parts.push(
    h(
      "table",
      { class: "end__scores end__breakdown", dataset: { breakdown: "" } },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", {}, ""),
          losses ? [finishHead, h("th", {}, app.t("end.gostergeLoss")), h("th", {}, app.t("end.penalties"))] : null,
          h("th", {}, app.t("end.lost")),
          h("th", {}, app.t("end.score")),
        ),
      ),
      h("tbody", {}, rows),
    ),
  );

  if (view.winners) {
    parts.unshift(h("h1", { dataset: { matchOver: "" } }, app.t("end.match")));
    parts.push(
      h(
        "div",
        { class: "end__buttons" },
        h("button", { class: "btn btn--primary", dataset: { action: "rematch" }, onclick: onRematch }, app.t("end.rematch")),
        h("button", { class: "btn", dataset: { action: "review" }, onclick: onReview }, app.t("review.action")),
        h("button", { class: "btn", dataset: { action: "home-end" }, onclick: onHome }, app.t("end.home")),
      ),
    );
  } else {
    parts.push(
      h(
        "div",
        { class: "end__buttons" },
        h("button", { class: "btn btn--primary", dataset: { action: "next-round" }, onclick: onNext }, app.t("end.next")),
        h("button", { class: "btn", dataset: { action: "review" }, onclick: onReview }, app.t("review.action")),
        // The table's menu stays reachable from the panel itself, at any size.
        h("button", { class: "btn", dataset: { action: "menu-end" }, onclick: onHome }, app.t("end.menu")),
      ),
    );
  }
  return h("div", { key: "round-end", class: "overlay overlay--end", dataset: { roundEnd: "" } }, h("div", { class: "panel panel--end" }, parts));
}

// The doubles of a finish (R18, R20, R21), each ×2 on the 2 points a finish costs; what
// the flags do not explain of the points is the indicator colour's double (R20).
function doublesEl(app, view, end) {
  const f = end.finished;
  if (!f) return null;
  const words = [];
  let points = 2;
  const double = (key) => {
    words.push(app.t(key));
    points *= 2;
  };
  if (f.okey_discard) double("end.double.okey");
  if (f.win === "pairs") double("end.double.pairs");
  if (f.one_colour && f.win !== "pairs") double("end.double.oneColour");
  if (points < f.points) double("end.double.colour");
  return words.length ? h("span", { class: "end__doubles", dataset: { doubles: words.length } }, `2 · ${words.join(" · ")}`) : null;
}
