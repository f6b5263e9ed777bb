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

/// A person and three easy bots, under the default 101 rules with `rounds` rounds.
pub(crate) fn new_match101(seed: u64, rounds: u8) -> crate::model::NewMatch101 {
    let mut seats = vec![SeatKind::Human];
    seats.extend(std::iter::repeat_n(SeatKind::Bot("easy".into()), 3));
    crate::model::NewMatch101 {
        rules: okey_core::r101::Rules101 {
            rounds,
            ..Default::default()
        },
        seed,
        seats,
    }
}

/// A plain 101 move at `m`: the seat to move draws, or throws the first tile whose
/// discard costs nothing (else its first); it never opens, so rounds run the pile dry.
/// Between rounds the first seat that may deals the next; None once the match is over.
pub(crate) fn plain_move101(
    m: &okey_core::r101::Match101,
) -> Option<(Seat, okey_core::r101::Action101)> {
    use okey_core::r101::Action101;
    let seat = match m.round().turn() {
        Some(seat) => seat,
        None => m
            .rules()
            .seats()
            .find(|&s| m.legal_actions(s).contains(&Action101::NextRound))?,
    };
    let legal = m.legal_actions(seat);
    let pick = |want: &dyn Fn(&Action101) -> bool| legal.iter().find(|a| want(a)).cloned();
    let cheap = |a: &Action101| match a {
        Action101::Discard(t) => m.round().discard_cost(*t).is_none(),
        _ => false,
    };
    pick(&|a| {
        matches!(
            a,
            Action101::NextRound | Action101::Draw | Action101::EndRound
        )
    })
    .or_else(|| pick(&cheap))
    .or_else(|| pick(&|a| matches!(a, Action101::Discard(_))))
    .map(|a| (seat, a))
}
