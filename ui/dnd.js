// Drag and drop with pointer events, so mouse, touch and pen behave alike. A press that
// does not move past a few pixels is a click; otherwise a ghost follows the pointer and the
// element under it with a `data-drop` attribute receives the drop.

import { h } from "./dom.js";

const THRESHOLD = 6;

function dropTargetAt(x, y) {
  const under = document.elementFromPoint(x, y);
  return under ? under.closest("[data-drop]") : null;
}

// Makes `el` draggable. `onClick()` runs for a press without a drag, `onDrop(target)` with
// the `[data-drop]` element it was dropped on (or null).
export function draggable(el, { onClick, onDrop }) {
  el.addEventListener("pointerdown", (down) => {
    if (down.button !== 0) {
      return;
    }
    down.preventDefault();
    const startX = down.clientX;
    const startY = down.clientY;
    let ghost = null;
    let hovered = null;
    el.setPointerCapture?.(down.pointerId);

    const move = (e) => {
      if (e.pointerId !== down.pointerId) {
        return;
      }
      if (!ghost) {
        if (Math.hypot(e.clientX - startX, e.clientY - startY) < THRESHOLD) {
          return;
        }
        const box = el.getBoundingClientRect();
        ghost = h("div", { class: "drag-ghost" }, el.cloneNode(true));
        ghost.style.width = `${box.width}px`;
        ghost.style.height = `${box.height}px`;
        document.body.append(ghost);
        el.classList.add("is-dragging");
      }
      ghost.style.transform = `translate(${e.clientX - ghost.offsetWidth / 2}px, ${e.clientY - ghost.offsetHeight / 2}px)`;
      const target = dropTargetAt(e.clientX, e.clientY);
      if (target !== hovered) {
        hovered?.classList.remove("is-drop-target");
        target?.classList.add("is-drop-target");
        hovered = target;
      }
    };

    const finish = (e) => {
      if (e.pointerId !== down.pointerId) {
        return;
      }
      el.removeEventListener("pointermove", move);
      el.removeEventListener("pointerup", finish);
      el.removeEventListener("pointercancel", finish);
      hovered?.classList.remove("is-drop-target");
      if (ghost) {
        ghost.remove();
        el.classList.remove("is-dragging");
        if (e.type === "pointerup") {
          onDrop(dropTargetAt(e.clientX, e.clientY));
        }
      } else if (e.type === "pointerup") {
        onClick();
      }
    };

    el.addEventListener("pointermove", move);
    el.addEventListener("pointerup", finish);
    el.addEventListener("pointercancel", finish);
  });
}
