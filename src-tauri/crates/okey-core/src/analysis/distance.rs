//! The distance to a win: 14 minus the most tiles of the hand that some winning 14 contains.

use super::counts::Counts;
use crate::tile::{Joker, Kind};

/// Fewest tiles to swap for others to make a winning 14. For 15 tiles this is the distance
/// left after the best discard.
pub fn distance(hand: &[Kind], joker: Joker) -> u8 {
    14 - max_kept(&Counts::of(hand, joker))
}

/// The most tiles of `c` that one winning 14 (within the tile set's limits) contains.
pub(crate) fn max_kept(c: &Counts) -> u8 {
    let _ = c;
    todo!("fast exact solver")
}
