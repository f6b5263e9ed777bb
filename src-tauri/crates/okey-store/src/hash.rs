//! A hash of a match's whole state, stored after every action so that a resumed match can be
//! checked against what was saved.
//!
//! The hash is built from the engine's public accessors in a fixed order with FNV-1a, not from
//! the engine's serde form or std's hasher: both may change between versions, and a stored
//! hash must mean the same thing for as long as the save exists.

use okey_core::r101::{Cause, EndKind, Match101, Shape, Status};
use okey_core::{Match, Phase, RoundEnd, Tile};

/// FNV-1a, 64 bits.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn num(&mut self, n: u64) {
        self.bytes(&n.to_le_bytes());
    }

    /// A tile, or 255 for none.
    fn tile(&mut self, t: Option<Tile>) {
        self.bytes(&[t.map_or(255, Tile::id)]);
    }
}

/// The hash of everything that decides how a match goes on: log length, scores, who is in,
/// winners, and of the round its number, seats, turn, phase, every rack slot by slot (the
/// layout counts), every discard stack, the pile in order, the centre, the gösterge and the end.
pub fn state_hash(m: &Match) -> u64 {
    let mut h = Fnv::new();
    h.num(m.log().len() as u64);
    for &s in m.scores() {
        h.num(i64::from(s) as u64);
    }
    for seat in m.rules().seats() {
        h.bytes(&[u8::from(m.in_match(seat))]);
    }
    match m.winners() {
        Some(w) => {
            h.num(w.len() as u64);
            for s in w {
                h.bytes(&[s.0]);
            }
        }
        None => h.num(u64::MAX),
    }
    let r = m.round();
    h.num(u64::from(r.number()));
    for s in r.seats() {
        h.bytes(&[s.0]);
    }
    h.bytes(&[r.turn().map_or(255, |s| s.0)]);
    h.bytes(&[match r.phase() {
        None => 0,
        Some(Phase::Draw) => 1,
        Some(Phase::Discard) => 2,
    }]);
    for seat in m.rules().seats() {
        match r.rack(seat) {
            Some(rack) => rack.slots().iter().for_each(|&t| h.tile(t)),
            None => h.bytes(&[254]),
        }
        h.num(r.discards(seat).len() as u64);
        r.discards(seat).iter().for_each(|&t| h.tile(Some(t)));
    }
    h.num(r.pile_len() as u64);
    r.pile().for_each(|t| h.tile(Some(t)));
    h.tile(Some(r.indicator()));
    h.tile(r.centre());
    match r.gosterge() {
        Some((s, t)) => {
            h.bytes(&[s.0]);
            h.tile(Some(t));
        }
        None => h.bytes(&[255]),
    }
    match r.end() {
        None => h.bytes(&[0]),
        Some(RoundEnd::NoTilesLeft { seat }) => h.bytes(&[1, seat.0]),
        Some(RoundEnd::Finished {
            seat,
            discard,
            points,
            ..
        }) => {
            h.bytes(&[2, seat.0, discard.id()]);
            h.num(i64::from(*points) as u64);
        }
    }
    h.0
}

