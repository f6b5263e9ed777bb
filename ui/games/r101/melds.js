// The 101 table's melds: every meld laid, grouped by owner (`data-meld`, `data-owner`), its
// tiles inside with the usual `data-tile`, an okey marked with what it stands for; and each
// seat's pairs area (`data-pairs-area`). A rack tile dropped on a meld is laid off there,
// dropped on an okey swapped for it; a tap on a meld does the same with the selected tile.

import { h } from "../../view.js";
import { isOkey, tileName } from "../../tile.js";

/**
 * @param {any} T the table's context
 * @param {(target: HTMLElement) => void} onMeld a tap on a meld (or its okey) with a tile held
 */
export function meldsView(T, onMeld) {
  const view = T.view;
  const groups = view.players
    .map((p) => {
      const mine = view.table.filter((m) => m.owner === p.seat);
      // A seat's corner appears once it has opened (its pairs area with it) or laid a meld.
      if (mine.length === 0 && p.status.unopened) return null;
      const series = mine.filter((m) => m.shape !== "pair");
      const pairs = mine.filter((m) => m.shape === "pair");
      return h(
        "div",
        { key: p.seat, class: `melds__owner${p.seat === view.seat ? " melds__owner--me" : ""}`, dataset: { meldsOf: p.seat } },
        h("span", { class: "melds__name" }, T.names(p.seat)),
        h("div", { class: "melds__series" }, series.map((m) => meldView(T, m, onMeld))),
        h("div", { class: "melds__pairs", dataset: { pairsArea: p.seat } }, pairs.map((m) => meldView(T, m, onMeld))),
      );
    });
  return h(
    "div",
    { key: "melds", class: "melds", dataset: { melds: "" } },
    view.table.length === 0 ? h("p", { key: "empty", class: "melds__empty" }, T.app.t("r101.noMelds")) : null,
    groups,
  );
}

function meldView(T, meld, onMeld) {
  const hinted = T.assist.marks().hintedMeld === meld.id;
  return h(
    "div",
    {
      key: meld.id,
      class: `meld meld--${meld.shape}${hinted ? " is-hinted" : ""}`,
      dataset: { meld: meld.id, owner: meld.owner, drop: "meld", shape: meld.shape },
      onclick: (e) => {
        if (T.ui.selected === null) return;
        const box = e.currentTarget.getBoundingClientRect();
        // Where on the meld it was tapped picks the end for an okey on a run.
        T.state.dropSide = e.clientX < box.left + box.width / 2 ? "low" : "high";
        onMeld(e.target.closest("[data-drop]") ?? e.currentTarget);
      },
    },
    meld.tiles.map((placed) =>
      // An okey says what it stands for (R101-10), and takes a swap when dropped on.
      isOkey(placed.tile, T.look.okeyKind)
        ? T.tile(placed.tile, "tile--small", { key: placed.tile, dataset: { drop: "okey" }, title: T.app.t("r101.okeyAs", { tile: tileName(T.app, placed.as_face) }) })
        : T.tile(placed.tile, "tile--small", { key: placed.tile }),
    ),
  );
}
