// Tiles flying across the table: a clone laid over the page at the source, moved to the
// target with the Web Animations API and removed when it lands. Only transform and opacity
// change, so nothing else on the page is laid out or painted again while it flies.

import { h } from "../dom.js";

// A flight's length at each bot speed: quick enough not to hold the game up.
const FLIGHT_MS = { slow: 350, normal: 260, fast: 190, instant: 150 };

export function flightMs(settings) {
  return FLIGHT_MS[settings.bot_speed] ?? FLIGHT_MS.normal;
}

// Whether things may move: the animations setting, and the system's reduced-motion wish.
export function motionAllowed(settings) {
  return settings.animations !== false && !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

// Flies `face` (an element, taken over) from box `from` to box `to` (DOMRects) in `ms`,
// starting after `delay` ms; `landed` runs when it is gone.
export function fly(face, from, to, { ms, delay = 0, landed = () => {} }) {
  if (!from || !to || from.width === 0 || to.width === 0) {
    landed();
    return;
  }
  const layer = h("div", { class: "flight", dataset: { flight: "" } }, face);
  Object.assign(layer.style, {
    left: `${from.left}px`,
    top: `${from.top}px`,
    width: `${from.width}px`,
    height: `${from.height}px`,
  });
  document.body.append(layer);
  const dx = to.left + to.width / 2 - (from.left + from.width / 2);
  const dy = to.top + to.height / 2 - (from.top + from.height / 2);
  const scale = Math.min(2, Math.max(0.4, to.width / from.width));
  let done = false;
  const end = () => {
    if (done) return;
    done = true;
    layer.remove();
    landed();
  };
  // A page hidden mid-flight may never finish the animation: the timer ends it anyway.
  setTimeout(end, delay + ms + 400);
  if (!layer.animate) {
    end();
    return;
  }
  const animation = layer.animate(
    [
      { transform: "translate(0, 0) scale(1)", opacity: delay > 0 ? 0 : 1 },
      { transform: "translate(0, 0) scale(1)", opacity: 1, offset: 0.001 },
      { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: 1 },
    ],
    { duration: ms, delay, easing: "cubic-bezier(0.25, 0.7, 0.3, 1)", fill: "backwards" },
  );
  animation.finished.then(end, end);
}
