//! The commands of the 101 table. Each checks its arguments, then hands over to the app's
//! [`Games`]; the rules live in okey-core's r101.

use crate::commands::tile;
use crate::error::AppError;
use crate::payload101::TableUpdate101;
use crate::session101::{NewGame101, Request101};
use crate::table::Games;
use crate::table101::Last101;
use okey_core::r101::assist::Assist101;
use okey_core::r101::{MeldId, Side};
use okey_core::sort::Sort;
use okey_core::{Rack, Tile};
use std::sync::Arc;
use tauri::State;

/// A 101 rack slot from the UI, checked.
pub fn slot101(n: i64) -> Result<usize, AppError> {
    usize::try_from(n)
        .ok()
        .filter(|&n| n < Rack::SLOTS)
        .ok_or(AppError::NoSuchSlot(n))
}

/// A table meld id from the UI, checked for range (the engine checks it is on the table).
pub fn meld_id(n: i64) -> Result<MeldId, AppError> {
    u16::try_from(n)
        .map(MeldId)
        .map_err(|_| AppError::NoSuchMeldId(n))
}

/// A run's end from the UI.
pub fn side(s: &str) -> Result<Side, AppError> {
    match s {
        "low" => Ok(Side::Low),
        "high" => Ok(Side::High),
        other => Err(AppError::NoSuchSide(other.to_string())),
    }
}

/// Groups of tile ids from the UI, checked: each a tile, at most 22 in all.
pub fn groups(groups: &[Vec<i64>]) -> Result<Vec<Vec<Tile>>, AppError> {
    if groups.iter().map(Vec::len).sum::<usize>() > 22 {
        return Err(AppError::NoMeldsShown);
    }
    groups
        .iter()
        .map(|g| g.iter().map(|&id| tile(id)).collect())
        .collect()
}

/// What the UI sends with a 101 action; only the fields the action needs are read.
#[derive(Debug, Clone, Default, serde::Deserialize)]
#[serde(default)]
pub struct Args101 {
    /// A tile id.
    pub tile: Option<i64>,
    /// A rack slot for a drawn or taken tile.
    pub to: Option<i64>,
    /// A table meld.
    pub meld: Option<i64>,
    /// The okey taken out by a swap.
    pub okey: Option<i64>,
    /// A run's end for an okey lay-off: `low` or `high`.
    pub side: Option<String>,
    /// Groups of tile ids for an opening or new melds.
    pub groups: Option<Vec<Vec<i64>>>,
}

/// The request for a 101 action name from the UI and its arguments.
pub fn request101(action: &str, args: &Args101) -> Result<Request101, AppError> {
    let to = args.to.map(slot101).transpose()?;
    let needs_tile = || args.tile.ok_or(AppError::TileNeeded).and_then(tile);
    let needs_meld = || {
        args.meld
            .ok_or(AppError::NoSuchMeldId(-1))
            .and_then(meld_id)
    };
    let groups = args.groups.as_deref().map(groups).transpose()?;
    Ok(match action {
        "draw" => Request101::Draw(to),
        "take" => Request101::Take(to),
        "return" => Request101::Return,
        "declare_pairs" => Request101::DeclarePairs,
        "open" => Request101::Open(groups),
        "meld" => Request101::Meld(groups.unwrap_or_default()),
        "lay_off" => Request101::LayOff(
            needs_tile()?,
            needs_meld()?,
            args.side.as_deref().map(side).transpose()?,
        ),
        "swap" => Request101::Swap(
            needs_tile()?,
            needs_meld()?,
            args.okey.ok_or(AppError::TileNeeded).and_then(tile)?,
        ),
        "take_back" => Request101::TakeBack,
        "discard" => Request101::Discard(needs_tile()?),
        "end_round" => Request101::EndRound,
        "next_round" => Request101::NextRound,
        "auto" => Request101::Auto,
        other => return Err(AppError::UnknownAction(other.to_string())),
    })
}

/// Starts a new 101 match against bots.
#[tauri::command]
pub async fn new_game101(
    games: State<'_, Arc<Games>>,
    setup: NewGame101,
) -> Result<TableUpdate101, AppError> {
    games.new_game101(&setup, None)
}

/// The 101 table as the player sees it, if a 101 match is on.
#[tauri::command]
pub async fn current_table101(
    games: State<'_, Arc<Games>>,
) -> Result<Option<TableUpdate101>, AppError> {
    games.current101()
}

/// A 101 turn action (`draw`, `take`, `return`, `declare_pairs`, `open`, `meld`, `lay_off`,
/// `swap`, `take_back`, `discard`, `end_round`, `next_round`, `auto`) with its arguments.
#[tauri::command]
pub async fn act101(
    games: State<'_, Arc<Games>>,
    action: String,
    args: Option<Args101>,
) -> Result<TableUpdate101, AppError> {
    games.act101(request101(&action, &args.unwrap_or_default())?)
}

/// Moves the tile in slot `from` of the 101 rack to slot `to` (a tile there swaps back).
#[tauri::command]
pub async fn move_tile101(
    games: State<'_, Arc<Games>>,
    from: i64,
    to: i64,
) -> Result<TableUpdate101, AppError> {
    games.act101(Request101::Move(slot101(from)?, slot101(to)?))
}

/// Sorts the 101 rack: `runs`, `pairs` or `best` (the opening of greatest value first).
#[tauri::command]
pub async fn sort_rack101(
    games: State<'_, Arc<Games>>,
    how: Sort,
) -> Result<TableUpdate101, AppError> {
    games.act101(Request101::Sort(how))
}

/// The 101 assistant's reading of the player's hand and, on the player's turn, a hint.
#[tauri::command]
pub async fn assist101(games: State<'_, Arc<Games>>) -> Result<Assist101, AppError> {
    games.assist101()
}

/// The last 101 match's choices, for New game.
#[tauri::command]
pub async fn last_setup101(games: State<'_, Arc<Games>>) -> Result<Last101, AppError> {
    Ok(games.last101())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r101_requests_out_of_range_are_refused_with_a_reason() {
        assert!(matches!(slot101(32), Err(AppError::NoSuchSlot(32))));
        assert!(matches!(
            meld_id(70_000),
            Err(AppError::NoSuchMeldId(70_000))
        ));
        assert!(matches!(side("up"), Err(AppError::NoSuchSide(_))));
        let args = Args101 {
            groups: Some(vec![vec![1, 2, 300]]),
            ..Args101::default()
        };
        assert!(matches!(
            request101("open", &args),
            Err(AppError::NoSuchTile(300))
        ));
        assert!(matches!(
            request101("lay_off", &Args101::default()),
            Err(AppError::TileNeeded)
        ));
        assert!(matches!(
            request101("fly", &Args101::default()),
            Err(AppError::UnknownAction(_))
        ));
        let many = Args101 {
            groups: Some(vec![vec![0; 23]]),
            ..Args101::default()
        };
        assert!(request101("meld", &many).is_err());
    }
}
