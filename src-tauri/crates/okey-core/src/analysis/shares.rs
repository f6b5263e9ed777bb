//! The filler shares: a lower bound on the fillers that keeping more tiles costs, which
//! lets the distance search (`search`) cut branches that cannot beat what it has.

use super::counts::{faces_with, Counts, SAME_NUMBER};
use crate::line::{HIGH_ONE, LONGEST_RUN};
use crate::tile::Face;

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
    /// (face, copy, share): the tile is left while more than `copy` of its face are.
    pub(crate) items: [(u8, u8, u32); SHARES_CAP],
    pub(crate) len: usize,
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
    /// Per face, the smallest share a run of the whole hand holding it costs.
    runs: [u32; Face::COUNT],
    /// The shares from each face of the hand up, by its rank among the hand's faces...
    by_rank: [Shares; SHARES_CAP],
    /// ... those worked out so far.
    ready: u32,
}

impl Suffixes {
    /// The shares of `hand`, which holds at most [`SHARES_CAP`] tiles; none worked out yet.
    pub(crate) fn new(hand: &[u8; Face::COUNT]) -> Suffixes {
        let held = faces_with(hand, 1);
        let mut runs = [u32::MAX; Face::COUNT];
        for (colour, shares) in runs.chunks_exact_mut(13).enumerate() {
            shares.copy_from_slice(&run_shares(line_of(held, colour)));
        }
        Suffixes {
            hand: *hand,
            held,
            runs,
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
        // With no tile of its colour below `i`, the colour's runs are the whole hand's.
        let below = self.held & ((1u64 << i) - 1) & !((1u64 << (13 * colour)) - 1);
        let own = if below == 0 {
            let mut own = [0; 13];
            own.copy_from_slice(&self.runs[13 * colour..13 * colour + 13]);
            own
        } else {
            run_shares(line_of(left, colour))
        };
        self.ready |= 1 << rank;
        let s = &mut self.by_rank[rank];
        s.len = 0;
        let mut faces = left;
        while faces != 0 {
            let f = faces.trailing_zeros() as usize;
            faces &= faces - 1;
            let m = (left & SAME_NUMBER << (f % 13)).count_ones() as usize;
            let run = if f / 13 == colour {
                own[f % 13]
            } else {
                self.runs[f]
            };
            let share = SHARE[3usize.saturating_sub(m)][m].min(run);
            for copy in 0..self.hand[f] {
                s.items[s.len] = (f as u8, copy, share);
                s.len += 1;
            }
        }
        s.items[..s.len].sort_unstable_by_key(|&(_, _, share)| share);
    }
}

/// The positions (1 to 14, 14 being the 1 laid after 13) of `colour`'s line holding a face
/// of `faces` (a bit per index).
fn line_of(faces: u64, colour: usize) -> u32 {
    let numbers = (faces >> (13 * colour)) as u32 & 0x1fff;
    // Bit n for number n, and the 1 again at 14.
    numbers << 1 | (numbers & 1) << HIGH_ONE
}

impl Shares {
    const EMPTY: Shares = Shares {
        items: [(0, 0, 0); SHARES_CAP],
        len: 0,
    };
}

/// Per number (index number - 1), the smallest share a run of the positions in `line` (bits
/// 1 to 14, see [`line_of`]) holding it costs; `u32::MAX` for a number not held.
fn run_shares(line: u32) -> [u32; 13] {
    // Runs: only spans from a kept tile to a kept tile matter (a longer run with the same
    // kept tiles costs more), made up to 3 positions when shorter.
    let mut pos_best = [u32::MAX; HIGH_ONE as usize + 1];
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
            let share = SHARE[(span.max(3) - k) as usize][k as usize];
            let mut q = inside;
            while q != 0 {
                let p = q.trailing_zeros() as usize + a as usize;
                q &= q - 1;
                pos_best[p] = pos_best[p].min(share);
            }
        }
    }
    let mut best = [u32::MAX; 13];
    for (n, share) in best.iter_mut().enumerate() {
        *share = pos_best[n + 1];
    }
    best[0] = best[0].min(pos_best[HIGH_ONE as usize]);
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
    for &(_, _, share) in &shares.items[..shares.len] {
        cost += share;
        if kept + 1 > 14 || cost > (14 - (kept + 1)) as u32 * SHARE_SCALE {
            break;
        }
        kept += 1;
    }
    (kept, Some(suffixes))
}
