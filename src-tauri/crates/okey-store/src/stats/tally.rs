//! What both games' statistics count the same way.

use serde::Serialize;

/// What both games count of the player's matches and rounds (flattened into each game's
/// statistics, so the JSON keys stay where they were).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Tally {
    /// Matches finished.
    pub matches_played: u32,
    /// Matches finished among the winners (their team's, in partnership; in 101 the lowest
    /// total).
    pub matches_won: u32,
    /// Matches still in play.
    pub matches_in_play: u32,
    /// Matches of this game with bots only, not counted anywhere else.
    pub bot_only_matches: u32,
    /// Rounds played to their end (in 101, rounds that counted).
    pub rounds_played: u32,
    /// Rounds the player finished.
    pub rounds_won: u32,
}
