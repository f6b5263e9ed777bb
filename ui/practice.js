// The practice screen: build any hand from the 53 faces (two of each, two false jokers, the
// indicator taking one copy of its face), pick the indicator or deal a random hand, and
// read the assistant's verdict: win or not, the distance, a winning arrangement laid out,
// and for 15 tiles every finishing discard and the best discards with their outs. In Okey 101
// mode the rack holds 1 to 22 tiles and the verdict is the best opening. Each game's verdict
// is its own (ui/games/*/practice.js).

import { h } from "./dom.js";
import { practiceCheck, practiceDeal } from "./ipc.js";
import { idsOfTokens, kindOfToken, LETTERS, okeyKindOf, tileEl, tileName } from "./tile.js";
import { errorText } from "./errors.js";
import { puzzlesWidget } from "./puzzles.js";
import { duzVerdict } from "./games/duz/practice.js";
import { r101Verdict } from "./games/r101/practice.js";
import { variantSwitch } from "./variant.js";

// Each game's verdict card for a checked rack.
const VERDICTS = { duz: duzVerdict, 101: r101Verdict };

// Per variant: the most tiles, the fewest to check, the size of a dealt rack.
const MODES = {
  duz: { max: 15, min: 14, deal: 15 },
  101: { max: 22, min: 1, deal: 21 },
};

const ALL_FACES = LETTERS.flatMap((l) => Array.from({ length: 13 }, (_, i) => `${l}${i + 1}`));

// Where the palette stands beside the rack (style.css, the practice screen's media query).
const SIDE_BY_SIDE = window.matchMedia("(min-width: 700px) and (max-height: 500px)");

