// The Learn screen: the lessons, each ticked once done (kept with the settings); a tap
// starts one at the table, or goes back to the one left in play.

import { h } from "../dom.js";
import { resumeSave, startLesson } from "../ipc.js";
import { LESSONS } from "./lessons.js";
import { keep } from "./panel.js";

export function learnScreen(app) {
  const done = new Set(app.settings.lessons_done ?? []);
  // The lesson left in play: this run's, or the one the settings kept from an earlier run.
  const kept = app.settings.lesson_in_play;
  if (!app.lesson && kept) app.lesson = { id: kept.id, game: kept.game, step: kept.step, wrong: null, complete: false };
  const fresh = async (id) => {
    const update = await startLesson(id);
    app.lesson = { id, game: update.game, step: 0, wrong: null, complete: false };
    keep(app);
    return update;
  };
  const begin = (id) => {
    const left = app.lesson?.id === id && !app.lesson.complete ? app.lesson : null;
    return app.open(async () => {
      if (!left) return fresh(id);
      // The lesson left earlier goes on where it was; if its match is gone (deleted in
      // Saved games), the lesson starts again.
      try {
        return await resumeSave(left.game);
      } catch {
        return fresh(id);
      }
    });
  };
  const el = h("main", { class: "page", dataset: { screen: "learn" } },
    h("h1", {}, app.t("learn.title")),
    h("p", { class: "muted" }, app.t("learn.intro")),
    h("ol", { class: "lessons" },
      LESSONS.map((l) =>
        h("li", {},
          h("button", {
            class: `lesson-card${done.has(l.id) ? " is-done" : ""}`,
            dataset: { lesson: l.id, done: done.has(l.id) ? "" : undefined, variant: l.variant },
            onclick: () => begin(l.id),
          },
            h("span", { class: "lesson-card__tick", "aria-hidden": "true" }, done.has(l.id) ? "✓" : ""),
            h("span", { class: "lesson-card__game" }, app.t(`variant.${l.variant}`)),
            h("strong", {}, app.t(l.title)),
            app.lesson?.id === l.id && !app.lesson.complete ? h("span", { class: "badge" }, app.t("learn.inProgress")) : null)))),
    h("div", { class: "page__buttons" }, h("button", { class: "btn", dataset: { action: "back" }, onclick: () => app.show("home") }, app.t("back"))),
  );
  return { el };
}
