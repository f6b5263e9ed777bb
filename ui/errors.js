// Errors in the player's language. Every error from the Rust side is data:
// {code: "not_in_rack", params: {tile: {Face: {colour: "Red", number: 7}}}, message: "..."}.
// The words come from i18n.js (err.<code>); the English message is for logs only, and no
// decision anywhere reads it.

import { hasText } from "./i18n.js";
import { isTile, tileName } from "./tile.js";

// The error as {code, params}, or null for anything else (a failure inside the webview).
function problemOf(error) {
  if (error && typeof error === "object" && typeof error.code === "string") return error;
  return null;
}

// One parameter in words: tiles by colour and number, a run's numbers with dashes, a nested
// error by its own code.
function word(app, value) {
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every((v) => typeof v === "number")) return value.join("-");
    return value.map((v) => word(app, v)).join(", ");
  }
  if (problemOf(value)) return errorClause(app, value);
  if (isTile(value)) return tileName(app, value);
  return String(value ?? "");
}

// The sentence for an error in the chosen language. An unknown code gets a generic sentence:
// in English the Rust side's own message is as good, in Turkish it would not be read.
export function errorText(app, error) {
  const text = wording(app, error);
  // A sentence may open with a tile's name ("red 7 is not in your rack").
  return text.charAt(0).toLocaleUpperCase(app.lang) + text.slice(1);
}

// The same words inside a longer sentence: no capital, no full stop of its own.
export function errorClause(app, error) {
  const text = wording(app, error).replace(/\.$/, "");
  return text.charAt(0).toLocaleLowerCase(app.lang) + text.slice(1);
}

function wording(app, error) {
  const problem = problemOf(error);
  if (!problem) {
    console.warn("error without a code", error);
    return app.t("err.unknown");
  }
  const params = problem.params ?? {};
  let key = `err.${problem.code}`;
  if (!hasText(app.lang, key)) {
    console.warn("no words for error code", problem.code, problem.message);
    return app.lang === "en" && problem.message ? problem.message : app.t("err.unknown");
  }
  // A wording of its own for an optional parameter that is there (err.<code>.<param>).
  const special = Object.keys(params).find((name) => hasText(app.lang, `${key}.${name}`));
  if (special) key = `${key}.${special}`;
  const vars = Object.fromEntries(Object.entries(params).map(([name, v]) => [name, word(app, v)]));
  return app.t(key, vars);
}
