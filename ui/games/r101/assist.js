// The 101 assistant beside the rack: the best opening value and whether it reaches the
// figure (or the pairs), where tiles can be laid off, which discards would be penalised, and
// on Hint the suggested action with its reason. All from okey-core's exact analysis of the
// player's own view (the `assist` command).

import { h } from "../../view.js";
import { tileName, tileNames, token } from "../../tile.js";
import { causeText } from "./words.js";

// The action of a hint in words, with the tile and meld it names for the table to mark.
function hintWords(app, hint) {
  const a = hint.action;
  const r = hint.reason;
  const reason = typeof r === "string" ? app.t(`r101.reason.${r}`) : reasonWords(app, r);
  if (a === "draw") return { text: app.t("r101.do.draw", { reason }), tile: null };
  if (a === "take") return { text: app.t("r101.do.take", { reason }), tile: null };
  if (a === "return") return { text: app.t("r101.do.return", { reason }), tile: null };
  if (a === "end_round") return { text: app.t("r101.do.endRound", { reason }), tile: null };
  if (a === "next_round") return { text: app.t("end.next"), tile: null };
  if (a.open) return { text: app.t("r101.do.open", { reason }), tile: a.open[0]?.tiles[0] ?? null };
  if (a.meld) return { text: app.t("r101.do.meld", { tiles: tileNames(app, a.meld.tiles), reason }), tile: a.meld.tiles[0] };
  if (a.lay_off) return { text: app.t("r101.do.layOff", { tile: tileName(app, a.lay_off.tile) }), tile: a.lay_off.tile, meld: a.lay_off.meld };
  if (a.swap) return { text: app.t("r101.do.swap", { tile: tileName(app, a.swap.tile) }), tile: a.swap.tile, meld: a.swap.meld };
  if (a.discard !== undefined) return { text: app.t("r101.do.discard", { tile: tileName(app, a.discard), reason }), tile: a.discard };
  return { text: "", tile: null };
}

function reasonWords(app, r) {
  if (r.open_series) return app.t("r101.reason.open_series", r.open_series);
  if (r.open_pairs) return app.t("r101.reason.open_pairs", r.open_pairs);
  if (r.meld) return app.t("r101.reason.meld", r.meld);
  return "";
}

// The action a hint names, by its key ("draw", "lay_off"...).
const doingOf = (action) => (typeof action === "string" ? action : Object.keys(action)[0]);

export const r101Assist = {
  cls: "assist101",
  // The reading depends on the hand and on whose turn it is; rack moves change neither.
  keyOf: (update) => `${update.game}:${update.seq}:${update.view.hand.length}:${update.view.turn}`,
  marks(result, showing) {
    const a = showing && result.hint ? result.hint.action : null;
    const named = a && typeof a === "object" ? (a.lay_off ?? a.swap ?? null) : null;
    const hinted = !a || typeof a === "string" ? null : a.discard ?? named?.tile ?? a.meld?.tiles[0] ?? a.open?.[0]?.tiles[0] ?? null;
    return { costly: new Set(result.costly.map(([t]) => t)), hinted, hintedMeld: named?.meld ?? null };
  },
  parts(T, result, showing) {
    const app = T.app;
    const hint = showing && result.hint ? hintWords(app, result.hint) : null;
    const [needed, neededPairs] = result.needed;
    const parts = [];
    if (!result.opened) {
      parts.push(
        h("span", { key: "opening", class: `assist__opening${result.reaches ? " is-enough" : ""}`, dataset: { assistOpening: result.opening_value, assistReaches: String(result.reaches), assistPairs: result.pairs } },
          app.t(result.reaches ? "r101.assist.reaches" : "r101.assist.short", { value: result.opening_value, needed }),
          " · ",
          app.t(result.pairs_reach ? "r101.assist.pairsReach" : "r101.assist.pairs", { n: result.pairs, needed: neededPairs })),
      );
    } else if (result.spots.length > 0) {
      const tiles = [...new Set(result.spots.map((s) => s.tile))];
      parts.push(h("span", { key: "spots", class: "assist__spots", dataset: { assistSpots: tiles.map(token).join(" ") } }, app.t("r101.assist.layOff", { tiles: tileNames(app, tiles) })));
    } else {
      parts.push(h("span", { key: "spots", class: "assist__spots", dataset: { assistSpots: "" } }, app.t("r101.assist.noLayOff")));
    }
    if (result.costly.length > 0) {
      // Most costly discards are işlek; only another cause (an okey) is named beside its tile.
      const words = result.costly.map(([t, cause]) => (cause === "playable_discard" ? tileName(app, t) : `${tileName(app, t)} (${causeText(app, cause)})`)).join(", ");
      parts.push(h("span", { key: "costly", class: "assist__costly", dataset: { assistCostly: result.costly.map(([t]) => token(t)).join(" ") } }, app.t("r101.assist.costly", { tiles: words })));
    }
    if (hint) {
      const doing = doingOf(result.hint.action);
      parts.push(h("span", { key: "hint", class: "assist__hint", dataset: { hintText: "", hintDo: doing, hintTile: hint.tile !== null && hint.tile !== undefined ? token(hint.tile) : undefined } }, hint.text));
      // An opening or a new meld as the assistant found it, in one tap: the rack need not
      // show it first.
      const melds = result.hint.action.open ?? (result.hint.action.meld ? [result.hint.action.meld] : null);
      if (melds) {
        parts.push(h("button", { key: "do", class: "btn btn--primary assist__do", dataset: { action: "hint-do" }, onclick: () => T.act(doing, { groups: melds.map((m) => m.tiles) }) }, app.t(doing === "open" ? "r101.open" : "r101.meld")));
      }
    }
    return parts;
  },
};
