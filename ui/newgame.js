// The new-game screen: the variant (Düz or 101), table size, each bot's level, the bot speed
// and every rule option of RULES.md or RULES-101.md, preselected as in the last match of that
// variant started (the Rust defaults the first time).

import { h } from "./dom.js";
import { botName } from "./seats.js";
import { lastSetup } from "./ipc.js";
import { row, select } from "./form.js";
import { duzRulesCard } from "./games/duz/newgame.js";
import { RULES101_DEFAULTS, rules101Card } from "./games/r101/newgame.js";

export function newGameScreen(app) {
  const previous = app.setup;
  const rules = { ...(previous?.rules ?? app.settings.last_rules) };
  const lastBots = (app.settings.last_seats ?? []).filter((s) => s !== "human");
  const levels = [...(previous?.bots ?? lastBots)];
  while (levels.length < 3) levels.push("medium");
  const el = h("main", { class: "page page--form", dataset: { screen: "new-game" } });
  // The variant of the match on the table, else of the last started.
  let variant = app.setup?.variant ?? app.lastVariant ?? "duz";
  const rules101 = { ...RULES101_DEFAULTS, ...(app.setup?.variant === "101" ? app.setup.rules : {}) };
  let gone = false;
  if (app.setup?.variant !== "101") {
    // The last 101 match's choices, kept by the Rust side.
    lastSetup("101")
      .then((last) => {
        if (gone || !last) return;
        Object.assign(rules101, last.rules);
        last.bots.forEach((l, i) => { if (variant === "101") levels[i] = l; });
        if (variant === "101") render();
      })
      .catch(() => {});
  }

  function render() {
    const is101 = variant === "101";
    const shown = is101 ? rules101 : rules;
    if (rules.players !== 4) rules.partnership = false;
    if (rules101.players !== 4) rules101.partnership = false;
    const bots = [];
    for (let seat = 1; seat < shown.players; seat += 1) {
      bots.push(
        row(
          botName(seat),
          select(`bot-${seat}`, levels[seat - 1], ["easy", "medium", "hard"].map((l) => [l, app.t(`level.${l}`)]), (v) => {
            levels[seat - 1] = v;
          }),
        ),
      );
    }
    el.replaceChildren(
      h("h1", {}, app.t("new.title")),
      h(
        "section",
        { class: "card" },
        row(app.t("new.variant"), select("variant", variant, [["duz", app.t("new.variant.duz")], ["101", app.t("new.variant.101")]], (v) => {
          variant = v;
          render();
        })),
        h("div", { class: "segmented", role: "radiogroup", "aria-label": app.t("new.players") },
          h("span", {}, app.t("new.players")),
          [2, 3, 4].map((n) =>
            h("button", {
              class: `btn${shown.players === n ? " is-on" : ""}`,
              dataset: { players: n },
              "aria-pressed": String(shown.players === n),
              onclick: () => { shown.players = n; render(); },
            }, String(n)),
          ),
        ),
        h("h2", {}, app.t("new.opponents")),
        bots,
        row(app.t("new.speed"), select("speed", app.settings.bot_speed, ["slow", "normal", "fast", "instant"].map((s) => [s, app.t(`speed.${s}`)]), (v) => {
          app.saveSettings({ ...app.settings, bot_speed: v });
        })),
      ),
      is101 ? rules101Card(app, rules101, render) : duzRulesCard(app, rules, render),
      h(
        "div",
        { class: "page__buttons" },
        h("button", { class: "btn", dataset: { action: "back" }, onclick: () => app.show("home") }, app.t("new.back")),
        h("button", {
          class: "btn btn--primary btn--big",
          dataset: { action: "start" },
          onclick: () => is101
            ? app.startGame({ variant: "101", rules: { ...rules101 }, bots: levels.slice(0, rules101.players - 1) })
            : app.startGame({ variant: "duz", rules: { ...rules }, bots: levels.slice(0, rules.players - 1) }),
        }, app.t("new.start")),
      ),
    );
  }
  render();
  return { el, dispose: () => { gone = true; } };
}
