// The lessons of Learn: each is played at the real table on a match the Rust side deals from
// the lesson's own seed (src-tauri/src/lessons.rs has the same ids). A step says what to do,
// marks the element to use (`target`), and is done when the player's view shows it done, or
// when the player taps Next (`next`). Steps are checked against the view only: what the
// player did, never how.

import { faceKind, tileName, token } from "../tile.js";

/**
 * `target` is a selector, or makes one from the view (a tile of the player's own rack);
 * `params` fills the sentence's placeholders from the view.
 * @typedef {{say: string, target: string | ((view: any) => string), params?: (app: any, view: any) => Record<string, string | number>, next?: boolean, done?: (view: any) => boolean}} Step
 * @typedef {{id: string, variant: "duz" | "101", title: string, steps: Step[]}} Lesson
 */

/**
 * Where a 12, 13 and 1 of one colour stand side by side in a row of the rack (the run that
 * turns past 13, R7): the slot of the 12, or -1.
 * @param {any} v
 */
function turningRun(v) {
  const at = (i) => (v.rack[i] === null || v.rack[i] === undefined ? "" : token(v.rack[i]));
  return v.rack.findIndex((_, i) => {
    const [a, b, c] = [at(i), at(i + 1), at(i + 2)];
    return i % 16 <= 13 && a.slice(1) === "12" && b.slice(1) === "13" && c.slice(1) === "1" && a[0] === b[0] && b[0] === c[0];
  });
}

/** A Düz draw, done once the player holds 15 tiles on its turn. @type {Step} */
const DUZ_DRAW = { say: "learn.duzTurn.draw", target: "[data-action=draw]", done: (v) => v.turn === v.seat && v.phase === "discard" };

/**
 * A discard that ends the player's turn, said by `say`.
 * @param {string} say
 * @returns {Step}
 */
const discardStep = (say) => ({ say, target: "[data-action=discard]", done: (v) => v.turn !== v.seat });

/** @type {Lesson[]} */
export const LESSONS = [
  {
    id: "duz-turn",
    variant: "duz",
    title: "learn.duzTurn.title",
    steps: [
      { say: "learn.duzTurn.indicator", target: "[data-indicator]", next: true },
      DUZ_DRAW,
      discardStep("learn.duzTurn.discard"),
    ],
  },
  {
    id: "duz-runs",
    variant: "duz",
    title: "learn.duzRuns.title",
    steps: [
      // The deal holds a red 12, 13 and 1 apart; the Runs sort lays them side by side (lessons.rs).
      { say: "learn.duzRuns.sort", target: "[data-action=sort-runs]", done: (v) => turningRun(v) >= 0 },
      { say: "learn.duzRuns.turn", target: (v) => `[data-rack] [data-tile-id='${v.rack[turningRun(v) + 2]}']`, next: true },
      { say: "learn.duzRuns.sets", target: "[data-rack]", next: true },
      DUZ_DRAW,
      discardStep("learn.duzJokers.discard"),
    ],
  },
  {
    id: "duz-jokers",
    variant: "duz",
    title: "learn.duzJokers.title",
    steps: [
      // The deal puts an okey and a false joker on the player's rack (lessons.rs).
      { say: "learn.duzJokers.okey", target: (v) => `[data-rack] [data-tile='${token(faceKind(v.okey) * 2)}']`, params: (app, v) => ({ okey: tileName(app, faceKind(v.okey) * 2) }), next: true },
      { say: "learn.duzJokers.false", target: "[data-rack] [data-tile='F']", params: (app, v) => ({ okey: tileName(app, faceKind(v.okey) * 2) }), next: true },
      DUZ_DRAW,
      discardStep("learn.duzJokers.discard"),
    ],
  },
  {
    id: "duz-gosterge",
    variant: "duz",
    title: "learn.duzGosterge.title",
    steps: [
      // The indicator's twin on the player's rack: the deal puts it there (lessons.rs).
      { say: "learn.duzGosterge.twin", target: (v) => `[data-rack] [data-tile='${token(faceKind(v.indicator) * 2)}']`, next: true },
      { say: "learn.duzGosterge.show", target: "[data-action=gosterge]", done: (v) => v.gosterge?.[0] === v.seat },
    ],
  },
  {
    id: "101-opening",
    variant: "101",
    title: "learn.r101Opening.title",
    steps: [
      { say: "learn.r101Opening.value", target: "[data-assist-opening]", next: true },
      discardStep("learn.r101Opening.first"),
      { say: "learn.r101Opening.draw", target: "[data-action=draw]", done: (v) => v.turn === v.seat && v.taken },
      discardStep("learn.r101Opening.discard"),
    ],
  },
];

/** @param {string} id */
export const lessonOf = (id) => LESSONS.find((l) => l.id === id) ?? null;
