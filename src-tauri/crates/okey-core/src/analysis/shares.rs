//! The filler shares: a lower bound on the fillers that keeping more tiles costs, which
//! lets the distance search (`search`) cut branches that cannot beat what it has.

use super::counts::{faces_with, numbers_of, Counts, SAME_NUMBER};
use crate::line::{positions_of, HIGH_ONE, LONGEST_RUN};
use crate::tile::Face;
use std::sync::atomic::{AtomicU8, Ordering};

/// Scale of the filler shares: every share `fillers / kept` with `kept <= 13` is a whole
/// multiple of `1 / SHARE_SCALE`.
pub(crate) const SHARE_SCALE: u32 = 360_360;

/// Most tiles whose shares are kept; larger hands search without them.
pub(crate) const SHARES_CAP: usize = 16;

/// The plain tiles of the hand from one face up, each with the smallest share of fillers a
/// meld holding it can cost, cheapest first.
///
/// A meld keeping `k` tiles with `l` positions costs `l - k` fillers; split evenly over its
/// kept tiles, each pays `(l - k) / k`. A tile's share is the least it pays in any meld of
/// the hand's tiles from face `from` up. Once every tile below `from` is placed or dropped,
/// melds built later only keep tiles still left, all from `from` up, and fewer tiles only
/// raise shares, so keeping `n` more tiles costs at least the sum of the `n` smallest shares
/// of tiles still left.
#[derive(Clone, Copy)]
pub(crate) struct Shares {
    pub(crate) items: [Item; SHARES_CAP],
    pub(crate) len: usize,
}

/// A tile's share in [`Shares`]: its face, which copy of it (the tile is left while more
/// than `copy` of its face are) and the share, in one word that orders by share.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Item(u32);

// A share is at most 13 fillers for one tile: it fits above the face and the copy.
const _: () = assert!((13 * SHARE_SCALE) >> 25 == 0);

impl Item {
    fn new(face: usize, copy: u8, share: u32) -> Item {
        Item(share << 7 | u32::from(copy) << 6 | face as u32)
    }

    /// The face, an index.
    #[inline]
    pub(crate) fn face(self) -> usize {
        (self.0 & 0x3f) as usize
    }

    /// Which copy of its face.
    #[inline]
    pub(crate) fn copy(self) -> u8 {
        (self.0 >> 6 & 1) as u8
    }

    /// The share, scaled by [`SHARE_SCALE`].
    #[inline]
    pub(crate) fn share(self) -> u32 {
        self.0 >> 7
    }
}

/// `SHARE[fillers][kept]`: a meld's fillers split over its kept tiles, scaled.
const SHARE: [[u32; 14]; 14] = {
    let mut t = [[0u32; 14]; 14];
    let mut f = 0;
    while f < 14 {
        let mut k = 1;
        while k < 14 {
            t[f][k] = f as u32 * SHARE_SCALE / k as u32;
            k += 1;
        }
        f += 1;
    }
    t
};

/// The shares a search reads, from each face of the hand up (the lowest tile left at a node
/// is always a face of the hand), worked out when a search first reaches that face and kept
/// for the searches after it on the same hand ([`kept_bound`] hands them on).
pub(crate) struct Suffixes {
    /// The hand's plain tiles (at most two a face).
    hand: [u8; Face::COUNT],
    /// The faces of the hand, a bit per index.
    held: u64,
    /// The shares from each face of the hand up, by its rank among the hand's faces...
    by_rank: [Shares; SHARES_CAP],
    /// ... those worked out so far.
    ready: u32,
}

impl Suffixes {
    /// The shares of `hand`, which holds at most [`SHARES_CAP`] tiles; none worked out yet.
    pub(crate) fn new(hand: &[u8; Face::COUNT]) -> Suffixes {
        Suffixes {
            hand: *hand,
            held: faces_with(hand, 1),
            by_rank: [Shares::EMPTY; SHARES_CAP],
            ready: 0,
        }
    }

    /// The shares of the hand's tiles from face `i` (a face of the hand) up.
    #[inline]
    pub(crate) fn from(&mut self, i: usize) -> &Shares {
        let rank = (self.held & ((1u64 << i) - 1)).count_ones() as usize;
        if self.ready >> rank & 1 == 0 {
            self.work_out(i, rank);
        }
        &self.by_rank[rank]
    }

    /// [`Suffixes::from`], worked out once per face (its `rank` among the hand's): only the
    /// runs of face `i`'s own colour change when its tiles below `i` go.
    #[inline(never)]
    fn work_out(&mut self, i: usize, rank: usize) {
        let colour = i / 13;
        let left = self.held >> i << i;
        self.ready |= 1 << rank;
        let s = &mut self.by_rank[rank];
        s.len = 0;
        // Colours before `i`'s have no tile left.
        for c in colour..4 {
            let mut numbers = numbers_of(left, c);
            let runs = run_line(numbers);
            while numbers != 0 {
                let n = numbers.trailing_zeros() as usize;
                numbers &= numbers - 1;
                let f = 13 * c + n;
                let m = (left & SAME_NUMBER << n).count_ones() as usize;
                let run = DECODE[runs[n].load(Ordering::Relaxed) as usize];
                let share = SHARE[3usize.saturating_sub(m)][m].min(run);
                for copy in 0..self.hand[f] {
                    s.items[s.len] = Item::new(f, copy, share);
                    s.len += 1;
                }
            }
        }
        s.items[..s.len].sort_unstable();
    }
}

impl Shares {
    const EMPTY: Shares = Shares {
        items: [Item(0); SHARES_CAP],
        len: 0,
    };
}

/// A share as one byte: `fillers * 14 + kept`, 0 for a number not held.
const NOT_HELD: u8 = 0;

