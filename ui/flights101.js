// Tiles moving at the 101 table, the player's and the bots' alike: each tile that changed
// place with an update (rack, a stack, a meld on the table) flies from where it was to where
// it is now. A tile that comes out of a hidden hand (a bot's lay-off, a discard) starts at
// that seat, one that goes into it (a bot's take, an okey it swaps out) ends there, and a
// draw flies a tile back from the pile. The table screen calls `before` ahead of drawing an
// update and `after` once it is drawn; this module reads the page and never changes the game.

import { backEl, tileEl } from "./tile.js";
import { flightMs, fly, motionAllowed } from "./flight.js";

// Tiles of one update leave one after another by this much, up to the cap, so an opening
// of a dozen tiles reads as a hand laying them down without holding the game up.
const STAGGER_MS = 35;
const STAGGER_CAP_MS = 420;

export function tableFlights101(app, root) {
  // Where each visible tile was before the update was drawn, by tile id.
  let was = null;

  const box = (selector) => root.querySelector(selector)?.getBoundingClientRect() ?? null;

  // The part of the table a tile element sits in: the rack, a seat's stack, or a meld.
  function areaOf(el) {
    if (el.closest("[data-rack]")) return "rack";
    const stack = el.closest("[data-discards]");
    if (stack) return `stack:${stack.dataset.discards}`;
    const meld = el.closest("[data-meld]");
    if (meld) return `meld:${meld.dataset.meld}`;
    return null;
  }

  function visible() {
    const out = new Map();
    for (const el of root.querySelectorAll("[data-tile-id]")) {
      const area = areaOf(el);
      if (area !== null) out.set(Number(el.dataset.tileId), { el, area });
    }
    return out;
  }

  // Before `update` replaces `shown`: where the tiles are now. A new deal (the shown round
  // was over, this one is not) or another match is drawn without flights.
  function before(shown, update) {
    was = null;
    const same = update.game === shown.game && !(shown.view.end && !update.view.end);
    if (!motionAllowed(app.settings) || update.seq === shown.seq || !same) return;
    was = new Map();
    for (const [id, { el, area }] of visible()) was.set(id, { rect: el.getBoundingClientRect(), area });
  }

  // The seat that moved tile `id` in or out of a hidden place, as the update's events name
  // it (the tile itself, or the meld it went on or came off); null when no event did, as
  // for the tile a take uncovers on a stack, which does not fly.
  function seatOf(update, id, area) {
    for (const e of update.events) {
      for (const key of ["took", "returned", "laid_off", "swapped", "took_back", "discarded"]) {
        if (e[key] && e[key][1] === id) return e[key][0];
      }
    }
    const meld = area?.startsWith("meld:") ? Number(area.slice(5)) : null;
    if (meld === null) return null;
    for (const e of update.events) {
      for (const key of ["laid", "laid_off", "swapped"]) {
        if (e[key] && e[key][e[key].length - 1] === meld) return e[key][0];
      }
    }
    return null;
  }

  // The seat that can have taken a tile that left `area` unseen: the one after the stack's
  // owner (the player's rack stands for the player's stack, the discard gone through it).
  function takerOf(view, area) {
    const owner = area === "rack" ? view.seat : area.startsWith("stack:") ? Number(area.slice(6)) : null;
    return owner === null ? null : (owner + 1) % view.players.length;
  }

  // After `update` was drawn: fly what moved.
  function after(update, okeyKind) {
    const before = was;
    was = null;
    if (!before) return;
    const view = update.view;
    const ms = flightMs(app.settings);
    const seatBox = (seat) => (seat === view.seat ? box("[data-rack]") : box(`[data-seat="${seat}"]`));
    const face = (id) => tileEl(id, { okeyKind, mark: app.settings.okey_mark });
    let delay = 0;
    const launch = (el, from, to, target) => {
      target?.classList.add("is-in-flight");
      fly(el, from, to, { ms, delay, landed: () => target?.classList.remove("is-in-flight") });
      delay = Math.min(STAGGER_CAP_MS, delay + STAGGER_MS);
    };
    const drew = update.events.map((e) => e.drew).filter((s) => s !== undefined);
    // Draws first: a bot's tile is never shown, the player's lands on its rack slot.
    for (const seat of drew.filter((s) => s !== view.seat)) launch(backEl(), box("[data-pile]"), seatBox(seat), null);
    const now = visible();
    for (const [id, { el, area }] of now) {
      const old = before.get(id);
      if (old && old.area === area) continue;
      let from = old?.rect;
      if (!from && area === "rack") {
        // The player's draw comes from the pile.
        from = drew.includes(view.seat) ? box("[data-pile]") : null;
      } else if (!from) {
        // Out of a seat's hidden hand onto the table.
        const seat = seatOf(update, id, area);
        from = seat === null ? null : seatBox(seat);
      }
      if (from) launch(face(id), from, el.getBoundingClientRect(), el);
    }
    for (const [id, old] of before) {
      if (now.has(id)) continue;
      // Into a bot's hidden hand: it took it, swapped it out or took it back. Bots may act
      // faster than the page draws, so the update that shows a discard gone may not be the
      // one whose events name the take: a discard is only ever taken by the next seat.
      const seat = seatOf(update, id, old.area) ?? takerOf(view, old.area);
      if (seat !== null && seat !== view.seat) launch(face(id), old.rect, seatBox(seat), null);
    }
  }

  return { before, after };
}
