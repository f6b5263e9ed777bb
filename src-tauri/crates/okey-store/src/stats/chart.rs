//! The statistics screen's chart: the player's last finished Düz matches, each with the
//! player's final score against the start (101 totals are counted apart).

use crate::db::Store;
use crate::error::StoreError;
use crate::id::MatchId;
use crate::model::{MatchState, SeatKind};
use crate::variant::Variant;
use okey_core::scoring::unit_of;
use okey_core::Seat;
use serde::Serialize;

/// One finished match on the statistics screen's chart.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MatchPoints {
    /// The match.
    pub id: MatchId,
    /// When it was last played, in ms since the epoch.
    pub at_ms: u64,
    /// The player's final score (their team's, in partnership).
    pub score: i32,
    /// The score it started from.
    pub start: i32,
    /// Whether the player was among the winners.
    pub won: bool,
}

impl Store {
    /// Up to `n` finished Düz matches with a person at seat `you`, the most recent ones,
    /// oldest first.
    pub fn recent_finished(&self, you: Seat, n: usize) -> Result<Vec<MatchPoints>, StoreError> {
        let mut recent: Vec<MatchPoints> = self
            .list()?
            .matches
            .into_iter()
            .filter(|m| m.seats.get(you.index()) == Some(&SeatKind::Human))
            // The chart is of Düz scores against their start; 101 totals are kept apart.
            .filter(|m| m.variant == Variant::Duz)
            .filter_map(|m| match &m.state {
                MatchState::Finished { winners, ended_ms } => Some(MatchPoints {
                    id: m.id,
                    at_ms: *ended_ms,
                    // The player's scoring unit: its seat, or its team in partnership (R24).
                    score: m.scores.get(unit_of(&m.rules, you)).copied().unwrap_or(0),
                    start: i32::from(m.rules.start_points),
                    // The player won with its seat, or with its partner (R24).
                    won: winners
                        .iter()
                        .any(|&s| unit_of(&m.rules, s) == unit_of(&m.rules, you)),
                }),
                MatchState::InPlay => None,
            })
            .take(n)
            .collect();
        recent.reverse();
        Ok(recent)
    }
}
