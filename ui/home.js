// The home screen. Continue appears when a match is in play: the one on the table, else the
// most recently played saved one (after a restart). Quick starts begin a match of either game
// at once, against three medium bots with the last rules of that game. Entries lead only to
// screens that work.

import { h } from "./dom.js";
import { lastSetup, listSaves } from "./ipc.js";
import { isResumable, unavailableNotice } from "./saves.js";
import { RULES101_DEFAULTS } from "./games/r101/newgame.js";

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
  const resume = entry("continue", app.t("home.continue"), () => app.resumeGame(resumable), true);
  const fresh = entry("new-game", app.t("home.new"), () => app.show("new-game"));
  menu.append(
    entry("quick-duz", app.t("home.quickDuz"), () => quickStart(app, "duz")),
    entry("quick-101", app.t("home.quick101"), () => quickStart(app, "101")),
    fresh,
    entry("saves", app.t("home.saves"), () => app.show("saves")),
    entry("practice", app.t("home.practice"), () => app.show("practice")),
    entry("stats", app.t("home.stats"), () => app.show("stats")),
    entry("settings", app.t("home.settings"), () => app.show("settings")),
    entry("rules", app.t("home.rules"), () => app.show("rules")),
  );
  // Only Continue comes and goes, so the other buttons stay the same elements while the
  // saves list arrives (a tap on them is never lost to a redraw).
  function render(id) {
    resumable = id;
    if (id === null) {
      resume.remove();
    } else if (!resume.isConnected) {
      menu.prepend(resume);
    }
    fresh.classList.toggle("btn--primary", id === null);
  }

  const el = h(
    "main",
    { class: "home", dataset: { screen: "home" } },
    h("img", { class: "home__icon", src: "icon.svg", alt: "", width: 112, height: 112 }),
    h("h1", { class: "home__title" }, "Okey"),
    h("p", { class: "home__tagline" }, app.t("home.tagline")),
    menu,
    notices,
    h("p", { class: "home__version", dataset: { appVersion: "" } }, app.version ?? ""),
  );
  // The live match answers at once; the saves list follows.
  const live = app.table && !app.table.view.winners ? app.table.game : null;
  render(live);
  listSaves()
    .then((saves) => {
      if (gone) return;
      const inPlay = saves.matches.filter(isResumable);
      const resumable = inPlay.find((m) => m.id === saves.playing) ?? inPlay[0];
      render(resumable?.id ?? null);
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
