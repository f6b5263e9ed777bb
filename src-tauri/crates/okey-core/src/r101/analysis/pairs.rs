//! The greatest number of disjoint pairs in a rack (R101-8, R101-15).

use crate::tile::{Joker, Kind, Role};

/// The most disjoint pairs of `kinds`, as pairs of rack indices: identical plain tiles first,
/// then okeys with the highest single tiles left, then two okeys together.
pub fn best_pairs(kinds: &[Kind], joker: Joker) -> Vec<(usize, usize)> {
    let mut by_face: Vec<Vec<usize>> = vec![Vec::new(); 52];
    let mut okeys = Vec::new();
    for (i, &k) in kinds.iter().enumerate() {
        match joker.role(k) {
            Role::Wild => okeys.push(i),
            Role::Plain(f) => by_face[f.index()].push(i),
        }
    }
    let mut pairs = Vec::new();
    let mut singles = Vec::new();
    for (face, idx) in by_face.iter().enumerate() {
        for two in idx.chunks(2) {
            match two {
                [a, b] => pairs.push((*a, *b)),
                [a] => singles.push((face % 13, *a)),
                _ => {}
            }
        }
    }
    // Singles left in the hand count against it, so the okeys take the highest.
    singles.sort_by(|a, b| b.cmp(a));
    let mut singles = singles.into_iter();
    while let Some(okey) = okeys.pop() {
        match singles.next() {
            Some((_, s)) => pairs.push((s, okey)),
            None => match okeys.pop() {
                Some(other) => pairs.push((other, okey)),
                None => break,
            },
        }
    }
    pairs
}
