// The practice screen: build any hand from the 53 faces (two of each, two false jokers, the
// indicator taking one copy of its face), pick the indicator or deal a random hand, and
// read the assistant's verdict: win or not, the distance, a winning arrangement laid out,
// and for 15 tiles every finishing discard and the best discards with their outs.

import { h } from "./dom.js";
import { invoke } from "./ipc.js";
import { idsOfTokens, kindOfToken, LETTERS, okeyKindOf, tileEl, tileName, token } from "./tile.js";
import { errorText } from "./errors.js";
import { distanceText, outsText } from "./assist.js";
import { puzzlesWidget } from "./puzzles.js";

const MAX_TILES = 15;

const ALL_FACES = LETTERS.flatMap((l) => Array.from({ length: 13 }, (_, i) => `${l}${i + 1}`));

export function practiceScreen(app) {
  const el = h("main", { class: "page page--wide", dataset: { screen: "practice" } });
  const state = app.practice ?? { indicator: "K4", hand: [] };
  app.practice = state;
  let verdict = null;
  let error = null;
  let asked = 0;
  // Made once, so a puzzle in progress survives the hand's redraws.
  const puzzles = puzzlesWidget(app);

  const okeyKind = () => okeyKindOf(state.indicator);
  // Copies of a token still free: two of each, minus the indicator's own copy.
  const left = (t) => 2 - state.hand.filter((x) => x === t).length - (t === state.indicator ? 1 : 0);
  // Tile ids for the hand: the first copy of a face, then the second (the Rust side agrees).
  const ids = () => {
    return idsOfTokens(state.hand);
  };
  const tile = (id, small = false) => tileEl(id, { okeyKind: okeyKind(), mark: app.settings.okey_mark, small });

  async function check() {
    verdict = null;
    error = null;
    if (state.hand.length < 14) {
      render();
      return;
    }
    const mine = ++asked;
    try {
      const answer = await invoke("practice_check", { indicator: state.indicator, tiles: state.hand });
      if (mine !== asked) return;
      verdict = answer;
    } catch (e) {
      if (mine !== asked) return;
      error = errorText(app, e);
    }
    render();
  }

  function add(t) {
    if (state.hand.length >= MAX_TILES || left(t) <= 0) return;
    state.hand.push(t);
    check();
  }

  function removeAt(i) {
    state.hand.splice(i, 1);
    check();
  }

  function pickIndicator(t) {
    // The indicator needs a free copy of its face.
    if (state.hand.filter((x) => x === t).length >= 2) {
      app.toast(app.t("practice.noCopy", { tile: tileName(app, t) }), "error");
      return;
    }
    state.indicator = t;
    check();
  }

  async function deal() {
    try {
      const [indicator, hand] = await invoke("practice_deal", { size: 15 });
      state.indicator = indicator;
      state.hand = hand;
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
        const el = h("button", { class: `palette__tile${n <= 0 ? " is-used" : ""}`, dataset: { palette: t }, disabled: n <= 0 || state.hand.length >= MAX_TILES, onclick: () => add(t), "aria-label": tileName(app, t) }, tile(kindOfToken(t) * 2, true), h("span", { class: "palette__left" }, String(Math.max(n, 0))));
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
    while (tiles.length < 16) tiles.push(h("div", { class: "slot" }));
    return h("div", { class: "rack rack--practice", dataset: { practiceHand: state.hand.join(" ") } }, h("div", { class: "rack__row" }, tiles));
  }

  function resultEl() {
    if (error) return h("p", { class: "notice notice--error", dataset: { practiceError: "" } }, error);
    if (state.hand.length < 14) return h("p", { class: "muted" }, app.t("practice.need", { n: 14 - state.hand.length }));
    if (!verdict) return h("p", { class: "muted" }, app.t("saves.loading"));
    const groups = h(
      "div",
      { class: "layout", dataset: { assistGroups: verdict.groups.length } },
      verdict.groups.map((g) => h("div", { class: "layout__group" }, g.map((id) => tile(id, true)))),
      verdict.loose.length ? h("div", { class: "layout__group layout__group--loose" }, verdict.loose.map((id) => tile(id, true))) : null,
    );
    const finishes = verdict.finishes.length
      ? h("div", { class: "row" }, h("span", {}, app.t("practice.finishes")), h("span", { class: "finishes" }, verdict.finishes.map((f) => h("span", { class: "finish", dataset: { finish: token(f.tile), points: f.points } }, tile(f.tile, true), ` ${f.points}${f.okey_discard ? " ×2" : ""}`))))
      : null;
    const discards = verdict.discards.length
      ? h("ol", { class: "discard-list" }, verdict.discards.slice(0, 5).map((d) => h("li", { dataset: { discardOption: token(d.tile), distance: d.distance } }, tile(d.tile, true), " ", distanceText(app, d.distance, 14, 0), " · ", outsText(app, d.outs))))
      : null;
    return h(
      "div",
      { class: "card", dataset: { assistVerdict: verdict.win ? "win" : "no-win" } },
      h("div", { class: "row" },
        h("strong", {}, verdict.win ? app.t(verdict.kind === "pairs" ? "practice.winPairs" : "practice.winMelds") : app.t("practice.noWin")),
        h("span", { class: "assist__distance", dataset: { assistDistance: verdict.distance } }, distanceText(app, verdict.distance, verdict.tiles.length, verdict.finishes.length)),
      ),
      groups,
      finishes,
      discards ? h("h2", {}, app.t("practice.bestDiscards")) : null,
      discards,
    );
  }

  function render() {
    el.replaceChildren(
      h("h1", {}, app.t("practice.title")),
      h("section", { class: "card" },
        h("div", { class: "row" },
          h("span", {}, app.t("practice.indicator")),
          h("span", { class: "practice__indicator", dataset: { indicator: state.indicator } }, tile(kindOfToken(state.indicator) * 2, true), ` → ${app.t("tile.okey")}: ${tileName(app, okeyKind() * 2)}`),
        ),
        indicatorEl(),
      ),
      h("section", { class: "card" },
        h("div", { class: "row" },
          h("span", {}, app.t("practice.hand", { n: state.hand.length })),
          h("span", { class: "button-row" },
            h("button", { class: "btn", dataset: { action: "deal" }, onclick: deal }, app.t("practice.deal")),
            h("button", { class: "btn", dataset: { action: "clear" }, onclick: () => { state.hand = []; check(); } }, app.t("practice.clear")),
            h("button", { class: "btn btn--primary", dataset: { action: "check" }, onclick: check }, app.t("practice.check")),
          ),
        ),
        handEl(),
        paletteEl(),
      ),
      resultEl(),
      puzzles.el,
      h("div", { class: "page__buttons" }, h("button", { class: "btn", dataset: { action: "back" }, onclick: () => app.show("home") }, app.t("back"))),
    );
  }

  render();
  check();
  return { el };
}
