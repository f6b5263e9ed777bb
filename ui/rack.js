// The player's rack: 2 rows of 16 slots on wood. Tiles stay exactly where the engine says
// they are (the player's own layout, gaps included); this module only draws them and turns
// drags, clicks and keys into requests for the table screen to send.

import { h } from "./dom.js";
import { draggable } from "./dnd.js";
import { tileEl } from "./tile.js";

const ROWS = 2;
const COLUMNS = 16;

// `ctl` is the table screen: its state (view, selected tile, cursor slot) and the actions
// a rack gesture leads to.
export function rackEl(ctl) {
  // A 101 table keeps its layout beside the view (`ctl.slots`); Düz's view holds its rack.
  const rack = ctl.slots ? ctl.slots() : ctl.update.view.rack;
  const rows = [];
  for (let row = 0; row < ROWS; row += 1) {
    const slots = [];
    for (let column = 0; column < COLUMNS; column += 1) {
      const index = row * COLUMNS + column;
      slots.push(slotEl(ctl, index, rack[index] ?? null));
    }
    rows.push(h("div", { class: "rack__row" }, slots));
  }
  return h("div", { class: "rack", dataset: { rack: "" } }, rows);
}

function slotEl(ctl, index, id) {
  const row = Math.floor(index / COLUMNS);
  const column = index % COLUMNS;
  const slot = h("div", {
    class: `slot${ctl.cursor === index ? " is-cursor" : ""}`,
    dataset: { slot: `${row}-${column}`, slotIndex: index, drop: "slot" },
  });
  if (id === null) {
    // An empty slot takes the selected tile on a click or tap.
    slot.addEventListener("click", () => ctl.placeSelected(index));
    return slot;
  }
  const tile = tileEl(id, { okeyKind: ctl.okeyKind, mark: ctl.settings.okey_mark });
  if (ctl.selected === id) {
    tile.classList.add("is-selected");
  }
  if (ctl.loose.has(id)) {
    tile.classList.add("tile--loose");
  }
  if (ctl.costly?.has(id)) {
    tile.classList.add("tile--costly");
  }
  if (ctl.hinted === id) {
    tile.classList.add("is-hinted");
  }
  if (ctl.arrived.has(id)) {
    tile.classList.add("tile--arrive");
  }
  draggable(tile, {
    onClick: () => ctl.toggleSelect(id, index),
    // A double tap (or double click) discards, when it is the player's turn to.
    onDoubleTap: () => ctl.doubleTap(id, index),
    tapKey: `rack-${id}`,
    onDrop: (target) => ctl.dropRackTile(id, index, target),
    onMenu: () => ctl.openMenu(id, index),
  });
  slot.append(tile);
  return slot;
}

// Slot index after moving the keyboard cursor by an arrow key.
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
