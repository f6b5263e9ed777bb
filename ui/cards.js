// What the statistics of both games are written with: a card's line (a label and its
// number, `data-stat` naming it for automation) and a share in percent.

import { h } from "./dom.js";

/**
 * @param {number} part
 * @param {number} whole
 */
export const percent = (part, whole) => (whole > 0 ? `${Math.round((100 * part) / whole)}%` : "–");

/**
 * @param {any} app
 * @param {string} key the label's word key
 * @param {string | number} value
 * @param {string} stat
 */
export const statLine = (app, key, value, stat) =>
  h("div", { class: "row" }, h("span", {}, app.t(key)), h("strong", { dataset: { stat } }, String(value)));
