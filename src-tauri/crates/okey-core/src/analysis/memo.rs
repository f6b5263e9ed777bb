//! Answers to "is the distance of this hand at most `d`?" kept for asking again: a bot's
//! look-ahead asks about the same hands over and over (every guess of the hidden tiles
//! starts from the same rack), and each answer is a search.

use super::counts::Counts;
use super::distance::keeps_more_than;
use crate::tile::{Face, Joker, Kind};
use std::collections::HashMap;

/// Remembered answers of [`distance_at_most`](super::distance_at_most), by the hand's plain
/// tiles per face and okeys, whatever the order of its tiles.
#[derive(Debug, Default, Clone)]
pub struct DistanceMemo {
    answers: HashMap<(u128, u8), bool>,
}

impl DistanceMemo {
    /// An empty memo.
    pub fn new() -> DistanceMemo {
        DistanceMemo::default()
    }

    /// Whether the distance of `hand` is at most `d`, as
    /// [`distance_at_most`](super::distance_at_most) answers it; asked before, from memory.
    pub fn at_most(&mut self, hand: &[Kind], joker: Joker, d: u8) -> bool {
        if d >= 14 {
            return true;
        }
        let c = Counts::of(hand, joker);
        let ask = |c: &Counts| keeps_more_than(c, 13 - d);
        match packed(&c) {
            Some(key) => *self.answers.entry((key, d)).or_insert_with(|| ask(&c)),
            // A hand no deal holds (four of a face, or four okeys): asked afresh each time.
            None => ask(&c),
        }
    }

    /// Answers remembered.
    pub fn len(&self) -> usize {
        self.answers.len()
    }

    /// Whether nothing is remembered yet.
    pub fn is_empty(&self) -> bool {
        self.answers.is_empty()
    }
}

/// The counts in two bits a face and two for the okeys, when each fits.
fn packed(c: &Counts) -> Option<u128> {
    if c.wilds > 3 || c.plain.iter().any(|&n| n > 3) {
        return None;
    }
    let mut key = u128::from(c.wilds) << (2 * Face::COUNT);
    for (f, &n) in c.plain.iter().enumerate() {
        key |= u128::from(n) << (2 * f);
    }
    Some(key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::distance_at_most;
    use crate::notation::{parse_indicator, parse_kind};

    #[test]
    fn r08_the_memo_answers_as_the_search_does_in_any_order() {
        let joker = Joker::new(parse_indicator("K9").unwrap());
        let hand: Vec<Kind> = "R1 R2 R3 Y5 Y6 Y7 B9 Y9 K9 K1 K2 K3 R6 B6 K10"
            .split(' ')
            .map(|t| parse_kind(t).unwrap())
            .collect();
        let mut memo = DistanceMemo::new();
        for d in 0..4 {
            assert_eq!(
                memo.at_most(&hand, joker, d),
                distance_at_most(&hand, joker, d)
            );
        }
        let mut reversed = hand.clone();
        reversed.reverse();
        let before = memo.len();
        for d in 0..4 {
            assert_eq!(
                memo.at_most(&reversed, joker, d),
                distance_at_most(&hand, joker, d)
            );
        }
        assert_eq!(memo.len(), before, "the same hand, answered from memory");
    }
}
