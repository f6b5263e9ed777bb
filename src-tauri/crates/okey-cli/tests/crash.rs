//! The crash test: `okey autoplay` is killed with SIGKILL at random moments, again and again,
//! and resumed each time. Every action it printed as saved must still be there, the log must
//! replay to the stored state, and all 106 tiles must be in their places. Düz and Okey 101.

mod common;

use okey_store::{state_hash, state_hash101, MatchId, Store};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Kills required across the run.
const KILLS: usize = 60;

/// xorshift64*: enough randomness for kill moments, with a seed printed for reruns.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n
    }
}

/// When to kill a run.
#[derive(Clone, Copy, Debug)]
enum Moment {
    /// This long after the start: often while the database opens and recovers.
    AfterStart(Duration),
    /// This long after the first saved action: in the middle of play, whatever the load
    /// of the machine makes start-up cost.
    InPlay(Duration),
}

/// Starts autoplay, kills it at `moment`, and returns the complete lines it printed and
/// whether it had ended by itself first.
fn run_and_kill(
    dir: &Path,
    id: Option<MatchId>,
    new: &[&str],
    moment: Moment,
) -> (Vec<String>, bool) {
    let id = id.map(|id| id.to_string());
    let which: Vec<&str> = match &id {
        Some(id) => vec!["--match", id.as_str()],
        None => new.to_vec(),
    };
    let mut child = common::spawn_autoplay(dir, &[&["--rounds", "1000"][..], &which].concat());
    let stdout = child.stdout.take().expect("stdout is piped");
    let (first_tx, first_rx) = mpsc::channel();
    let reader = thread::spawn(move || {
        let mut lines = Vec::new();
        let mut reader = BufReader::new(stdout);
        let mut line = String::new();
        // Only whole lines count: the kill may cut the last one short.
        while reader.read_line(&mut line).unwrap_or(0) > 0 {
            if line.ends_with('\n') {
                lines.push(line.trim_end().to_string());
                let _ = first_tx.send(());
            }
            line.clear();
        }
        lines
    });
    match moment {
        Moment::AfterStart(after) => thread::sleep(after),
        Moment::InPlay(after) => {
            // A run that prints nothing in 10 s has ended or hangs; either way kill it.
            let _ = first_rx.recv_timeout(Duration::from_secs(10));
            thread::sleep(after);
        }
    }
    let ended = child.try_wait().expect("the child can be polled").is_some();
    // Child::kill sends SIGKILL on Unix: no destructor, no flush, no goodbye.
    let _ = child.kill();
    let status = child.wait().expect("the child is reaped");
    let lines = reader.join().expect("the reader finishes");
    (lines, ended && status.success())
}

/// A resumed match's log (each action as its debug text) and whether it is over, once its
/// log has replayed to the stored state with every tile in place.
type Check = fn(&Store, MatchId) -> Result<(Vec<String>, bool), String>;

fn check_duz(store: &Store, id: MatchId) -> Result<(Vec<String>, bool), String> {
    let game = store.resume(id).map_err(|e| e.to_string())?;
    let m = game.state();
    let replayed = okey_core::replay(*m.rules(), m.seed(), m.log()).unwrap();
    assert_eq!(state_hash(&replayed), state_hash(m));
    m.tile_census().unwrap();
    let log = m.log().iter().map(|a| format!("{a:?}")).collect();
    Ok((log, m.is_over()))
}

fn check101(store: &Store, id: MatchId) -> Result<(Vec<String>, bool), String> {
    let game = store.resume101(id).map_err(|e| e.to_string())?;
    let m = game.state();
    let replayed = okey_core::r101::replay101(*m.rules(), m.seed(), m.log()).unwrap();
    assert_eq!(state_hash101(&replayed), state_hash101(m));
    let tiles = m.round().census();
    assert!(tiles.iter().map(|t| usize::from(t.id())).eq(0..106));
    let log = m.log().iter().map(|a| format!("{a:?}")).collect();
    Ok((log, m.is_over()))
}

#[test]
fn sigkilled_autoplay_never_loses_an_action_it_reported_saved() {
    crash_test(&["--bots", "easy,medium,easy,medium"], KILLS, check_duz);
}

#[test]
fn sigkilled_101_autoplay_never_loses_an_action_it_reported_saved() {
    crash_test(
        &["--variant", "101", "--bots", "easy,medium,easy,medium"],
        KILLS / 2,
        check101,
    );
}

fn crash_test(new: &[&str], wanted: usize, check: Check) {
    let dir = tempfile::tempdir().unwrap();
    let seed = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(1)
        | 1;
    eprintln!("kill moments seeded with {seed}");
    let mut rng = Rng(seed);
    let started = Instant::now();
    let mut kills = 0;
    let mut id: Option<MatchId> = None;
    let mut known: Vec<String> = Vec::new();
    let mut printed_total = 0;
    while kills < wanted {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the crash test overran"
        );
        // Two kills in three mid-play, one during start-up (opening, recovering, resuming).
        let moment = if rng.below(3) == 0 {
            Moment::AfterStart(Duration::from_millis(rng.below(40)))
        } else {
            Moment::InPlay(Duration::from_micros(rng.below(30_000)))
        };
        let (lines, ended) = run_and_kill(dir.path(), id, new, moment);
        if !ended {
            kills += 1;
        }
        let mut printed: Option<(MatchId, usize)> = None;
        for line in &lines {
            let parts: Vec<&str> = line.split_whitespace().collect();
            if parts.first() == Some(&"saved") {
                let mid: MatchId = parts[1].parse().unwrap();
                let n: usize = parts[2].parse().unwrap();
                if let Some((prev, before)) = printed {
                    assert_eq!(prev, mid, "one match per run");
                    assert_eq!(n, before + 1, "each action is printed once, in order");
                }
                printed = Some((mid, n));
                printed_total += 1;
            }
        }

        let store = Store::open(dir.path()).expect("the store opens after a kill");
        assert_eq!(
            store.recovery(),
            None,
            "kill {kills}: a kill must not damage the database"
        );
        let listing = store.list().unwrap();
        assert!(listing.set_aside.is_empty(), "{:?}", listing.set_aside);
        assert!(store.quarantined().unwrap().is_empty());
        let current = printed.map(|p| p.0).or(id).or_else(|| {
            // Killed before the first action: the match may exist with nothing played.
            listing.matches.first().map(|s| s.id)
        });
        let Some(current) = current else { continue };
        let (log, over) = check(&store, current).unwrap_or_else(|e| {
            panic!(
                "kill {kills}: match {current} does not resume ({e}); printed {printed:?}, \
                 listed {:?}, {} lines, known {}",
                listing
                    .matches
                    .iter()
                    .map(|s| (s.id, s.actions))
                    .collect::<Vec<_>>(),
                lines.len(),
                known.len()
            )
        });
        if let Some((_, n)) = printed {
            assert!(
                log.len() >= n,
                "action {n} was printed as saved; {} are",
                log.len()
            );
        }
        if id == Some(current) {
            assert!(
                log.len() >= known.len() && log[..known.len()] == known[..],
                "an earlier saved action changed or vanished"
            );
        }
        known = log;
        id = (!ended && !over).then_some(current);
        if id.is_none() {
            known.clear();
        }
    }
    assert!(kills >= wanted);
    assert!(
        printed_total > 100,
        "the kills let play go on ({printed_total} saves)"
    );
    eprintln!(
        "{kills} kills, {printed_total} saves printed, {:?}",
        started.elapsed()
    );
}
