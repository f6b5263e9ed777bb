//! Table actions between the take and the discard (R101-14..R101-23).

use super::{Event101, Round101, Status};
use crate::r101::error::Error101;
use crate::r101::meld::{place, value, Laid, MeldId, Placed, Shape, Side, TableMeld};
use crate::r101::rules::{EldenScope, EldenThreshold, LastPairs, PairsLayoffLimit, SeriesPairs};
use crate::rules::Seat;
use crate::tile::{Face, Role, Tile};

impl Round101 {
    /// Checks that every tile of `laid` is in the hand, once, and leaves one to discard.
    fn take_tiles(&self, seat: Seat, laid: &[&Laid]) -> Result<Vec<Tile>, Error101> {
        let hand = &self.hands[seat.index()];
        let mut tiles: Vec<Tile> = Vec::new();
        for t in laid.iter().flat_map(|l| &l.tiles) {
            if !hand.contains(t) {
                return Err(Error101::NotInHand(*t));
            }
            if tiles.contains(t) {
                return Err(Error101::TileTwice(*t));
            }
            tiles.push(*t);
        }
        if tiles.len() >= hand.len() {
            return Err(Error101::HandWouldEmpty);
        }
        Ok(tiles)
    }

    /// Lays `laid` as a new table meld of `seat` and returns its id.
    fn put(&mut self, seat: Seat, laid: &Laid, faces: Vec<Face>) -> Result<MeldId, Error101> {
        for &t in &laid.tiles {
            self.remove_from_hand(seat, t)?;
            if self.turn.pending == Some(t) {
                self.turn.pending = None;
            }
        }
        let id = MeldId(self.next_id);
        self.next_id += 1;
        let tiles = laid
            .tiles
            .iter()
            .zip(faces)
            .map(|(&tile, as_face)| Placed { tile, as_face })
            .collect();
        self.table.push(TableMeld {
            id,
            owner: seat,
            shape: laid.shape,
            tiles,
        });
        Ok(id)
    }

    fn faces(&self, laid: &Laid) -> Result<Vec<Face>, Error101> {
        let kinds: Vec<_> = laid.tiles.iter().map(|t| t.kind()).collect();
        place(laid.shape, &kinds, self.joker).map_err(Error101::Meld)
    }

    pub(super) fn open(&mut self, seat: Seat, melds: &[Laid]) -> Result<Vec<Event101>, Error101> {
        let status = self.status(seat);
        let Status::Unopened { declared } = status else {
            return Err(Error101::AlreadyOpened);
        };
        let pairs = melds.iter().filter(|m| m.shape == Shape::Pair).count();
        if melds.is_empty() || (pairs != 0 && pairs != melds.len()) {
            return Err(Error101::MixedOpening);
        }
        let by_pairs = pairs != 0;
        if self.rules.pairs_declaration && by_pairs != declared {
            return Err(Error101::Declaration);
        }
        let refs: Vec<&Laid> = melds.iter().collect();
        let tiles = self.take_tiles(seat, &refs)?;
        let faces = melds
            .iter()
            .map(|m| self.faces(m))
            .collect::<Result<Vec<_>, _>>()?;
        if let Some(taken) = self.turn.pending {
            if !tiles.contains(&taken) {
                return Err(Error101::TakenNotInOpening(taken));
            }
        }
        let (need_value, need_pairs) = self.needed(seat);
        let opening = if by_pairs {
            let count = u8::try_from(pairs).unwrap_or(u8::MAX);
            if count < need_pairs {
                return Err(Error101::TooFewPairs {
                    pairs: count,
                    needed: need_pairs,
                });
            }
            let others = (0..self.rules.players).filter(|&s| s != seat.0);
            let all_pairs = others
                .clone()
                .all(|s| matches!(self.status(Seat(s)), Status::Pairs { .. }));
            if all_pairs && self.rules.last_pairs == LastPairs::Refused {
                return Err(Error101::LastPairs);
            }
            Status::Pairs { pairs: count }
        } else {
            let total: u16 = faces.iter().map(|f| value(f)).sum();
            let elden_waiver = self.rules.elden_threshold == EldenThreshold::Waived
                && self.hands[seat.index()].len() == tiles.len() + 1
                && (self.rules.elden_scope == EldenScope::OnlySelf || !self.turn.others_opened);
            if total < need_value && !elden_waiver {
                return Err(Error101::OpeningTooLow {
                    value: total,
                    needed: need_value,
                });
            }
            Status::Series { value: total }
        };
        let mut events = Vec::new();
        for (m, f) in melds.iter().zip(faces) {
            let id = self.put(seat, m, f)?;
            events.push(Event101::Laid(seat, id));
        }
        self.status[seat.index()] = opening;
        self.openings.push((seat, opening));
        self.turn.opened_now = true;
        events.insert(0, Event101::Opened(seat, opening));
        let everyone_pairs = self
            .status
            .iter()
            .all(|s| matches!(s, Status::Pairs { .. }));
        if everyone_pairs {
            // R101-18 void_round: nobody could lay off, so nobody could finish.
            self.end = Some(crate::r101::scoring::RoundEnd101::void(self.seat_ends()));
            events.push(Event101::Ended);
        }
        Ok(events)
    }

