// The replay screen: a finished round of a saved game, move by move (back, forward, play),
// from the player's seat or with every hand open; a 101 round's seats come from replay101.js. Each frame comes from the Rust side,
// which replays the saved log; only rounds that are over can be replayed.

import { h } from "./dom.js";
import { invoke } from "./ipc.js";
import { backEl, faceEl, faceKind, tileEl, tileName } from "./tile.js";
import { seatName } from "./seats.js";
import { action101Text, seat101El } from "./replay101.js";

const PLAY_MS = 700;

// An action in words: "Ayşe discarded red 5", at the table seen in `view`.
function actionText(app, view, seat, action, bots) {
  const name = seatName(app, view, seat, bots);
  if (action === "draw") return app.t("replay.draw", { name });
  if (action === "take_discard") return app.t("replay.take", { name });
  if (action === "show_indicator") return app.t("replay.gosterge", { name });
  if (action === "end_round") return app.t("replay.endRound", { name });
  if (action.discard !== undefined) return app.t("replay.discard", { name, tile: tileName(app, action.discard) });
  if (action.finish !== undefined) return app.t("replay.finish", { name, tile: tileName(app, action.finish) });
  return "";
}

export function replayScreen(app) {
  const el = h("main", { class: "page page--wide replay", dataset: { screen: "replay" } });
  const state = { id: app.replay?.id, round: app.replay?.round ?? 1, step: 0, open: false };
  let frame = null;
  let timer = null;
  let gone = false;
  let asked = 0;

  async function load(step) {
    const mine = ++asked;
    try {
      const answer = await invoke("replay_frame", { id: state.id, round: state.round, step, open: state.open });
      if (gone || mine !== asked) return;
      frame = answer;
      state.step = answer.step;
      render();
    } catch (error) {
      stop();
      app.fail(error);
      if (!frame) app.show("saves");
    }
  }

  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
  }

  function play() {
    if (timer !== null) {
      stop();
      render();
      return;
    }
    if (frame && state.step >= frame.steps) state.step = 0;
    timer = setInterval(() => {
      if (!frame || state.step >= frame.steps) {
        stop();
        render();
        return;
      }
      load(state.step + 1);
    }, PLAY_MS);
    render();
  }

  function seatEl(p) {
    const okeyKind = faceKind(frame.view.okey);
    const open = frame.hands?.[p.seat];
    const own = p.seat === frame.view.seat ? frame.view.rack : null;
    const revealed = frame.view.revealed?.[p.seat];
    const slots = open ?? own ?? revealed;
    const tiles = slots
      ? slots.filter((t) => t !== null).map((id) => tileEl(id, { okeyKind, mark: app.settings.okey_mark, small: true }))
      : Array.from({ length: p.tiles }, () => backEl());
    const acted = frame.last && frame.last[0] === p.seat;
    return h(
      "div",
      { class: `replay__seat${acted ? " is-turn" : ""}`, dataset: { replaySeat: p.seat, tiles: p.tiles } },
      h("div", { class: "replay__head" },
        h("strong", {}, seatName(app, frame.view, p.seat, frame.bots)),
        frame.bots[p.seat] ? h("span", { class: "muted" }, app.t(`level.${frame.bots[p.seat]}`)) : null,
        h("span", { class: "seat__score" }, String(p.score)),
        h("span", { class: "muted" }, app.t("replay.discards", { n: p.discards.count })),
        p.discards.top !== null && p.discards.top !== undefined ? tileEl(p.discards.top, { okeyKind, small: true }) : null,
      ),
      h("div", { class: "replay__rack", dataset: { replayRack: p.seat } }, tiles),
    );
  }

  function render() {
    if (!frame) {
      el.replaceChildren(h("h1", {}, app.t("replay.title")), h("p", { class: "muted" }, app.t("saves.loading")));
      return;
    }
    const { view } = frame;
    const is101 = frame.variant === "101";
    const words = is101 ? action101Text : actionText;
    const last = frame.last ? words(app, frame.view, frame.last[0], frame.last[1], frame.bots) : app.t("replay.deal");
    const indicator = is101 ? tileEl(view.indicator, { small: true }) : faceEl(view.indicator, { small: true });
    el.replaceChildren(
      h("h1", {}, app.t("replay.title")),
      h("section", { class: "card replay__controls" },
        h("label", { class: "row" }, h("span", {}, app.t("replay.round")),
          h("select", { dataset: { field: "replay-round" }, onchange: (e) => { stop(); state.round = Number(e.target.value); load(0); } },
            frame.rounds.map((r) => h("option", { value: r, selected: r === frame.round }, String(r))))),
        h("div", { class: "replay__buttons" },
          h("button", { class: "btn", dataset: { action: "replay-start" }, disabled: state.step === 0, onclick: () => { stop(); load(0); } }, "|◀"),
          h("button", { class: "btn", dataset: { action: "replay-back" }, disabled: state.step === 0, onclick: () => { stop(); load(state.step - 1); } }, "◀"),
          h("button", { class: "btn btn--primary", dataset: { action: "replay-play" }, onclick: play }, timer !== null ? "❚❚" : "▶"),
          h("button", { class: "btn", dataset: { action: "replay-forward" }, disabled: state.step >= frame.steps, onclick: () => { stop(); load(state.step + 1); } }, "▶|"),
          h("span", { class: "replay__count", dataset: { replayStep: frame.step, replaySteps: frame.steps } }, `${frame.step} / ${frame.steps}`),
        ),
        h("label", { class: "check" },
          h("input", { type: "checkbox", dataset: { action: "replay-open" }, checked: state.open, onchange: (e) => { state.open = e.target.checked; load(state.step); } }),
          app.t("replay.open")),
      ),
      h("p", { class: "replay__last", dataset: { replayLast: "" } }, last),
      h("div", { class: "replay__centre" },
        h("span", {}, app.t("table.pile"), " ", h("strong", { dataset: { pile: "", count: view.pile } }, String(view.pile))),
        h("span", { dataset: { indicator: "" } }, app.t("table.indicator"), " ", indicator),
      ),
      h("div", { class: "replay__seats" }, view.players.map((p) => (is101 ? seat101El(app, frame, p) : seatEl(p)))),
      h("div", { class: "page__buttons" }, h("button", { class: "btn", dataset: { action: "back" }, onclick: () => app.show("saves") }, app.t("back"))),
    );
  }

  render();
  if (state.id === undefined) {
    app.show("saves");
  } else {
    load(0);
  }
  return { el, dispose: () => { gone = true; stop(); } };
}
