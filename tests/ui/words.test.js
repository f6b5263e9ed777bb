// The words: both languages have every key, plurals follow the count.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { loadWords, translator } from "../../ui/i18n.js";

// The webview fetches the word files; here they are read from disk.
globalThis.fetch = async (url) => ({ json: async () => JSON.parse(await readFile(url, "utf8")) });
await loadWords();

test("a count picks its plural form in each language", () => {
  const en = translator("en");
  assert.equal(en("assist.away", { n: 1 }), "1 tile away");
  assert.equal(en("assist.away", { n: 3 }), "3 tiles away");
  const tr = translator("tr");
  assert.equal(tr("assist.away", { n: 1 }), "Bitişe 1 taş");
});

test("a missing key shows itself, so a gap is seen in use", () => {
  assert.equal(translator("en")("no.such.key"), "no.such.key");
});

test("placeholders are filled and an unknown one is left empty", () => {
  assert.equal(translator("en")("tile.face", { colour: "red", n: 7 }), "red 7");
});
