// The review screen: a finished Düz round graded decision by decision from each seat's own
// view (okey-core's review): every seat's accuracy, a graph of the player's distance to a
// win, and the player's decisions, each with its grade (a symbol and a word, not a colour
// alone) and the better choice; a tap on one opens the replay at that moment.

import { h } from "./dom.js";
import { reviewRound } from "./ipc.js";
import { botName } from "./seats.js";
import { tileName } from "./tile.js";

const SYMBOLS = { best: "✓✓", good: "✓", inaccuracy: "?!", mistake: "?", blunder: "??" };

/**
 * An action of the review in words.
 * @param {any} app
 * @param {any} action
 */
function actionText(app, action) {
  if (action === "draw") return app.t("review.do.draw");
  if (action === "take_discard") return app.t("review.do.take");
  if (action === "show_indicator") return app.t("review.do.gosterge");
  if (action?.finish !== undefined) return app.t("review.do.finish", { tile: tileName(app, action.finish) });
  if (action?.discard !== undefined) return app.t("review.do.discard", { tile: tileName(app, action.discard) });
  return "";
}

/**
 * The player's distance after each of its decisions, as an SVG line.
 * @param {any} app
 * @param {any[]} decisions
 */
function graphEl(app, decisions) {
  const points = decisions.map((d) => d.distance_after);
  const width = 320;
  const height = 90;
  const top = Math.max(...points, 1);
  const x = (i) => (points.length < 2 ? width / 2 : 12 + (i * (width - 24)) / (points.length - 1));
  const y = (v) => 10 + ((top - v) / top) * (height - 20);
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("class", "review__graph");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", app.t("review.graph"));
  svg.dataset.reviewGraph = String(points.length);
  const line = document.createElementNS(NS, "polyline");
  line.setAttribute("points", points.map((v, i) => `${x(i)},${y(v)}`).join(" "));
  line.setAttribute("class", "review__line");
  svg.append(line);
  decisions.forEach((d, i) => {
    const dot = document.createElementNS(NS, "circle");
    dot.setAttribute("cx", String(x(i)));
    dot.setAttribute("cy", String(y(d.distance_after)));
    dot.setAttribute("r", "3.5");
    dot.setAttribute("class", `review__dot review__dot--${d.grade}`);
    svg.append(dot);
  });
  return svg;
}

export function reviewScreen(app) {
  const el = h("main", { class: "page page--wide review", dataset: { screen: "review" } });
  const state = { id: app.review?.id, round: app.review?.round ?? 1 };
  /** @type {import("./types/rust").ReviewPage | null} */
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

  // Opens the replay at the table as it stood just before decision `d`.
  const replayAt = (d) => {
    app.replay = { id: state.id, round: state.round, step: d.step };
    app.show("replay");
  };

  function render() {
    if (!page) {
      el.replaceChildren(h("h1", {}, app.t("review.title")), h("p", { class: "muted" }, app.t("saves.loading")));
      return;
    }
    const mine = page.seats.find((s) => s.seat === 0) ?? page.seats[0];
    el.replaceChildren(
      h("h1", {}, app.t("review.title")),
      h("div", { class: "review__side" },
      h("section", { class: "card" },
        h("label", { class: "row" }, h("span", {}, app.t("review.round")),
          h("select", { dataset: { field: "review-round" }, onchange: (e) => load(Number(e.target.value)) },
            page.rounds.map((r) => h("option", { value: r, selected: r === page.round }, String(r))))),
        h("h2", {}, app.t("review.accuracy")),
        h("div", { class: "review__seats" },
          page.seats.map((s) =>
            h("div", { class: "review__seat" },
              h("span", {}, s.seat === 0 ? app.t("you") : botName(s.seat)),
              h("strong", { class: "review__accuracy", dataset: { reviewAccuracy: s.seat } }, String(Math.round(s.accuracy)))))),
      ),
      h("section", { class: "card" }, h("h2", {}, app.t("review.graph")), mine.decisions.length ? graphEl(app, mine.decisions) : h("p", { class: "muted" }, app.t("review.none"))),
      ),
      h("section", { class: "card review__decisions" },
        h("h2", {}, app.t("review.yours")),
        h("p", { class: "muted" }, app.t("review.open")),
        h("ol", { class: "review__list" },
          mine.decisions.map((d) =>
            h("li", {},
              h("button", {
                class: `review__decision review__decision--${d.grade}`,
                dataset: { decision: d.turn, grade: d.grade, step: d.step },
                onclick: () => replayAt(d),
              },
                h("span", { class: "review__mark", "aria-hidden": "true" }, SYMBOLS[d.grade]),
                h("span", { class: "review__grade" }, app.t(`grade.${d.grade}`)),
                h("span", { class: "review__what" }, actionText(app, d.chosen)),
                h("span", { class: "review__detail" },
                  app.t("review.distance", { n: d.distance_after }),
                  d.kind === "discard" && d.best_distance_after > 0 ? ` · ${app.t("review.outs", { n: d.outs_after })}` : "",
                  d.grade === "best" ? "" : ` · ${app.t("review.better", { best: actionText(app, d.best) })}`,
                  d.fed_finish ? ` · ${app.t("review.fed")}` : ""),
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
