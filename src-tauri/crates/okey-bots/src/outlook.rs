//! An exact look two steps ahead, with no sampling: for a hand of 14 (after a discard) it
//! counts the unseen copies that would lower its distance (the outs) and the ordered pairs of
//! unseen copies that would lower it by two, and turns them into the draws the hand should
//! still need to win. Only outs can be part of a pair that lowers the distance by two (a
//! winning 14 keeping two more tiles keeps one more without either of them), so the pairs
//! cost little beyond the outs.

use okey_core::analysis::{distance_at_most, improving_draws};
use okey_core::{Joker, Kind};

/// Live outs a later distance step typically has: how fast the steps past the two counted
/// go, which the hand cannot show yet.
const LATER_OUTS: f64 = 8.0;

/// What the seat knows for the look-ahead.
pub(crate) struct Outlook {
    joker: Joker,
    /// Copies of each kind the seat has not seen, by kind index.
    unseen: [u8; Kind::COUNT],
    /// All unseen copies.
    total: f64,
}

impl Outlook {
    /// `unseen` counts the copies the seat has not seen, its whole rack counted as seen.
    pub(crate) fn new(joker: Joker, unseen: [u8; Kind::COUNT]) -> Outlook {
        let total = unseen.iter().map(|&u| f64::from(u)).sum::<f64>().max(1.0);
        Outlook {
            joker,
            unseen,
            total,
        }
    }

    /// Expected draws a 14-tile `hand` at `distance` (its exact distance) still needs to win.
    pub(crate) fn draws_left(&self, hand: &[Kind], distance: u8) -> f64 {
        if distance == 0 {
            return 0.0;
        }
        // Every out from one search over the hand's best lists.
        let improving = improving_draws(hand, self.joker, distance);
        let outs: Vec<(Kind, f64)> = Kind::all()
            .filter(|k| improving[k.index()] && self.unseen[k.index()] > 0)
            .map(|k| (k, f64::from(self.unseen[k.index()])))
            .collect();
        let first: f64 = outs.iter().map(|&(_, u)| u).sum();
        // A step with no live out can only be made by changing the hand first.
        let step = |outs: f64| self.total / outs.max(0.5);
        if distance == 1 {
            return step(first);
        }
        let mut with = hand.to_vec();
        with.extend([hand[0], hand[0]]);
        let mut pairs = 0.0;
        for (i, &(a, ua)) in outs.iter().enumerate() {
            for &(b, ub) in &outs[i..] {
                // Ordered pairs of copies: either may come first.
                let ordered = if a == b {
                    ua * (ua - 1.0)
                } else {
                    2.0 * ua * ub
                };
                if ordered <= 0.0 {
                    continue;
                }
                let n = with.len();
                with[n - 2] = a;
                with[n - 1] = b;
                if distance_at_most(&with, self.joker, distance - 2) {
                    pairs += ordered;
                }
            }
        }
        // The second step's outs, averaged over the first step's.
        let second = if first > 0.0 { pairs / first } else { 0.0 };
        step(first) + step(second) + f64::from(distance - 2) * self.total / LATER_OUTS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::kinds;
    use okey_core::analysis::distance;
    use okey_core::notation::parse_indicator;

    /// Every copy not in `hand` unseen.
    fn outlook(joker: Joker, hand: &[Kind]) -> Outlook {
        let mut unseen = [2u8; Kind::COUNT];
        for k in hand {
            unseen[k.index()] -= 1;
        }
        Outlook::new(joker, unseen)
    }

    #[test]
    fn r07_a_hand_with_more_outs_expects_fewer_draws() {
        let joker = Joker::new(parse_indicator("K9").unwrap());
        // Either end of three runs finishes the first; only K4 or K7 the second.
        let open = kinds("R2 R3 R4 Y5 Y6 Y7 B9 Y9 K9 R9 K5 K6 K7 B1");
        let closed = kinds("R11 R12 R13 B9 Y9 K9 R9 Y1 B1 K1 R1 K5 K6 B3");
        assert_eq!(distance(&open, joker), 1);
        assert_eq!(distance(&closed, joker), 1);
        let a = outlook(joker, &open).draws_left(&open, 1);
        let b = outlook(joker, &closed).draws_left(&closed, 1);
        assert!(a < b, "{a} vs {b}");
    }

    #[test]
    fn r08_a_farther_hand_expects_more_draws() {
        let joker = Joker::new(parse_indicator("K9").unwrap());
        let near = kinds("R2 R3 R4 Y5 Y6 Y7 B9 Y9 K9 R9 K5 K6 K7 B1");
        let far = kinds("R1 R2 R3 Y5 Y6 Y7 B9 Y9 K9 K1 K2 K3 R6 B6");
        assert_eq!(distance(&far, joker), 2);
        let a = outlook(joker, &near).draws_left(&near, 1);
        let b = outlook(joker, &far).draws_left(&far, 2);
        assert!(a < b, "{a} vs {b}");
        assert_eq!(outlook(joker, &near).draws_left(&near, 0), 0.0);
    }
}
