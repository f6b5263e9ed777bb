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
        self.draws_left_below(hand, distance, f64::INFINITY)
            .unwrap_or(f64::INFINITY)
    }

    /// [`Outlook::draws_left`] when it is below `limit`, else None; the pairs of outs, which
    /// cost most, are only counted when the outs alone leave it possibly below.
    pub(crate) fn draws_left_below(&self, hand: &[Kind], distance: u8, limit: f64) -> Option<f64> {
        if distance == 0 {
            return (0.0 < limit).then_some(0.0);
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
            let left = step(first);
            return (left < limit).then_some(left);
        }
        let later = f64::from(distance - 2) * self.total / LATER_OUTS;
        // The second step has fewer outs than the first (its ordered pairs number at most
        // first * (first - 1)), so it takes at least as many draws.
        if step(first) + step(first) + later >= limit {
            return None;
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
        let left = step(first) + step(second) + later;
        (left < limit).then_some(left)
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

    #[test]
    fn r08_a_limit_answers_as_the_full_count_does() {
        let joker = Joker::new(parse_indicator("K9").unwrap());
        for (hand, d) in [
            ("R1 R2 R3 Y5 Y6 Y7 B9 Y9 K9 K1 K2 K3 R6 B6", 2),
            ("R2 R3 R4 Y5 Y6 Y7 B9 Y9 K9 R9 K5 K6 K7 B1", 1),
            ("R1 R4 R8 Y2 Y6 Y11 B3 B9 K9 K1 K5 K12 R12 B13", 6),
        ] {
            let hand = kinds(hand);
            assert_eq!(distance(&hand, joker), d);
            let o = outlook(joker, &hand);
            let full = o.draws_left(&hand, d);
            assert_eq!(o.draws_left_below(&hand, d, full + 0.5), Some(full));
            assert_eq!(o.draws_left_below(&hand, d, full), None);
            // Far below: the outs alone rule it out.
            assert_eq!(o.draws_left_below(&hand, d, full / 4.0), None);
        }
    }
}
