//! Win checks (R8, R9) that also say how the hand splits: which tiles form each group and
//! what every okey stands for.

use super::counts::{Counts, Held};
use super::cover::{covers, covers_held};
use super::melds::{around, Builder, Shape};
use super::pairs::max_kept_pairs;
use crate::line::{face_at, HIGH_ONE, LONGEST_RUN};
use crate::meld::{MeldKind, WinKind};
use crate::tile::{Colour, Face, Joker, Kind, Role};
use serde::{Deserialize, Serialize};

/// One tile of the hand placed in a group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Placed {
    /// Position of the tile in the hand that was analysed.
    pub index: usize,
    /// The tile's kind.
    pub kind: Kind,
    /// The face it stands for in this group.
    pub stands_for: Face,
}

/// One group of a winning hand, tiles in playing order (runs ascending).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Group {
    /// Set, run or pair.
    pub meld: MeldKind,
    /// The tiles of the group.
    pub tiles: Vec<Placed>,
}

/// A winning split of 14 tiles.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Arrangement {
    /// Melds or pairs.
    pub kind: WinKind,
    /// Every tile of the hand in exactly one group.
    pub groups: Vec<Group>,
}

/// A slot of a group found on counts: a plain tile, or a wild standing for a face.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Slot {
    Plain(Face),
    Wild(Face),
}

impl Slot {
    pub(crate) fn is_wild(self) -> bool {
        matches!(self, Slot::Wild(_))
    }

    fn face(self) -> Face {
        match self {
            Slot::Plain(f) | Slot::Wild(f) => f,
        }
    }
}

pub(crate) type Found = Vec<(MeldKind, Vec<Slot>)>;

/// Whether 14 tiles win, as melds or as pairs.
pub fn is_win(hand: &[Kind], joker: Joker) -> bool {
    if hand.len() != 14 {
        return false;
    }
    let counts = Counts::of(hand, joker);
    pairs_win(&counts) || melds_win(&counts)
}

/// A winning arrangement of 14 tiles, if there is one. Pairs are preferred when both exist,
/// since a pairs finish scores more (R18).
pub fn find_win(hand: &[Kind], joker: Joker) -> Option<Arrangement> {
    find_win_of_kind(hand, joker, WinKind::Pairs)
        .or_else(|| find_win_of_kind(hand, joker, WinKind::Melds))
}

/// A winning arrangement of 14 tiles of the given kind, if there is one.
pub fn find_win_of_kind(hand: &[Kind], joker: Joker, kind: WinKind) -> Option<Arrangement> {
    if hand.len() != 14 {
        return None;
    }
    let counts = Counts::of(hand, joker);
    let found = match kind {
        WinKind::Pairs => pairs_groups(&counts)?,
        WinKind::Melds => {
            let mut arranger = Arranger::new(counts);
            if !arranger.next() {
                return None;
            }
            arranger.found
        }
    };
    Some(Arrangement {
        kind,
        groups: place(hand, joker, found),
    })
}

pub(crate) fn pairs_win(c: &Counts) -> bool {
    let singles = c.plain.iter().filter(|&&n| n == 1).count();
    // More than two of a face cannot happen with real tiles; refuse it rather than mispair.
    c.len() == 14 && c.plain.iter().all(|&n| n <= 2) && singles <= c.wilds as usize
}

pub(crate) fn melds_win(c: &Counts) -> bool {
    c.len() == 14 && covers(c, 0)
}

fn pairs_groups(c: &Counts) -> Option<Found> {
    if !pairs_win(c) {
        return None;
    }
    let mut wilds = c.wilds;
    let mut found = Found::new();
    for face in Face::all() {
        match c.plain[face.index()] {
            2 => found.push((MeldKind::Pair, vec![Slot::Plain(face), Slot::Plain(face)])),
            1 => {
                wilds -= 1;
                found.push((MeldKind::Pair, vec![Slot::Plain(face), Slot::Wild(face)]));
            }
            _ => {}
        }
    }
    if wilds == 2 {
        // The two okeys pair with each other; say they stand for an unused face.
        let face = Face::all().find(|f| c.plain[f.index()] == 0)?;
        found.push((MeldKind::Pair, vec![Slot::Wild(face), Slot::Wild(face)]));
    }
    Some(found)
}

