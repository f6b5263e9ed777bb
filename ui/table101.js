// The 101 table: the opponents along the top with their status (opened or not, series or
// pairs, the opening's value), every laid meld grouped by owner in the middle, the pile, the
// indicator and the discard stacks at the sides, the rack of 21/22 tiles below with the
// opening meter and the assistant. The Rust side owns the match: this screen draws the last
// update it was given and sends what the player does.

import { h } from "./dom.js";
import { invoke } from "./ipc.js";
import { fromViewer, rotateEl, seatName } from "./seats.js";
import { draggable } from "./dnd.js";
import { rackEl, stepCursor } from "./rack.js";
import { backEl, faceKind, kindOf, tileEl, tileName } from "./tile.js";
import { errorText } from "./errors.js";
import { avatarEl } from "./avatar.js";
import { currentTable, offerTable } from "./tablestate.js";
import { answerCounter } from "./probe.js";
import { playSound } from "./sound.js";
import { tableFlights101 } from "./flights101.js";
import { meldsEl } from "./melds.js";
import { scoreSheetEl } from "./scoresheet.js";
import { assist101Widget } from "./assist101.js";
import { openTrayEl, openValue } from "./opentray.js";
import { turnTimer } from "./timer.js";
import { causeText, statusText } from "./words101.js";

// Which legal action of a kind the update holds ("draw", or {lay_off: ...} by its key).
const legalHas = (update, name) =>
  update.view.legal_actions.some((a) => a === name || (typeof a === "object" && a !== null && name in a));

// What the table shows as its state; also the `data-phase` automation hook.
function phaseOf(update) {
  const view = update.view;
  if (update.winners) return "match-over";
  if (view.end) return "round-over";
  if (view.turn !== view.seat) return "waiting";
  return view.taken || !legalHas(update, "draw") ? "play" : "draw";
}

