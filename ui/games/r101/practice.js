// The practice screen's Okey 101 verdict: the opening of greatest value laid out meld by meld
// (each okey with what it plays as), whether it reaches 101, the most pairs and the tiles
// left. The numbers are okey-core's, the same as `okey check --variant 101 --json`.

import { h } from "../../dom.js";
import { tileName } from "../../tile.js";

// Ids for report tokens, taken from the rack's own ids so each tile shows once: a meld's
// "R5" is the rack's first R5 not yet shown.
function idPool(tokens, ids) {
  const pool = new Map();
  tokens.forEach((t, i) => {
    if (!pool.has(t)) pool.set(t, []);
    pool.get(t).push(ids[i]);
  });
  return (t) => pool.get(t)?.shift() ?? null;
}

// What the okeys and false jokers of a meld play as: "okey = kırmızı 12".
function standsForText(app, meld) {
  const notes = meld.tiles
    .map((t, i) => (t !== meld.as[i] ? app.t("practice101.playsAs", { tile: tileName(app, t), as: tileName(app, meld.as[i]) }) : null))
    .filter(Boolean);
  return notes.length ? notes.join(" · ") : null;
}

// The verdict card for a checked rack. `tile(id)` draws a small tile as the screen does.
export function r101Verdict(app, verdict, hand, ids, tile) {
  const take = idPool(hand, ids);
  const meldEl = (meld, i) =>
    h(
      "div",
      { class: "layout__group layout__group--meld", dataset: { practiceMeld: i, shape: meld.shape, value: meld.value } },
      h("span", { class: "layout__tiles" }, meld.tiles.map((t) => tile(take(t)))),
      h("span", { class: "layout__value" }, `${app.t(`practice101.shape.${meld.shape}`)} · ${meld.value}`),
      standsForText(app, meld) ? h("span", { class: "layout__note" }, standsForText(app, meld)) : null,
    );
  const melds = verdict.opening.melds.map(meldEl);
  const left = verdict.left.length
    ? h("div", { class: "layout__group layout__group--loose", dataset: { practiceLeft: verdict.left.join(" ") } }, verdict.left.map((t) => tile(take(t))))
    : null;
  const pairsTake = idPool(hand, ids);
  const pairs = verdict.pair_list.length
    ? h(
        "div",
        { class: "layout", dataset: { practicePairs: verdict.pairs } },
        verdict.pair_list.map((pair) => h("div", { class: "layout__group" }, pair.map((t) => tile(pairsTake(t))))),
      )
    : h("p", { class: "muted", dataset: { practicePairs: 0 } }, app.t("practice101.noPairs"));
  const openText = verdict.can_open
    ? app.t("practice101.canOpen", { value: verdict.opening.value })
    : app.t("practice101.cannotOpen", { value: verdict.opening.value, short: 101 - verdict.opening.value });
  const pairsText = verdict.can_open_pairs
    ? app.t("practice101.canOpenPairs", { pairs: verdict.pairs })
    : app.t("practice101.cannotOpenPairs", { pairs: verdict.pairs });
  return h(
    "div",
    {
      class: "card",
      dataset: {
        practice101: "",
        practiceValue: verdict.opening.value,
        canOpen: String(verdict.can_open),
        canOpenPairs: String(verdict.can_open_pairs),
        okey: verdict.okey,
      },
    },
    h("div", { class: "row" },
      h("strong", { class: verdict.can_open ? "is-good" : "" }, openText),
      h("span", { class: "practice101__value" }, `${verdict.opening.value} / 101`),
    ),
    h("div", { class: "layout" }, melds, left),
    verdict.left.length ? h("p", { class: "muted" }, app.t("practice101.left", { n: verdict.left.length })) : null,
    h("h2", {}, pairsText),
    pairs,
  );
}
