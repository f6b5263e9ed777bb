//! One round as a state machine (R10-R22): the deal, the turns, the gösterge, the finish.
//!
//! Players are held by position: position 0 is the starter (the dealer's right neighbour),
//! the last position is the dealer, and play goes up the positions, i.e. anticlockwise
//! (R12). The discard stack of a position lies to its right, in front of the next position,
//! which is the only one that may take from it (R15).
//!
//! Each job has its module: `legal` lists what a seat may do, `turn` the draw and discard,
//! `gosterge` showing the indicator, `finish` the claim of a win; this one holds the
//! state, what every seat can ask of it, and the one door ([`Round::apply`]) that dispatches.

mod finish;
mod gosterge;
mod legal;
#[cfg(test)]
pub(crate) mod rig;
mod turn;

// The round's input and output live in their own modules; these keep the old paths working.
pub use crate::action::Action;
pub use crate::event::{Event, RoundEnd};

use crate::deal::{self, DealRecord};
use crate::error::{RuleError, TurnError};
use crate::rack::Rack;
use crate::rules::{Rules, Seat};
use crate::scoring::{Charge, ChargeReason, Payer, PENALTY};
use crate::tile::{Joker, Role, Tile};
use rand::Rng;
use serde::{Deserialize, Serialize};

/// What the player to move must do next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Draw from the pile or take the previous discard (or end the round, R17).
    Draw,
    /// Discard a tile or finish; the starter begins here (R14).
    Discard,
}

/// The full state of a round, hidden information included. Seats only ever see a view.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Round {
    rules: Rules,
    number: u32,
    /// Seats by position: the starter first, the dealer last.
    seats: Vec<Seat>,
    joker: Joker,
    indicator: Tile,
    record: DealRecord,
    /// The pile, the next tile to draw last.
    pile: Vec<Tile>,
    racks: Vec<Rack>,
    /// Discard stacks by position, the top last.
    discards: Vec<Vec<Tile>>,
    turn: usize,
    phase: Phase,
    /// Whether each position has drawn (the starter: discarded), closing its gösterge (R19).
    opened: Vec<bool>,
    gosterge: Option<(Seat, Tile)>,
    centre: Option<Tile>,
    end: Option<RoundEnd>,
    /// Turn actions played this round (draws, takes, discards, finish claims).
    #[serde(default)]
    plays: u32,
}

impl Round {
    /// Deals round `number` for `seats` in playing order, the starter first and the dealer last.
    pub(crate) fn new(rules: Rules, number: u32, seats: Vec<Seat>, rng: &mut impl Rng) -> Round {
        let dealt = deal::deal(rules.deal, seats.len(), rng);
        Round::dealt(rules, number, seats, dealt)
    }

    /// Round `number` for `seats`, from a deal already made.
    pub(crate) fn dealt(rules: Rules, number: u32, seats: Vec<Seat>, dealt: deal::Dealt) -> Round {
        let mut pile = dealt.pile;
        if rules.indicator_last {
            pile.push(dealt.indicator);
        }
        pile.reverse();
        let n = seats.len();
        Round {
            rules,
            number,
            seats,
            joker: Joker::new(dealt.face),
            indicator: dealt.indicator,
            record: dealt.record,
            pile,
            racks: dealt.hands.iter().map(|h| Rack::with_tiles(h)).collect(),
            discards: vec![Vec::new(); n],
            turn: 0,
            phase: Phase::Discard,
            opened: vec![false; n],
            gosterge: None,
            centre: None,
            end: None,
            plays: 0,
        }
    }

    /// The round number, from 1.
    pub fn number(&self) -> u32 {
        self.number
    }

    /// The seats playing, in playing order from the starter to the dealer.
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// The dealer.
    pub fn dealer(&self) -> Seat {
        self.seats.last().copied().unwrap_or(Seat(0))
    }

    /// The joker context: indicator and okey (R3).
    pub fn joker(&self) -> Joker {
        self.joker
    }

    /// The indicator tile.
    pub fn indicator(&self) -> Tile {
        self.indicator
    }

    /// The indicator if it lies face up on the table, not in the pile or a rack (R16).
    pub fn indicator_on_table(&self) -> Option<Tile> {
        let in_pile_or_drawn = self.rules.indicator_last;
        (!in_pile_or_drawn || !self.pile.is_empty()).then_some(self.indicator)
    }

    /// Whether the indicator is the pile's last tile rather than on the table (R16).
    pub(crate) fn indicator_drawn_last(&self) -> bool {
        self.rules.indicator_last
    }

    /// How the round was dealt.
    pub fn record(&self) -> &DealRecord {
        &self.record
    }

    /// Tiles left to draw.
    pub fn pile_len(&self) -> usize {
        self.pile.len()
    }

