// The controls of the new-game form, for its shared part and each game's rules card: a
// labelled row, a select and a check box, each with `data-field` naming it for automation.

import { h } from "./dom.js";

/**
 * A labelled row around a control.
 * @param {string} label
 * @param {Node} control
 */
export const row = (label, control) => h("label", { class: "row" }, h("span", {}, label), control);

/**
 * A select of `options` ([value, words]) with `value` chosen; `onchange` gets the value.
 * @param {string} name
 * @param {string | number} value
 * @param {[string | number, string][]} options
 * @param {(value: string) => void} onchange
 */
export const select = (name, value, options, onchange) =>
  h(
    "select",
    { dataset: { field: name }, onchange: (e) => onchange(e.target.value) },
    options.map(([v, label]) => h("option", { value: v, selected: String(v) === String(value) }, label)),
  );

/**
 * A check box for `rules[name]`, changed in place; `render` redraws the form (a check may
 * show or hide another option).
 * @param {Record<string, any>} rules
 * @param {string} name
 * @param {string} label
 * @param {() => void} render
 */
export const check = (rules, name, label, render) =>
  h(
    "label",
    { class: "check" },
    h("input", { type: "checkbox", dataset: { field: name }, checked: rules[name], onchange: (e) => { rules[name] = e.target.checked; render(); } }),
    label,
  );
