// The UI's modules as files: they import each other without a circle (each can be read,
// tested and replaced on its own; a circle once tied the 101 table to its assistant and
// score sheet), and every word key written in them exists in both languages.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const UI = resolve(dirname(fileURLToPath(import.meta.url)), "../../ui");

/** Every module of ui/ (the vendored libraries left out), by path. */
function modules(dir = UI) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "vendor" ? [] : modules(path);
    return entry.name.endsWith(".js") ? [path] : [];
  });
}

/** Each module and the modules of ui/ it imports. */
function imports() {
  const graph = new Map();
  for (const path of modules()) {
    const text = readFileSync(path, "utf8");
    const used = [...text.matchAll(/from "(\.\.?\/[^"]+)"/g)]
      .map((m) => resolve(dirname(path), m[1]))
      .filter((p) => !relative(UI, p).startsWith("vendor"));
    graph.set(path, used);
  }
  return graph;
}

/** A circle of imports, if any: the modules along it. */
function circle(graph) {
  const done = new Set();
  const walk = (at, path) => {
    const i = path.indexOf(at);
    if (i >= 0) return path.slice(i);
    if (done.has(at)) return null;
    for (const next of graph.get(at) ?? []) {
      const found = walk(next, [...path, at]);
      if (found) return found;
    }
    done.add(at);
    return null;
  };
  for (const start of graph.keys()) {
    const found = walk(start, []);
    if (found) return found;
  }
  return null;
}

test("the ui modules import each other without a circle", () => {
  const graph = imports();
  assert.ok(graph.size > 30, `only ${graph.size} modules read`);
  for (const [path, used] of graph) {
    for (const u of used) assert.ok(graph.has(u), `${relative(UI, path)} imports ${relative(UI, u)}, which is not there`);
  }
  assert.equal(circle(graph)?.map((p) => relative(UI, p)).join(" → "), undefined);
});

test("the circle finder finds one", () => {
  const graph = new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]]]);
  assert.deepEqual(circle(graph), ["a", "b", "c"]);
});

test("every word key written in the modules exists in English and Turkish", () => {
  const en = JSON.parse(readFileSync(join(UI, "i18n/en.json"), "utf8"));
  const tr = JSON.parse(readFileSync(join(UI, "i18n/tr.json"), "utf8"));
  const missing = [];
  let seen = 0;
  for (const path of modules()) {
    for (const m of readFileSync(path, "utf8").matchAll(/\bt\("([a-zA-Z0-9_.]+)"/g)) {
      seen += 1;
      for (const [name, words] of [["en", en], ["tr", tr]]) {
        if (!(m[1] in words)) missing.push(`${relative(UI, path)}: ${m[1]} (${name})`);
      }
    }
  }
  assert.ok(seen > 200, `only ${seen} keys read`);
  assert.deepEqual(missing, []);
});