    /// Table play after the opening: opened, and not in the opening turn unless allowed.
    fn may_play(&self, seat: Seat) -> Result<Status, Error101> {
        let status = self.status(seat);
        if !status.opened() {
            return Err(Error101::NotOpened);
        }
        if self.turn.opened_now && !self.rules.opening_turn_play {
            return Err(Error101::OpeningTurn);
        }
        Ok(status)
    }

    /// Whether `seat` may lay a new meld of `shape` (R101-20).
    pub(crate) fn shape_allowed(&self, seat: Seat, shape: Shape) -> bool {
        match (self.status(seat), shape) {
            (Status::Pairs { .. }, s) => s == Shape::Pair,
            (Status::Series { .. }, Shape::Pair) => {
                self.rules.series_pairs == SeriesPairs::IfPairsOpened
                    && self
                        .status
                        .iter()
                        .any(|s| matches!(s, Status::Pairs { .. }))
            }
            (Status::Series { .. }, _) => true,
            (Status::Unopened { .. }, _) => false,
        }
    }

    pub(super) fn meld(&mut self, seat: Seat, laid: &Laid) -> Result<Vec<Event101>, Error101> {
        self.may_play(seat)?;
        if !self.shape_allowed(seat, laid.shape) {
            return Err(Error101::ShapeNotAllowed(laid.shape));
        }
        self.take_tiles(seat, &[laid])?;
        let faces = self.faces(laid)?;
        let id = self.put(seat, laid, faces)?;
        Ok(vec![Event101::Laid(seat, id)])
    }

    /// Counts one more lay-off or swap against a pairs opener's limit (R101-21).
    fn count_layoff(&mut self, status: Status) -> Result<(), Error101> {
        let limited = matches!(status, Status::Pairs { .. })
            && self.rules.pairs_layoff_limit == PairsLayoffLimit::Two;
        if limited && self.turn.layoffs >= 2 {
            return Err(Error101::LayoffLimit);
        }
        self.turn.layoffs += 1;
        self.turn.own_only = false;
        Ok(())
    }

    fn meld_at(&self, meld: MeldId) -> Result<usize, Error101> {
        self.table
            .iter()
            .position(|m| m.id == meld)
            .ok_or(Error101::NoSuchMeld(meld))
    }

    pub(super) fn lay_off(
        &mut self,
        seat: Seat,
        tile: Tile,
        meld: MeldId,
        side: Option<Side>,
    ) -> Result<Vec<Event101>, Error101> {
        let status = self.may_play(seat)?;
        let at = self.meld_at(meld)?;
        let hand = &self.hands[seat.index()];
        if !hand.contains(&tile) {
            return Err(Error101::NotInHand(tile));
        }
        if hand.len() < 2 {
            return Err(Error101::HandWouldEmpty);
        }
        let (pos, as_face) = self.table[at]
            .lay_off(tile.kind(), side, self.joker)
            .ok_or(Error101::DoesNotFit { tile, meld })?;
        self.count_layoff(status)?;
        self.remove_from_hand(seat, tile)?;
        if self.turn.pending == Some(tile) {
            self.turn.pending = None;
        }
        self.table[at].insert(pos, Placed { tile, as_face }, self.joker);
        self.turn.last_layoff = Some((meld, tile));
        Ok(vec![Event101::LaidOff(seat, tile, meld)])
    }

