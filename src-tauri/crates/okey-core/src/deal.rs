//! The deal of a round (R13): the traditional stacks and dice, or the simple shuffle. Both
//! return the hands, the pile in drawing order, the indicator and a record a replay can show.
//!
//! # The stacks deal, exactly
//!
//! Positions count from the starter (the dealer's right neighbour) anticlockwise, so with `n`
//! players position `n - 1` is the dealer.
//!
//! 1. The 106 shuffled tiles are built into 21 stacks of 5 (tiles `5k..5k+5` of the shuffle
//!    form stack `k`, bottom first); the 106th tile is the spare.
//! 2. The stacks stand in a line around the table: 6 in front of the dealer, numbered 0..6
//!    from the dealer's left to right, then the other 15 shared as evenly as possible by the
//!    other players going right from the dealer (4 players 6/5/5/5, 3 players 6/8/7,
//!    2 players 6/15). Numbering carries on past the dealer's right, so stack `k + 1` is to
//!    the right of stack `k` and stack 0 follows stack 20.
//! 3. The first throw `d` picks stack `d - 1`, always one in front of the dealer; the spare
//!    goes on top of it, making 6.
//! 4. The second throw `h` picks the `h`-th tile of that stack counted from the bottom. While
//!    it is a false joker the die is thrown again; every throw is recorded. The picked tile
//!    is the indicator, laid face up on top; the other 5 keep their order beneath it.
//! 5. Handing out starts with the stack after the chosen one and goes right around the line:
//!    whole stacks go to positions 0, 1, .., n-1, twice round (10 tiles each). The next
//!    tiles, taken from the top of each stack down and stack after stack, go 5 to the
//!    starter and 4 to each other position in turn. With 4 players this is the seed's
//!    "whole stack, top 4, last 1 and top 3, last 2 and top 2"; with 3 and 2 players the same
//!    steps simply stop after fewer seats.
//! 6. The pile is what remains, drawn on in the same order: the rest of the part-used stack,
//!    the following stacks top first, and last the 5 tiles under the indicator. The indicator
//!    itself is never drawn (unless R16 adds it at the very end; the round does that).

use crate::rules::DealKind;
use crate::tile::{Face, Kind, Tile};
use rand::seq::SliceRandom;
use rand::Rng;
use serde::{Deserialize, Serialize};

/// Stacks built for the traditional deal.
pub const STACKS: usize = 21;
/// Tiles in a stack as built.
pub const STACK_HEIGHT: usize = 5;
/// Stacks in front of the dealer: at least as many as a die shows, so the first throw always
/// lands there.
const DEALER_STACKS: usize = 6;

/// The dice of a stacks deal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Dice {
    /// The first throw: which of the dealer's stacks, from its left (1..=6).
    pub first: u8,
    /// Every second throw in order: the tile from the bottom of the chosen stack. All but
    /// the last picked a false joker.
    pub second: Vec<u8>,
}

/// Everything a replay needs to show a stacks deal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StackDeal {
    /// Stacks in front of each position, from the dealer going right.
    pub layout: Vec<u8>,
    /// The 21 stacks as built, each from bottom to top.
    pub stacks: Vec<Vec<Tile>>,
    /// The tile left over, laid on the chosen stack.
    pub spare: Tile,
    /// The dice.
    pub dice: Dice,
    /// Index of the chosen stack in `stacks`.
    pub chosen: usize,
}

/// How a round was dealt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum DealRecord {
    /// The traditional deal.
    Stacks(StackDeal),
    /// The simple deal: the shuffled tiles, handed out from the front.
    Simple {
        /// All 106 tiles in shuffled order.
        order: Vec<Tile>,
    },
}

impl DealRecord {
    /// The dice, for a stacks deal.
    pub fn dice(&self) -> Option<&Dice> {
        match self {
            DealRecord::Stacks(s) => Some(&s.dice),
            DealRecord::Simple { .. } => None,
        }
    }
}

/// The outcome of a deal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Dealt {
    /// Hands by position; position 0 is the starter with 15 tiles.
    pub hands: Vec<Vec<Tile>>,
    /// The pile, first tile to draw first.
    pub pile: Vec<Tile>,
    /// The face-up indicator, never a false joker.
    pub indicator: Tile,
    /// The indicator's face.
    pub face: Face,
    /// What happened, for replays.
    pub record: DealRecord,
}

/// Deals a round for `players` (2..=4) players.
pub(crate) fn deal(kind: DealKind, players: usize, rng: &mut impl Rng) -> Dealt {
    let mut tiles: Vec<Tile> = Tile::all().collect();
    tiles.shuffle(rng);
    match kind {
        DealKind::Stacks => stacks(tiles, players, rng),
        DealKind::Simple => simple(tiles, players),
    }
}

