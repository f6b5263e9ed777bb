//! The distance to a win: 14 minus the most tiles of the hand that one winning 14 contains.
//!
//! A winning 14 (within the tile set's limits: two of each kind) is a list of melds whose
//! positions each stand for a face. A plain tile of the hand is kept when a position of its
//! face is left for it; okeys of the hand can take any position that no kept plain tile
//! fills. A face needed at more positions than its two plain copies can cover needs an okey
//! from outside there, and only two okeys exist ("overflow", at most 2 in all). So with P the
//! plain tiles kept, the hand keeps `P + min(okeys, 14 - P)`, and the task is to maximise P
//! over meld lists of exactly 14 positions with overflow at most 2.
//!
//! Melds that keep nothing can be dropped and replaced by filler melds placed where no face
//! overflows, so a list of at most 11 positions can always be filled up to 14. The solver is
//! a dynamic programme over the numbers 1..=13 and a 14th step for a 1 laid after 13 (R7),
//! colour by colour inside each number, whose state is the open runs of each colour, the
//! positions used, the overflow so far and how many positions the low 1 of each colour took
//! (the high 1 shares that face's two copies).

use super::counts::Counts;
use super::pairs::max_kept_pairs;
use super::table::Table;
use crate::tile::{Joker, Kind};
use std::cell::RefCell;
use std::sync::OnceLock;

/// Fewest tiles to swap for others to make a winning 14. For 15 tiles this is the distance
/// left after the best discard.
pub fn distance(hand: &[Kind], joker: Joker) -> u8 {
    14u8.saturating_sub(max_kept(&Counts::of(hand, joker)))
}

/// The most tiles of `c` that one winning 14 (within the tile set's limits) contains.
pub(crate) fn max_kept(c: &Counts) -> u8 {
    let wilds = c.wilds.min(2);
    let p = max_plain_kept(c);
    let melds = p + wilds.min(14u8.saturating_sub(p));
    melds.max(max_kept_pairs(c)).min(14)
}

// State layout, per colour (11 bits at colour * 11): runs open with length 1 (2 bits),
// length 2 (2 bits), length 3+ not started at 1 (2 bits), length 3+ started at 1 (2 bits),
// positions the low 1 took (3 bits). Then positions used (4 bits), overflow (2 bits), and
// per colour the set positions laid at the current number but not yet counted (2 bits each).
const COLOUR_BITS: u32 = 11;
const POS_SHIFT: u32 = 44;
const OVER_SHIFT: u32 = 48;
const PENDING_SHIFT: u32 = 50;
/// Most runs of one colour open at once: a fourth run through a number would overflow by 2
/// there, and moving one run off that number never keeps fewer tiles.
const MAX_OPEN: u8 = 3;
/// Most sets at one number: four sets of 3 would need every colour three times.
const MAX_SETS: usize = 3;

#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
struct Lane {
    one: u8,
    two: u8,
    long: u8,
    from_one: u8,
    low_need: u8,
}

fn lane(key: u64, colour: usize) -> Lane {
    let b = key >> (colour as u32 * COLOUR_BITS);
    Lane {
        one: (b & 3) as u8,
        two: ((b >> 2) & 3) as u8,
        long: ((b >> 4) & 3) as u8,
        from_one: ((b >> 6) & 3) as u8,
        low_need: ((b >> 8) & 7) as u8,
    }
}

fn with_lane(key: u64, colour: usize, l: Lane) -> u64 {
    let shift = colour as u32 * COLOUR_BITS;
    let bits = l.one as u64
        | (l.two as u64) << 2
        | (l.long as u64) << 4
        | (l.from_one as u64) << 6
        | (l.low_need as u64) << 8;
    (key & !(0x7ff << shift)) | bits << shift
}

fn positions(key: u64) -> u8 {
    ((key >> POS_SHIFT) & 15) as u8
}

fn overflow(key: u64) -> u8 {
    ((key >> OVER_SHIFT) & 3) as u8
}

fn with_totals(key: u64, pos: u8, over: u8) -> u64 {
    (key & !(0x3f << POS_SHIFT)) | (pos as u64) << POS_SHIFT | (over as u64) << OVER_SHIFT
}

fn pending(key: u64, colour: usize) -> u8 {
    ((key >> (PENDING_SHIFT + 2 * colour as u32)) & 3) as u8
}

fn without_pending(key: u64, colour: usize) -> u64 {
    key & !(3 << (PENDING_SHIFT + 2 * colour as u32))
}

