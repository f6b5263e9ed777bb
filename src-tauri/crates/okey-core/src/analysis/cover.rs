//! Whether a hand splits exactly into sets and runs (R8), with at most one tile left out:
//! the win check of 14 tiles and of 15 (R10), without the distance search's bookkeeping.
//!
//! The search takes the lowest plain tile left (colour by colour, 1 to 13) and builds every
//! set or run it can be in, or, while a tile may still stay out, leaves it out. A position is
//! filled with the hand's own tile of its face when there is one and with an okey otherwise:
//! an okey where a plain tile of the same face was free can always swap places with it. The
//! lowest tile of a colour can only have okeys below it in a run, except a 1 laid after 13.

use super::counts::Counts;
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

fn face(colour: usize, pos: u8) -> usize {
    // Position 14 is the 1 laid after 13.
    colour * 13 + if pos == 14 { 0 } else { pos as usize - 1 }
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

    fn unfill(&mut self, f: usize, plain: bool) {
        if plain {
            self.plain[f] += 1;
        } else {
            self.wilds += 1;
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
            let mut used = [(0usize, false); 3];
            let mut n = 0;
            let mut ok = true;
            for (bit, &o) in others.iter().enumerate() {
                if mask & (1 << bit) == 0 {
                    continue;
                }
                let f = face(o, number);
                match self.fill(f) {
                    Some(plain) => {
                        used[n] = (f, plain);
                        n += 1;
                    }
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            let found = ok && self.next(i);
            for &(f, plain) in used[..n].iter().rev() {
                self.unfill(f, plain);
            }
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
        let mut used = [(0usize, false); 14];
        let mut n = 0;
        let mut found = false;
        let filled_below = pos == 14;
        let mut ok = true;
        if filled_below {
            for p in start..pos {
                let f = face(colour, p);
                match self.fill(f) {
                    Some(plain) => {
                        used[n] = (f, plain);
                        n += 1;
                    }
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
        }
        if ok {
            let max_end = (start + 12).min(14);
            let mut end = pos;
            loop {
                if end + 1 - start >= 3 && self.next(i) {
                    found = true;
                    break;
                }
                if end == max_end {
                    break;
                }
                let f = face(colour, end + 1);
                match self.fill(f) {
                    Some(plain) => {
                        used[n] = (f, plain);
                        n += 1;
                        end += 1;
                    }
                    None => break,
                }
            }
        }
        for &(f, plain) in used[..n].iter().rev() {
            self.unfill(f, plain);
        }
        found
    }
}
