//! The actions a seat may take now. Single-step actions (take, return, declare, lay-off,
//! swap, take-back, discard, end) are listed completely; openings and new melds, which are
//! too many to list, are offered from the analysis: the best series opening, the most pairs,
//! and the melds of the best layout of the hand.

use super::{Round101, Status};
use crate::error::TurnError;
use crate::r101::action::Action101;
use crate::r101::analysis::{best_opening, best_pairs, best_value_using, layoff_spots, swap_spots};
use crate::r101::error::Error101;
use crate::r101::meld::place;
use crate::r101::meld::{Laid, Shape};
use crate::r101::rules::LastPairs;
use crate::rules::Seat;
use crate::tile::{Joker, Kind, Role, Tile};

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
        // The taken discard first: of two copies, only it may have to reach the table.
        let order = self.turn.pending.into_iter().chain(hand.iter().copied());
        for tile in order {
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
            if let Some(taken) = self.turn.pending {
                out.extend(
                    melds_with(taken, hand, self.joker)
                        .into_iter()
                        .map(Action101::Meld),
                );
            }
        }
        out.retain(|a| match a {
            Action101::Discard(t) => self.discard_legal(seat, *t),
            _ => self.is_legal(seat, a),
        });
        out
    }

    /// Whether the discard on offer could reach the table this turn if `seat` took it, and if
    /// not why (R101-13, R101-38): an unopened player needs an opening that holds it (series
    /// up to the figure, or pairs), an opened one a lay-off, swap or new meld for it. An
    /// opening that would lay all 22 tiles is not told apart (R101-12 keeps one back).
    pub fn offered_use(&self, seat: Seat) -> Result<(), Error101> {
        if self.turn() != Some(seat) {
            return Err(TurnError::NotYourTurn.into());
        }
        let tile = self.offered().ok_or(TurnError::NoDiscard)?;
        let mut after = self.clone();
        after.hands[seat.index()].push(tile);
        after.turn.taken = true;
        after.turn.pending = Some(tile);
        after.turn.took_discard = Some(tile);
        let Status::Unopened { declared } = self.status(seat) else {
            return if after.taken_usable(seat, tile) {
                Ok(())
            } else {
                Err(Error101::TakenNotUsed(tile))
            };
        };
        if declared {
            return Err(Error101::DeclaredNoTake);
        }
        let (need_value, need_pairs) = self.needed(seat);
        let hand = after.hand(seat);
        let kinds: Vec<Kind> = hand.iter().map(|t| t.kind()).collect();
        let value = best_value_using(&kinds, self.joker, kinds.len() - 1)
            .ok()
            .flatten()
            .unwrap_or(0);
        if value >= need_value {
            return Ok(());
        }
        let others_all_pairs = self
            .rules
            .seats()
            .filter(|&s| s != seat)
            .all(|s| matches!(self.status(s), Status::Pairs { .. }));
        // With declarations a pairs opening needs one made before the take (reading #4).
        let last_refused = others_all_pairs && self.rules.last_pairs == LastPairs::Refused;
        let pairs_allowed = !self.rules.pairs_declaration && !last_refused;
        if pairs_allowed && pairs_with(&kinds, self.joker) >= usize::from(need_pairs) {
            return Ok(());
        }
        Err(Error101::OpeningTooLow {
            value,
            needed: need_value,
        })
    }

    /// The discard rules of R101-11..13 and R101-28 without trying the discard on a copy.
    fn discard_legal(&self, seat: Seat, tile: Tile) -> bool {
        let hand = self.hand(seat);
        self.turn.taken
            && self.turn.pending.is_none()
            && hand.contains(&tile)
            && (hand.len() > 1 || self.status(seat).opened())
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

/// Every pair, and every set or run of three, that holds `taken` and two other hand tiles:
/// the ways a taken discard can reach the table as a new meld (R101-13).
fn melds_with(taken: Tile, hand: &[Tile], joker: Joker) -> Vec<Laid> {
    // Only tiles that could share a meld with it: an okey, the same number, or the same
    // colour within two numbers (the cheap test spares most of the checks below).
    let near = |t: &Tile| match (joker.role(taken.kind()), joker.role(t.kind())) {
        (Role::Plain(a), Role::Plain(b)) => {
            a.number == b.number
                || (a.colour == b.colour && a.number.get().abs_diff(b.number.get()) <= 2)
        }
        _ => true,
    };
    let others: Vec<Tile> = hand
        .iter()
        .copied()
        .filter(|&t| t != taken && near(&t))
        .collect();
    let mut out = Vec::new();
    let fits = |shape: Shape, tiles: &[Tile]| {
        let kinds: Vec<Kind> = tiles.iter().map(|t| t.kind()).collect();
        place(shape, &kinds, joker).is_ok()
    };
    for (i, &a) in others.iter().enumerate() {
        if fits(Shape::Pair, &[taken, a]) {
            out.push(Laid {
                shape: Shape::Pair,
                tiles: vec![taken, a],
            });
        }
        for &b in &others[i + 1..] {
            if fits(Shape::Set, &[taken, a, b]) {
                out.push(Laid {
                    shape: Shape::Set,
                    tiles: vec![taken, a, b],
                });
            }
            let orders = [
                [taken, a, b],
                [taken, b, a],
                [a, taken, b],
                [b, taken, a],
                [a, b, taken],
                [b, a, taken],
            ];
            if let Some(run) = orders.iter().find(|o| fits(Shape::Run, &o[..])) {
                out.push(Laid {
                    shape: Shape::Run,
                    tiles: run.to_vec(),
                });
            }
        }
    }
    out
}

/// The most pairs of `kinds` with its last tile in one of them (R101-13, R101-15): it pairs
/// with a copy of its face or an okey, and the rest pair as well as they can.
fn pairs_with(kinds: &[Kind], joker: Joker) -> usize {
    let Some((&last, rest)) = kinds.split_last() else {
        return 0;
    };
    let me = joker.role(last);
    (0..rest.len())
        .filter(|&i| match (me, joker.role(rest[i])) {
            (Role::Plain(a), Role::Plain(b)) => a == b,
            _ => true,
        })
        .map(|i| {
            let mut others = rest.to_vec();
            others.remove(i);
            1 + best_pairs(&others, joker).len()
        })
        .max()
        .unwrap_or(0)
}
