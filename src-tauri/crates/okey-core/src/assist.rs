//! The hand assistant: how far the player's rack is from a win, the groups and loose tiles it
//! sees, and on the player's turn what to do and why. It reads the player's `SeatView` only,
//! so it knows exactly what the player could know: tiles counted as unseen are those not in
//! the rack, not the indicator and not visible on the table.

use crate::analysis::{advise, distance, winning_groups, Advice, DiscardOption, WinKind};
use crate::round::Phase;
use crate::sort;
use crate::tile::{Joker, Kind, Role, Tile};
use crate::view::SeatView;
use serde::Serialize;

/// A tile kind that would bring the hand closer, and how many copies are still unseen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OutHint {
    /// The face in notation (`R5`, `F`).
    pub token: String,
    /// Copies neither in the rack nor visible on the table.
    pub unseen: u8,
}

/// A discard and the hand it leaves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DiscardHint {
    /// The tile to throw.
    pub tile: Tile,
    /// The distance of the 14 left.
    pub distance: u8,
    /// Draws that would lower that distance.
    pub outs: Vec<OutHint>,
}

/// A discard that finishes the round (R10).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FinishHint {
    /// The tile to finish with.
    pub tile: Tile,
    /// Whether it is an okey: such a finish scores double (R18).
    pub okey_discard: bool,
    /// What each other player loses (before colour doubles).
    pub points: i32,
    /// `melds` or `pairs`.
    pub kind: WinKind,
}

/// What the assistant suggests on the player's turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "do")]
pub enum Hint {
    /// Take the left discard: it brings the hand to `distance` (0: a finish follows).
    Take {
        /// The tile on offer.
        tile: Tile,
        /// The distance after taking it and the best discard.
        distance: u8,
    },
    /// Draw from the pile: the discard on offer does not help.
    Draw {
        /// The tile on offer, if any.
        offered: Option<Tile>,
        /// The distance now.
        distance: u8,
    },
    /// Finish now with this tile.
    Finish(FinishHint),
    /// Throw this tile.
    Discard(DiscardHint),
}

/// The assistant's reading of the rack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Assist {
    /// Tiles on the rack (14 between turns, 15 before a discard).
    pub tiles: usize,
    /// Fewest tiles to swap for a win (0: the hand wins, or can finish now with 15).
    pub distance: u8,
    /// The groups it sees: the winning ones when there is a win, else the most tiles in
    /// sets and runs (or pairs, when pairs cover more).
    pub groups: Vec<Vec<Tile>>,
    /// Tiles in no group (okeys never count as loose).
    pub loose: Vec<Tile>,
    /// With 15 tiles: every discard that finishes.
    pub finishes: Vec<FinishHint>,
    /// With 15 tiles: the best discards first (at most five), with their outs.
    pub discards: Vec<DiscardHint>,
    /// A finish is possible but not with an okey, while the hand holds one: holding it for
    /// a later okey-discard finish (double points, R18) is possible.
    pub can_hold_for_okey: bool,
    /// What to do now, on the player's turn.
    pub hint: Option<Hint>,
}

/// How many discards the assistant lists.
const SHOWN_DISCARDS: usize = 5;

/// Reads the rack of `view` with what `view` shows of the table.
pub fn assist(view: &SeatView) -> Assist {
    let joker = Joker::new(view.indicator);
    let tiles: Vec<Tile> = view.rack.iter().flatten().copied().collect();
    let seen = seen_kinds(view);
    let (groups, loose) = sort::best_groups(&tiles, joker);
    let loose = loose
        .into_iter()
        .filter(|t| joker.role(t.kind()) != Role::Wild)
        .collect();
    let advice = (tiles.len() == 15)
        .then(|| advise(&kinds(&tiles), joker, &seen).ok())
        .flatten();
    let distance = match &advice {
        Some(a) if !a.finishes.is_empty() => 0,
        Some(a) => a.distance,
        None if tiles.len() == 14 && winning_groups(&tiles, joker).is_some() => 0,
        None => distance(&kinds(&tiles), joker),
    };
    let finishes = advice
        .as_ref()
        .map(|a| finish_hints(a, &tiles))
        .unwrap_or_default();
    let discards: Vec<DiscardHint> = advice
        .as_ref()
        .map(|a| {
            a.discards
                .iter()
                .take(SHOWN_DISCARDS)
                .filter_map(|d| discard_hint(d, &tiles))
                .collect()
        })
        .unwrap_or_default();
    let holds_okey = tiles.iter().any(|t| joker.is_okey(t.kind()));
    let can_hold_for_okey =
        !finishes.is_empty() && holds_okey && !finishes.iter().any(|f| f.okey_discard);
    let hint = hint(view, joker, &tiles, &seen, &finishes, &discards, distance);
    Assist {
        tiles: tiles.len(),
        distance,
        groups,
        loose,
        finishes,
        discards,
        can_hold_for_okey,
        hint,
    }
}

