//! What a seat can do in a 101 round or match (R101-11..R101-23).

use super::meld::{Laid, MeldId, Side};
use crate::tile::Tile;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One step of play. Table actions come between the take and the discard (R101-12).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Action101 {
    /// Take the top tile of the pile (R101-12).
    Draw,
    /// Take the previous player's last discard; it must reach the table this turn (R101-13).
    Take,
    /// Put a taken discard back and draw from the pile instead (R101-13, `take_return`).
    Return,
    /// Declare for pairs, "çifte gidiyorum" (R101-16).
    DeclarePairs,
    /// Open with sets and runs, or with pairs (R101-14, R101-15).
    Open(Vec<Laid>),
    /// Lay a new meld after opening (R101-20).
    Meld(Laid),
    /// Add a tile to a table set or run (R101-21); `side` places an okey on a run.
    LayOff {
        /// The tile from the hand.
        tile: Tile,
        /// The meld it goes on.
        meld: MeldId,
        /// Which end of a run, needed only for an okey.
        side: Option<Side>,
    },
    /// Put `tile` in place of the okey `okey` in a table meld and take the okey (R101-22).
    Swap {
        /// The tile from the hand.
        tile: Tile,
        /// The meld.
        meld: MeldId,
        /// The okey taken out.
        okey: Tile,
    },
    /// Take back the tile laid off most recently this turn (R101-23).
    TakeBack {
        /// The tile.
        tile: Tile,
    },
    /// Discard onto one's own stack; this ends the turn (R101-12).
    Discard(Tile),
    /// With `exhaustion` one_more_take: leave the last discard and end the round (R101-30).
    EndRound,
    /// Deal the next round of the match once this one is over (R101-34).
    NextRound,
}

impl fmt::Display for Action101 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action101::Draw => f.write_str("draw"),
            Action101::Take => f.write_str("take"),
            Action101::Return => f.write_str("return"),
            Action101::DeclarePairs => f.write_str("declare pairs"),
            Action101::Open(melds) => write!(f, "open with {} melds", melds.len()),
            Action101::Meld(m) => write!(f, "lay a {:?} of {} tiles", m.shape, m.tiles.len()),
            Action101::LayOff { tile, meld, .. } => write!(f, "lay off {tile} on meld {}", meld.0),
            Action101::Swap { tile, meld, okey } => {
                write!(f, "swap {tile} for the okey {okey} on meld {}", meld.0)
            }
            Action101::TakeBack { tile } => write!(f, "take back {tile}"),
            Action101::Discard(t) => write!(f, "discard {t}"),
            Action101::EndRound => f.write_str("end the round"),
            Action101::NextRound => f.write_str("next round"),
        }
    }
}
