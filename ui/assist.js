// The assistant beside the rack: how far the hand is from a win, the groups it sees, the
// loose tiles, whether a finish is on, and on request the suggested move with its reason.
// It asks the Rust side (okey-core's analysis of the player's own view) only when the tiles
// or the turn change; moving tiles on the rack changes neither, so dragging stays instant.

import { h } from "./dom.js";
import { assistAsker } from "./asker.js";
import { tileName, tileNames, token } from "./tile.js";

// What the assistant's answer depends on: the tiles held, and on the player's own turn what
// the table offers (the hint). Bots' moves in between change neither reading of the rack.
function keyOf(update) {
  const { view } = update;
  const tiles = view.rack.filter((t) => t !== null).sort((a, b) => a - b).join(",");
  const mine = view.turn === view.seat && !view.round_end ? `${view.plays}:${view.phase}` : "-";
  return `${update.game}:${view.round}:${tiles}:${mine}`;
}

export function distanceText(app, distance, tiles, finishes) {
  if (distance === 0) {
    return tiles === 15 && finishes > 0 ? app.t("assist.canFinish") : app.t("assist.winning");
  }
  return app.t("assist.away", { n: distance });
}

// How many outs are named one by one; the rest are counted.
const NAMED_OUTS = 6;

export function outsText(app, outs) {
  if (outs.length === 0) return app.t("assist.noOuts");
  const unseen = outs.reduce((sum, o) => sum + o.unseen, 0);
  // The likeliest draws first: most copies still unseen.
  const named = [...outs].sort((a, b) => b.unseen - a.unseen).slice(0, NAMED_OUTS);
  const more = outs.length - named.length;
  const list = named.map((o) => `${tileName(app, o.token)} (${o.unseen})`).join(", ") + (more > 0 ? ` ${app.t("assist.more", { n: more })}` : "");
  return app.t("assist.outs", { kinds: outs.length, unseen, list });
}

// The suggestion in words, and the tile it names (for the rack to point at).
function hintWords(app, hint) {
  switch (hint.do) {
    case "take":
      return { text: app.t("assist.take", { tile: tileName(app, hint.tile), away: distanceText(app, hint.distance, 14, 0) }), tile: null };
    case "draw":
      return {
        text: hint.offered === null || hint.offered === undefined
          ? app.t("assist.drawOnly")
          : app.t("assist.draw", { tile: tileName(app, hint.offered) }),
        tile: null,
      };
    case "finish":
      return {
        text: app.t(hint.okey_discard ? "assist.finishOkey" : "assist.finish", { tile: tileName(app, hint.tile), n: hint.points }),
        tile: hint.tile,
      };
    case "discard":
      return {
        text: `${app.t("assist.discard", { tile: tileName(app, hint.tile), away: distanceText(app, hint.distance, 14, 0) })} ${outsText(app, hint.outs)}`,
        tile: hint.tile,
      };
    default:
      return { text: "", tile: null };
  }
}

export function assistWidget(app, ctl) {
  const el = h("div", { class: "assist", dataset: { assist: "" } });
  const asker = assistAsker(app, ctl, { command: "assist", keyOf, draw });
  const { state } = asker;

  function draw() {
    if (!asker.enabled()) {
      ctl.setAssist(null, null);
      el.replaceChildren(asker.onButton());
      return;
    }
    const result = state.result;
    if (result === null) {
      el.replaceChildren();
      return;
    }
    const hint = state.showing && result.hint ? hintWords(app, result.hint) : null;
    ctl.setAssist(new Set(result.loose), hint?.tile ?? null);
    // Tokens for automation, words for the player.
    const loose = result.loose.map(token).join(" ");
    const parts = [
      h("span", { class: "assist__distance", dataset: { assistDistance: result.distance } }, distanceText(app, result.distance, result.tiles, result.finishes.length)),
      h("span", { class: "assist__groups" }, app.t("assist.groups", { n: result.groups.length })),
      loose ? h("span", { class: "assist__loose", dataset: { assistLoose: loose } }, app.t("assist.loose", { tiles: tileNames(app, result.loose) })) : null,
      result.can_hold_for_okey ? h("span", { class: "assist__hold", dataset: { assistHold: "" } }, app.t("assist.hold")) : null,
      hint
        ? h("span", { class: "assist__hint", dataset: { hintText: "", hintDiscard: hint.tile !== null ? token(hint.tile) : undefined, hintDo: result.hint.do } }, hint.text)
        : null,
      asker.offButton(),
    ];
    // replaceChildren would write a null as the text "null".
    el.replaceChildren(...parts.filter((p) => p !== null));
  }

  return { el, refresh: asker.refresh, hint: asker.hint };
}
