// Tiles as the engine numbers them (R1): id = kind * 2 + copy, kind = colour * 13 + number - 1,
// kind 52 the false joker. The webview only ever gets ids, never a tile's secrets beyond that.

import { h } from "./dom.js";
import { h as v } from "./view.js";
import { translator } from "./i18n.js";

const COLOURS = ["red", "yellow", "blue", "black"];
export const LETTERS = ["R", "Y", "B", "K"];
const SERDE_COLOURS = ["Red", "Yellow", "Blue", "Black"];
// A shape per colour, so colour-blind players can tell tiles apart.
const SHAPES = ["●", "▲", "■", "◆"];

const FALSE_JOKER_KIND = 52;

export function kindOf(id) {
  return id >> 1;
}

// {colour index, number} of a face as the engine serializes it ({colour: "Red", number: 4}).
export function faceKind(face) {
  return SERDE_COLOURS.indexOf(face.colour) * 13 + face.number - 1;
}

// Whether a value is a tile as the Rust side sends one in data: a face ({colour, number}),
// a kind ({Face: face} or "FalseJoker").
export function isTile(value) {
  if (value === "FalseJoker") return true;
  if (!value || typeof value !== "object") return false;
  const face = value.Face ?? value;
  return SERDE_COLOURS.includes(face.colour) && Number.isInteger(face.number);
}

// The kind of a tile given as an id, a notation token ("R5", "F"), a face or a kind.
function kindOfAny(tile) {
  if (typeof tile === "number") return kindOf(tile);
  if (tile === "FalseJoker") return FALSE_JOKER_KIND;
  if (typeof tile === "string") return kindOfToken(tile.toUpperCase());
  return faceKind(tile.Face ?? tile);
}

// A tile in words, in the app's language: "kırmızı 7", "black 12", "sahte okey". Letter
// codes never reach the player: in Turkish K would read as kırmızı (red), not black.
export function tileName(app, tile) {
  return kindName(app.t, kindOfAny(tile));
}

// Tiles in words, one after another.
export function tileNames(app, tiles) {
  return tiles.map((t) => tileName(app, t)).join(", ");
}

function kindName(t, kind) {
  if (kind === FALSE_JOKER_KIND) return t("tile.falseJoker");
  return t("tile.face", { colour: t(`tile.${COLOURS[Math.floor(kind / 13)]}`), n: (kind % 13) + 1 });
}

// The translator tile elements name themselves with (their aria-label); main.js sets it
// with the language.
let labelWords = translator("en");
export function useTileWords(t) {
  labelWords = t;
}

// The notation token of a tile id (R2): "R5", "K13", "F". Data for automation and the Rust
// side only; players read tileName.
export function token(id) {
  const kind = kindOf(id);
  if (kind === FALSE_JOKER_KIND) {
    return "F";
  }
  return `${LETTERS[Math.floor(kind / 13)]}${(kind % 13) + 1}`;
}

// The kind of a notation token (R5 -> 4, F -> 52).
export function kindOfToken(t) {
  return t === "F" ? FALSE_JOKER_KIND : LETTERS.indexOf(t[0]) * 13 + Number(t.slice(1)) - 1;
}

// Tile ids for tokens as the Rust side numbers a written hand: a face's first copy, then its
// second (R1).
export function idsOfTokens(tokens) {
  const used = new Map();
  return tokens.map((t) => {
    const copy = used.get(t) ?? 0;
    used.set(t, copy + 1);
    return kindOfToken(t) * 2 + copy;
  });
}

// The okey's kind under the indicator token: the next number of its colour, 13 then 1 (R4).
export function okeyKindOf(indicator) {
  const k = kindOfToken(indicator);
  return Math.floor(k / 13) * 13 + ((k % 13) + 1) % 13;
}

// How a tile looks, for either renderer: its classes, words and face (spans of text).
function tileLook(id, { okeyKind = -1, mark = false, small = false } = {}) {
  const kind = kindOf(id);
  const classes = ["tile"];
  if (small) classes.push("tile--small");
  let face;
  if (kind === FALSE_JOKER_KIND) {
    classes.push("tile--fake");
    // The false joker looks different from every numbered tile: a clover, no number.
    face = [["tile__fake", "✣"]];
  } else {
    const colour = Math.floor(kind / 13);
    classes.push(`tile--${COLOURS[colour]}`);
    face = [["tile__num", String((kind % 13) + 1)], ["tile__shape", SHAPES[colour]]];
  }
  const okey = kind === okeyKind;
  if (okey) {
    classes.push("tile--okey");
    if (mark) face.push(["tile__star", "★"]);
  }
  const label = okey ? `${kindName(labelWords, kind)} (${labelWords("tile.okey")})` : kindName(labelWords, kind);
  return { classes, face, label, okey };
}

// Only the number is read out; the shapes and the star are drawn for the eye.
const spoken = (cls) => cls === "tile__num";

// A tile element. `okeyKind` is the okey's kind this round; `mark` puts a star on okeys.
export function tileEl(id, options = {}) {
  const look = tileLook(id, options);
  return h(
    "div",
    { class: look.classes.join(" "), dataset: { tile: token(id), tileId: id }, "aria-label": look.label },
    look.face.map(([cls, text]) => h("span", { class: cls, "aria-hidden": spoken(cls) ? undefined : "true" }, text)),
  );
}

// The same tile for the keyed renderer (view.js). `extra` adds classes (selected, loose...),
// `props` the element's own (a key, handlers, `data-drop`).
export function tileView(id, options = {}, extra = "", props = {}) {
  const look = tileLook(id, options);
  return v(
    "div",
    {
      ...props,
      class: `${look.classes.join(" ")}${extra ? ` ${extra}` : ""}`,
      dataset: { tile: token(id), tileId: id, ...props.dataset },
      "aria-label": look.label,
    },
    look.face.map(([cls, text]) => v("span", { class: cls, "aria-hidden": spoken(cls) ? undefined : "true" }, text)),
  );
}

// Whether tile `id` is this round's okey (`okeyKind`).
export const isOkey = (id, okeyKind) => kindOf(id) === okeyKind;

// A face shown alone, like the indicator: a tile element for the face's first copy.
export function faceEl(face, options) {
  return tileEl(faceKind(face) * 2, options);
}

// The back of a tile, for opponents' racks.
export function backEl() {
  return h("div", { class: "tile-back", "aria-hidden": "true" });
}

export function backView(key) {
  return v("div", { key, class: "tile-back", "aria-hidden": "true" });
}
