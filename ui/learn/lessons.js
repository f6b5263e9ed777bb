// The lessons of Learn: each is played at the real table on a match the Rust side deals from
// the lesson's own seed (src-tauri/src/lessons.rs has the same ids). A step says what to do,
// marks the element to use (`target`), and is done when the player's view shows it done, or
// when the player taps Next (`next`). Steps are checked against the view only: what the
// player did, never how.

import { faceKind, tileName, token } from "../tile.js";
import { openValue } from "../games/r101/tray.js";
import { COLUMNS } from "../table/rack.js";

/**
 * `target` is a selector, or makes one from the view (a tile of the player's own rack);
 * `params` fills the sentence's placeholders from the view.
 * `done` reads the view, and the update around it where the rack's groups matter (101).
 * `tile` names the one tile (a token) the step lets go, by `via` (a discard unless said): the
 * lessons on preset deals go on only with it, so any other is refused with the reason.
 * @typedef {{say: string, target: string | ((view: any) => string), params?: (app: any, view: any) => Record<string, string | number>, next?: boolean, done?: (view: any, update: any) => boolean, tile?: string, via?: "discard" | "finish"}} Step
 * @typedef {{id: string, variant: "duz" | "101", title: string, steps: Step[]}} Lesson
 */

/**
 * Where a 12, 13 and 1 of one colour stand side by side in a row of the rack (the run that
 * turns past 13, R7): the slot of the 12, or -1.
 * @param {any} v
 */
function turningRun(v) {
  return v.rack.findIndex((_, i) => {
    const [a, b, c] = [slotToken(v, i), slotToken(v, i + 1), slotToken(v, i + 2)];
    return i % COLUMNS <= COLUMNS - 3 && a.slice(1) === "12" && b.slice(1) === "13" && c.slice(1) === "1" && a[0] === b[0] && b[0] === c[0];
  });
}

/**
 * The token of the tile in slot `i` of the rack, "" for an empty slot or none.
 * @param {any} v
 * @param {number} i
 */
function slotToken(v, i) {
  const id = v.rack[i];
  return id === null || id === undefined ? "" : token(id);
}

/** The okey's first copy, as a tile id. @param {any} v */
const okeyTile = (v) => faceKind(v.okey) * 2;

/** The okey's name, for a sentence's `{okey}`. @param {any} app @param {any} v */
const okeyName = (app, v) => ({ okey: tileName(app, okeyTile(v)) });

/** A Düz draw, done once the player holds 15 tiles on its turn. @type {Step} */
const DUZ_DRAW = { say: "learn.duzTurn.draw", target: "[data-action=draw]", done: (v) => v.turn === v.seat && v.phase === "discard" };

/**
 * A discard that ends the player's turn, said by `say`.
 * @param {string} say
 * @returns {Step}
 */
const discardStep = (say) => ({ say, target: "[data-action=discard]", done: (v) => v.turn !== v.seat });

/** The rack's tile written `t` (a token), as a selector. @param {string} t */
const rackTile = (t) => `[data-rack] [data-tile='${t}']`;

/**
 * A step that is done once the player's turn has passed, marking tile `t` to throw.
 * @param {string} say
 * @param {string} t
 * @returns {Step}
 */
const throwStep = (say, t) => ({ say, target: rackTile(t), tile: t, done: (v) => v.turn !== v.seat });

/**
 * Whether tile `t` (a token) stands alone in its row of the rack: the sorts set the tile
 * they leave over apart.
 * @param {any} v
 * @param {string} t
 */
function apart(v, t) {
  const i = v.rack.findIndex((_, j) => slotToken(v, j) === t);
  const empty = (j) => Math.floor(j / COLUMNS) !== Math.floor(i / COLUMNS) || slotToken(v, j) === "";
  return i >= 0 && empty(i - 1) && empty(i + 1);
}

/** A Düz finish by the player. @param {any} v */
const finished = (v) => v.round_end?.finished?.seat === v.seat;

/** The 101 draw of a turn after the first. @type {Step} */
const R101_DRAW = { say: "learn.r101Opening.draw", target: "[data-action=draw]", done: (v) => v.turn === v.seat && v.taken };

/** The status of the player in a 101 view. @param {any} v */
const status = (v) => v.players[v.seat].status;

/** Whether the table holds a meld of `owner` with tile `t` (a token) in it. */
const onTable = (v, owner, t) => v.table.some((m) => m.owner === owner && m.tiles.some((p) => token(p.tile) === t));

/** The start of every table lesson (preset 4): the first discard, the draw after the next seat opened. @type {Step[]} */
const TABLE_START = [
  throwStep("learn.r101Table.first", "R1"),
  { ...R101_DRAW, say: "learn.r101Table.draw" },
];

/** Opening with the best melds: the Best sort lays them out, Open lays them. @type {Step[]} */
const OPEN_BEST = [
  { say: "learn.r101Table.best", target: "[data-action=arrange]", done: (v, u) => Boolean(status(v).series) || openValue(u.groups).value >= v.needed[0] },
  { say: "learn.r101Table.open", target: "[data-action=open]", done: (v) => Boolean(status(v).series) },
];

/** The score sheet lesson's opening: everything but one tile. @type {Step[]} */
const OPEN_ALL = [{ ...OPEN_BEST[0], say: "learn.r101Sheet.best" }, OPEN_BEST[1]];