fn throw(rng: &mut impl Rng) -> u8 {
    rng.gen_range(1..=6)
}

/// Stacks per position from the dealer going right (step 2 of the module doc).
fn layout(players: usize) -> Vec<u8> {
    let others = players.saturating_sub(1).max(1);
    let rest = STACKS - DEALER_STACKS;
    let mut layout = vec![DEALER_STACKS as u8];
    layout.extend((0..others).map(|i| (rest / others + usize::from(i < rest % others)) as u8));
    layout
}

fn stacks(tiles: Vec<Tile>, players: usize, rng: &mut impl Rng) -> Dealt {
    // A shuffled set always holds 106 tiles: 21 stacks of 5 and the spare.
    let spare = tiles[STACKS * STACK_HEIGHT];
    let stacks: Vec<Vec<Tile>> = tiles[..STACKS * STACK_HEIGHT]
        .chunks(STACK_HEIGHT)
        .map(<[Tile]>::to_vec)
        .collect();
    let first = throw(rng);
    let chosen = usize::from(first - 1);
    let mut tall = stacks[chosen].clone();
    tall.push(spare);
    let mut second = Vec::new();
    let (height, face) = loop {
        let h = throw(rng);
        second.push(h);
        if let Kind::Face(face) = tall[usize::from(h - 1)].kind() {
            break (usize::from(h - 1), face);
        }
    };
    let indicator = tall.remove(height);

    // Stacks after the chosen one, in handing-out order, each top first; the chosen stack
    // (now the 5 under the indicator) comes last.
    let mut line = (1..STACKS).map(|k| top_first(&stacks[(chosen + k) % STACKS]));
    let mut hands = vec![Vec::new(); players];
    for _ in 0..2 {
        for hand in hands.iter_mut() {
            hand.extend(line.next().unwrap_or_default());
        }
    }
    let mut rest = line.flatten().chain(top_first(&tall));
    for (pos, hand) in hands.iter_mut().enumerate() {
        let n = if pos == 0 { 5 } else { 4 };
        hand.extend(rest.by_ref().take(n));
    }
    Dealt {
        hands,
        pile: rest.collect(),
        indicator,
        face,
        record: DealRecord::Stacks(StackDeal {
            layout: layout(players),
            stacks,
            spare,
            dice: Dice { first, second },
            chosen,
        }),
    }
}

/// A stack's tiles from the top down.
fn top_first(stack: &[Tile]) -> Vec<Tile> {
    stack.iter().rev().copied().collect()
}

/// The simple deal of `tiles` in the order given.
pub(crate) fn simple(tiles: Vec<Tile>, players: usize) -> Dealt {
    let (hands, pile, indicator, face) = hand_out(&tiles, players, 15);
    Dealt {
        hands,
        pile,
        indicator,
        face,
        record: DealRecord::Simple { order: tiles },
    }
}