/// The melds found so far, and the one being built, slot by slot.
pub(crate) struct Arranger {
    pub(crate) c: Counts,
    pub(crate) found: Found,
    building: Vec<Slot>,
}

impl Arranger {
    /// An arranger of the tiles of `c`, nothing found yet.
    pub(crate) fn new(c: Counts) -> Arranger {
        Arranger {
            c,
            found: Vec::new(),
            building: Vec::with_capacity(14),
        }
    }

    /// The meld of `len` positions just built, slot by slot.
    pub(crate) fn last_built(&self, len: u8) -> Vec<Slot> {
        self.building[self.building.len() - len as usize..].to_vec()
    }
}

impl Arranger {
    /// Backtracking over the lowest plain tile, which must lie in some set or run. Using a
    /// plain tile where one is available is never worse than a wild: the two can swap.
    fn next(&mut self) -> bool {
        let Some(i) = self.c.plain.iter().position(|&n| n > 0) else {
            return attach_wilds(self.c.wilds, &mut self.found);
        };
        self.c.plain[i] -= 1;
        let ok = around(self, i);
        self.c.plain[i] += 1;
        ok
    }
}

impl Builder for Arranger {
    fn fill(&mut self, f: usize) -> Option<bool> {
        let face = Face::from_index(f)?;
        if self.c.plain[f] > 0 {
            self.c.plain[f] -= 1;
            self.building.push(Slot::Plain(face));
            Some(true)
        } else if self.c.wilds > 0 {
            self.c.wilds -= 1;
            self.building.push(Slot::Wild(face));
            Some(false)
        } else {
            None
        }
    }

    fn unfill(&mut self, f: usize, plain: bool) {
        self.building.pop();
        if plain {
            self.c.plain[f] += 1;
        } else {
            self.c.wilds += 1;
        }
    }

    fn own(&mut self, i: usize, _: MeldKind) -> bool {
        let Some(face) = Face::from_index(i) else {
            return false;
        };
        self.building.push(Slot::Plain(face));
        true
    }

    fn unown(&mut self, _: usize) {
        self.building.pop();
    }

    fn built(&mut self, _: usize, shape: Shape) -> bool {
        let slots = self.last_built(shape.len());
        self.found.push((shape.kind(), slots));
        if self.next() {
            return true;
        }
        self.found.pop();
        false
    }

    fn most_below(&self) -> u8 {
        self.c.wilds
    }
}

/// Leftover okeys join groups that have room: a set of 3 or a run shorter than 13.
pub(crate) fn attach_wilds(mut wilds: u8, found: &mut Found) -> bool {
    for (kind, slots) in found.iter_mut() {
        while wilds > 0 {
            let Some(extra) = room_in(*kind, slots) else {
                break;
            };
            match *kind {
                MeldKind::Run if extra.1 => slots.insert(0, Slot::Wild(extra.0)),
                _ => slots.push(Slot::Wild(extra.0)),
            }
            wilds -= 1;
        }
    }
    wilds == 0
}

/// The face a wild would stand for when added to a group, and whether it goes in front.
fn room_in(kind: MeldKind, slots: &[Slot]) -> Option<(Face, bool)> {
    let first = slots.first()?.face();
    match kind {
        MeldKind::Set if slots.len() == 3 => {
            let colour = Colour::ALL
                .into_iter()
                .find(|c| slots.iter().all(|s| s.face().colour != *c))?;
            Some((
                Face {
                    colour,
                    number: first.number,
                },
                false,
            ))
        }
        MeldKind::Run if slots.len() < LONGEST_RUN as usize => {
            // Runs are kept ascending and a high 1 can only be last, so the first slot's
            // number is its position.
            let low = first.number.get();
            let high = low + slots.len() as u8 - 1;
            if high < HIGH_ONE {
                Some((face_at(first.colour, high + 1)?, false))
            } else {
                Some((face_at(first.colour, low - 1)?, true))
            }
        }
        _ => None,
    }
}

