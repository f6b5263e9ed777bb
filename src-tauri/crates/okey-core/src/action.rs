//! What a seat can do: the one input of the round and match state machines (`Round::apply`,
//! `Match::apply`), and what a match log records.

use crate::slot::Slot;
use crate::tile::Tile;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Everything a seat can do. All but `Move` and `ShowIndicator` are turn actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Show a tile equal to the indicator before the first draw (R19). Allowed out of turn.
    ShowIndicator,
    /// Draw the top tile of the pile (R14).
    Draw,
    /// Take the previous player's last discard (R14, R15).
    TakeDiscard,
    /// Discard this tile onto the stack to the right (R14).
    Discard(Tile),
    /// Discard this tile onto the centre and show the 14 left as a win (R10). Under a strict
    /// rack (R11) a claim the layout does not show is accepted as a false claim: it costs the
    /// claimer 2 points and the turn goes on.
    Finish(Tile),
    /// Decline the previous discard when the pile is empty: the round ends (R17).
    EndRound,
    /// Rearrange the own rack: not a turn, allowed at any time in a round.
    Move {
        /// The slot holding the tile.
        from: Slot,
        /// Where it goes; a tile there swaps back.
        to: Slot,
    },
    /// Deal the next round once this one is over. Any seat still in the match may.
    NextRound,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::ShowIndicator => f.write_str("show the indicator"),
            Action::Draw => f.write_str("draw"),
            Action::TakeDiscard => f.write_str("take the discard"),
            Action::Discard(t) => write!(f, "discard {t}"),
            Action::Finish(t) => write!(f, "finish with {t}"),
            Action::EndRound => f.write_str("end the round"),
            Action::Move { from, to } => write!(f, "move slot {} to {}", from.0, to.0),
            Action::NextRound => f.write_str("next round"),
        }
    }
}
