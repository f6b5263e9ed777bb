//! The hard bot's look-ahead on one guess of the hidden tiles: its own next turns played
//! alone, drawing what that guess puts in the pile. It never sees the real game.

use crate::tactics::{bond, face_of};
use okey_core::analysis::{DistanceMemo, Verdict, Witness};
use okey_core::{Joker, Kind};

/// One guess of the whole table, players by position from the bot (position 0) in playing
/// order.
#[derive(Debug, Clone)]
pub(crate) struct World {
    pub joker: Joker,
    /// Every rack; position 0 is the bot's own.
    pub hands: Vec<Vec<Kind>>,
    /// The pile, top last.
    pub pile: Vec<Kind>,
}

impl World {
    /// Plays the bot's own next `horizon` turns alone: each draw is the tile the pile would
    /// give it if every player drew from the pile, and each discard is the loosest tile that
    /// keeps the exact distance smallest. `hand` is the bot's rack after its discard, at
    /// distance `d`. Returns the sum of the distances after each turn: the smaller, the
    /// faster the hand closes (a finished hand adds 0 from then on). Answers go to `memo`,
    /// which the races of one decision share: they start from the same racks.
    pub(crate) fn race(
        &self,
        mut hand: Vec<Kind>,
        mut d: u8,
        horizon: usize,
        memo: &mut DistanceMemo,
    ) -> u32 {
        let n = self.hands.len();
        let mut sum = 0u32;
        // Tiles of a winning 14 that keep the hand at `d`, once a search has shown some.
        let mut shown: Option<Witness> = None;
        for turn in 0..horizon {
            if d == 0 {
                break;
            }
            let from_top = (turn + 1) * n;
            let Some(drawn) = self.pile.len().checked_sub(from_top).map(|i| self.pile[i]) else {
                // The pile runs out: the distance stays for the turns left.
                sum += u32::from(d) * (horizon - turn) as u32;
                break;
            };
            hand.push(drawn);
            // A draw that does not lower the distance leaves the tiles shown in the hand.
            if let Verdict::Within(witness) = memo.verdict(&hand, self.joker, d - 1) {
                d -= 1;
                shown = witness;
            }
            if d == 0 {
                break;
            }
            shown = throw_loosest(&mut hand, d, self.joker, memo, shown);
            sum += u32::from(d);
        }
        sum
    }
}

/// Throws the loosest tile of 15 whose discard leaves distance `d` (the best there is), and
/// returns tiles of a winning 14 that keep the rest at `d`, when known. `shown` are such
/// tiles of the 15, when known: a discard that leaves them all (a kind the hand holds more
/// of than they keep) needs no search.
fn throw_loosest(
    hand: &mut Vec<Kind>,
    d: u8,
    joker: Joker,
    memo: &mut DistanceMemo,
    shown: Option<Witness>,
) -> Option<Witness> {
    let mut order: Vec<(u32, usize)> = (0..hand.len())
        .map(|i| (looseness(hand, i, joker), i))
        .collect();
    order.sort_unstable();
    let (mut thrown, mut left) = (order[0].1, None);
    for &(_, i) in &order {
        let kind = hand[i];
        if shown.is_some_and(|w| {
            hand.iter().filter(|&&k| k == kind).count() > w.keeps(kind, joker).into()
        }) {
            (thrown, left) = (i, shown);
            break;
        }
        let mut rest = hand.clone();
        rest.swap_remove(i);
        if let Verdict::Within(witness) = memo.verdict(&rest, joker, d) {
            (thrown, left) = (i, witness);
            break;
        }
    }
    hand.swap_remove(thrown);
    left
}

/// How little the tile at `i` bonds with the rest of the hand (okeys are never loose).
fn looseness(hand: &[Kind], i: usize, joker: Joker) -> u32 {
    let Some(f) = face_of(hand[i], joker) else {
        return u32::MAX;
    };
    hand.iter()
        .enumerate()
        .filter(|&(j, _)| j != i)
        .filter_map(|(_, &k)| face_of(k, joker).map(|g| bond(f, g)))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::kinds;
    use okey_core::analysis::distance;
    use okey_core::notation::parse_indicator;

    /// A two-player world whose pile gives the bot `draws` on its turns, the other player
    /// drawing a B13 before each.
    fn world(joker: Joker, draws: &str) -> World {
        let mut from_top = Vec::new();
        for k in kinds(draws) {
            from_top.push(kinds("B13")[0]);
            from_top.push(k);
        }
        World {
            joker,
            hands: vec![Vec::new(), Vec::new()],
            pile: from_top.into_iter().rev().collect(),
        }
    }

    #[test]
    fn r08_a_race_rewards_the_draws_that_close_the_hand() {
        let joker = Joker::new(parse_indicator("K9").unwrap());
        // Distance 2: K4 and R9 would make K1-K4 and a set of four 9s, R6 and B6 going.
        let hand = kinds("R1 R2 R3 Y5 Y6 Y7 B9 Y9 K9 K1 K2 K3 R6 B6");
        let d = distance(&hand, joker);
        assert_eq!(d, 2);
        let lucky = world(joker, "K4 R9 B13 B13");
        let unlucky = world(joker, "B13 Y1 B1 Y2");
        let fast = lucky.race(hand.clone(), d, 4, &mut DistanceMemo::new());
        let slow = unlucky.race(hand, d, 4, &mut DistanceMemo::new());
        assert!(fast < slow, "{fast} vs {slow}");
        assert_eq!(fast, 1, "one turn at distance 1, then a finish");
    }

    #[test]
    fn r17_an_empty_pile_keeps_the_distance() {
        let joker = Joker::new(parse_indicator("K9").unwrap());
        let hand = kinds("R1 R2 R3 Y5 Y6 Y7 B9 Y9 K9 K1 K2 K3 R6 B6");
        let empty = World {
            joker,
            hands: vec![Vec::new(); 4],
            pile: Vec::new(),
        };
        assert_eq!(empty.race(hand, 2, 5, &mut DistanceMemo::new()), 10);
    }
}
