// The review screen: a finished round of either game graded decision by decision from each
// seat's own view (okey-core's review): every seat's accuracy, a graph of the player's round
// (Düz: the distance to a win; 101: the points at risk, and the best opening before opening),
// and the player's decisions, each with its grade (a symbol and a word, not a colour alone)
// and the better choice; a tap on one opens the replay at that moment.

import { h } from "./dom.js";
import { reviewRound } from "./ipc.js";
import { botName } from "./seats.js";
import { tileName, tileNames } from "./tile.js";

const SYMBOLS = { best: "✓✓", good: "✓", inaccuracy: "?!", mistake: "?", blunder: "??" };

/**
 * A Düz action of the review in words.
 * @param {any} app
 * @param {import("./types/rust").Action} action
 */
function duzAction(app, action) {
  if (action === "draw") return app.t("review.do.draw");
  if (action === "take_discard") return app.t("review.do.take");
  if (action === "show_indicator") return app.t("review.do.gosterge");
  if (typeof action === "object" && "finish" in action) return app.t("review.do.finish", { tile: tileName(app, action.finish) });
  if (typeof action === "object" && "discard" in action) return app.t("review.do.discard", { tile: tileName(app, action.discard) });
  return "";
}

/**
 * A 101 action of the review in words.
 * @param {any} app
 * @param {import("./types/rust").Action101} action
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

/**
 * Lines over the player's decisions, as an SVG: `main` gets a dot a decision in its grade's
 * colour, `second` (101's best opening before opening) a dashed line where it has values.
 * @param {any} app
 * @param {string} label
 * @param {any[]} decisions
 * @param {(d: any) => number} main
 * @param {((d: any) => number | null) | null} second
 */
function graphEl(app, label, decisions, main, second) {
  const points = decisions.map(main);
  const others = second ? decisions.map(second) : [];
  const width = 320;
  const height = 90;
  const top = Math.max(...points, ...others.filter((v) => v !== null), 1);
  const x = (i) => (points.length < 2 ? width / 2 : 12 + (i * (width - 24)) / (points.length - 1));
  const y = (v) => 10 + ((top - v) / top) * (height - 20);
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("class", "review__graph");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.dataset.reviewGraph = String(points.length);
  const polyline = (values, cls) => {
    const line = document.createElementNS(NS, "polyline");
    line.setAttribute("points", values.map(([i, v]) => `${x(i)},${y(v)}`).join(" "));
    line.setAttribute("class", cls);
    svg.append(line);
  };
  if (second) {
    polyline(others.map((v, i) => [i, v]).filter(([, v]) => v !== null), "review__line review__line--second");
  }
  polyline(points.map((v, i) => [i, v]), "review__line");
  decisions.forEach((d, i) => {
    const dot = document.createElementNS(NS, "circle");
    dot.setAttribute("cx", String(x(i)));
    dot.setAttribute("cy", String(y(points[i])));
    dot.setAttribute("r", "3.5");
    dot.setAttribute("class", `review__dot review__dot--${d.grade}`);
    svg.append(dot);
  });
  return svg;
}

/**
 * What each game shows of a decision and of the round.
 * @type {Record<string, any>}
 */
const GAMES = {
  duz: {
    graph: (app, decisions) => graphEl(app, app.t("review.graph"), decisions, (d) => d.distance_after, null),
    legend: () => null,
    what: (app, d) => duzAction(app, d.chosen),
    /** @param {any} app @param {import("./types/rust").Decision} d */
    detail: (app, d) => [
      app.t("review.distance", { n: d.distance_after }),
      d.kind === "discard" && d.best_distance_after > 0 ? app.t("review.outs", { n: d.outs_after }) : "",
      d.grade === "best" ? "" : app.t("review.better", { best: duzAction(app, d.best) }),
      d.fed_finish ? app.t("review.fed") : "",
    ],
    /** The reason in one sentence, for the replay's note. @param {any} app @param {import("./types/rust").Decision} d */
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
      return GAMES.duz.detail(app, d).filter(Boolean).join(" · ");
    },
    end: () => null,
  },
  101: {
    graph: (app, decisions) =>
      graphEl(app, app.t("review.graph101"), decisions, (d) => d.at_risk, (d) => (d.measure === "opening" || d.kind === "open" ? d.opening_value : null)),
    legend: (app) =>
      h("p", { class: "review__legend muted" },
        h("span", { class: "review__key" }), app.t("review.legend.risk"), " ",
        h("span", { class: "review__key review__key--second" }), app.t("review.legend.opening")),
    /** @param {any} app @param {import("./types/rust").Decision101} d */
    what: (app, d) => {
      if (d.kind === "lay_off") return app.t("review.missedLayOff");
      if (d.kind === "swap") return app.t("review.missedSwap");
      if (d.kind === "open" && typeof d.chosen === "object" && "discard" in d.chosen) return app.t("review.putOff");
      return action101(app, d.chosen, d.value_after);
    },
    /** @param {any} app @param {import("./types/rust").Decision101} d */
    detail: (app, d) => {
      const figure = {
        opening: "review.r101.opening",
        pairs: "review.r101.pairs",
        at_risk: "review.r101.risk",
      };
      const putOff = d.kind === "open" && typeof d.chosen === "object" && "discard" in d.chosen;
      return [
        d.kind === "open" && !putOff ? app.t("review.r101.opened", { v: d.value_after, b: d.best_value_after }) : "",
        d.measure ? app.t(figure[d.measure], { v: d.value_after, b: d.best_value_after }) : "",
        d.missed.length ? app.t("review.r101.missed", { n: d.missed.length, tiles: tileNames(app, d.missed) }) : "",
        (d.kind === "lay_off" || d.kind === "swap") && d.grade === "blunder" ? app.t("review.r101.finishMissed") : "",
        d.penalised ? app.t("review.r101.penalised") : "",
        d.grade === "best" ? "" : app.t("review.better", { best: action101(app, d.best, d.best_value_after) }),
        d.fed === "opening" ? app.t("review.fedOpening") : d.fed === "finish" ? app.t("review.fed") : "",
      ];
    },
    why: (app, d) => GAMES[101].detail(app, d).filter(Boolean).join(" · "),
    /** @param {any} app @param {import("./types/rust").Left101 | null} left */
    end: (app, left) =>
      left
        ? h("section", { class: "card", dataset: { reviewLeft: left.hand_value } },
            h("h2", {}, app.t("review.left")),
            h("p", {}, left.tiles.length ? tileNames(app, left.tiles) : app.t("review.leftNone")),
            h("p", { class: "muted" }, app.t("review.leftLine", { points: left.hand_value, total: left.total })))
        : null,
  },
};

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
      el.replaceChildren(h("h1", {}, app.t("review.title")), h("p", { class: "muted" }, app.t("saves.loading")));
      return;
    }
    const game = GAMES[page.variant] ?? GAMES.duz;
    /** @type {any} */
    const mine = page.seats.find((s) => s.seat === 0) ?? page.seats[0];
    el.replaceChildren(
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
        h("h2", {}, page.variant === "101" ? app.t("review.graph101") : app.t("review.graph")),
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
