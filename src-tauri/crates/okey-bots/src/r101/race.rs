//! Hard's race: each candidate discard is followed by the seat's own next turns, drawn from a
//! guess of the unseen tiles (the same guesses for every candidate), played by a quick rule:
//! open once the best layout reaches the figure, then lay every meld and lay-off the table
//! takes, throw the loosest tile. The candidate whose hand ends lowest on average is thrown:
//! −101 for a finish, the tiles left once opened, 202 for a hand still unopened.

use super::hand::{links, points};
use okey_core::r101::analysis::{best_opening, layoff_spots};
use okey_core::r101::TableMeld;
use okey_core::{Joker, Kind, Tile};
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// What the race needs to know of the seat.
pub struct Race<'a> {
    /// The hand before the discard.
    pub hand: &'a [Tile],
    /// Whether the seat has opened.
    pub opened: bool,
    /// The opening figure.
    pub need: u16,
    /// The table.
    pub table: &'a [TableMeld],
    /// The joker.
    pub joker: Joker,
    /// Turns to play ahead.
    pub turns: usize,
}

/// The mean end score of each candidate over `samples` guesses of the draws from `unseen`.
pub fn race(
    r: &Race,
    candidates: &[Tile],
    unseen: &[Tile],
    samples: usize,
    rng: &mut ChaCha8Rng,
) -> Vec<f32> {
    let mut totals = vec![0.0f32; candidates.len()];
    let mut pool = unseen.to_vec();
    for _ in 0..samples {
        pool.shuffle(rng);
        let draws: Vec<Kind> = pool.iter().take(r.turns).map(|t| t.kind()).collect();
        for (c, &d) in candidates.iter().enumerate() {
            let mut hand: Vec<Kind> = Vec::with_capacity(r.hand.len());
            let mut dropped = false;
            for &t in r.hand {
                if t == d && !dropped {
                    dropped = true;
                } else {
                    hand.push(t.kind());
                }
            }
            totals[c] += play_out(r, hand, &draws);
        }
    }
    totals.iter().map(|t| t / samples.max(1) as f32).collect()
}

/// Plays the seat's own turns with `draws`; its end score.
fn play_out(r: &Race, mut hand: Vec<Kind>, draws: &[Kind]) -> f32 {
    let mut opened = r.opened;
    for &u in draws {
        hand.push(u);
        let was_open = opened;
        if let Ok(o) = best_opening(&hand, r.joker) {
            let laid: usize = o.melds.iter().map(|m| m.tiles.len()).sum();
            if laid < hand.len() && laid > 0 && (opened || o.value >= r.need) {
                opened = true;
                let mut keep: Vec<Kind> = o.left.iter().map(|&i| hand[i]).collect();
                std::mem::swap(&mut hand, &mut keep);
            }
        }
        if was_open {
            // Lay-offs (the table as it was: a fair guess for a few turns).
            while hand.len() > 1 {
                let Some(i) =
                    (0..hand.len()).find(|&i| !layoff_spots(r.table, hand[i], r.joker).is_empty())
                else {
                    break;
                };
                hand.swap_remove(i);
            }
        }
        if hand.len() == 1 && opened {
            return -101.0;
        }
        // Throw the loosest tile (an okey never).
        let throw = (0..hand.len())
            .filter(|&i| !r.joker.is_okey(hand[i]))
            .min_by(|&a, &b| {
                let score = |i: usize| {
                    let l = links(&hand, r.joker, i) * 10.0;
                    let p = points(hand[i], r.joker) as f32;
                    if opened {
                        l - p
                    } else {
                        l + 0.5 * p
                    }
                };
                score(a).total_cmp(&score(b))
            });
        if let Some(i) = throw {
            hand.swap_remove(i);
        }
    }
    if opened {
        hand.iter().map(|&k| points(k, r.joker) as f32).sum()
    } else {
        202.0
    }
}
