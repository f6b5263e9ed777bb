//! The filler shares: a lower bound on the fillers that keeping more tiles costs, which
//! lets the distance search (`search`) cut branches that cannot beat what it has.

use super::colours::{ColourOrder, ColourShares};
use super::counts::{faces_with, Counts};
use crate::faces::{numbers_of, COLOUR_FACES, SAME_NUMBER};
use crate::line::{positions_of, HIGH_ONE, LONGEST_RUN};
use crate::tile::Face;
use std::cell::Cell;

/// Scale of the filler shares: every share `fillers / kept` with `kept <= 13` is a whole
/// multiple of `1 / SHARE_SCALE`.
pub(crate) const SHARE_SCALE: u32 = 360_360;

/// Most tiles whose shares are kept; larger hands search without them.
pub(crate) const SHARES_CAP: usize = 16;

/// The plain tiles of the hand from one face up, each with the smallest share of fillers a
/// meld holding it can cost, grouped by share, cheapest first.
///
/// A meld keeping `k` tiles with `l` positions costs `l - k` fillers; split evenly over its
/// kept tiles, each pays `(l - k) / k`. A tile's share is the least it pays in any meld of
/// the hand's tiles from face `from` up. Once every tile below `from` is placed or dropped,
/// melds built later only keep tiles still left, all from `from` up, and fewer tiles only
/// raise shares, so keeping `n` more tiles costs at least the sum of the `n` smallest shares
/// of tiles still left.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shares {
    /// Room for one more than the most groups: a group is written before it is known to
    /// hold a tile (see [`Shares::fill_from`]).
    groups: [Group; SHARES_CAP + 1],
    len: usize,
}

/// The tiles of one share in [`Shares`]: the faces whose first copy pays it, and those whose
/// second copy does (that tile is left while both are).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Group {
    /// The share, scaled by [`SHARE_SCALE`]...
    pub(crate) share: u32,
    /// ... and its place among the shares a tile can pay (see [`RANK_SHARE`]).
    rank: u8,
    pub(crate) first: u64,
    pub(crate) second: u64,
}

/// The same groups (those past the last are left overs).
impl PartialEq for Shares {
    fn eq(&self, other: &Shares) -> bool {
        self.groups() == other.groups()
    }
}

impl Shares {
    const EMPTY: Shares = Shares {
        groups: [Group {
            share: 0,
            rank: 0,
            first: 0,
            second: 0,
        }; SHARES_CAP + 1],
        len: 0,
    };

    /// The groups, cheapest first.
    #[inline]
    pub(crate) fn groups(&self) -> &[Group] {
        &self.groups[..self.len]
    }

    /// Becomes the groups of `scratch` whose ranks are in `present` (see [`Scratch`]),
    /// cheapest first, those without a tile left out. No branch hangs on the tiles.
    fn fill_from(&mut self, scratch: &Scratch, present: u64) {
        let mut len = 0;
        let mut ranks = present;
        while ranks != 0 {
            let rank = ranks.trailing_zeros() as usize;
            ranks &= ranks - 1;
            let [first, second] = scratch[rank];
            self.groups[len] = Group {
                share: RANK_SHARE[rank],
                rank: rank as u8,
                first,
                second,
            };
            len += usize::from(first | second != 0);
        }
        self.len = len;
    }
}

/// The tiles paying each share while shares are worked out, by the share's rank (see
/// [`RANK_SHARE`]): faces of first copies, faces of second copies. Only the ranks a mask
/// names count; the others hold what an earlier hand left.
type Scratch = [[u64; 2]; 64];

