//! The turn's ends: the take (R101-12, R101-13), putting a taken discard back, the pairs
//! declaration (R101-16) and the discard with its penalties and what it ends (R101-24..30).

use super::{Cause, Event101, Round101, Status, TurnState};
use crate::error::TurnError;
use crate::r101::analysis::table::is_playable;
use crate::r101::error::Error101;
use crate::r101::rules::{Exhaustion, TakeReturn};
use crate::r101::scoring::Finish;
use crate::rules::Seat;
use crate::tile::Tile;

impl Round101 {
    pub(super) fn declare(&mut self, seat: Seat) -> Result<Vec<Event101>, Error101> {
        // Declaring after taking the previous discard would open with it as pairs, which a
        // declared player may not do (reading #4 of RULES-101.md).
        let ok = self.rules.pairs_declaration
            && self.turn.took_discard.is_none()
            && !self.first_turn
            && self.status(seat) == Status::Unopened { declared: false };
        if !ok {
            return Err(Error101::CannotDeclare);
        }
        self.status[seat.index()] = Status::Unopened { declared: true };
        Ok(vec![Event101::Declared(seat)])
    }

    /// Draws the top pile tile into the hand; notes when it was the last.
    fn pull(&mut self, seat: Seat) -> Result<(), Error101> {
        let tile = self.pile.pop().ok_or(Error101::PileEmpty)?;
        self.hands[seat.index()].push(tile);
        self.turn.drew_last = self.pile.is_empty();
        Ok(())
    }

    pub(super) fn draw(&mut self, seat: Seat) -> Result<Vec<Event101>, Error101> {
        self.pull(seat)?;
        self.turn.taken = true;
        Ok(vec![Event101::Drew(seat)])
    }

    pub(super) fn take(&mut self, seat: Seat) -> Result<Vec<Event101>, Error101> {
        let from = self.previous(seat);
        let tile = self.offered().ok_or(TurnError::NoDiscard)?;
        // Disagreement #4 of RULES-101.md: a declared player does not take to complete a pair.
        if self.status(seat) == (Status::Unopened { declared: true }) {
            return Err(Error101::DeclaredNoTake);
        }
        self.stacks[from.index()].pop();
        self.hands[seat.index()].push(tile);
        self.turn.taken = true;
        self.turn.pending = Some(tile);
        self.turn.took_discard = Some(tile);
        Ok(vec![Event101::Took(seat, tile)])
    }

    /// Puts the taken discard back on its stack and draws instead (R101-13); with the pile
    /// out (R101-30 one_more_take) the round ends instead of the draw.
    pub(super) fn give_back(&mut self, seat: Seat) -> Result<Vec<Event101>, Error101> {
        let tile = match self.turn.pending {
            Some(t) if !self.turn.table_acted => t,
            _ => return Err(Error101::CannotReturn),
        };
        self.remove_from_hand(seat, tile)?;
        let from = self.previous(seat);
        self.stacks[from.index()].push(tile);
        self.turn.pending = None;
        self.turn.took_discard = None;
        let mut events = vec![Event101::Returned(seat, tile)];
        if self.rules.take_return == TakeReturn::Penalty {
            self.charge(seat, Cause::TakeReturn);
            events.push(Event101::Penalised(seat, Cause::TakeReturn));
        }
        if self.last_chance {
            self.finish(None);
            events.push(Event101::Ended);
            return Ok(events);
        }
        self.pull(seat)?;
        events.push(Event101::Drew(seat));
        Ok(events)
    }

    pub(crate) fn remove_from_hand(&mut self, seat: Seat, tile: Tile) -> Result<(), Error101> {
        let hand = &mut self.hands[seat.index()];
        let at = hand
            .iter()
            .position(|&t| t == tile)
            .ok_or(Error101::NotInHand(tile))?;
        hand.swap_remove(at);
        Ok(())
    }

    pub(super) fn discard(&mut self, seat: Seat, tile: Tile) -> Result<Vec<Event101>, Error101> {
        if let Some(taken) = self.turn.pending {
            return Err(Error101::TakenNotUsed(taken));
        }
        self.remove_from_hand(seat, tile)?;
        let finishing = self.hands[seat.index()].is_empty();
        let mut events = Vec::new();
        if finishing && !self.status(seat).opened() {
            // An unopened hand never shrinks to one tile: it lays nothing (R101-28).
            return Err(Error101::NotOpened);
        }
        if !finishing {
            let cause = self.discard_cost(tile);
            if let Some(cause) = cause {
                self.charge(seat, cause.clone());
                events.push(Event101::Penalised(seat, cause));
            }
        }
        self.stacks[seat.index()].push(tile);
        events.push(Event101::Discarded(seat, tile));
        self.turns += 1;
        if finishing {
            let finish = Finish {
                seat,
                okey: self.joker.is_okey(tile.kind()),
                pairs: matches!(self.status(seat), Status::Pairs { .. }),
                elden: self.turn.opened_now
                    && self.turn.own_only
                    && (self.rules.elden_scope == crate::r101::rules::EldenScope::OnlySelf
                        || !self.turn.others_opened),
            };
            self.finish(Some(finish));
            events.push(Event101::Ended);
            return Ok(events);
        }
        let pile_out = self.pile.is_empty();
        if self.last_chance || (pile_out && self.rules.exhaustion == Exhaustion::LastDiscard) {
            self.finish(None);
            events.push(Event101::Ended);
            return Ok(events);
        }
        self.last_chance = pile_out;
        self.first_turn = false;
        self.begin_turn(Seat((seat.0 + 1) % self.rules.players));
        Ok(events)
    }

    /// What discarding `tile` now would cost, unless it is the finishing discard: an okey
    /// (R101-24) or an işlek tile (R101-25). The app names it before the discard (R101-27).
    pub fn discard_cost(&self, tile: Tile) -> Option<Cause> {
        if self.joker.is_okey(tile.kind()) {
            self.rules
                .okey_discard_penalty
                .then_some(Cause::OkeyDiscard)
        } else {
            let playable = self.rules.playable_discard_penalty
                && is_playable(&self.table, tile.kind(), self.joker, self.rules.okey_swap);
            playable.then_some(Cause::PlayableDiscard)
        }
    }

    pub(crate) fn begin_turn(&mut self, seat: Seat) {
        self.turn_seat = seat;
        self.turn = TurnState {
            own_only: true,
            others_opened: self
                .status
                .iter()
                .enumerate()
                .any(|(i, s)| i != seat.index() && s.opened()),
            ..TurnState::default()
        };
    }
}
