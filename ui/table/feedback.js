// Short feedback over the table: a gösterge, a penalty. A label rises over the element it is
// about (or the middle of the screen), fades and is removed: a CSS animation of transform and
// opacity, run once. With animations off it shows still for the same time. `data-feedback`
// names what it is about (automation hook).

import { h } from "../dom.js";

const SHOWN_MS = 1400;

/**
 * Shows `text` over `anchor` (an element, or null for the screen's middle).
 * @param {string} text
 * @param {{anchor?: Element | null, kind: "gosterge" | "penalty", still?: boolean}} how
 */
export function showFeedback(text, { anchor = null, kind, still = false }) {
  const el = h(
    "div",
    { class: `feedback feedback--${kind}${still ? " feedback--still" : ""}`, dataset: { feedback: kind }, role: "status" },
    h("span", { class: "feedback__text" }, text),
  );
  const box = anchor?.getBoundingClientRect();
  if (box && box.width > 0) {
    el.style.left = `${box.left + box.width / 2}px`;
    el.style.top = `${box.top + box.height / 2}px`;
  } else {
    el.classList.add("feedback--centre");
  }
  document.body.append(el);
  setTimeout(() => el.remove(), SHOWN_MS);
  return el;
}
