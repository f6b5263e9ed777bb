//! Helpers shared by the unit tests: a store in a temporary directory, and a plain player
//! that needs no bots.

use crate::db::Store;
use crate::model::{NewMatch, SeatKind};
use okey_core::{Action, Match, Phase, Rules, Seat};
use tempfile::TempDir;

/// A fresh store in its own temporary directory (kept while the directory lives).
pub(crate) fn temp_store() -> (TempDir, Store) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let store = Store::open(dir.path()).expect("the store opens");
    (dir, store)
}

/// A person and three easy bots, under the default rules.
pub(crate) fn new_match(seed: u64) -> NewMatch {
    let mut seats = vec![SeatKind::Human];
    seats.extend(std::iter::repeat_n(SeatKind::Bot("easy".into()), 3));
    NewMatch {
        rules: Rules::default(),
        seed,
        seats,
    }
}

/// A plain move at `m`: the seat to move draws, or throws its first tile; between rounds
/// the first seat that may deals the next. It never finishes, so rounds run the pile dry
/// and end without a winner.
pub(crate) fn plain_move(m: &Match) -> Option<(Seat, Action)> {
    let round = m.round();
    if round.is_over() {
        let seat = m
            .rules()
            .seats()
            .find(|&s| m.legal_actions(s).contains(&Action::NextRound))?;
        return Some((seat, Action::NextRound));
    }
    let seat = round.turn()?;
    match round.phase()? {
        Phase::Discard => Some((seat, Action::Discard(round.rack(seat)?.tiles().next()?))),
        // Draw while the pile lasts, then end the round (R17).
        Phase::Draw if round.pile_len() == 0 => Some((seat, Action::EndRound)),
        Phase::Draw => Some((seat, Action::Draw)),
    }
}

/// Plays one [`plain_move`] on a bare match.
pub(crate) fn play_plainly(m: &mut Match) {
    let (seat, action) = plain_move(m).expect("a plain move");
    m.apply(seat, action).expect("a legal move");
}