/// A way to lay sets at one number: positions per colour, total, and the fewest sets it takes.
struct SetLayout {
    per_colour: [u8; 4],
    total: u8,
    sets: u8,
    bits: u64,
}

/// Every way to lay 1..=3 sets at one number, deduplicated by positions per colour.
fn set_layouts() -> &'static [SetLayout] {
    static LAYOUTS: OnceLock<Vec<SetLayout>> = OnceLock::new();
    LAYOUTS.get_or_init(|| {
        let masks: Vec<u8> = (0u8..16).filter(|m| m.count_ones() >= 3).collect();
        let mut seen: Vec<[u8; 4]> = Vec::new();
        let mut stack: Vec<(usize, usize, [u8; 4])> = vec![(0, 0, [0; 4])];
        while let Some((from, sets, v)) = stack.pop() {
            if sets > 0 && !seen.contains(&v) {
                seen.push(v);
            }
            if sets == MAX_SETS {
                continue;
            }
            for (i, &m) in masks.iter().enumerate().skip(from) {
                let mut w = v;
                for (c, slot) in w.iter_mut().enumerate() {
                    *slot += (m >> c) & 1;
                }
                stack.push((i, sets + 1, w));
            }
        }
        seen.into_iter()
            .map(|v| {
                let total: u8 = v.iter().sum();
                // Each set holds a colour at most once and has at most 4 tiles.
                let sets = v.iter().copied().max().unwrap_or(0).max(total.div_ceil(4));
                let bits = v
                    .iter()
                    .enumerate()
                    .fold(0u64, |b, (c, &n)| b | (n as u64) << (PENDING_SHIFT + 2 * c as u32));
                SetLayout { per_colour: v, total, sets, bits }
            })
            .collect()
    })
}

struct Scratch {
    cur: Table,
    next: Table,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch { cur: Table::new(), next: Table::new() });
}

/// Most plain tiles kept by a meld list of exactly 14 positions with overflow at most 2.
fn max_plain_kept(c: &Counts) -> u8 {
    SCRATCH.with(|s| {
        let mut s = s.borrow_mut();
        let Scratch { cur, next } = &mut *s;
        solve(c, cur, next)
    })
}

/// Plain tiles of a colour at a position of the extended line (14 is the high 1), capped at
/// the two copies a winning 14 can use.
fn held(c: &Counts, colour: usize, number: usize) -> u8 {
    let n = if number == 14 { 1 } else { number };
    c.plain[colour * 13 + n - 1].min(2)
}

/// Searches with a target: the most kept is at least `target` only through lists that waste
/// at most `14 - target` positions on tiles the hand lacks, and only while enough tiles remain.
/// Lowering the target one step at a time keeps the first rounds very small.
fn solve(c: &Counts, cur: &mut Table, next: &mut Table) -> u8 {
    let total: u8 = (0..4).flat_map(|col| (1..=13).map(move |n| (col, n))).map(|(col, n)| held(c, col, n)).sum();
    let mut target = total.min(14);
    loop {
        let best = solve_for(c, target, cur, next);
        if best >= target || target == 0 {
            return best;
        }
        target -= 1;
    }
}

/// Limits of one search round.
#[derive(Clone, Copy)]
struct Bound {
    /// Most positions a state may have that keep no tile.
    waste: u8,
    /// Fewest tiles the state must still be able to keep in all.
    target: u8,
    /// Tiles left to keep after the current number (counting the high 1s).
    left: u8,
}

impl Bound {
    fn admits(self, pos: u8, val: u8) -> bool {
        pos <= 14 && pos.saturating_sub(val) <= self.waste && val + self.left >= self.target
    }
}

