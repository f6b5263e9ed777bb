//! Helpers shared by the store's tests: a table of bots that plays for every seat, a person's
//! seat included. The store knows nothing of bots: here, as in the app, okey-bots builds
//! them from the seats' level names and the saved match.

#![allow(dead_code)]

use okey_bots::{Bot, Level, MatchHost};
use okey_core::{Action, Match, Rules, Seat};
use okey_store::{NewMatch, SavedGame, SeatKind, Store, StoreError};
use std::path::Path;

/// The seat of a bot of `level`.
pub fn bot(level: Level) -> SeatKind {
    SeatKind::Bot(level.name().into())
}

/// The game's bots, remembering the current round (None for a person).
pub fn bots(game: &SavedGame) -> Vec<Option<Bot>> {
    let levels: Vec<Option<Level>> = game
        .seats()
        .iter()
        .map(|s| s.level().map(|l| l.parse().expect("a bot level")))
        .collect();
    okey_bots::rejoin(&levels, game.round_start(), game.state())
}

/// A saved game as bots play it: each action saved.
pub struct Saving<'a>(pub &'a mut SavedGame);

impl MatchHost for Saving<'_> {
    type Error = StoreError;

    fn state(&self) -> &Match {
        self.0.state()
    }

    fn apply(&mut self, seat: Seat, action: Action) -> Result<(), StoreError> {
        self.0.apply(seat, action).map(drop)
    }
}

/// A person and three bots.
pub fn person_and_bots(seed: u64, start_points: u8) -> NewMatch {
    NewMatch {
        rules: Rules {
            start_points,
            ..Rules::default()
        },
        seed,
        seats: vec![
            SeatKind::Human,
            bot(Level::Easy),
            bot(Level::Medium),
            bot(Level::Easy),
        ],
    }
}

/// Four bots of the given levels.
pub fn bots_only(seed: u64, levels: [Level; 4]) -> NewMatch {
    NewMatch {
        rules: Rules::default(),
        seed,
        seats: levels.into_iter().map(bot).collect(),
    }
}

/// The game's bots, with an easy bot standing in for each person.
pub fn table(game: &SavedGame) -> Vec<Option<Bot>> {
    bots(game)
        .into_iter()
        .enumerate()
        .map(|(i, b)| b.or_else(|| Some(Bot::new(Level::Easy, 1000 + i as u64))))
        .collect()
}

/// Plays up to `n` actions (fewer if the match ends); returns how many were played.
pub fn play(game: &mut SavedGame, bots: &mut [Option<Bot>], n: usize) -> usize {
    for done in 0..n {
        if game.state().is_over() {
            return done;
        }
        let mv = okey_bots::next_move(game.state(), bots).expect("a bot moves");
        game.apply(mv.seat, mv.action).expect("the action is saved");
    }
    n
}

/// Plays the match to its end, round by round, every action saved.
pub fn play_out(game: &mut SavedGame) {
    let mut bots = table(game);
    while !game.state().is_over() {
        okey_bots::play_round(&mut Saving(game), &mut bots, |_| {})
            .expect("the round is played and saved");
    }
}

/// Two matches with 30 actions each; returns their ids.
pub fn two_matches(dir: &std::path::Path) -> (okey_store::MatchId, okey_store::MatchId) {
    let store = open(dir);
    let mut a = store.create(person_and_bots(31, 20)).unwrap();
    let mut b = store.create(person_and_bots(32, 20)).unwrap();
    let mut bots = table(&a);
    play(&mut a, &mut bots, 30);
    let mut bots = table(&b);
    play(&mut b, &mut bots, 30);
    (a.id(), b.id())
}

/// The key of entry `index` of match `id`'s log.
pub fn log_key(id: okey_store::MatchId, index: u32) -> Vec<u8> {
    let mut key = id.0.to_be_bytes().to_vec();
    key.extend_from_slice(&index.to_be_bytes());
    key
}

/// Opens the store's own sled database directly, to damage it as a disk or a bug could.
/// Waits for the lock as `Store::open` does: sled lets go of it from background threads a
/// moment after the last handle is dropped.
pub fn raw_db(dir: &Path) -> sled::Db {
    let start = std::time::Instant::now();
    loop {
        match okey_store::sled_config(&dir.join(okey_store::DB_DIR_NAME)).open() {
            Ok(db) => return db,
            Err(e) if start.elapsed().as_secs() < 2 => {
                assert!(e.to_string().contains("lock"), "{e}");
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            Err(e) => panic!("the database opens raw: {e}"),
        }
    }
}

/// Seat `n`.
pub fn seat(n: u8) -> Seat {
    Seat(n)
}

/// Opens a store in `dir`.
pub fn open(dir: &Path) -> Store {
    Store::open(dir).expect("the store opens")
}

/// A person and three easy bots at a 101 table of `rounds` rounds.
pub fn person_and_bots101(seed: u64, rounds: u8) -> okey_store::NewMatch101 {
    okey_store::NewMatch101 {
        rules: okey_core::r101::Rules101 {
            rounds,
            ..Default::default()
        },
        seed,
        seats: vec![
            SeatKind::Human,
            bot(Level::Easy),
            bot(Level::Easy),
            bot(Level::Easy),
        ],
    }
}

/// A plain 101 move: the seat to move draws, ends the round when it may, or throws the
/// first tile whose discard costs nothing (else its first); it never opens, so rounds run
/// the pile dry. Between rounds the first seat that may deals the next.
pub fn plain_move101(m: &okey_core::r101::Match101) -> Option<(Seat, okey_core::r101::Action101)> {
    use okey_core::r101::Action101;
    let seat = match m.round().turn() {
        Some(seat) => seat,
        None => m
            .rules()
            .seats()
            .find(|&s| m.legal_actions(s).contains(&Action101::NextRound))?,
    };
    let legal = m.legal_actions(seat);
    let first = |want: &dyn Fn(&Action101) -> bool| legal.iter().find(|a| want(a)).cloned();
    first(&|a| {
        matches!(
            a,
            Action101::NextRound | Action101::Draw | Action101::EndRound
        )
    })
    .or_else(|| {
        first(&|a| matches!(a, Action101::Discard(t) if m.round().discard_cost(*t).is_none()))
    })
    .or_else(|| first(&|a| matches!(a, Action101::Discard(_))))
    .map(|a| (seat, a))
}

/// Plays up to `n` plain 101 moves (fewer if the match ends), each saved; returns how many.
pub fn play101(game: &mut okey_store::SavedGame101, n: usize) -> usize {
    for done in 0..n {
        let Some((seat, action)) = plain_move101(game.state()) else {
            return done;
        };
        game.apply(seat, action).expect("saved");
    }
    n
}

/// Resumes a match of either variant; its action count.
pub fn resume_any(store: &Store, id: okey_store::MatchId) -> Result<usize, StoreError> {
    match store.variant(id)? {
        okey_store::Variant::Duz => store.resume(id).map(|g| g.state().log().len()),
        okey_store::Variant::Okey101 => store.resume101(id).map(|g| g.state().log().len()),
    }
}
