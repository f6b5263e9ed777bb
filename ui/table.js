// The table screen: four seats (or two or three) with the player at the bottom, the pile,
// the indicator and the finish spot in the centre, each seat's discard stack to its right
// (R15), the rack, and the action bar. The Rust side owns the state: this screen draws the
// last update it was given and sends what the player does.

import { h } from "./dom.js";
import { invoke } from "./ipc.js";
import { fromViewer, rotateEl, seatName } from "./seats.js";
import { draggable } from "./dnd.js";
import { rackEl, stepCursor } from "./rack.js";
import { assistWidget } from "./assist.js";
import { roundEndEl } from "./roundend.js";
import { backEl, faceEl, faceKind, tileEl, token } from "./tile.js";
import { errorClause } from "./errors.js";
import { avatarEl } from "./avatar.js";
import { currentTable, offerTable } from "./tablestate.js";
import { answerCounter } from "./probe.js";
import { tableFeel } from "./feel.js";

// Where a seat sits, seen from the player, and the corner its discard stack lies in: a
// stack lies to the right of its owner (R15), so the player's is bottom right and the left
// neighbour's, the one the player takes from, bottom left.
function placeOf(view, seat) {
  const players = view.players.length;
  const rel = fromViewer(view, seat);
  if (rel === 0) return { side: "bottom", corner: "br" };
  if (players === 2) return { side: "top", corner: "tl" };
  if (rel === 1) return { side: "right", corner: "tr" };
  if (rel === players - 1) return { side: "left", corner: "bl" };
  return { side: "top", corner: "tl" };
}

// Which word the table shows for its state; also the `data-phase` automation hook.
function phaseOf(view) {
  if (view.winners) return "match-over";
  if (view.round_end) return "round-over";
  if (view.turn === view.seat && view.phase) return view.phase;
  return "waiting";
}

const hasAction = (view, name) => view.legal_actions.includes(name);