/// The suggestion for the player's turn, if it is the player's turn.
fn hint(
    view: &SeatView,
    joker: Joker,
    tiles: &[Tile],
    seen: &[Kind],
    finishes: &[FinishHint],
    discards: &[DiscardHint],
    now: u8,
) -> Option<Hint> {
    if view.turn != Some(view.seat) || view.round_end.is_some() {
        return None;
    }
    match view.phase? {
        Phase::Discard => {
            // An okey finish first (double), then the most points.
            let best = finishes
                .iter()
                .max_by_key(|f| (f.okey_discard, f.points))
                .cloned();
            match best {
                Some(f) => Some(Hint::Finish(f)),
                None => discards.first().cloned().map(Hint::Discard),
            }
        }
        Phase::Draw => {
            let offered = view.offered();
            let Some(offered) = offered else {
                return Some(Hint::Draw {
                    offered: None,
                    distance: now,
                });
            };
            let after = take_distance(joker, tiles, seen, offered);
            match after {
                Some(d) if d < now => Some(Hint::Take {
                    tile: offered,
                    distance: d,
                }),
                _ => Some(Hint::Draw {
                    offered: Some(offered),
                    distance: now,
                }),
            }
        }
    }
}

/// The distance left after taking `offered` into `tiles` and making the best discard (0 when
/// a finish follows); throwing the taken tile straight back is no take and is left out.
pub(crate) fn take_distance(
    joker: Joker,
    tiles: &[Tile],
    seen: &[Kind],
    offered: Tile,
) -> Option<u8> {
    let mut with: Vec<Tile> = tiles.to_vec();
    with.push(offered);
    // The tile on offer is not seen elsewhere once it is in the hand.
    let mut seen = seen.to_vec();
    if let Some(i) = seen.iter().position(|&k| k == offered.kind()) {
        seen.remove(i);
    }
    let a = advise(&kinds(&with), joker, &seen).ok()?;
    let taken = with.len() - 1;
    if a.finishes.iter().any(|f| f.index != taken) {
        return Some(0);
    }
    Some(
        a.discards
            .iter()
            .filter(|d| d.tile != offered.kind() || d.index != taken)
            .map(|d| d.distance)
            .min()
            .unwrap_or(u8::MAX),
    )
}

/// Tile kinds the player can see outside the rack: every visible discard, a gösterge shown
/// by another seat, a finishing tile. The indicator itself is counted by `advise`.
pub(crate) fn seen_kinds(view: &SeatView) -> Vec<Kind> {
    let mut seen: Vec<Tile> = Vec::new();
    for p in &view.players {
        match &p.discards.tiles {
            Some(all) => seen.extend(all),
            None => seen.extend(p.discards.top),
        }
    }
    if let Some((seat, tile)) = view.gosterge {
        if seat != view.seat {
            seen.push(tile);
        }
    }
    seen.extend(view.centre);
    kinds(&seen)
}

fn kinds(tiles: &[Tile]) -> Vec<Kind> {
    tiles.iter().map(|t| t.kind()).collect()
}

/// The finishes of `advice` as tiles of `tiles`, the hand it analysed.
pub(crate) fn finish_hints(advice: &Advice, tiles: &[Tile]) -> Vec<FinishHint> {
    advice
        .finishes
        .iter()
        .filter_map(|f| {
            Some(FinishHint {
                tile: *tiles.get(f.index)?,
                okey_discard: f.okey_discard,
                points: f.points,
                kind: f.kind,
            })
        })
        .collect()
}

/// A discard option as a tile of `tiles`, the hand it was found for.
pub(crate) fn discard_hint(d: &DiscardOption, tiles: &[Tile]) -> Option<DiscardHint> {
    Some(DiscardHint {
        tile: *tiles.get(d.index)?,
        distance: d.distance,
        outs: d
            .outs
            .iter()
            .map(|o| OutHint {
                token: o.tile.to_string(),
                unseen: o.unseen,
            })
            .collect(),
    })
}
