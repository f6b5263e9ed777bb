//! The sets and runs that hold the most tiles of a hand that does not win, okeys included:
//! the groups the assistant shows and the "Best" sort lays out.

use super::counts::Counts;
use super::melds::{around, Builder, Shape};
use super::win::{attach_wilds, place, Arranger, Found, Group};
use crate::meld::MeldKind;
use crate::tile::{Joker, Kind};

/// Nodes searched at most: a bound on any input, far above what a rack of 22 tiles needs.
const NODE_BUDGET: u32 = 200_000;

/// Groups of sets and runs holding the most tiles of `hand` (okeys count), each tile in at
/// most one; okeys no group needed join groups with room. Tiles left out are in no group.
pub fn most_in_melds(hand: &[Kind], joker: Joker) -> Vec<Group> {
    let c = Counts::of(hand, joker);
    let mut most = Most {
        left: c.plain.iter().map(|&n| u32::from(n)).sum(),
        arranger: Arranger::new(c),
        best: Found::new(),
        best_covered: 0,
        covered: 0,
        nodes: 0,
    };
    most.next(0);
    let mut best = most.best;
    let wilds_used: u8 = best
        .iter()
        .flat_map(|(_, slots)| slots)
        .filter(|s| s.is_wild())
        .count() as u8;
    // Whether every okey found room or not, the groups stay valid.
    let _ = attach_wilds(c.wilds.saturating_sub(wilds_used), &mut best);
    place(hand, joker, best)
}

/// A branch and bound over the lowest plain tile: in a set or run, or left out.
struct Most {
    arranger: Arranger,
    best: Found,
    best_covered: u32,
    covered: u32,
    /// Plain tiles not yet placed or left out.
    left: u32,
    nodes: u32,
}

impl Most {
    /// Searches on from face `from`; true once the node budget is spent.
    fn next(&mut self, from: usize) -> bool {
        self.nodes += 1;
        if self.nodes > NODE_BUDGET {
            return true;
        }
        if self.covered > self.best_covered {
            self.best_covered = self.covered;
            self.best = self.arranger.found.clone();
        }
        if self.covered + self.left + u32::from(self.arranger.c.wilds) <= self.best_covered {
            return false;
        }
        let plain = &self.arranger.c.plain;
        let Some(i) = (from..plain.len()).find(|&i| plain[i] > 0) else {
            return false;
        };
        self.arranger.c.plain[i] -= 1;
        self.left -= 1;
        // In a meld, or left out.
        let spent = around(self, i) || self.next(i);
        self.arranger.c.plain[i] += 1;
        self.left += 1;
        spent
    }
}

impl Builder for Most {
    fn fill(&mut self, f: usize) -> Option<bool> {
        let plain = self.arranger.fill(f)?;
        self.covered += 1;
        self.left -= u32::from(plain);
        Some(plain)
    }

    fn unfill(&mut self, f: usize, plain: bool) {
        self.arranger.unfill(f, plain);
        self.covered -= 1;
        self.left += u32::from(plain);
    }

    fn own(&mut self, i: usize, kind: MeldKind) -> bool {
        let owned = self.arranger.own(i, kind);
        self.covered += u32::from(owned);
        owned
    }

    fn unown(&mut self, i: usize) {
        self.arranger.unown(i);
        self.covered -= 1;
    }

    fn built(&mut self, i: usize, shape: Shape) -> bool {
        let slots = self.arranger.last_built(shape.len());
        self.arranger.found.push((shape.kind(), slots));
        let spent = self.next(i);
        self.arranger.found.pop();
        spent
    }

    fn most_below(&self) -> u8 {
        self.arranger.c.wilds
    }
}
