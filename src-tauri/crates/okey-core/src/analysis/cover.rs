//! Whether a hand splits exactly into sets and runs (R8), with at most one tile left out:
//! the win check of 14 tiles and of 15 (R10), without the distance search's bookkeeping.
//!
//! The search takes the lowest plain tile left (colour by colour, 1 to 13) and builds every
//! set or run it can be in, or, while a tile may still stay out, leaves it out. A position is
//! filled with the hand's own tile of its face when there is one and with an okey otherwise:
//! an okey where a plain tile of the same face was free can always swap places with it. The
//! lowest tile of a colour can only have okeys below it in a run, except a 1 laid after 13.

use super::counts::Counts;
use super::search::face;
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
/// between: no other colour of their number, nothing of their colour within two numbers
/// (13 and 12 count as below a 1, which may follow 13).
fn lonely(c: &Counts) -> u8 {
    let has = |colour: usize, number: i8| -> bool {
        let n = match number {
            14 => 1,
            15 => 2,
            0 => 13,
            -1 => 12,
            n => n,
        };
        (1..=13).contains(&n) && c.plain[colour * 13 + n as usize - 1] > 0
    };
    let mut lonely = 0;
    for (f, &n) in c.plain.iter().enumerate() {
        if n == 0 {
            continue;
        }
        let (colour, number) = (f / 13, (f % 13) as i8 + 1);
        let set = (0..4).any(|o| o != colour && has(o, number));
        // A 2 does not reach back to 13 (13-1-2 is not a run), nor a 13 on to 2.
        let run = [-2i8, -1, 1, 2].iter().any(|&d| {
            let m = number + d;
            has(colour, m) && !(number == 2 && m == 0) && !(number == 13 && m == 15)
        });
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

/// Positions filled by one step, to give back afterwards: (face, whether a plain tile).
#[derive(Default)]
struct Filled {
    items: [(u8, bool); 13],
    len: usize,
}

impl Cover {
    fn next(&mut self, from: usize) -> bool {
        let Some(i) = (from..Face::COUNT).find(|&i| self.plain[i] > 0) else {
            // Okeys left over go out only while a tile may: in groups they were placed.
            return self.wilds == self.out;
        };
        self.plain[i] -= 1;
        let (colour, number) = (i / 13, (i % 13) as u8 + 1);
        let found = self.sets(i, colour, number) || self.runs(i, colour, number) || {
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

    /// Fills a position of face `f`: the hand's tile, else an okey. Returns what it used
    /// (true for a plain tile), or None when neither is left.
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

    /// Fills every face in turn, recording each in `filled`; false as soon as one cannot be.
    #[inline]
    fn fill_all(&mut self, faces: impl Iterator<Item = usize>, filled: &mut Filled) -> bool {
        for f in faces {
            let Some(plain) = self.fill(f) else {
                return false;
            };
            filled.items[filled.len] = (f as u8, plain);
            filled.len += 1;
        }
        true
    }

    fn unfill_all(&mut self, filled: &Filled) {
        for &(f, plain) in filled.items[..filled.len].iter().rev() {
            if plain {
                self.plain[f as usize] += 1;
            } else {
                self.wilds += 1;
            }
        }
    }

    fn sets(&mut self, i: usize, colour: usize, number: u8) -> bool {
        let others: [usize; 3] = match colour {
            0 => [1, 2, 3],
            1 => [0, 2, 3],
            2 => [0, 1, 3],
            _ => [0, 1, 2],
        };
        // Two of the three other colours, or all three.
        for mask in [0b011u8, 0b101, 0b110, 0b111] {
            let mut filled = Filled::default();
            let chosen = others
                .iter()
                .enumerate()
                .filter(|&(bit, _)| mask & (1 << bit) != 0)
                .map(|(_, &o)| face(o, number));
            let found = self.fill_all(chosen, &mut filled) && self.next(i);
            self.unfill_all(&filled);
            if found {
                return true;
            }
        }
        false
    }

    fn runs(&mut self, i: usize, colour: usize, number: u8) -> bool {
        // Only okeys can stand below the lowest tile of its colour.
        for below in 0..=self.wilds.min(number - 1) {
            self.wilds -= below;
            let found = self.runs_from(i, colour, number - below, number);
            self.wilds += below;
            if found {
                return true;
            }
        }
        // A 1 laid after 13 ends its run; any tiles may stand below it.
        number == 1
            && (2..=12)
                .rev()
                .any(|start| self.runs_from(i, colour, start, 14))
    }

    /// Every run from `start` with the tile at `i` (already taken) at position `pos`; the
    /// positions below `pos` down to `start` are filled here unless they are okeys already
    /// counted by the caller (`pos` is then the tile's own number).
    fn runs_from(&mut self, i: usize, colour: usize, start: u8, pos: u8) -> bool {
        let mut filled = Filled::default();
        let below = if pos == 14 { start..pos } else { pos..pos };
        let mut found = false;
        if self.fill_all(below.map(|p| face(colour, p)), &mut filled) {
            let max_end = (start + 12).min(14);
            let mut end = pos;
            loop {
                if end + 1 - start >= 3 && self.next(i) {
                    found = true;
                    break;
                }
                if end == max_end
                    || !self.fill_all(std::iter::once(face(colour, end + 1)), &mut filled)
                {
                    break;
                }
                end += 1;
            }
        }
        self.unfill_all(&filled);
        found
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
