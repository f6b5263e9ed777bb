//! The commands the webview calls, one per verb for both games: each checks its arguments
//! ([`crate::args`]), then hands over to the app's [`Games`], which dispatches to the game on
//! the table; the rules live in okey-core. Commands are async so they run off the UI
//! thread. The startup probe's command lives with the probe ([`crate::probe::probe_reached`]).

use crate::accuracy::Accuracy;
use crate::args::{self, match_id, request, ActArgs, Verb};
use crate::error::AppError;
use crate::live::Setup;
use crate::payload::Assisted;
use crate::payload::Update;
use crate::replay::AnyFrame;
use crate::review::AnyReview;
use crate::table::{fresh_seed, Games, Saves, StatsPage};
use okey_bots::puzzle::{self, Answer, Puzzle, PuzzleKind};
use okey_core::practice;
use okey_core::r101::practice as practice101;
use okey_core::sort::Sort;
use okey_store::{Settings, Variant};
use serde::Serialize;
use std::sync::Arc;
use tauri::State;

/// Starts a new match against bots: `{"variant": "duz" | "101", "rules": ..., "bots": [...]}`.
#[tauri::command]
pub async fn new_game(games: State<'_, Arc<Games>>, setup: Setup) -> Result<Update, AppError> {
    saves_ready(&games).await;
    games.new_game(setup, None)
}

/// The table as the player sees it, if a match is on (the home screen's Continue).
#[tauri::command]
pub async fn current_table(games: State<'_, Arc<Games>>) -> Result<Option<Update>, AppError> {
    games.current()
}

/// An action at the table on. Düz: `draw`, `take` (optionally into slot `to`), `discard`
/// and `finish` (with `tile`), `gosterge`, `end_round`, `next_round`. 101: `draw`, `take`
/// (optionally into `to`), `return`, `declare_pairs`, `open` (with `groups`, or what the rack
/// shows), `meld` (`groups`), `lay_off` (`tile`, `meld`, `side`), `swap` (`tile`, `meld`,
/// `okey`), `take_back`, `discard` (`tile`), `end_round`, `next_round`, `auto`.
#[tauri::command]
pub async fn act(
    games: State<'_, Arc<Games>>,
    action: String,
    args: Option<ActArgs>,
) -> Result<Update, AppError> {
    let variant = games.on_table().ok_or(AppError::NoMatch)?;
    games.act(request(variant, &action, &args.unwrap_or_default())?)
}

/// `verb` at the table on, in its game's own request.
fn act_on_table(games: &Games, verb: Verb) -> Result<Update, AppError> {
    let variant = games.on_table().ok_or(AppError::NoMatch)?;
    games.act(args::verb(variant, verb)?)
}

/// Moves the tile in slot `from` to slot `to` (a tile there swaps back).
#[tauri::command]
pub async fn move_tile(
    games: State<'_, Arc<Games>>,
    from: i64,
    to: i64,
) -> Result<Update, AppError> {
    act_on_table(&games, Verb::Move(from, to))
}

/// The turn timer ran out: the player's turn is played for them from their own view (Düz:
/// as a medium bot would; 101: the assistant's suggestions).
#[tauri::command]
pub async fn auto_move(games: State<'_, Arc<Games>>) -> Result<Update, AppError> {
    act_on_table(&games, Verb::Auto)
}

/// Sorts the rack: `runs`, `pairs` or `best`.
#[tauri::command]
pub async fn sort_rack(games: State<'_, Arc<Games>>, how: Sort) -> Result<Update, AppError> {
    act_on_table(&games, Verb::Sort(how))
}

/// The assistant's reading of the player's hand at the table on: distance (Düz) or the
/// opening figures (101), groups, loose tiles and, on the player's turn, the suggestion.
#[tauri::command]
pub async fn assist(games: State<'_, Arc<Games>>) -> Result<Assisted, AppError> {
    games.assist()
}

/// The choices of the last match of `variant` started, for New game; null before the first.
#[tauri::command]
pub async fn last_setup(
    games: State<'_, Arc<Games>>,
    variant: Variant,
) -> Result<Option<Setup>, AppError> {
    Ok(Setup::last(&games.settings(), variant))
}

/// A practice check of either game.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(untagged)]
pub enum PracticeReport {
    /// Düz: a hand of 14 or 15.
    Duz(Box<practice::HandReport>),
    /// 101: a rack of 1 to 22.
    R101(Box<practice101::Check101>),
}

/// Checks a practice hand under an indicator: Düz, 14 or 15 tokens; 101, 1 to 22 tokens
/// with the numbers of `okey check --variant 101 --json`.
#[tauri::command]
pub async fn practice_check(
    variant: Variant,
    indicator: String,
    tiles: Vec<String>,
) -> Result<PracticeReport, AppError> {
    Ok(match variant {
        Variant::Duz => PracticeReport::Duz(Box::new(practice::check(&indicator, &tiles)?)),
        Variant::Okey101 => PracticeReport::R101(Box::new(practice101::check(&indicator, &tiles)?)),
    })
}

/// A random practice hand of `size` tiles (Düz: 14 or 15; 101: 1 to 22) and its indicator,
/// as tokens.
#[tauri::command]
pub async fn practice_deal(variant: Variant, size: u8) -> Result<(String, Vec<String>), AppError> {
    let seed = fresh_seed()?;
    Ok(match variant {
        Variant::Duz => practice::deal(seed, usize::from(size)),
        Variant::Okey101 => practice101::deal(seed, usize::from(size)),
    })
}

