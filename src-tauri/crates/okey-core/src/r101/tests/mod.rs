//! Rule tests of the 101 engine on rigged rounds: the worked examples of RULES-101.md and
//! one test per rule, named after it.

mod play;
mod score;
mod table;

use super::meld::{Laid, MeldId, Placed, Shape, TableMeld};
use super::round::{Round101, Status, TurnState};
use super::rules::Rules101;
use crate::notation::{parse_indicator, parse_kind};
use crate::rules::Seat;
use crate::tile::{Joker, Tile};

/// Players of the worked examples, in seat order.
pub const ALI: Seat = Seat(0);
pub const BANU: Seat = Seat(1);
pub const CEM: Seat = Seat(2);
pub const DERYA: Seat = Seat(3);

/// A round under indicator B4 (okeys: the two B5, written OK here) whose hands are exactly
/// `hands` (notation, "OK" for an okey); all other tiles are in the pile. `to_move` is to
/// take its tile.
pub fn rig(rules: Rules101, hands: &[&str], to_move: Seat) -> Round101 {
    let mut r = Round101::new(rules, Seat(0), 1);
    let mut pool: Vec<Tile> = Tile::all().collect();
    let indicator = take(&mut pool, "B4");
    r.indicator = indicator;
    r.joker = Joker::new(parse_indicator("B4").unwrap());
    r.hands = hands.iter().map(|h| tiles(&mut pool, h)).collect();
    r.pile = pool;
    r.stacks = vec![Vec::new(); hands.len()];
    r.first_turn = false;
    r.begin_turn(to_move);
    r
}

/// Removes a tile of the kind written from `pool` ("OK" is an okey B5).
pub fn take(pool: &mut Vec<Tile>, token: &str) -> Tile {
    let token = if token == "OK" { "B5" } else { token };
    let kind = parse_kind(token).unwrap();
    let at = pool
        .iter()
        .position(|t| t.kind() == kind)
        .unwrap_or_else(|| panic!("no {token} left"));
    pool.remove(at)
}

pub fn tiles(pool: &mut Vec<Tile>, written: &str) -> Vec<Tile> {
    written.split_whitespace().map(|t| take(pool, t)).collect()
}

impl Round101 {
    /// Moves tiles of the kinds written from wherever they are (pile first) into `seat`'s
    /// hand or stack, keeping the 106.
    pub(crate) fn give(&mut self, seat: Seat, written: &str, to_stack: bool) -> Vec<Tile> {
        let mut out = Vec::new();
        for token in written.split_whitespace() {
            let t = take(&mut self.pile, token);
            out.push(t);
            if to_stack {
                self.stacks[seat.index()].push(t);
            } else {
                self.hands[seat.index()].push(t);
            }
        }
        out
    }

    /// Lays a meld of `owner` straight from the pile onto the table, as if laid earlier.
    pub(crate) fn table_meld(&mut self, owner: Seat, shape: Shape, written: &str) -> MeldId {
        let tiles: Vec<Tile> = written
            .split_whitespace()
            .map(|t| take(&mut self.pile, t))
            .collect();
        let kinds: Vec<_> = tiles.iter().map(|t| t.kind()).collect();
        let faces = super::meld::place(shape, &kinds, self.joker).unwrap();
        let id = MeldId(self.next_id);
        self.next_id += 1;
        self.table.push(TableMeld {
            id,
            owner,
            shape,
            tiles: tiles
                .into_iter()
                .zip(faces)
                .map(|(tile, as_face)| Placed { tile, as_face })
                .collect(),
        });
        id
    }

    pub(crate) fn set_status(&mut self, seat: Seat, status: Status) {
        self.status[seat.index()] = status;
        if status.opened() {
            self.openings.push((seat, status));
        }
    }

    /// The seat's hand tiles of the kinds written, in that order.
    pub(crate) fn find(&self, seat: Seat, written: &str) -> Vec<Tile> {
        let mut hand = self.hands[seat.index()].clone();
        tiles(&mut hand, written)
    }

    /// A laid group from the seat's hand.
    pub(crate) fn laid(&self, seat: Seat, shape: Shape, written: &str) -> Laid {
        Laid {
            shape,
            tiles: self.find(seat, written),
        }
    }

    pub(crate) fn turn_state(&self) -> &TurnState {
        &self.turn
    }
}

/// The rule a refusal names.
pub fn rule_of(e: &super::error::Error101) -> &'static str {
    e.rule()
}