/// Adds the tile of face `f` (its `copy`, 0 or 1) paying the share of rank `rank` to
/// `scratch`, whose ranks in use are `present`.
#[inline]
fn put(scratch: &mut Scratch, present: &mut u64, f: usize, copy: usize, rank: u8) {
    let rank = usize::from(rank);
    // A rank not in use yet starts empty; without a branch, as the tiles decide.
    let keep = (*present >> rank & 1).wrapping_neg();
    let slot = &mut scratch[rank];
    slot[0] &= keep;
    slot[1] &= keep;
    slot[copy] |= 1 << f;
    *present |= 1 << rank;
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
    /// The faces of the hand, a bit per index, and those it holds twice.
    held: u64,
    twos: u64,
    /// The shares from each face of the hand up, by its rank among the hand's faces...
    by_rank: [Shares; SHARES_CAP],
    /// ... those worked out so far.
    ready: u32,
    /// Room to work one out in.
    scratch: Scratch,
}

thread_local! {
    /// Room for a hand's shares given back by the last search on the thread (see
    /// [`Suffixes::new`]).
    static SPARE: Cell<Option<Box<Suffixes>>> = const { Cell::new(None) };
}

impl Suffixes {
    /// The shares of `hand`, which holds at most [`SHARES_CAP`] tiles; none worked out yet.
    /// The room given back last on the thread is used again ([`Suffixes::give_back`]): a
    /// hand starts with no rank worked out, so nothing in it needs clearing.
    pub(crate) fn new(hand: &[u8; Face::COUNT]) -> Box<Suffixes> {
        let mut s = SPARE.with(Cell::take).unwrap_or_else(|| {
            Box::new(Suffixes {
                hand: [0; Face::COUNT],
                held: 0,
                twos: 0,
                by_rank: [Shares::EMPTY; SHARES_CAP],
                ready: 0,
                scratch: [[0; 2]; 64],
            })
        });
        s.hand = *hand;
        s.held = faces_with(hand, 1);
        s.twos = faces_with(hand, 2);
        s.ready = 0;
        s
    }

    /// The same hand with its colours in `order` (see `colours`): the whole hand's shares
    /// are the same tiles' (moved), the others are worked out again when a search asks.
    pub(crate) fn reorder(&mut self, order: &ColourOrder) {
        if order.is_same() {
            return;
        }
        self.hand = order.plain(&self.hand);
        self.held = order.faces(self.held);
        self.twos = order.faces(self.twos);
        self.ready &= 1;
        let whole = &mut self.by_rank[0];
        for g in &mut whole.groups[..whole.len] {
            g.first = order.faces(g.first);
            g.second = order.faces(g.second);
        }
    }

    /// What each colour's tiles cost, from the whole hand's shares.
    pub(crate) fn colour_shares(&mut self) -> [ColourShares; 4] {
        let first = self.held.trailing_zeros() as usize;
        let mut costs = [ColourShares::default(); 4];
        if first >= Face::COUNT {
            return costs;
        }
        for g in self.from(first).groups() {
            for (colour, cost) in costs.iter_mut().enumerate() {
                let tiles = numbers_of(g.first, colour).count_ones()
                    + numbers_of(g.second, colour).count_ones();
                cost.sum += u64::from(g.share) * u64::from(tiles);
                cost.tiles += tiles;
            }
        }
        costs
    }

