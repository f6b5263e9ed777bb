// Seat avatars: a small face drawn in SVG from the seat's name, so each bot keeps its look
// from game to game without any picture file or network.

import { h } from "../view.js";

const BACKGROUNDS = ["#2b6f9e", "#8e4a9c", "#b5532f", "#2f8a6b", "#9c7a1f", "#4a5cb0", "#a23b5a"];
const SKINS = ["#f2c9a0", "#e0ac7e", "#c68a5c", "#9a6641", "#f7d9bb"];
const HAIRS = ["#2b1d12", "#5a3a1e", "#8c5a2b", "#c9a15a", "#3d3d3d", "#7a2e1a"];

// A small stable number from a string (FNV-1a), so a name always draws the same face.
function hash(text) {
  let n = 2166136261;
  for (const ch of text) {
    n ^= ch.codePointAt(0);
    n = Math.imul(n, 16777619) >>> 0;
  }
  return n;
}

// Hair styles, drawn over the head (centre 32,36, radius 17).
const STYLES = [
  // short
  (c) => [h("path", { d: "M15 34 Q16 15 32 15 Q48 15 49 34 Q45 24 32 23 Q19 24 15 34Z", fill: c })],
  // long
  (c) => [
    h("path", { d: "M13 52 Q10 16 32 14 Q54 16 51 52 L46 52 Q48 28 32 25 Q16 28 18 52Z", fill: c }),
  ],
  // bun
  (c) => [
    h("circle", { cx: 32, cy: 12, r: 6, fill: c }),
    h("path", { d: "M15 33 Q17 16 32 16 Q47 16 49 33 Q42 22 32 22 Q22 22 15 33Z", fill: c }),
  ],
  // cap
  (c) => [
    h("path", { d: "M14 30 Q16 13 32 13 Q48 13 50 30Z", fill: c }),
    h("rect", { x: 30, y: 27, width: 24, height: 4, rx: 2, fill: c }),
  ],
];

// An avatar for `name` (a virtual element of view.js); `me` marks the player's own (a gold rim).
export function avatarView(name, { me = false } = {}) {
  const n = hash(name);
  const pick = (list, shift) => list[(n >>> shift) % list.length];
  return h(
    "svg",
    { viewBox: "0 0 64 64", class: `avatar${me ? " avatar--me" : ""}`, "aria-hidden": "true" },
    h("circle", { cx: 32, cy: 32, r: 32, fill: pick(BACKGROUNDS, 0) }),
    h("path", { d: "M10 64 Q12 46 32 46 Q52 46 54 64Z", fill: pick(BACKGROUNDS, 3), opacity: 0.55 }),
    h("circle", { cx: 32, cy: 36, r: 17, fill: pick(SKINS, 6) }),
    ...pick(STYLES, 9)(pick(HAIRS, 12)),
    h("circle", { cx: 26, cy: 37, r: 2, fill: "#221a14" }),
    h("circle", { cx: 38, cy: 37, r: 2, fill: "#221a14" }),
    h("path", { d: "M26 44 Q32 49 38 44", stroke: "#6b2e22", "stroke-width": 2, fill: "none", "stroke-linecap": "round" }),
  );
}
