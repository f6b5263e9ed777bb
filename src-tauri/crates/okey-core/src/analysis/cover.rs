//! Whether a hand splits exactly into sets and runs (R8), with at most one tile left out:
//! the win check of 14 tiles and of 15 (R10), without the distance search's bookkeeping.
//!
//! The search takes the lowest plain tile left and builds every set or run it can be in
//! (`melds::around`), or, while a tile may still stay out, leaves it out.

use super::counts::Counts;
use super::melds::{around, Builder};
use crate::line::{bits, near_bits, HIGH_ONE};
use crate::meld::MeldKind;
use crate::tile::Face;

/// Whether the tiles of `c` split into sets and runs using every okey, leaving out exactly
/// `out` tiles (0 or 1) of any kind.
pub(crate) fn covers(c: &Counts, out: u8) -> bool {
    if out > 1 {
        return false;
    }
    // A tile with no neighbour can only stay out; a quick way to refuse most random hands.
    if c.wilds < 2 && lonely(c) > out {
        return false;
    }
    let mut cover = Cover {
        plain: c.plain,
        wilds: c.wilds,
        out,
    };
    cover.next(0)
}

/// Tiles with no tile of the hand that could share a set or run with them, even with an okey
/// between: no other colour of their number, nothing of their colour one or two steps away
/// on the run line.
fn lonely(c: &Counts) -> u8 {
    // Each colour's positions held on the run line, and how many colours hold each number.
    let mut held = [0u32; 4];
    let mut colours = [0u8; 14];
    for (f, &n) in c.plain.iter().enumerate() {
        if n > 0 {
            let number = (f % 13) as u8 + 1;
            held[f / 13] |= bits(number);
            colours[number as usize] += 1;
        }
    }
    let mut lonely = 0;
    for (f, &n) in c.plain.iter().enumerate() {
        if n == 0 {
            continue;
        }
        let (colour, number) = (f / 13, (f % 13) as u8 + 1);
        let set = colours[number as usize] > 1;
        let run = held[colour] & near_bits(number) != 0
            || (number == 1 && held[colour] & near_bits(HIGH_ONE) != 0);
        if !set && !run {
            lonely += n;
        }
    }
    lonely
}

struct Cover {
    plain: [u8; Face::COUNT],
    wilds: u8,
    /// Tiles that may still stay out.
    out: u8,
}

impl Cover {
    fn next(&mut self, from: usize) -> bool {
        let Some(i) = (from..Face::COUNT).find(|&i| self.plain[i] > 0) else {
            // Okeys left over go out only while a tile may: in groups they were placed.
            return self.wilds == self.out;
        };
        self.plain[i] -= 1;
        let found = around(self, i) || {
            self.out == 1 && {
                self.out = 0;
                let found = self.next(i);
                self.out = 1;
                found
            }
        };
        self.plain[i] += 1;
        found
    }
}

/// A position is filled with the hand's own tile of its face when there is one and with an
/// okey otherwise: an okey where a plain tile of the same face was free can always swap
/// places with it.
impl Builder for Cover {
    #[inline]
    fn fill(&mut self, f: usize) -> Option<bool> {
        if self.plain[f] > 0 {
            self.plain[f] -= 1;
            Some(true)
        } else if self.wilds > 0 {
            self.wilds -= 1;
            Some(false)
        } else {
            None
        }
    }

    #[inline]
    fn unfill(&mut self, f: usize, plain: bool) {
        if plain {
            self.plain[f] += 1;
        } else {
            self.wilds += 1;
        }
    }

    #[inline]
    fn own(&mut self, _: usize, _: MeldKind) -> bool {
        true
    }

    #[inline]
    fn unown(&mut self, _: usize) {}

    #[inline]
    fn built(&mut self, i: usize, _: MeldKind, _: u8) -> bool {
        self.next(i)
    }

    #[inline]
    fn most_below(&self) -> u8 {
        self.wilds
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{parse_indicator, parse_kind};
    use crate::tile::Joker;

    fn counts(tiles: &str) -> Counts {
        // Indicator K9: the okey is K10, no tile below plays as one.
        let joker = Joker::new(parse_indicator("K9").unwrap());
        let kinds: Vec<_> = tiles.split(' ').map(|t| parse_kind(t).unwrap()).collect();
        Counts::of(&kinds, joker)
    }

    #[test]
    fn r07_a_1_reaches_back_to_12_and_13_but_a_2_does_not_reach_13() {
        // 12-13-1 is a run, so neither tile is lonely; 13-1-2 is not, so 13 and 2 are.
        assert_eq!(lonely(&counts("R12 R1")), 0);
        assert_eq!(lonely(&counts("R13 R1")), 0);
        assert_eq!(lonely(&counts("R13 R2")), 2);
        assert_eq!(lonely(&counts("R11 R1")), 2);
        assert_eq!(lonely(&counts("R5 Y5 B9")), 1);
    }

    #[test]
    fn r10_one_tile_may_stay_out_and_no_more() {
        let win = "R1 R2 R3 Y7 B7 K7 B9 B10 B11 B12 R5 Y5 B5 K5";
        assert!(covers(&counts(win), 0));
        assert!(covers(&counts(&format!("{win} Y13")), 1));
        assert!(!covers(&counts(&format!("{win} Y13")), 0));
        assert!(!covers(&counts(&format!("{win} Y13 R13")), 1));
    }
}
