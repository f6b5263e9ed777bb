//! The greatest opening value of a rack (R101-9, R101-14): sets and runs, disjoint, of the
//! greatest total value, okeys counted as the tiles they stand for and placed where they are
//! worth most.
//!
//! Exact by a memoised search around the lowest tile: the lowest plain face left (number by
//! number, colour by colour) is either left over, or lies in a run of its colour whose lower
//! places are okeys, or in a set with tiles of later colours. The rest of the rack is a smaller
//! problem of the same kind, remembered by its counts. Okeys never need a place of their own:
//! every meld holds a plain tile, since only two okeys exist.

use super::Analysis101Error;
use crate::faces::for_each_face;
use crate::lone::lone;
use crate::r101::meld::{Laid, Shape};
use crate::tile::{Colour, Face, Joker, Kind, Role, Tile};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// One meld of a best layout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LaidOut {
    /// Set or run.
    pub shape: Shape,
    /// Indices into the rack, in the meld's order (a run's from low to high).
    pub tiles: Vec<usize>,
    /// The face each tile plays as (an okey as what it stands for, a false joker as the
    /// okey's face).
    pub faces: Vec<Face>,
    /// The meld's value.
    pub value: u16,
}

/// The best opening of a rack.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opening {
    /// The total value (0 when no meld can be made).
    pub value: u16,
    /// The melds, lowest first tile first.
    pub melds: Vec<LaidOut>,
    /// Indices of the rack tiles in no meld.
    pub left: Vec<usize>,
}

impl Opening {
    /// The melds as tiles to lay: `tiles[i]` is the tile of the rack's index `i` (the rack
    /// the opening was found for, as tiles).
    pub fn laid(&self, tiles: &[Tile]) -> Vec<Laid> {
        self.melds
            .iter()
            .map(|m| Laid {
                shape: m.shape,
                tiles: m
                    .tiles
                    .iter()
                    .filter_map(|&i| tiles.get(i))
                    .copied()
                    .collect(),
            })
            .collect()
    }
}

/// Plain face counts (2 bits each) and okeys (bits 104..106) in one key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Counts(u128);

/// Where face index `i` (colour * 13 + number - 1) sits in the key: number-major, so the
/// lowest tile left is the lowest number, and a run taken from it reaches at most 4 numbers
/// further: the states stay few.
fn slot(i: usize) -> usize {
    (i % 13) * 4 + i / 13
}

impl Counts {
    fn get(self, i: usize) -> u8 {
        ((self.0 >> (2 * slot(i))) & 3) as u8
    }
    fn add(self, i: usize) -> Counts {
        Counts(self.0 + (1u128 << (2 * slot(i))))
    }
    fn sub(self, i: usize) -> Counts {
        Counts(self.0 - (1u128 << (2 * slot(i))))
    }
    fn wild(self) -> u8 {
        ((self.0 >> 104) & 3) as u8
    }
    fn sub_wild(self, k: u8) -> Counts {
        Counts(self.0 - (u128::from(k) << 104))
    }
    /// The face index of the lowest tile left, number first, then colour.
    fn lowest(self) -> Option<usize> {
        let plain = self.0 & ((1u128 << 104) - 1);
        (plain != 0).then(|| {
            let s = plain.trailing_zeros() as usize / 2;
            (s % 4) * 13 + s / 4
        })
    }
}

/// A multiply-and-rotate hasher: the keys are already well spread bit patterns.
#[derive(Default)]
struct Quick(u64);

impl Hasher for Quick {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut b = [0u8; 8];
            b[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(b));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(29) ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }
}

type Memo = HashMap<Counts, i32, BuildHasherDefault<Quick>>;

