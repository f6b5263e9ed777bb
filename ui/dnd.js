// Drag and drop with pointer events, so mouse, touch and pen behave alike. A press that
// does not move past a few pixels is a click; otherwise a ghost follows the pointer and the
// element under it with a `data-drop` attribute receives the drop.

import { h } from "./dom.js";

const THRESHOLD = 6;
// A press held this long without moving opens the element's menu (touch has no right click).
const LONG_PRESS_MS = 500;
// Some webviews follow a touch with emulated mouse events, which would press a second time:
// a mouse press this soon after a touch ended is that echo, and is ignored.
const ECHO_MS = 600;
let touchEnded = -Infinity;
// A second tap on the same thing this soon after the first is a double tap. The element
// itself may be new by then (a tap redraws the rack), so taps are told apart by a key.
const DOUBLE_TAP_MS = 350;
let lastTap = { key: undefined, at: -Infinity };

function dropTargetAt(x, y) {
  const under = document.elementFromPoint(x, y);
  return under ? under.closest("[data-drop]") : null;
}

// Makes `el` draggable. `onClick()` runs for a press without a drag, `onDrop(target)` with
// the `[data-drop]` element it was dropped on (or null), and `onMenu()`, when given, for a
// long press or a right click. With `onDoubleTap` and a `tapKey` naming what `el` shows, a
// second press on the same key within DOUBLE_TAP_MS runs `onDoubleTap()` instead of a click.
export function draggable(el, { onClick, onDrop, onMenu, onDoubleTap, tapKey }) {
  if (onMenu) {
    el.addEventListener("contextmenu", (e) => {
      e.preventDefault();
      onMenu();
    });
  }
  el.addEventListener("pointerdown", (down) => {
    if (down.button !== 0 || !down.isPrimary) {
      return;
    }
    if (down.pointerType === "mouse" && down.timeStamp - touchEnded < ECHO_MS) {
      return;
    }
    down.preventDefault();
    const startX = down.clientX;
    const startY = down.clientY;
    let ghost = null;
    let hovered = null;
    let held = false;
    el.setPointerCapture?.(down.pointerId);
    const timer = onMenu
      ? setTimeout(() => {
          held = true;
          onMenu();
        }, LONG_PRESS_MS)
      : null;

    const move = (e) => {
      if (e.pointerId !== down.pointerId) {
        return;
      }
      if (!ghost) {
        if (held || Math.hypot(e.clientX - startX, e.clientY - startY) < THRESHOLD) {
          return;
        }
        clearTimeout(timer);
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
      clearTimeout(timer);
      if (down.pointerType !== "mouse") {
        touchEnded = e.timeStamp;
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
      } else if (e.type === "pointerup" && !held) {
        const now = performance.now();
        if (onDoubleTap && lastTap.key === tapKey && now - lastTap.at < DOUBLE_TAP_MS) {
          lastTap = { key: undefined, at: -Infinity };
          onDoubleTap();
        } else {
          lastTap = { key: tapKey, at: now };
          onClick();
        }
      }
    };

    el.addEventListener("pointermove", move);
    el.addEventListener("pointerup", finish);
    el.addEventListener("pointercancel", finish);
  });
}
