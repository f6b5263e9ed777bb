// The replay screen: a finished round of a saved game, move by move (back, forward, play),
// from the player's seat or with every hand open; each game draws its seats and words its
// actions (ui/games/*/replay.js). Each frame comes from the Rust side, which replays the
// saved log; only rounds that are over can be replayed.

import { fill, h } from "./dom.js";
import { replayFrame } from "./ipc.js";
import { duzReplay } from "./games/duz/replay.js";
import { r101Replay } from "./games/r101/replay.js";

const PLAY_MS = 700;

const REPLAY = { duz: duzReplay, 101: r101Replay };

export function replayScreen(app) {
  const el = h("main", { class: "page page--wide replay", dataset: { screen: "replay" } });
  const state = { id: app.replay?.id, round: app.replay?.round ?? 1, step: app.replay?.step ?? 0, open: false };
  let frame = null;
  let timer = null;
  let gone = false;
  let asked = 0;
  // A review's word on the decision the replay was opened at, shown at that step.
  const note = app.replay?.note ?? null;

  async function load(step) {
    const mine = ++asked;
    try {
      const answer = await replayFrame(state.id, state.round, step, state.open);
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

  function render() {
    if (!frame) {
      el.replaceChildren(h("h1", {}, app.t("replay.title")), h("p", { class: "muted" }, app.t("saves.loading")));
      return;
    }
    const { view } = frame;
    const game = REPLAY[frame.variant === "101" ? 101 : "duz"];
    const last = frame.last ? game.actionText(app, frame.view, frame.last[0], frame.last[1], frame.bots) : app.t("replay.deal");
    const indicator = game.indicatorEl(view);
    fill(
      el,
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
      note && frame.step === note.step && frame.round === note.round
        ? h("p", { class: `replay__note replay__note--${note.grade}`, dataset: { replayNote: note.grade } }, note.text)
        : null,
      h("div", { class: "replay__centre" },
        h("span", {}, app.t("table.pile"), " ", h("strong", { dataset: { pile: "", count: view.pile } }, String(view.pile))),
        h("span", { dataset: { indicator: "" } }, app.t("table.indicator"), " ", indicator),
      ),
      h("div", { class: "replay__seats" }, view.players.map((p) => game.seatEl(app, frame, p))),
      h("div", { class: "page__buttons" }, h("button", { class: "btn", dataset: { action: "back" }, onclick: () => app.show("saves") }, app.t("back"))),
    );
  }

  render();
  if (state.id === undefined) {
    app.show("saves");
  } else {
    // A review opens the replay at the decision it names.
    load(state.step);
  }
  return { el, dispose: () => { gone = true; stop(); } };
}
