// Puzzles on the practice screen: a 15-tile hand from a real bot game; tap the discard that
// finishes, or the one that leaves the hand closest to a win. The Rust side makes each
// puzzle and checks each answer; the score and streak are kept in this webview's storage.

import { fill, h } from "./dom.js";
import { puzzleAnswer, puzzleNew } from "./ipc.js";
import { idsOfTokens, okeyKindOf, tileEl, tileName, tileNames } from "./tile.js";

const KEY = "okey.puzzles";

function loadScore() {
  try {
    const s = JSON.parse(localStorage.getItem(KEY) ?? "null");
    if (s && Number.isInteger(s.solved) && Number.isInteger(s.tried)) return s;
  } catch {
    // A damaged score starts again; it is only a practice tally.
  }
  return { solved: 0, tried: 0, streak: 0, best: 0 };
}

export function puzzlesWidget(app) {
  const el = h("section", { class: "card", dataset: { puzzles: "" } });
  const score = loadScore();
  let puzzle = null;
  /** The answer to the puzzle shown, with the tile answered. @type {(import("./types/rust").Answer & {answered: string}) | null} */
  let result = null;
  let busy = false;

  function save() {
    try {
      localStorage.setItem(KEY, JSON.stringify(score));
    } catch {
      // Storage full or off: the tally lasts this run only.
    }
  }

  async function start(kind) {
    busy = true;
    result = null;
    render();
    try {
      puzzle = await puzzleNew(kind);
    } catch (error) {
      app.fail(error);
    }
    busy = false;
    render();
  }

  async function answer(token) {
    if (!puzzle || result) return;
    try {
      result = { ...(await puzzleAnswer(puzzle, token)), answered: token };
      score.tried += 1;
      if (result.correct) {
        score.solved += 1;
        score.streak += 1;
        score.best = Math.max(score.best, score.streak);
      } else {
        score.streak = 0;
      }
      save();
    } catch (error) {
      app.fail(error);
    }
    render();
  }

  function render() {
    const okey = puzzle ? okeyKindOf(puzzle.indicator) : -1;
    const ids = puzzle ? idsOfTokens(puzzle.tiles) : [];
    const hand = puzzle
      ? puzzle.tiles.map((t, i) => {
          const tile = tileEl(ids[i], { okeyKind: okey, mark: app.settings.okey_mark });
          if (result && result.solutions.includes(t)) tile.classList.add("is-hinted");
          return h("button", { class: "puzzle__tile", dataset: { puzzleTile: t }, disabled: result !== null, onclick: () => answer(t) }, tile);
        })
      : [];
    fill(
      el,
      h("div", { class: "row" },
        h("h2", {}, app.t("puzzle.title")),
        h("span", { dataset: { puzzleScore: score.solved, puzzleStreak: score.streak } }, app.t("puzzle.score", { solved: score.solved, tried: score.tried, streak: score.streak, best: score.best })),
      ),
      h("div", { class: "button-row" },
        h("button", { class: "btn", dataset: { action: "puzzle-finish" }, disabled: busy, onclick: () => start("finish") }, app.t("puzzle.finish")),
        h("button", { class: "btn", dataset: { action: "puzzle-discard" }, disabled: busy, onclick: () => start("discard") }, app.t("puzzle.discard")),
      ),
      busy ? h("p", { class: "muted" }, app.t("puzzle.dealing")) : null,
      puzzle
        ? h("div", {},
            h("p", {}, app.t(puzzle.kind === "finish" ? "puzzle.askFinish" : "puzzle.askDiscard", { indicator: tileName(app, puzzle.indicator) })),
            h("div", { class: "puzzle__hand", dataset: { puzzleKind: puzzle.kind, puzzleIndicator: puzzle.indicator } }, hand),
          )
        : null,
      result
        ? h("p", { class: `notice${result.correct ? "" : " notice--error"}`, dataset: { puzzleResult: result.correct ? "right" : "wrong" } },
            result.correct
              ? app.t("puzzle.right", { tile: tileName(app, result.answered) })
              : app.t("puzzle.wrong", { tile: tileName(app, result.answered), d: result.distance, best: result.best_distance, solutions: tileNames(app, result.solutions) }))
        : null,
    );
  }

  render();
  return { el };
}