    /// Gives the room back for the next hand on the thread.
    pub(crate) fn give_back(self: Box<Suffixes>) {
        SPARE.with(|spare| spare.set(Some(self)));
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

    /// [`Suffixes::from`], worked out once per face (its `rank` among the hand's). From the
    /// rank below, when worked out, only the shares its lowest face changes are worked out
    /// again: its colour's runs and its number's sets.
    #[inline(never)]
    fn work_out(&mut self, i: usize, rank: usize) {
        let ready = self.ready;
        self.ready |= 1 << rank;
        let left = self.held >> i << i;
        let (below, this) = self.by_rank.split_at_mut(rank);
        let scratch = &mut self.scratch;
        let mut present = 0u64;
        let faces = if rank > 0 && ready >> (rank - 1) & 1 != 0 {
            let gone = 63 - (self.held & ((1u64 << i) - 1)).leading_zeros() as usize;
            let changed = left & (COLOUR_FACES << (13 * (gone / 13)) | SAME_NUMBER << (gone % 13));
            let out = !(changed | 1 << gone);
            for g in below[rank - 1].groups() {
                scratch[usize::from(g.rank)] = [g.first & out, g.second & out];
                present |= 1 << g.rank;
            }
            changed
        } else {
            left
        };
        push_shares(scratch, &mut present, &self.hand, self.twos, left, faces);
        this[0].fill_from(scratch, present);
    }
}

/// Adds to `scratch` (its ranks in use `present`) the shares of the tiles of `hand` (whose
/// faces held twice are `twos`) of the faces of `faces` among those left (`left`, a bit per
/// index).
fn push_shares(
    scratch: &mut Scratch,
    present: &mut u64,
    hand: &[u8; Face::COUNT],
    twos: u64,
    left: u64,
    faces: u64,
) {
    let left_twos = twos & left;
    for c in 0..4 {
        let mut numbers = numbers_of(faces, c);
        if numbers == 0 {
            continue;
        }
        let runs = run_line(numbers_of(left, c));
        while numbers != 0 {
            let n = numbers.trailing_zeros() as usize;
            numbers &= numbers - 1;
            let f = 13 * c + n;
            let m = (left & SAME_NUMBER << n).count_ones() as usize;
            // Ranks order as shares do.
            let run = CODE_RANK[usize::from(runs[n])];
            put(scratch, present, f, 0, SET_RANK[m].min(run));
            if hand[f] == 2 {
                // Both copies kept stand in two melds; the dearer pays at least this. Two
                // sets of the number share its tiles, so the poorer keeps at most half.
                let twos = (left_twos & SAME_NUMBER << n).count_ones() as usize;
                let k = m.min((m + twos) / 2);
                put(scratch, present, f, 1, SET_RANK[k].min(run));
            }
        }
    }
}

/// The share of a set keeping `kept` tiles (1 to 4) of the number, made up to three, by rank.
const SET_RANK: [u8; 5] = {
    let mut t = [u8::MAX; 5];
    let mut kept = 1;
    while kept < 5 {
        let fillers = 3usize.saturating_sub(kept);
        t[kept] = CODE_RANK[fillers * 14 + kept];
        kept += 1;
    }
    t
};

/// Every share a tile can pay, cheapest first, by rank: a run of 1 to 13 places keeping some
/// of them (made up to three places) or a set (the same shares as the runs of up to four
/// places). 58 of them, so a rank fits a bit of a word.
const SHARE_RANKS: ([u32; 64], usize) = {
    let mut values = [u32::MAX; 64];
    let mut len = 0;
    let mut span = 1;
    while span <= 13 {
        let mut kept = 1;
        while kept <= span {
            let fillers = if span > 3 { span } else { 3 } - kept;
            let share = SHARE[fillers][kept];
            // Insert in order, once.
            let mut at = 0;
            while at < len && values[at] < share {
                at += 1;
            }
            if at == len || values[at] != share {
                let mut j = len;
                while j > at {
                    values[j] = values[j - 1];
                    j -= 1;
                }
                values[at] = share;
                len += 1;
            }
            kept += 1;
        }
        span += 1;
    }
    (values, len)
};

/// The share of each rank (see [`SHARE_RANKS`]).
const RANK_SHARE: [u32; 64] = SHARE_RANKS.0;
const _: () = assert!(SHARE_RANKS.1 == 58);

/// The rank of the share a byte of [`RUN_CODES`] (or a set's `fillers * 14 + kept`) stands
/// for; `u8::MAX` for a byte standing for none.
const CODE_RANK: [u8; 196] = {
    let mut t = [u8::MAX; 196];
    let mut code = 1;
    while code < 196 {
        if code % 14 != 0 {
            let share = SHARE[code / 14][code % 14];
            let mut rank = 0;
            while rank < SHARE_RANKS.1 {
                if RANK_SHARE[rank] == share {
                    t[code] = rank as u8;
                }
                rank += 1;
            }
        }
        code += 1;
    }
    t
};

/// A share as one byte: `fillers * 14 + kept`, 0 for a number not held.
const NOT_HELD: u8 = 0;

/// Per set of numbers of one colour (bit n - 1 for number n), the run share of each number
/// as a byte (see [`CODE_RANK`]), worked out when the program is built: a line's shares cost a
/// few hundred instructions, and a search worked out on the fly met most of a new hand's
/// lines for the first time. Working it out takes the compiler about a second.
#[allow(long_running_const_eval)]
static RUN_CODES: [[u8; 13]; 1 << 13] = {
    let mut table = [[NOT_HELD; 13]; 1 << 13];
    let mut numbers = 0;
    while numbers < 1 << 13 {
        table[numbers] = run_codes(numbers as u32);
        numbers += 1;
    }
    table
};

/// The run shares of the numbers held (`numbers`, bit n - 1 for number n) of one colour: per
/// number (index number - 1), as a byte (see [`CODE_RANK`]), the smallest share a run of them
/// holding it costs.
#[inline]
fn run_line(numbers: u32) -> &'static [u8; 13] {
    &RUN_CODES[numbers as usize]
}

