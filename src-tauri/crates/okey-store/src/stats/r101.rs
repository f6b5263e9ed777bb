//! Statistics of the Okey 101 matches, kept apart from Düz's: from the first human seat of
//! each match, in penalty points (lower is better). Rounds count when they counted in the
//! match (a voided deal does not); a round is won when the player finished it.

use super::tally::Tally;
use crate::id::MatchId;
use crate::model::{MatchState, RoundSummary101, Status};
use okey_core::r101::rules::PENALTY;
use okey_core::r101::{EndKind, Status as Standing};
use okey_core::Seat;
use serde::Serialize;

/// The player's best 101 match: the lowest total of a finished match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BestMatch101 {
    /// The match.
    pub id: MatchId,
    /// The player's total of penalty points in it.
    pub total: i32,
}

/// What the player has done in Okey 101, over every saved 101 match.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Statistics101 {
    /// Matches and rounds played and won.
    #[serde(flatten)]
    pub tally: Tally,
    /// The player's round scores added up (negative for finishes).
    pub points: i64,
    /// `points` over `rounds_played`; None before any round.
    pub average_points: Option<f64>,
    /// Rounds the player opened with sets and runs (R101-14).
    pub opened_series: u32,
    /// Rounds the player opened with pairs (R101-15).
    pub opened_pairs: u32,
    /// Rounds the player never opened.
    pub never_opened: u32,
    /// Penalties of 101 charged to the player (R101-27).
    pub penalties: u32,
    /// The finished match with the player's lowest total.
    pub best_match: Option<BestMatch101>,
}

impl Statistics101 {
    /// Counts one 101 match of the player at seat `you`.
    pub(crate) fn count(
        &mut self,
        id: MatchId,
        you: Seat,
        rounds: &[RoundSummary101],
        status: &Status,
    ) {
        for r in rounds.iter().filter(|r| r.kind != EndKind::Void) {
            let Some(line) = r.lines.iter().find(|l| l.seat == you) else {
                continue;
            };
            self.tally.rounds_played += 1;
            self.tally.rounds_won +=
                u32::from(matches!(r.kind, EndKind::Finished(f) if f.seat == you));
            self.points += i64::from(line.total);
            match line.status {
                Standing::Series { .. } => self.opened_series += 1,
                Standing::Pairs { .. } => self.opened_pairs += 1,
                Standing::Unopened { .. } => self.never_opened += 1,
            }
            self.penalties += u32::try_from(line.penalties / PENALTY).unwrap_or(0);
        }
        self.average_points = (self.tally.rounds_played > 0)
            .then(|| self.points as f64 / f64::from(self.tally.rounds_played));
        match &status.state {
            MatchState::Finished { winners, .. } => {
                self.tally.matches_played += 1;
                self.tally.matches_won += u32::from(winners.contains(&you));
                if let Some(&total) = status.scores.get(you.index()) {
                    if self.best_match.is_none_or(|b| total < b.total) {
                        self.best_match = Some(BestMatch101 { id, total });
                    }
                }
            }
            MatchState::InPlay => self.tally.matches_in_play += 1,
        }
    }
}
