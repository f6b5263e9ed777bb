// Presses as the rack reads them, and the keyed renderer's attributes.

import { test } from "node:test";
import assert from "node:assert/strict";
import { gestureOf, isDoubleTap } from "../../ui/dnd.js";
import { h } from "../../ui/view.js";

test("a press is a tap, a drop once dragged, nothing after a long press or a cancel", () => {
  assert.equal(gestureOf({ dragged: false, held: false, released: true }), "tap");
  assert.equal(gestureOf({ dragged: true, held: false, released: true }), "drop");
  assert.equal(gestureOf({ dragged: false, held: true, released: true }), "none");
  assert.equal(gestureOf({ dragged: true, held: false, released: false }), "none");
});

test("a second tap on the same tile soon after is a double tap; on another, a tap", () => {
  const first = { key: "rack-4", at: 1000 };
  assert.equal(isDoubleTap(first, "rack-4", 1200), true);
  assert.equal(isDoubleTap(first, "rack-4", 1400), false);
  assert.equal(isDoubleTap(first, "rack-5", 1100), false);
  assert.equal(isDoubleTap({ key: undefined, at: 1000 }, undefined, 1100), false);
});

test("dataset props become data- attributes, empty ones left out", () => {
  const el = h("div", { key: 3, class: "x", dataset: { tileId: 4, slot: "0-1", drop: undefined, none: null } });
  assert.equal(el.key, 3);
  assert.equal(el.props["data-tile-id"], "4");
  assert.equal(el.props["data-slot"], "0-1");
  assert.equal("data-drop" in el.props, false);
  assert.equal("data-none" in el.props, false);
  assert.equal("dataset" in el.props, false);
});
