//! What one seat may see (R15): its own rack; of the others only how many tiles they hold;
//! its own discard stack and the one to its left in full, of the other stacks only the top.
//! UIs and bots only ever get a view, so hidden tiles never leave the engine. Once a round is
//! over every rack is turned face up, as players do at the table, and the view shows them all.

use crate::action::Action;
use crate::deal::Dice;
use crate::error::{RuleError, TurnError};
use crate::event::RoundEnd;
use crate::game::Match;
use crate::round::Phase;
use crate::rules::{Rules, Seat};
use crate::tile::{Face, Tile};
use serde::{Deserialize, Serialize};

/// A discard stack as one seat sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DiscardView {
    /// How many tiles the stack holds.
    pub count: usize,
    /// The top tile, visible to all.
    pub top: Option<Tile>,
    /// The whole stack, bottom first: only the viewer's own and the one to its left.
    pub tiles: Option<Vec<Tile>>,
}

/// Another seat (or the viewer) as the viewer sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayerView {
    /// The seat.
    pub seat: Seat,
    /// Whether it plays this round (it may have left the match, R23).
    pub playing: bool,
    /// How many tiles its rack holds.
    pub tiles: usize,
    /// Its score (its team's in partnership, R24).
    pub score: i32,
    /// Its discard stack, which lies to its right (R15).
    pub discards: DiscardView,
}

/// Everything one seat may know about the match right now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeatView {
    /// The viewer.
    pub seat: Seat,
    /// The rules of the match.
    pub rules: Rules,
    /// Round number, from 1.
    pub round: u32,
    /// Turn actions played this round (see `Round::plays`).
    pub plays: u32,
    /// The dealer of this round.
    pub dealer: Seat,
    /// Who is to move, while the round lasts.
    pub turn: Option<Seat>,
    /// What the seat to move must do.
    pub phase: Option<Phase>,
    /// The viewer's rack, slot by slot (empty if it does not play).
    pub rack: Vec<Option<Tile>>,
    /// Every seat of the table, in seat order.
    pub players: Vec<PlayerView>,
    /// The tile the viewer may take (R14): the top of the stack of the seat before it, while
    /// the viewer plays this round. Whether taking it is allowed right now is in
    /// `legal_actions`; this is the one place that says which discard is on offer.
    pub takeable: Option<Tile>,
    /// Tiles left to draw.
    pub pile: usize,
    /// The indicator face (R3).
    pub indicator: Face,
    /// The indicator tile while it lies face up on the table (R16).
    pub indicator_tile: Option<Tile>,
    /// The okey face (R3).
    pub okey: Face,
    /// The dice of a stacks deal; thrown in the open.
    pub dice: Option<Dice>,
    /// A gösterge shown this round (R19).
    pub gosterge: Option<(Seat, Tile)>,
    /// The finishing discard on the centre (R10).
    pub centre: Option<Tile>,
    /// How the round ended; a finished hand is shown to all.
    pub round_end: Option<RoundEnd>,
    /// Once the round is over, every seat's rack slot by slot, in seat order (empty for a
    /// seat that did not play); None while the round is played.
    pub revealed: Option<Vec<Vec<Option<Tile>>>>,
    /// The winners once the match is over (R23).
    pub winners: Option<Vec<Seat>>,
    /// What the viewer may do now (rack moves are always allowed in a round).
    pub legal_actions: Vec<Action>,
}

impl SeatView {
    /// The discard the viewer may take right now (R14): [`SeatView::takeable`] while taking
    /// it is a legal action.
    pub fn offered(&self) -> Option<Tile> {
        self.legal_actions
            .contains(&Action::TakeDiscard)
            .then_some(self.takeable)
            .flatten()
    }

    /// The view of `seat`; an error if there is no such seat.
    pub fn of(m: &Match, seat: Seat) -> Result<SeatView, RuleError> {
        if !m.rules().has_seat(seat) {
            return Err(TurnError::NoSuchSeat(seat.0).into());
        }
        let round = m.round();
        let slots_of = |s: Seat| {
            round
                .rack(s)
                .map(|r| r.slots().to_vec())
                .unwrap_or_default()
        };
        let left = round.previous(seat);
        let players = m
            .rules()
            .seats()
            .map(|s| {
                let stack = round.discards(s);
                let open = round.rack(seat).is_some() && (s == seat || Some(s) == left);
                PlayerView {
                    seat: s,
                    playing: round.rack(s).is_some(),
                    tiles: round.rack(s).map_or(0, |r| r.len()),
                    score: m.score(s).unwrap_or(0),
                    discards: DiscardView {
                        count: stack.len(),
                        top: stack.last().copied(),
                        tiles: open.then(|| stack.to_vec()),
                    },
                }
            })
            .collect();
        let takeable = round
            .rack(seat)
            .and(left)
            .and_then(|l| round.discards(l).last().copied());
        Ok(SeatView {
            seat,
            takeable,
            rules: *m.rules(),
            round: round.number(),
            plays: round.plays(),
            dealer: round.dealer(),
            turn: round.turn(),
            phase: round.phase(),
            rack: slots_of(seat),
            players,
            pile: round.pile_len(),
            indicator: round.joker().indicator(),
            indicator_tile: round.indicator_on_table(),
            okey: round.joker().okey(),
            dice: round.record().dice().cloned(),
            gosterge: round.gosterge(),
            centre: round.centre(),
            round_end: round.end().cloned(),
            revealed: round
                .is_over()
                .then(|| m.rules().seats().map(slots_of).collect()),
            winners: m.winners().map(<[Seat]>::to_vec),
            legal_actions: m.legal_actions(seat),
        })
    }
}

