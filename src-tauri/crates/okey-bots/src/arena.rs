//! The arena: bots play many rounds against each other and their results are counted per
//! level, with confidence intervals and decision times.

use crate::arena_loop::{count_time, play_arena, seats_fit, Deal, Schedule, Tallies};
use crate::arena_report::{ArenaError, ArenaReport, ArenaRound};
use crate::bot::{mix, Bot};
use crate::entrant::Entrant;
use crate::outside::{Line, Seated};
use crate::play::play_round;
use okey_core::analysis::WinKind;
use okey_core::{Match, RoundEnd, Rules, Seat};
use std::ops::ControlFlow;

/// What to play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArenaConfig {
    /// Who sits in each seat (a level, or a bot from outside); as many as the rules have
    /// players.
    pub seats: Vec<Entrant>,
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
    run_arena_outside(cfg, &mut no_outside, on_round)
}

/// The line to an outside seat when the arena is given no program to start: the seat plays
/// as if its bot had died at once, by the random level.
pub(crate) fn no_outside() -> Box<dyn Line> {
    Box::new(crate::outside::Unstarted)
}

/// [`run_arena_each`] with bots from outside: `start` starts the program of an `external`
/// seat (one for each such entry of the seats, started again for the next round if it died)
/// and gives the arena its line.
pub fn run_arena_outside(
    cfg: &ArenaConfig,
    start: &mut dyn FnMut() -> Box<dyn Line>,
    on_round: impl FnMut(ArenaRound) -> ControlFlow<()>,
) -> Result<ArenaReport, ArenaError> {
    cfg.check()?;
    let n = cfg.seats.len();
    let mut lines = crate::outside::Lines::new(n, start);
    let play = |d: &Deal, tallies: &mut Tallies<Points>| -> Result<Option<Entrant>, ArenaError> {
        let deal_seed = mix(cfg.seed ^ u64::from(d.deal));
        let mut m = Match::new(cfg.rules, deal_seed)?;
        let mut bots: Vec<Option<Seated<Bot>>> = (0..n)
            .map(|s| {
                let seed = d.bot_seed(deal_seed, s);
                Some(match d.level_of(s) {
                    Entrant::Bot(level) => {
                        Seated::Ours(Bot::new(level, seed).with_budget(cfg.budget))
                    }
                    Entrant::Outside => lines.seat(d.entry_of(s), cfg.rules, Seat(s as u8), seed),
                })
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
        lines.end_round(d, bots, |seat| m.view(seat).ok(), tallies);
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
    use crate::level::Level;

    #[test]
    fn arena_refuses_seats_that_do_not_fit() {
        let cfg = ArenaConfig {
            seats: vec![Entrant::Bot(Level::Easy); 3],
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
            seats: vec![
                Entrant::Bot(Level::Medium),
                Entrant::Bot(Level::Easy),
                Entrant::Bot(Level::Easy),
                Entrant::Bot(Level::Easy),
            ],
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
            seats: vec![
                Entrant::Bot(Level::Medium),
                Entrant::Bot(Level::Easy),
                Entrant::Bot(Level::Easy),
            ],
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
