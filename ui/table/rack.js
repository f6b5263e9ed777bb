// The player's rack: 2 rows of 16 slots on wood. Tiles stay exactly where the engine says
// they are (the player's own layout, gaps included); this module only draws them and turns
// presses, drags and keys into the table's requests. Each tile is keyed by its id, so a bot's
// move leaves the rack's nodes as they are.

import { h } from "../view.js";
import { pressable } from "../dnd.js";
import { tileView } from "../tile.js";

export const ROWS = 2;
export const COLUMNS = 16;

/**
 * What the rack needs from the table: the slots, the marks on tiles, and what gestures do.
 * @typedef {object} RackInput
 * @property {(number | null)[]} slots tile ids by slot
 * @property {number} cursor the keyboard's slot
 * @property {number | null} selected the tile picked up
 * @property {(id: number) => string} marks extra classes of a tile (loose, hinted...)
 * @property {{okeyKind: number, mark: boolean}} look
 * @property {(id: number) => void} tap
 * @property {(id: number) => void} doubleTap
 * @property {(id: number, target: HTMLElement | null) => void} drop
 * @property {(id: number) => void} menu
 * @property {(slot: number) => void} place
 */

/** @param {RackInput} rack */
export function rackView(rack) {
  const rows = [];
  for (let row = 0; row < ROWS; row += 1) {
    const slots = [];
    for (let column = 0; column < COLUMNS; column += 1) {
      const index = row * COLUMNS + column;
      slots.push(slotView(rack, index, rack.slots[index] ?? null));
    }
    rows.push(h("div", { key: row, class: "rack__row" }, slots));
  }
  return h("div", { class: "rack", dataset: { rack: "" } }, rows);
}

/**
 * @param {RackInput} rack
 * @param {number} index
 * @param {number | null} id
 */
function slotView(rack, index, id) {
  const row = Math.floor(index / COLUMNS);
  const column = index % COLUMNS;
  return h(
    "div",
    {
      key: index,
      class: `slot${rack.cursor === index ? " is-cursor" : ""}`,
      dataset: { slot: `${row}-${column}`, slotIndex: index, drop: "slot" },
      // An empty slot takes the selected tile on a click or tap.
      onclick: id === null ? () => rack.place(index) : undefined,
    },
    id === null
      ? null
      : tileView(id, rack.look, `${rack.selected === id ? "is-selected " : ""}${rack.marks(id)}`.trim(), {
          key: id,
          ...pressable({
            onClick: () => rack.tap(id),
            // A double tap (or double click) discards, when it is the player's turn to.
            onDoubleTap: () => rack.doubleTap(id),
            tapKey: `rack-${id}`,
            onDrop: (target) => rack.drop(id, target),
            onMenu: () => rack.menu(id),
          }),
        }),
  );
}

/**
 * Slot index after moving the keyboard cursor by an arrow key.
 * @param {number} cursor
 * @param {string} key
 */
export function stepCursor(cursor, key) {
  const row = Math.floor(cursor / COLUMNS);
  const column = cursor % COLUMNS;
  switch (key) {
    case "ArrowLeft":
      return row * COLUMNS + Math.max(0, column - 1);
    case "ArrowRight":
      return row * COLUMNS + Math.min(COLUMNS - 1, column + 1);
    case "ArrowUp":
      return column;
    case "ArrowDown":
      return COLUMNS + column;
    default:
      return cursor;
  }
}

/**
 * What Enter (or Space) does at the cursor's slot with `selected` held: pick up the tile
 * there, put the held one down in an empty slot or swap it with the tile there.
 * @param {(number | null)[]} slots
 * @param {number} cursor
 * @param {number | null} selected
 * @returns {{pick: number} | {move: {from: number, to: number}} | {drop: true} | null}
 */
export function enterAt(slots, cursor, selected) {
  const at = slots[cursor] ?? null;
  if (selected !== null && at !== selected) {
    const from = slots.indexOf(selected);
    return from < 0 ? null : { move: { from, to: cursor } };
  }
  if (at !== null) return selected === at ? { drop: true } : { pick: at };
  return null;
}