export function tableScreen(app) {
  const root = h("section", { class: "table", dataset: { screen: "table" } });
  const ctl = {
    // The update shown: always the table's latest (tablestate.js decides which that is).
    get update() {
      return currentTable();
    },
    settings: app.settings,
    selected: null,
    cursor: 0,
    arrived: new Set(),
    landed: new Map(),
    viewing: null,
    // The tile whose menu is open (a long press or right click on the rack).
    menu: null,
    openMenu(id, slot) {
      ctl.menu = id;
      ctl.selected = id;
      ctl.cursor = slot;
      render();
    },
    okeyKind: faceKind(currentTable().view.okey),

    // A double tap discards the tile when the player is to discard; otherwise it is two taps.
    doubleTap(id, slot) {
      const view = ctl.update.view;
      if (view.turn === view.seat && view.phase === "discard") act("discard", { tile: id });
      else ctl.toggleSelect(id, slot);
    },
    toggleSelect(id, slot) {
      ctl.selected = ctl.selected === id ? null : id;
      ctl.cursor = slot;
      render();
    },
    placeSelected(slot) {
      const from = ctl.update.view.rack.indexOf(ctl.selected);
      ctl.cursor = slot;
      if (ctl.selected === null || from < 0) {
        render();
        return;
      }
      // The tile is put down where it goes, as a hand lets go of it.
      ctl.selected = null;
      send("move_tile", { from, to: slot });
    },
    // The assistant's loose tiles and hinted tile, marked on the rack without redrawing it.
    loose: new Set(),
    hinted: null,
    setAssist(loose, hinted) {
      ctl.loose = loose ?? new Set();
      ctl.hinted = hinted;
      for (const tile of root.querySelectorAll("[data-rack] [data-tile-id]")) {
        const id = Number(tile.dataset.tileId);
        tile.classList.toggle("tile--loose", ctl.loose.has(id));
        tile.classList.toggle("is-hinted", id === hinted);
      }
    },
    dropRackTile(id, from, target) {
      if (!target) return;
      const kind = target.dataset.drop;
      if (kind === "slot") {
        const to = Number(target.dataset.slotIndex);
        if (to !== from) send("move_tile", { from, to });
      } else if (kind === "discard") {
        act("discard", { tile: id });
      } else if (kind === "finish") {
        act("finish", { tile: id });
      }
    },
  };

  const assist = assistWidget(app, ctl);
  const feel = tableFeel(app, root, { names: (view, seat) => seatName(app, view, seat), onTimeout: () => send("auto_move", {}) });

  const answered = answerCounter(root);
  async function send(command, args) {
    try {
      accept(await invoke(command, args));
    } catch (error) {
      app.fail(error);
      // What could not be saved (a full disk) is not shown as done: the table is drawn again
      // from the last update that was saved, selection included.
      render();
    } finally {
      answered();
    }
  }

  function act(action, extra = {}) {
    if ((action === "discard" || action === "finish") && extra.tile === undefined) {
      if (ctl.selected === null) {
        app.toast(app.t("hint.select"));
        return;
      }
      extra.tile = ctl.selected;
    }
    if (action === "discard" || action === "finish") {
      ctl.selected = null;
    }
    send("act", { action, args: extra });
  }

  // Takes an update from a command's answer or a bot's event, unless a newer one is shown.
  function accept(update) {
    const shown = ctl.update;
    if (!offerTable(update)) {
      return;
    }
    const before = new Set(shown.view.rack.filter((t) => t !== null));
    ctl.arrived = new Set(
      update.view.rack.filter((t) => t !== null && !before.has(t) && update.seq !== shown.seq),
    );
    ctl.landed = new Map();
    feel.before(shown, update);
    for (const event of update.events) {
      noteEvent(event, update);
    }
    if (ctl.selected !== null && !update.view.rack.includes(ctl.selected)) {
      ctl.selected = null;
    }
    if (update.view.round !== shown.view.round) {
      ctl.okeyKind = faceKind(update.view.okey);
    }
    render();
    feel.after(shown, update, { arrived: ctl.arrived, okeyKind: ctl.okeyKind });
    // Arrivals and landings animate once, with the update that brought them; a later redraw
    // (a selection, a menu) shows the tiles at rest.
    ctl.arrived = new Set();
    ctl.landed = new Map();
    assist.refresh(update);
  }

  function noteEvent(event, update) {
    const name = (seat) => seatName(app, update.view, seat);
    if (event.discarded || event.took_discard) {
      const { seat, tile } = event.discarded || event.took_discard;
      if (event.discarded) ctl.landed.set(seat, tile);
    } else if (event.indicator_shown && event.indicator_shown.seat !== update.view.seat) {
      const charge = update.events.find((e) => e.charged?.reason === "gosterge");
      app.toast(app.t("event.gosterge", { name: name(event.indicator_shown.seat), n: charge?.charged.points ?? 1 }));
    } else if (event.false_claim) {
      app.toast(app.t("event.falseClaim", { name: name(event.false_claim.seat), reason: errorClause(app, event.false_claim.reason) }), "error");
    } else if (event.charged?.reason === "okey_discard") {
      const seat = event.charged.payer.seat;
      if (seat !== undefined) app.toast(app.t("event.okeyPenalty", { name: name(seat), n: event.charged.points }));
    } else if (event.eliminated) {
      app.toast(app.t("event.eliminated", { name: name(event.eliminated.seat) }));
    }
  }

  function render() {
    const { view } = ctl.update;
    const players = view.players.length;
    root.dataset.phase = phaseOf(view);
    root.dataset.players = String(players);
    root.classList.toggle("no-anim", !app.settings.animations);
    const felt = h("div", { class: "felt" });
    for (const p of view.players) {
      const place = placeOf(view, p.seat);
      if (p.seat !== view.seat) felt.append(seatEl(p, place.side));
      felt.append(discardsEl(p, place.corner));
    }
    felt.append(
      centreEl(view),
      h(
        "div",
        { class: "felt__me" },
        playerEl(view),
        // The hint keeps its own line, so showing one never moves the table.
        h("div", { class: "hint", dataset: { hint: "" } }, hintText(view)),
        assist.el,
      ),
    );
    const parts = [
      toolsEl(view),
      felt,
      actionsEl(view),
      h("div", { class: "rack-wrap" }, rackEl(ctl)),
      rotateEl(app),
      ctl.viewing !== null ? viewerEl(view) : null,
      ctl.menu !== null ? menuEl(view) : null,
      view.round_end ? roundEndEl(app, ctl.update, { onNext: () => act("next_round"), onRematch: app.rematch, onHome: () => app.show("home") }) : null,
    ];
    // replaceChildren would write a null as the text "null".
    root.replaceChildren(...parts.filter((p) => p !== null));
    feel.rendered(ctl.update);
  }

  // The left column: the way out, the round, and the rack's sort helpers.
  function toolsEl(view) {
    const live = !view.round_end;
    const button = (action, label, onclick) => h("button", { class: "btn btn--tool", dataset: { action }, disabled: !live, onclick }, label);
    return h(
      "aside",
      { class: "tools" },
      h(
        "header",
        { class: "table__bar" },
        h("button", { class: "btn btn--tool", dataset: { action: "home" }, title: app.t("table.menu"), onclick: () => app.show("home") }, "☰"),
        h("span", { class: "table__round", dataset: { round: view.round } }, app.t("table.round", { n: view.round })),
      ),
      button("sort-runs", app.t("action.runs"), () => send("sort_rack", { how: "runs" })),
      button("sort-pairs", app.t("action.pairs"), () => send("sort_rack", { how: "pairs" })),
      button("arrange", app.t("action.best"), () => send("sort_rack", { how: "best" })),
    );
  }

  function seatEl(p, side) {
    const level = ctl.update.bots[p.seat];
    const turn = ctl.update.view.turn === p.seat;
    const name = seatName(app, ctl.update.view, p.seat);
    const backs = h("div", { class: "seat__backs", "aria-hidden": "true" });
    for (let i = 0; i < Math.min(p.tiles, 15); i += 1) backs.append(backEl());
    // Partners sit opposite and share a score (R24).
    const partner = ctl.update.view.rules.partnership && fromViewer(ctl.update.view, p.seat) === 2;
    return h(
      "div",
      {
        class: `seat seat--${side}${turn ? " is-turn" : ""}${p.playing ? "" : " is-out"}`,
        dataset: { seat: p.seat, turn: turn ? "" : undefined, tiles: p.tiles },
      },
      avatarEl(name),
      h(
        "div",
        { class: "seat__body" },
        h(
          "div",
          { class: "seat__text" },
          h("span", { class: "seat__name" }, name),
          h(
            "span",
            { class: "seat__info" },
            partner ? h("span", { class: "seat__partner", dataset: { partner: "" } }, app.t("seat.partner")) : level ? app.t(`level.${level}`) : "",
          ),
        ),
        h(
          "div",
          { class: "seat__stats" },
          h("span", { class: "seat__score", dataset: { score: p.seat } }, String(p.score)),
          h("span", { class: "seat__count", title: app.t("seat.tiles", { n: p.tiles }) }, String(p.tiles)),
        ),
      ),
      backs,
    );
  }

  function playerEl(view) {
    const me = view.players[view.seat];
    const turn = view.turn === view.seat;
    return h(
      "div",
      { class: `me${turn ? " is-turn" : ""}`, dataset: { seat: view.seat, turn: turn ? "" : undefined } },
      avatarEl(app.t("you"), { me: true }),
      h("span", { class: "me__name" }, app.t("you")),
      h("span", { class: "seat__score", dataset: { score: view.seat } }, String(me.score)),
    );
  }

  function discardsEl(p, corner) {
    const view = ctl.update.view;
    const mine = p.seat === view.seat;
    const top = p.discards.top;
    // The stack whose top the engine offers the player (R14): the left neighbour's.
    const left = !mine && top !== null && top !== undefined && top === view.takeable;
    const spot = h("div", { class: "discards__spot" });
    if (top !== null && top !== undefined) {
      const tile = tileEl(top, { okeyKind: ctl.okeyKind, mark: app.settings.okey_mark });
      if (ctl.landed.get(p.seat) === top) tile.classList.add("tile--land");
      // Offered now: the engine's `takeable` while taking it is a legal action.
      if (left && hasAction(view, "take_discard")) {
        tile.classList.add("is-takeable");
        draggable(tile, {
          onClick: () => act("take"),
          onDrop: (target) => {
            if (target?.dataset.drop === "slot") act("take", { to: Number(target.dataset.slotIndex) });
          },
        });
      }
      spot.append(tile);
    } else if (mine) {
      spot.append(h("span", { class: "discards__empty" }, app.t("action.discard")));
    }
    spot.append(h("span", { class: "discards__count" }, String(p.discards.count)));
    const el = h(
      "div",
      {
        class: `discards discards--${corner}${mine ? " discards--mine" : ""}${left ? " discards--left" : ""}`,
        dataset: { discards: p.seat, count: p.discards.count, drop: mine ? "discard" : undefined },
      },
      spot,
    );
    if (p.discards.tiles && p.discards.count > 0) {
      el.append(
        h("button", {
          class: "discards__look",
          title: app.t("action.view"),
          dataset: { action: "view-discards", seat: p.seat },
          onclick: () => {
            ctl.viewing = p.seat;
            render();
          },
        }, "◉"),
      );
    }
    return el;
  }

  function centreEl(view) {
    const pile = h(
      "div",
      {
        class: `pile${hasAction(view, "draw") ? " is-drawable" : ""}`,
        dataset: { pile: "", count: view.pile },
        title: app.t("table.pile"),
      },
      backEl(),
      h("span", { class: "pile__count" }, String(view.pile)),
    );
    if (hasAction(view, "draw")) {
      draggable(pile, {
        onClick: () => act("draw"),
        onDrop: (target) => {
          if (target?.dataset.drop === "slot") act("draw", { to: Number(target.dataset.slotIndex) });
        },
      });
    }
    const indicator = view.indicator_tile !== null && view.indicator_tile !== undefined
      ? tileEl(view.indicator_tile, {})
      : faceEl(view.indicator, {});
    const finish = h(
      "div",
      { class: "finish-spot", dataset: { drop: "finish", centre: "" } },
      view.centre !== null && view.centre !== undefined
        ? tileEl(view.centre, { okeyKind: ctl.okeyKind, mark: app.settings.okey_mark })
        : null,
    );
    finish.addEventListener("click", () => {
      if (ctl.selected !== null) act("finish");
    });
    return h(
      "div",
      { class: "centre" },
      h("div", { class: "centre__item" }, pile, h("small", {}, app.t("table.pile"))),
      h("div", { class: "centre__item", dataset: { indicator: "" } }, indicator, h("small", {}, app.t("table.indicator"))),
      h("div", { class: "centre__item" }, finish, h("small", {}, app.t("table.finishHere"))),
    );
  }

  function hintText(view) {
    const phase = phaseOf(view);
    if (phase === "draw") {
      return hasAction(view, "end_round") ? app.t("hint.emptyPile") : app.t("hint.draw");
    }
    if (phase === "discard") {
      // Only the starter discards before any turn action of the round (R14).
      return view.plays === 0 ? app.t("hint.start") : app.t("hint.discard");
    }
    if (phase === "waiting" && view.turn !== null && view.turn !== undefined) {
      return app.t("hint.wait", { name: seatName(app, view, view.turn) });
    }
    return "";
  }

  // The right column: this turn's actions.
  function actionsEl(view) {
    const mine = view.turn === view.seat;
    const discardPhase = mine && view.phase === "discard";
    const button = (action, label, enabled, onclick, extra = "") =>
      h("button", { class: `btn btn--tool ${extra}`, dataset: { action }, disabled: !enabled, onclick }, label);
    const live = !view.round_end;
    const canFinish = view.legal_actions.some((a) => a.finish !== undefined);
    return h(
      "nav",
      { class: "actions" },
      button("draw", app.t("action.draw"), hasAction(view, "draw"), () => act("draw")),
      button("take", app.t("action.take"), hasAction(view, "take_discard"), () => act("take")),
      button("discard", app.t("action.discard"), discardPhase, () => act("discard"), "btn--primary"),
      button("finish", app.t("action.finish"), discardPhase, () => act("finish"), canFinish ? "btn--glow" : ""),
      hasAction(view, "show_indicator") ? button("gosterge", app.t("action.gosterge"), true, () => act("gosterge"), "btn--glow") : null,
      hasAction(view, "end_round") ? button("end-round", app.t("action.endRound"), true, () => act("end_round")) : null,
      button("hint", app.t("action.hint"), mine && live, () => assist.hint()),
    );
  }

  // A tile's menu: what a tap on the tile and then a button would do, in one place, for
  // fingers that cannot right-click or type.
  function menuEl(view) {
    const id = ctl.menu;
    const close = () => {
      ctl.menu = null;
      render();
    };
    const discardPhase = view.turn === view.seat && view.phase === "discard";
    const item = (action, label, enabled, run) =>
      h("button", { class: "btn btn--big", dataset: { action }, disabled: !enabled, onclick: () => { ctl.menu = null; render(); run(); } }, label);
    return h(
      "div",
      { class: "overlay", dataset: { tileMenu: token(id) }, onclick: (e) => e.target === e.currentTarget && close() },
      h("div", { class: "panel tile-menu" },
        tileEl(id, { okeyKind: ctl.okeyKind, mark: app.settings.okey_mark }),
        item("menu-discard", app.t("action.discard"), discardPhase, () => act("discard", { tile: id })),
        item("menu-finish", app.t("action.finish"), discardPhase, () => act("finish", { tile: id })),
        item("menu-move", app.t("menu.move"), true, () => { ctl.selected = id; render(); app.toast(app.t("menu.moveHow")); }),
        item("menu-close", app.t("action.close"), true, () => { ctl.selected = null; render(); }),
      ),
    );
  }

  function viewerEl(view) {
    const p = view.players[ctl.viewing];
    const close = () => {
      ctl.viewing = null;
      render();
    };
    const tiles = (p?.discards.tiles ?? []).map((id) => tileEl(id, { okeyKind: ctl.okeyKind, mark: app.settings.okey_mark, small: true }));
    return h(
      "div",
      { class: "overlay", dataset: { viewer: ctl.viewing }, onclick: (e) => e.target === e.currentTarget && close() },
      h(
        "div",
        { class: "panel" },
        h("h2", {}, app.t("discards.of", { name: seatName(app, view, ctl.viewing) })),
        h("div", { class: "viewer__tiles" }, tiles),
        h("button", { class: "btn", dataset: { action: "close" }, onclick: close }, app.t("action.close")),
      ),
    );
  }

  // Desktop play by keyboard: arrows move the cursor over the slots, Enter or Space picks a
  // tile up and puts it down, letters act.
  function onKey(e) {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement || e.altKey || e.ctrlKey || e.metaKey) {
      return;
    }
    const view = ctl.update.view;
    const key = e.key;
    if (key.startsWith("Arrow")) {
      ctl.cursor = stepCursor(ctl.cursor, key);
      render();
    } else if (key === "Enter" || key === " ") {
      const at = view.rack[ctl.cursor];
      if (ctl.selected !== null && at !== ctl.selected && (at === null || at === undefined)) {
        ctl.placeSelected(ctl.cursor);
      } else if (ctl.selected !== null && at !== null && at !== ctl.selected) {
        // Picking a tile up while holding another swaps them, as a drop would.
        const from = view.rack.indexOf(ctl.selected);
        ctl.selected = null;
        send("move_tile", { from, to: ctl.cursor });
      } else if (at !== null && at !== undefined) {
        ctl.toggleSelect(at, ctl.cursor);
      }
    } else if (key === "Escape") {
      ctl.selected = null;
      ctl.viewing = null;
      ctl.menu = null;
      render();
    } else {
      const keys = {
        d: () => act("draw"),
        t: () => act("take"),
        x: () => act("discard"),
        Delete: () => act("discard"),
        f: () => act("finish"),
        g: () => act("gosterge"),
        r: () => send("sort_rack", { how: "runs" }),
        p: () => send("sort_rack", { how: "pairs" }),
        b: () => send("sort_rack", { how: "best" }),
        h: () => assist.hint(),
        n: () => view.round_end && !view.winners && act("next_round"),
      };
      const run = keys[key] ?? keys[key.toLowerCase()];
      if (!run) return;
      run();
    }
    e.preventDefault();
  }

  document.addEventListener("keydown", onKey);
  render();
  assist.refresh(ctl.update);
  // Whatever happened while the screen was being built, the Rust side has the latest table.
  invoke("current_table")
    .then((update) => update && accept(update))
    .catch((error) => app.fail(error));
  return {
    el: root,
    onUpdate: accept,
    dispose() {
      document.removeEventListener("keydown", onKey);
      feel.dispose();
    },
  };
}
