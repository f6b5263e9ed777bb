//! The decisions of each level. Every function gets the seat's view and memory only.

pub(crate) mod easy;
pub(crate) mod hard;
pub(crate) mod medium;
pub(crate) mod random;

use okey_core::analysis::can_finish;
use okey_core::{Action, Joker, Kind, Seat, SeatView, Tile};

/// The seat `step` places after `seat` in playing order, skipping seats out of the match
/// (R23); `step` is 1 for the next seat and `n - 1` for the previous one.
fn seat_after(view: &SeatView, seat: Seat, step: usize) -> Option<Seat> {
    let n = view.players.len();
    let mut i = seat.index();
    for _ in 0..n {
        i = (i + step) % n;
        if view.players.get(i)?.playing {
            return (i != seat.index()).then_some(view.players[i].seat);
        }
    }
    None
}

/// The seat after `seat` in playing order: the one that may take its discards (R15).
pub(crate) fn after(view: &SeatView, seat: Seat) -> Option<Seat> {
    seat_after(view, seat, 1)
}

/// The seat before the viewer in playing order: the one whose discards it may take.
pub(crate) fn previous(view: &SeatView) -> Option<Seat> {
    seat_after(view, view.seat, view.players.len().saturating_sub(1))
}

/// The seat after the viewer: the one that may take its discard.
pub(crate) fn next(view: &SeatView) -> Option<Seat> {
    after(view, view.seat)
}

/// The viewer's tiles in slot order.
pub(crate) fn rack_tiles(view: &SeatView) -> Vec<Tile> {
    view.rack.iter().flatten().copied().collect()
}

/// The kinds of `tiles`.
pub(crate) fn kinds(tiles: &[Tile]) -> Vec<Kind> {
    tiles.iter().map(|t| t.kind()).collect()
}

/// The joker context of the round.
pub(crate) fn joker(view: &SeatView) -> Joker {
    Joker::new(view.indicator)
}

/// With the pile empty (R17): take the discard only when it finishes, else end the round.
/// Taking to play on could pass one tile round the table for ever.
pub(crate) fn when_pile_empty(view: &SeatView) -> Option<Action> {
    if !view.legal_actions.contains(&Action::EndRound) {
        return None;
    }
    let finishes = view.offered().is_some_and(|top| {
        let mut hand = kinds(&rack_tiles(view));
        hand.push(top.kind());
        can_finish(&hand, joker(view))
    });
    Some(if finishes {
        Action::TakeDiscard
    } else {
        Action::EndRound
    })
}

/// Draw from the pile, or when it is empty end the round (R17).
pub(crate) fn draw_or_end(view: &SeatView) -> Action {
    if view.legal_actions.contains(&Action::Draw) {
        Action::Draw
    } else if view.legal_actions.contains(&Action::EndRound) {
        Action::EndRound
    } else {
        Action::TakeDiscard
    }
}