thread_local! {
    /// The memo of the last search on this thread, emptied, kept for its room: a rack's
    /// states are about a hundred, and allocating a table for each rack cost a fifth of a
    /// batch's time.
    static SPARE: std::cell::Cell<Option<Memo>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` with an empty memo, the thread's spare one when it has one.
fn with_memo<T>(f: impl FnOnce(&mut Memo) -> T) -> T {
    let mut memo = SPARE
        .take()
        .unwrap_or_else(|| Memo::with_capacity_and_hasher(192, BuildHasherDefault::default()));
    let out = f(&mut memo);
    memo.clear();
    SPARE.set(Some(memo));
    out
}

/// Bit of the key that says a tile of the forced face has still to be laid.
const MUST_BIT: u32 = 106;
/// The value of a layout that leaves the forced face out: never the best.
const IMPOSSIBLE: i32 = -10_000;

/// A meld for the lowest tile, without allocating: up to 5 places, each a face index and
/// whether an okey fills it, in meld order.
#[derive(Clone, Copy)]
struct Choice {
    shape: Shape,
    places: [(u8, bool); 5],
    len: u8,
}

impl Choice {
    fn new(shape: Shape) -> Choice {
        Choice {
            shape,
            places: [(0, false); 5],
            len: 0,
        }
    }
    fn push(&mut self, face: usize, okey: bool) {
        self.places[usize::from(self.len)] = (face as u8, okey);
        self.len += 1;
    }
    fn places(&self) -> &[(u8, bool)] {
        &self.places[..usize::from(self.len)]
    }
    fn value(&self) -> u16 {
        self.places()
            .iter()
            .map(|(f, _)| u16::from(f % 13) + 1)
            .sum()
    }
    fn apply(&self, mut c: Counts) -> Counts {
        let mut wild = 0;
        for &(f, okey) in self.places() {
            if okey {
                wild += 1;
            } else {
                c = c.sub(usize::from(f));
            }
        }
        c.sub_wild(wild)
    }
    fn faces(&self) -> Vec<Face> {
        self.places()
            .iter()
            .map(|&(f, _)| face(usize::from(f)))
            .collect()
    }
}

fn face(i: usize) -> Face {
    // i < 52 by construction of the counts.
    Face::from_index(i).unwrap_or_else(|| unreachable!("face index {i}"))
}

/// Calls `visit` with every meld the lowest plain tile `i` can lie in, given the counts.
fn choices(c: Counts, i: usize, visit: &mut impl FnMut(&Choice)) {
    let (colour, n) = (i / 13, i % 13 + 1);
    let wild = c.wild();
    // Runs: okeys below n, then each higher place a plain tile or an okey.
    for below in 0..=wild.min(n as u8 - 1) {
        let mut run = Choice::new(Shape::Run);
        for p in n - usize::from(below)..n {
            run.push(colour * 13 + p - 1, true);
        }
        run.push(i, false);
        extend_run(c.sub(i), colour, n + 1, wild - below, &mut run, visit);
    }
    // Sets: later colours of the same number, okeys for the rest.
    for mask in 0u8..16 {
        // Bit k: colour k joins; only later colours that are in the rack.
        let chosen = |k: usize| mask & (1 << k) != 0;
        if (0..4).any(|k| chosen(k) && (k <= colour || c.get(k * 13 + n - 1) == 0)) {
            continue;
        }
        let plain = 1 + mask.count_ones() as u8;
        // As for runs: okeys fill a set only once every free colour of its number is in it.
        let all_in = (colour + 1..4).all(|k| chosen(k) || c.get(k * 13 + n - 1) == 0);
        for okeys in 0..=if all_in { wild } else { 0 } {
            if !(3..=4).contains(&(plain + okeys)) {
                continue;
            }
            let mut set = Choice::new(Shape::Set);
            set.push(i, false);
            for k in (0..4).filter(|&k| chosen(k)) {
                set.push(k * 13 + n - 1, false);
            }
            let mut free = (0..4).filter(|&k| k != colour && !chosen(k));
            for _ in 0..okeys {
                let k = free.next().unwrap_or(colour);
                set.push(k * 13 + n - 1, true);
            }
            visit(&set);
        }
    }
}

fn extend_run(
    c: Counts,
    colour: usize,
    next: usize,
    wild: u8,
    run: &mut Choice,
    visit: &mut impl FnMut(&Choice),
) {
    if run.len >= 3 {
        visit(run);
    }
    // A run of 6 or more splits into two of 3 or more with the same total, so runs of 3 to
    // 5 reach every value; the layout joins neighbouring runs again for display.
    if next > 13 || run.len == 5 {
        return;
    }
    let at = colour * 13 + next - 1;
    if c.get(at) > 0 {
        let mut longer = *run;
        longer.push(at, false);
        extend_run(c.sub(at), colour, next + 1, wild, &mut longer, visit);
    }
    // An okey never stands where a plain tile of that face is still free: swapping the two
    // changes no value, so only the layouts without it need searching.
    else if wild > 0 {
        let mut longer = *run;
        longer.push(at, true);
        extend_run(c, colour, next + 1, wild - 1, &mut longer, visit);
    }
}

/// The best value of the tiles in `c`; while the key's must-bit is set, only layouts that lay
/// a tile of face `must` count (copies are alike, so any of them will do).
fn solve(c: Counts, must: usize, memo: &mut Memo) -> i32 {
    let pending = c.0 >> MUST_BIT & 1 == 1;
    let Some(i) = c.lowest() else {
        return if pending { IMPOSSIBLE } else { 0 };
    };
    if let Some(&v) = memo.get(&c) {
        return v;
    }
    let mut best = solve(c.sub(i), must, memo);
    choices(c, i, &mut |ch| {
        let mut next = ch.apply(c);
        if pending
            && ch
                .places()
                .iter()
                .any(|&(f, okey)| !okey && usize::from(f) == must)
        {
            next = Counts(next.0 & !(1u128 << MUST_BIT));
        }
        best = best.max(i32::from(ch.value()) + solve(next, must, memo));
    });
    memo.insert(c, best);
    best
}

/// Checks a rack for analysis: 1 to 22 tiles, no more copies than exist (R101-1).
pub fn check_rack(kinds: &[Kind], joker: Joker) -> Result<(), Analysis101Error> {
    if !(1..=22).contains(&kinds.len()) {
        return Err(Analysis101Error::Size(kinds.len()));
    }
    crate::notation::check_available(joker.indicator(), kinds)?;
    Ok(())
}

/// The best opening of `kinds` under `joker` (R101-9, R101-14).
pub fn best_opening(kinds: &[Kind], joker: Joker) -> Result<Opening, Analysis101Error> {
    check_rack(kinds, joker)?;
    let mut c = Counts(0);
    // Rack indices by face, and the okeys', to hand out in meld order: a checked rack holds
    // at most two tiles of a face and two okeys.
    let mut by_face = [Pool::default(); 52];
    let mut okeys = Pool::default();
    for (idx, &k) in kinds.iter().enumerate() {
        match joker.role(k) {
            Role::Wild => {
                okeys.push(idx);
                c = Counts(c.0 + (1u128 << 104));
            }
            Role::Plain(f) => {
                by_face[f.index()].push(idx);
                c = c.add(f.index());
            }
        }
    }
    let c = without_loners(c);
    let melds = with_memo(|memo| layout(c, memo, &mut by_face, &mut okeys));
    let value = melds.iter().map(|m| m.value).sum();
    let melds = join_runs(melds);
    let mut used = [false; 22];
    for &t in melds.iter().flat_map(|m| &m.tiles) {
        if let Some(u) = used.get_mut(t) {
            *u = true;
        }
    }
    let left = (0..kinds.len()).filter(|&i| !used[i]).collect();
    Ok(Opening { value, melds, left })
}

/// The melds of a best layout of `c`, lowest first tile first, their tiles taken from the
/// pools of rack indices.
fn layout(c: Counts, memo: &mut Memo, by_face: &mut [Pool; 52], okeys: &mut Pool) -> Vec<LaidOut> {
    let mut melds = Vec::new();
    let mut state = c;
    while let Some(i) = state.lowest() {
        let target = solve(state, 0, memo);
        let mut pick = None;
        choices(state, i, &mut |ch| {
            let value = i32::from(ch.value()) + solve(ch.apply(state), 0, memo);
            if pick.is_none() && value == target {
                pick = Some(*ch);
            }
        });
        match pick {
            Some(ch) => {
                let tiles = ch
                    .places()
                    .iter()
                    .map(|&(f, okey)| {
                        let pool = if okey {
                            &mut *okeys
                        } else {
                            &mut by_face[usize::from(f)]
                        };
                        pool.pop()
                    })
                    .collect();
                melds.push(LaidOut {
                    shape: ch.shape,
                    tiles,
                    faces: ch.faces(),
                    value: ch.value(),
                });
                state = ch.apply(state);
            }
            None => state = state.sub(i),
        }
    }
    melds
}

/// The rack indices of one face's tiles (or the okeys'), handed out last first.
#[derive(Clone, Copy, Default)]
struct Pool {
    at: [usize; 2],
    len: usize,
}

impl Pool {
    fn push(&mut self, idx: usize) {
        // A checked rack has no third copy; were one there, it would only stay off the table.
        if let Some(slot) = self.at.get_mut(self.len) {
            *slot = idx;
            self.len += 1;
        }
    }
    fn pop(&mut self) -> usize {
        if self.len == 0 {
            return usize::MAX;
        }
        self.len -= 1;
        self.at[self.len]
    }
}

/// `c` without the plain tiles that no meld can hold whatever the others do: no two other
/// colours of their number (okeys counting for any) and no three numbers around them in
/// their colour with the okeys filling the gaps. Such a tile is in no meld of any layout, so
/// leaving it out changes neither the best value nor the melds chosen, and spares the search
/// a state per tile.
fn without_loners(c: Counts) -> Counts {
    let held = (0..52).fold(0u64, |m, i| m | u64::from(c.get(i) > 0) << i);
    let mut out = c;
    for_each_face(lone(held, c.wild(), false), |i| {
        for _ in 0..c.get(i) {
            out = out.sub(i);
        }
    });
    out
}

/// The greatest opening value of `kinds` among the layouts that lay the tile at `must`
/// (R101-13: a taken discard must be in the opening); None when no meld can hold it.
pub fn best_value_using(
    kinds: &[Kind],
    joker: Joker,
    must: usize,
) -> Result<Option<u16>, Analysis101Error> {
    check_rack(kinds, joker)?;
    let forced = kinds.get(must).map(|&k| joker.role(k));
    let mut c = Counts(0);
    for &k in kinds {
        c = match joker.role(k) {
            Role::Wild => Counts(c.0 + (1u128 << 104)),
            Role::Plain(f) => c.add(f.index()),
        };
    }
    let value = match forced {
        None => return Ok(None),
        // An okey in the hand can always take the place of a plain tile of some meld, so the
        // best layout can be made to hold it whenever there is a meld at all.
        Some(Role::Wild) => with_memo(|memo| solve(without_loners(c), 0, memo)),
        Some(Role::Plain(f)) => with_memo(|memo| {
            solve(
                Counts(without_loners(c).0 | 1u128 << MUST_BIT),
                f.index(),
                memo,
            )
        }),
    };
    Ok(u16::try_from(value).ok().filter(|&v| v > 0))
}

/// Joins runs of one colour where one ends just below where another starts.
fn join_runs(mut melds: Vec<LaidOut>) -> Vec<LaidOut> {
    let mut out: Vec<LaidOut> = Vec::with_capacity(melds.len());
    melds.sort_by_key(|m| (m.shape != Shape::Run, m.faces.first().map(|f| f.index())));
    for m in melds {
        let follows = |prev: &LaidOut| {
            prev.shape == Shape::Run
                && m.shape == Shape::Run
                && match (prev.faces.last(), m.faces.first()) {
                    (Some(a), Some(b)) => {
                        a.colour == b.colour && a.number.get() + 1 == b.number.get()
                    }
                    _ => false,
                }
        };
        match out.iter_mut().rev().find(|p| follows(p)) {
            Some(prev) => {
                prev.tiles.extend(m.tiles);
                prev.faces.extend(m.faces);
                prev.value += m.value;
            }
            None => out.push(m),
        }
    }
    out
}

/// Whether a tile playing as `me` can make a set or run of three with two of `others`
/// (R101-6, R101-7): used to judge whether a taken discard can still reach the table.
pub fn in_some_meld(me: Role, others: &[Role]) -> bool {
    let wild = others.iter().filter(|r| **r == Role::Wild).count();
    let plain: Vec<Face> = others
        .iter()
        .filter_map(|r| match r {
            Role::Plain(f) => Some(*f),
            Role::Wild => None,
        })
        .collect();
    let Role::Plain(f) = me else {
        // An okey: any two others that meld with a wild, or another okey and any tile.
        return (wild >= 1 && !plain.is_empty())
            || plain.iter().enumerate().any(|(i, a)| {
                plain[i + 1..].iter().any(|b| {
                    (a.number == b.number && a.colour != b.colour)
                        || (a.colour == b.colour
                            && a.number != b.number
                            && a.number.get().abs_diff(b.number.get()) <= 2)
                })
            });
    };
    let colours = Colour::ALL
        .iter()
        .filter(|&&c| c != f.colour && plain.iter().any(|p| p.colour == c && p.number == f.number))
        .count();
    if colours + wild >= 2 {
        return true;
    }
    let n = f.number.get();
    (n.saturating_sub(2).max(1)..=n.min(11)).any(|s| {
        let missing = (s..s + 3)
            .filter(|&p| {
                p != n
                    && !plain
                        .iter()
                        .any(|q| q.colour == f.colour && q.number.get() == p)
            })
            .count();
        missing <= wild
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{parse_indicator, parse_kind};

    fn counts(indicator: &str, tiles: &str) -> Counts {
        let joker = Joker::new(parse_indicator(indicator).unwrap());
        tiles
            .split_whitespace()
            .fold(Counts(0), |c, t| match joker.role(parse_kind(t).unwrap()) {
                Role::Wild => Counts(c.0 + (1u128 << 104)),
                Role::Plain(f) => c.add(f.index()),
            })
    }

    #[test]
    fn r101_9_only_tiles_no_meld_can_hold_are_left_out_of_the_search() {
        // K9 has no neighbour within two and one other colour of its number: no meld.
        let c = counts("B1", "R5 R6 R7 Y9 K9 K12 K12");
        assert_eq!(without_loners(c), counts("B1", "R5 R6 R7"));
        // One okey (B2) makes a set of Y9 and K9; the two K12 still fit no meld (one okey
        // cannot fill two places around a 12, and a set takes one tile of a colour).
        let c = counts("B1", "R5 R6 R7 Y9 K9 K12 K12 B2");
        assert_eq!(without_loners(c), counts("B1", "R5 R6 R7 Y9 K9 B2"));
    }
}
