// Turkish and English strings, one JSON file per language (ui/i18n/en.json, tr.json), loaded
// once at start by loadWords. "auto" follows the webview's language, which follows the
// system's. Keys are English-ish names so the code reads without looking them up. Errors are
// worded by their code: err.<code>, with err.<code>.<param> for the case where that optional
// parameter is given (errors.js). A text that depends on a count is an object of plural
// categories ({"one": ..., "other": ...}), chosen by Intl.PluralRules from the count `n`.

const LANGUAGES = ["en", "tr"];
const words = { en: {}, tr: {} };

// Reads both languages' files; until then every key shows itself.
export async function loadWords() {
  await Promise.all(
    LANGUAGES.map(async (language) => {
      try {
        const response = await fetch(new URL(`./i18n/${language}.json`, import.meta.url));
        words[language] = await response.json();
      } catch (error) {
        console.warn(`the ${language} words could not be read`, error);
      }
    }),
  );
}

// The bots' names, from the seat after the player's; the fourth sits in the player's own
// seat in a match of bots alone (`okey autoplay`).
export const BOT_NAMES = ["Ayşe", "Mehmet", "Zeynep", "Deniz"];

// The language to use for a setting: "auto" picks Turkish on a Turkish system.
export function resolveLanguage(setting) {
  if (setting === "en" || setting === "tr") {
    return setting;
  }
  const system = (navigator.language || "en").toLowerCase();
  return system.startsWith("tr") ? "tr" : "en";
}

// A translator for one language; a missing key shows itself, so gaps are visible in use.
export function translator(language) {
  const plural = new Intl.PluralRules(language);
  return (key, vars = {}) => {
    const entry = (words[language] ?? words.en)[key] ?? words.en[key] ?? key;
    const text = typeof entry === "object" ? (entry[plural.select(Number(vars.n ?? 0))] ?? entry.other) : entry;
    return text.replace(/\{(\w+)\}/g, (_, name) => String(vars[name] ?? ""));
  };
}

// Whether `language` (or English, the fallback) has text for `key`: errors.js words an
// unknown error code with a generic sentence instead of showing the key.
export function hasText(language, key) {
  return key in (words[language] ?? words.en) || key in words.en;
}
