// The Düz rule options of the new-game screen: every option of RULES.md, changed in place.

import { h } from "../../dom.js";
import { check, row, select } from "../../form.js";

// The card of Düz options; `rules` is changed in place, `render` redraws the form.
export function duzRulesCard(app, rules, render) {
  const choose = (name, options, label, parse = (v) => v) =>
    row(label, select(name, rules[name], options, (v) => { rules[name] = parse(v); }));
  const tick = (name, key) => check(rules, name, app.t(key), render);
  return h(
    "section",
    { class: "card" },
    h("h2", {}, app.t("new.rules")),
    choose("start_points", [20, 12, 6].map((n) => [n, String(n)]), app.t("new.points"), Number),
    choose("deal", ["stacks", "simple"].map((d) => [d, app.t(`new.deal.${d}`)]), app.t("new.deal")),
    tick("gosterge", "new.gosterge"),
    tick("strict_rack", "new.strict"),
    tick("okey_discard_penalty", "new.okeyPenalty"),
    tick("indicator_last", "new.indicatorLast"),
    choose("colour_double", ["off", "red_black", "red_black_with_gosterge"].map((v) => [v, app.t(`new.colourDouble.${v}`)]), app.t("new.colourDouble")),
    choose("one_colour_double", ["off", "any", "red_black"].map((v) => [v, app.t(`new.oneColour.${v}`)]), app.t("new.oneColour")),
    tick("elimination", "new.elimination"),
    rules.players === 4 ? tick("partnership", "new.partnership") : null,
  );
}
