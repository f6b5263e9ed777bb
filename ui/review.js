// The review screen: a finished round of either game graded decision by decision from each
// seat's own view (okey-core's review): every seat's accuracy, a graph of the player's round
// (Düz: the distance to a win; 101: the points at risk, and the best opening before opening),
// and the player's decisions, each with its grade (a symbol and a word, not a colour alone)
// and the better choice; a tap on one opens the replay at that moment.

import { fill, h } from "./dom.js";
import { reviewRound } from "./ipc.js";
import { botName } from "./seats.js";
import { duzReview } from "./games/duz/review.js";
import { r101Review } from "./games/r101/review.js";

const SYMBOLS = { best: "✓✓", good: "✓", inaccuracy: "?!", mistake: "?", blunder: "??" };

const GAMES = { duz: duzReview, 101: r101Review };

export function reviewScreen(app) {
  const el = h("main", { class: "page page--wide review", dataset: { screen: "review" } });
  const state = { id: app.review?.id, round: app.review?.round ?? 1 };
  /** @type {import("./types/rust").AnyReview | null} */
  let page = null;
  let gone = false;

  async function load(round) {
    try {
      const answer = await reviewRound(state.id, round);
      if (gone) return;
      page = answer;
      state.round = answer.round;
      render();
    } catch (error) {
      app.fail(error);
      if (!page) app.show("saves");
    }
  }

  // Opens the replay at the table as it stood just before decision `d`, with its grade and
  // the reason in words.
  const replayAt = (game, d) => {
    const step = page?.steps[d.turn] ?? 0;
    const what = `${game.what(app, d)}. ${game.why(app, d)}`;
    app.replay = { id: state.id, round: state.round, step, note: { round: state.round, step, grade: d.grade, text: app.t("review.note", { grade: app.t(`grade.${d.grade}`), what }) } };
    app.show("replay");
  };

  function render() {
    if (!page) {
      fill(el, h("h1", {}, app.t("review.title")), h("p", { class: "muted" }, app.t("saves.loading")));
      return;
    }
    const game = GAMES[page.variant] ?? GAMES.duz;
    /** @type {any} */
    const mine = page.seats.find((s) => s.seat === 0) ?? page.seats[0];
    fill(
      el,
      h("h1", {}, app.t("review.title")),
      h("div", { class: "review__side" },
      h("section", { class: "card" },
        h("label", { class: "row" }, h("span", {}, app.t("review.round")),
          h("select", { dataset: { field: "review-round" }, onchange: (e) => load(Number(e.target.value)) },
            page.rounds.map((r) => h("option", { value: r, selected: r === page?.round }, String(r))))),
        h("h2", {}, app.t("review.accuracy")),
        h("div", { class: "review__seats" },
          page.seats.map((s) =>
            h("div", { class: "review__seat" },
              h("span", {}, s.seat === 0 ? app.t("you") : botName(s.seat)),
              h("strong", { class: "review__accuracy", dataset: { reviewAccuracy: s.seat } }, String(Math.round(s.accuracy)))))),
      ),
      h("section", { class: "card" },
        h("h2", {}, app.t(game.graphTitle)),
        mine.decisions.length ? [game.graph(app, mine.decisions), game.legend(app)] : h("p", { class: "muted" }, app.t("review.none"))),
      game.end(app, mine.end),
      ),
      h("section", { class: "card review__decisions" },
        h("h2", {}, app.t("review.yours")),
        h("p", { class: "muted" }, app.t("review.open")),
        h("ol", { class: "review__list" },
          mine.decisions.map((d) =>
            h("li", {},
              h("button", {
                class: `review__decision review__decision--${d.grade}`,
                dataset: { decision: d.turn, grade: d.grade, kind: d.kind, step: page?.steps[d.turn] ?? 0 },
                onclick: () => replayAt(game, d),
              },
                h("span", { class: "review__mark", "aria-hidden": "true" }, SYMBOLS[d.grade]),
                h("span", { class: "review__grade" }, app.t(`grade.${d.grade}`)),
                h("span", { class: "review__what" }, game.what(app, d)),
                h("span", { class: "review__detail" }, game.detail(app, d).filter(Boolean).join(" · ")),
              ))),
        ),
      ),
      h("div", { class: "page__buttons" }, h("button", { class: "btn", dataset: { action: "back" }, onclick: () => app.back() }, app.t("back"))),
    );
  }

  render();
  if (state.id === undefined) app.show("saves");
  else load(state.round);
  return { el, dispose: () => { gone = true; } };
}