/// The engine's verdict on one group (the rules screen's examples).
#[tauri::command]
pub async fn check_group(
    indicator: String,
    tiles: Vec<String>,
) -> Result<practice::GroupVerdict, AppError> {
    Ok(practice::check_group(&indicator, &tiles)?)
}

/// A new puzzle of `kind` from a fresh bot game. Bots play a few rounds to find one, so it
/// runs off the UI thread.
#[tauri::command]
pub async fn puzzle_new(kind: PuzzleKind) -> Result<Puzzle, AppError> {
    let seed = fresh_seed()?;
    tauri::async_runtime::spawn_blocking(move || puzzle::make(kind, seed))
        .await
        .map_err(|_| AppError::Interrupted)?
        .map_err(AppError::from)
}

/// Checks the answer `tile` (in notation) to `puzzle`.
#[tauri::command]
pub async fn puzzle_answer(puzzle: Puzzle, tile: String) -> Result<Answer, AppError> {
    Ok(puzzle::answer(&puzzle, &tile)?)
}

/// The saved games, newest first, and any that were found damaged.
#[tauri::command]
pub async fn list_saves(games: State<'_, Arc<Games>>) -> Result<Saves, AppError> {
    saves_ready(&games).await;
    games.saves()
}

/// Tries again to open saved games that could not be opened (another program held them):
/// the Retry button of the home and saved-games screens.
#[tauri::command]
pub async fn retry_saves(games: State<'_, Arc<Games>>) -> Result<Saves, AppError> {
    saves_ready(&games).await;
    let games = Arc::clone(&games);
    // Opening may wait a moment for the lock: not on the async runtime's threads.
    tauri::async_runtime::spawn_blocking(move || games.retry_saves())
        .await
        .map_err(|_| AppError::Interrupted)?
}

/// Waits while the saves are being opened at start-up (another program may hold them for a
/// few seconds, see [`crate::table::LOCK_RETRY`]), so that the first screen gets the saves
/// or the reason there are none, not "still starting".
async fn saves_ready(games: &Games) {
    let started = std::time::Instant::now();
    let bound = crate::table::LOCK_RETRY + std::time::Duration::from_secs(5);
    while games.opening() && started.elapsed() < bound {
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// Puts saved game `id` on the table as it was left.
#[tauri::command]
pub async fn resume_save(games: State<'_, Arc<Games>>, id: i64) -> Result<Update, AppError> {
    saves_ready(&games).await;
    games.resume(match_id(id)?)
}

/// The player's statistics over every saved game, and the last finished ones for the chart.
#[tauri::command]
pub async fn statistics(games: State<'_, Arc<Games>>) -> Result<StatsPage, AppError> {
    saves_ready(&games).await;
    games.statistics()
}

/// Round `round` of saved game `id` after `step` turn actions, from the player's seat or
/// with every hand `open`. Only rounds that are over can be replayed.
#[tauri::command]
pub async fn replay_frame(
    games: State<'_, Arc<Games>>,
    id: i64,
    round: u32,
    step: u32,
    open: bool,
) -> Result<AnyFrame, AppError> {
    saves_ready(&games).await;
    games.replay(match_id(id)?, round, step as usize, open)
}

/// Every seat's graded decisions in finished round `round` of saved game `id`.
#[tauri::command]
pub async fn review_round(
    games: State<'_, Arc<Games>>,
    id: i64,
    round: u32,
) -> Result<AnyReview, AppError> {
    saves_ready(&games).await;
    games.review(match_id(id)?, round)
}

/// Starts lesson `lesson` of Learn on the table.
#[tauri::command]
pub async fn start_lesson(
    games: State<'_, Arc<Games>>,
    lesson: String,
) -> Result<Update, AppError> {
    saves_ready(&games).await;
    games.start_lesson(&lesson)
}

/// The player's average review accuracy over its last rounds of `variant` that are over.
#[tauri::command]
pub async fn player_accuracy(
    games: State<'_, Arc<Games>>,
    variant: Variant,
) -> Result<Option<Accuracy>, AppError> {
    saves_ready(&games).await;
    // Reviewing rounds is seconds of work on a slow phone: off the async runtime's threads.
    let games = Arc::clone(&games);
    tauri::async_runtime::spawn_blocking(move || games.accuracy(variant))
        .await
        .map_err(|_| AppError::Interrupted)?
}

/// Deletes saved game `id` and returns the saves left.
#[tauri::command]
pub async fn delete_save(games: State<'_, Arc<Games>>, id: i64) -> Result<Saves, AppError> {
    saves_ready(&games).await;
    games.delete(match_id(id)?)
}

/// The settings.
#[tauri::command]
pub async fn get_settings(games: State<'_, Arc<Games>>) -> Result<Settings, AppError> {
    // The stored settings are read as the saves open.
    saves_ready(&games).await;
    Ok(games.settings())
}

/// Changes the settings and stores them.
#[tauri::command]
pub async fn set_settings(
    games: State<'_, Arc<Games>>,
    settings: Settings,
) -> Result<Settings, AppError> {
    saves_ready(&games).await;
    games.set_settings(settings)
}