impl Match {
    /// What `seat` may see (see [`SeatView::of`]).
    pub fn view(&self, seat: Seat) -> Result<SeatView, RuleError> {
        SeatView::of(self, seat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays `turns` turns, each drawing and throwing the first tile.
    fn played(turns: usize) -> Match {
        let mut m = Match::new(Rules::default(), 21).unwrap();
        for _ in 0..turns {
            let seat = m.round().turn().unwrap();
            if m.round().phase() == Some(Phase::Draw) {
                m.apply(seat, Action::Draw).unwrap();
            }
            let tile = m.round().rack(seat).unwrap().tiles().next().unwrap();
            m.apply(seat, Action::Discard(tile)).unwrap();
        }
        m
    }

    #[test]
    fn r14_the_discard_on_offer_is_the_previous_seats_top_while_taking_is_legal() {
        let mut m = played(5);
        let seat = m.round().turn().unwrap();
        let previous = m.round().previous(seat).unwrap();
        let top = m.round().discards(previous).last().copied();
        assert!(top.is_some());
        let v = m.view(seat).unwrap();
        assert_eq!(v.takeable, top);
        assert_eq!(v.offered(), top, "the seat to draw may take it");
        // Another seat sees its own neighbour's top, and may not take anything now.
        let other = m
            .rules()
            .seats()
            .find(|&s| m.round().previous(s) == Some(seat))
            .unwrap();
        let w = m.view(other).unwrap();
        assert_eq!(w.takeable, m.round().discards(seat).last().copied());
        assert_eq!(w.offered(), None);
        // Once the seat has drawn, the discard is still on view but no longer on offer.
        m.apply(seat, Action::Draw).unwrap();
        let v = m.view(seat).unwrap();
        assert_eq!(v.takeable, top);
        assert_eq!(v.offered(), None);
    }

    #[test]
    fn r15_view_shows_only_top_of_far_stacks() {
        let m = played(9);
        let seat = m.round().turn().unwrap();
        let left = m.round().previous(seat).unwrap();
        let v = m.view(seat).unwrap();
        for p in &v.players {
            let stack = m.round().discards(p.seat);
            assert_eq!(p.discards.count, stack.len());
            assert_eq!(p.discards.top, stack.last().copied());
            if p.seat == seat || p.seat == left {
                assert_eq!(p.discards.tiles.as_deref(), Some(stack));
                if p.seat == left {
                    assert_eq!(v.takeable, stack.last().copied());
                }
            } else {
                assert_eq!(p.discards.tiles, None);
                assert!(stack.len() >= 2, "a far stack with something hidden");
            }
        }
    }

    #[test]
    fn r14_plays_count_turn_actions_not_rack_moves() {
        // The starter discards without drawing; the next two draw and discard.
        let mut m = played(3);
        let seat = m.round().turn().unwrap();
        assert_eq!(m.view(seat).unwrap().plays, 5);
        let from = m
            .round()
            .rack(seat)
            .unwrap()
            .slots()
            .iter()
            .position(Option::is_some)
            .unwrap();
        m.move_tile(seat, crate::rack::Slot(from as u8), crate::rack::Slot(31))
            .unwrap();
        assert_eq!(m.view(seat).unwrap().plays, 5);
        m.apply(seat, Action::Draw).unwrap();
        assert_eq!(m.view(seat).unwrap().plays, 6);
    }

    #[test]
    fn racks_are_revealed_only_once_the_round_is_over() {
        let mut m = played(5);
        assert!(m.view(Seat(0)).unwrap().revealed.is_none());
        // Play on until the round ends (a bot-free loop: draw, throw the first tile).
        while !m.round().is_over() {
            let seat = m.round().turn().unwrap();
            if m.round().phase() == Some(Phase::Draw) {
                let action = if m.round().pile_len() == 0 {
                    Action::EndRound
                } else {
                    Action::Draw
                };
                m.apply(seat, action).unwrap();
                continue;
            }
            let tile = m.round().rack(seat).unwrap().tiles().next().unwrap();
            m.apply(seat, Action::Discard(tile)).unwrap();
        }
        let v = m.view(Seat(1)).unwrap();
        let revealed = v.revealed.expect("every rack once the round is over");
        for seat in m.rules().seats() {
            assert_eq!(
                revealed[seat.index()],
                m.round().rack(seat).unwrap().slots()
            );
        }
    }

    #[test]
    fn view_holds_own_rack_and_only_counts_of_others() {
        let m = played(3);
        for seat in m.rules().seats() {
            let v = m.view(seat).unwrap();
            let own: Vec<Tile> = v.rack.iter().flatten().copied().collect();
            assert_eq!(
                own,
                m.round().rack(seat).unwrap().tiles().collect::<Vec<_>>()
            );
            for p in &v.players {
                assert_eq!(p.tiles, m.round().rack(p.seat).unwrap().len());
            }
            assert_eq!(v.legal_actions, m.legal_actions(seat));
            assert_eq!(v.pile, m.round().pile_len());
        }
    }
}
