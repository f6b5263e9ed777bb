//! Advice for a 15-tile hand: every finishing discard, and for every distinct discard the
//! distance left and the draws that would lower it.

use super::counts::{faces_with, Counts};
use super::distance::{draw_keeps_more_than, keeps_more_than, max_kept_shown};
use super::memo::Witness;
use super::pairs::{max_kept_pairs, raising_pairs};
use super::search::{best_lists, filler_faces, filler_faces_dropping, keeps_at_least_all_of};
use super::win::{find_win, Arrangement};
use crate::faces::{for_each_face, ALL_FACES};
use crate::meld::WinKind;
use crate::problem::params;
use crate::rules::Rules;
use crate::scoring::{finish_points, is_one_colour};
use crate::tile::{Face, Joker, Kind, Role};
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
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Out {
    /// The tile to draw.
    pub tile: Kind,
    /// How many of it are neither in the hand, nor seen, nor the indicator.
    pub unseen: u8,
}

/// What one distinct discard leaves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Advice {
    /// Distance left after the best discard (0 when a finish exists).
    pub distance: u8,
    /// Every distinct finishing discard.
    pub finishes: Vec<Finish>,
    /// Every distinct discard, best first: lowest distance, then most unseen outs.
    pub discards: Vec<DiscardOption>,
}

/// The face index a plain tile stands for; None for an okey.
pub(crate) fn plain_face(kind: Kind, joker: Joker) -> Option<usize> {
    match joker.role(kind) {
        Role::Plain(f) => Some(f.index()),
        Role::Wild => None,
    }
}

/// Analyses a 15-tile hand. `seen` lists tiles known to be out of reach (discards seen,
/// other shown tiles); the indicator always counts as seen.
pub fn advise(hand: &[Kind], joker: Joker, seen: &[Kind]) -> Result<Advice, AnalysisError> {
    advise_in(hand, joker, seen, Scope::Every)
}

/// [`advise`], listing only the discards that leave the least distance: a player choosing
/// among those needs no outs of the others, which cost most of the work.
pub fn advise_best(hand: &[Kind], joker: Joker, seen: &[Kind]) -> Result<Advice, AnalysisError> {
    advise_in(hand, joker, seen, Scope::Best)
}

/// Which discards an advice lists.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scope {
    Every,
    Best,
}

