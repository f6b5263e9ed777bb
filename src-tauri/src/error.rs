//! The one error every command returns. It reaches the webview as a plain sentence, so the
//! table can show it as it is.

use okey_core::notation::NotationError;
use okey_core::practice::PracticeError;
use okey_core::{RuleError, RulesError};
use okey_store::StoreError;
use serde::{Serialize, Serializer};
use thiserror::Error;

/// Why the app refused or could not do what the UI asked.
#[derive(Debug, Error)]
pub enum AppError {
    /// The engine refused the action; its message is already written for players.
    #[error("{0}")]
    Rule(#[from] RuleError),
    /// The chosen rules cannot be played.
    #[error("these rules cannot be played: {0}")]
    Rules(#[from] RulesError),
    /// A command that needs a match while none is on the table.
    #[error("there is no game on the table: start a new game")]
    NoMatch,
    /// A tile id outside 0..=105.
    #[error("{0} is not a tile (tiles are numbered 0 to 105)")]
    NoSuchTile(i64),
    /// A slot outside the rack.
    #[error("there is no slot {0} on the rack (slots are 0 to 31)")]
    NoSuchSlot(i64),
    /// An action name the app does not know.
    #[error("unknown action {0:?}")]
    UnknownAction(String),
    /// An action that needs a tile was sent without one.
    #[error("choose a tile first")]
    TileNeeded,
    /// The seats of a new game do not fit the table.
    #[error("a game with {players} players needs {needed} bots, not {given}")]
    Seats {
        /// Players at the table.
        players: u8,
        /// Bots that table needs (all seats but the player's).
        needed: usize,
        /// Bots the request named.
        given: usize,
    },
    /// A bot level that players cannot choose.
    #[error("bots play easy, medium or hard; {0} is not offered")]
    Level(String),
    /// Saving or loading failed; the message says what to do.
    #[error("{0}")]
    Store(#[from] StoreError),
    /// The saved games could not be opened when the app started.
    #[error("saved games are not available: {0}")]
    Saves(String),
    /// A match id from the UI that cannot be one.
    #[error("{0} is not a saved game")]
    NoSuchMatch(i64),
    /// A finish the engine refused, explained by the groups on the player's rack.
    #[error("{0}")]
    WrongFinish(String),
    /// A tile or indicator written wrong, or more copies than the set holds (R2, R5).
    #[error("{0}")]
    Notation(#[from] NotationError),
    /// A practice hand, group or puzzle answer that cannot be checked.
    #[error("{0}")]
    Practice(#[from] PracticeError),
    /// Work done off the UI thread stopped before it answered.
    #[error("the search stopped before it finished; try again")]
    Interrupted,
    /// A round that is still in play (its hands are secret) or that the match does not have.
    #[error(
        "round {0} cannot be replayed: it is still being played, or the match has no such round"
    )]
    NotReplayable(u32),
    /// A saved match without a person at the bottom seat (one made by `okey autoplay`).
    #[error("this saved game has no seat for you: it can be replayed but not played")]
    NotPlayable,
}

impl Serialize for AppError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // The UI shows the sentence; it never needs to branch on the variant.
        serializer.serialize_str(&self.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_serialize_to_their_message() {
        let json = serde_json::to_string(&AppError::NoSuchTile(200)).unwrap();
        assert_eq!(json, "\"200 is not a tile (tiles are numbered 0 to 105)\"");
        let json = serde_json::to_string(&AppError::Rule(RuleError::NotYourTurn)).unwrap();
        assert_eq!(json, "\"it is not your turn\"");
    }
}
