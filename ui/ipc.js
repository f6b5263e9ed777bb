// The one place that talks to the Rust side: a typed function per command, its arguments
// and answer declared with the types generated from the Rust ones (ui/types/rust.d.ts), so
// `tsc --checkJs` catches a screen that reads a field the Rust side does not send. Every call
// returns a promise; a refused call rejects with the error as data, {code, params, message}
// (`Problem`), for errors.js to word. A shell test checks these are the registered commands.

/** @typedef {import("./types/rust").Update} Update */
/** @typedef {import("./types/rust").Problem} Problem */

function tauri() {
  const api = window.__TAURI__;
  if (!api) {
    throw new Error("Okey must run inside the app: the Tauri API is missing.");
  }
  return api;
}

/**
 * @template T
 * @param {string} command
 * @param {Record<string, unknown>} [args]
 * @returns {Promise<T>}
 */
function call(command, args = {}) {
  return tauri().core.invoke(command, args);
}

// The table.

/** @param {import("./types/rust").Setup} setup @returns {Promise<Update>} */
export const newGame = (setup) => call("new_game", { setup });
/** @returns {Promise<Update | null>} */
export const currentTable = () => call("current_table");
/**
 * A turn action of either game, by its name (`draw`, `discard`, `lay_off`...), with what it needs.
 * @param {string} action
 * @param {import("./types/rust").ActArgs} [args]
 * @returns {Promise<Update>}
 */
export const act = (action, args = {}) => call("act", { action, args });
/** @param {number} from @param {number} to @returns {Promise<Update>} */
export const moveTile = (from, to) => call("move_tile", { from, to });
/** @param {import("./types/rust").Sort} how @returns {Promise<Update>} */
export const sortRack = (how) => call("sort_rack", { how });
/** @returns {Promise<Update>} */
export const autoMove = () => call("auto_move");
/** @returns {Promise<import("./types/rust").Assisted>} */
export const assist = () => call("assist");
/** @param {string} lesson @returns {Promise<import("./types/rust").Update>} */
export const startLesson = (lesson) => call("start_lesson", { lesson });
/** @param {import("./types/rust").Variant} variant @returns {Promise<import("./types/rust").Setup | null>} */
export const lastSetup = (variant) => call("last_setup", { variant });

// Practice, the rules' examples and puzzles.

/**
 * @param {import("./types/rust").Variant} variant
 * @param {string} indicator
 * @param {string[]} tiles
 * @returns {Promise<import("./types/rust").PracticeReport>}
 */
export const practiceCheck = (variant, indicator, tiles) => call("practice_check", { variant, indicator, tiles });
/** @param {import("./types/rust").Variant} variant @param {number} size @returns {Promise<[string, string[]]>} */
export const practiceDeal = (variant, size) => call("practice_deal", { variant, size });
/** @param {string} indicator @param {string[]} tiles @returns {Promise<import("./types/rust").GroupVerdict>} */
export const checkGroup = (indicator, tiles) => call("check_group", { indicator, tiles });
/** @param {import("./types/rust").PuzzleKind} kind @returns {Promise<import("./types/rust").Puzzle>} */
export const puzzleNew = (kind) => call("puzzle_new", { kind });
/** @param {import("./types/rust").Puzzle} puzzle @param {string} tile @returns {Promise<import("./types/rust").Answer>} */
export const puzzleAnswer = (puzzle, tile) => call("puzzle_answer", { puzzle, tile });

// Saves, statistics, replays and settings.

/** @returns {Promise<import("./types/rust").Saves>} */
export const listSaves = () => call("list_saves");
/** @returns {Promise<import("./types/rust").Saves>} */
export const retrySaves = () => call("retry_saves");
/** @param {number} id @returns {Promise<Update>} */
export const resumeSave = (id) => call("resume_save", { id });
/** @param {number} id @returns {Promise<import("./types/rust").Saves>} */
export const deleteSave = (id) => call("delete_save", { id });
/** @returns {Promise<import("./types/rust").StatsPage>} */
export const statistics = () => call("statistics");
/**
 * @param {number} id
 * @param {number} round
 * @param {number} step
 * @param {boolean} open
 * @returns {Promise<import("./types/rust").AnyFrame>}
 */
export const replayFrame = (id, round, step, open) => call("replay_frame", { id, round, step, open });
/** @param {number} id @param {number} round @returns {Promise<import("./types/rust").AnyReview>} */
export const reviewRound = (id, round) => call("review_round", { id, round });
/** @param {import("./types/rust").Variant} variant @returns {Promise<import("./types/rust").Accuracy | null>} */
export const playerAccuracy = (variant) => call("player_accuracy", { variant });
/** @returns {Promise<import("./types/rust").Settings>} */
export const getSettings = () => call("get_settings");
/** @param {import("./types/rust").Settings} settings @returns {Promise<import("./types/rust").Settings>} */
export const setSettings = (settings) => call("set_settings", { settings });

// The startup probe (scripts/probe.sh): the next step, or null without a probe.
/** @param {string} stage @returns {Promise<string | null>} */
export const probeReached = (stage) => call("probe_reached", { stage });

// Bot moves arrive as "table" events, one per move, each with the player's whole view and
// the game it is for, `variant`: "duz" or "101".
/** @param {(update: Update) => void} handler */
export function onTableUpdate(handler) {
  return tauri().event.listen("table", (event) => handler(/** @type {Update} */ (event.payload)));
}

export async function appVersion() {
  const app = tauri().app;
  const [name, version] = await Promise.all([app.getName(), app.getVersion()]);
  return `${name} ${version}`;
}

// A bot move that could not be saved stops the bots; the reason comes as an error's data.
/** @param {(error: Problem) => void} handler */
export function onTableError(handler) {
  return tauri().event.listen("table-error", (event) => handler(/** @type {Problem} */ (event.payload)));
}
