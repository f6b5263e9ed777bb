// Toasts: short messages over the top of the screen, or on the table just above the rack,
// where they cover no seat. A message already showing is shown again with a count rather
// than once more, and at most three show at once (the oldest goes first), so repeated
// refused clicks cannot fill the screen.

import { h } from "./dom.js";

// More than this many at once and they cover the table.
const MAX_SHOWN = 3;
// Long enough to read a sentence; errors stay a little longer.
const LIFE_MS = { error: 5000, info: 3200 };

// `above()` names the element toasts stand on when there is one (the rack).
export function toaster(container, above = () => null) {
  const timers = new WeakMap();

  // On the table the seats line the top edge: toasts stand on the rack instead.
  function place() {
    const floor = above()?.getBoundingClientRect();
    container.classList.toggle("toasts--low", Boolean(floor));
    container.style.bottom = floor ? `${Math.round(innerHeight - floor.top + 6)}px` : "";
  }

  function expire(note, kind) {
    clearTimeout(timers.get(note));
    timers.set(note, setTimeout(() => note.remove(), LIFE_MS[kind] ?? LIFE_MS.info));
  }

  function toast(message, kind = "info") {
    place();
    const text = String(message);
    const same = [...container.children].find((n) => n.dataset.toast === kind && n.dataset.text === text);
    if (same) {
      const count = Number(same.dataset.count ?? "1") + 1;
      same.dataset.count = String(count);
      same.querySelector(".toast__count").textContent = `×${count}`;
      // Newest last, and a short bump so the repeat is seen (restarted by a reflow).
      container.append(same);
      same.classList.remove("toast--again");
      void same.offsetWidth;
      same.classList.add("toast--again");
      expire(same, kind);
      return;
    }
    const note = h(
      "div",
      { class: `toast toast--${kind}`, dataset: { toast: kind, text } },
      h("span", { class: "toast__text" }, text),
      h("span", { class: "toast__count" }),
    );
    container.append(note);
    while (container.children.length > MAX_SHOWN) {
      container.firstElementChild.remove();
    }
    expire(note, kind);
  }

  // The table's news (who opened, who took) means nothing on the next screen; errors stay.
  toast.clearInfo = () => {
    for (const note of container.querySelectorAll(".toast--info")) note.remove();
  };
  return toast;
}
