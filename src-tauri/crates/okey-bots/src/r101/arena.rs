//! The 101 arena: bots play many rounds of 101 against each other, counted per level as the
//! Düz arena does, plus the penalty points each level takes per round (lower is better).

use super::play::{play_round101, Play101Error};
use super::Bot101;
use crate::arena_loop::{count_time, play_arena, seats_fit, Deal, Schedule, Tallies};
use crate::arena_report::{ArenaError, ArenaReport, LevelReport};
use crate::bot::mix;
use crate::entrant::Entrant;
use crate::outside::{Line, Lines, Seated};
use okey_core::r101::rules::Rules101Error;
use okey_core::r101::{EndKind, Match101, Rules101};
use okey_core::Seat;
use serde::{Deserialize, Serialize};
use std::ops::ControlFlow;

/// What to play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arena101Config {
    /// Who sits in each seat (a level, or a bot from outside); as many as the rules have
    /// players.
    pub seats: Vec<Entrant>,
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
pub type Arena101Error = ArenaError<Rules101Error, Play101Error>;

/// The 101 arena's own figures of a level: its penalty points.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Points101 {
    /// Mean penalty points of a seat of this level per round (R101-33), lower is better.
    pub points_mean: f64,
    /// 95% interval of `points_mean` (normal, over the seat-rounds).
    pub points_ci95: [f64; 2],
}

/// The figures of one level in the 101 arena: the Düz arena's, and the points.
pub type Level101Report = LevelReport<Points101>;

/// The 101 arena's result.
pub type Arena101Report = ArenaReport<Level101Report>;

impl Arena101Config {
    /// Whether the arena can run: valid rules with as many players as seats.
    pub fn check(&self) -> Result<(), Arena101Error> {
        self.rules.validate()?;
        seats_fit(&self.seats, self.rules.players)
    }
}

/// Plays the 101 arena and counts: each arena round is the first round of a match of its
/// own deal. Deterministic in everything but the times.
pub fn run_arena101(cfg: &Arena101Config) -> Result<Arena101Report, Arena101Error> {
    run_arena101_outside(cfg, &mut crate::arena::no_outside)
}

/// [`run_arena101`] with bots from outside: `start` starts the program of an `external`
/// seat and gives the arena its line ([`crate::run_arena_outside`]).
pub fn run_arena101_outside(
    cfg: &Arena101Config,
    start: &mut dyn FnMut() -> Box<dyn Line>,
) -> Result<Arena101Report, Arena101Error> {
    cfg.check()?;
    let n = cfg.seats.len();
    let mut lines = Lines::new(n, start);
    // A seat's penalty points in each round it played.
    type Points = Vec<f64>;
    let play = |d: &Deal,
                tallies: &mut Tallies<Points>|
     -> Result<Option<Entrant>, Arena101Error> {
        let deal_seed = mix(cfg.seed ^ u64::from(d.deal) ^ 0x0101_0101);
        let mut m = Match101::new(cfg.rules, deal_seed)?;
        let mut bots: Vec<Option<Seated<Bot101>>> = (0..n)
            .map(|s| {
                let seed = d.bot_seed(deal_seed, s);
                Some(match d.level_of(s) {
                    Entrant::Bot(level) => Seated::Ours(
                        Bot101::new(level, seed)
                            .with_budget(cfg.budget)
                            .with_rollouts(cfg.rollouts),
                    ),
                    Entrant::Outside => lines.seat(d.entry_of(s), cfg.rules, Seat(s as u8), seed),
                })
            })
            .collect();
        play_round101(&mut m, &mut bots, |mv| {
            count_time(tallies, d.level_of(mv.seat.index()), mv.thinking);
        })
        .map_err(|error| Arena101Error::Play {
            deal: d.deal,
            error,
        })?;
        lines.end_round(d, bots, |seat| m.view(seat).ok(), tallies);
        // play_round101 returns once the round is over, so it has an end.
        let Some(end) = m.round().end() else {
            return Ok(None);
        };
        if let EndKind::Finished(f) = end.kind {
            let finishes = &mut tallies
                .entry(d.level_of(f.seat.index()))
                .or_default()
                .finishes;
            finishes.count(f.pairs, f.okey);
        }
        if end.kind == EndKind::Void {
            return Ok(None);
        }
        for line in &end.lines {
            let points = &mut tallies
                .entry(d.level_of(line.seat.index()))
                .or_default()
                .own;
            points.push(f64::from(line.total));
        }
        // The round's winner: the lowest score (the finisher's, when somebody finished). A
        // tie between levels counts for nobody.
        let best = end.lines.iter().map(|l| l.total).min();
        let mut levels: Vec<Entrant> = end
            .lines
            .iter()
            .filter(|l| Some(l.total) == best)
            .map(|l| d.level_of(l.seat.index()))
            .collect();
        levels.sort();
        levels.dedup();
        Ok(match levels.as_slice() {
            [level] => Some(*level),
            _ => None,
        })
    };
    let schedule = Schedule::of(cfg.rounds, cfg.first, cfg.duplicate);
    let counted = play_arena(&cfg.seats, schedule, play, |_| ControlFlow::Continue(()))?;
    Ok(counted.report(|points| {
        let (points_mean, points_ci95) = mean_ci(&points);
        let own = Points101 {
            points_mean,
            points_ci95,
        };
        (points_mean, own)
    }))
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