/// The share a byte of [`RUN_CODES`] stands for.
const DECODE: [u32; 196] = {
    let mut t = [u32::MAX; 196];
    let mut code = 1;
    while code < 196 {
        t[code] = SHARE[code / 14][code % 14];
        code += 1;
    }
    t
};

/// Marks a line of [`RUN_CODES`] worked out (its last byte).
const READY: u8 = 1;

/// Per set of numbers of one colour (bit n - 1 for number n), the run share of each number
/// as a byte (see [`DECODE`]), worked out the first time a search meets that line and kept for
/// the program: a line's shares cost a few hundred instructions, and searches meet the same
/// lines again and again. Threads that work one out at once write the same bytes.
static RUN_CODES: [[AtomicU8; 14]; 1 << 13] = [const { [const { AtomicU8::new(0) }; 14] }; 1 << 13];

/// The run shares of the numbers held (`numbers`, bit n - 1 for number n) of one colour: per
/// number (index number - 1), as a byte (see [`DECODE`]), the smallest share a run of them
/// holding it costs.
fn run_line(numbers: u32) -> &'static [AtomicU8; 14] {
    let line = &RUN_CODES[numbers as usize];
    if line[13].load(Ordering::Acquire) != READY {
        let codes = run_codes(numbers);
        for (slot, code) in line.iter().zip(codes) {
            slot.store(code, Ordering::Relaxed);
        }
        line[13].store(READY, Ordering::Release);
    }
    line
}

/// [`run_line`] worked out (see [`DECODE`]).
fn run_codes(numbers: u32) -> [u8; 13] {
    let line = positions_of(numbers);
    // Runs: only spans from a kept tile to a kept tile matter (a longer run with the same
    // kept tiles costs more), made up to 3 positions when shorter.
    let mut pos_best = [(u32::MAX, NOT_HELD); HIGH_ONE as usize + 1];
    let mut l = line;
    while l != 0 {
        let a = l.trailing_zeros();
        l &= l - 1;
        let mut h = line >> a;
        while h != 0 {
            let span = h.trailing_zeros() + 1;
            h &= h - 1;
            if span > u32::from(LONGEST_RUN) {
                break;
            }
            let inside = (line >> a) & ((1u32 << span) - 1);
            let k = inside.count_ones();
            let fillers = span.max(3) - k;
            let share = SHARE[fillers as usize][k as usize];
            let code = (fillers * 14 + k) as u8;
            let mut q = inside;
            while q != 0 {
                let p = q.trailing_zeros() as usize + a as usize;
                q &= q - 1;
                if share < pos_best[p].0 {
                    pos_best[p] = (share, code);
                }
            }
        }
    }
    let mut best = [NOT_HELD; 13];
    for (n, code) in best.iter_mut().enumerate() {
        *code = pos_best[n + 1].1;
    }
    if pos_best[HIGH_ONE as usize].0 < pos_best[1].0 {
        best[0] = pos_best[HIGH_ONE as usize].1;
    }
    best
}

/// No winning 14 keeps more plain tiles of `c` than this: the most tiles whose smallest
/// filler shares (see [`Shares`]) fit in the fillers the other positions leave; with the
/// shares worked out for it, when the hand is small enough to have them, for the searches
/// that follow on the same hand.
pub(crate) fn kept_bound(c: &Counts) -> (u8, Option<Box<Suffixes>>) {
    let mut plain = [0u8; Face::COUNT];
    for (p, &n) in plain.iter_mut().zip(c.plain.iter()) {
        *p = n.min(2);
    }
    let left: u8 = plain.iter().sum();
    if left as usize > SHARES_CAP || left == 0 {
        return (left.min(14), None);
    }
    let mut suffixes = Box::new(Suffixes::new(&plain));
    let first = suffixes.held.trailing_zeros() as usize;
    let shares = suffixes.from(first);
    let mut cost = 0u32;
    let mut kept = 0u8;
    for share in shares.items[..shares.len].iter().map(|item| item.share()) {
        cost += share;
        if kept + 1 > 14 || cost > (14 - (kept + 1)) as u32 * SHARE_SCALE {
            break;
        }
        kept += 1;
    }
    (kept, Some(suffixes))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The share of the number at place `p` (1 to 14) among every run of the line (R7: 3 to
    /// 13 places, 12-13-1 included) holding it: the fewest fillers per kept tile.
    fn share_by_every_run(numbers: u32, p: u32) -> u32 {
        let line = positions_of(numbers);
        let mut best = u32::MAX;
        for start in 1..=u32::from(HIGH_ONE) {
            for end in start + 2..=u32::from(HIGH_ONE) {
                let len = end + 1 - start;
                if len > u32::from(LONGEST_RUN) || p < start || p > end {
                    continue;
                }
                let kept = (line >> start & ((1 << len) - 1)).count_ones();
                best = best.min(SHARE[(len - kept) as usize][kept as usize]);
            }
        }
        best
    }

    #[test]
    fn r07_run_shares_are_the_cheapest_run_of_every_line() {
        for numbers in 0..1u32 << 13 {
            let shares: Vec<u32> = run_line(numbers)
                .iter()
                .take(13)
                .map(|code| DECODE[code.load(Ordering::Relaxed) as usize])
                .collect();
            for (n, &share) in shares.iter().enumerate() {
                let expected = if numbers >> n & 1 == 0 {
                    u32::MAX
                } else if n == 0 {
                    // A 1 stands at the line's start or after 13.
                    share_by_every_run(numbers, 1).min(share_by_every_run(numbers, 14))
                } else {
                    share_by_every_run(numbers, n as u32 + 1)
                };
                assert_eq!(share, expected, "numbers {numbers:013b}, number {}", n + 1);
            }
        }
    }
}
