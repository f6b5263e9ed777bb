//! The most tiles of a hand that a seven-pairs 14 (R9) contains.

use super::counts::{faces_with, Counts};
use crate::faces::ALL_FACES;

/// Full pairs keep two tiles; a single keeps two with one of the hand's okeys or one with an
/// outside copy; two okeys pair with each other.
pub(crate) fn max_kept_pairs(c: &Counts) -> u8 {
    let full = c.plain.iter().filter(|&&n| n >= 2).count() as u8;
    let singles = c.plain.iter().filter(|&&n| n == 1).count() as u8;
    kept_by_pairs(full, singles, c.wilds)
}

/// [`max_kept_pairs`] of a hand with `full` faces held at least twice, `singles` held once
/// and `wilds` okeys.
fn kept_by_pairs(full: u8, singles: u8, wilds: u8) -> u8 {
    let full = full.min(7);
    let wilds = wilds.min(2);
    let left = 7 - full;
    let mut best = 0;
    for with_wild in 0..=wilds.min(singles).min(left) {
        for okey_pair in 0..=1u8 {
            if okey_pair == 1 && (wilds - with_wild < 2 || left - with_wild < 1) {
                continue;
            }
            let rest = left - with_wild - okey_pair;
            let lone = (singles - with_wild).min(rest);
            best = best.max(2 * full + 2 * with_wild + 2 * okey_pair + lone);
        }
    }
    best
}

/// The plain draws (a bit per face) that raise what seven pairs of `c` keep above `kept`.
pub(crate) fn raising_pairs(c: &Counts, kept: u8) -> u64 {
    let (once, twice) = (faces_with(&c.plain, 1), faces_with(&c.plain, 2));
    let (full, singles) = (twice.count_ones() as u8, (once & !twice).count_ones() as u8);
    // A draw makes a single of a face not held, a pair of a single, and changes nothing
    // for a face held twice.
    let raises = |full, singles| kept_by_pairs(full, singles, c.wilds) > kept;
    let mut outs = 0;
    if raises(full, singles + 1) {
        outs |= ALL_FACES & !once;
    }
    if singles > 0 && raises(full + 1, singles - 1) {
        outs |= once & !twice;
    }
    if raises(full, singles) {
        outs |= twice;
    }
    outs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::Face;
    use rand::{Rng, SeedableRng};

    #[test]
    fn r09_the_draws_raising_pairs_are_those_a_recount_finds() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        for _ in 0..2_000 {
            let mut c = Counts {
                plain: [0; Face::COUNT],
                wilds: rng.gen_range(0..=2),
            };
            // Hands rich in pairs, where a draw most often matters.
            for _ in 0..rng.gen_range(8..=15) {
                let f = rng.gen_range(0..20);
                c.plain[f] = (c.plain[f] + 1).min(2);
            }
            let kept = max_kept_pairs(&c).saturating_sub(rng.gen_range(0..=1));
            let fast = raising_pairs(&c, kept);
            for f in 0..Face::COUNT {
                let mut with = c;
                with.plain[f] += 1;
                let slow = max_kept_pairs(&with) > kept;
                assert_eq!(fast >> f & 1 != 0, slow, "{c:?} + face {f}, kept {kept}");
            }
        }
    }
}
