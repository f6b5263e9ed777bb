//! What an arena reports: per level, its share of round wins with an interval, its finishes,
//! points and decision times; and why an arena could not run. Both games' arenas report in
//! these types, the variant's own figures in `LevelReport::own`.

use crate::entrant::Entrant;
use crate::play::PlayError;
use okey_core::RulesError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use thiserror::Error;

/// Why the arena could not run: `R` says why the rules are invalid and `P` why a round could
/// not be played, the Düz arena's by default (the 101 arena's is
/// [`Arena101Error`](crate::r101::Arena101Error)).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ArenaError<R = RulesError, P = PlayError> {
    /// The seats do not fit the rules.
    #[error("{seats} seats were given but the rules are for {players} players")]
    Seats {
        /// Seats given.
        seats: usize,
        /// Players in the rules.
        players: u8,
    },
    /// The rules are invalid.
    #[error(transparent)]
    Rules(#[from] R),
    /// A round could not be played through.
    #[error("deal {deal}: {error}")]
    Play {
        /// The deal's number.
        deal: u32,
        /// What went wrong.
        error: P,
    },
}

/// Wins by how they were made.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Finishes {
    /// Sets and runs.
    pub melds: u32,
    /// Seven pairs.
    pub pairs: u32,
    /// Finishes that threw an okey (either kind).
    pub okey_discard: u32,
}

impl Finishes {
    /// Counts one finish: by pairs or by melds, throwing an okey or not.
    pub(crate) fn count(&mut self, pairs: bool, okey: bool) {
        if pairs {
            self.pairs += 1;
        } else {
            self.melds += 1;
        }
        if okey {
            self.okey_discard += 1;
        }
    }
}

/// How a bot from outside answered over a whole arena: every answer the table refused
/// (unreadable, or an action the rules refused), every decision it gave no answer to in
/// time, every time its program died, and the decisions the random level made for it after
/// three refusals, silence or death.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OutsideCounts {
    /// Answers refused.
    pub refusals: u32,
    /// Decisions not answered in time.
    pub timeouts: u32,
    /// Times the program ended or could not be started.
    pub crashes: u32,
    /// Decisions the random level made in its place.
    pub fallbacks: u32,
}

impl OutsideCounts {
    /// Adds `other` to these.
    pub fn add(&mut self, other: OutsideCounts) {
        self.refusals += other.refusals;
        self.timeouts += other.timeouts;
        self.crashes += other.crashes;
        self.fallbacks += other.fallbacks;
    }
}

/// The figures of one level, pooled over its seats; `X` is the variant's own figures (none
/// for Düz, [`Points101`](crate::r101::Points101) for 101), written among the others in the
/// JSON.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LevelReport<X = ()> {
    /// Seats this level held.
    pub seats: usize,
    /// Rounds won by a seat of this level. In 101: its score was the round's lowest (a
    /// finisher's, when somebody finished; R101-33), alone or tied only with seats of its
    /// level.
    pub wins: u32,
    /// Wins over all rounds played.
    pub share: f64,
    /// 95% confidence interval of the share (Wilson).
    pub ci95: [f64; 2],
    /// How the wins were made. In 101: the finishes (R101-28) by seats of this level, by
    /// series or pairs openers, and those that threw an okey.
    pub finishes: Finishes,
    /// Points a seat of this level lost per round, on average. In 101, the mean penalty
    /// points: what a seat scores is what it lost.
    pub points_lost_per_round: f64,
    /// The variant's own figures.
    #[serde(flatten)]
    pub own: X,
    /// How a bot from outside answered (its seats only): refusals, timeouts, crashes.
    #[serde(flatten)]
    pub outside: Option<OutsideCounts>,
    /// Median decision time, in milliseconds.
    pub decision_ms_median: f64,
    /// 95th percentile decision time, in milliseconds.
    pub decision_ms_p95: f64,
}

/// Who won one round of the arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArenaRound {
    /// The round's number in the whole arena, from 0.
    pub round: u32,
    /// The level of the seat that finished; None when the pile ran out.
    pub winner: Option<Entrant>,
}

/// The arena's result; `L` is a level's figures: the Düz arena's [`LevelReport`], or the 101
/// arena's ([`Arena101Report`](crate::r101::Arena101Report)).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ArenaReport<L = LevelReport> {
    /// Rounds played (from the first round on).
    pub rounds: u32,
    /// Rounds no level won: in Düz, the pile ran out; in 101, the round was voided
    /// (R101-18) or its lowest score was tied between levels.
    pub no_winner: u32,
    /// Rounds played per second of wall time.
    pub rounds_per_s: f64,
    /// Figures per level, by name.
    pub bots: BTreeMap<String, L>,
}
