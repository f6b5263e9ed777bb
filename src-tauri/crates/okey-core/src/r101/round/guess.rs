//! A round rebuilt from one seat's view and a guess of what that seat cannot see, so that a bot
//! can play the rest of the round out over many guesses (determinized search). The guess is
//! the caller's: the other hands and the pile, drawn from the tiles the seat has not seen.
//!
//! What the view tells is reproduced: the viewer's hand, the indicator and okey, the table
//! melds and their ids, every status, hand size and stack as the view shows it, whose turn it
//! is, whether the viewer has taken and the discard it must still use.
//!
//! What it cannot tell is filled as follows:
//! - the stacks below the top tile of the seats the viewer only sees the tops of: left out
//!   (nobody can take them again, so they never come back into play);
//! - the rules: passed in, since every player knows them;
//! - the penalties charged so far: left out; they add the same 101s to every continuation of
//!   the guess, so comparing continuations does not need them;
//! - the order the seats opened in (R101-17): seat order, which gives the same figures;
//! - the turn in progress beyond taken and pending: no table action counted yet, no lay-off to
//!   take back, the seat's opening not counted as this turn's (so no elden finish is foreseen
//!   from a seat that opened earlier this turn);
//! - the deal record: an empty shuffled order (the guess was not dealt).

use super::{Round101, Status, TurnState};
use crate::r101::deal::DealRecord101;
use crate::r101::rules::Rules101;
use crate::r101::view::SeatView101;
use crate::tile::{Joker, Tile};
use thiserror::Error;

/// The starter's hand before its first discard (R101-4).
const STARTER_TILES: usize = 22;

/// Why a guess does not fit the view it is meant to complete.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Guess101Error {
    /// The view is of a round that is over, or of nobody's turn.
    #[error("the round is over")]
    RoundOver,
    /// The rules and the view disagree on the number of players.
    #[error("the rules seat {rules} players, the view {view}")]
    Players {
        /// Players in the rules.
        rules: u8,
        /// Players in the view.
        view: usize,
    },
    /// The indicator is a false joker, which no deal turns up.
    #[error("the indicator has no face")]
    Indicator,
    /// A guessed hand is not the size the view gives that seat (the viewer's must be empty).
    #[error("seat {seat}: {guessed} tiles guessed, {expected} expected")]
    HandSize {
        /// The seat.
        seat: u8,
        /// Tiles guessed.
        guessed: usize,
        /// Tiles the view shows (0 for the viewer).
        expected: usize,
    },
    /// The guessed pile is not the size the view gives.
    #[error("{guessed} pile tiles guessed, {expected} expected")]
    PileSize {
        /// Tiles guessed.
        guessed: usize,
        /// Tiles in the view's pile.
        expected: usize,
    },
    /// A tile is in two places.
    #[error("tile {0} appears twice")]
    Twice(u8),
}

