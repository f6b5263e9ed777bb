//! The turn (R14, R15, R17, R22): draw or take the previous discard, then discard; or, when
//! the pile is empty, end the round.

use super::{Phase, Round};
use crate::error::{RuleError, TurnError};
use crate::event::{Event, RoundEnd};
use crate::rules::Seat;
use crate::scoring::ChargeReason;
use crate::tile::Tile;

impl Round {
    fn must_draw(&self) -> Result<(), RuleError> {
        match self.phase {
            Phase::Draw => Ok(()),
            Phase::Discard => Err(RuleError::MustDiscard),
        }
    }

    /// The seat at `pos`, once it may throw `tile`: it has drawn and holds the tile (R14).
    /// A discard and a finish both begin here.
    pub(super) fn thrower(&self, pos: usize, tile: Tile) -> Result<Seat, RuleError> {
        if self.phase == Phase::Draw {
            return Err(RuleError::MustDraw);
        }
        if !self.racks[pos].contains(tile) {
            return Err(RuleError::NotInRack(tile));
        }
        Ok(self.seats[pos])
    }

    /// Puts a drawn or taken tile on the rack of `pos`, which must now discard; its
    /// gösterge window has closed (R19).
    fn receive(&mut self, pos: usize, tile: Tile) {
        self.racks[pos].put(tile);
        self.opened[pos] = true;
        self.phase = Phase::Discard;
    }

    pub(super) fn draw(&mut self, pos: usize) -> Result<Vec<Event>, RuleError> {
        self.must_draw()?;
        let tile = self.pile.pop().ok_or(RuleError::PileEmpty)?;
        self.receive(pos, tile);
        Ok(vec![Event::Drew {
            seat: self.seats[pos],
        }])
    }

    pub(super) fn take_discard(&mut self, pos: usize) -> Result<Vec<Event>, RuleError> {
        self.must_draw()?;
        let prev = self.prev(pos);
        let tile = self.discards[prev].pop().ok_or(TurnError::NoDiscard)?;
        self.receive(pos, tile);
        Ok(vec![Event::TookDiscard {
            seat: self.seats[pos],
            tile,
        }])
    }

    pub(super) fn end_round(&mut self, pos: usize) -> Result<Vec<Event>, RuleError> {
        self.must_draw()?;
        if !self.pile.is_empty() {
            return Err(RuleError::PileNotEmpty);
        }
        let end = RoundEnd::NoTilesLeft {
            seat: self.seats[pos],
        };
        self.end = Some(end.clone());
        Ok(vec![Event::RoundEnded(end)])
    }

