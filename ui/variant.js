// The Düz / 101 switch the practice and statistics screens share: two buttons in a row,
// `data-<key>="duz"` and `data-<key>="101"` for automation, the chosen one pressed.

import { h } from "./dom.js";

export const VARIANTS = ["duz", "101"];

export function variantSwitch(app, chosen, key, pick) {
  return h("div", { class: "segmented", role: "radiogroup", "aria-label": app.t("practice.variant") },
    h("span", {}, app.t("practice.variant")),
    VARIANTS.map((v) =>
      h("button", {
        class: `btn${chosen === v ? " is-on" : ""}`,
        dataset: { [key]: v },
        "aria-pressed": String(chosen === v),
        onclick: () => pick(v),
      }, app.t(`variant.${v}`)),
    ),
  );
}
