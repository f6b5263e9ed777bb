//! The 101 deal (R101-4): 22 tiles to the starter, 21 to every other player, one numbered tile
//! face up as the indicator, the rest the pile.
//!
//! The stacks deal, exactly: the 106 shuffled tiles are built into 15 stacks of 7 (tiles
//! `7k..7k+7` form stack `k`, bottom first) and one loose tile. The first die `d` picks stack
//! `d - 1` (in front of the dealer). The second die `h` picks its `h`-th tile from the bottom,
//! thrown again while that is a false joker; that tile is the indicator and the other 6 stay
//! under it. Starting with the stack after the chosen one, whole stacks go to the starter, the
//! next seat and so on, three rounds of the table; the loose tile goes to the starter. The pile
//! is the remaining stacks in order, each top first, and last the 6 under the indicator.

use super::rules::Deal101;
use crate::deal::Dice;
use crate::tile::{Face, Kind, Tile};
use rand::seq::SliceRandom;
use rand::Rng;
use serde::{Deserialize, Serialize};

/// Stacks of the 101 stacks deal.
pub const STACKS: usize = 15;
/// Tiles in each stack.
pub const STACK_HEIGHT: usize = 7;

/// How a round was dealt, for a replay to show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum DealRecord101 {
    /// The shuffled order, handed out in order.
    Simple {
        /// The 106 tiles as shuffled.
        order: Vec<Tile>,
    },
    /// The stacks, the loose tile and the dice.
    Stacks {
        /// The 15 stacks, bottom first.
        stacks: Vec<Vec<Tile>>,
        /// The loose tile.
        loose: Tile,
        /// The throws.
        dice: Dice,
    },
}

/// A dealt round.
#[derive(Debug, Clone)]
pub(crate) struct Dealt101 {
    pub hands: Vec<Vec<Tile>>,
    /// The pile in drawing order: `pile[0]` is drawn first.
    pub pile: Vec<Tile>,
    pub indicator: Tile,
    pub face: Face,
    pub record: DealRecord101,
}

/// Deals for `players` (2..=4); hand 0 is the starter's.
pub(crate) fn deal(kind: Deal101, players: usize, rng: &mut impl Rng) -> Dealt101 {
    let mut tiles: Vec<Tile> = Tile::all().collect();
    tiles.shuffle(rng);
    match kind {
        Deal101::Simple => simple(tiles, players),
        Deal101::Stacks => stacks(tiles, players, rng),
    }
}

/// The simple deal of `order` as given.
pub(crate) fn simple(order: Vec<Tile>, players: usize) -> Dealt101 {
    let (hands, pile, indicator, face) = crate::deal::hand_out(&order, players, 22);
    Dealt101 {
        hands,
        pile,
        indicator,
        face,
        record: DealRecord101::Simple { order },
    }
}

fn stacks(tiles: Vec<Tile>, players: usize, rng: &mut impl Rng) -> Dealt101 {
    let loose = tiles[STACKS * STACK_HEIGHT];
    let stacks: Vec<Vec<Tile>> = tiles[..STACKS * STACK_HEIGHT]
        .chunks(STACK_HEIGHT)
        .map(<[Tile]>::to_vec)
        .collect();
    let first: u8 = rng.gen_range(1..=6);
    let chosen = usize::from(first - 1);
    let mut under = stacks[chosen].clone();
    let mut second = Vec::new();
    let (at, face) = loop {
        let h: u8 = rng.gen_range(1..=6);
        second.push(h);
        if let Kind::Face(face) = under[usize::from(h - 1)].kind() {
            break (usize::from(h - 1), face);
        }
    };
    let indicator = under.remove(at);
    let top_first = |s: &[Tile]| s.iter().rev().copied().collect::<Vec<_>>();
    let mut line = (1..STACKS).map(|k| top_first(&stacks[(chosen + k) % STACKS]));
    let mut hands = vec![Vec::new(); players];
    for _ in 0..3 {
        for hand in hands.iter_mut() {
            hand.extend(line.next().unwrap_or_default());
        }
    }
    hands[0].push(loose);
    let pile = line.flatten().chain(top_first(&under)).collect();
    Dealt101 {
        hands,
        pile,
        indicator,
        face,
        record: DealRecord101::Stacks {
            stacks,
            loose,
            dice: Dice { first, second },
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn r101_4_hands_of_22_and_21_and_the_pile_sizes() {
        for kind in [Deal101::Simple, Deal101::Stacks] {
            for (players, pile) in [(4, 20), (3, 41), (2, 62)] {
                for seed in 0..40 {
                    let d = deal(kind, players, &mut ChaCha8Rng::seed_from_u64(seed));
                    assert_eq!(d.hands[0].len(), 22);
                    assert!(d.hands[1..].iter().all(|h| h.len() == 21));
                    assert_eq!(d.pile.len(), pile);
                    assert_ne!(d.indicator.kind(), Kind::FalseJoker);
                    assert_eq!(d.indicator.kind(), Kind::Face(d.face));
                    let mut all: Vec<Tile> =
                        d.hands.iter().flatten().chain(&d.pile).copied().collect();
                    all.push(d.indicator);
                    all.sort();
                    assert_eq!(all, Tile::all().collect::<Vec<_>>());
                }
            }
        }
    }

    #[test]
    fn r101_4_stacks_deal_follows_the_stacks_and_the_dice() {
        for players in 2..=4 {
            for seed in 0..100 {
                let d = deal(
                    Deal101::Stacks,
                    players,
                    &mut ChaCha8Rng::seed_from_u64(seed),
                );
                let DealRecord101::Stacks {
                    stacks,
                    loose,
                    dice,
                } = &d.record
                else {
                    panic!("a stacks record");
                };
                let chosen = usize::from(dice.first - 1);
                let (last, rethrows) = dice.second.split_last().unwrap();
                assert_eq!(stacks[chosen][usize::from(*last - 1)], d.indicator);
                for h in rethrows {
                    assert_eq!(stacks[chosen][usize::from(*h - 1)].kind(), Kind::FalseJoker);
                }
                let top = |k: usize| stacks[(chosen + k) % STACKS].iter().rev().copied();
                // The starter: the stacks after the chosen one, one per seat, three rounds.
                let starter: Vec<Tile> = (0..3)
                    .flat_map(|round| top(1 + round * players))
                    .chain([*loose])
                    .collect();
                assert_eq!(d.hands[0], starter);
                // The 6 under the indicator are drawn last.
                let mut under = stacks[chosen].clone();
                under.retain(|&t| t != d.indicator);
                under.reverse();
                assert_eq!(d.pile[d.pile.len() - 6..], under[..]);
            }
        }
    }
}
