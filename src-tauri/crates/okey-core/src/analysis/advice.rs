//! Advice for a 15-tile hand: every finishing discard, and for every distinct discard the
//! distance left and the draws that would lower it.

use super::arrange::{find_win, Arrangement, WinKind};
use super::counts::Counts;
use super::distance::{draw_keeps_more_than, keeps_more_than, max_kept};
use super::pairs::max_kept_pairs;
use super::search::{faces_spared_at_most, keeps_at_least_all_of};
use crate::rules::Rules;
use crate::scoring::{finish_points, is_one_colour};
use crate::tile::{Joker, Kind, Role};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Why a hand could not be analysed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AnalysisError {
    /// The hand does not have the number of tiles the analysis needs.
    #[error("the hand has {given} tiles; this needs {expected}")]
    WrongCount {
        /// Tiles needed.
        expected: usize,
        /// Tiles given.
        given: usize,
    },
}

/// A discard that finishes the round (R10).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finish {
    /// The tile thrown.
    pub discard: Kind,
    /// Its position in the hand analysed.
    pub index: usize,
    /// How the 14 left win (pairs preferred when both hold).
    pub kind: WinKind,
    /// Whether the thrown tile is an okey (R18 doubles the score).
    pub okey_discard: bool,
    /// Points each other player loses under the default rules (R18).
    pub points: i32,
    /// The winning split of the 14 left, indices into the hand analysed.
    pub arrangement: Arrangement,
}

/// A tile that would lower the distance if drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Out {
    /// The tile to draw.
    pub tile: Kind,
    /// How many of it are neither in the hand, nor seen, nor the indicator.
    pub unseen: u8,
}

/// What one distinct discard leaves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiscardOption {
    /// The tile thrown.
    pub tile: Kind,
    /// Its (first) position in the hand analysed.
    pub index: usize,
    /// Distance of the 14 left.
    pub distance: u8,
    /// Draws that lower that distance, in kind order.
    pub outs: Vec<Out>,
}

/// Full advice for a 15-tile hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Advice {
    /// Distance left after the best discard (0 when a finish exists).
    pub distance: u8,
    /// Every distinct finishing discard.
    pub finishes: Vec<Finish>,
    /// Every distinct discard, best first: lowest distance, then most unseen outs.
    pub discards: Vec<DiscardOption>,
}

/// The face index a plain tile stands for; None for an okey.
fn plain_face(kind: Kind, joker: Joker) -> Option<usize> {
    match joker.role(kind) {
        Role::Plain(f) => Some(f.index()),
        Role::Wild => None,
    }
}

