//! The commands the webview calls. Each checks its arguments, then hands over to the app's
//! [`Games`]; the rules live in okey-core. Commands are async so they run off the UI
//! thread. The startup probe's command lives with the probe ([`crate::probe::probe_reached`]).

use crate::error::AppError;
use crate::payload::TableUpdate;
use crate::replay101::AnyFrame;
use crate::session::NewGame;
use crate::table::{fresh_seed, Games, Request, Saves, StatsPage};
use okey_bots::puzzle::{self, Answer, Puzzle, PuzzleKind};
use okey_core::assist::Assist;
use okey_core::practice;
use okey_core::r101::practice as practice101;
use okey_core::sort::Sort;
use okey_core::{Rack, Slot, Tile};
use okey_store::{MatchId, Settings};
use std::sync::Arc;
use tauri::State;

/// A tile id from the UI, checked.
pub fn tile(id: i64) -> Result<Tile, AppError> {
    u8::try_from(id)
        .ok()
        .and_then(Tile::new)
        .ok_or(AppError::NoSuchTile(id))
}

/// A rack slot from the UI, checked.
pub fn slot(n: i64) -> Result<Slot, AppError> {
    u8::try_from(n)
        .ok()
        .filter(|&n| usize::from(n) < Rack::SLOTS)
        .map(Slot)
        .ok_or(AppError::NoSuchSlot(n))
}

/// A saved match id from the UI, checked.
pub fn match_id(n: i64) -> Result<MatchId, AppError> {
    u64::try_from(n)
        .map(MatchId)
        .map_err(|_| AppError::NoSuchMatch(n))
}

/// The request for an action name from the UI and its optional tile and target slot.
pub fn request(action: &str, tile_id: Option<i64>, to: Option<i64>) -> Result<Request, AppError> {
    let to = to.map(slot).transpose()?;
    let needs_tile = || tile_id.ok_or(AppError::TileNeeded).and_then(tile);
    Ok(match action {
        "draw" => Request::Draw(to),
        "take" => Request::Take(to),
        "discard" => Request::Discard(needs_tile()?),
        "finish" => Request::Finish(needs_tile()?),
        "gosterge" => Request::Gosterge,
        "end_round" => Request::EndRound,
        "next_round" => Request::NextRound,
        other => return Err(AppError::UnknownAction(other.to_string())),
    })
}

/// Starts a new match against bots.
#[tauri::command]
pub async fn new_game(
    games: State<'_, Arc<Games>>,
    setup: NewGame,
) -> Result<TableUpdate, AppError> {
    saves_ready(&games).await;
    games.new_game(&setup, None)
}

/// The table as the player sees it, if a match is on (the home screen's Continue).
#[tauri::command]
pub async fn current_table(games: State<'_, Arc<Games>>) -> Result<Option<TableUpdate>, AppError> {
    games.current()
}

/// A turn action: `draw`, `take` (optionally into slot `to`), `discard` and `finish` (with
/// `tile`), `gosterge`, `end_round`, `next_round`.
#[tauri::command]
pub async fn act(
    games: State<'_, Arc<Games>>,
    action: String,
    tile: Option<i64>,
    to: Option<i64>,
) -> Result<TableUpdate, AppError> {
    games.act(request(&action, tile, to)?)
}

/// Moves the tile in slot `from` to slot `to` (a tile there swaps back).
#[tauri::command]
pub async fn move_tile(
    games: State<'_, Arc<Games>>,
    from: i64,
    to: i64,
) -> Result<TableUpdate, AppError> {
    games.act(Request::Move(slot(from)?, slot(to)?))
}

/// The turn timer ran out: the player's turn is played as a medium bot would play it,
/// from the player's own view.
#[tauri::command]
pub async fn auto_move(games: State<'_, Arc<Games>>) -> Result<TableUpdate, AppError> {
    games.act(Request::Auto)
}

/// Sorts the rack: `runs`, `pairs` or `best`.
#[tauri::command]
pub async fn sort_rack(games: State<'_, Arc<Games>>, how: Sort) -> Result<TableUpdate, AppError> {
    games.act(Request::Sort(how))
}

/// The assistant's reading of the player's rack: distance, groups, loose tiles, finishes and,
/// on the player's turn, the suggested action.
#[tauri::command]
pub async fn assist(games: State<'_, Arc<Games>>) -> Result<Assist, AppError> {
    games.assist()
}

/// Checks a practice hand of 14 or 15 tokens under an indicator.
#[tauri::command]
pub async fn practice_check(
    indicator: String,
    tiles: Vec<String>,
) -> Result<practice::HandReport, AppError> {
    Ok(practice::check(&indicator, &tiles)?)
}

/// The engine's verdict on one group (the rules screen's examples).
#[tauri::command]
pub async fn check_group(
    indicator: String,
    tiles: Vec<String>,
) -> Result<practice::GroupVerdict, AppError> {
    Ok(practice::check_group(&indicator, &tiles)?)
}

/// A random practice hand of `size` tiles (14 or 15) and its indicator, as tokens.
#[tauri::command]
pub async fn practice_deal(size: u8) -> Result<(String, Vec<String>), AppError> {
    Ok(practice::deal(fresh_seed()?, usize::from(size)))
}

/// Checks a 101 practice rack of 1 to 22 tokens under an indicator: the numbers of
/// `okey check --variant 101 --json`.
#[tauri::command]
pub async fn practice101_check(
    indicator: String,
    tiles: Vec<String>,
) -> Result<practice101::Check101, AppError> {
    Ok(practice101::check(&indicator, &tiles)?)
}

/// A random 101 practice rack of `size` tiles (1 to 22) and its indicator, as tokens.
#[tauri::command]
pub async fn practice101_deal(size: u8) -> Result<(String, Vec<String>), AppError> {
    Ok(practice101::deal(fresh_seed()?, usize::from(size)))
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
pub async fn resume_save(
    games: State<'_, Arc<Games>>,
    id: i64,
) -> Result<crate::table101::Opened, AppError> {
    saves_ready(&games).await;
    games.open_saved(match_id(id)?)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_out_of_range_are_refused_with_a_reason() {
        assert!(tile(105).is_ok());
        for bad in [-1, 106, 300, i64::MAX] {
            assert_eq!(
                tile(bad).unwrap_err().to_string(),
                format!("{bad} is not a tile (tiles are numbered 0 to 105)")
            );
        }
        assert!(slot(31).is_ok());
        for bad in [-1, 32, 256] {
            assert!(matches!(slot(bad), Err(AppError::NoSuchSlot(n)) if n == bad));
        }
        assert!(matches!(
            request("discard", None, None),
            Err(AppError::TileNeeded)
        ));
        assert!(matches!(
            request("fly", None, None),
            Err(AppError::UnknownAction(_))
        ));
        assert!(matches!(match_id(-3), Err(AppError::NoSuchMatch(-3))));
        assert!(matches!(
            request("draw", None, Some(40)),
            Err(AppError::NoSuchSlot(40))
        ));
    }
}
