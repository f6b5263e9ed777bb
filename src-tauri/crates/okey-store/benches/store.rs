//! The store's numbers: one autosave (engine apply, encode, write and flush), resuming a
//! 20-round match (read, replay with a hash check per action; then the bots rebuilt by
//! okey-bots, as the app does), listing the
//! saved matches, and bytes on disk per 100 rounds; the same save and resume for Okey 101
//! matches (medium bots). Prints median and 99th percentile from every timed call, then runs
//! criterion's own estimates.
//!
//! `cargo bench -p okey-store --bench store` (add `-- --quick` for a shorter criterion run).

// The tests' helpers: the bots of a saved game, as the app and `okey autoplay` get them.
#[path = "../tests/common/mod.rs"]
mod common;

use common::bots;
use criterion::Criterion;
use okey_bots::{Level, MatchHost};
use okey_core::{Action, Match, Rules, Seat};
use okey_store::{MatchId, NewMatch, SavedGame, Store, StoreError};
use std::path::Path;
use std::time::{Duration, Instant};

/// Okey 101: medium bots play 11-round matches until `SAVES_101` actions are saved, every
/// save timed; then the longest match is resumed 50 times. Returns that match.
fn bench101(store: &Store) -> MatchId {
    const SAVES_101: usize = 6000;
    let mut saves = Vec::new();
    let mut matches = Vec::new();
    let mut seed = 1;
    while saves.len() < SAVES_101 {
        let new = okey_store::NewMatch101 {
            rules: okey_core::r101::Rules101::default(),
            seed,
            seats: vec![common::bot(Level::Medium); 4],
        };
        seed += 1;
        let mut game = store.create101(new).expect("a 101 match is created");
        let mut bots = <okey_bots::Bot101 as okey_bots::Player>::rejoin(
            &[Some(Level::Medium); 4],
            game.round_start(),
            game.state(),
        );
        while saves.len() < SAVES_101 && !game.state().is_over() {
            let mv = okey_bots::r101::next_move101(game.state(), &mut bots).expect("a move");
            let start = Instant::now();
            game.apply(mv.seat, mv.action).expect("saved");
            saves.push(start.elapsed());
        }
        matches.push((game.id(), game.state().log().len()));
    }
    report("101: autosave of one action (apply + write + flush)", saves);
    let &(long, actions) = matches.iter().max_by_key(|m| m.1).expect("a match");
    let mut resumes = Vec::new();
    for _ in 0..50 {
        let start = Instant::now();
        let game = store.resume101(long).expect("resumes");
        resumes.push(start.elapsed());
        assert_eq!(game.state().log().len(), actions);
    }
    report(
        &format!("101: resume of a match of {actions} actions"),
        resumes,
    );
    long
}

/// A match long enough for 100 rounds: many points, bots that play quickly.
fn long_match(seed: u64) -> NewMatch {
    NewMatch {
        rules: Rules {
            start_points: 100,
            ..Rules::default()
        },
        seed,
        seats: vec![common::bot(Level::Easy); 4],
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn report(name: &str, mut samples: Vec<Duration>) {
    samples.sort();
    println!(
        "{name}: n={} median={:?} p99={:?} max={:?}",
        samples.len(),
        percentile(&samples, 0.5),
        percentile(&samples, 0.99),
        samples.last().copied().unwrap_or_default()
    );
}

fn dir_bytes(dir: &Path) -> u64 {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| match e.metadata() {
                    Ok(m) if m.is_dir() => dir_bytes(&e.path()),
                    Ok(m) => m.len(),
                    Err(_) => 0,
                })
                .sum()
        })
        .unwrap_or(0)
}

/// A saved game whose every save is timed (when `times` is given).
struct Timed<'a> {
    game: &'a mut SavedGame,
    times: Option<&'a mut Vec<Duration>>,
}

impl MatchHost for Timed<'_> {
    type Error = StoreError;

    fn state(&self) -> &Match {
        self.game.state()
    }

    fn apply(&mut self, seat: Seat, action: Action) -> Result<(), StoreError> {
        let start = Instant::now();
        self.game.apply(seat, action)?;
        if let Some(times) = self.times.as_deref_mut() {
            times.push(start.elapsed());
        }
        Ok(())
    }
}

