//! A match `okey autoplay` leaves in the middle of a round plays on, once resumed, exactly
//! as a match never interrupted: the bots get their memory of the round back from the saved
//! match (the store replays it, okey-bots rebuilds them), so every move is the same.

mod common;

use okey_core::{Action, Seat};
use okey_store::{MatchId, Store};
use std::io::{BufRead, BufReader};
use std::path::Path;

const BOTS: &str = "medium,easy,medium,random";

/// Runs autoplay for match 1 in `dir` (a new one from seed 21 when `resume` is false) until
/// round 2 is over; with `stop_after`, kills it once it has printed that many saved actions.
/// Returns whether it ran to its end.
fn autoplay(dir: &Path, resume: bool, stop_after: Option<usize>) -> bool {
    let which: &[&str] = match resume {
        true => &["--match", "1"],
        false => &["--bots", BOTS, "--seed", "21"],
    };
    let mut child = common::spawn_autoplay(dir, &[&["--rounds", "2"][..], which].concat());
    let stdout = child.stdout.take().expect("stdout is piped");
    let mut saved = 0;
    for line in BufReader::new(stdout).lines() {
        let line = line.expect("a line of output");
        if line.starts_with("stopped ") || line.starts_with("over ") {
            return child.wait().expect("the child is reaped").success();
        }
        saved += usize::from(line.starts_with("saved "));
        if stop_after == Some(saved) {
            break;
        }
    }
    // SIGKILL: the bots' memory dies with the process, only the saves remain.
    let _ = child.kill();
    let _ = child.wait();
    false
}

fn log_of(dir: &Path) -> Vec<(Seat, Action)> {
    let store = Store::open(dir).expect("the store opens");
    let game = store.resume(MatchId(1)).expect("match 1 resumes");
    game.state().log().to_vec()
}

#[test]
fn a_match_killed_mid_round_plays_on_as_one_never_stopped() {
    let straight = tempfile::tempdir().unwrap();
    assert!(autoplay(straight.path(), false, None));
    let expected = log_of(straight.path());
    assert!(expected.iter().any(|&(_, a)| a == Action::NextRound));

    let broken = tempfile::tempdir().unwrap();
    let mut runs = 0;
    while !autoplay(broken.path(), runs > 0, Some(37)) {
        runs += 1;
        assert!(runs < 100, "autoplay does not get to the end");
    }
    // A loaded machine lets the child save well past the 37th line before the kill lands
    // (the pipe holds many lines), so only "interrupted at least once" is certain.
    assert!(runs >= 1, "the match was never interrupted");
    let got = log_of(broken.path());
    let first_difference = got.iter().zip(&expected).position(|(a, b)| a != b);
    assert_eq!(first_difference, None, "the resumed match went another way");
    assert_eq!(got.len(), expected.len());
}
