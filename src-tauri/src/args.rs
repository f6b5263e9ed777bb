//! The arguments the webview sends, checked: tile ids, rack slots, match and meld ids, and
//! the action names of each game's table turned into that game's request. Nothing the
//! webview sends is trusted further than this.

use crate::error::AppError;
use crate::live::AnyRequest;
use crate::session::duz::Request;
use crate::session::r101::Request101;
use okey_core::r101::{MeldId, Side};
use okey_core::sort::Sort;
use okey_core::{Rack, Slot, Tile};
use okey_store::{MatchId, Variant};

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
pub fn request_duz(
    action: &str,
    tile_id: Option<i64>,
    to: Option<i64>,
) -> Result<Request, AppError> {
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

/// A 101 rack slot from the UI, checked.
pub fn slot101(n: i64) -> Result<usize, AppError> {
    slot(n).map(|s| usize::from(s.0))
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
    let given = groups.iter().map(Vec::len).sum::<usize>();
    if given > 22 {
        return Err(AppError::TooManyTiles(given));
    }
    groups
        .iter()
        .map(|g| g.iter().map(|&id| tile(id)).collect())
        .collect()
}

/// What the UI sends with an action at either table; only the fields the action needs are
/// read (a Düz action reads `tile` and `to`).
#[derive(Debug, Clone, Default, serde::Deserialize, ts_rs::TS)]
#[serde(default)]
#[ts(optional_fields)]
pub struct ActArgs {
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
pub fn request101(action: &str, args: &ActArgs) -> Result<Request101, AppError> {
    let to = args.to.map(slot101).transpose()?;
    let needs_tile = || args.tile.ok_or(AppError::TileNeeded).and_then(tile);
    let needs_meld = || args.meld.ok_or(AppError::MeldNeeded).and_then(meld_id);
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

/// The request for action `action` at the table of `variant`, from its arguments.
pub fn request(variant: Variant, action: &str, args: &ActArgs) -> Result<AnyRequest, AppError> {
    Ok(match variant {
        Variant::Duz => AnyRequest::Duz(request_duz(action, args.tile, args.to)?),
        Variant::Okey101 => AnyRequest::R101(request101(action, args)?),
    })
}

/// What the player asks for in the same words at either table: a rack move, a sort, or the
/// timer's turn played for them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verb {
    /// The tile in slot `from` to slot `to`, both as the UI sent them.
    Move(i64, i64),
    /// Lay the rack out.
    Sort(Sort),
    /// The turn timer ran out.
    Auto,
}

/// `verb` as the request of the table of `variant`, its slots checked.
pub fn verb(variant: Variant, verb: Verb) -> Result<AnyRequest, AppError> {
    Ok(match (variant, verb) {
        (Variant::Duz, Verb::Move(from, to)) => Request::Move(slot(from)?, slot(to)?).into(),
        (Variant::Duz, Verb::Sort(how)) => Request::Sort(how).into(),
        (Variant::Duz, Verb::Auto) => Request::Auto.into(),
        (Variant::Okey101, Verb::Move(from, to)) => {
            Request101::Move(slot101(from)?, slot101(to)?).into()
        }
        (Variant::Okey101, Verb::Sort(how)) => Request101::Sort(how).into(),
        (Variant::Okey101, Verb::Auto) => Request101::Auto.into(),
    })
}