/// Plays bots in `store` until `rounds` rounds are over (across matches if one ends), timing
/// every save. Returns the save times, the matches and their round counts.
fn play_rounds(store: &Store, rounds: u32) -> (Vec<Duration>, Vec<(MatchId, u32)>) {
    let mut times = Vec::new();
    let mut matches = Vec::new();
    let mut done = 0;
    let mut seed = 1;
    while done < rounds {
        let mut game = store.create(long_match(seed)).expect("a match is created");
        seed += 1;
        let mut bots = bots(&game);
        let mut in_match = 0;
        while done < rounds && !game.state().is_over() {
            let mut table = Timed {
                game: &mut game,
                times: Some(&mut times),
            };
            okey_bots::play_round(&mut table, &mut bots, |_| {}).expect("the round is saved");
            done += 1;
            in_match += 1;
        }
        matches.push((game.id(), in_match));
    }
    (times, matches)
}

fn main() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let store = Store::open(dir.path()).expect("the store opens");
    store.flush().expect("flush");
    let empty = dir_bytes(dir.path());

    // Autosave and size: 100 rounds of play, every save timed.
    let (saves, matches) = play_rounds(&store, 100);
    store.flush().expect("flush");
    report("autosave of one action (apply + write + flush)", saves);
    let full = dir_bytes(dir.path());
    println!(
        "database: {} bytes empty, {} bytes after 100 rounds ({} matches): {} bytes per 100 \
         rounds (sled size_on_disk {})",
        empty,
        full,
        matches.len(),
        full.saturating_sub(empty),
        store.size_on_disk().unwrap_or(0)
    );

    // Resume: the match with the most rounds, at least 20.
    let &(long, rounds) = matches.iter().max_by_key(|m| m.1).expect("a match");
    assert!(rounds >= 20, "the longest match has {rounds} rounds");
    let actions = store.resume(long).expect("resumes").state().log().len();
    let mut resumes = Vec::new();
    let mut with_bots = Vec::new();
    for _ in 0..50 {
        let start = Instant::now();
        let game = store.resume(long).expect("resumes");
        resumes.push(start.elapsed());
        let bots = bots(&game);
        with_bots.push(start.elapsed());
        assert_eq!(bots.len(), 4);
    }
    report(
        &format!("resume of a {rounds}-round match ({actions} actions)"),
        resumes,
    );
    report("resume including the bots' memory", with_bots);

    // List: every match's header, status and last log entry.
    let mut lists = Vec::new();
    for _ in 0..50 {
        let start = Instant::now();
        let listing = store.list().expect("lists");
        lists.push(start.elapsed());
        assert!(listing.set_aside.is_empty());
    }
    report(&format!("list of {} matches", matches.len()), lists);

    let long101 = bench101(&store);

    let mut c = Criterion::default().configure_from_args();
    c.bench_function("resume_101_match", |b| {
        b.iter(|| store.resume101(long101).expect("resumes"))
    });
    c.bench_function("resume_20_round_match", |b| {
        b.iter(|| store.resume(long).expect("resumes"))
    });
    // Autosave under criterion: the same recorded moves applied again and again to fresh
    // copies of the match, so no bot thinking is timed.
    let mut game = store.create(long_match(1000)).expect("created");
    let replay_of = |store: &Store| {
        let mut g = store.create(long_match(1000)).expect("created");
        let mut bots = bots(&g);
        let mut moves = Vec::new();
        while moves.len() < 2000 && !g.state().is_over() {
            let mut host = Timed {
                game: &mut g,
                times: None,
            };
            okey_bots::play_round(&mut host, &mut bots, |mv| moves.push((mv.seat, mv.action)))
                .expect("saved");
        }
        moves
    };
    let moves: Vec<(Seat, Action)> = replay_of(&store);
    let mut next = 0;
    c.bench_function("autosave_one_action", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                if next == moves.len() {
                    game = store.create(long_match(1000)).expect("created");
                    next = 0;
                }
                let (seat, action) = moves[next];
                next += 1;
                let start = Instant::now();
                game.apply(seat, action).expect("saved");
                total += start.elapsed();
            }
            total
        })
    });
    c.final_summary();
}