fn advise_in(
    hand: &[Kind],
    joker: Joker,
    seen: &[Kind],
    scope: Scope,
) -> Result<Advice, AnalysisError> {
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
    // Per kind (by index), its copies left to draw: not in the hand, nor the indicator, nor
    // seen on the table. The kinds an out can be have one (a bit each).
    let unseen = outside.map(|n| 2u8.saturating_sub(n));
    const _: () = assert!(Kind::COUNT <= 64);
    let drawable = (0..Kind::COUNT)
        .filter(|&k| unseen[k] > 0)
        .fold(0u64, |m, k| m | 1 << k);
    // Kinds by faces: each face's plain tile is its kind, but the okey's face is the false
    // joker (R5); the okey itself is a kind of its own.
    let okey_kind = 1u64 << Kind::Face(joker.okey()).index();
    let plain_kinds = |faces: u64| {
        let okey_face = faces & okey_kind != 0;
        faces & !okey_kind | u64::from(okey_face) << Kind::FalseJoker.index()
    };

    let whole = Counts::of(hand, joker);
    let (best, kept_tiles) = max_kept_shown(&whole);
    let shown = kept_tiles.map(|plain| Witness::new(plain, whole.wilds));
    // A tile the hand holds more copies of than a winning 14 keeping `best` keeps can go,
    // and the rest still keeps `best`, with no search.
    let spared = |tile: Kind| {
        shown.is_some_and(|w| {
            hand.iter().filter(|&&k| k == tile).count() > w.keeps(tile, joker).into()
        })
    };
    let real = whole.is_real();
    // A finishing hand whose winning 14 may leave an okey out finishes whatever it throws:
    // a plain tile thrown, that okey stands where it stood.
    let plain = 15 - whole.wilds;
    let every_finishes =
        best == 14 && whole.wilds > 0 && real && keeps_at_least_all_of(&whole, plain, None);
    // One search over the whole hand's lists keeping `best`: the discards some list drops
    // (the rest keeps `best` with that list), and the outs they need (see below). Its lists
    // keep `best` less the okeys in plain tiles, the most they can (a finishing hand that
    // could keep more, leaving an okey out, needs no outs).
    let hand_faces = faces_with(&whole.plain, 1);
    let lists = best
        .checked_sub(whole.wilds)
        .filter(|&goal| goal > 0 && !every_finishes && real)
        .and_then(|goal| best_lists(&whole, goal, hand_faces, hand_faces));
    // Every distinct discard, the rest and what it keeps. A winning 14 keeping `best` of the
    // whole hand keeps all but at most the discard of the rest, and the rest keeps no more
    // than the whole hand.
    let mut options = Vec::with_capacity(hand.len());
    for (index, &tile) in hand.iter().enumerate() {
        if hand[..index].contains(&tile) {
            continue;
        }
        let mut counts = whole;
        counts.remove(tile, joker);
        let dropped = every_finishes
            || match (&lists, plain_face(tile, joker)) {
                // Seven pairs may keep `best` where no list of melds does.
                (Some(lists), Some(f)) => {
                    lists.dropped & 1 << f != 0 || max_kept_pairs(&counts) >= best
                }
                _ => spared(tile) || keeps_more_than(&counts, best - 1),
            };
        let kept = if best == 0 || dropped { best } else { best - 1 };
        if scope == Scope::Best && kept < best {
            continue;
        }
        options.push(Candidate {
            index,
            tile,
            by_pairs: raising_pairs(&counts, kept),
            counts,
            kept,
        });
    }
    let faces_keeping = |k: u8| {
        options
            .iter()
            .filter(|o| o.kept == k && lists.is_some())
            .filter_map(|o| plain_face(o.tile, joker))
            .fold(0u64, |m, f| m | 1 << f)
    };
    // The discards every best 14 keeps: the lists of the rest with a filler where the tile
    // stood came with the search above, the others below (lists one short that drop it), for
    // every such discard from one more search.
    let (loose, kept_everywhere) = (faces_keeping(best), faces_keeping(best.wrapping_sub(1)));
    // Only a discard whose lists with a filler where it stood gave an answer needs them.
    // That answer is where the search starts, with the draws that raise seven pairs (an
    // out either way): a face whose outs are then every draw needs no more lists.
    let mut known = [0u64; Face::COUNT];
    let mut asked = 0u64;
    if let Some(lists) = &lists {
        for o in &options {
            let Some(f) = plain_face(o.tile, joker).filter(|&f| kept_everywhere >> f & 1 != 0)
            else {
                continue;
            };
            if let Some(fills) = lists.keeping[f] {
                known[f] = fills | o.by_pairs;
                asked |= 1 << f;
            }
        }
    }
    let dropping_outs = best
        .checked_sub(whole.wilds + 1)
        .filter(|&goal| goal > 0 && asked != 0)
        .map(|goal| filler_faces_dropping(&whole, goal, asked, &known));
    let defaults = Rules::default();
    let mut finishes = Vec::new();
    let mut discards = Vec::with_capacity(options.len());
    // The copies left to draw of each discard's outs, by its place in the hand.
    let mut lives = [0u32; 15];
    for Candidate {
        index,
        tile,
        mut counts,
        kept,
        by_pairs,
    } in options
    {
        let distance = 14 - kept;
        if distance == 0 {
            // The 14 left, tile by tile, only for a discard that finishes.
            let mut rest = hand.to_vec();
            rest.remove(index);
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
        // The outs a bit per kind (by index) first, so that the list is made at its size.
        let mut outs = 0u64;
        if distance > 0 {
            let by_fillers = match (&lists, plain_face(tile, joker)) {
                (Some(lists), Some(f)) if loose & 1 << f != 0 => lists.dropping[f],
                (Some(lists), Some(f)) if kept_everywhere & 1 << f != 0 => {
                    match (lists.keeping[f], dropping_outs.as_ref().and_then(|d| d[f])) {
                        (Some(kept_there), Some(dropped)) => Some(kept_there | dropped),
                        (some, _) => some
                            .and_then(|some| Some(some | melds_outs_but(&counts, kept, !some, f)?)),
                    }
                }
                // An okey thrown leaves the plain tiles as they were and one okey fewer,
                // which costs a tile (with lists, seven pairs never keep `best` without it):
                // the draws that raise the rest are those that raise the whole hand's plain
                // tiles, the fillers of its lists.
                (Some(lists), None) if kept + 1 == best => lists
                    .fills
                    .map(|fills| fills & !faces_with(&counts.plain, 2)),
                _ => None,
            }
            .or_else(|| melds_outs(&counts, kept));
            // Drawing the discard back gives the whole hand, which keeps `best`.
            let own = 1u64 << tile.index();
            outs |= own & drawable & u64::from(best > kept).wrapping_neg();
            let mut open = drawable & !own;
            if let Some(faces) = by_fillers {
                outs |= plain_kinds(faces | by_pairs) & open;
                open &= okey_kind;
            }
            if let Some(raises) = okey_draw_raises(&counts, kept) {
                outs |= okey_kind & open & u64::from(raises).wrapping_neg();
                open &= !okey_kind;
            }
            // The rest, one search each (the bits are kinds' indices here, not faces').
            for_each_face(open, |k| {
                let Some(draw) = Kind::from_index(k) else {
                    return;
                };
                counts.add(draw, joker);
                let out = draw_keeps_more_than(&counts, kept, plain_face(draw, joker));
                counts.remove(draw, joker);
                outs |= u64::from(out) << k;
            });
        }
        let mut listed = Vec::with_capacity(outs.count_ones() as usize);
        let mut live = 0u32;
        for_each_face(outs, |k| {
            // A kind's index, as above.
            if let Some(tile) = Kind::from_index(k) {
                live += u32::from(unseen[k]);
                listed.push(Out {
                    tile,
                    unseen: unseen[k],
                });
            }
        });
        lives[index] = live;
        discards.push(DiscardOption {
            tile,
            index,
            distance,
            outs: listed,
        });
    }
    // Indices are distinct: the order is the same however the sort goes.
    discards.sort_unstable_by_key(|d| (d.distance, std::cmp::Reverse(lives[d.index]), d.index));
    let distance = discards.first().map_or(14, |d| d.distance);
    Ok(Advice {
        distance,
        finishes,
        discards,
    })
}

/// A distinct discard of the hand being advised.
struct Candidate {
    /// Its first place in the hand...
    index: usize,
    tile: Kind,
    /// ... the counts of the 14 left without it...
    counts: Counts,
    /// ... the most tiles one winning 14 keeps of them...
    kept: u8,
    /// ... and the draws that raise seven pairs of them above that.
    by_pairs: u64,
}

/// Whether drawing an okey raises what the 14-tile hand `c` keeps above `kept`, its most:
/// yes while it keeps fewer than 14 and holds at most one okey. The okey takes a filler's
/// place in a list of melds keeping the most, and one is free of the hand's okeys (it
/// keeps fewer than 14); where only seven pairs keep the most, an okey pairs a single or
/// the other okey (for 14 tiles there is always one to pair). None for a hand that is not
/// 14 tiles or holds a face more than twice (no real hand): the search answers for it.
pub(crate) fn okey_draw_raises(c: &Counts, kept: u8) -> Option<bool> {
    let real = c.len() == 14 && c.is_real();
    real.then_some(kept < 14 && c.wilds < 2)
}

/// The plain draws (a bit per face) that raise what the melds of `c` keep above `kept`, from
/// one search over its winning 14s (see [`filler_faces`]); None when the draws must be
/// checked one by one.
pub(crate) fn melds_outs(c: &Counts, kept: u8) -> Option<u64> {
    melds_outs_but(c, kept, u64::MAX, Face::COUNT)
}

/// Like [`melds_outs`], only faces of `wanted` and from winning 14s without a filler of face
/// `forbid` (an index; `Face::COUNT` for none).
fn melds_outs_but(c: &Counts, kept: u8, wanted: u64, forbid: usize) -> Option<u64> {
    if !c.is_real() {
        return None;
    }
    // A face held twice cannot be drawn.
    let drawable = !faces_with(&c.plain, 2) & ALL_FACES & wanted;
    let goal = kept.checked_sub(c.wilds).filter(|&g| g > 0)?;
    filler_faces(c, goal, drawable, (forbid < Face::COUNT).then_some(forbid))
}

crate::coded_error! {
    /// The codes of [`AnalysisError`].
    pub enum AnalysisCode for AnalysisError as this {
        AnalysisError::WrongCount { expected, given } => AnalysisTileCount = "analysis_tile_count",
            params().count("expected", *expected).count("given", *given);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::distance::max_kept;
    use crate::notation::{parse_indicator, parse_kind, written};
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};

    #[test]
    fn r04_r09_an_okey_drawn_raises_every_hand_short_of_a_win_holding_one_okey_at_most() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut seen = [[0u32; 2]; 3];
        for n in 0..3_000 {
            let joker = Joker::new(Face::from_index(rng.gen_range(0..Face::COUNT)).unwrap());
            let okey = Kind::Face(joker.okey());
            let mut pool: Vec<Kind> = Kind::all().flat_map(|k| [k, k]).collect();
            pool.shuffle(&mut rng);
            // Random hands; hands of pairs (R9), where pairs may keep the most; and hands
            // given their okeys, both of them every third time.
            let mut hand: Vec<Kind> = if n % 4 == 0 {
                pool[..8].iter().flat_map(|&k| [k, k]).take(14).collect()
            } else {
                pool[..14].to_vec()
            };
            if n % 3 == 0 {
                hand.retain(|&k| k != okey);
                hand.truncate(12);
                while hand.len() < 14 {
                    hand.push(okey);
                }
            }
            let counts = Counts::of(&hand, joker);
            if !counts.is_real() {
                continue;
            }
            let kept = max_kept(&counts);
            let mut with = counts;
            with.add(okey, joker);
            let searched = draw_keeps_more_than(&with, kept, None);
            assert_eq!(
                okey_draw_raises(&counts, kept),
                Some(searched),
                "{hand:?}, keeping {kept}"
            );
            seen[usize::from(counts.wilds)][usize::from(searched)] += 1;
        }
        // Every case was met: no okey, one, two; raising and not.
        assert!(
            seen[0][1] > 0 && seen[1][1] > 0 && seen[2][0] > 0,
            "{seen:?}"
        );
    }

    #[test]
    fn r05_a_false_joker_is_an_out_where_the_okeys_face_is_wanted() {
        // Indicator K10: the okeys are the K11s, and a false joker plays as a plain K11. The
        // run K9-K10-_-K12-K13 wants exactly that face.
        let (joker, hand) = written("K10", "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 K9 K10 K12 K13 R7 Y11");
        let (false_joker, okey) = (Kind::FalseJoker, parse_kind("K11").unwrap());
        let advice = advise(&hand, joker, &[]).unwrap();
        let r7 = advice
            .discards
            .iter()
            .find(|d| d.tile == parse_kind("R7").unwrap());
        let outs: Vec<Kind> = r7.map_or(vec![], |d| d.outs.iter().map(|o| o.tile).collect());
        assert!(outs.contains(&false_joker), "{outs:?}");
        // The okey, wild, is an out too, and each agrees with the distance drawn to.
        assert!(outs.contains(&okey), "{outs:?}");
        let mut rest = hand.clone();
        rest.retain(|&k| k != parse_kind("R7").unwrap());
        let before = crate::analysis::distance(&rest, joker);
        for draw in [false_joker, okey] {
            let mut with = rest.clone();
            with.push(draw);
            assert!(
                advise(&with, joker, &[]).unwrap().distance < before,
                "{draw:?}"
            );
        }
    }

    #[test]
    fn r05_an_out_has_a_copy_left_to_draw() {
        // Indicator B13 and the other B13 on the rack: no B13 can be drawn, though after the
        // K5 discard a second one would make the set of 13s beside the run B11-B12-B13.
        let (joker, hand) = written("B13", "R13 Y13 B13 B11 B12 R1 R2 R3 Y5 Y6 Y7 K9 K10 R8 K5");
        let b13 = parse_kind("B13").unwrap();
        let advice = advise(&hand, joker, &[]).unwrap();
        for d in &advice.discards {
            assert!(d.outs.iter().all(|o| o.unseen > 0), "{:?}", d.outs);
            assert!(!d.outs.iter().any(|o| o.tile == b13), "{:?}", d.outs);
        }
        // Under another indicator the second B13 can be drawn, and is an out.
        let joker = Joker::new(parse_indicator("K3").unwrap());
        let advice = advise(&hand, joker, &[]).unwrap();
        let k5 = advice
            .discards
            .iter()
            .find(|d| d.tile == parse_kind("K5").unwrap());
        assert!(k5.is_some_and(|d| d.outs.iter().any(|o| o.tile == b13 && o.unseen == 1)));
    }
}