    pub(super) fn swap(
        &mut self,
        seat: Seat,
        tile: Tile,
        meld: MeldId,
        okey: Tile,
    ) -> Result<Vec<Event101>, Error101> {
        if !self.rules.okey_swap {
            return Err(Error101::SwapOff);
        }
        let status = self.may_play(seat)?;
        let at = self.meld_at(meld)?;
        if !self.hands[seat.index()].contains(&tile) {
            return Err(Error101::NotInHand(tile));
        }
        let misfit = Error101::SwapDoesNotFit { tile, okey, meld };
        let pos = self.table[at]
            .tiles
            .iter()
            .position(|p| p.tile == okey)
            .ok_or(misfit.clone())?;
        let face = self.table[at]
            .swap_fits(pos, tile.kind(), self.joker)
            .ok_or(misfit)?;
        self.count_layoff(status)?;
        self.remove_from_hand(seat, tile)?;
        if self.turn.pending == Some(tile) {
            self.turn.pending = None;
        }
        if let Some(back) = self.table[at].swap(pos, tile, face, self.joker) {
            self.hands[seat.index()].push(back);
        }
        Ok(vec![Event101::Swapped(seat, tile, meld)])
    }

    pub(super) fn take_back(&mut self, seat: Seat, tile: Tile) -> Result<Vec<Event101>, Error101> {
        let Some((meld, last)) = self.turn.last_layoff.filter(|&(_, t)| t == tile) else {
            return Err(Error101::CannotTakeBack);
        };
        let at = self.meld_at(meld)?;
        let m = &self.table[at];
        let pos = m.tiles.iter().position(|p| p.tile == last);
        // A run gives back only a tile still at one of its ends, so it stays a run.
        let pos = match (m.shape, pos) {
            (Shape::Run, Some(p)) if p == 0 || p + 1 == m.tiles.len() => p,
            (Shape::Set, Some(p)) => p,
            _ => return Err(Error101::CannotTakeBack),
        };
        self.table[at].tiles.remove(pos);
        self.table[at].recolour(self.joker);
        self.hands[seat.index()].push(tile);
        self.turn.last_layoff = None;
        self.turn.layoffs = self.turn.layoffs.saturating_sub(1);
        if self.turn.took_discard == Some(tile) {
            self.turn.pending = Some(tile);
        }
        Ok(vec![Event101::TookBack(seat, tile)])
    }

    /// Whether the taken discard can still reach the table this turn (R101-13): a lay-off, a
    /// swap, or a new meld with tiles of the hand. A table action that would leave it stranded
    /// is refused, so a turn can always end.
    pub(crate) fn taken_usable(&self, seat: Seat, taken: Tile) -> bool {
        let Ok(status) = self.may_play(seat) else {
            return false;
        };
        let hand = &self.hands[seat.index()];
        let limited = matches!(status, Status::Pairs { .. })
            && self.rules.pairs_layoff_limit == PairsLayoffLimit::Two
            && self.turn.layoffs >= 2;
        let kind = taken.kind();
        if !limited {
            let sides = [None, Some(Side::Low), Some(Side::High)];
            let lay = hand.len() >= 2
                && self.table.iter().any(|m| {
                    sides
                        .iter()
                        .any(|&s| m.lay_off(kind, s, self.joker).is_some())
                });
            let swap = self.rules.okey_swap
                && self.table.iter().any(|m| {
                    (0..m.tiles.len()).any(|i| m.swap_fits(i, kind, self.joker).is_some())
                });
            if lay || swap {
                return true;
            }
        }
        let others: Vec<Role> = hand
            .iter()
            .filter(|&&t| t != taken)
            .map(|t| self.joker.role(t.kind()))
            .collect();
        let me = self.joker.role(kind);
        let pair = self.shape_allowed(seat, Shape::Pair)
            && hand.len() >= 3
            && others.iter().any(|&r| match (me, r) {
                (Role::Plain(a), Role::Plain(b)) => a == b,
                _ => true,
            });
        let series = self.shape_allowed(seat, Shape::Run)
            && hand.len() >= 4
            && crate::r101::analysis::opening::in_some_meld(me, &others);
        pair || series
    }
}
