//! The 101 arena: bots play many rounds of 101 against each other, counted per level as the
//! Düz arena does, plus the penalty points each level takes per round (lower is better).

use super::play::{play_round101, Play101Error};
use super::Bot101;
use crate::arena::{percentile, wilson, Finishes};
use crate::bot::mix;
use crate::level::Level;
use okey_core::r101::rules::Rules101Error;
use okey_core::r101::{EndKind, Match101, Rules101};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::time::Instant;
use thiserror::Error;

/// What to play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arena101Config {
    /// The level in each seat; as many as the rules have players.
    pub seats: Vec<Level>,
    /// Rounds to play (with `duplicate`, rounded up to whole rotations).
    pub rounds: u32,
    /// The first round played, to split one arena over several processes.
    pub first: u32,
    /// Seed of the deals and the bots.
    pub seed: u64,
    /// Play each deal once per rotation of the seats, so the luck of the deal cancels.
    pub duplicate: bool,
    /// The rules; `players` must match the seats.
    pub rules: Rules101,
    /// The hard bots' budget per decision.
    pub budget: u32,
    /// Rollouts of the whole table per hard discard; 0 keeps hard's race
    /// ([`Bot101::with_rollouts`]).
    pub rollouts: u32,
}

/// Why the 101 arena could not run.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Arena101Error {
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
    Rules(#[from] Rules101Error),
    /// A round could not be played through.
    #[error("deal {deal}: {error}")]
    Play {
        /// The deal's number.
        deal: u32,
        /// What went wrong.
        error: Play101Error,
    },
}

/// The figures of one level, pooled over its seats: the Düz arena's, and the points.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Level101Report {
    /// Seats this level held.
    pub seats: usize,
    /// Rounds won by a seat of this level: its score was the round's lowest (a finisher's,
    /// when somebody finished; R101-33), alone or tied only with seats of its level.
    pub wins: u32,
    /// Wins over all rounds played.
    pub share: f64,
    /// 95% confidence interval of the share (Wilson).
    pub ci95: [f64; 2],
    /// The finishes (R101-28) by seats of this level: by series or pairs openers, and those
    /// that threw an okey.
    pub finishes: Finishes,
    /// Points a seat of this level lost per round (the same as `points_mean`: 101 counts
    /// penalty points, so what a seat scores is what it lost).
    pub points_lost_per_round: f64,
    /// Mean penalty points of a seat of this level per round (R101-33), lower is better.
    pub points_mean: f64,
    /// 95% interval of `points_mean` (normal, over the seat-rounds).
    pub points_ci95: [f64; 2],
    /// Median decision time, in milliseconds.
    pub decision_ms_median: f64,
    /// 95th percentile decision time, in milliseconds.
    pub decision_ms_p95: f64,
}

/// The 101 arena's result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Arena101Report {
    /// Rounds played.
    pub rounds: u32,
    /// Rounds without a winner: voided (R101-18), or the lowest score tied between levels.
    pub no_winner: u32,
    /// Rounds played per second of wall time.
    pub rounds_per_s: f64,
    /// Figures per level, by name.
    pub bots: BTreeMap<String, Level101Report>,
}

#[derive(Default)]
struct Tally {
    seats: usize,
    wins: u32,
    finishes: Finishes,
    points: Vec<f64>,
    times_ns: Vec<u64>,
}

impl Arena101Config {
    /// Whether the arena can run: valid rules with as many players as seats.
    pub fn check(&self) -> Result<(), Arena101Error> {
        self.rules.validate()?;
        if self.seats.len() != usize::from(self.rules.players) {
            return Err(Arena101Error::Seats {
                seats: self.seats.len(),
                players: self.rules.players,
            });
        }
        Ok(())
    }
}

