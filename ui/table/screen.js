// The table screen, one for both games: the rack and its input, the seats, the stacks, the
// pile, the hint line, the assistant, toasts, sounds, flights, the turn timer and the tile
// menu are here; what differs (Düz's finish spot and gösterge, 101's melds, opening tray and
// score sheet) is the game's module in ui/games/. The Rust side owns the match: the screen
// draws the last update it was given with the keyed renderer, so the nodes on screen stay
// while bots move, and sends what the player does.

import { followLesson, lessonForbids, lessonRefused, lessonView, markTarget } from "../learn/panel.js";
import { h, render } from "../view.js";
import * as api from "../ipc.js";
import { seatName } from "../seats.js";
import { faceKind, tileView } from "../tile.js";
import { currentTable, offerTable } from "../tablestate.js";
import { answerCounter, timeRender } from "../probe.js";
import { playSound } from "../sound.js";
import { duzTable } from "../games/duz/table.js";
import { r101Table } from "../games/r101/table.js";
import { enterAt, rackView, stepCursor } from "./rack.js";
import { menuView, rotateView } from "./parts.js";
import { tableMotion } from "./motion.js";
import { turnTimer } from "./timer.js";
import { showFeedback } from "./feedback.js";
import { motionAllowed } from "./flight.js";
import { tableAssistant } from "./assistant.js";

/**
 * What a game's module gives the table (ui/games/duz/table.js, ui/games/r101/table.js). `T` is
 * the context the screen draws with (see `context` below); an update is that game's.
 * @typedef {object} TableGame
 * @property {"duz" | "101"} variant
 * @property {string} cls the table's extra class
 * @property {{cls: string, keyOf: (update: any) => string, marks: (result: any, showing: boolean) => object, parts: (T: any, result: any, showing: boolean) => any[]}} assist
 * @property {(update: any) => string} phaseOf the `data-phase` hook
 * @property {(update: any) => Record<string, any>} initial what the game keeps, at first
 * @property {(state: Record<string, any>, shown: any, update: any) => void} next what it keeps after an update
 * @property {() => Record<string, any>} closed what it keeps after Escape
 * @property {(update: any) => (number | null)[]} slots the rack, slot by slot
 * @property {(view: any) => boolean} over whether the round (or match) is over
 * @property {(view: any) => number | null} pending a tile that must reach the table
 * @property {(update: any) => {seat: number, tile: number}[]} discards discards this update made
 * @property {(action: string) => boolean} needsTile the action takes the selected tile
 * @property {(action: string) => boolean} playsTile the action plays a rack tile
 * @property {(update: any) => boolean} canDiscard a double tap discards
 * @property {(T: any) => void} timeout the turn timer ran out
 * @property {(update: any) => string | null} timedTurn the player's turn as the timer's key
 * @property {(T: any, id: number, target: HTMLElement) => void} dropOn a rack tile dropped on the game's own spots
 * @property {import("./motion.js").MotionRules} motion
 * @property {(T: any, shown: any, update: any) => {toasts: [string, string][], sounds: string[], feedback: {text: string, anchor: string | null, kind: "gosterge" | "penalty"}[]}} noted
 * @property {(T: any) => any} tools
 * @property {(T: any, assist: any) => any} felt
 * @property {(T: any) => any[]} actions
 * @property {(T: any) => any[]} overlays
 * @property {(T: any, id: number) => [string, string, boolean, () => void][]} menu the tile menu's items
 * @property {(T: any) => Record<string, () => void>} keys the game's letters
 */

/** @type {Record<string, TableGame>} */
const GAMES = { duz: duzTable, 101: r101Table };

/**
 * What the screen keeps between updates; the rest is the update itself.
 * @typedef {object} TableState
 * @property {number | null} selected the rack tile picked up
 * @property {number} cursor the keyboard's slot
 * @property {number | null} menu the tile whose menu is open
 * @property {Set<number>} arrived tiles new on the rack with this update
 * @property {Map<number, number>} landed each seat's discard that landed with this update
 * @property {boolean} turnStart the player's turn came round with this update
 * @property {Record<string, any>} game what the game's module keeps (its overlays)
 */

/** The game module for an update. */
export function gameOf(update) {
  return GAMES[update.variant === "101" ? 101 : "duz"];
}

/**
 * What changes on the screen's state when `update` replaces `shown`: pure, so it is tested
 * in node. The selection goes when its tile left the rack; the tiles new on the rack and
 * the discards that landed are those of this update only.
 * @param {TableState} ui
 * @param {any} game
 * @param {any} shown
 * @param {any} update
 * @returns {Partial<TableState>}
 */
