//! The arena: bots play many rounds against each other and their results are counted per
//! level, with confidence intervals and decision times.

use crate::arena_loop::{count_time, play_arena, seats_fit, Deal, Schedule, Tallies};
use crate::bot::{mix, Bot};
use crate::level::Level;
use crate::play::{play_round, PlayError};
use okey_core::analysis::WinKind;
use okey_core::{Match, RoundEnd, Rules, RulesError, Seat};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::ops::ControlFlow;
use thiserror::Error;

/// What to play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArenaConfig {
    /// The level in each seat; as many as the rules have players.
    pub seats: Vec<Level>,
    /// The arena's rounds, numbered from 0 (with `duplicate`, rounded up to whole
    /// rotations); those from `first` on are played.
    pub rounds: u32,
    /// The first round played: the rounds before it are skipped, so that one arena can be
    /// split over several processes and each round still plays as it would in the whole.
    pub first: u32,
    /// Seed of the deals and the bots.
    pub seed: u64,
    /// Play each deal once per rotation of the seats, so the luck of the deal cancels.
    pub duplicate: bool,
    /// The rules; `players` must match the seats.
    pub rules: Rules,
    /// The hard bots' budget: look-ahead simulations per decision.
    pub budget: u32,
}

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

/// The figures of one level, pooled over its seats; `X` is the variant's own figures (none
/// for Düz, [`Points101`](crate::r101::Points101) for 101), written among the others in the
/// JSON.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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
    pub winner: Option<Level>,
}

/// The arena's result; `L` is a level's figures: the Düz arena's [`LevelReport`], or the 101
/// arena's ([`Arena101Report`](crate::r101::Arena101Report)).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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

impl ArenaConfig {
    /// Whether the arena can run: valid rules with as many players as seats.
    pub fn check(&self) -> Result<(), ArenaError> {
        self.rules.validate()?;
        seats_fit(&self.seats, self.rules.players)
    }
}

/// Plays the arena and counts. Deterministic in everything but the times.
pub fn run_arena(cfg: &ArenaConfig) -> Result<ArenaReport, ArenaError> {
    run_arena_each(cfg, |_| ControlFlow::Continue(()))
}

/// [`run_arena`], telling `on_round` who won each round as it ends: two bots compared on the
/// same rounds differ only where a winner changed, which measures a small change far more
/// precisely than two separate shares. When `on_round` breaks, the arena stops and reports
/// the rounds played so far.
pub fn run_arena_each(
    cfg: &ArenaConfig,
    on_round: impl FnMut(ArenaRound) -> ControlFlow<()>,
) -> Result<ArenaReport, ArenaError> {
    cfg.check()?;
    let n = cfg.seats.len();
    let play = |d: &Deal, tallies: &mut Tallies<Points>| -> Result<Option<Level>, ArenaError> {
        let deal_seed = mix(cfg.seed ^ u64::from(d.deal));
        let mut m = Match::new(cfg.rules, deal_seed)?;
        let mut bots: Vec<Option<Bot>> = (0..n)
            .map(|s| {
                Some(Bot::new(d.level_of(s), d.bot_seed(deal_seed, s)).with_budget(cfg.budget))
            })
            .collect();
        let before: Vec<i32> = (0..n)
            .map(|s| m.score(Seat(s as u8)).unwrap_or(0))
            .collect();
        play_round(&mut m, &mut bots, |mv| {
            count_time(tallies, d.level_of(mv.seat.index()), mv.thinking);
        })
        .map_err(|error| ArenaError::Play {
            deal: d.deal,
            error,
        })?;
        for (s, &score) in before.iter().enumerate() {
            let points = &mut tallies.entry(d.level_of(s)).or_default().own;
            points.lost += i64::from(score - m.score(Seat(s as u8)).unwrap_or(0));
            points.seat_rounds += 1;
        }
        Ok(match m.round().end() {
            Some(RoundEnd::Finished {
                seat,
                win,
                okey_discard,
                ..
            }) => {
                let level = d.level_of(seat.index());
                let finishes = &mut tallies.entry(level).or_default().finishes;
                finishes.count(matches!(win, WinKind::Pairs), *okey_discard);
                Some(level)
            }
            _ => None,
        })
    };
    let schedule = Schedule::of(cfg.rounds, cfg.first, cfg.duplicate);
    let counted = play_arena(&cfg.seats, schedule, play, on_round)?;
    Ok(counted.report(|points| {
        let lost = points.lost as f64 / points.seat_rounds.max(1) as f64;
        (lost, ())
    }))
}

/// Points lost by a level's seats, over the seat-rounds they played.
#[derive(Default)]
struct Points {
    lost: i64,
    seat_rounds: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arena_refuses_seats_that_do_not_fit() {
        let cfg = ArenaConfig {
            seats: vec![Level::Easy; 3],
            rounds: 1,
            first: 0,
            seed: 1,
            duplicate: false,
            rules: Rules::default(),
            budget: 10,
        };
        let err = run_arena(&cfg).unwrap_err();
        assert_eq!(
            err.to_string(),
            "3 seats were given but the rules are for 4 players"
        );
    }

    #[test]
    fn r12_duplicate_rotates_every_deal_through_all_seats() {
        let cfg = ArenaConfig {
            seats: vec![Level::Medium, Level::Easy, Level::Easy, Level::Easy],
            rounds: 6,
            first: 0,
            seed: 4,
            duplicate: true,
            rules: Rules::default(),
            budget: 10,
        };
        let report = run_arena(&cfg).unwrap();
        assert_eq!(report.rounds, 8, "rounded up to whole rotations");
        let wins: u32 = report.bots.values().map(|b| b.wins).sum();
        assert_eq!(wins + report.no_winner, 8);
        assert_eq!(report.bots["easy"].seats, 3);
    }

    #[test]
    fn a_split_arena_plays_each_round_as_the_whole_does() {
        let cfg = ArenaConfig {
            seats: vec![Level::Medium, Level::Easy, Level::Easy],
            rounds: 9,
            first: 0,
            seed: 7,
            duplicate: true,
            rules: Rules {
                players: 3,
                ..Rules::default()
            },
            budget: 10,
        };
        let mut whole = Vec::new();
        run_arena_each(&cfg, |r| {
            whole.push(r);
            ControlFlow::Continue(())
        })
        .unwrap();
        let mut tail = Vec::new();
        let report = run_arena_each(
            &ArenaConfig {
                first: 5,
                ..cfg.clone()
            },
            |r| {
                tail.push(r);
                ControlFlow::Continue(())
            },
        )
        .unwrap();
        assert_eq!(report.rounds, 4);
        assert_eq!(
            whole.iter().map(|r| r.round).collect::<Vec<_>>(),
            (0..9).collect::<Vec<_>>()
        );
        assert_eq!(tail, whole[5..]);
        let won = |rs: &[ArenaRound]| rs.iter().filter(|r| r.winner.is_some()).count();
        assert_eq!(won(&tail) as u32 + report.no_winner, 4);
        let stopped = run_arena_each(&cfg, |r| {
            if r.round == 2 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .unwrap();
        assert_eq!(stopped.rounds, 3, "rounds 0 to 2, then stopped");
    }
}
