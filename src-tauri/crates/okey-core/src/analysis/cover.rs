//! Whether a hand splits exactly into sets and runs (R8), with at most one tile left out:
//! the win check of 14 tiles and of 15 (R10), without the distance search's bookkeeping.
//!
//! The search takes the lowest plain tile left and builds every set or run it can be in
//! (`melds::around`), or, while a tile may still stay out, leaves it out. Before each step
//! it looks for tiles that no meld of the tiles left can hold ([`lone`]): more of them than
//! may stay out ends the way at once, and one that may is the tile left out. The sets holding
//! more of the hand's tiles and the longer runs come first, so a hand that finishes mostly
//! finds its split on the first way tried.

use super::counts::{Counts, Held};
use super::melds::{around, Builder, Shape};
use crate::lone::lone;
use crate::meld::MeldKind;
use crate::tile::Face;

/// Whether the tiles of `c` split into sets and runs using every okey, leaving out exactly
/// `out` tiles (0 or 1) of any kind.
pub(crate) fn covers(c: &Counts, out: u8) -> bool {
    covers_held(&Held::of(c), &|| *c, out)
}

/// [`covers`] of the hand `held`, its counts made by `counts` only when the quick refusals
/// let the hand through.
pub(crate) fn covers_held(held: &Held, counts: &dyn Fn() -> Counts, out: u8) -> bool {
    if out > 1 {
        return false;
    }
    // A tile no set or run can hold can only stay out; a quick way to refuse most random
    // hands before their counts are made. With two okeys any tile makes a set.
    if held.wilds < 2 && stranded(held.once, held.twice, held.wilds).tiles > u32::from(out) {
        return false;
    }
    let c = counts();
    let mut cover = Cover {
        plain: c.plain,
        wilds: c.wilds,
        out,
        once: held.once,
        twice: held.twice,
    };
    cover.next()
}

/// The tiles of a hand that no set or run of its tiles can hold ([`stranded`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stranded {
    /// Their faces, a bit per face index.
    faces: u64,
    /// How many tiles, both copies of a face counted.
    tiles: u32,
}

/// Tiles that no set or run of the hand's tiles can hold, the okeys filling gaps
/// ([`lone`]): a win leaves them out.
#[inline]
fn stranded(once: u64, twice: u64, wilds: u8) -> Stranded {
    let faces = lone(once, wilds, true);
    Stranded {
        faces,
        tiles: faces.count_ones() + (twice & faces).count_ones(),
    }
}

struct Cover {
    plain: [u8; Face::COUNT],
    wilds: u8,
    /// Tiles that may still stay out.
    out: u8,
    /// The faces held, a bit per index, and those held twice.
    once: u64,
    twice: u64,
}

impl Cover {
    fn next(&mut self) -> bool {
        // Tiles left that no meld can hold must stay out: checked again after every meld
        // built, it cuts most ways that cannot finish long before their last tile.
        if self.wilds < 2 {
            let lost = stranded(self.once, self.twice, self.wilds);
            if lost.tiles > 0 {
                if lost.tiles > u32::from(self.out) {
                    return false;
                }
                let f = lost.faces.trailing_zeros() as usize;
                self.take(f);
                self.out = 0;
                let found = self.next();
                self.out = 1;
                self.put(f);
                return found;
            }
        }
        if self.once == 0 {
            // Okeys left over go out only while a tile may: in groups they were placed.
            return self.wilds == self.out;
        }
        let i = self.once.trailing_zeros() as usize;
        self.take(i);
        let found = around(self, i) || {
            self.out == 1 && {
                self.out = 0;
                let found = self.next();
                self.out = 1;
                found
            }
        };
        self.put(i);
        found
    }

    /// Takes a plain tile of face `f` (held) from the hand, its bits following its count.
    #[inline]
    fn take(&mut self, f: usize) {
        self.plain[f] -= 1;
        let n = self.plain[f];
        self.twice &= !(u64::from(n < 2) << f);
        self.once &= !(u64::from(n < 1) << f);
    }

    /// Gives back what [`Cover::take`] took.
    #[inline]
    fn put(&mut self, f: usize) {
        self.plain[f] += 1;
        let n = self.plain[f];
        self.twice |= u64::from(n > 1) << f;
        self.once |= 1 << f;
    }
}

/// A position is filled with the hand's own tile of its face when there is one and with an
/// okey otherwise: an okey where a plain tile of the same face was free can always swap
/// places with it.
impl Builder for Cover {
    #[inline]
    fn fill(&mut self, f: usize) -> Option<bool> {
        if self.plain[f] > 0 {
            self.take(f);
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
            self.put(f);
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
    fn built(&mut self, _: usize, _: Shape) -> bool {
        self.next()
    }

    #[inline]
    fn most_below(&self) -> u8 {
        self.wilds
    }

    #[inline]
    fn longest_first(&self) -> bool {
        true
    }

    #[inline]
    fn holds(&self, f: usize) -> bool {
        self.once >> f & 1 != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::written;

    fn stranded_in(c: &Counts) -> Stranded {
        let held = Held::of(c);
        stranded(held.once, held.twice, held.wilds)
    }

    fn counts(tiles: &str) -> Counts {
        // Indicator K9: the okey is K10, no tile below plays as one.
        let (joker, kinds) = written("K9", tiles);
        Counts::of(&kinds, joker)
    }

    #[test]
    fn r07_a_1_after_13_ends_a_run_and_nothing_follows_it() {
        // 12-13-1 is a run: none of the three is stranded; 13-1-2 is none, so all are.
        assert_eq!(stranded_in(&counts("R12 R13 R1")).tiles, 0);
        assert_eq!(stranded_in(&counts("R13 R1 R2")).tiles, 3);
        // The okey (K10) fills one gap: 12-okey-1 is a run; 13 and 2 would need two.
        assert_eq!(stranded_in(&counts("R12 R1 K10")).tiles, 0);
        assert_eq!(stranded_in(&counts("R13 R2 K10")).tiles, 2);
        assert_eq!(stranded_in(&counts("R11 R1 K10")).tiles, 2);
    }

    #[test]
    fn r06_a_set_needs_two_other_colours_of_the_number() {
        assert_eq!(stranded_in(&counts("R5 Y5 B9")).tiles, 3);
        assert_eq!(stranded_in(&counts("R5 Y5 B5 B9")).tiles, 1);
        assert_eq!(
            stranded_in(&counts("R5 Y5 B9 K10")).tiles,
            1,
            "the okey makes R5 Y5 a set"
        );
    }

    #[test]
    fn r10_one_tile_may_stay_out_and_no_more() {
        let win = "R1 R2 R3 Y7 B7 K7 B9 B10 B11 B12 R5 Y5 B5 K5";
        assert!(covers(&counts(win), 0));
        assert!(covers(&counts(&format!("{win} Y13")), 1));
        assert!(!covers(&counts(&format!("{win} Y13")), 0));
        assert!(!covers(&counts(&format!("{win} Y13 R13")), 1));
        // The Y13 no meld can hold is the one left out; a K6 fits a run (K5 K6 K7) but no win.
        assert_eq!(
            stranded_in(&counts(&format!("{win} Y13")))
                .faces
                .count_ones(),
            1
        );
        assert!(covers(&counts(&format!("{win} K6")), 1));
        assert!(!covers(&counts(&format!("{win} K6 Y13")), 1));
    }
}
