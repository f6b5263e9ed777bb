// Presses, drags and drops with pointer events, so mouse, touch and pen behave alike. A
// press that does not move past a few pixels is a click; otherwise a ghost follows the
// pointer and the element under it with a `data-drop` attribute receives the drop. The
// handlers are props for the keyed renderer (view.js): the element pressed stays the same
// node while the table updates, so its release always reaches it.

import { h } from "./dom.js";

const THRESHOLD = 6;
// A press held this long without moving opens the element's menu (touch has no right click).
const LONG_PRESS_MS = 500;
// Some webviews follow a touch with emulated mouse events, which would press a second time:
// a mouse press this soon after a touch ended is that echo, and is ignored.
const ECHO_MS = 600;
// A second tap on the same thing this soon after the first is a double tap.
const DOUBLE_TAP_MS = 350;

/**
 * What a press on an element does: `onClick()` for a press without a drag, `onDrop(target)`
 * with the `[data-drop]` element it was dropped on (or null), `onMenu()` (optional) for a
 * long press or a right click, `onDoubleTap()` (optional) for a second tap within
 * DOUBLE_TAP_MS on the same `tapKey`.
 * @typedef {{onClick: () => void, onDrop: (target: HTMLElement | null) => void, onMenu?: () => void, onDoubleTap?: () => void, tapKey?: string}} PressHandlers
 */

/**
 * What a press came to: a drop once it was dragged, nothing after a long press (its menu
 * opened) or a cancel, else a tap.
 * @param {{dragged: boolean, held: boolean, released: boolean}} press
 * @returns {"drop" | "tap" | "none"}
 */
export function gestureOf({ dragged, held, released }) {
  if (!released) return "none";
  if (dragged) return "drop";
  return held ? "none" : "tap";
}

/**
 * Whether a tap at `now` on `key` is the second of a double tap after `last` (the first
 * tap's key and time).
 * @param {{key: string | undefined, at: number}} last
 */
export function isDoubleTap(last, key, now) {
  return key !== undefined && last.key === key && now - last.at < DOUBLE_TAP_MS;
}

let touchEnded = -Infinity;
/** @type {{key: string | undefined, at: number}} */
let lastTap = { key: undefined, at: -Infinity };

/** The element under a point that takes drops, if any. @returns {HTMLElement | null} */
function dropTargetAt(x, y) {
  const under = document.elementFromPoint(x, y);
  return under ? under.closest("[data-drop]") : null;
}

/**
 * Props that make an element pressable and draggable.
 * @param {PressHandlers} handlers
 */
export function pressable(handlers) {
  const props = {
    /** @param {PointerEvent} down */
    onpointerdown: (down) => press(down, handlers),
  };
  if (handlers.onMenu) {
    const onMenu = handlers.onMenu;
    props.oncontextmenu = (/** @type {Event} */ e) => {
      e.preventDefault();
      onMenu();
    };
  }
  return props;
}

/**
 * @param {PointerEvent} down
 * @param {PressHandlers} handlers
 */
function press(down, { onClick, onDrop, onMenu, onDoubleTap, tapKey }) {
  if (down.button !== 0 || !down.isPrimary) return;
  if (down.pointerType === "mouse" && down.timeStamp - touchEnded < ECHO_MS) return;
  const el = /** @type {HTMLElement} */ (down.currentTarget);
  down.preventDefault();
  const startX = down.clientX;
  const startY = down.clientY;
  /** @type {HTMLElement | null} */
  let ghost = null;
  /** @type {Element | null} */
  let hovered = null;
  let held = false;
  el.setPointerCapture?.(down.pointerId);
  const timer = onMenu
    ? setTimeout(() => {
        held = true;
        onMenu();
      }, LONG_PRESS_MS)
    : null;

  /** @param {PointerEvent} e */
  const move = (e) => {
    if (e.pointerId !== down.pointerId) return;
    if (!ghost) {
      if (held || Math.hypot(e.clientX - startX, e.clientY - startY) < THRESHOLD) return;
      if (timer) clearTimeout(timer);
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

  /** @param {PointerEvent} e */
  const finish = (e) => {
    if (e.pointerId !== down.pointerId) return;
    if (timer) clearTimeout(timer);
    if (down.pointerType !== "mouse") touchEnded = e.timeStamp;
    el.removeEventListener("pointermove", move);
    el.removeEventListener("pointerup", finish);
    el.removeEventListener("pointercancel", finish);
    hovered?.classList.remove("is-drop-target");
    if (ghost) {
      ghost.remove();
      el.classList.remove("is-dragging");
    }
    const gesture = gestureOf({ dragged: Boolean(ghost), held, released: e.type === "pointerup" });
    if (gesture === "drop") {
      onDrop(dropTargetAt(e.clientX, e.clientY));
    } else if (gesture === "tap") {
      const now = performance.now();
      if (onDoubleTap && isDoubleTap(lastTap, tapKey, now)) {
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
}
