//! The filler shares: a lower bound on the fillers that keeping more tiles costs, which
//! lets the distance search (`search`) cut branches that cannot beat what it has.

use super::counts::{faces_with, Counts};
use crate::line::{bits, face_index, HIGH_ONE, LONGEST_RUN};
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
        let mut runs = [u32::MAX; Face::COUNT];
        for colour in 0..4 {
            run_shares(hand, colour, 1, &mut runs);
        }
        Suffixes {
            hand: *hand,
            held: faces_with(hand, 1),
            runs,
            by_rank: [Shares::EMPTY; SHARES_CAP],
            ready: 0,
        }
    }

    /// The shares of the hand's tiles from face `i` (a face of the hand) up.
    pub(crate) fn from(&mut self, i: usize) -> &Shares {
        let rank = (self.held & ((1u64 << i) - 1)).count_ones() as usize;
        if self.ready >> rank & 1 == 0 {
            self.by_rank[rank] = self.work_out(i);
            self.ready |= 1 << rank;
        }
        &self.by_rank[rank]
    }

    /// [`Suffixes::from`], worked out: only the runs of face `i`'s own colour change when
    /// its tiles below `i` go.
    fn work_out(&self, i: usize) -> Shares {
        let (colour, number) = (i / 13, (i % 13) as u8 + 1);
        let mut runs = self.runs;
        let mut plain = self.hand;
        for n in &mut plain[..i] {
            *n = 0;
        }
        if number > 1 {
            run_shares(&plain, colour, number, &mut runs);
        }
        // Colours holding each number, from `i` up.
        let mut colours = [0u8; 13];
        for (f, &n) in plain.iter().enumerate().skip(i) {
            colours[f % 13] += (n > 0) as u8;
        }
        let mut s = Shares::EMPTY;
        for (f, &n) in plain.iter().enumerate().skip(i) {
            if n == 0 {
                continue;
            }
            let m = colours[f % 13] as usize;
            let share = SHARE[3usize.saturating_sub(m)][m].min(runs[f]);
            for copy in 0..n {
                s.items[s.len] = (f as u8, copy, share);
                s.len += 1;
            }
        }
        s.items[..s.len].sort_unstable_by_key(|&(_, _, share)| share);
        s
    }
}

impl Shares {
    const EMPTY: Shares = Shares {
        items: [(0, 0, 0); SHARES_CAP],
        len: 0,
    };
}

/// Writes into `best`, for the faces of `colour` from `number` up, the smallest share a run
/// of the tiles of `plain` holding it costs (`u32::MAX` for a face no run holds: one not
/// held). `plain` holds no tile of the colour below `number`.
fn run_shares(plain: &[u8; Face::COUNT], colour: usize, number: u8, best: &mut [u32; Face::COUNT]) {
    // Positions 1 to 14 holding a tile; 14 is the 1 laid after 13.
    let mut mask = 0u32;
    for n in number..=13u8 {
        if plain[face_index(colour, n)] > 0 {
            mask |= bits(n);
        }
    }
    // Runs: only spans from a kept tile to a kept tile matter (a longer run with the same
    // kept tiles costs more), made up to 3 positions when shorter.
    let mut pos_best = [u32::MAX; HIGH_ONE as usize + 1];
    let mut l = mask;
    while l != 0 {
        let a = l.trailing_zeros();
        l &= l - 1;
        let mut h = mask >> a;
        while h != 0 {
            let span = h.trailing_zeros() + 1;
            h &= h - 1;
            if span > u32::from(LONGEST_RUN) {
                break;
            }
            let inside = (mask >> a) & ((1u32 << span) - 1);
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
    for n in number..=13u8 {
        let mut share = pos_best[n as usize];
        if n == 1 {
            share = share.min(pos_best[HIGH_ONE as usize]);
        }
        best[face_index(colour, n)] = share;
    }
}

/// No winning 14 keeps more plain tiles of `c` than this: the most tiles whose smallest
/// filler shares (see [`Shares`]) fit in the fillers the other positions leave; with the
/// shares worked out for it, when the hand is small enough to have them, for the searches
/// that follow on the same hand.
pub(crate) fn kept_bound(c: &Counts) -> (u8, Option<Suffixes>) {
    let mut plain = [0u8; Face::COUNT];
    for (p, &n) in plain.iter_mut().zip(c.plain.iter()) {
        *p = n.min(2);
    }
    let left: u8 = plain.iter().sum();
    if left as usize > SHARES_CAP || left == 0 {
        return (left.min(14), None);
    }
    let mut suffixes = Suffixes::new(&plain);
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
