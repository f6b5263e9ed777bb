// The home screen: the title drawn with tiles, a Continue card when a match is in play (the
// one on the table, else the most recently played saved one: its game, round and scores, and
// "your turn" when it is), quick starts that begin a match of either game at
// once against three medium bots with the last rules of that game, and the other screens.
// Entries lead only to screens that work.

import { h } from "./dom.js";
import { lastSetup, listSaves } from "./ipc.js";
import { isResumable, scoreLine, unavailableNotice } from "./saves.js";
import { botName } from "./seats.js";
import { RULES101_DEFAULTS } from "./games/r101/newgame.js";

// The title's letters, each on a tile of one of the four colours.
const TITLE = [["O", "red"], ["K", "yellow"], ["E", "blue"], ["Y", "black"]];

/**
 * What the Continue card says of a saved match in play.
 * @param {any} app
 * @param {import("./types/rust").MatchSummary} match
 */
function continueLines(app, match) {
  const game = app.t(`variant.${match.variant}`);
  const round = match.rounds_total
    ? app.t("home.roundOf", { n: match.round, total: match.rounds_total })
    : app.t("home.round", { n: match.round });
  const scores = scoreLine(app, match, (kind, seat) => (kind === "human" ? app.t("you") : botName(seat)));
  return { what: `${game} · ${round}`, scores };
}

const QUICK_BOTS = ["medium", "medium", "medium"];

/**
 * Starts a match of `variant` against three medium bots, with the last rules of that game
 * (the engine's defaults the first time).
 * @param {any} app
 * @param {"duz" | "101"} variant
 */
async function quickStart(app, variant) {
  if (variant === "duz") {
    return app.startGame({ variant, rules: { ...app.settings.last_rules, players: 4 }, bots: QUICK_BOTS });
  }
  const last = await lastSetup("101").catch(() => null);
  const rules = last?.variant === "101" ? last.rules : {};
  return app.startGame({ variant, rules: { ...RULES101_DEFAULTS, ...rules, players: 4 }, bots: QUICK_BOTS });
}

export function homeScreen(app) {
  const entry = (action, label, onclick, primary = false) =>
    h("button", { class: `btn btn--big${primary ? " btn--primary" : ""}`, dataset: { action }, onclick }, label);
  const menu = h("nav", { class: "home__menu" });
  const notices = h("div", { class: "home__notices" });
  let gone = false;

  let resumable = null;
  // The Continue card is one button, filled in as the saves list arrives.
  const what = h("span", { class: "continue__what" });
  const scores = h("span", { class: "continue__scores", dataset: { continueScores: "" } });
  const turn = h("span", { class: "badge continue__turn", dataset: { yourTurn: "" } }, app.t("home.yourTurn"));
  const resume = h("button", { class: "continue", dataset: { action: "continue" }, onclick: () => app.resumeGame(resumable) },
    h("span", { class: "continue__head" }, h("strong", {}, app.t("home.continue")), turn),
    what,
    scores);
  const fresh = entry("new-game", app.t("home.new"), () => app.show("new-game"));
  menu.append(
    entry("quick-duz", app.t("home.quickDuz"), () => quickStart(app, "duz")),
    entry("quick-101", app.t("home.quick101"), () => quickStart(app, "101")),
    fresh,
    entry("saves", app.t("home.saves"), () => app.show("saves")),
    entry("learn", app.t("home.learn"), () => app.show("learn")),
    entry("practice", app.t("home.practice"), () => app.show("practice")),
    entry("stats", app.t("home.stats"), () => app.show("stats")),
    entry("settings", app.t("home.settings"), () => app.show("settings")),
    entry("rules", app.t("home.rules"), () => app.show("rules")),
  );
  const main = h("div", { class: "home__main" }, menu);
  // Only the Continue card comes and goes, so the other buttons stay the same elements while
  // the saves list arrives (a tap on them is never lost to a redraw).
  function render(id, match = null) {
    resumable = id;
    if (id === null) {
      resume.remove();
    } else if (!resume.isConnected) {
      main.prepend(resume);
    }
    main.classList.toggle("home__main--continue", id !== null);
    fresh.classList.toggle("btn--primary", id === null);
    const lines = match ? continueLines(app, match) : null;
    what.textContent = lines?.what ?? "";
    scores.textContent = lines?.scores ?? "";
    // Whose turn it is: the table on screen knows, else the save says (saves made before
    // the turn was kept do not).
    const live = app.table && app.table.game === id ? app.table.view : null;
    turn.hidden = (live ? live.turn : match?.turn) !== 0;
  }

  const el = h(
    "main",
    { class: "home", dataset: { screen: "home" } },
    h("header", { class: "home__brand" },
      h("h1", { class: "home__title", "aria-label": "Okey" },
        TITLE.map(([letter, colour]) => h("span", { class: `title-tile title-tile--${colour}`, "aria-hidden": "true" }, letter))),
      h("p", { class: "home__tagline" }, app.t("home.tagline"))),
    main,
    notices,
    h("p", { class: "home__version", dataset: { appVersion: "" } }, app.version ?? ""),
  );
  // The live match answers at once; the saves list follows.
  const live = app.table && !app.table.view.winners ? app.table.game : null;
  render(live);
  listSaves()
    .then((saves) => {
      if (gone) return;
      // Learn is offered once, on the first start.
      if (!app.settings.learn_offered) {
        notices.append(h("p", { class: "notice", dataset: { notice: "learn" } }, app.t("home.learnOffer"), " ",
          h("button", { class: "btn", dataset: { action: "learn-offer" }, onclick: () => app.show("learn") }, app.t("home.learn"))));
        app.saveSettings({ ...app.settings, learn_offered: true });
      }
      // A lesson's match goes on from Learn, where its steps are, never from here.
      const inPlay = saves.matches.filter((m) => isResumable(m) && !saves.lessons?.includes(m.id));
      const resumable = inPlay.find((m) => m.id === saves.playing) ?? inPlay[0];
      render(resumable?.id ?? null, resumable ?? null);
      // What was damaged is the system's own report: a tooltip for a bug report, while the
      // sentence is in the player's language.
      if (saves.recovered) {
        notices.append(h("p", { class: "notice", dataset: { notice: "recovered" }, title: saves.recovered }, app.t("saves.recovered")));
      }
      for (const fix of saves.repaired ?? []) {
        const lost = fix.lost > 0;
        notices.append(h("p", { class: "notice", dataset: { notice: lost ? "lost" : "repaired" } }, app.t(lost ? "saves.lost" : "saves.repaired", { name: fix.id, count: fix.lost })));
      }
      for (const fault of saves.set_aside) {
        notices.append(h("p", { class: "notice", dataset: { notice: "set-aside" } }, app.t("saves.setAside", { name: fault.name })));
      }
    })
    .catch((error) => {
      if (gone) return;
      // Another program may hold the saves: say which, and let the player try again.
      notices.append(unavailableNotice(app, error, () => { if (!gone) app.show("home"); }));
    });
  return { el, dispose: () => { gone = true; } };
}
