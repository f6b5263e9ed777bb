// The table's logic that needs no webview: which update the table keeps, what the screen
// keeps between updates, the rack's cursor and Enter, and where flights come from.

import { test } from "node:test";
import assert from "node:assert/strict";
import { currentTable, forgetTable, offerTable, openTable } from "../../ui/tablestate.js";
import { enterAt, stepCursor } from "../../ui/table/rack.js";
import { nextState, gameOf } from "../../ui/table/screen.js";
import { takerOf } from "../../ui/table/motion.js";
import { firstChosen, openValue } from "../../ui/games/r101/tray.js";
import { placeOf } from "../../ui/games/duz/table.js";

const duzUpdate = (game, seq, rack, extra = {}, rev = seq) => ({
  variant: "duz",
  game,
  seq,
  rev,
  events: [],
  view: { seat: 0, turn: 1, phase: null, round: 1, rack, players: [{}, {}, {}, {}], ...extra },
});

test("an older update of the match on the table is never shown over a newer one", () => {
  openTable(duzUpdate(1, 5, []));
  assert.equal(offerTable(duzUpdate(1, 4, [])), false);
  assert.equal(currentTable().seq, 5);
  assert.equal(offerTable(duzUpdate(1, 6, [])), true);
  assert.equal(currentTable().seq, 6);
});

test("a 101 rack move's answer is not undone by a bot's event built just before it", () => {
  // Both show the same action (101 rack moves are no actions): the later built one stays.
  openTable(duzUpdate(3, 7, [4, null], {}, 20));
  assert.equal(offerTable(duzUpdate(3, 7, [null, 4], {}, 22)), true);
  assert.equal(offerTable(duzUpdate(3, 7, [4, null], {}, 21)), false);
  assert.deepEqual(currentTable().view.rack, [null, 4]);
});

test("another match's update is kept off the table until it is opened", () => {
  openTable(duzUpdate(1, 6, []));
  assert.equal(offerTable(duzUpdate(2, 99, [])), false);
  assert.equal(currentTable().game, 1);
  assert.equal(openTable(duzUpdate(2, 1, [])), true);
  assert.equal(currentTable().game, 2);
  forgetTable(2);
  assert.equal(currentTable(), null);
});

const ui = (selected = null) => ({ selected, cursor: 0, menu: null, arrived: new Set(), landed: new Map(), turnStart: false, game: {} });

test("the picked-up tile stays picked up across a bot's move", () => {
  const game = gameOf(duzUpdate(1, 1, []));
  const shown = duzUpdate(1, 1, [4, null, 9]);
  const update = duzUpdate(1, 2, [4, null, 9], { turn: 2 });
  update.events = [{ discarded: { seat: 1, tile: 30 } }];
  const next = nextState(ui(9), game, shown, update);
  assert.equal(next.selected, 9);
  assert.deepEqual([...next.arrived], []);
  assert.deepEqual([...next.landed], [[1, 30]]);
  assert.equal(next.turnStart, false);
});

test("a tile that left the rack is no longer picked up; a drawn tile arrives", () => {
  const game = gameOf(duzUpdate(1, 1, []));
  const shown = duzUpdate(1, 1, [4, null, 9], { turn: 0, phase: "discard" });
  const update = duzUpdate(1, 2, [4, 11, null], { turn: 0, phase: "draw" });
  const next = nextState(ui(9), game, shown, update);
  assert.equal(next.selected, null);
  assert.deepEqual([...next.arrived], [11]);
});

test("the player's turn coming round is marked once, with the update that brought it", () => {
  const game = gameOf(duzUpdate(1, 1, []));
  const shown = duzUpdate(1, 1, [], { turn: 3 });
  const update = duzUpdate(1, 2, [], { turn: 0, phase: "draw" });
  assert.equal(nextState(ui(), game, shown, update).turnStart, true);
  assert.equal(nextState(ui(), game, update, { ...update, seq: 3 }).turnStart, false);
  // The same update again (a command's answer after a bot's event) brings nothing new.
  assert.equal(nextState(ui(), game, update, update).turnStart, false);
});

test("101 racks come beside the view", () => {
  const game = gameOf({ variant: "101" });
  assert.equal(game.variant, "101");
  assert.deepEqual(game.slots({ rack: [1, null], view: {} }), [1, null]);
});

test("the keyboard cursor moves within the rack's two rows of 16", () => {
  assert.equal(stepCursor(0, "ArrowLeft"), 0);
  assert.equal(stepCursor(15, "ArrowRight"), 15);
  assert.equal(stepCursor(3, "ArrowDown"), 19);
  assert.equal(stepCursor(19, "ArrowUp"), 3);
  assert.equal(stepCursor(19, "Tab"), 19);
});

test("Enter picks up, puts down in an empty slot, swaps onto a tile, and lets go", () => {
  const slots = [7, null, 8];
  assert.deepEqual(enterAt(slots, 0, null), { pick: 7 });
  assert.deepEqual(enterAt(slots, 1, 7), { move: { from: 0, to: 1 } });
  assert.deepEqual(enterAt(slots, 2, 7), { move: { from: 0, to: 2 } });
  assert.deepEqual(enterAt(slots, 0, 7), { drop: true });
  assert.equal(enterAt(slots, 1, null), null);
});

test("a discard that leaves a stack unseen went to the next seat", () => {
  const view = { seat: 0, players: [{}, {}, {}, {}] };
  assert.equal(takerOf(view, "stack:3"), 0);
  assert.equal(takerOf(view, "stack:1"), 2);
  assert.equal(takerOf(view, "rack"), 1);
  assert.equal(takerOf(view, "meld:4"), null);
});

test("r15 each stack lies to the right of its owner, seen from the player", () => {
  const view = { seat: 1, players: [{}, {}, {}, {}] };
  assert.deepEqual(placeOf(view, 1), { side: "bottom", corner: "br" });
  assert.deepEqual(placeOf(view, 2), { side: "right", corner: "tr" });
  assert.deepEqual(placeOf(view, 3), { side: "top", corner: "tl" });
  assert.deepEqual(placeOf(view, 0), { side: "left", corner: "bl" });
});

test("the opening tray starts with the series, or the pairs when only they reach", () => {
  const update = (groups, needed = [101, 5]) => ({
    groups,
    view: { seat: 0, needed, players: [{ status: { unopened: {} } }] },
  });
  const series = { shape: "run", value: 40, tiles: [] };
  const pair = { shape: "pair", value: 0, tiles: [] };
  assert.deepEqual(openValue([series, pair, { shape: null, value: 9 }]), { value: 40, pairs: 1 });
  assert.deepEqual([...firstChosen(update([series, pair]))], [0]);
  assert.deepEqual([...firstChosen(update([series, pair, pair, pair, pair, pair]))], [1, 2, 3, 4, 5]);
});
