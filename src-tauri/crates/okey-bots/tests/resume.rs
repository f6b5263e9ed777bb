//! Resume is exact (R23, R101-34): bots rebuilt from a saved match at any action decide
//! exactly as the bots that lived through it. Each match is played straight by its bots;
//! then its log is cut at many points, the bots rejoin from the cut match alone (as after a
//! restart or an import) and play on, and the continuation must be the straight run's,
//! action by action. Both games, every level, 2 to 4 seats, partnership.

use okey_bots::{seat_bots, Bot, Bot101, Level, Player};
use okey_core::r101::Rules101;
use okey_core::{Game, Rules};

/// The match as its current round was dealt: the log up to its last deal, replayed.
fn round_start<G: Game>(m: &G) -> G {
    let log = m.log();
    let dealt = log
        .iter()
        .rposition(|(_, a)| *a == G::next_round())
        .map_or(0, |i| i + 1);
    G::replay(*m.rules(), m.seed(), &log[..dealt]).expect("a prefix of a played log replays")
}

/// Up to `actions` moves of the bots.
fn play<P: Player>(m: &mut P::Game, bots: &mut [Option<P>], actions: usize) {
    for _ in 0..actions {
        let Some(mv) = P::next_move(m, bots) else {
            break;
        };
        m.apply(mv.seat, mv.action).expect("bots play legally");
    }
}

/// The resume points tried and those whose next `ahead` actions differ from the straight
/// run's, the first of them as (cut, the action index where it went another way).
fn resumes<P: Player>(
    rules: <P::Game as Game>::Rules,
    seed: u64,
    levels: &[Option<Level>],
    cuts: impl Iterator<Item = usize>,
    ahead: usize,
) -> (usize, Vec<(usize, usize)>) {
    let mut straight = P::Game::new(rules, seed).expect("playable rules");
    let mut bots = seat_bots::<P>(levels, seed);
    let cuts: Vec<usize> = cuts.collect();
    let last = cuts.iter().max().copied().unwrap_or(0);
    play(&mut straight, &mut bots, last + ahead);
    let log = straight.log();
    let mut tried = 0;
    let mut diverged = Vec::new();
    for cut in cuts.into_iter().filter(|&c| c < log.len()) {
        let now = P::Game::replay(rules, seed, &log[..cut]).expect("the prefix replays");
        let mut bots = P::rejoin(levels, &round_start(&now), &now);
        let mut m = now;
        let end = (cut + ahead).min(log.len());
        play(&mut m, &mut bots, end - cut);
        tried += 1;
        if let Some(at) = (cut..end).find(|&i| m.log().get(i) != log.get(i)) {
            diverged.push((cut, at));
        }
    }
    (tried, diverged)
}

const ALL: [Level; 4] = [Level::Hard, Level::Medium, Level::Easy, Level::Random];

/// The tables played: every level at 4 seats, then 2 and 3 seats, then partnership.
fn tables() -> Vec<(u8, bool, Vec<Option<Level>>)> {
    vec![
        (4, false, ALL.iter().map(|&l| Some(l)).collect()),
        (4, false, vec![Some(Level::Hard); 4]),
        (4, false, vec![Some(Level::Medium); 4]),
        (2, false, vec![Some(Level::Hard), Some(Level::Medium)]),
        (
            3,
            false,
            vec![Some(Level::Easy), Some(Level::Hard), Some(Level::Medium)],
        ),
        (4, true, ALL.iter().rev().map(|&l| Some(l)).collect()),
    ]
}

#[test]
fn r23_a_duz_match_resumed_at_any_action_plays_on_as_it_would_have() {
    let mut report = Vec::new();
    for (i, (players, partnership, levels)) in tables().into_iter().enumerate() {
        let rules = Rules {
            players,
            partnership,
            ..Rules::default()
        };
        let seed = 7_919 * (i as u64 + 1);
        let (tried, diverged) = resumes::<Bot>(rules, seed, &levels, (3..160).step_by(9), 12);
        report.push(format!(
            "{players} seats {levels:?}: {tried} tried, {diverged:?} diverged"
        ));
        assert!(tried > 10, "{report:?}");
        assert!(diverged.is_empty(), "{report:#?}");
    }
    eprintln!("{report:#?}");
}

#[test]
fn r101_34_a_101_match_resumed_at_any_action_plays_on_as_it_would_have() {
    let mut report = Vec::new();
    for (i, (players, partnership, levels)) in tables().into_iter().enumerate() {
        let rules = Rules101 {
            players,
            partnership,
            ..Rules101::default()
        };
        let seed = 795_913_127 + i as u64;
        let (tried, diverged) = resumes::<Bot101>(rules, seed, &levels, (2..200).step_by(9), 12);
        report.push(format!(
            "{players} seats {levels:?}: {tried} tried, {diverged:?} diverged"
        ));
        assert!(tried > 10, "{report:?}");
        assert!(diverged.is_empty(), "{report:#?}");
    }
    eprintln!("{report:#?}");
}
