//! The most tiles of a hand that a seven-pairs 14 (R9) contains.

use super::counts::Counts;

/// Full pairs keep two tiles; a single keeps two with one of the hand's okeys or one with an
/// outside copy; two okeys pair with each other.
pub(crate) fn max_kept_pairs(c: &Counts) -> u8 {
    let full = c.plain.iter().filter(|&&n| n >= 2).count() as u8;
    let singles = c.plain.iter().filter(|&&n| n == 1).count() as u8;
    kept_by_pairs(full, singles, c.wilds)
}

/// [`max_kept_pairs`] of a hand with `full` faces held at least twice, `singles` held once
/// and `wilds` okeys.
pub(crate) fn kept_by_pairs(full: u8, singles: u8, wilds: u8) -> u8 {
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
