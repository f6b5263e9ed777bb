// The 101 table's melds: every meld laid, grouped by owner (`data-meld`, `data-owner`), its
// tiles inside with the usual `data-tile`, an okey marked with what it stands for; and each
// seat's pairs area (`data-pairs-area`). A rack tile dropped on a meld is laid off there,
// dropped on an okey swapped for it; a tap on a meld does the same with the selected tile.

import { h } from "./dom.js";
import { tileEl, tileName } from "./tile.js";
import { seatName } from "./seats.js";

export function meldsEl(app, ctl, update, { onMeld }) {
  const view = update.view;
  const owners = view.players.map((p) => p.seat);
  const groups = owners.map((seat) => {
    const mine = view.table.filter((m) => m.owner === seat);
    const series = mine.filter((m) => m.shape !== "pair");
    const pairs = mine.filter((m) => m.shape === "pair");
    return h(
      "div",
      { class: `melds__owner${seat === view.seat ? " melds__owner--me" : ""}`, dataset: { meldsOf: seat } },
      h("span", { class: "melds__name" }, seatName(app, view, seat)),
      h("div", { class: "melds__series" }, series.map((m) => meldEl(app, ctl, update, m, onMeld))),
      h("div", { class: "melds__pairs", dataset: { pairsArea: seat } }, pairs.map((m) => meldEl(app, ctl, update, m, onMeld))),
    );
  });
  const empty = view.table.length === 0 ? h("p", { class: "melds__empty" }, app.t("r101.noMelds")) : null;
  // A seat's corner appears once it has opened (its pairs area with it) or laid a meld.
  const shown = groups.filter((g, i) => g.querySelector("[data-meld]") || !view.players[i].status.unopened);
  return h("div", { class: "melds", dataset: { melds: "" } }, empty, shown);
}

function meldEl(app, ctl, update, meld, onMeld) {
  const el = h("div", {
    class: `meld meld--${meld.shape}${ctl.hintedMeld === meld.id ? " is-hinted" : ""}`,
    dataset: { meld: meld.id, owner: meld.owner, drop: "meld", shape: meld.shape },
  });
  for (const placed of meld.tiles) {
    const tile = tileEl(placed.tile, { okeyKind: ctl.okeyKind, mark: app.settings.okey_mark, small: true });
    if (tile.classList.contains("tile--okey")) {
      // An okey says what it stands for (R101-10), and takes a swap when dropped on.
      tile.dataset.drop = "okey";
      tile.title = app.t("r101.okeyAs", { tile: tileName(app, placed.as_face) });
    }
    el.append(tile);
  }
  el.addEventListener("click", (e) => {
    if (ctl.selected === null) return;
    const box = el.getBoundingClientRect();
    // Where on the meld it was tapped picks the end for an okey on a run.
    ctl.dropSide = e.clientX < box.left + box.width / 2 ? "low" : "high";
    onMeld(e.target.closest("[data-drop]") ?? el);
  });
  return el;
}