/** The table lessons' second turn: open, throw the B2, draw again. @type {Step[]} */
const TABLE_OPENED = [
  ...OPEN_BEST,
  throwStep("learn.r101Table.wait", "B2"),
  R101_DRAW,
];

/**
 * A Düz finishing lesson on a preset deal (lessons.rs checks it): the player starts with a win
 * and the tile `spare` over; the sort `sort` sets it apart, it is thrown on the centre, and
 * the round's end says what the others lose. Its words are under `learn.<key>`.
 * @param {string} id
 * @param {string} key
 * @param {string} sort the sort's action
 * @param {string} spare
 * @returns {Lesson}
 */
const finishLesson = (id, key, sort, spare) => ({
  id,
  variant: "duz",
  title: `learn.${key}.title`,
  steps: [
    { say: `learn.${key}.sort`, target: `[data-action=${sort}]`, done: (v) => apart(v, spare) || finished(v) },
    { say: `learn.${key}.finish`, target: rackTile(spare), tile: spare, via: "finish", done: finished },
    { say: `learn.${key}.points`, target: "[data-round-end]", next: true },
  ],
});

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
      { say: "learn.duzJokers.okey", target: (v) => rackTile(token(okeyTile(v))), params: okeyName, next: true },
      { say: "learn.duzJokers.false", target: rackTile("F"), params: okeyName, next: true },
      DUZ_DRAW,
      discardStep("learn.duzJokers.discard"),
    ],
  },
  // Preset 1: a winning 14 and the K12 over; preset 2: seven pairs and the Y7 over.
  finishLesson("duz-finish", "duzFinish", "arrange", "K12"),
  finishLesson("duz-pairs", "duzPairs", "sort-pairs", "Y7"),
  {
    id: "duz-gosterge",
    variant: "duz",
    title: "learn.duzGosterge.title",
    steps: [
      // The indicator's twin on the player's rack: the deal puts it there (lessons.rs).
      { say: "learn.duzGosterge.twin", target: (v) => rackTile(token(faceKind(v.indicator) * 2)), next: true },
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
  {
    id: "101-pairs",
    variant: "101",
    title: "learn.r101Pairs.title",
    steps: [
      // Preset 3: six pairs, no series near 101.
      { say: "learn.r101Pairs.pairs", target: "[data-rack]", next: true },
      throwStep("learn.r101Pairs.first", "K1"),
      R101_DRAW,
      { say: "learn.r101Pairs.sort", target: "[data-action=sort-pairs]", done: (v, u) => Boolean(status(v).pairs) || u.groups.filter((g) => g.shape === "pair").length >= v.needed[1] },
      { say: "learn.r101Pairs.open", target: "[data-action=open]", done: (v) => Boolean(status(v).pairs) },
      throwStep("learn.r101Pairs.discard", "Y2"),
    ],
  },
  {
    id: "101-islek",
    variant: "101",
    title: "learn.r101Islek.title",
    steps: [
      // Preset 4: the next seat opens with a black run from 5 whose 7 is an okey.
      ...TABLE_START,
      { say: "learn.r101Islek.run", target: "[data-melds-of='1'] [data-drop=okey]", next: true },
      { say: "learn.r101Islek.fits", target: rackTile("K4"), next: true },
      throwStep("learn.r101Islek.safe", "B2"),
    ],
  },
  {
    id: "101-layoff",
    variant: "101",
    title: "learn.r101Layoff.title",
    steps: [
      ...TABLE_START,
      ...TABLE_OPENED,
      { say: "learn.r101Layoff.own", target: rackTile("B9"), done: (v) => onTable(v, v.seat, "B9") },
      { say: "learn.r101Layoff.other", target: rackTile("K4"), done: (v) => onTable(v, 1, "K4") },
      throwStep("learn.r101Layoff.discard", "B5"),
    ],
  },
  {
    id: "101-swap",
    variant: "101",
    title: "learn.r101Swap.title",
    steps: [
      ...TABLE_START,
      ...TABLE_OPENED,
      { say: "learn.r101Swap.swap", target: rackTile("K7"), done: (v) => onTable(v, 1, "K7") },
      { say: "learn.r101Swap.keep", target: (v) => rackTile(token(okeyTile(v))), next: true },
      throwStep("learn.r101Swap.discard", "B5"),
    ],
  },
  {
    id: "101-sheet",
    variant: "101",
    title: "learn.r101Sheet.title",
    steps: [
      // Preset 5: 21 tiles in melds worth 204 after the first discard.
      throwStep("learn.r101Sheet.first", "Y1"),
      R101_DRAW,
      ...OPEN_ALL,
      { say: "learn.r101Sheet.finish", target: "[data-action=discard]", done: (v) => Boolean(v.end) },
      { say: "learn.r101Sheet.round", target: "[data-round-sheet] [data-line='0']", next: true },
      { say: "learn.r101Sheet.others", target: "[data-round-sheet] [data-line='1'] [data-left]", next: true },
      { say: "learn.r101Sheet.totals", target: "[data-match-sheet]", next: true },
    ],
  },
];

/** @param {string} id */
export const lessonOf = (id) => LESSONS.find((l) => l.id === id) ?? null;