/// [`run_line`] worked out (see [`CODE_RANK`]).
const fn run_codes(numbers: u32) -> [u8; 13] {
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
            if span > LONGEST_RUN as u32 {
                break;
            }
            let inside = (line >> a) & ((1u32 << span) - 1);
            let k = inside.count_ones();
            let fillers = if span > 3 { span } else { 3 } - k;
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
    let mut n = 0;
    while n < 13 {
        best[n] = pos_best[n + 1].1;
        n += 1;
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
    let mut suffixes = Suffixes::new(&plain);
    let first = suffixes.held.trailing_zeros() as usize;
    let shares = suffixes.from(first);
    let mut cost = 0u32;
    let mut kept = 0u8;
    let each = shares.groups().iter().flat_map(|g| {
        std::iter::repeat_n(
            g.share,
            (g.first.count_ones() + g.second.count_ones()) as usize,
        )
    });
    for share in each {
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
    use crate::line::face_index;
    use crate::notation::written;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn counts(tiles: &str) -> Counts {
        let (joker, kinds) = written("K10", tiles);
        Counts::of(&kinds, joker)
    }

    /// The whole hand's shares of face `f`, copy by copy.
    fn shares_of(c: &Counts, f: usize) -> Vec<u32> {
        let mut suffixes = Suffixes::new(&c.plain);
        let first = suffixes.held.trailing_zeros() as usize;
        let shares = suffixes.from(first);
        let copy = |pick: fn(&Group) -> u64| {
            shares
                .groups()
                .iter()
                .find(|g| pick(g) >> f & 1 != 0)
                .map(|g| g.share)
        };
        [copy(|g| g.first), copy(|g| g.second)]
            .into_iter()
            .flatten()
            .collect()
    }

    #[test]
    fn r06_a_second_copy_cannot_stand_in_the_first_ones_set() {
        // R5 B5 K5 make a set; the other R5 needs another meld: a set with one more 5 and a
        // filler at best (half a filler each), or a run (R5-R8: a filler each).
        let c = counts("R5 R5 B5 K5 R8 Y2 Y11 B13 K1 K10");
        let r5 = face_index(0, 5);
        assert_eq!(shares_of(&c, r5), vec![0, SHARE_SCALE / 2]);
        // With every copy doubled, two full sets of the number cost nothing.
        let c = counts("R5 R5 B5 B5 K5 K5 Y2 Y11");
        assert_eq!(shares_of(&c, r5), vec![0, 0]);
    }

    /// A random hand of 3 to [`SHARES_CAP`] tiles, at most two a face.
    fn random_plain(rng: &mut ChaCha8Rng) -> [u8; Face::COUNT] {
        let mut plain = [0u8; Face::COUNT];
        for _ in 0..rng.gen_range(3..=SHARES_CAP) {
            let f = rng.gen_range(0..Face::COUNT);
            plain[f] = (plain[f] + 1).min(2);
        }
        plain
    }

    #[test]
    fn shares_worked_out_from_the_rank_below_are_those_worked_out_afresh() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x5a4f);
        for _ in 0..3_000 {
            let plain = random_plain(&mut rng);
            let mut climbing = Suffixes::new(&plain);
            let mut held = climbing.held;
            while held != 0 {
                let i = held.trailing_zeros() as usize;
                held &= held - 1;
                let mut afresh = Suffixes::new(&plain);
                let want = afresh.from(i);
                let got = climbing.from(i);
                assert_eq!(got, want, "{plain:?} from face {i}");
            }
        }
    }

    #[test]
    fn shares_worked_out_in_any_order_in_room_reused_are_those_in_new_room() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x5a50);
        for _ in 0..3_000 {
            let plain = random_plain(&mut rng);
            // The room the last hand gave back, then new room (none is left to reuse).
            let mut reused = Suffixes::new(&plain);
            let mut new = Suffixes::new(&plain);
            let mut faces: Vec<usize> = (0..Face::COUNT).filter(|&f| plain[f] > 0).collect();
            for at in (1..faces.len()).rev() {
                faces.swap(at, rng.gen_range(0..=at));
            }
            for &i in &faces {
                assert_eq!(reused.from(i), new.from(i), "{plain:?} from face {i}");
            }
            reused.give_back();
        }
    }

    #[test]
    fn r06_two_sets_of_one_number_keep_both_copies() {
        let c = counts("R5 Y5 B5 R5 Y5 B5 K1 K2 K3 K4 B9 B10 B11 B12");
        assert_eq!(kept_bound(&c).0, 14);
    }

    /// A random winning 14 of melds (sets and runs of 3 to 5, 12-13-1 included), as faces;
    /// None when it would need a face three times.
    fn planted(rng: &mut ChaCha8Rng) -> Option<[u8; Face::COUNT]> {
        let mut plain = [0u8; Face::COUNT];
        let mut positions = 0;
        while positions < 14 {
            if rng.gen_bool(0.5) {
                let number = rng.gen_range(1..=13u8);
                let skip = if rng.gen_bool(0.5) {
                    rng.gen_range(0..4)
                } else {
                    4
                };
                for colour in (0..4).filter(|&c| c != skip) {
                    plain[face_index(colour, number)] += 1;
                    positions += 1;
                }
            } else {
                let (colour, len) = (rng.gen_range(0..4), rng.gen_range(3..=5u8));
                let start = rng.gen_range(1..=HIGH_ONE + 1 - len);
                for pos in start..start + len {
                    plain[face_index(colour, pos)] += 1;
                    positions += 1;
                }
            }
        }
        (positions == 14 && plain.iter().all(|&n| n <= 2)).then_some(plain)
    }

    #[test]
    fn r06_r07_no_hand_keeps_more_than_its_bound() {
        // A winning 14 with `swapped` of its tiles swapped for others keeps the rest, so the
        // bound is at least that: hands rich in second copies try the copies' shares.
        let mut rng = ChaCha8Rng::seed_from_u64(0x5a4e);
        let mut tried = 0;
        while tried < 20_000 {
            let Some(mut plain) = planted(&mut rng) else {
                continue;
            };
            let swapped = rng.gen_range(0..=5);
            for _ in 0..swapped {
                let from: Vec<usize> = (0..Face::COUNT).filter(|&f| plain[f] > 0).collect();
                plain[from[rng.gen_range(0..from.len())]] -= 1;
                let to = rng.gen_range(0..Face::COUNT);
                plain[to] = (plain[to] + 1).min(2);
            }
            let c = Counts { plain, wilds: 0 };
            assert!(
                kept_bound(&c).0 >= 14 - swapped,
                "{plain:?} keeps {} of a winning 14",
                14 - swapped
            );
            tried += 1;
        }
    }

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
                .map(|&code| match code {
                    NOT_HELD => u32::MAX,
                    code => RANK_SHARE[usize::from(CODE_RANK[usize::from(code)])],
                })
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
