//! What a 101 bot remembers of the round from the views it was shown: every tile it has seen
//! (its hand, the table, the stack tops as they came and went), and the tiles its next player
//! took from its own stack, which tell what that player is building.

use okey_core::r101::SeatView101;
use okey_core::{Kind, Tile};

/// A seat's memory of one round.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Memory101 {
    /// Tile ids seen face up or in the hand this round (bit per id, 106 ids).
    seen: u128,
    /// Kinds the next player took from this seat's stack.
    fed: Vec<Kind>,
    /// Each seat's discards seen land on its stack this round, by seat index.
    discards: Vec<Vec<Kind>>,
    /// The stack tops as last seen, to notice a new discard.
    tops: Vec<Option<Tile>>,
    /// The own stack as last seen, to notice a take from it.
    own_stack: Vec<Tile>,
    /// Rounds played and the pile size when last shown, to notice a new deal.
    round: (u8, usize),
    shown: bool,
}

impl Memory101 {
    /// Takes in one view.
    pub fn observe(&mut self, view: &SeatView101) {
        let round = (view.rounds.0, view.pile);
        // A new deal: another round counted, or the pile grew (a voided round dealt again).
        if self.shown && (round.0 != self.round.0 || round.1 > self.round.1) {
            *self = Memory101::default();
        }
        self.shown = true;
        self.round = round;
        let mine = view
            .players
            .iter()
            .find(|p| p.seat == view.seat)
            .map(|p| p.stack.clone())
            .unwrap_or_default();
        // Only the next player takes from this seat's stack.
        if mine.len() + 1 == self.own_stack.len() && self.own_stack.starts_with(&mine) {
            if let Some(t) = self.own_stack.last() {
                self.fed.push(t.kind());
            }
        }
        self.own_stack = mine;
        let n = view.players.len();
        self.discards.resize(n, Vec::new());
        self.tops.resize(n, None);
        for (i, p) in view.players.iter().enumerate() {
            let top = p.stack.last().copied();
            if top.is_some() && top != self.tops[i] {
                self.discards[i].extend(top.map(|t| t.kind()));
            }
            self.tops[i] = top;
        }
        let tiles = view
            .hand
            .iter()
            .chain(view.players.iter().flat_map(|p| &p.stack))
            .chain(
                view.table
                    .iter()
                    .flat_map(|m| m.tiles.iter().map(|p| &p.tile)),
            )
            .chain(std::iter::once(&view.indicator));
        for t in tiles {
            self.seen |= 1u128 << t.id();
        }
    }

    /// Whether the tile has been seen this round.
    pub fn has_seen(&self, t: Tile) -> bool {
        self.seen >> t.id() & 1 == 1
    }

    /// How many copies of `kind` the seat has not seen (0 to 2).
    pub fn unseen(&self, kind: Kind) -> u8 {
        (0..2)
            .filter_map(|c| Tile::of(kind, c))
            .filter(|&t| !self.has_seen(t))
            .count() as u8
    }

    /// Every tile not seen this round: in other hands or the pile.
    pub fn unseen_tiles(&self) -> Vec<Tile> {
        Tile::all().filter(|&t| !self.has_seen(t)).collect()
    }

    /// The kinds seat `index` has been seen to discard this round.
    pub fn discards_of(&self, index: usize) -> &[Kind] {
        self.discards.get(index).map_or(&[], Vec::as_slice)
    }

    /// Kinds the next player took from this seat.
    pub fn fed(&self) -> &[Kind] {
        &self.fed
    }
}
