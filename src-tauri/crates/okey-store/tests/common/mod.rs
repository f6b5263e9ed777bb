//! Helpers shared by the store's tests: a table of bots that plays for every seat, a person's
//! seat included. The store knows nothing of bots: here, as in the app, okey-bots builds
//! them from the seats' level names and the saved match.

#![allow(dead_code)]

use okey_bots::{Bot, Bot101, Level, MatchHost};
use okey_core::r101::{Action101, Match101, Shape};
use okey_core::{Action, Match, Rules, Seat};
use okey_store::{Game, NewMatch, SavedGame, SavedMatch, SeatKind, Store, StoreError};
use std::collections::BTreeMap;
use std::path::Path;

/// The seat of a bot of `level`.
pub fn bot(level: Level) -> SeatKind {
    SeatKind::Bot(level.name().into())
}

/// The levels of the game's seats (None for a person).
fn levels<G: Game>(game: &SavedMatch<G>) -> Vec<Option<Level>> {
    game.seats()
        .iter()
        .map(|s| s.level().map(|l| l.parse().expect("a bot level")))
        .collect()
}

/// A variant the tests' bots play: the store's game, with its own bots. The store does not
/// care who chose an action, so a bot stands in for each person too.
pub trait BotGame: Game {
    /// A bot of this variant.
    type Bot;
    /// The game's bots, remembering the current round (None for a person).
    fn rejoin(game: &SavedMatch<Self>) -> Vec<Option<Self::Bot>>;
    /// The bot that plays for the person at seat `i`.
    fn stand_in(game: &SavedMatch<Self>, i: usize) -> Self::Bot;
    /// The table's next action, as the bots choose it; None when none has one.
    fn next(m: &Self, bots: &mut [Option<Self::Bot>]) -> Option<(Seat, Self::Action)>;
    /// Whether the match is over.
    fn over(m: &Self) -> bool;
}

impl BotGame for Match {
    type Bot = Bot;

    fn rejoin(game: &SavedGame) -> Vec<Option<Bot>> {
        <Bot as okey_bots::Player>::rejoin(&levels(game), game.round_start(), game.state())
    }

    /// An easy bot.
    fn stand_in(_: &SavedGame, i: usize) -> Bot {
        Bot::new(Level::Easy, 1000 + i as u64)
    }

    fn next(m: &Match, bots: &mut [Option<Bot>]) -> Option<(Seat, Action)> {
        okey_bots::next_move(m, bots).map(|mv| (mv.seat, mv.action))
    }

    fn over(m: &Match) -> bool {
        m.is_over()
    }
}

impl BotGame for Match101 {
    type Bot = Bot101;

    fn rejoin(game: &okey_store::SavedGame101) -> Vec<Option<Bot101>> {
        <Bot101 as okey_bots::Player>::rejoin(&levels(game), game.round_start(), game.state())
    }

    /// A medium bot: it opens, melds and lays off, so the log holds every kind of table
    /// action and not only draws and discards.
    fn stand_in(game: &okey_store::SavedGame101, i: usize) -> Bot101 {
        let seat = Seat(u8::try_from(i).expect("a seat"));
        Bot101::for_seat(Level::Medium, game.state().seed(), seat)
    }

    fn next(m: &Match101, bots: &mut [Option<Bot101>]) -> Option<(Seat, Action101)> {
        okey_bots::r101::next_move101(m, bots).map(|mv| (mv.seat, mv.action))
    }

    fn over(m: &Match101) -> bool {
        m.is_over()
    }
}

