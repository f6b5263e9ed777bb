//! The actions a seat may take now. Single-step actions (take, return, declare, lay-off,
//! swap, take-back, discard, end) are listed completely; openings and new melds, which are
//! too many to list, are offered from the analysis: the best series opening, the most pairs,
//! and the melds of the best layout of the hand.

use super::{Round101, Status};
use crate::r101::action::Action101;
use crate::r101::analysis::{best_opening, best_pairs, layoff_spots, swap_spots};
use crate::r101::meld::{Laid, Shape};
use crate::rules::Seat;
use crate::tile::{Kind, Tile};

impl Round101 {
    /// Every action listed above that `seat` may take now; empty when it is not its turn.
    pub fn legal_actions(&self, seat: Seat) -> Vec<Action101> {
        if self.turn() != Some(seat) {
            return Vec::new();
        }
        let mut out = vec![
            Action101::Draw,
            Action101::Take,
            Action101::Return,
            Action101::DeclarePairs,
            Action101::EndRound,
        ];
        let hand = self.hand(seat);
        let mut kinds_seen: Vec<Kind> = Vec::new();
        for &tile in hand {
            // Two copies of one kind act alike: list each kind once.
            if kinds_seen.contains(&tile.kind()) {
                continue;
            }
            kinds_seen.push(tile.kind());
            out.push(Action101::Discard(tile));
            for spot in layoff_spots(&self.table, tile.kind(), self.joker) {
                out.push(Action101::LayOff {
                    tile,
                    meld: spot.meld,
                    side: spot.side,
                });
            }
            for spot in swap_spots(&self.table, tile.kind(), self.joker) {
                out.push(Action101::Swap {
                    tile,
                    meld: spot.meld,
                    okey: spot.okey,
                });
            }
        }
        if let Some((_, tile)) = self.turn.last_layoff {
            out.push(Action101::TakeBack { tile });
        }
        if self.turn.taken && !self.first_turn {
            out.extend(self.meld_offers(seat, hand));
        }
        out.retain(|a| self.is_legal(seat, a));
        out
    }

    fn meld_offers(&self, seat: Seat, hand: &[Tile]) -> Vec<Action101> {
        let kinds: Vec<Kind> = hand.iter().map(|t| t.kind()).collect();
        let mut out = Vec::new();
        let pairs: Vec<Laid> = best_pairs(&kinds, self.joker)
            .into_iter()
            .map(|(a, b)| Laid {
                shape: Shape::Pair,
                tiles: vec![hand[a], hand[b]],
            })
            .collect();
        let series: Vec<Laid> = best_opening(&kinds, self.joker)
            .map(|o| {
                o.melds
                    .into_iter()
                    .map(|m| Laid {
                        shape: m.shape,
                        tiles: m
                            .tiles
                            .iter()
                            .filter_map(|&i| hand.get(i).copied())
                            .collect(),
                    })
                    .collect()
            })
            .unwrap_or_default();
        match self.status(seat) {
            Status::Unopened { .. } => {
                out.push(Action101::Open(series.clone()));
                out.push(Action101::Open(pairs.clone()));
                // Leaving one tile for the discard when the whole hand melds.
                if series.len() > 1 {
                    out.push(Action101::Open(series[..series.len() - 1].to_vec()));
                }
                if pairs.len() > 1 {
                    out.push(Action101::Open(pairs[..pairs.len() - 1].to_vec()));
                }
            }
            _ => {
                out.extend(series.into_iter().map(Action101::Meld));
                out.extend(pairs.into_iter().map(Action101::Meld));
            }
        }
        out
    }
}
