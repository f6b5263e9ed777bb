// Düz's analysis in words, for the assistant at the table and the practice screen: how far
// a hand is from a win, and the draws that would help.

import { tileName } from "../../tile.js";

/**
 * @param {any} app
 * @param {number} distance tiles from a win
 * @param {number} tiles tiles held
 * @param {number} finishes finishing discards
 */
export function distanceText(app, distance, tiles, finishes) {
  if (distance === 0) {
    return tiles === 15 && finishes > 0 ? app.t("assist.canFinish") : app.t("assist.winning");
  }
  return app.t("assist.away", { n: distance });
}

// How many outs are named one by one; the rest are counted.
const NAMED_OUTS = 6;

/**
 * @param {any} app
 * @param {{token: string, unseen: number}[]} outs
 */
export function outsText(app, outs) {
  if (outs.length === 0) return app.t("assist.noOuts");
  const unseen = outs.reduce((sum, o) => sum + o.unseen, 0);
  // The likeliest draws first: most copies still unseen.
  const named = [...outs].sort((a, b) => b.unseen - a.unseen).slice(0, NAMED_OUTS);
  const more = outs.length - named.length;
  const list = named.map((o) => `${tileName(app, o.token)} (${o.unseen})`).join(", ") + (more > 0 ? ` ${app.t("assist.more", { n: more })}` : "");
  return app.t("assist.outs", { kinds: outs.length, unseen, list });
}