export function nextState(ui, game, shown, update) {
  const fresh = update.seq !== shown.seq;
  const before = new Set(game.slots(shown).filter((t) => t !== null));
  const slots = game.slots(update);
  const view = update.view;
  const mine = (v) => v.turn === v.seat && !game.over(v);
  return {
    arrived: new Set(fresh ? slots.filter((t) => t !== null && !before.has(t)) : []),
    landed: new Map(fresh ? game.discards(update).map((d) => [d.seat, d.tile]) : []),
    selected: ui.selected !== null && slots.includes(ui.selected) ? ui.selected : null,
    menu: ui.menu !== null && slots.includes(ui.menu) ? ui.menu : null,
    turnStart: fresh && mine(view) && !mine(shown.view),
  };
}

export function tableScreen(app) {
  const game = gameOf(currentTable());
  const root = document.createElement("section");
  root.className = `table ${game.cls}`.trim();
  root.dataset.screen = "table";
  root.dataset.variant = game.variant;
  /** @type {TableState} */
  const ui = {
    selected: null,
    cursor: 0,
    menu: null,
    arrived: new Set(),
    landed: new Map(),
    turnStart: false,
    game: game.initial(currentTable()),
  };
  const timer = turnTimer(app, { onTimeout: () => game.timeout(context()) });
  const motion = tableMotion(app, root, game.motion);
  const assistant = tableAssistant(app, game, { update: () => currentTable(), redraw: () => draw() });
  const answered = answerCounter(root);

  // Sends a request (a call of ipc.js) and takes the update it answers.
  async function send(request) {
    try {
      accept(await request());
    } catch (error) {
      lessonRefused(app, error);
      app.fail(error);
      // What could not be saved (a full disk) is not shown as done: the table is drawn again
      // from the last update that was saved, selection included.
      draw();
    } finally {
      answered();
    }
  }

  // A turn action; a discard (or a finish) without a tile named takes the selected one.
  function act(action, args = {}) {
    if (game.needsTile(action) && args.tile === undefined) {
      if (ui.selected === null) {
        app.toast(app.t("hint.select"));
        return;
      }
      args = { ...args, tile: ui.selected };
    }
    // A lesson built around one tile refuses another, and says why.
    if (game.needsTile(action) && lessonForbids(app, action, args.tile)) {
      draw();
      return;
    }
    if (game.needsTile(action) || game.playsTile(action)) ui.selected = null;
    return send(() => api.act(action, args));
  }

  // Takes an update from a command's answer or a bot's event, unless a newer one is shown.
  function accept(update) {
    const shown = currentTable();
    if (!offerTable(update)) return;
    timeRender(root, () => {
      motion.before(shown, update);
      Object.assign(ui, nextState(ui, game, shown, update));
      game.next(ui.game, shown, update);
      follow(update);
      draw();
      const okeyKind = faceKind(update.view.okey);
      motion.after(update, okeyKind);
      if (update.seq !== shown.seq) tell(game.noted(context(), shown, update), update, shown);
    });
    assistant.refresh(update);
  }

  // Toasts, sounds and feedback labels of what an update brought.
  function tell({ toasts, sounds, feedback }, update, shown) {
    for (const [text, kind] of toasts) app.toast(text, kind);
    const view = update.view;
    const nowMine = view.turn === view.seat && !game.over(view);
    if (nowMine && shown.view.turn !== shown.view.seat && update.actor !== undefined && update.actor !== null && update.actor !== view.seat) {
      sounds.push("turn");
    }
    for (const sound of sounds) playSound(app.settings, sound);
    const still = !motionAllowed(app.settings);
    for (const f of feedback) {
      showFeedback(f.text, { anchor: f.anchor ? root.querySelector(f.anchor) : null, kind: f.kind, still });
    }
  }

  // The turn timer runs while the player is to move, one timer per turn (the game names
  // it); when it runs out the Rust side plays the turn from the player's own view.
  function follow(update) {
    timer.follow({ game: update.game, turn: game.timedTurn(update) });
  }

  // The context the game's parts draw with.
  function context() {
    const update = currentTable();
    const view = update.view;
    const okeyKind = faceKind(view.okey);
    const look = { okeyKind, mark: app.settings.okey_mark };
    return {
      app,
      update,
      view,
      ui,
      state: ui.game,
      over: game.over(view),
      look,
      act,
      send,
      names: (seat) => seatName(app, view, seat),
      tile: (id, extra = "", props = {}) => tileView(id, look, extra, props),
      ring: () => timer.ringView(),
      hint: () => assistant.hint(),
      assist: assistant,
      // Changes what the screen keeps and draws it again.
      set(changes) {
        Object.assign(ui, changes);
        draw();
      },
      // Changes what the game keeps and draws it again.
      setGame(changes) {
        Object.assign(ui.game, changes);
        draw();
      },
    };
  }

  function rackInput(T) {
    const slots = game.slots(T.update);
    const marks = assistant.marks();
    return {
      slots,
      cursor: ui.cursor,
      selected: ui.selected,
      look: T.look,
      marks: (id) =>
        [
          marks.loose.has(id) ? "tile--loose" : "",
          marks.costly.has(id) ? "tile--costly" : "",
          marks.hinted === id ? "is-hinted" : "",
          ui.arrived.has(id) ? "tile--arrive" : "",
          game.pending(T.view) === id ? "tile--pending" : "",
        ].filter(Boolean).join(" "),
      tap: (id) => T.set({ selected: ui.selected === id ? null : id, cursor: slots.indexOf(id) }),
      doubleTap: (id) => {
        if (game.canDiscard(T.update)) act("discard", { tile: id });
        else T.set({ selected: ui.selected === id ? null : id, cursor: slots.indexOf(id) });
      },
      drop: (id, target) => drop(T, id, target),
      menu: (id) => T.set({ menu: id, selected: id, cursor: slots.indexOf(id) }),
      place: (slot) => {
        const from = ui.selected === null ? -1 : slots.indexOf(ui.selected);
        ui.cursor = slot;
        if (from < 0) {
          draw();
          return;
        }
        // The tile is put down where it goes, as a hand lets go of it.
        ui.selected = null;
        send(() => api.moveTile(from, slot));
      },
    };
  }

  // A rack tile dropped on `target`: another slot, the player's stack, or what the game adds.
  function drop(T, id, target) {
    if (!target) return;
    const from = game.slots(T.update).indexOf(id);
    const kind = target.dataset.drop;
    if (kind === "slot") {
      const to = Number(target.dataset.slotIndex);
      if (to !== from) send(() => api.moveTile(from, to));
    } else if (kind === "discard") {
      act("discard", { tile: id });
    } else {
      game.dropOn(T, id, target);
    }
  }

  function draw() {
    const T = context();
    followLesson(app, T.update);
    const view = T.view;
    root.dataset.phase = game.phaseOf(T.update);
    root.dataset.players = String(view.players.length);
    root.classList.toggle("no-anim", !app.settings.animations);
    render(
      [
        game.tools(T),
        game.felt(T, assistant.view(T)),
        h("nav", { key: "actions", class: "actions" }, game.actions(T)),
        h("div", { key: "rack", class: "rack-wrap" }, rackView(rackInput(T))),
        rotateView(app),
        ...game.overlays(T),
        ui.menu !== null ? menuView(T, ui.menu, game.menu(T, ui.menu)) : null,
        lessonView(T, draw),
      ],
      root,
    );
    markTarget(app, root);
  }

  // Desktop play by keyboard: arrows move the cursor over the slots, Enter or Space picks a
  // tile up and puts it down, letters act (each game adds its own).
  function onKey(e) {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement || e.altKey || e.ctrlKey || e.metaKey) return;
    const T = context();
    const key = e.key;
    if (key.startsWith("Arrow")) {
      T.set({ cursor: stepCursor(ui.cursor, key) });
    } else if (key === "Enter" || key === " ") {
      const slots = game.slots(T.update);
      const step = enterAt(slots, ui.cursor, ui.selected);
      if (step && "move" in step) {
        ui.selected = null;
        send(() => api.moveTile(step.move.from, step.move.to));
      } else if (step && "pick" in step) {
        T.set({ selected: step.pick });
      } else if (step) {
        T.set({ selected: null });
      }
    } else if (key === "Escape") {
      ui.selected = null;
      ui.menu = null;
      T.setGame(game.closed());
    } else {
      const keys = {
        x: () => act("discard"),
        Delete: () => act("discard"),
        r: () => send(() => api.sortRack("runs")),
        p: () => send(() => api.sortRack("pairs")),
        b: () => send(() => api.sortRack("best")),
        h: () => assistant.hint(),
        ...game.keys(T),
      };
      const run = keys[key] ?? keys[key.toLowerCase()];
      if (!run) return;
      run();
    }
    e.preventDefault();
  }

  document.addEventListener("keydown", onKey);
  follow(currentTable());
  draw();
  assistant.refresh(currentTable());
  // Whatever happened while the screen was being built, the Rust side has the latest table.
  api.currentTable()
    .then((update) => update && accept(update))
    .catch((error) => app.fail(error));
  return {
    el: root,
    onUpdate: accept,
    dispose() {
      timer.stop();
      document.removeEventListener("keydown", onKey);
      render(null, root);
    },
  };
}