/// The simple deal of either game: `starter` tiles to position 0, one fewer to each other
/// position, then the first numbered tile left turned up as the indicator (a random one,
/// since the order is shuffled); the rest is the pile in drawing order.
pub(crate) fn hand_out(
    order: &[Tile],
    players: usize,
    starter: usize,
) -> (Vec<Vec<Tile>>, Vec<Tile>, Tile, Face) {
    let mut rest = order.iter().copied();
    let hands = (0..players)
        .map(|pos| {
            let n = if pos == 0 { starter } else { starter - 1 };
            rest.by_ref().take(n).collect()
        })
        .collect();
    let mut pile: Vec<Tile> = rest.collect();
    let (at, face) = pile
        .iter()
        .enumerate()
        .find_map(|(i, t)| t.kind().face().map(|f| (i, f)))
        .expect("the pile holds at least 20 tiles, at most 2 of them false jokers");
    let indicator = pile.remove(at);
    (hands, pile, indicator, face)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn dealt(kind: DealKind, players: usize, seed: u64) -> Dealt {
        deal(kind, players, &mut ChaCha8Rng::seed_from_u64(seed))
    }

    fn all_tiles(d: &Dealt) -> Vec<Tile> {
        let mut all: Vec<Tile> = d.hands.iter().flatten().chain(&d.pile).copied().collect();
        all.push(d.indicator);
        all.sort();
        all
    }

    #[test]
    fn r13_stacks_deal_hands_out_15_and_14() {
        for kind in [DealKind::Stacks, DealKind::Simple] {
            for players in 2..=4 {
                for seed in 0..50 {
                    let d = dealt(kind, players, seed);
                    assert_eq!(d.hands[0].len(), 15);
                    assert!(d.hands[1..].iter().all(|h| h.len() == 14));
                    assert_eq!(all_tiles(&d), Tile::all().collect::<Vec<_>>());
                    assert_ne!(d.indicator.kind(), Kind::FalseJoker);
                }
            }
        }
    }

    #[test]
    fn r13_stacks_deal_follows_the_stacks_in_order() {
        let d = dealt(DealKind::Stacks, 4, 7);
        let DealRecord::Stacks(rec) = &d.record else {
            panic!("stacks deal")
        };
        assert_eq!(rec.layout, vec![6, 5, 5, 5]);
        assert_eq!(rec.chosen, usize::from(rec.dice.first - 1));
        let stack = |k: usize| top_first(&rec.stacks[(rec.chosen + k) % STACKS]);
        // The starter takes stacks a and e and then i whole (the seed's picture).
        let starter: Vec<Tile> = [stack(1), stack(5), stack(9)].concat();
        assert_eq!(d.hands[0], starter);
        // Opposite the dealer: b, f and the top 4 of j.
        assert_eq!(
            d.hands[1],
            [stack(2), stack(6), stack(10)[..4].to_vec()].concat()
        );
        // The dealer's left: c, g, the last of j and the top 3 of k.
        assert_eq!(
            d.hands[2],
            [
                stack(3),
                stack(7),
                stack(10)[4..].to_vec(),
                stack(11)[..3].to_vec()
            ]
            .concat()
        );
        // The dealer: d, h, the last 2 of k and the top 2 of l.
        assert_eq!(
            d.hands[3],
            [
                stack(4),
                stack(8),
                stack(11)[3..].to_vec(),
                stack(12)[..2].to_vec()
            ]
            .concat()
        );
        assert_eq!(d.pile[0], stack(12)[2]);
    }

    #[test]
    fn r13_stacks_deal_runs_the_same_steps_around_two_and_three() {
        let d = dealt(DealKind::Stacks, 2, 8);
        let DealRecord::Stacks(rec) = &d.record else {
            panic!("stacks deal")
        };
        let stack = |k: usize| top_first(&rec.stacks[(rec.chosen + k) % STACKS]);
        assert_eq!(d.hands[0], [stack(1), stack(3), stack(5)].concat());
        assert_eq!(
            d.hands[1],
            [stack(2), stack(4), stack(6)[..4].to_vec()].concat()
        );
        assert_eq!(d.pile[0], stack(6)[4]);
        let d = dealt(DealKind::Stacks, 3, 8);
        let DealRecord::Stacks(rec) = &d.record else {
            panic!("stacks deal")
        };
        let stack = |k: usize| top_first(&rec.stacks[(rec.chosen + k) % STACKS]);
        assert_eq!(d.hands[0], [stack(1), stack(4), stack(7)].concat());
        assert_eq!(
            d.hands[1],
            [stack(2), stack(5), stack(8)[..4].to_vec()].concat()
        );
        let third = [
            stack(3),
            stack(6),
            stack(8)[4..].to_vec(),
            stack(9)[..3].to_vec(),
        ]
        .concat();
        assert_eq!(d.hands[2], third);
        assert_eq!(d.pile[..2], stack(9)[3..]);
    }

    #[test]
    fn r13_indicator_is_picked_by_the_dice_and_the_five_under_it_come_last() {
        for players in 2..=4 {
            for seed in 0..200 {
                let d = dealt(DealKind::Stacks, players, seed);
                let DealRecord::Stacks(rec) = &d.record else {
                    panic!("stacks deal")
                };
                let mut tall = rec.stacks[rec.chosen].clone();
                tall.push(rec.spare);
                let (last, rethrows) = rec.dice.second.split_last().unwrap();
                assert_eq!(tall[usize::from(*last - 1)], d.indicator);
                for h in rethrows {
                    assert_eq!(tall[usize::from(*h - 1)].kind(), Kind::FalseJoker);
                }
                tall.retain(|&t| t != d.indicator);
                tall.reverse();
                assert_eq!(d.pile[d.pile.len() - 5..], tall[..]);
            }
        }
    }

    #[test]
    fn r13_stacks_deal_rethrows_on_a_false_joker() {
        let rethrown = (0..2000).find(|&seed| {
            let d = dealt(DealKind::Stacks, 4, seed);
            d.record.dice().is_some_and(|dice| dice.second.len() > 1)
        });
        assert!(rethrown.is_some(), "some seed throws a false joker first");
    }

    #[test]
    fn r13_layout_around_smaller_tables() {
        assert_eq!(layout(3), vec![6, 8, 7]);
        assert_eq!(layout(2), vec![6, 15]);
    }
}
