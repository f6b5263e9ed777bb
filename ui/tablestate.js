// The last table update the webview was given: this module alone holds it and decides
// whether an update is newer than the one shown. Updates arrive out of order (a command's
// answer and bots' events race), so every writer goes through here; others only read.

/** @type {import("./types/rust").Update | null} */
let shown = null;

/** @typedef {import("./types/rust").Update} Update */

// Whether `update` may replace `than`: nothing shown yet, or the same match built at the
// same time or later (`rev`: the app numbers every update it builds, rack moves included). An update of another match is never taken over the one shown (a bot of
// the match just left may still be sending); opening a match is how the table changes hands.
/** @param {Update} update @param {Update | null} than */
function isNewer(update, than) {
  return !than || (update.game === than.game && update.rev >= than.rev);
}

// The update shown, or null when no match is on the table.
export function currentTable() {
  return shown;
}

// Takes `update` (a bot's event or a command's answer) if it is newer than the one shown;
// says whether it did.
/** @param {Update} update */
export function offerTable(update) {
  if (!isNewer(update, shown)) return false;
  shown = update;
  return true;
}

// Puts the match of `update` on the table (a new or resumed match): it replaces another
// match, and within the same match the newer update is kept.
/** @param {Update} update */
export function openTable(update) {
  if (shown && shown.game !== update.game) shown = null;
  return offerTable(update);
}

// Takes match `game` off the table (it was deleted).
/** @param {number} game */
export function forgetTable(game) {
  if (shown?.game === game) shown = null;
}
