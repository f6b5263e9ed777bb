// Tiles moving at the table, the player's and the bots' alike, in both games: each tile that
// changed place with an update (rack, a stack, the finish spot, a meld) flies from where it
// was to where it is now. A tile that comes out of a hidden hand (a bot's discard or lay-off)
// starts at that seat, one that goes into it (a bot's take, an okey it swaps out) ends there,
// and a draw flies a tile back from the pile. The table calls `before` ahead of drawing an
// update and `after` once it is drawn; the tiles it lands on are the live nodes on screen.

import { backEl, tileEl } from "../tile.js";
import { flightMs, fly, motionAllowed } from "./flight.js";

// Tiles of one update leave one after another by this much, up to the cap, so an opening
// of a dozen tiles reads as a hand laying them down without holding the game up.
const STAGGER_MS = 35;
const STAGGER_CAP_MS = 420;

/**
 * What motion needs to know of a game's updates.
 * @typedef {object} MotionRules
 * @property {(update: any) => number[]} drew the seats that drew from the pile
 * @property {(update: any, id: number, area: string | null) => number | null} seatOf the
 *   seat an event names as moving tile `id` in or out of its hidden hand
 * @property {(update: any, shown: any) => boolean} sameDeal whether `update` continues the
 *   deal `shown` showed (no flights across a new deal or another match)
 */

/**
 * The area of the table a tile element sits in: the rack, a seat's stack, the finish
 * spot, or a meld.
 * @param {Element} el
 */
export function areaOf(el) {
  if (el.closest("[data-rack]")) return "rack";
  const stack = /** @type {HTMLElement | null} */ (el.closest("[data-discards]"));
  if (stack) return `stack:${stack.dataset.discards}`;
  if (el.closest("[data-centre]")) return "centre";
  const meld = /** @type {HTMLElement | null} */ (el.closest("[data-meld]"));
  if (meld) return `meld:${meld.dataset.meld}`;
  return null;
}

/**
 * The seat that can have taken a tile that left `area` unseen: the one after the stack's
 * owner (the player's rack stands for the player's stack, the discard gone through it).
 * Bots may act faster than the page draws, so the update that shows a discard gone may not
 * be the one whose events name the take: a discard is only ever taken by the next seat.
 * @param {{seat: number, players: unknown[]}} view
 * @param {string} area
 */
export function takerOf(view, area) {
  const owner = area === "rack" ? view.seat : area.startsWith("stack:") ? Number(area.slice(6)) : null;
  return owner === null ? null : (owner + 1) % view.players.length;
}

/**
 * @param {any} app
 * @param {HTMLElement} root
 * @param {MotionRules} rules
 */
export function tableMotion(app, root, rules) {
  /** Where each visible tile was before the update was drawn, by tile id. @type {Map<number, {rect: DOMRect, area: string}> | null} */
  let was = null;
  /** How many tiles each stack held then, by area. @type {Map<string, number>} */
  let counts = new Map();

  const box = (/** @type {string} */ selector) => root.querySelector(selector)?.getBoundingClientRect() ?? null;

  function stackCounts() {
    const out = new Map();
    for (const el of root.querySelectorAll("[data-discards]")) {
      const stack = /** @type {HTMLElement} */ (el);
      out.set(`stack:${stack.dataset.discards}`, Number(stack.dataset.count));
    }
    return out;
  }

  function visible() {
    const out = new Map();
    for (const el of root.querySelectorAll("[data-tile-id]")) {
      const area = areaOf(el);
      if (area !== null) out.set(Number(/** @type {HTMLElement} */ (el).dataset.tileId), { el, area });
    }
    return out;
  }

  /** Before `update` replaces `shown`: where the tiles are now. */
  function before(shown, update) {
    was = null;
    if (!motionAllowed(app.settings) || update.seq === shown.seq || !rules.sameDeal(update, shown)) return;
    was = new Map();
    counts = stackCounts();
    for (const [id, { el, area }] of visible()) was.set(id, { rect: el.getBoundingClientRect(), area });
  }

  /** After `update` was drawn: fly what moved. */
  function after(update, okeyKind) {
    const old = was;
    was = null;
    if (!old) return;
    const view = update.view;
    const ms = flightMs(app.settings);
    const seatBox = (seat) =>
      seat === view.seat
        ? box("[data-rack]")
        : box(`[data-seat="${seat}"]:not([data-action]) .seat__backs`) ?? box(`[data-seat="${seat}"]:not([data-action])`);
    const face = (id) => tileEl(id, { okeyKind, mark: app.settings.okey_mark });
    let delay = 0;
    const launch = (el, from, to, target) => {
      target?.classList.add("is-in-flight");
      fly(el, from, to, { ms, delay, landed: () => target?.classList.remove("is-in-flight") });
      delay = Math.min(STAGGER_CAP_MS, delay + STAGGER_MS);
    };
    const drew = rules.drew(update);
    const pile = box("[data-pile] .tile-back") ?? box("[data-pile]");
    // Draws first: a bot's tile is never shown, the player's lands on its rack slot.
    for (const seat of drew.filter((s) => s !== view.seat)) launch(backEl(), pile, seatBox(seat), null);
    const now = visible();
    for (const [id, { el, area }] of now) {
      const then = old.get(id);
      if (then && then.area === area) continue;
      let from = then?.rect ?? null;
      if (!from && area === "rack") {
        // The player's draw comes from the pile.
        from = drew.includes(view.seat) ? pile : null;
      } else if (!from) {
        // Out of a seat's hidden hand onto the table.
        const seat = rules.seatOf(update, id, area);
        from = seat === null ? null : seatBox(seat);
      }
      if (from) launch(face(id), from, el.getBoundingClientRect(), el);
    }
    const grown = stackCounts();
    for (const [id, then] of old) {
      if (now.has(id)) continue;
      // A stack's top that a new discard covered went nowhere.
      if (then.area.startsWith("stack:") && (grown.get(then.area) ?? 0) >= (counts.get(then.area) ?? 0)) continue;
      // Into a bot's hidden hand: it took it, swapped it out or took it back.
      const seat = rules.seatOf(update, id, then.area) ?? takerOf(view, then.area);
      if (seat !== null && seat !== view.seat) launch(face(id), then.rect, seatBox(seat), null);
    }
  }

  return { before, after };
}