/// Analyses a 15-tile hand. `seen` lists tiles known to be out of reach (discards seen,
/// other shown tiles); the indicator always counts as seen.
pub fn advise(hand: &[Kind], joker: Joker, seen: &[Kind]) -> Result<Advice, AnalysisError> {
    if hand.len() != 15 {
        return Err(AnalysisError::WrongCount {
            expected: 15,
            given: hand.len(),
        });
    }
    let mut outside = [0u8; Kind::COUNT];
    for &k in hand
        .iter()
        .chain(seen)
        .chain(std::iter::once(&Kind::Face(joker.indicator())))
    {
        outside[k.index()] = outside[k.index()].saturating_add(1);
    }
    let unseen = |k: Kind| 2u8.saturating_sub(outside[k.index()]);

    // A draw can only help a discard if it helps the whole hand plus that draw, which has
    // every discard's 14 inside it: one check per draw screens out most outs for good discards.
    let whole = Counts::of(hand, joker);
    let best = max_kept(&whole);
    // Every distinct discard, the rest and what it keeps. A winning 14 keeping `best` of the
    // whole hand keeps all but at most the discard of the rest, and the rest keeps no more
    // than the whole hand.
    let mut options = Vec::new();
    for (index, &tile) in hand.iter().enumerate() {
        if hand[..index].contains(&tile) {
            continue;
        }
        let rest: Vec<Kind> = hand
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != index)
            .map(|(_, &k)| k)
            .collect();
        let counts = Counts::of(&rest, joker);
        let kept = if best == 0 || keeps_more_than(&counts, best - 1) {
            best
        } else {
            best - 1
        };
        options.push((index, tile, rest, counts, kept));
    }
    // For a plain discard keeping `best - 1` and a plain draw of another face, the draw is an
    // out when the whole hand plus the draw has a winning 14 keeping `best` (all of the
    // drawn face, see `draw_keeps_more_than`) that spares a tile of the discard's face. One
    // search per draw finds every such discard at once. This needs at most two tiles of
    // every face, so that the rest holds one tile less of the discard's face than the whole.
    let spare_ok = whole.plain.iter().all(|&n| n <= 2) && best >= whole.wilds.min(2);
    let mut spared_faces = 0u64;
    // The same for plain discards keeping `best` and draws that raise the whole hand: an out
    // when the whole hand plus the draw keeps `best + 1` sparing a tile of the discard's face.
    let mut best_faces = 0u64;
    for (_, tile, _, _, kept) in &options {
        if let (true, Some(f)) = (spare_ok, plain_face(*tile, joker)) {
            if *kept + 1 == best {
                spared_faces |= 1 << f;
            } else if *kept == best && best < 14 {
                best_faces |= 1 << f;
            }
        }
    }
    let goal = best.saturating_sub(whole.wilds.min(2));
    // Whether a draw lets the whole hand keep more than `best`, when known: worked out
    // below for the draws searched for spared faces, else when first needed.
    let mut helps_best: Vec<Option<bool>> = vec![None; Kind::COUNT];
    let mut spared = [0u64; Kind::COUNT];
    for draw in Kind::all() {
        let Some(df) = plain_face(draw, joker).filter(|&f| whole.plain[f] <= 1) else {
            continue;
        };
        let (low, high) = (spared_faces & !(1 << df), best_faces & !(1 << df));
        if low | high == 0 {
            continue;
        }
        let mut c = whole;
        c.add(draw, joker);
        // First whether the whole hand with the draw keeps more than `best`: then it does
        // for every discard keeping `best - 1`, else only dropped tiles can be spared.
        let more = keeps_at_least_all_of(&c, goal + 1, Some(df));
        helps_best[draw.index()] = Some(best < 14 && (more || max_kept_pairs(&c) > best));
        let low = if more {
            low
        } else {
            faces_spared_at_most(&c, goal, df, low)
        };
        // Adding one tile raises what a hand keeps by at most one.
        let high = if !more || high == 0 {
            0
        } else if keeps_at_least_all_of(&c, goal + 2, Some(df)) {
            high
        } else {
            faces_spared_at_most(&c, goal + 1, df, high)
        };
        spared[draw.index()] = low | high;
    }
    let mut helps = |draw: Kind| {
        *helps_best[draw.index()].get_or_insert_with(|| {
            let mut c = whole;
            c.add(draw, joker);
            draw_keeps_more_than(&c, best, plain_face(draw, joker))
        })
    };
    let defaults = Rules::default();
    let mut finishes = Vec::new();
    let mut discards = Vec::new();
    for (index, tile, rest, mut counts, kept) in options {
        let distance = 14 - kept;
        if distance == 0 {
            if let Some(mut arrangement) = find_win(&rest, joker) {
                // Indices of `rest` skip `index`; map them back to the hand analysed.
                for g in &mut arrangement.groups {
                    for p in &mut g.tiles {
                        if p.index >= index {
                            p.index += 1;
                        }
                    }
                }
                let okey_discard = joker.is_okey(tile);
                finishes.push(Finish {
                    discard: tile,
                    index,
                    kind: arrangement.kind,
                    okey_discard,
                    points: finish_points(
                        &defaults,
                        joker,
                        arrangement.kind,
                        okey_discard,
                        is_one_colour(&defaults, &rest, joker),
                    ),
                    arrangement,
                });
            }
        }
        let mut outs = Vec::new();
        if distance > 0 {
            for draw in Kind::all() {
                let held = rest.iter().filter(|&&k| k == draw).count();
                if held >= 2 || (kept == best && !helps(draw)) {
                    continue;
                }
                // Drawing the discard back gives the whole hand, which keeps `best`.
                let tile_face =
                    plain_face(tile, joker).filter(|&f| (spared_faces | best_faces) & 1 << f != 0);
                let draw_face = plain_face(draw, joker).filter(|&f| whole.plain[f] <= 1);
                let out = if draw == tile {
                    best > kept
                } else if let (Some(tf), Some(_)) = (tile_face, draw_face) {
                    let faces = spared[draw.index()];
                    counts.add(draw, joker);
                    let pairs = max_kept_pairs(&counts);
                    counts.remove(draw, joker);
                    pairs > kept || faces & 1 << tf != 0
                } else {
                    counts.add(draw, joker);
                    let out = draw_keeps_more_than(&counts, kept, plain_face(draw, joker));
                    counts.remove(draw, joker);
                    out
                };
                if out {
                    outs.push(Out {
                        tile: draw,
                        unseen: unseen(draw),
                    });
                }
            }
        }
        discards.push(DiscardOption {
            tile,
            index,
            distance,
            outs,
        });
    }
    discards.sort_by_key(|d| {
        let live: u32 = d.outs.iter().map(|o| o.unseen as u32).sum();
        (d.distance, std::cmp::Reverse(live), d.index)
    });
    let distance = discards.first().map_or(14, |d| d.distance);
    Ok(Advice {
        distance,
        finishes,
        discards,
    })
}