/// Plays the 101 arena and counts: each arena round is the first round of a match of its
/// own deal. Deterministic in everything but the times.
pub fn run_arena101(cfg: &Arena101Config) -> Result<Arena101Report, Arena101Error> {
    cfg.check()?;
    let n = cfg.seats.len();
    let rotations = if cfg.duplicate { n as u32 } else { 1 };
    let end = cfg.rounds.div_ceil(rotations).saturating_mul(rotations);
    let mut tallies: BTreeMap<Level, Tally> = BTreeMap::new();
    for &level in &cfg.seats {
        tallies.entry(level).or_default().seats += 1;
    }
    let (mut rounds, mut no_winner) = (0u32, 0u32);
    let start = Instant::now();
    for game in cfg.first..end {
        let deal = game / rotations;
        let rotation = (game % rotations) as usize;
        let level_of = |seat: usize| cfg.seats[(seat + rotation) % n];
        let deal_seed = mix(cfg.seed ^ u64::from(deal) ^ 0x0101_0101);
        let mut m = Match101::new(cfg.rules, deal_seed)?;
        let mut bots: Vec<Option<Bot101>> = (0..n)
            .map(|s| {
                let seed = mix(deal_seed ^ mix(u64::from(game) << 8 | s as u64));
                Some(
                    Bot101::new(level_of(s), seed)
                        .with_budget(cfg.budget)
                        .with_rollouts(cfg.rollouts),
                )
            })
            .collect();
        play_round101(&mut m, &mut bots, |mv| {
            if let Some(t) = tallies.get_mut(&level_of(mv.seat.index())) {
                t.times_ns.push(mv.thinking.as_nanos() as u64);
            }
        })
        .map_err(|error| Arena101Error::Play { deal, error })?;
        rounds += 1;
        let Some(end) = m.round().end() else {
            continue;
        };
        if let EndKind::Finished(f) = end.kind {
            let t = tallies.entry(level_of(f.seat.index())).or_default();
            if f.pairs {
                t.finishes.pairs += 1;
            } else {
                t.finishes.melds += 1;
            }
            if f.okey {
                t.finishes.okey_discard += 1;
            }
        }
        if end.kind == EndKind::Void {
            no_winner += 1;
            continue;
        }
        for line in &end.lines {
            let t = tallies.entry(level_of(line.seat.index())).or_default();
            t.points.push(f64::from(line.total));
        }
        // The round's winner: the lowest score (the finisher's, when somebody finished). A
        // tie between levels counts for nobody.
        let best = end.lines.iter().map(|l| l.total).min();
        let mut levels: Vec<Level> = end
            .lines
            .iter()
            .filter(|l| Some(l.total) == best)
            .map(|l| level_of(l.seat.index()))
            .collect();
        levels.sort();
        levels.dedup();
        match levels.as_slice() {
            [level] => tallies.entry(*level).or_default().wins += 1,
            _ => no_winner += 1,
        }
    }
    let elapsed = start.elapsed().as_secs_f64().max(1e-9);
    let bots = tallies
        .into_iter()
        .map(|(level, mut t)| {
            t.times_ns.sort_unstable();
            let (mean, ci) = mean_ci(&t.points);
            let report = Level101Report {
                seats: t.seats,
                wins: t.wins,
                share: f64::from(t.wins) / f64::from(rounds.max(1)),
                ci95: wilson(t.wins, rounds),
                finishes: t.finishes,
                points_lost_per_round: mean,
                points_mean: mean,
                points_ci95: ci,
                decision_ms_median: percentile(&t.times_ns, 0.5),
                decision_ms_p95: percentile(&t.times_ns, 0.95),
            };
            (level.name().to_string(), report)
        })
        .collect();
    Ok(Arena101Report {
        rounds,
        no_winner,
        rounds_per_s: f64::from(rounds) / elapsed,
        bots,
    })
}

/// The mean and its 95% normal interval.
fn mean_ci(xs: &[f64]) -> (f64, [f64; 2]) {
    if xs.is_empty() {
        return (0.0, [0.0, 0.0]);
    }
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let half = 1.959_964 * (var / n).sqrt();
    (mean, [mean - half, mean + half])
}
