// What both tables (Düz and 101) say about seats: where a seat sits from the player, its
// name, and the notice shown instead of a table on a phone held upright.

import { h } from "./dom.js";
import { BOT_NAMES } from "./i18n.js";

// A seat counted from the viewer of `view` (the player, `view.seat`): 0 is the viewer, 1 the
// next to play after them, and so on round the table.
export function fromViewer(view, seat) {
  const players = view.players.length;
  return (seat - view.seat + players) % players;
}

// A seat's name at a table seen in `view`: "you" for the viewer, else the bot's name, in
// order from the seat after the viewer. With the seats' `bots` (a replay), a bot in the
// viewer's seat has a name of its own.
export function seatName(app, view, seat, bots = null) {
  const rel = fromViewer(view, seat);
  if (rel === 0) return bots?.[seat] ? BOT_NAMES[3] : app.t("you");
  return BOT_NAMES[(rel - 1) % 3];
}

// The name of the bot at `seat` of a saved match, counted from seat 0 (the player's).
export function botName(seat) {
  return seat === 0 ? BOT_NAMES[3] : BOT_NAMES[(seat - 1) % 3];
}

// Shown instead of the table on a phone held upright: the rack needs the long side.
export function rotateEl(app) {
  return h(
    "div",
    { class: "rotate", dataset: { rotate: "" } },
    h("div", { class: "rotate__phone", "aria-hidden": "true" }),
    h("p", {}, app.t("table.rotate")),
    h("button", { class: "btn", dataset: { action: "rotate-home" }, onclick: () => app.show("home") }, app.t("table.menu")),
  );
}
