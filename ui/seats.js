// What the table and the replay say about seats: where a seat sits from the player, and
// its name.

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
