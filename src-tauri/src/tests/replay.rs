//! Replays of saved 101 rounds: finished rounds only, nothing hidden early.

use crate::error::AppError;
use crate::replay::{frame, replay, AnyFrame};
use okey_bots::r101::Bot101;
use okey_bots::Level;
use okey_core::r101::Match101;
use okey_core::r101::{Action101, Rules101};
use okey_store::Store;
use okey_store::{NewMatch101, SeatKind};

/// `m` saved in `store` action by action, as the app saves a match it plays.
fn saved(store: &Store, m: &Match101) -> okey_store::SavedGame101 {
    let seats: Vec<SeatKind> = ["human", "easy", "medium", "hard"]
        .iter()
        .map(|s| s.parse().expect("a seat"))
        .collect();
    let mut game = store
        .create101(NewMatch101 {
            rules: *m.rules(),
            seed: m.seed(),
            seats,
        })
        .expect("created");
    for (seat, action) in m.log() {
        game.apply(*seat, action.clone()).expect("saved");
    }
    game
}

fn store() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let store = Store::open(dir.path()).expect("a fresh store");
    (dir, store)
}

/// A 3-round match of medium bots played to its end.
fn played() -> Match101 {
    let rules = Rules101 {
        rounds: 3,
        ..Rules101::default()
    };
    let mut m = Match101::new(rules, 11).expect("valid rules");
    let mut bots: Vec<Bot101> = rules
        .seats()
        .map(|s| Bot101::for_seat(Level::Medium, 11, s))
        .collect();
    for _ in 0..20_000 {
        let Some((seat, action)) = rules.seats().find_map(|s| {
            let view = m.view(s).ok()?;
            bots[usize::from(s.0)].decide(&view).map(|a| (s, a))
        }) else {
            break;
        };
        m.apply(seat, action).expect("bots play legally");
    }
    m
}

#[test]
fn r101_34_each_finished_round_replays_to_its_end_and_hides_nothing_early() {
    let (_dir, store) = store();
    let game = saved(&store, &played());
    let f = replay(&game, 1, usize::MAX, true).expect("round 1 is over");
    assert!(f.rounds.len() >= 3, "{:?}", f.rounds);
    assert_eq!(f.step, f.steps);
    assert!(f.view.end.is_some(), "the last step shows the round's end");
    assert_eq!(f.hands.as_ref().map(Vec::len), Some(4));
    let start = replay(&game, 2, 0, false).expect("round 2 is over");
    assert_eq!(start.step, 0);
    assert!(start.last.is_none() && start.hands.is_none());
    assert!(matches!(start.view.hand.len(), 21 | 22), "a dealt hand");
    assert!(matches!(
        replay(&game, 99, 0, false),
        Err(AppError::NotReplayable(99))
    ));
}

#[test]
fn a_saved_101_match_replays_as_101_with_its_seats() {
    let (_dir, store) = store();
    let game = saved(&store, &played());
    let id = game.id();
    let AnyFrame::Okey101(f) = frame(&store, id, 2, 3, false).expect("a frame") else {
        panic!("a 101 match replays as 101");
    };
    assert_eq!((f.round, f.step), (2, 3));
    assert_eq!(f.bots[0], None);
    assert_eq!(f.bots[3], Some(Level::Hard));
    let direct = replay(&game, 2, 3, false).expect("the same frame");
    assert_eq!(f.view, direct.view, "the saved match replays as played");
}

#[test]
fn r101_34_a_round_in_play_cannot_be_replayed() {
    let rules = Rules101::default();
    let mut m = Match101::new(rules, 5).expect("valid rules");
    let starter = m.round().turn().expect("someone starts");
    let view = m.view(starter).expect("a seat");
    let discard = view.hand[0];
    m.apply(starter, Action101::Discard(discard))
        .expect("the starter discards");
    let (_dir, store) = store();
    assert!(matches!(
        replay(&saved(&store, &m), 1, 1, true),
        Err(AppError::NotReplayable(1))
    ));
}
