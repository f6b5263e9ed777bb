//! A slow, independent reference for the 101 analysis: every subset of the rack judged as a
//! set or a run by counting, then the best packing of those subsets by bitmask; pairs by
//! trying every partner; lay-offs and swaps by rebuilding the meld and checking it anew.

use okey_core::r101::meld::{place, Shape, TableMeld};
use okey_core::tile::{Joker, Kind, Role};
use std::collections::HashMap;

/// The value of the subset as its best set or run, if it is one (R101-6, R101-7, R101-9).
pub fn subset_value(roles: &[Role]) -> Option<u16> {
    let len = roles.len();
    if !(3..=13).contains(&len) {
        return None;
    }
    let plain: Vec<(usize, u8)> = roles
        .iter()
        .filter_map(|r| match r {
            Role::Plain(f) => Some((f.colour.index(), f.number.get())),
            Role::Wild => None,
        })
        .collect();
    let (c0, n0) = *plain.first()?;
    let mut best = None;
    let mut colours: Vec<usize> = plain.iter().map(|p| p.0).collect();
    colours.sort();
    colours.dedup();
    if len <= 4 && plain.iter().all(|p| p.1 == n0) && colours.len() == plain.len() {
        best = Some(u16::from(n0) * len as u16);
    }
    let mut numbers: Vec<u8> = plain.iter().map(|p| p.1).collect();
    numbers.sort();
    numbers.dedup();
    if plain.iter().all(|p| p.0 == c0) && numbers.len() == plain.len() {
        for start in 1..=(14 - len as u8) {
            let end = start + len as u8 - 1;
            if numbers.iter().all(|n| (start..=end).contains(n)) {
                let v: u16 = (start..=end).map(u16::from).sum();
                best = best.max(Some(v));
            }
        }
    }
    best
}

/// The greatest opening value by packing subsets.
pub fn opening_value(kinds: &[Kind], joker: Joker) -> u16 {
    let (melds, n) = all_melds(kinds, joker);
    let mut memo = HashMap::new();
    pack((1u32 << n) - 1, &melds, &mut memo)
}

/// The greatest value among packings with a meld holding tile `must`; None if none can.
pub fn opening_value_using(kinds: &[Kind], joker: Joker, must: usize) -> Option<u16> {
    let (melds, n) = all_melds(kinds, joker);
    let mut memo = HashMap::new();
    let all = (1u32 << n) - 1;
    melds
        .iter()
        .filter(|(m, _)| m & (1 << must) != 0)
        .map(|&(m, v)| v + pack(all & !m, &melds, &mut memo))
        .max()
}

/// Every subset of the rack that is a set or run, with its best value.
fn all_melds(kinds: &[Kind], joker: Joker) -> (Vec<(u32, u16)>, usize) {
    let roles: Vec<Role> = kinds.iter().map(|&k| joker.role(k)).collect();
    let n = roles.len();
    let mut melds: Vec<(u32, u16)> = Vec::new();
    for mask in 1u32..(1 << n) {
        let c = mask.count_ones() as usize;
        if !(3..=13).contains(&c) {
            continue;
        }
        let sub: Vec<Role> = (0..n)
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| roles[i])
            .collect();
        if let Some(v) = subset_value(&sub) {
            melds.push((mask, v));
        }
    }
    (melds, n)
}

fn pack(free: u32, melds: &[(u32, u16)], memo: &mut HashMap<u32, u16>) -> u16 {
    if free == 0 {
        return 0;
    }
    if let Some(&v) = memo.get(&free) {
        return v;
    }
    let low = free & free.wrapping_neg();
    let mut best = pack(free & !low, melds, memo);
    for &(m, v) in melds {
        if m & low != 0 && m & free == m {
            best = best.max(v + pack(free & !m, melds, memo));
        }
    }
    memo.insert(free, best);
    best
}

/// The most disjoint pairs by trying every partner of the first tile.
pub fn pairs(roles: &[Role]) -> usize {
    let Some((first, rest)) = roles.split_first() else {
        return 0;
    };
    let mut best = pairs(rest);
    for j in 0..rest.len() {
        let ok = match (first, rest[j]) {
            (Role::Plain(a), Role::Plain(b)) => *a == b,
            _ => true,
        };
        if ok {
            let mut others = rest.to_vec();
            others.remove(j);
            best = best.max(1 + pairs(&others));
        }
    }
    best
}

/// Whether `kind` can join `meld` at some place, by rebuilding it and checking it anew.
pub fn fits(meld: &TableMeld, kind: Kind, joker: Joker) -> bool {
    let kinds: Vec<Kind> = meld.tiles.iter().map(|p| p.tile.kind()).collect();
    if meld.shape == Shape::Pair {
        return false;
    }
    (0..=kinds.len()).any(|at| {
        if meld.shape == Shape::Run && at != 0 && at != kinds.len() {
            return false;
        }
        let mut grown = kinds.clone();
        grown.insert(at, kind);
        let Ok(faces) = place(meld.shape, &grown, joker) else {
            return false;
        };
        // The tiles already there keep what they play as, okeys of a set aside.
        let old = faces
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != at)
            .map(|(_, f)| *f);
        meld.shape == Shape::Set || old.eq(meld.tiles.iter().map(|p| p.as_face))
    })
}

/// Whether a tile of `kind` can take the place of some okey of `meld`.
pub fn swaps(meld: &TableMeld, kind: Kind, joker: Joker) -> bool {
    if joker.is_okey(kind) {
        return false;
    }
    meld.tiles.iter().enumerate().any(|(i, p)| {
        if !joker.is_okey(p.tile.kind()) {
            return false;
        }
        let mut kinds: Vec<Kind> = meld.tiles.iter().map(|p| p.tile.kind()).collect();
        kinds[i] = kind;
        match place(meld.shape, &kinds, joker) {
            // In a run the tile must play exactly as the okey did; in a pair, the other
            // tile must not be an okey too.
            Ok(faces) => match meld.shape {
                Shape::Run => faces[i] == p.as_face,
                Shape::Pair => !joker.is_okey(meld.tiles[1 - i].tile.kind()),
                Shape::Set => true,
            },
            Err(_) => false,
        }
    })
}
