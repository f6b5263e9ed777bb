//! What the Düz and the 101 arena share: which deal each arena round plays and which level
//! sits where (duplicate deals rotate the levels through the seats), the counts kept per
//! level, and the figures made of them (win share with its Wilson interval, decision times).
//! Each arena plays its own rounds and counts its own extras inside [`play_arena`].

use crate::arena_report::{
    ArenaError, ArenaReport, ArenaRound, Finishes, LevelReport, OutsideCounts,
};
use crate::bot::mix;
use crate::entrant::Entrant;
use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

/// Which rounds an arena plays.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Schedule {
    /// The arena's rounds (with `duplicate`, rounded up to whole rotations).
    pub rounds: u32,
    /// The first round played.
    pub first: u32,
    /// Play each deal once per rotation of the seats.
    pub duplicate: bool,
}

impl Schedule {
    /// `rounds` from `first` on, duplicate or not.
    pub fn of(rounds: u32, first: u32, duplicate: bool) -> Schedule {
        Schedule {
            rounds,
            first,
            duplicate,
        }
    }
}

/// Whether the arena has a player for every seat, of either variant.
pub(crate) fn seats_fit<R, P>(seats: &[Entrant], players: u8) -> Result<(), ArenaError<R, P>> {
    if seats.len() == usize::from(players) {
        Ok(())
    } else {
        Err(ArenaError::Seats {
            seats: seats.len(),
            players,
        })
    }
}

/// One arena round: its deal and how the levels sit for it.
pub(crate) struct Deal<'a> {
    /// The round's number in the whole arena, from 0.
    pub game: u32,
    /// The deal's number: the rotations of one deal share it.
    pub deal: u32,
    rotation: usize,
    seats: &'a [Entrant],
}

impl Deal<'_> {
    /// Who plays `seat` in this round.
    pub fn level_of(&self, seat: usize) -> Entrant {
        self.seats[(seat + self.rotation) % self.seats.len()]
    }

    /// Which entry of the arena's seats plays `seat` in this round (an outside bot's
    /// program belongs to its entry and follows it round the table).
    pub fn entry_of(&self, seat: usize) -> usize {
        (seat + self.rotation) % self.seats.len()
    }

    /// The seed of the bot in `seat`, drawn from the deal's seed and the round, so that every
    /// rotation of a deal gets fresh bots.
    pub fn bot_seed(&self, deal_seed: u64, seat: usize) -> u64 {
        mix(deal_seed ^ mix(u64::from(self.game) << 8 | seat as u64))
    }
}

/// One level's counts: those both arenas keep, and the arena's own (`X`).
#[derive(Default)]
pub(crate) struct Tally<X> {
    pub seats: usize,
    pub wins: u32,
    pub finishes: Finishes,
    pub times_ns: Vec<u64>,
    pub own: X,
    /// How an outside bot's answers went (outside seats only).
    pub outside: Option<OutsideCounts>,
}

/// The counts of everyone who sits in the arena.
pub(crate) type Tallies<X> = BTreeMap<Entrant, Tally<X>>;

/// Counts how long a seat of `level` thought over one decision.
pub(crate) fn count_time<X>(tallies: &mut Tallies<X>, level: Entrant, thinking: Duration) {
    if let Some(t) = tallies.get_mut(&level) {
        t.times_ns.push(thinking.as_nanos() as u64);
    }
}

/// What an arena counted.
pub(crate) struct Counted<X> {
    /// Rounds played.
    pub rounds: u32,
    /// Rounds no level won.
    pub no_winner: u32,
    /// Rounds played per second of wall time.
    pub rounds_per_s: f64,
    tallies: Tallies<X>,
}

impl<X> Counted<X> {
    /// The arena's report: `level` turns a level's own counts into its points lost per
    /// round and the variant's own figures.
    pub fn report<Y>(self, level: impl Fn(X) -> (f64, Y)) -> ArenaReport<LevelReport<Y>> {
        let rounds = self.rounds;
        let bots = self
            .tallies
            .into_iter()
            .map(|(name, mut t)| {
                t.times_ns.sort_unstable();
                let (points_lost_per_round, own) = level(t.own);
                let report = LevelReport {
                    seats: t.seats,
                    wins: t.wins,
                    share: f64::from(t.wins) / f64::from(rounds.max(1)),
                    ci95: wilson(t.wins, rounds),
                    finishes: t.finishes,
                    points_lost_per_round,
                    own,
                    outside: t.outside,
                    decision_ms_median: percentile(&t.times_ns, 0.5),
                    decision_ms_p95: percentile(&t.times_ns, 0.95),
                };
                (name.name().to_string(), report)
            })
            .collect();
        ArenaReport {
            rounds,
            no_winner: self.no_winner,
            rounds_per_s: self.rounds_per_s,
            bots,
        }
    }
}