export function table101Screen(app) {
  const root = h("section", { class: "table table101", dataset: { screen: "table", variant: "101" } });
  const timer = turnTimer(app, { onTimeout: () => act("auto") });
  const flights = tableFlights101(app, root);
  const ctl = {
    get update() {
      return currentTable();
    },
    // The rack module reads the slots from here: a 101 hand's layout comes beside the view.
    slots() {
      return currentTable().rack;
    },
    settings: app.settings,
    selected: null,
    cursor: 0,
    arrived: new Set(),
    loose: new Set(),
    costly: new Set(),
    hinted: null,
    hintedMeld: null,
    menu: null,
    tray: false,
    sheet: false,
    okeyKind: faceKind(currentTable().view.okey),
    openMenu(id, slot) {
      ctl.selected = id;
      ctl.cursor = slot;
      render();
    },
    doubleTap(id, slot) {
      if (phaseOf(ctl.update) === "play" && legalHas(ctl.update, "discard")) act("discard", { tile: id });
      else ctl.toggleSelect(id, slot);
    },
    toggleSelect(id, slot) {
      ctl.selected = ctl.selected === id ? null : id;
      ctl.cursor = slot;
      render();
    },
    placeSelected(slot) {
      const from = ctl.update.rack.indexOf(ctl.selected);
      ctl.cursor = slot;
      if (ctl.selected === null || from < 0) {
        render();
        return;
      }
      ctl.selected = null;
      send("move_tile", { from, to: slot });
    },
    // The assistant's marks on the rack: loose tiles, costly discards, the hinted tile.
    setAssist({ loose, costly, hinted, hintedMeld }) {
      ctl.loose = loose ?? new Set();
      ctl.costly = costly ?? new Set();
      ctl.hinted = hinted ?? null;
      ctl.hintedMeld = hintedMeld ?? null;
      for (const tile of root.querySelectorAll("[data-rack] [data-tile-id]")) {
        const id = Number(tile.dataset.tileId);
        tile.classList.toggle("tile--loose", ctl.loose.has(id));
        tile.classList.toggle("tile--costly", ctl.costly.has(id));
        tile.classList.toggle("is-hinted", id === ctl.hinted);
      }
      for (const meld of root.querySelectorAll("[data-meld]")) {
        meld.classList.toggle("is-hinted", Number(meld.dataset.meld) === ctl.hintedMeld);
      }
    },
    // An opening or new melds given as groups of tiles (the tray, the assistant's hint).
    layMelds(action, groups) {
      act(action, { groups });
    },
    dropRackTile(id, from, target) {
      if (!target) return;
      const kind = target.dataset.drop;
      if (kind === "slot") {
        const to = Number(target.dataset.slotIndex);
        if (to !== from) send("move_tile", { from, to });
      } else if (kind === "discard") {
        act("discard", { tile: id });
      } else if (kind === "meld" || kind === "okey") {
        playOnMeld(id, target);
      }
    },
  };

  const assist = assist101Widget(app, ctl);
  const answered = answerCounter(root);

  async function send(command, args) {
    try {
      accept(await invoke(command, args));
    } catch (error) {
      app.fail(error);
      render();
    } finally {
      answered();
    }
  }

  function act(action, args = {}) {
    if (action === "discard" && args.tile === undefined) {
      if (ctl.selected === null) {
        app.toast(app.t("hint.select"));
        return;
      }
      args.tile = ctl.selected;
    }
    if (action === "discard" || action === "lay_off" || action === "swap") ctl.selected = null;
    return send("act", { action, args });
  }

  // A rack tile dropped (or tapped, then the meld tapped) on a table meld: onto its okey a
  // swap when that fits, else a lay-off at the end nearer where it landed.
  function playOnMeld(tile, target) {
    const meldEl = target.closest("[data-meld]");
    if (!meldEl) return;
    const meld = Number(meldEl.dataset.meld);
    const okey = target.dataset.drop === "okey" ? Number(target.dataset.tileId) : undefined;
    // The legal actions name one copy of each kind: the other copy acts alike.
    const sameKind = (a, b) => kindOf(a) === kindOf(b);
    const swaps = ctl.update.view.legal_actions.filter((a) => a.swap && sameKind(a.swap.tile, tile) && a.swap.meld === meld);
    if (okey !== undefined && swaps.some((a) => a.swap.okey === okey)) {
      act("swap", { tile, meld, okey });
      return;
    }
    const sides = ctl.update.view.legal_actions.filter((a) => a.lay_off && sameKind(a.lay_off.tile, tile) && a.lay_off.meld === meld).map((a) => a.lay_off.side);
    // A tap on the meld itself (not on its okey) with a tile that only swaps there: the swap.
    if (sides.length === 0 && swaps.length > 0) {
      act("swap", { tile, meld, okey: swaps[0].swap.okey });
      return;
    }
    const side = sides.length > 1 ? ctl.dropSide ?? sides[sides.length - 1] : sides[0];
    act("lay_off", { tile, meld, side: side ?? undefined });
  }

  // The turn timer runs while the player is to move, one timer per turn (the round and its
  // turns played name it); when it runs out the Rust side plays the turn from the player's
  // own view, by the assistant's suggestions.
  function followTimer(update) {
    const view = update.view;
    const mine = view.turn === view.seat && !view.end && !update.winners;
    timer.follow({ game: update.game, turn: mine ? `${view.rounds[0]}:${view.turns}` : null });
  }

  function accept(update) {
    const shown = ctl.update;
    if (!offerTable(update)) return;
    followTimer(update);
    const before = new Set(shown.rack.filter((t) => t !== null));
    ctl.arrived = new Set(update.seq !== shown.seq ? update.rack.filter((t) => t !== null && !before.has(t)) : []);
    flights.before(shown, update);
    for (const event of update.events) noteEvent(event, update);
    if (ctl.selected !== null && !update.rack.includes(ctl.selected)) ctl.selected = null;
    if (update.view.end && !shown.view.end) ctl.sheet = true;
    if (!update.view.end && shown.view.end) ctl.sheet = false;
    ctl.okeyKind = faceKind(update.view.okey);
    render();
    flights.after(update, ctl.okeyKind);
    ctl.arrived = new Set();
    assist.refresh(update);
  }

  function noteEvent(event, update) {
    const name = (seat) => seatName(app, update.view, seat);
    const me = update.view.seat;
    if (event.drew === me || (event.took && event.took[0] === me)) playSound(app.settings, "draw");
    if (event.discarded) playSound(app.settings, "discard");
    if (event.penalised) {
      const [seat, cause] = event.penalised;
      app.toast(app.t("r101.event.penalty", { name: name(seat), cause: causeText(app, cause) }), seat === me ? "error" : "info");
    } else if (event.opened && event.opened[0] !== me) {
      app.toast(app.t("r101.event.opened", { name: name(event.opened[0]), how: statusText(app, event.opened[1]) }));
    } else if (event.swapped && event.swapped[0] !== me) {
      app.toast(app.t("r101.event.swapped", { name: name(event.swapped[0]) }));
    } else if (event === "ended") {
      const end = update.view.end;
      const finish = end?.kind?.finished;
      if (finish?.seat === me) playSound(app.settings, "win");
    }
  }

  function render() {
    const update = ctl.update;
    const view = update.view;
    root.dataset.phase = phaseOf(update);
    root.dataset.players = String(view.players.length);
    root.classList.toggle("no-anim", !app.settings.animations);
    const felt = h(
      "div",
      { class: "felt felt101" },
      h("div", { class: "seats101" }, view.players.filter((p) => p.seat !== view.seat).sort((a, b) => fromViewer(view, b.seat) - fromViewer(view, a.seat)).map((p) => seatEl(p))),
      sideEl(view),
      meldsEl(app, ctl, update, { onMeld: (target) => ctl.selected !== null && playOnMeld(ctl.selected, target) }),
      mineEl(view),
      h(
        "div",
        { class: "felt__me felt101__me" },
        playerEl(view),
        h("div", { class: "hint", dataset: { hint: "" } }, hintText(update)),
        openMeterEl(update),
        assist.el,
      ),
    );
    const parts = [
      toolsEl(update),
      felt,
      actionsEl(update),
      h("div", { class: "rack-wrap" }, rackEl(ctl)),
      rotateEl(app),
      ctl.tray ? openTrayEl(app, update, { onConfirm: confirmTray, onClose: () => { ctl.tray = false; render(); } }) : null,
      ctl.sheet ? scoreSheetEl(app, update, {
        names: (seat) => seatName(app, view, seat),
        onNext: () => { ctl.sheet = false; act("next_round"); },
        onClose: () => { ctl.sheet = false; render(); },
        onRematch: app.rematch,
        onHome: () => app.show("home"),
      }) : null,
    ];
    root.replaceChildren(...parts.filter((p) => p !== null));
    // The turn timer's ring on the player's panel while the player is to move.
    const ring = view.turn === view.seat ? timer.ringEl() : null;
    if (ring) root.querySelector(".me")?.append(ring);
    for (const tile of root.querySelectorAll("[data-rack] [data-tile-id]")) {
      const id = Number(tile.dataset.tileId);
      if (ctl.costly.has(id)) tile.classList.add("tile--costly");
      if (id === update.view.pending) tile.classList.add("tile--pending");
    }
  }

  function confirmTray(groups, asMelds) {
    ctl.tray = false;
    act(asMelds ? "meld" : "open", { groups });
  }

  function toolsEl(update) {
    const live = !update.view.end;
    const button = (action, label, onclick, enabled = live) => h("button", { class: "btn btn--tool", dataset: { action }, disabled: !enabled, onclick }, label);
    const [played, rounds] = update.view.rounds;
    // Once a round is over it is counted among those played: its number stays on show.
    const round = update.view.end ? Math.max(played, 1) : Math.min(played + 1, rounds);
    return h(
      "aside",
      { class: "tools" },
      h(
        "header",
        { class: "table__bar" },
        h("button", { class: "btn btn--tool", dataset: { action: "home" }, title: app.t("table.menu"), onclick: () => app.show("home") }, "☰"),
        h("span", { class: "table__round", dataset: { round } }, app.t("r101.round", { n: round, of: rounds })),
      ),
      button("sort-runs", app.t("action.runs"), () => send("sort_rack", { how: "runs" })),
      button("sort-pairs", app.t("action.pairs"), () => send("sort_rack", { how: "pairs" })),
      button("arrange", app.t("action.best"), () => send("sort_rack", { how: "best" })),
    );
  }

  function seatEl(p) {
    const update = ctl.update;
    const view = update.view;
    const turn = view.turn === p.seat;
    const name = seatName(app, view, p.seat);
    const partner = update.rules.partnership && fromViewer(view, p.seat) === 2;
    const level = update.bots[p.seat];
    return h(
      "div",
      {
        class: `seat seat101${turn ? " is-turn" : ""}${p.status.unopened ? "" : " is-opened"}`,
        dataset: { seat: p.seat, turn: turn ? "" : undefined, tiles: p.hand_size, status: Object.keys(p.status)[0] },
      },
      avatarEl(name),
      h(
        "div",
        { class: "seat__body" },
        h("span", { class: "seat__name" }, name, partner ? h("span", { class: "seat__partner", dataset: { partner: "" } }, ` · ${app.t("seat.partner")}`) : level ? h("small", { class: "seat__level" }, ` · ${app.t(`level.${level}`)}`) : null),
        h("span", { class: "seat__info", dataset: { opened: p.status.unopened ? "no" : "yes" } }, statusText(app, p.status)),
        h(
          "div",
          { class: "seat__stats" },
          h("span", { class: "seat__score", title: app.t("r101.total"), dataset: { score: p.seat } }, String(p.total)),
          h("span", { class: "seat__count", title: app.t("seat.tiles", { n: p.hand_size }) }, String(p.hand_size)),
          p.penalties > 0 ? h("span", { class: "seat__penalty", dataset: { penalties: p.penalties } }, `−${p.penalties}×101`) : null,
        ),
      ),
      // The previous player's stack lies on the left of the felt, where the player takes.
      fromViewer(view, p.seat) === view.players.length - 1 ? null : stackEl(p),
    );
  }

  // A seat's discard stack: its top tile, the count; the previous player's top is the one
  // the player may take.
  function stackEl(p) {
    const update = ctl.update;
    const view = update.view;
    const mine = p.seat === view.seat;
    const top = p.stack.length > 0 ? p.stack[p.stack.length - 1] : null;
    const offered = !mine && top !== null && view.offered === top;
    const spot = h("div", { class: "discards__spot" });
    if (top !== null) {
      const tile = tileEl(top, { okeyKind: ctl.okeyKind, mark: app.settings.okey_mark });
      if (offered && legalHas(update, "take")) {
        tile.classList.add(view.offered_use ? "is-unusable" : "is-takeable");
        draggable(tile, {
          onClick: () => take(),
          onDrop: (target) => target?.dataset.drop === "slot" && take(Number(target.dataset.slotIndex)),
        });
      }
      spot.append(tile);
    } else if (mine) {
      spot.append(h("span", { class: "discards__empty" }, app.t("action.discard")));
    }
    spot.append(h("span", { class: "discards__count" }, String(p.stack.length)));
    return h(
      "div",
      {
        class: `discards discards101${mine ? " discards--mine" : ""}${offered ? " discards--left" : ""}`,
        dataset: { discards: p.seat, count: p.stack.length, drop: mine ? "discard" : undefined },
      },
      spot,
    );
  }

  // Taking the previous discard: offered only when it can reach the table this turn; else
  // the engine's reason, in the player's language.
  function take(to) {
    const view = ctl.update.view;
    if (view.offered_use) {
      app.toast(app.t("r101.takeWhyNot", { why: errorText(app, view.offered_use) }), "error");
      return;
    }
    act("take", to === undefined ? {} : { to });
  }

  // The left side of the felt: the pile, the indicator and the stack the player takes from.
  function sideEl(view) {
    const update = ctl.update;
    const canDraw = legalHas(update, "draw") && phaseOf(update) === "draw";
    const pile = h(
      "div",
      { class: `pile${canDraw ? " is-drawable" : ""}`, dataset: { pile: "", count: view.pile }, title: app.t("table.pile") },
      backEl(),
      h("span", { class: "pile__count" }, String(view.pile)),
    );
    if (canDraw) {
      draggable(pile, {
        onClick: () => act("draw"),
        onDrop: (target) => target?.dataset.drop === "slot" && act("draw", { to: Number(target.dataset.slotIndex) }),
      });
    }
    const left = view.players.find((p) => fromViewer(view, p.seat) === view.players.length - 1);
    return h(
      "div",
      { class: "side101" },
      h("div", { class: "centre__item" }, pile, h("small", {}, app.t("table.pile"))),
      h("div", { class: "centre__item", dataset: { indicator: "" } }, tileEl(view.indicator, {}), h("small", {}, app.t("table.indicator"))),
      left ? h("div", { class: "centre__item side101__take" }, stackEl(left), h("small", {}, app.t("r101.takeFrom"))) : null,
    );
  }

  // The right side: the player's own stack (drop a tile there to discard).
  function mineEl(view) {
    const me = view.players[view.seat];
    return h("div", { class: "mine101" }, h("div", { class: "centre__item" }, stackEl(me)));
  }

  function playerEl(view) {
    const me = view.players[view.seat];
    const turn = view.turn === view.seat;
    return h(
      "div",
      { class: `me${turn ? " is-turn" : ""}`, dataset: { seat: view.seat, turn: turn ? "" : undefined, status: Object.keys(me.status)[0] } },
      avatarEl(app.t("you"), { me: true }),
      h("span", { class: "me__name" }, statusText(app, me.status)),
      h("span", { class: "seat__score", dataset: { score: view.seat } }, String(me.total)),
    );
  }

  // The running total of what the rack shows against the figure (or the pairs against the
  // pairs needed), while the player has not opened; tap it for the opening tray.
  function openMeterEl(update) {
    const me = update.view.players[update.view.seat];
    if (!me.status.unopened) return null;
    const { value, pairs } = openValue(update.groups);
    const [needed, neededPairs] = update.view.needed;
    const reaches = value >= needed || pairs >= neededPairs;
    return h(
      "button",
      {
        class: `btn btn--tool open-meter${reaches ? " is-enough" : ""}`,
        dataset: { openValue: value, openPairs: pairs, action: "open-tray" },
        title: app.t("r101.tray"),
        onclick: () => { ctl.tray = true; render(); },
      },
      pairs >= 2 && pairs * 10 > value ? app.t("r101.meterPairs", { n: pairs, needed: neededPairs }) : app.t("r101.meter", { value, needed }),
    );
  }

  function hintText(update) {
    const view = update.view;
    const phase = phaseOf(update);
    if (phase === "draw") {
      if (view.offered !== null && view.offered_use === null) return app.t("r101.hint.drawOrTake");
      return app.t("hint.draw");
    }
    if (phase === "play") {
      if (view.pending !== null) return app.t("r101.hint.pending", { tile: tileName(app, view.pending) });
      if (!legalHas(update, "draw") && !view.taken) return app.t("hint.start");
      return app.t("r101.hint.play");
    }
    if (phase === "waiting" && view.turn !== null) return app.t("hint.wait", { name: seatName(app, view, view.turn) });
    return "";
  }

  function actionsEl(update) {
    const view = update.view;
    const mine = view.turn === view.seat && !view.end;
    const me = view.players[view.seat];
    const button = (action, label, enabled, onclick, extra = "") =>
      h("button", { class: `btn btn--tool ${extra}`, dataset: { action }, disabled: !enabled, onclick }, label);
    const canOpen = mine && me.status.unopened && view.taken;
    const takeOffered = mine && legalHas(update, "take") && view.offered !== null;
    return h(
      "nav",
      { class: "actions" },
      button("draw", app.t("action.draw"), mine && legalHas(update, "draw") && phaseOf(update) === "draw", () => act("draw")),
      button("take", app.t("action.take"), takeOffered, () => take(), view.offered_use ? "is-unusable" : ""),
      me.status.unopened
        ? button("open", app.t("r101.open"), canOpen, () => act("open"), update.view.legal_actions.some((a) => a.open) ? "btn--glow" : "")
        : button("meld", app.t("r101.meld"), mine && view.taken, () => { ctl.tray = true; render(); }),
      button("discard", app.t("action.discard"), mine && legalHas(update, "discard"), () => act("discard"), "btn--primary"),
      legalHas(update, "take_back") ? button("take-back", app.t("r101.takeBack"), true, () => act("take_back")) : null,
      legalHas(update, "return") ? button("return", app.t("r101.return"), true, () => act("return")) : null,
      legalHas(update, "declare_pairs") && update.rules.pairs_declaration ? button("declare-pairs", app.t("r101.declare"), true, () => act("declare_pairs")) : null,
      legalHas(update, "end_round") ? button("end-round", app.t("action.endRound"), true, () => act("end_round")) : null,
      button("hint", app.t("action.hint"), mine, () => assist.hint()),
      button("score-sheet", app.t("r101.sheet"), true, () => { ctl.sheet = true; render(); }),
    );
  }

  function onKey(e) {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement || e.altKey || e.ctrlKey || e.metaKey) return;
    const rack = ctl.update.rack;
    const key = e.key;
    if (key.startsWith("Arrow")) {
      ctl.cursor = stepCursor(ctl.cursor, key);
      render();
    } else if (key === "Enter" || key === " ") {
      const at = rack[ctl.cursor];
      if (ctl.selected !== null && (at === null || at === undefined)) ctl.placeSelected(ctl.cursor);
      else if (ctl.selected !== null && at !== ctl.selected) {
        const from = rack.indexOf(ctl.selected);
        ctl.selected = null;
        send("move_tile", { from, to: ctl.cursor });
      } else if (at !== null && at !== undefined) ctl.toggleSelect(at, ctl.cursor);
    } else if (key === "Escape") {
      ctl.selected = null;
      ctl.tray = false;
      render();
    } else {
      const keys = {
        d: () => act("draw"),
        t: () => take(),
        x: () => act("discard"),
        Delete: () => act("discard"),
        o: () => act("open"),
        r: () => send("sort_rack", { how: "runs" }),
        p: () => send("sort_rack", { how: "pairs" }),
        b: () => send("sort_rack", { how: "best" }),
        h: () => assist.hint(),
        s: () => { ctl.sheet = !ctl.sheet; render(); },
      };
      const run = keys[key] ?? keys[key.toLowerCase()];
      if (!run) return;
      run();
    }
    e.preventDefault();
  }

  document.addEventListener("keydown", onKey);
  ctl.sheet = Boolean(ctl.update.view.end);
  followTimer(ctl.update);
  render();
  assist.refresh(ctl.update);
  invoke("current_table")
    .then((update) => update && accept(update))
    .catch((error) => app.fail(error));
  return {
    el: root,
    onUpdate: accept,
    dispose() {
      timer.stop();
      document.removeEventListener("keydown", onKey);
    },
  };
}