fn solve_for(c: &Counts, target: u8, cur: &mut Table, next: &mut Table) -> u8 {
    // A run that keeps nothing in its first five positions can lose three of them (or all of
    // it) and the list be refilled with fillers, so runs only start near a tile of their colour.
    let mut near = [[false; 15]; 4];
    for (colour, row) in near.iter_mut().enumerate() {
        for (n, slot) in row.iter_mut().enumerate().skip(1) {
            *slot = (n..=(n + 4).min(14)).any(|m| held(c, colour, m) > 0);
        }
    }
    // left_after[n]: tiles at numbers above n, plus the 1s again for the high end.
    let ones: u8 = (0..4).map(|col| held(c, col, 1)).sum();
    let mut left_after = [0u8; 15];
    for n in (1..14usize).rev() {
        let above: u8 = if n < 13 { (0..4).map(|col| held(c, col, n + 1)).sum() } else { 0 };
        left_after[n] = left_after[n + 1] + above;
    }
    for slot in left_after.iter_mut().take(14) {
        *slot += ones;
    }
    left_after[14] = 0;
    let waste = 14 - target;
    cur.clear();
    cur.put(0, 0);
    for number in 1..=14usize {
        // Within a number, tiles of colours not yet processed are still to come.
        let mut left = left_after[number] + if number <= 13 { (0..4).map(|col| held(c, col, number)).sum::<u8>() } else { ones };
        if number <= 13 {
            lay_sets(c, number, Bound { waste, target, left }, cur, next);
        }
        for colour in 0..4 {
            next.clear();
            let h = held(c, colour, number);
            left -= h;
            let bound = Bound { waste, target, left };
            let may_start = number <= 12 && near[colour][number];
            for (key, val) in cur.iter() {
                step_runs(key, val, colour, number, h, may_start, bound, next);
            }
            std::mem::swap(cur, next);
            if std::env::var_os("OKEY_TRACE").is_some() {
                eprintln!("t{target} n{number} c{colour} states {}", cur.iter().count());
            }
        }
    }
    cur.iter()
        .filter(|&(key, _)| {
            let p = positions(key);
            p == 14 || p <= 11
        })
        .map(|(_, val)| val)
        .max()
        .unwrap_or(0)
}

/// Adds every way to lay sets at `number`; each set should keep a tile, so a number with no
/// tiles gets none (an empty set is a filler).
fn lay_sets(c: &Counts, number: usize, bound: Bound, cur: &mut Table, next: &mut Table) {
    let tiles: u8 = (0..4).map(|col| held(c, col, number)).sum();
    if tiles == 0 {
        return;
    }
    next.clear();
    for (key, val) in cur.iter() {
        next.put(key, val);
        for layout in set_layouts() {
            if layout.sets > tiles {
                continue;
            }
            let pos = positions(key) + layout.total;
            // Skip layouts that use a colour the hand lacks here in every set: never better.
            if layout.per_colour.iter().enumerate().all(|(col, &n)| n == 0 || held(c, col, number) == 0) {
                continue;
            }
            // The tiles this layout could keep are counted when each colour is processed.
            let could: u8 = (0..4).map(|col| layout.per_colour[col].min(held(c, col, number))).sum();
            if !bound.admits(pos, val + could) {
                continue;
            }
            // Set positions join the total when their colour is processed.
            next.put(key | layout.bits, val);
        }
    }
    std::mem::swap(cur, next);
}

/// Continues, closes and starts the runs of one colour at one number.
#[allow(clippy::too_many_arguments)]
fn step_runs(key: u64, val: u8, colour: usize, number: usize, h: u8, may_start: bool, bound: Bound, next: &mut Table) {
    let l = lane(key, colour);
    let sets = pending(key, colour);
    let key = without_pending(key, colour);
    if number == 14 && l.one > 0 {
        // A run of one tile cannot reach length 3 past the high 1.
        return;
    }
    let forced = l.one + l.two;
    let from_one_max = if number == 14 { 0 } else { l.from_one };
    for long in 0..=l.long {
        for from_one in 0..=from_one_max {
            let cont = forced + long + from_one;
            let start_max = if may_start { MAX_OPEN.saturating_sub(cont) } else { 0 };
            for start in 0..=start_max {
                let runs = cont + start;
                let need = runs + sets;
                let (gain, extra) = match number {
                    14 => {
                        let low = l.low_need;
                        (
                            h.min(low + need) - h.min(low),
                            (low + need).saturating_sub(2) - low.saturating_sub(2),
                        )
                    }
                    _ => (h.min(need), need.saturating_sub(2)),
                };
                let over = overflow(key) + extra;
                let pos = positions(key) + need;
                if over > 2 || !bound.admits(pos, val + gain) {
                    continue;
                }
                let promoted_from_one = number == 3;
                let nl = if number == 14 {
                    Lane::default()
                } else {
                    Lane {
                        one: start,
                        two: l.one,
                        long: long + if promoted_from_one { 0 } else { l.two },
                        from_one: from_one + if promoted_from_one { l.two } else { 0 },
                        low_need: if number == 1 { need } else { l.low_need },
                    }
                };
                next.put(with_totals(with_lane(key, colour, nl), pos, over), val + gain);
            }
        }
    }
}