impl Round101 {
    /// The round as `view` shows it, with `hidden_hands` (one per seat in seat order, the
    /// viewer's empty) and `pile` (in drawing order: `pile[0]` is drawn first) filling in what
    /// the viewer cannot see. See the module docs for what the view does not tell and how it
    /// is filled. Fails when the guess does not fit the view.
    pub fn from_guess(
        rules: &Rules101,
        view: &SeatView101,
        hidden_hands: Vec<Vec<Tile>>,
        mut pile: Vec<Tile>,
    ) -> Result<Round101, Guess101Error> {
        let n = view.players.len();
        if usize::from(rules.players) != n || hidden_hands.len() != n {
            return Err(Guess101Error::Players {
                rules: rules.players,
                view: n,
            });
        }
        let turn_seat = match (view.turn, &view.end) {
            (Some(s), None) => s,
            _ => return Err(Guess101Error::RoundOver),
        };
        let face = view
            .indicator
            .kind()
            .face()
            .ok_or(Guess101Error::Indicator)?;
        let mut hands = hidden_hands;
        for (i, (hand, p)) in hands.iter().zip(&view.players).enumerate() {
            let expected = if p.seat == view.seat { 0 } else { p.hand_size };
            if hand.len() != expected {
                return Err(Guess101Error::HandSize {
                    seat: i as u8,
                    guessed: hand.len(),
                    expected,
                });
            }
        }
        if pile.len() != view.pile {
            return Err(Guess101Error::PileSize {
                guessed: pile.len(),
                expected: view.pile,
            });
        }
        hands[view.seat.index() % n] = view.hand.clone();
        let stacks: Vec<Vec<Tile>> = view.players.iter().map(|p| p.stack.clone()).collect();
        let mut seen = 0u128;
        let every = hands
            .iter()
            .flatten()
            .chain(stacks.iter().flatten())
            .chain(
                view.table
                    .iter()
                    .flat_map(|m| m.tiles.iter().map(|p| &p.tile)),
            )
            .chain(&pile)
            .chain(std::iter::once(&view.indicator));
        for t in every {
            let bit = 1u128 << t.id();
            if seen & bit != 0 {
                return Err(Guess101Error::Twice(t.id()));
            }
            seen |= bit;
        }
        let status: Vec<Status> = view.players.iter().map(|p| p.status).collect();
        let openings = view
            .players
            .iter()
            .filter(|p| p.status.opened())
            .map(|p| (p.seat, p.status))
            .collect();
        let mine = turn_seat == view.seat;
        let taken = mine && view.taken;
        let pending = if mine { view.pending } else { None };
        let starter_hand = hands[turn_seat.index() % n].len() == STARTER_TILES;
        // The starter's first turn: it holds its 22 and nothing has been thrown or laid yet.
        let first_turn = taken
            && pending.is_none()
            && starter_hand
            && view.table.is_empty()
            && stacks.iter().all(Vec::is_empty);
        let next_id = view.table.iter().map(|m| m.id.0 + 1).max().unwrap_or(0);
        pile.reverse();
        Ok(Round101 {
            rules: *rules,
            starter: if first_turn { turn_seat } else { view.seat },
            joker: Joker::new(face),
            indicator: view.indicator,
            record: std::sync::Arc::new(DealRecord101::Simple { order: Vec::new() }),
            turn_seat,
            turn: TurnState {
                taken,
                pending,
                took_discard: pending,
                own_only: true,
                drew_last: taken && pending.is_none() && pile.is_empty(),
                others_opened: status
                    .iter()
                    .enumerate()
                    .any(|(i, s)| i != turn_seat.index() && s.opened()),
                ..TurnState::default()
            },
            pile,
            hands,
            stacks,
            table: view.table.clone(),
            next_id,
            status,
            openings,
            penalties: vec![Vec::new(); n],
            turns: view.turns,
            first_turn,
            last_chance: view.pile == 0 && !taken,
            end: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::r101::{Action101, Match101};
    use crate::rules::Seat;

    /// The seat's hidden tiles as they really are: the other hands and the pile.
    fn truth(m: &Match101, viewer: Seat) -> (Vec<Vec<Tile>>, Vec<Tile>) {
        let r = m.round();
        let hands = r
            .rules()
            .seats()
            .map(|s| {
                if s == viewer {
                    Vec::new()
                } else {
                    r.hand(s).to_vec()
                }
            })
            .collect();
        (hands, r.pile().collect())
    }

    /// Plays draws and the last listed discard until `turns` discards are made.
    fn played(seed: u64, turns: usize) -> Match101 {
        let mut m = Match101::new(Rules101::default(), seed).unwrap();
        let mut done = 0;
        while done < turns && !m.round().is_over() {
            let seat = m.round().turn().unwrap();
            let legal = m.legal_actions(seat);
            let action = if legal.contains(&Action101::Draw) {
                Action101::Draw
            } else {
                done += 1;
                legal
                    .iter()
                    .rev()
                    .find(|a| matches!(a, Action101::Discard(_)))
                    .cloned()
                    .unwrap()
            };
            m.apply(seat, action).unwrap();
        }
        m
    }

    #[test]
    fn r101_37_a_true_guess_rebuilds_the_round_the_seat_sees() {
        for (seed, turns) in [(1, 0), (2, 3), (3, 9), (4, 14)] {
            let m = played(seed, turns);
            let seat = m.round().turn().unwrap();
            let view = m.view(seat).unwrap();
            let (hands, pile) = truth(&m, seat);
            let r = Round101::from_guess(m.rules(), &view, hands, pile).unwrap();
            let again = SeatView101::of_round(&r, seat, m.totals(), view.rounds).unwrap();
            // Penalties are left out of a guess (the module docs say why); all else is seen.
            let mut expected = view.clone();
            for p in &mut expected.players {
                p.penalties = 0;
            }
            assert_eq!(again, expected, "seed {seed}");
            // The seats it cannot see hold exactly the guessed tiles, and the game goes on.
            for s in m.rules().seats() {
                assert_eq!(r.hand(s), m.round().hand(s));
            }
            assert!(r.pile().eq(m.round().pile()));
        }
    }

    #[test]
    fn r101_37_a_guess_that_does_not_fit_the_view_is_refused() {
        let m = played(5, 4);
        let seat = m.round().turn().unwrap();
        let view = m.view(seat).unwrap();
        let (hands, mut pile) = truth(&m, seat);
        let short = pile.split_off(1);
        assert!(matches!(
            Round101::from_guess(m.rules(), &view, hands.clone(), short),
            Err(Guess101Error::PileSize { .. })
        ));
        let mut twice = truth(&m, seat).1;
        twice[0] = view.hand[0];
        assert_eq!(
            Round101::from_guess(m.rules(), &view, hands.clone(), twice),
            Err(Guess101Error::Twice(view.hand[0].id()))
        );
        let mut wrong = hands;
        let other = (seat.index() + 1) % wrong.len();
        wrong[other].pop();
        assert!(matches!(
            Round101::from_guess(m.rules(), &view, wrong, truth(&m, seat).1),
            Err(Guess101Error::HandSize { .. })
        ));
    }
}
