// The lesson's panel at the table: the step's sentence, its number, Next where the step asks
// for a tap, why a wrong action was refused (the engine's code, in the player's words), and
// the lesson's end. It also marks the element the step wants used.

import { h } from "../view.js";
import { errorText } from "../errors.js";
import { lessonOf } from "./lessons.js";
import { currentTable } from "../tablestate.js";
import { kindOfToken, tileName, token } from "../tile.js";

/**
 * Moves the lesson on past every step the view shows done; at the last, the lesson is
 * complete and kept as done in the settings.
 * @param {any} app
 * @param {any} update the table update
 */
export function followLesson(app, update) {
  const lesson = app.lesson;
  if (!lesson || lesson.game !== update.game || lesson.complete) return;
  const steps = lessonOf(lesson.id)?.steps ?? [];
  let next = lesson.step;
  while (next < steps.length && steps[next].done?.(update.view, update)) next += 1;
  if (next !== lesson.step || next >= steps.length) moveTo(app, next, steps.length);
}

/**
 * Puts the lesson in play at step `n` of its `total`: complete past the last, else kept.
 * @param {any} app
 * @param {number} n
 * @param {number} total
 */
function moveTo(app, n, total) {
  app.lesson.step = n;
  app.lesson.wrong = null;
  // A new step shows itself, even when the player folded the last one away.
  app.lesson.folded = false;
  if (n >= total) complete(app);
  else keep(app);
}

/**
 * The step the lesson in play is at, or null when none is.
 * @param {any} app
 */
function currentStep(app) {
  const lesson = app.lesson;
  return lesson && !lesson.complete ? lessonOf(lesson.id)?.steps[lesson.step] ?? null : null;
}

/**
 * Keeps the lesson in play with the settings, so that it goes on after a restart.
 * @param {any} app
 */
export function keep(app) {
  const l = app.lesson;
  app.saveSettings({ ...app.settings, lesson_in_play: l && !l.complete ? { id: l.id, game: l.game, step: l.step } : null });
}

/** @param {any} app */
function complete(app) {
  const lesson = app.lesson;
  lesson.complete = true;
  const done = app.settings.lessons_done ?? [];
  app.saveSettings({ ...app.settings, lesson_in_play: null, lessons_done: done.includes(lesson.id) ? done : [...done, lesson.id] });
}

/**
 * Whether the lesson refuses a discard or finish of `tile` (an id): a step that names the
 * one tile to let go refuses any other, and the other way of letting it go, saying why. The
 * lessons on preset deals go on only with the tile they were built around.
 * @param {any} app
 * @param {string} action
 * @param {number} tile
 */
export function lessonForbids(app, action, tile) {
  const lesson = app.lesson;
  const step = lesson?.game === currentTable()?.game ? currentStep(app) : null;
  if (!step?.tile || (action !== "discard" && action !== "finish")) return false;
  const via = step.via ?? "discard";
  if (token(tile) === step.tile && action === via) return false;
  // A tile's name is its kind's: the kind's first copy names it.
  const params = { tile: tileName(app, kindOfToken(step.tile) * 2), ...(via === "finish" ? { finish: true } : {}) };
  lesson.wrong = { code: "lesson_marked_tile", params };
  lesson.folded = false;
  return true;
}

/**
 * A refusal while a lesson is on: the panel says why.
 * @param {any} app
 * @param {unknown} error
 */
export function lessonRefused(app, error) {
  if (app.lesson && !app.lesson.complete) {
    app.lesson.wrong = error;
    app.lesson.folded = false;
  }
}

/**
 * Puts `data-lesson-target` on the element the step wants used, and on no other.
 * @param {any} app
 * @param {HTMLElement} root the table
 */
export function markTarget(app, root) {
  const step = currentStep(app);
  const selector = typeof step?.target === "function" ? step.target(currentTable()?.view) : step?.target;
  const want = selector ? root.querySelector(selector) : null;
  for (const el of root.querySelectorAll("[data-lesson-target]")) {
    if (el !== want) el.removeAttribute("data-lesson-target");
  }
  if (want instanceof HTMLElement) want.dataset.lessonTarget = "";
}

/**
 * The panel, or null when no lesson is on for this match.
 * @param {any} T the table's context
 * @param {() => void} redraw
 */
export function lessonView(T, redraw) {
  const app = T.app;
  const lesson = app.lesson;
  if (!lesson || lesson.game !== T.update.game) return null;
  const def = lessonOf(lesson.id);
  if (!def) return null;
  if (lesson.complete) {
    return h("div", { key: "lesson", class: "lesson lesson--complete", dataset: { lessonComplete: lesson.id } },
      h("strong", {}, app.t("learn.complete")),
      h("span", {}, app.t(def.title)),
      h("button", { class: "btn btn--primary", dataset: { action: "lessons" }, onclick: () => { app.lesson = null; app.show("learn"); } }, app.t("learn.more")));
  }
  const step = def.steps[lesson.step];
  const count = `${lesson.step + 1}/${def.steps.length}`;
  const fold = (folded) => () => { lesson.folded = folded; redraw(); };
  // Folded, the panel is a small tab in the felt's corner, so that the seats it covers on a
  // phone can be read; the step's mark stays on the table.
  if (lesson.folded) {
    return h("button", { key: "lesson-folded", class: "btn lesson-tab", dataset: { lesson: lesson.id, lessonStep: lesson.step + 1, action: "lesson-unfold" }, "aria-label": app.t("learn.unfold"), title: app.t("learn.unfold"), onclick: fold(false) }, count);
  }
  return h("div", { key: "lesson", class: "lesson", dataset: { lesson: lesson.id, lessonStep: lesson.step + 1 } },
    h("span", { class: "lesson__count" }, count),
    h("p", { class: "lesson__say" }, app.t(step.say, step.params?.(app, T.view) ?? {})),
    lesson.wrong ? h("p", { class: "lesson__wrong", dataset: { lessonWrong: "" } }, app.t("learn.wrong", { why: errorText(app, lesson.wrong) })) : null,
    step.next
      ? h("button", { class: "btn btn--primary", dataset: { action: "lesson-next" }, onclick: () => { moveTo(app, lesson.step + 1, def.steps.length); redraw(); } }, app.t("learn.next"))
      : null,
    h("button", { class: "btn lesson__fold", dataset: { action: "lesson-fold" }, "aria-label": app.t("learn.fold"), title: app.t("learn.fold"), onclick: fold(true) }, "▴"),
    h("button", { class: "btn lesson__leave", dataset: { action: "lesson-leave" }, "aria-label": app.t("learn.leave"), title: app.t("learn.leave"), onclick: () => app.show("learn") }, "✕"));
}