/// The hash of everything that decides how a 101 match goes on, from [`Match101`]'s public
/// accessors in a fixed order: log length, totals, counted rounds, deals ended, winners, and
/// of the round its starter, indicator, pile in order, every hand, stack, status and penalty,
/// the table melds (ids, owners, shapes, tiles and what each plays as), the turn and its
/// state, and the end with every score line.
pub fn state_hash101(m: &Match101) -> u64 {
    let mut h = Fnv::new();
    h.num(m.log().len() as u64);
    h.num(m.totals().len() as u64);
    for &t in m.totals() {
        h.num(i64::from(t) as u64);
    }
    h.bytes(&[m.rounds_played()]);
    h.num(m.results().len() as u64);
    match m.winners() {
        Some(w) => {
            h.num(w.len() as u64);
            w.iter().for_each(|s| h.bytes(&[s.0]));
        }
        None => h.num(u64::MAX),
    }
    let r = m.round();
    h.bytes(&[r.starter().0]);
    h.tile(Some(r.indicator()));
    h.num(r.pile_len() as u64);
    r.pile().for_each(|t| h.tile(Some(t)));
    for seat in m.rules().seats() {
        for part in [r.hand(seat), r.stack(seat)] {
            h.num(part.len() as u64);
            part.iter().for_each(|&t| h.tile(Some(t)));
        }
        h.status(r.status(seat));
        h.num(r.penalties(seat).len() as u64);
        for p in r.penalties(seat) {
            h.cause(&p.cause);
            h.num(u64::from(p.turn));
        }
    }
    h.num(r.table().len() as u64);
    for meld in r.table() {
        h.num(u64::from(meld.id.0));
        // By name, not by the enum's order, which an engine refactor may change.
        let shape = match meld.shape {
            Shape::Set => 0,
            Shape::Run => 1,
            Shape::Pair => 2,
        };
        h.bytes(&[meld.owner.0, shape]);
        h.num(meld.tiles.len() as u64);
        for p in &meld.tiles {
            h.tile(Some(p.tile));
            h.num(p.as_face.index() as u64);
        }
    }
    h.bytes(&[r.turn().map_or(255, |s| s.0), u8::from(r.has_taken())]);
    h.tile(r.pending());
    match r.last_layoff() {
        Some((id, t)) => {
            h.num(u64::from(id.0));
            h.tile(Some(t));
        }
        None => h.num(u64::MAX),
    }
    h.bytes(&[u8::from(r.last_chance())]);
    h.num(u64::from(r.turns()));
    match r.end() {
        None => h.bytes(&[0]),
        Some(end) => {
            match end.kind {
                EndKind::Finished(f) => h.bytes(&[
                    1,
                    f.seat.0,
                    u8::from(f.okey),
                    u8::from(f.pairs),
                    u8::from(f.elden),
                ]),
                EndKind::Exhausted => h.bytes(&[2]),
                EndKind::Void => h.bytes(&[3]),
            }
            h.num(i64::from(end.multiplier) as u64);
            for line in &end.lines {
                h.bytes(&[line.seat.0, u8::from(line.wiped), line.okeys]);
                h.num(u64::from(line.hand_value));
                for n in [line.hand_score, line.penalties, line.total] {
                    h.num(i64::from(n) as u64);
                }
                h.num(line.left.len() as u64);
                line.left.iter().for_each(|&t| h.tile(Some(t)));
            }
        }
    }
    h.0
}

impl Fnv {
    fn status(&mut self, status: Status) {
        match status {
            Status::Unopened { declared } => self.bytes(&[0, u8::from(declared)]),
            Status::Series { value } => {
                self.bytes(&[1]);
                self.num(u64::from(value));
            }
            Status::Pairs { pairs } => self.bytes(&[2, pairs]),
        }
    }

    fn cause(&mut self, cause: &Cause) {
        match cause {
            Cause::TakeReturn => self.bytes(&[0]),
            Cause::OkeyDiscard => self.bytes(&[1]),
            Cause::PlayableDiscard => self.bytes(&[2]),
            Cause::TableError(code) => {
                self.bytes(&[3]);
                self.num(code.len() as u64);
                self.bytes(code.as_bytes());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use okey_core::{Action, Rules, Seat, Slot};

    fn first_legal(m: &Match) -> (Seat, Action) {
        let seat = m.round().turn().unwrap();
        (seat, m.legal_actions(seat)[0])
    }

    /// Under a strict rack (R11) the layout decides whether a finish counts, so a resumed
    /// match must have the same layout: the hash covers it.
    #[test]
    fn r11_state_hash_covers_every_action_and_the_rack_layout() {
        let rules = Rules {
            strict_rack: true,
            ..Rules::default()
        };
        let mut m = Match::new(rules, 7).unwrap();
        let start = state_hash(&m);
        assert_eq!(start, state_hash(&Match::new(rules, 7).unwrap()));
        assert_ne!(start, state_hash(&Match::new(rules, 8).unwrap()));
        let (seat, action) = first_legal(&m);
        m.apply(seat, action).unwrap();
        let after = state_hash(&m);
        assert_ne!(start, after);
        // A rack move alone changes the hash: the layout is part of the state.
        let slots = m.round().rack(seat).unwrap().slots().to_vec();
        let from = slots.iter().position(Option::is_some).unwrap();
        let to = slots.iter().position(Option::is_none).unwrap();
        let (from, to) = (Slot(from as u8), Slot(to as u8));
        m.apply(seat, Action::Move { from, to }).unwrap();
        assert_ne!(after, state_hash(&m));
        assert_eq!(m.tile_census(), Ok(()));
    }
}