    pub(super) fn discard(&mut self, pos: usize, tile: Tile) -> Result<Vec<Event>, RuleError> {
        let seat = self.thrower(pos, tile)?;
        self.racks[pos].take(tile);
        self.discards[pos].push(tile);
        self.opened[pos] = true;
        self.turn = (pos + 1) % self.seats.len();
        self.phase = Phase::Draw;
        let mut events = vec![Event::Discarded { seat, tile }];
        if self.rules.okey_discard_penalty && self.is_okey(tile) {
            events.push(Round::penalty(seat, ChargeReason::OkeyDiscard));
        }
        Ok(events)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::round::rig::{rig, round, tile_of, WIN};
    use crate::rules::Rules;
    use crate::scoring::{Charge, Payer};

    #[test]
    fn r14_starter_discards_without_drawing() {
        let mut r = round(Rules::default(), 1);
        let starter = r.seats()[0];
        assert_eq!(r.turn(), Some(starter));
        assert_eq!(r.apply(starter, Action::Draw), Err(RuleError::MustDiscard));
        let legal = r.legal_actions(starter);
        assert!(!legal.contains(&Action::Draw) && !legal.contains(&Action::TakeDiscard));
        let tile = r.rack(starter).unwrap().tiles().next().unwrap();
        r.apply(starter, Action::Discard(tile)).unwrap();
        let next = r.seats()[1];
        assert_eq!(r.turn(), Some(next));
        let any = r.rack(next).unwrap().tiles().next().unwrap();
        assert_eq!(
            r.apply(next, Action::Discard(any)),
            Err(RuleError::MustDraw)
        );
        assert_eq!(
            r.apply(starter, Action::Draw),
            Err(TurnError::NotYourTurn.into())
        );
        r.apply(next, Action::TakeDiscard).unwrap();
        assert!(r.rack(next).unwrap().contains(tile));
        assert_eq!(r.rack(next).unwrap().len(), 15);
    }

    #[test]
    fn r14_draws_go_to_the_first_empty_slot() {
        let mut r = round(Rules::default(), 2);
        let starter = r.seats()[0];
        let first = r.rack(starter).unwrap().slots()[0].unwrap();
        r.apply(starter, Action::Discard(first)).unwrap();
        let next = r.seats()[1];
        let top = r.pile().next().unwrap();
        r.apply(next, Action::Draw).unwrap();
        assert_eq!(r.rack(next).unwrap().slots()[14], Some(top));
    }

    #[test]
    fn r15_only_the_previous_discard_can_be_taken() {
        let mut r = round(Rules::default(), 3);
        let [a, b, c, _] = [r.seats()[0], r.seats()[1], r.seats()[2], r.seats()[3]];
        let ta = r.rack(a).unwrap().tiles().next().unwrap();
        r.apply(a, Action::Discard(ta)).unwrap();
        r.apply(b, Action::Draw).unwrap();
        let tb = r.rack(b).unwrap().tiles().next().unwrap();
        r.apply(b, Action::Discard(tb)).unwrap();
        r.apply(c, Action::TakeDiscard).unwrap();
        assert!(r.rack(c).unwrap().contains(tb));
        assert_eq!(r.discards(a), &[ta]);
        assert_eq!(r.previous(c), Some(b));
        assert_eq!(r.previous(a), Some(r.dealer()));
    }

    #[test]
    fn r17_empty_pile_ends_round_without_score() {
        let mut r = round(Rules::default(), 5);
        let starter = r.seats()[0];
        let t = r.rack(starter).unwrap().tiles().next().unwrap();
        r.apply(starter, Action::Discard(t)).unwrap();
        let next = r.seats()[1];
        assert_eq!(
            r.apply(next, Action::EndRound),
            Err(RuleError::PileNotEmpty)
        );
        r.pile.clear();
        assert_eq!(r.apply(next, Action::Draw), Err(RuleError::PileEmpty));
        assert_eq!(
            r.legal_actions(next),
            vec![Action::TakeDiscard, Action::EndRound]
        );
        let events = r.apply(next, Action::EndRound).unwrap();
        assert_eq!(
            events,
            vec![Event::RoundEnded(RoundEnd::NoTilesLeft { seat: next })]
        );
        assert!(!events.iter().any(|e| matches!(e, Event::Charged(_))));
        assert_eq!(r.turn(), None);
        assert_eq!(
            r.apply(next, Action::TakeDiscard),
            Err(TurnError::RoundOver.into())
        );
    }

    #[test]
    fn r17_empty_pile_still_allows_taking_the_discard() {
        let mut r = round(Rules::default(), 6);
        let starter = r.seats()[0];
        let t = r.rack(starter).unwrap().tiles().next().unwrap();
        r.apply(starter, Action::Discard(t)).unwrap();
        r.pile.clear();
        r.apply(r.seats()[1], Action::TakeDiscard).unwrap();
        assert_eq!(r.phase(), Some(Phase::Discard));
    }

    #[test]
    fn r22_okey_discard_in_play_costs_2() {
        let rules = Rules {
            okey_discard_penalty: true,
            ..Rules::default()
        };
        let mut r = round(rules, 14);
        rig(&mut r, "K2", WIN);
        let a = r.seats()[0];
        let events = r.apply(a, Action::Discard(tile_of(&r, a, "K3"))).unwrap();
        assert!(events.contains(&Event::Charged(Charge {
            payer: Payer::Seat(a),
            points: 2,
            reason: ChargeReason::OkeyDiscard
        })));
        let mut r = round(Rules::default(), 14);
        rig(&mut r, "K2", WIN);
        let events = r.apply(a, Action::Discard(tile_of(&r, a, "K3"))).unwrap();
        assert_eq!(events.len(), 1);
    }
}