/// The game's bots, remembering the current round (None for a person).
pub fn bots(game: &SavedGame) -> Vec<Option<Bot>> {
    Match::rejoin(game)
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

/// The game's bots, with a bot standing in for each person ([`BotGame::stand_in`]).
pub fn table<G: BotGame>(game: &SavedMatch<G>) -> Vec<Option<G::Bot>> {
    G::rejoin(game)
        .into_iter()
        .enumerate()
        .map(|(i, b)| b.or_else(|| Some(G::stand_in(game, i))))
        .collect()
}

/// Plays up to `n` actions (fewer if the match ends); returns how many were played.
pub fn play<G: BotGame>(game: &mut SavedMatch<G>, bots: &mut [Option<G::Bot>], n: usize) -> usize {
    for done in 0..n {
        if G::over(game.state()) {
            return done;
        }
        let (seat, action) = G::next(game.state(), bots).expect("a bot moves");
        game.apply(seat, action).expect("the action is saved");
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

/// Changes the raw database while no store has it open.
pub fn tamper(dir: &std::path::Path, change: impl FnOnce(&sled::Db)) {
    let raw = raw_db(dir);
    change(&raw);
    raw.flush().unwrap();
}

/// Changes the bytes of one log entry.
pub fn edit_entry(
    dir: &std::path::Path,
    id: okey_store::MatchId,
    index: u32,
    change: impl FnOnce(&mut Vec<u8>),
) {
    tamper(dir, |db| {
        let log = db.open_tree("log").unwrap();
        let mut entry = log.get(log_key(id, index)).unwrap().unwrap().to_vec();
        change(&mut entry);
        log.insert(log_key(id, index), entry).unwrap();
    });
}

/// The journal file of a match.
pub fn journal(dir: &std::path::Path, id: okey_store::MatchId) -> std::path::PathBuf {
    dir.join(okey_store::JOURNAL_DIR_NAME)
        .join(format!("{id}.okj"))
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
pub fn plain_move101(m: &Match101) -> Option<(Seat, Action101)> {
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

/// A 101 match of a person and three easy bots, played for `actions` actions (fewer if it
/// ends) by bots, a medium one standing in for the person: its log holds openings, melds,
/// lay-offs and takes, not only draws and discards.
pub fn bot_played101(store: &Store, seed: u64, actions: usize) -> okey_store::SavedGame101 {
    let mut game = store.create101(person_and_bots101(seed, 3)).unwrap();
    let mut bots = table(&game);
    play(&mut game, &mut bots, actions);
    game
}

/// Resumes a match of either variant; its action count.
pub fn resume_any(store: &Store, id: okey_store::MatchId) -> Result<usize, StoreError> {
    match store.variant(id)? {
        okey_store::Variant::Duz => store.resume(id).map(|g| g.state().log().len()),
        okey_store::Variant::Okey101 => store.resume101(id).map(|g| g.state().log().len()),
    }
}

/// How many actions of each kind a 101 log holds, by kind name (an opening with pairs is
/// `open pairs`, else `open`; a meld is `meld`, whatever its shape).
pub fn kinds101(log: &[(Seat, Action101)]) -> BTreeMap<&'static str, u32> {
    let mut out = BTreeMap::new();
    for (_, action) in log {
        let kind = match action {
            Action101::Draw => "draw",
            Action101::Take => "take",
            Action101::Return => "return",
            Action101::DeclarePairs => "declare pairs",
            Action101::Open(melds) if melds.iter().all(|m| m.shape == Shape::Pair) => "open pairs",
            Action101::Open(_) => "open",
            Action101::Meld(_) => "meld",
            Action101::LayOff { .. } => "lay off",
            Action101::Swap { .. } => "swap",
            Action101::TakeBack { .. } => "take back",
            Action101::Discard(_) => "discard",
            Action101::EndRound => "end round",
            Action101::NextRound => "next round",
        };
        *out.entry(kind).or_default() += 1;
    }
    out
}

/// Imports `file`, the export of `game` from `store`, into new saves in `dir` and asserts the
/// match comes back the same: state, seats, action times, creation time and score sheets.
/// Returns the new saves.
pub fn imported_the_same<G: Game + PartialEq>(
    store: &Store,
    game: &SavedMatch<G>,
    file: &Path,
    dir: &Path,
) -> Store {
    let fresh = open(dir);
    let id = fresh.import_file(file, &played_levels()).unwrap();
    let imported = fresh.resume_as::<G>(id).unwrap();
    assert_eq!(imported.state(), game.state());
    assert_eq!(imported.seats(), game.seats());
    assert_eq!(imported.action_times(), game.action_times());
    assert_eq!(imported.created_ms(), game.created_ms());
    assert_eq!(
        fresh.round_results_as::<G>(id).unwrap(),
        store.round_results_as::<G>(game.id()).unwrap()
    );
    fresh
}

/// The bot levels an import accepts: those okey-bots plays.
pub fn played_levels() -> Vec<&'static str> {
    okey_bots::Level::ALL.map(okey_bots::Level::name).to_vec()
}
