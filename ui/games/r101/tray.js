// The opening tray: the groups the rack shows, each a chip the player puts in or leaves out,
// the running total against the figure (or the pairs against the pairs needed), and Confirm.
// After opening the same tray lays new melds.

import { h } from "../../view.js";
import { tileView } from "../../tile.js";

/**
 * The total of valid series groups and the count of pairs among `groups`.
 * @param {{shape?: string | null, value: number}[]} groups
 */
export function openValue(groups) {
  let value = 0;
  let pairs = 0;
  for (const g of groups) {
    if (g.shape === "pair") pairs += 1;
    else if (g.shape) value += g.value;
  }
  return { value, pairs };
}

/**
 * The groups the tray starts with: what the rack shows, its sets and runs, or its pairs
 * when the series fall short and the pairs are enough (an opening is one or the other);
 * after opening, a pairs opener's pairs, a series opener's sets and runs.
 * @param {any} update
 * @returns {Set<number>}
 */
export function firstChosen(update) {
  const view = update.view;
  const me = view.players[view.seat];
  const opened = !me.status.unopened;
  const [needed, neededPairs] = view.needed;
  const index = (test) => update.groups.map((g, i) => (test(g) ? i : -1)).filter((i) => i >= 0);
  const series = index((g) => g.shape && g.shape !== "pair");
  const pairsAt = index((g) => g.shape === "pair");
  const { value: seriesValue } = openValue(update.groups);
  const pairsFirst = opened ? Boolean(me.status.pairs) : series.length === 0 || (seriesValue < needed && pairsAt.length >= neededPairs);
  return new Set(pairsFirst ? pairsAt : series);
}

/**
 * The tray over the table; `chosen` are the indices of the groups put in.
 * @param {any} T
 * @param {Set<number>} chosen
 * @param {{onToggle: (i: number) => void, onConfirm: (groups: number[][], asMelds: boolean) => void, onClose: () => void}} on
 */
export function trayView(T, chosen, { onToggle, onConfirm, onClose }) {
  const { app, update, view } = T;
  const opened = !view.players[view.seat].status.unopened;
  const [needed, neededPairs] = view.needed;
  const picked = update.groups.filter((_, i) => chosen.has(i));
  const { value, pairs } = openValue(picked);
  const asPairs = picked.length > 0 && picked.every((g) => g.shape === "pair");
  const total = asPairs ? app.t("r101.meterPairs", { n: pairs, needed: neededPairs }) : app.t("r101.meter", { value, needed });
  return h(
    "div",
    { key: "tray", class: "overlay", dataset: { openTray: "" }, onclick: (e) => e.target === e.currentTarget && onClose() },
    h(
      "div",
      { class: "panel tray" },
      h("h2", {}, app.t(opened ? "r101.trayMeld" : "r101.tray")),
      h(
        "div",
        { class: "tray__groups" },
        update.groups.length === 0 ? h("p", {}, app.t("r101.trayEmpty")) : null,
        update.groups.map((g, i) =>
          h(
            "button",
            {
              key: i,
              class: `tray__group${chosen.has(i) ? " is-on" : ""}${g.shape ? "" : " is-invalid"}`,
              dataset: { openGroup: i, shape: g.shape ?? "none" },
              "aria-pressed": String(chosen.has(i)),
              disabled: !g.shape,
              onclick: () => onToggle(i),
            },
            h("span", { class: "tray__tiles" }, g.tiles.map((t) => tileView(t, { ...T.look, small: true }))),
            h("small", {}, g.shape === "pair" ? app.t("r101.pair") : g.shape ? String(g.value) : app.t("r101.noMeld")),
          ),
        ),
      ),
      h("p", { class: "tray__total", dataset: { openValue: value, openPairs: pairs } }, opened ? app.t("r101.trayCount", { n: picked.length }) : total),
      h(
        "div",
        { class: "button-row" },
        h("button", { class: "btn", dataset: { action: "tray-close" }, onclick: onClose }, app.t("action.close")),
        h("button", {
          class: "btn btn--primary",
          dataset: { action: "open-confirm" },
          disabled: picked.length === 0,
          onclick: () => onConfirm(picked.map((g) => g.tiles), opened),
        }, app.t(opened ? "r101.meld" : "r101.open")),
      ),
    ),
  );
}