/// Turns slots found on counts into groups of the hand's own tiles, by index.
pub(crate) fn place(hand: &[Kind], joker: Joker, found: Found) -> Vec<Group> {
    let mut used = vec![false; hand.len()];
    let mut pick = |want: Option<Face>| -> Option<usize> {
        let i = (0..hand.len()).find(|&i| {
            !used[i]
                && match (joker.role(hand[i]), want) {
                    (Role::Plain(f), Some(w)) => f == w,
                    (Role::Wild, None) => true,
                    _ => false,
                }
        })?;
        used[i] = true;
        Some(i)
    };
    found
        .into_iter()
        .map(|(meld, slots)| Group {
            meld,
            tiles: slots
                .into_iter()
                .filter_map(|s| {
                    let (want, face) = match s {
                        Slot::Plain(f) => (Some(f), f),
                        Slot::Wild(f) => (None, f),
                    };
                    pick(want).map(|index| Placed {
                        index,
                        kind: hand[index],
                        stands_for: face,
                    })
                })
                .collect(),
        })
        .collect()
}

/// Whether some discard from 15 tiles leaves a win (R10): one search in which one tile may
/// stay out, rather than one win check per discard.
pub fn can_finish(hand: &[Kind], joker: Joker) -> bool {
    if hand.len() != 15 {
        return false;
    }
    let held = Held::of_hand(hand, joker);
    // The counts only for the few hands that pass the quick refusals; from the bits when
    // no face is held more than twice.
    let counts = || {
        if held.over {
            Counts::of(hand, joker)
        } else {
            held.counts()
        }
    };
    pairs_finish(&held, counts) || covers_held(&held, &counts, 1)
}

