// Düz's assistant reading: how far the hand is from a win, the groups it sees, the loose
// tiles (dimmed on the rack), whether a finish is on, and on Hint the suggested move with its
// reason. table/assistant.js asks and keeps the answer; this words it.

import { h } from "../../view.js";
import { tileName, tileNames, token } from "../../tile.js";
import { distanceText, outsText } from "./words.js";

// What the answer depends on: the tiles held, and on the player's own turn what the table
// offers (the hint). Bots' moves in between change neither reading of the rack.
function keyOf(update) {
  const { view } = update;
  const tiles = view.rack.filter((t) => t !== null).sort((a, b) => a - b).join(",");
  const mine = view.turn === view.seat && !view.round_end ? `${view.plays}:${view.phase}` : "-";
  return `${update.game}:${view.round}:${tiles}:${mine}`;
}

// The suggestion in words, and the tile it names (for the rack to point at).
function hintWords(app, hint) {
  switch (hint.do) {
    case "take":
      return { text: app.t("assist.take", { tile: tileName(app, hint.tile), away: distanceText(app, hint.distance, 14, 0) }), tile: null };
    case "draw":
      return {
        text: hint.offered === null || hint.offered === undefined ? app.t("assist.drawOnly") : app.t("assist.draw", { tile: tileName(app, hint.offered) }),
        tile: null,
      };
    case "finish":
      return { text: app.t(hint.okey_discard ? "assist.finishOkey" : "assist.finish", { tile: tileName(app, hint.tile), n: hint.points }), tile: hint.tile };
    case "discard":
      return {
        text: `${app.t("assist.discard", { tile: tileName(app, hint.tile), away: distanceText(app, hint.distance, 14, 0) })} ${outsText(app, hint.outs)}`,
        tile: hint.tile,
      };
    default:
      return { text: "", tile: null };
  }
}

// The tile a shown hint names, without wording it.
const hintedTile = (hint) => (hint.do === "finish" || hint.do === "discard" ? hint.tile : null);

export const duzAssist = {
  cls: "",
  keyOf,
  marks: (result, showing) => ({
    loose: new Set(result.loose),
    hinted: showing && result.hint ? hintedTile(result.hint) : null,
  }),
  parts(T, result, showing) {
    const app = T.app;
    const hint = showing && result.hint ? hintWords(app, result.hint) : null;
    // Tokens for automation, words for the player.
    const loose = result.loose.map(token).join(" ");
    return [
      h("span", { key: "distance", class: "assist__distance", dataset: { assistDistance: result.distance } }, distanceText(app, result.distance, result.tiles, result.finishes.length)),
      h("span", { key: "groups", class: "assist__groups" }, app.t("assist.groups", { n: result.groups.length })),
      loose ? h("span", { key: "loose", class: "assist__loose", dataset: { assistLoose: loose } }, app.t("assist.loose", { tiles: tileNames(app, result.loose) })) : null,
      result.can_hold_for_okey ? h("span", { key: "hold", class: "assist__hold", dataset: { assistHold: "" } }, app.t("assist.hold")) : null,
      hint
        ? h("span", { key: "hint", class: "assist__hint", dataset: { hintText: "", hintDiscard: hint.tile !== null ? token(hint.tile) : undefined, hintDo: result.hint.do } }, hint.text)
        : null,
    ];
  },
};
