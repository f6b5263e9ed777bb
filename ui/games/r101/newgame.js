// The 101 rule options of the new-game screen: every option of RULES-101.md's table, with
// its default preset (the Rust side's `Rules101::default()`), and the number of rounds.

import { h } from "../../dom.js";
import { check, row, select } from "../../form.js";

// Rules101::default(), field by field (a shell test checks they agree).
export const RULES101_DEFAULTS = {
  players: 4,
  deal: "simple",
  take_return: "free",
  pairs_declaration: false,
  rising_open: false,
  last_pairs: "refused",
  opening_turn_play: false,
  series_pairs: "if_pairs_opened",
  pairs_layoff_limit: "two",
  okey_swap: true,
  okey_discard_penalty: true,
  playable_discard_penalty: true,
  table_errors: "refuse",
  elden_scope: "nobody_opened",
  elden_threshold: "waived",
  exhaustion: "last_discard",
  okey_in_hand: "flat101",
  multipliers: "stack",
  rounds: 11,
  partnership: false,
  rising_partner: "counts",
};

// The choice options, each value worded as r101.<field>.<value>.
const CHOICES = {
  deal: ["simple", "stacks"],
  take_return: ["free", "penalty"],
  last_pairs: ["refused", "void_round"],
  series_pairs: ["if_pairs_opened", "never"],
  pairs_layoff_limit: ["two", "unlimited"],
  table_errors: ["refuse", "penalize"],
  elden_scope: ["nobody_opened", "only_self"],
  elden_threshold: ["waived", "required"],
  exhaustion: ["last_discard", "one_more_take"],
  okey_in_hand: ["flat101", "face"],
  multipliers: ["stack", "single", "none"],
  rising_partner: ["counts", "ignored"],
};

const CHECKS = [
  "okey_swap",
  "okey_discard_penalty",
  "playable_discard_penalty",
  "pairs_declaration",
  "rising_open",
  "opening_turn_play",
];

// The card of 101 options; `rules` is changed in place, `render` redraws the form.
export function rules101Card(app, rules, render) {
  const choose = (name, options, label) =>
    row(label, select(name, rules[name], options, (v) => { rules[name] = name === "rounds" ? Number(v) : v; }));
  return h(
    "section",
    { class: "card card--101" },
    h("h2", {}, app.t("new.rules101")),
    choose("rounds", [3, 5, 7, 9, 11].map((n) => [n, String(n)]), app.t("r101.rounds")),
    CHECKS.map((name) => check(rules, name, app.t(`r101.${name}`), render)),
    Object.entries(CHOICES).map(([name, values]) =>
      name === "rising_partner" && !(rules.partnership && rules.rising_open)
        ? null
        : choose(name, values.map((v) => [v, app.t(`r101.${name}.${v}`)]), app.t(`r101.${name}`)),
    ),
    rules.players === 4 ? check(rules, "partnership", app.t("r101.partnership"), render) : null,
  );
}