/// Whether dropping one of 15 tiles leaves seven pairs: a single goes (one fewer to pair
/// with an okey), or with no single an okey goes. A face held more than twice (no real
/// hand) is counted as a pair, as the distance counts it.
fn pairs_finish(held: &Held, counts: impl Fn() -> Counts) -> bool {
    if held.over {
        return max_kept_pairs(&counts()) > 13;
    }
    match held.singles() {
        0 => held.wilds >= 1,
        s => s - 1 <= u32::from(held.wilds),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{advise, distance};
    use crate::notation::{parse_indicator, parse_kind};

    use crate::notation::written as hand;

    #[test]
    fn r08_melds_win_with_okey_standing_in() {
        let (j, h) = hand("R4", "R1 R2 R3 R5 Y9 Y10 Y11 Y12 B1 B2 B3 K7 B7 Y7");
        let a = find_win(&h, j).unwrap();
        assert_eq!(a.kind, WinKind::Melds);
        let mut used: Vec<usize> = a
            .groups
            .iter()
            .flat_map(|g| g.tiles.iter().map(|p| p.index))
            .collect();
        used.sort_unstable();
        assert_eq!(used, (0..14).collect::<Vec<_>>());
        let okey = a
            .groups
            .iter()
            .flat_map(|g| &g.tiles)
            .find(|p| p.kind == h[3])
            .unwrap();
        assert_eq!(okey.stands_for.to_string(), "R4");
        assert_eq!(distance(&h, j), 0);
    }

    #[test]
    fn r09_pairs_win_with_false_jokers_and_okey() {
        // Indicator K13: okeys are K1, false jokers play as K1.
        let (j, h) = hand("K13", "R1 R1 Y6 Y6 B9 B9 K2 K2 R11 R11 Y13 F F K1");
        let a = find_win(&h, j).unwrap();
        assert_eq!(a.kind, WinKind::Pairs);
        assert_eq!(a.groups.len(), 7);
    }

    #[test]
    fn r07_high_one_run_wins_but_13_1_2_does_not() {
        let (j, h) = hand("B5", "R11 R12 R13 R1 Y1 Y2 Y3 K4 K5 K6 K7 B8 Y8 R8");
        assert!(is_win(&h, j));
        let (j, h) = hand("B5", "R13 R1 R2 Y1 Y2 Y3 K4 K5 K6 K7 B8 Y8 R8 K8");
        assert!(!is_win(&h, j));
        assert_eq!(distance(&h, j), 1);
    }

    #[test]
    fn r10_fifteen_tiles_finish_only_by_a_discard() {
        let (j, h) = hand("R4", "R1 R2 R3 R5 Y9 Y10 Y11 Y12 B1 B2 B3 K7 B7 Y7 K11");
        assert!(can_finish(&h, j));
        let advice = advise(&h, j, &[]).unwrap();
        assert_eq!(advice.distance, 0);
        assert_eq!(advice.finishes.len(), 1);
        assert_eq!(advice.finishes[0].discard.to_string(), "K11");
        assert!(!can_finish(&h[..14], j));
    }

    #[test]
    fn r18_okey_discard_finish_is_flagged_and_doubled() {
        let (j, h) = hand("R4", "R1 R2 R3 R4 Y9 Y10 Y11 Y12 B1 B2 B3 K7 B7 Y7 R5");
        let advice = advise(&h, j, &[]).unwrap();
        let okey = advice.finishes.iter().find(|f| f.okey_discard).unwrap();
        assert_eq!(okey.points, 4);
    }

    #[test]
    fn r10_can_finish_agrees_with_trying_every_discard() {
        use rand::seq::SliceRandom;
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(15);
        let pairs = "R1 R1 Y6 Y6 B9 B9 K2 K2 R11 R11 Y13 Y13 B4 B4";
        let mut finishes = 0;
        for round in 0..600 {
            let indicator = Face::from_index(rng.gen_range(0..Face::COUNT)).unwrap();
            let j = Joker::new(indicator);
            let mut pool: Vec<Kind> = Kind::all()
                .flat_map(|k| {
                    std::iter::repeat_n(k, if k == Kind::Face(indicator) { 1 } else { 2 })
                })
                .collect();
            pool.shuffle(&mut rng);
            let mut h: Vec<Kind> = if round % 3 == 0 {
                // Pairs hands with a few tiles changed, so pairs finishes occur.
                let mut h: Vec<Kind> = pairs
                    .split_whitespace()
                    .map(|t| parse_kind(t).unwrap())
                    .collect();
                h.push(pool[0]);
                for i in 0..rng.gen_range(0..3) {
                    h[i * 3] = pool[1 + i];
                }
                h
            } else {
                pool[..15].to_vec()
            };
            h.shuffle(&mut rng);
            let brute = (0..15).any(|i| {
                let mut rest = h.clone();
                rest.remove(i);
                is_win(&rest, j)
            });
            finishes += brute as u32;
            assert_eq!(can_finish(&h, j), brute, "{h:?} under {indicator}");
        }
        assert!(finishes > 50, "only {finishes} finishing hands were tried");
    }

    #[test]
    fn malformed_hands_give_answers_not_panics() {
        let j = Joker::new(parse_indicator("Y3").unwrap());
        let many: Vec<Kind> = (0..300)
            .filter_map(|i| Kind::from_index(i % Kind::COUNT))
            .collect();
        assert!(!is_win(&many, j));
        assert!(find_win(&many, j).is_none());
        let _ = distance(&many, j);
        assert!(advise(&many, j, &[]).is_err());
        let triple: Vec<Kind> = std::iter::repeat_n(parse_kind("R7").unwrap(), 14).collect();
        assert!(!is_win(&triple, j));
        assert!(distance(&[], j) <= 14);
    }
}
