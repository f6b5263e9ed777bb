//! The greatest opening value of a rack (R101-9, R101-14): sets and runs, disjoint, of the
//! greatest total value, okeys counted as the tiles they stand for and placed where they are
//! worth most.
//!
//! Exact by a memoised search around the lowest tile: the lowest plain face left (colour by
//! colour, number by number) is either left over, or lies in a run of its colour whose lower
//! places are okeys, or in a set with tiles of later colours. The rest of the rack is a smaller
//! problem of the same kind, remembered by its counts. Okeys never need a place of their own:
//! every meld holds a plain tile, since only two okeys exist.

use super::Analysis101Error;
use crate::r101::meld::Shape;
use crate::tile::{Colour, Face, Joker, Kind, Role};
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

/// Plain face counts (2 bits each) and okeys (bits 104..106) in one key.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Counts(u128);

impl Counts {
    fn get(self, i: usize) -> u8 {
        ((self.0 >> (2 * i)) & 3) as u8
    }
    fn sub(self, i: usize) -> Counts {
        Counts(self.0 - (1u128 << (2 * i)))
    }
    fn wild(self) -> u8 {
        ((self.0 >> 104) & 3) as u8
    }
    fn sub_wild(self, k: u8) -> Counts {
        Counts(self.0 - (u128::from(k) << 104))
    }
    fn lowest(self) -> Option<usize> {
        let plain = self.0 & ((1u128 << 104) - 1);
        (plain != 0).then(|| plain.trailing_zeros() as usize / 2)
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

type Memo = HashMap<Counts, u16, BuildHasherDefault<Quick>>;

/// A meld choice for the lowest tile: which faces (as plain tiles), how many okeys, which
/// faces they stand for, in meld order.
struct Choice {
    shape: Shape,
    /// Per place: the face and whether an okey fills it.
    places: Vec<(Face, bool)>,
}

impl Choice {
    fn value(&self) -> u16 {
        self.places
            .iter()
            .map(|(f, _)| u16::from(f.number.get()))
            .sum()
    }
    fn apply(&self, mut c: Counts) -> Counts {
        let mut wild = 0;
        for (f, okey) in &self.places {
            if *okey {
                wild += 1;
            } else {
                c = c.sub(f.index());
            }
        }
        c.sub_wild(wild)
    }
}

fn face(i: usize) -> Face {
    // i < 52 by construction of the counts.
    Face::from_index(i).unwrap_or_else(|| unreachable!("face index {i}"))
}

/// Every meld the lowest plain tile `i` can lie in, given the counts.
fn choices(c: Counts, i: usize) -> Vec<Choice> {
    let mut out = Vec::new();
    let (colour, n) = (i / 13, i % 13 + 1);
    let wild = c.wild();
    // Runs: okeys below n, then each higher place a plain tile or an okey.
    for below in 0..=wild.min(n as u8 - 1) {
        let start = n - usize::from(below);
        let mut places: Vec<(Face, bool)> = (start..n)
            .map(|p| (face(colour * 13 + p - 1), true))
            .collect();
        places.push((face(i), false));
        extend_run(c.sub(i), colour, n + 1, wild - below, &mut places, &mut out);
    }
    // Sets: later colours of the same number, okeys for the rest.
    let later: Vec<usize> = (colour + 1..4)
        .filter(|&k| c.get(k * 13 + n - 1) > 0)
        .collect();
    for mask in 0u8..(1 << later.len()) {
        let chosen: Vec<usize> = (0..later.len())
            .filter(|b| mask & (1 << b) != 0)
            .map(|b| later[b])
            .collect();
        for okeys in 0..=wild {
            let size = 1 + chosen.len() + usize::from(okeys);
            if !(3..=4).contains(&size) {
                continue;
            }
            let mut places = vec![(face(i), false)];
            places.extend(chosen.iter().map(|&k| (face(k * 13 + n - 1), false)));
            let mut free = (0..4).filter(|k| *k != colour && !chosen.contains(k));
            for _ in 0..okeys {
                let k = free.next().unwrap_or(colour);
                places.push((face(k * 13 + n - 1), true));
            }
            out.push(Choice {
                shape: Shape::Set,
                places,
            });
        }
    }
    out
}

fn extend_run(
    c: Counts,
    colour: usize,
    next: usize,
    wild: u8,
    places: &mut Vec<(Face, bool)>,
    out: &mut Vec<Choice>,
) {
    if places.len() >= 3 {
        out.push(Choice {
            shape: Shape::Run,
            places: places.clone(),
        });
    }
    if next > 13 {
        return;
    }
    let at = colour * 13 + next - 1;
    if c.get(at) > 0 {
        places.push((face(at), false));
        extend_run(c.sub(at), colour, next + 1, wild, places, out);
        places.pop();
    }
    if wild > 0 {
        places.push((face(at), true));
        extend_run(c, colour, next + 1, wild - 1, places, out);
        places.pop();
    }
}

fn solve(c: Counts, memo: &mut Memo) -> u16 {
    let Some(i) = c.lowest() else { return 0 };
    if let Some(&v) = memo.get(&c) {
        return v;
    }
    let mut best = solve(c.sub(i), memo);
    for choice in choices(c, i) {
        best = best.max(choice.value() + solve(choice.apply(c), memo));
    }
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
    // Rack indices by face, and the okeys', to hand out in meld order.
    let mut by_face: Vec<Vec<usize>> = vec![Vec::new(); 52];
    let mut okeys: Vec<usize> = Vec::new();
    for (idx, &k) in kinds.iter().enumerate() {
        match joker.role(k) {
            Role::Wild => {
                okeys.push(idx);
                c = Counts(c.0 + (1u128 << 104));
            }
            Role::Plain(f) => {
                by_face[f.index()].push(idx);
                c = Counts(c.0 + (1u128 << (2 * f.index())));
            }
        }
    }
    let mut memo = Memo::default();
    let value = solve(c, &mut memo);
    let mut melds = Vec::new();
    let mut state = c;
    while let Some(i) = state.lowest() {
        let target = solve(state, &mut memo);
        let pick = choices(state, i)
            .into_iter()
            .find(|ch| ch.value() + solve(ch.apply(state), &mut memo) == target);
        match pick {
            Some(ch) => {
                let tiles = ch
                    .places
                    .iter()
                    .map(|(f, okey)| {
                        let pool = if *okey {
                            &mut okeys
                        } else {
                            &mut by_face[f.index()]
                        };
                        pool.pop().unwrap_or(usize::MAX)
                    })
                    .collect();
                melds.push(LaidOut {
                    shape: ch.shape,
                    tiles,
                    faces: ch.places.iter().map(|(f, _)| *f).collect(),
                    value: ch.value(),
                });
                state = ch.apply(state);
            }
            None => state = state.sub(i),
        }
    }
    let used: Vec<usize> = melds.iter().flat_map(|m| m.tiles.clone()).collect();
    let left = (0..kinds.len()).filter(|i| !used.contains(i)).collect();
    Ok(Opening { value, melds, left })
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
