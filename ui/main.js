// Entry module: the one app object every screen gets, the screen switcher, and the single
// listener for bot moves. The Rust side owns the game; screens draw what it last said.

import * as api from "./ipc.js";
import { loadWords, resolveLanguage, translator } from "./i18n.js";
import { errorText } from "./errors.js";
import { useTileWords } from "./tile.js";
import { homeScreen } from "./home.js";
import { newGameScreen } from "./newgame.js";
import { settingsScreen } from "./settings.js";
import { rulesScreen } from "./rules.js";
import { savesScreen } from "./saves.js";
import { practiceScreen } from "./practice.js";
import { statsScreen } from "./stats.js";
import { replayScreen } from "./replay.js";
import { reviewScreen } from "./review.js";
import { learnScreen } from "./learn/screen.js";
import { tableScreen } from "./table/screen.js";
import { currentTable, offerTable, openTable } from "./tablestate.js";
import { reached } from "./probe.js";
import { toaster } from "./toasts.js";
import { playSound } from "./sound.js";

const SCREENS = {
  home: homeScreen,
  "new-game": newGameScreen,
  settings: settingsScreen,
  rules: rulesScreen,
  saves: savesScreen,
  practice: practiceScreen,
  stats: statsScreen,
  replay: replayScreen,
  review: reviewScreen,
  learn: learnScreen,
  table: tableScreen,
};

const root = document.getElementById("app");
const showToast = toaster(document.getElementById("toasts"), () => root.querySelector("[data-rack]"));

const app = {
  // Replaced at start by the saved settings; these hold only if the Rust side cannot answer.
  settings: { language: "auto", bot_speed: "normal", okey_mark: true, animations: true, last_rules: {}, last_seats: [], assistant: true, assistant_off: [], sound: true, turn_timer: 0 },
  lang: "en",
  t: translator("en"),
  version: null,
  // The last table update the webview was given; tablestate.js holds it and alone changes it.
  get table() {
    return currentTable();
  },
  // The setup of the match on the table (for a rematch).
  setup: null,
  // The saved game and round (and step) the replay screen shows.
  replay: null,
  // The saved game and round the review screen grades.
  review: null,
  // The practice hand, kept while the app runs.
  practice: null,
  // The Learn lesson in play: {id, game, step, wrong, complete}, kept while the app runs.
  lesson: null,
  screen: null,
  current: null,
  previous: "home",

  show(name) {
    this.current?.dispose?.();
    if (name !== this.screen) {
      this.previous = this.screen ?? "home";
    }
    // No table without a match on it.
    if (name === "table" && !this.table) name = "home";
    if (this.screen === "table" && name !== "table") showToast.clearInfo();
    this.screen = name;
    this.current = SCREENS[name](this);
    root.replaceChildren(this.current.el);
    root.dataset.current = name;
    if (name === "table") reached(this, "table");
  },

  back() {
    this.show(this.previous === this.screen ? "home" : this.previous);
  },

  applyLanguage() {
    this.lang = resolveLanguage(this.settings.language);
    this.t = translator(this.lang);
    useTileWords(this.t);
    document.documentElement.lang = this.lang;
  },

  // Whether the player hid the assistant in match `game` (kept in the settings, so it stays
  // hidden after a restart).
  assistHidden(game) {
    return (this.settings.assistant_off ?? []).includes(game);
  },

  async hideAssist(game, hidden) {
    const rest = (this.settings.assistant_off ?? []).filter((g) => g !== game);
    await this.saveSettings({ ...this.settings, assistant_off: hidden ? [...rest, game] : rest });
  },

  async saveSettings(settings) {
    try {
      this.settings = await api.setSettings(settings);
      this.applyLanguage();
    } catch (error) {
      this.fail(error);
    }
  },

  /**
   * Opens the table on the match `request` (a call of ipc.js) answers with (new or resumed).
   * @param {() => Promise<import("./types/rust").Update>} request
   */
  async open(request) {
    try {
      const update = await request();
      // Instant bots may already have moved, and their events may have come in before this
      // answer: the table keeps whichever is newer.
      openTable(update);
      // The bots of every seat but the player's, in seat order, as a new game takes them.
      const bots = update.bots.filter((_, seat) => seat !== update.view.seat);
      this.setup = update.variant === "101" ? { variant: "101", rules: update.rules, bots } : { variant: "duz", rules: update.view.rules, bots };
      this.lastVariant = this.setup.variant;
      this.show("table");
    } catch (error) {
      this.fail(error);
    }
  },

  // Starts a match of `setup`: {variant: "duz" | "101", rules, bots}.
  startGame(setup) {
    return this.open(() => api.newGame(setup));
  },

  // Puts a saved match on the table, as it was left (also after a restart).
  resumeGame(id) {
    return this.open(() => api.resumeSave(id));
  },

  rematch() {
    if (app.setup) app.startGame(app.setup);
  },

  // A refused or failed command, worded from its code in the chosen language.
  fail(error) {
    this.toast(errorText(this, error), "error");
  },

  toast(message, kind = "info") {
    // A refusal sounds as well as shows.
    if (kind === "error") playSound(app.settings, "refused");
    showToast(message, kind);
  },
};

async function start() {
  await loadWords();
  try {
    app.settings = await api.getSettings();
  } catch (error) {
    console.warn("settings unavailable, using defaults", error);
  }
  app.applyLanguage();
  api.appVersion()
    .then((v) => {
      app.version = v;
      document.querySelector("[data-app-version]")?.replaceChildren(v);
    })
    .catch(() => {});
  await api.onTableUpdate((update) => {
    // The table takes the updates of its own match (tablestate.js decides); elsewhere they
    // are only kept.
    if (app.screen === "table" && app.current?.onUpdate) {
      app.current.onUpdate(update);
    } else {
      offerTable(update);
    }
  });
  await api.onTableError((error) => app.fail(error));
  // Back from the background (a phone may have paused the webview while bots played on):
  // the table is drawn again from the Rust side's state, which never stopped.
  document.addEventListener("visibilitychange", async () => {
    if (document.visibilityState !== "visible" || app.screen !== "table") return;
    const update = await api.currentTable().catch(() => null);
    if (update && app.current?.onUpdate) app.current.onUpdate(update);
  });
  app.show("home");
  reached(app, "home");
}

start();