    /// The pile in drawing order. Hidden from every seat.
    pub fn pile(&self) -> impl Iterator<Item = Tile> + '_ {
        self.pile.iter().rev().copied()
    }

    /// A seat's rack, if it plays this round.
    pub fn rack(&self, seat: Seat) -> Option<&Rack> {
        self.position(seat).ok().map(|p| &self.racks[p])
    }

    /// A seat's discard stack, bottom first (empty if it does not play).
    pub fn discards(&self, seat: Seat) -> &[Tile] {
        self.position(seat)
            .map(|p| self.discards[p].as_slice())
            .unwrap_or(&[])
    }

    /// The seat whose discards `seat` may take: the one before it in play (R15).
    pub fn previous(&self, seat: Seat) -> Option<Seat> {
        let p = self.position(seat).ok()?;
        self.seats.get(self.prev(p)).copied()
    }

    /// The seat to move, while the round lasts.
    pub fn turn(&self) -> Option<Seat> {
        self.end.is_none().then(|| self.seats[self.turn])
    }

    /// What the seat to move must do, while the round lasts.
    pub fn phase(&self) -> Option<Phase> {
        self.end.is_none().then_some(self.phase)
    }

    /// The gösterge shown this round, if any (R19).
    pub fn gosterge(&self) -> Option<(Seat, Tile)> {
        self.gosterge
    }

    /// The finishing discard on the centre, if any (R10).
    pub fn centre(&self) -> Option<Tile> {
        self.centre
    }

    /// How the round ended, once it has.
    pub fn end(&self) -> Option<&RoundEnd> {
        self.end.as_ref()
    }

    /// Whether the round has ended.
    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    fn position(&self, seat: Seat) -> Result<usize, RuleError> {
        self.seats
            .iter()
            .position(|&s| s == seat)
            .ok_or(RuleError::NotPlaying(seat))
    }

    fn prev(&self, pos: usize) -> usize {
        (pos + self.seats.len() - 1) % self.seats.len()
    }

    /// Applies an action of `seat`. On an error nothing has changed.
    pub(crate) fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, RuleError> {
        let pos = self.position(seat)?;
        if self.end.is_some() {
            return Err(TurnError::RoundOver.into());
        }
        let events = match action {
            Action::ShowIndicator => return self.show_indicator(pos),
            Action::Move { from, to } => {
                return self.racks[pos].move_tile(from, to).map(|()| Vec::new())
            }
            Action::NextRound => return Err(RuleError::NotARoundAction(action)),
            _ if pos != self.turn => return Err(TurnError::NotYourTurn.into()),
            Action::Draw => self.draw(pos),
            Action::TakeDiscard => self.take_discard(pos),
            Action::EndRound => self.end_round(pos),
            Action::Discard(tile) => self.discard(pos, tile),
            Action::Finish(tile) => self.finish(pos, tile),
        }?;
        self.plays += 1;
        Ok(events)
    }

    /// Turn actions played this round: draws, takes, discards and finish claims. Public
    /// knowledge, and it tells apart positions that otherwise repeat (a discard passed round).
    pub fn plays(&self) -> u32 {
        self.plays
    }

    fn is_okey(&self, tile: Tile) -> bool {
        self.joker.role(tile.kind()) == Role::Wild
    }

    /// A 2-point penalty for `seat` (R11, R22).
    fn penalty(seat: Seat, reason: ChargeReason) -> Event {
        Event::Charged(Charge {
            payer: Payer::Seat(seat),
            points: PENALTY,
            reason,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::rig::round;
    use super::*;
    use crate::rack::Slot;
    use crate::rules::DealKind;

    #[test]
    fn r16_indicator_last_is_drawn_last() {
        let rules = Rules {
            indicator_last: true,
            ..Rules::default()
        };
        let r = round(rules, 4);
        assert_eq!(r.pile().last(), Some(r.indicator()));
        assert_eq!(r.indicator_on_table(), Some(r.indicator()));
        let plain = round(Rules::default(), 4);
        assert!(plain.pile().all(|t| t != plain.indicator()));
    }

    #[test]
    fn r13_simple_and_stacks_deals_start_with_15_for_the_starter() {
        for deal in [DealKind::Stacks, DealKind::Simple] {
            let rules = Rules {
                deal,
                players: 3,
                ..Rules::default()
            };
            let r = round(rules, 16);
            assert_eq!(r.rack(r.seats()[0]).unwrap().len(), 15);
            assert_eq!(r.rack(r.dealer()).unwrap().len(), 14);
            assert_eq!(r.pile_len(), 106 - 43 - 1);
        }
    }

    #[test]
    fn round_refuses_what_the_seat_cannot_do() {
        let mut r = round(Rules::default(), 17);
        let a = r.seats()[0];
        let b = r.seats()[1];
        let foreign = r.rack(b).unwrap().tiles().next().unwrap();
        assert_eq!(
            r.apply(a, Action::Discard(foreign)),
            Err(RuleError::NotInRack(foreign))
        );
        assert_eq!(
            r.apply(a, Action::Finish(foreign)),
            Err(RuleError::NotInRack(foreign))
        );
        assert_eq!(
            r.apply(Seat(9), Action::Draw),
            Err(RuleError::NotPlaying(Seat(9)))
        );
        assert_eq!(
            r.apply(
                a,
                Action::Move {
                    from: Slot(40),
                    to: Slot(0)
                }
            ),
            Err(RuleError::NoSuchSlot(40))
        );
        assert_eq!(
            r.apply(a, Action::NextRound),
            Err(RuleError::NotARoundAction(Action::NextRound))
        );
        assert!(r.legal_actions(Seat(9)).is_empty());
        assert_eq!(r.apply(a, Action::EndRound), Err(RuleError::MustDiscard));
    }
}