export function practiceScreen(app) {
  const el = h("main", { class: "page page--wide page--practice", dataset: { screen: "practice" } });
  const state = app.practice ?? { indicator: "K4", variant: "duz", racks: { duz: [], 101: [] } };
  app.practice = state;
  const mode = () => MODES[state.variant];
  // The rack of the variant shown; each variant keeps its own.
  const hand = () => state.racks[state.variant];
  const setHand = (tiles) => {
    state.racks[state.variant] = tiles;
  };
  let verdict = null;
  let error = null;
  let asked = 0;
  // Made once, so a puzzle in progress survives the hand's redraws.
  const puzzles = puzzlesWidget(app);

  const okeyKind = () => okeyKindOf(state.indicator);
  // Copies of a token still free: two of each, minus the indicator's own copy.
  const left = (t) => 2 - hand().filter((x) => x === t).length - (t === state.indicator ? 1 : 0);
  // Tile ids for the hand: the first copy of a face, then the second (the Rust side agrees).
  const ids = () => {
    return idsOfTokens(hand());
  };
  const tile = (id, small = false) => tileEl(id, { okeyKind: okeyKind(), mark: app.settings.okey_mark, small });

  async function check() {
    verdict = null;
    error = null;
    if (hand().length < mode().min) {
      render();
      return;
    }
    const mine = ++asked;
    try {
      const answer = await practiceCheck(state.variant, state.indicator, hand());
      if (mine !== asked) return;
      verdict = answer;
    } catch (e) {
      if (mine !== asked) return;
      error = errorText(app, e);
    }
    render();
  }

  function add(t) {
    if (hand().length >= mode().max || left(t) <= 0) return;
    hand().push(t);
    check();
  }

  function removeAt(i) {
    hand().splice(i, 1);
    check();
  }

  function pickIndicator(t) {
    // The indicator needs a free copy of its face.
    if (hand().filter((x) => x === t).length >= 2) {
      app.toast(app.t("practice.noCopy", { tile: tileName(app, t) }), "error");
      return;
    }
    state.indicator = t;
    check();
  }

  async function deal() {
    try {
      const [indicator, tiles] = await practiceDeal(state.variant, mode().deal);
      state.indicator = indicator;
      setHand(tiles);
      check();
    } catch (e) {
      app.fail(e);
    }
  }

  function paletteEl() {
    const faces = [...ALL_FACES, "F"];
    return h(
      "div",
      { class: "palette" },
      faces.map((t) => {
        const n = left(t);
        const el = h("button", { class: `palette__tile${n <= 0 ? " is-used" : ""}`, dataset: { palette: t }, disabled: n <= 0 || hand().length >= mode().max, onclick: () => add(t), "aria-label": tileName(app, t) }, tile(kindOfToken(t) * 2, true), h("span", { class: "palette__left" }, String(Math.max(n, 0))));
        return el;
      }),
    );
  }

  function indicatorEl() {
    return h(
      "div",
      { class: "picker" },
      ALL_FACES.map((t) =>
        h("button", {
          class: `picker__face picker__face--${LETTERS.indexOf(t[0])}${t === state.indicator ? " is-on" : ""}`,
          dataset: { indicatorPick: t },
          "aria-pressed": String(t === state.indicator),
          "aria-label": tileName(app, t),
          onclick: () => pickIndicator(t),
        }, t.slice(1)),
      ),
    );
  }

  function handEl() {
    const tiles = ids().map((id, i) => {
      const el = tile(id);
      el.classList.add("is-removable");
      el.addEventListener("click", () => removeAt(i));
      return h("div", { class: "slot" }, el);
    });
    // Düz: one row of 16 (two of 8 beside the palette on a phone on its side); 101: two
    // rows of 12, as its 22 tiles sit on a rack.
    const perRow = state.variant === "101" ? 12 : SIDE_BY_SIDE.matches ? 8 : 16;
    const rows = Math.ceil((mode().max + 1) / perRow);
    while (tiles.length < rows * perRow) tiles.push(h("div", { class: "slot" }));
    const rowEls = Array.from({ length: rows }, (_, r) => h("div", { class: "rack__row" }, tiles.slice(r * perRow, (r + 1) * perRow)));
    return h("div", { class: `rack rack--practice rack--practice-${state.variant}`, dataset: { practiceHand: hand().join(" ") } }, rowEls);
  }

  function resultEl() {
    if (error) return h("p", { class: "notice notice--error", dataset: { practiceError: "" } }, error);
    if (hand().length < mode().min) {
      const key = state.variant === "101" ? "practice101.need" : "practice.need";
      return h("p", { class: "muted" }, app.t(key, { n: mode().min - hand().length }));
    }
    if (!verdict) return h("p", { class: "muted" }, app.t("saves.loading"));
    return VERDICTS[state.variant](app, verdict, hand(), ids(), (id) => tile(id, true));
  }

  // Düz or 101: which checker reads the rack.
  function variantEl() {
    return variantSwitch(app, state.variant, "practiceVariant", (v) => {
      state.variant = v;
      check();
    });
  }

  // The indicator, the rack being built with its buttons, the palette and the verdict; on a
  // phone on its side the palette stands beside the rack and the verdict (style.css).
  function render() {
    el.replaceChildren(
      h("h1", {}, app.t("practice.title")),
      variantEl(),
      h("div", { class: "practice__work" },
        h("section", { class: "card practice__hand" },
          h("div", { class: "row" },
            h("span", {}, app.t("practice.hand", { n: hand().length })),
            h("span", { class: "button-row" },
              h("button", { class: "btn", dataset: { action: "deal" }, onclick: deal }, app.t("practice.deal")),
              h("button", { class: "btn", dataset: { action: "clear" }, onclick: () => { setHand([]); check(); } }, app.t("practice.clear")),
              h("button", { class: "btn btn--primary", dataset: { action: "check" }, onclick: check }, app.t("practice.check")),
            ),
          ),
          handEl(),
        ),
        h("section", { class: "card practice__palette" }, paletteEl()),
        h("div", { class: "practice__verdict" }, resultEl()),
        h("section", { class: "card practice__indicator-card" },
          h("div", { class: "row" },
            h("span", {}, app.t("practice.indicator")),
            h("span", { class: "practice__indicator", dataset: { indicator: state.indicator } }, tile(kindOfToken(state.indicator) * 2, true), ` → ${app.t("tile.okey")}: ${tileName(app, okeyKind() * 2)}`),
          ),
          indicatorEl(),
        ),
      ),
      // The puzzles come from Düz games.
      state.variant === "duz" ? puzzles.el : "",
      h("div", { class: "page__buttons" }, h("button", { class: "btn", dataset: { action: "back" }, onclick: () => app.show("home") }, app.t("back"))),
    );
  }

  render();
  check();
  // The Düz rack's rows follow the layout when the window turns.
  const relayout = () => render();
  SIDE_BY_SIDE.addEventListener("change", relayout);
  return { el, dispose: () => SIDE_BY_SIDE.removeEventListener("change", relayout) };
}