/// Plays the scheduled rounds with `seats` rotating as the schedule says. `play` plays one
/// round, counting its extras into the tallies, and names the level that won it (None: no
/// level did); `on_round` hears each winner and stops the arena by breaking.
pub(crate) fn play_arena<X: Default, E>(
    seats: &[Entrant],
    schedule: Schedule,
    mut play: impl FnMut(&Deal, &mut Tallies<X>) -> Result<Option<Entrant>, E>,
    mut on_round: impl FnMut(ArenaRound) -> ControlFlow<()>,
) -> Result<Counted<X>, E> {
    let rotations = if schedule.duplicate {
        seats.len() as u32
    } else {
        1
    };
    let end = schedule
        .rounds
        .div_ceil(rotations)
        .saturating_mul(rotations);
    let mut tallies: Tallies<X> = BTreeMap::new();
    for &level in seats {
        tallies.entry(level).or_default().seats += 1;
    }
    let (mut rounds, mut no_winner) = (0u32, 0u32);
    let start = Instant::now();
    for game in schedule.first..end {
        let deal = Deal {
            game,
            deal: game / rotations,
            rotation: (game % rotations) as usize,
            seats,
        };
        let winner = play(&deal, &mut tallies)?;
        match winner {
            Some(level) => tallies.entry(level).or_default().wins += 1,
            None => no_winner += 1,
        }
        rounds += 1;
        if on_round(ArenaRound {
            round: game,
            winner,
        })
        .is_break()
        {
            break;
        }
    }
    let elapsed = start.elapsed().as_secs_f64().max(1e-9);
    Ok(Counted {
        rounds,
        no_winner,
        rounds_per_s: f64::from(rounds) / elapsed,
        tallies,
    })
}

/// The Wilson score interval at 95% for `wins` out of `n`.
fn wilson(wins: u32, n: u32) -> [f64; 2] {
    if n == 0 {
        return [0.0, 1.0];
    }
    let (n, p, z) = (f64::from(n), f64::from(wins) / f64::from(n), 1.959_964);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

/// The `q` quantile of sorted nanoseconds, in milliseconds (nearest rank).
fn percentile(sorted: &[u64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1] as f64 / 1e6
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;

    #[test]
    fn wilson_brackets_the_share() {
        let [lo, hi] = wilson(40, 100);
        assert!(lo < 0.4 && 0.4 < hi && hi - lo < 0.2, "{lo} {hi}");
        assert_eq!(wilson(0, 0), [0.0, 1.0]);
    }

    #[test]
    fn duplicate_deals_rotate_every_level_through_every_seat() {
        let seats = [Level::Medium, Level::Easy, Level::Random].map(Entrant::Bot);
        let schedule = Schedule::of(5, 1, true);
        let mut seen = Vec::new();
        let counted = play_arena::<(), ()>(
            &seats,
            schedule,
            |d, _| {
                seen.push((d.game, d.deal, d.level_of(0)));
                Ok(Some(d.level_of(0)))
            },
            |_| ControlFlow::Continue(()),
        )
        .unwrap();
        assert_eq!(counted.rounds, 5, "rounds 1 to 5 of two whole rotations");
        assert_eq!(
            seen,
            [
                (1, 0, Entrant::Bot(Level::Easy)),
                (2, 0, Entrant::Bot(Level::Random)),
                (3, 1, Entrant::Bot(Level::Medium)),
                (4, 1, Entrant::Bot(Level::Easy)),
                (5, 1, Entrant::Bot(Level::Random)),
            ]
        );
        let report = counted.report(|()| (0.0, ()));
        assert_eq!((report.rounds, report.no_winner), (5, 0));
        let seats_wins = |name: &str| (report.bots[name].seats, report.bots[name].wins);
        assert_eq!(seats_wins("easy"), (1, 2));
        assert_eq!(seats_wins("medium"), (1, 1));
    }

    #[test]
    fn a_level_report_writes_its_variants_figures_among_the_shared_ones_and_reads_back() {
        let count = |seats: &[Entrant]| {
            play_arena::<(), ()>(
                seats,
                Schedule::of(2, 0, false),
                |_, _| Ok(None),
                |_| ControlFlow::Continue(()),
            )
            .unwrap()
        };
        let duz = count(&[Level::Easy, Level::Medium].map(Entrant::Bot)).report(|()| (1.5, ()));
        let r101 = count(&[Level::Easy, Level::Medium].map(Entrant::Bot)).report(|()| {
            let own = crate::r101::Points101 {
                points_mean: 1.5,
                points_ci95: [1.0, 2.0],
            };
            (1.5, own)
        });
        // The keys of easy's figures in the order written: every other piece between quotes.
        let keys = |json: &str| -> Vec<String> {
            let easy = &json[json.find("\"easy\"").unwrap()..json.find("\"medium\"").unwrap()];
            let pieces = easy.split('"').skip(3).step_by(2);
            pieces.map(str::to_string).collect()
        };
        let (duz_json, r101_json) = (
            serde_json::to_string(&duz).unwrap(),
            serde_json::to_string(&r101).unwrap(),
        );
        let shared = [
            "seats",
            "wins",
            "share",
            "ci95",
            "finishes",
            "melds",
            "pairs",
            "okey_discard",
            "points_lost_per_round",
        ];
        let timing = ["decision_ms_median", "decision_ms_p95"];
        assert_eq!(keys(&duz_json), [&shared[..], &timing[..]].concat());
        let own = ["points_mean", "points_ci95"];
        assert_eq!(
            keys(&r101_json),
            [&shared[..], &own[..], &timing[..]].concat()
        );
        assert_eq!(serde_json::from_str::<ArenaReport>(&duz_json).unwrap(), duz);
        let back: crate::r101::Arena101Report = serde_json::from_str(&r101_json).unwrap();
        assert_eq!(back, r101);
    }
}
