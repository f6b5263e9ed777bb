// The saved-games screen: every match, Düz or 101, newest first, with its table, round,
// scores and state. A match in play resumes where it was left; any match can be deleted after a
// second tap confirms it. Matches the store found damaged are named, never hidden.

import { h } from "./dom.js";
import { deleteSave, listSaves, retrySaves } from "./ipc.js";
import { errorText } from "./errors.js";
import { botName } from "./seats.js";
import { forgetTable } from "./tablestate.js";

// A saved match the player can continue: in play, with the player at the bottom seat.
export function isResumable(match) {
  return match.state.state === "in_play" && match.seats[0] === "human";
}

// Why the saved games cannot be used (another program holds them, say), with a Retry
// button; `onOpened` gets the saves list once they open.
export function unavailableNotice(app, error, onOpened) {
  const text = h("span", {}, errorText(app, error));
  const retry = h("button", { class: "btn", dataset: { action: "retry-saves" } }, app.t("saves.retry"));
  retry.onclick = () => {
    retry.disabled = true;
    retrySaves()
      .then(onOpened)
      .catch((again) => { text.textContent = errorText(app, again); })
      .finally(() => { retry.disabled = false; });
  };
  return h("div", { class: "notice notice--error", dataset: { notice: "no-saves" } }, text, " ", retry);
}

/**
 * A saved match's scores in a line, each seat named by `nameOf(kind, seat)`; in Düz
 * partnership the scores are per team, seats 0+2 and 1+3 (R24).
 * @param {any} app
 * @param {import("./types/rust").MatchSummary} match
 * @param {(kind: string, seat: number) => string} nameOf
 */
export function scoreLine(app, match, nameOf) {
  if (match.rules.partnership && match.variant === "duz") {
    return match.scores.map((s, i) => `${app.t("saves.team", { n: i + 1 })}: ${s}`).join(" · ");
  }
  return match.seats.map((kind, seat) => `${nameOf(kind, seat)}: ${match.scores[seat] ?? "–"}`).join(" · ");
}

export function savesScreen(app) {
  const el = h("main", { class: "page", dataset: { screen: "saves" } });
  let saves = null;
  // Why there are no saves to show (another program holds them), with a Retry.
  let unavailable = null;
  let confirming = null;
  let gone = false;

  const when = (ms) =>
    new Date(ms).toLocaleString(app.lang, { dateStyle: "medium", timeStyle: "short" });

  function seatName(kind, seat) {
    return kind === "human" ? app.t("you") : `${botName(seat)} (${app.t(`level.${kind}`)})`;
  }

  function row(match) {
    const finished = match.state.state === "finished";
    const is101 = match.variant === "101";
    const playable = isResumable(match);
    const id = match.id;
    const status = finished
      ? app.t("saves.finished", { names: match.state.winners.map((s) => seatName(match.seats[s], s)).join(", ") })
      : is101
        ? app.t("saves.inPlay101", { n: Math.min((match.rounds_played ?? 0) + 1, match.rounds_total ?? 0), total: match.rounds_total })
        : app.t("saves.inPlay", { n: match.round });
    const table = is101
      ? app.t("saves.table101", { n: match.rules101.players, rounds: match.rules101.rounds, actions: match.actions })
      : app.t("saves.table", { n: match.rules.players, points: match.rules.start_points, actions: match.actions });
    return h(
      "li",
      { class: "save", dataset: { save: id, state: match.state.state, variant: match.variant } },
      h("div", { class: "save__head" },
        h("span", { class: "badge badge--variant" }, app.t(`variant.${match.variant}`)),
        saves.lessons?.includes(id) ? h("span", { class: "badge", dataset: { lessonMatch: "" } }, app.t("saves.lesson")) : null,
        h("strong", {}, when(match.last_played_ms)),
        h("span", { class: "save__status" }, status),
        saves.playing === id ? h("span", { class: "badge", dataset: { playing: "" } }, app.t("saves.onTable")) : null,
      ),
      h("div", { class: "save__line" }, table),
      h("div", { class: "save__line save__scores", dataset: { scores: "" }, title: is101 ? app.t("saves.points101") : null }, scoreLine(app, match, seatName)),
      h("div", { class: "save__buttons" },
        finished || match.round > 1
          ? h("button", { class: "btn", dataset: { action: "replay", save: id }, onclick: () => { app.replay = { id, round: 1 }; app.show("replay"); } }, app.t("saves.replay"))
          : null,
        // Rounds that are over can be reviewed.
        finished || match.round > 1
          ? h("button", { class: "btn", dataset: { action: "review", save: id }, onclick: () => { app.review = { id, round: 1 }; app.show("review"); } }, app.t("review.action"))
          : null,
        playable
          ? h("button", { class: "btn btn--primary", dataset: { action: "resume", save: id }, onclick: () => app.resumeGame(id) }, app.t("home.continue"))
          : null,
        confirming === id
          ? h("button", { class: "btn btn--danger", dataset: { action: "confirm-delete", save: id }, onclick: () => remove(id) }, app.t("saves.confirmDelete"))
          : h("button", { class: "btn", dataset: { action: "delete", save: id }, onclick: () => { confirming = id; render(); } }, app.t("saves.delete")),
      ),
    );
  }

  async function remove(id) {
    try {
      saves = await deleteSave(id);
      confirming = null;
      forgetTable(id);
      render();
    } catch (error) {
      app.fail(error);
    }
  }

  function render() {
    if (gone) return;
    const body = [];
    if (saves === null) {
      body.push(h("p", { class: "muted" }, app.t("saves.loading")));
    } else {
      // What was damaged is the system's own report: a tooltip for a bug report, while the
      // sentence is in the player's language.
      if (saves.recovered) {
        body.push(h("p", { class: "notice", dataset: { notice: "recovered" }, title: saves.recovered }, app.t("saves.recovered")));
      }
      for (const fix of saves.repaired ?? []) {
        const lost = fix.lost > 0;
        body.push(h("p", { class: "notice", dataset: { notice: lost ? "lost" : "repaired" } }, app.t(lost ? "saves.lost" : "saves.repaired", { name: fix.id, count: fix.lost })));
      }
      for (const fault of saves.set_aside) {
        body.push(h("p", { class: "notice", dataset: { notice: "set-aside" } }, app.t("saves.setAside", { name: fault.name })));
      }
      if (unavailable) {
        body.push(unavailableNotice(app, unavailable, (listed) => {
          unavailable = null;
          saves = listed;
          render();
        }));
      }
      body.push(
        unavailable ? "" : saves.matches.length === 0
          ? h("p", { class: "muted", dataset: { empty: "" } }, app.t("saves.none"))
          : h("ul", { class: "saves" }, saves.matches.map(row)),
      );
    }
    el.replaceChildren(
      h("h1", {}, app.t("saves.title")),
      ...body,
      h("div", { class: "page__buttons" }, h("button", { class: "btn", dataset: { action: "back" }, onclick: () => app.show("home") }, app.t("back"))),
    );
  }

  render();
  listSaves()
    .then((listed) => {
      saves = listed;
      render();
    })
    .catch((error) => {
      saves = { matches: [], set_aside: [], repaired: [], recovered: null, playing: null };
      unavailable = error;
      render();
    });
  return { el, dispose: () => { gone = true; } };
}
