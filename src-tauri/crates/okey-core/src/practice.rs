//! The practice screen's checker: any hand of 14 or 15 faces under any indicator, read with
//! the same okey-core analysis as `okey check`, so both give the same verdict, distance,
//! finishing discards and outs.

use crate::analysis::{advise, distance, finishing_groups, winning_groups, AnalysisError, WinKind};
use crate::assist::{discard_hint, finish_hints, DiscardHint, FinishHint};
use crate::meld::MeldKind;
use crate::notation::{parse_hand, parse_indicator, NotationError};
use crate::problem::{params, Coded, Problem};
use crate::sort;
use crate::tile::{Joker, Kind, Tile};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use thiserror::Error;

/// Why a practice hand, group or puzzle answer cannot be checked.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PracticeError {
    /// A tile or indicator written wrong, or more copies than the set holds (R2, R5).
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// A hand to check is 14 or 15 tiles.
    #[error("a hand has 14 tiles (after a discard) or 15 (before one), not {given}")]
    TileCount {
        /// Tiles given.
        given: usize,
    },
    /// The analysis refused the hand.
    #[error(transparent)]
    Analysis(#[from] AnalysisError),
    /// A puzzle answer naming a tile the hand does not hold.
    #[error("{tile} is not in the hand")]
    NotInHand {
        /// The tile answered.
        tile: Kind,
    },
    /// No bot game dealt from the seed gave a puzzle of the kind asked for.
    #[error("no puzzle was found in these games; try again")]
    NoPuzzle,
}

/// What the checker says of a practice hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HandReport {
    /// The hand as tiles (the first copy of a face, then the second), in the order given.
    pub tiles: Vec<Tile>,
    /// 14 tiles that win, or 15 with a finishing discard.
    pub win: bool,
    /// How the win is made, when there is one.
    pub kind: Option<WinKind>,
    /// Fewest tiles to swap for a win: of the 14, or after the best discard of the 15.
    pub distance: u8,
    /// The okey's face, in notation.
    pub okey: String,
    /// A winning arrangement when there is one, else the most tiles in groups.
    pub groups: Vec<Vec<Tile>>,
    /// Tiles outside those groups (the finishing discard, for a 15-tile win).
    pub loose: Vec<Tile>,
    /// With 15 tiles: every finishing discard.
    pub finishes: Vec<FinishHint>,
    /// With 15 tiles: every discard, best first, with its outs.
    pub discards: Vec<DiscardHint>,
}

/// Checks a hand written as tokens (`R5`, `k13`, `F`) under the indicator `indicator`.
pub fn check(indicator: &str, tokens: &[String]) -> Result<HandReport, PracticeError> {
    let joker = Joker::new(parse_indicator(indicator)?);
    // No more copies than the set holds, the indicator counted (R5).
    let kinds = parse_hand(joker.indicator(), tokens)?;
    if !(14..=15).contains(&kinds.len()) {
        return Err(PracticeError::TileCount { given: kinds.len() });
    }
    // parse_hand has refused more copies than the set holds, so every kind has a tile.
    let tiles = as_tiles(&kinds).ok_or(PracticeError::TileCount { given: kinds.len() })?;
    Ok(if tiles.len() == 14 {
        match winning_groups(&tiles, joker) {
            Some((kind, groups)) => verdict(&tiles, joker, Some(kind), 0, groups, Vec::new()),
            None => {
                let (groups, loose) = sort::best_groups(&tiles, joker);
                verdict(&tiles, joker, None, distance(&kinds, joker), groups, loose)
            }
        }
    } else {
        let advice = advise(&kinds, joker, &[])?;
        let (kind, groups, loose) = match finishing_groups(&tiles, joker) {
            Some((discard, kind, groups)) => (Some(kind), groups, vec![discard]),
            None => {
                let (groups, loose) = sort::best_groups(&tiles, joker);
                (None, groups, loose)
            }
        };
        let mut v = verdict(&tiles, joker, kind, advice.distance, groups, loose);
        v.finishes = finish_hints(&advice, &tiles);
        v.discards = advice
            .discards
            .iter()
            .filter_map(|d| discard_hint(d, &tiles))
            .collect();
        v
    })
}

fn verdict(
    tiles: &[Tile],
    joker: Joker,
    kind: Option<WinKind>,
    distance: u8,
    groups: Vec<Vec<Tile>>,
    loose: Vec<Tile>,
) -> HandReport {
    HandReport {
        tiles: tiles.to_vec(),
        okey: joker.okey().to_string(),
        win: kind.is_some(),
        kind,
        distance,
        groups,
        loose,
        finishes: Vec::new(),
        discards: Vec::new(),
    }
}

/// Tiles for kinds: the first copy of a face, then the second; None past two copies.
fn as_tiles(kinds: &[Kind]) -> Option<Vec<Tile>> {
    let mut used = [0u8; Kind::COUNT];
    kinds
        .iter()
        .map(|k| {
            let copy = &mut used[k.index()];
            *copy += 1;
            Tile::of(*k, *copy - 1)
        })
        .collect()
}

/// The engine's verdict on one group of tiles.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GroupVerdict {
    /// The group is a set or a run under the indicator.
    pub valid: bool,
    /// Its shape, when valid.
    pub meld: Option<MeldKind>,
    /// The face each tile stands for, in notation, when valid (an okey's chosen face).
    pub stands_for: Vec<String>,
    /// Why not, as data (a code and the group's tiles), when not valid.
    pub reason: Option<Problem>,
}

/// Checks one group written as tokens under the indicator `indicator` (R6, R7; R4 and R5
/// for okeys and false jokers): the rules screen's examples ask the engine, not a table.
pub fn check_group(indicator: &str, tokens: &[String]) -> Result<GroupVerdict, PracticeError> {
    let face = parse_indicator(indicator)?;
    let kinds = parse_hand(face, tokens)?;
    Ok(match crate::meld::check_group(&kinds, Joker::new(face)) {
        Ok(meld) => GroupVerdict {
            valid: true,
            meld: Some(meld.kind),
            stands_for: meld.stands_for.iter().map(ToString::to_string).collect(),
            reason: None,
        },
        Err(e) => GroupVerdict {
            valid: false,
            meld: None,
            stands_for: Vec::new(),
            reason: Some(e.problem()),
        },
    })
}

/// A random practice hand of `size` (14 or 15) and an indicator, dealt from a shuffled set.
pub fn deal(seed: u64, size: usize) -> (String, Vec<String>) {
    deal_tokens(seed, size.clamp(14, 15))
}

/// `size` tiles and an indicator from a set shuffled from `seed`, as tokens: the indicator is
/// a numbered tile (R3), the tiles come from what is left.
pub(crate) fn deal_tokens(seed: u64, size: usize) -> (String, Vec<String>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut all: Vec<Tile> = (0..106u8).filter_map(Tile::new).collect();
    all.shuffle(&mut rng);
    let at = all
        .iter()
        .position(|t| matches!(t.kind(), Kind::Face(_)))
        .unwrap_or(0);
    let indicator = all.remove(at);
    let hand = all
        .iter()
        .take(size)
        .map(|t| t.kind().to_string())
        .collect();
    (indicator.kind().to_string(), hand)
}

crate::coded_error! {
    /// The codes of [`PracticeError`]'s own refusals.
    pub enum PracticeCode for PracticeError as this {
        PracticeError::TileCount { given } => HandTileCount = "hand_tile_count",
            params().count("given", *given);
        PracticeError::NotInHand { tile } => NotInHand = "not_in_hand",
            params().kind("tile", *tile);
        PracticeError::NoPuzzle => NoPuzzle = "no_puzzle";
    }
    passes {
        PracticeError::Notation(e) => e.problem().with_message(this);
        PracticeError::Analysis(e) => e.problem().with_message(this);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    const WIN: &str = "R1 R2 R3 R4 Y5 Y6 Y7 B9 B10 B11 B12 R7 Y7 B7";

    #[test]
    fn r08_a_winning_14_is_laid_out_in_its_groups() {
        let v = check("K4", &hand(WIN)).unwrap();
        assert!(v.win);
        assert_eq!(v.distance, 0);
        assert_eq!(v.groups.len(), 4);
        assert!(v.loose.is_empty());
        assert_eq!(v.okey, "K5");
    }

    #[test]
    fn r10_fifteen_tiles_list_the_finishing_discard() {
        let v = check("K4", &hand(&format!("{WIN} K1"))).unwrap();
        assert!(v.win);
        let finishes: Vec<String> = v
            .finishes
            .iter()
            .map(|f| f.tile.kind().to_string())
            .collect();
        assert_eq!(finishes, vec!["K1"]);
        assert_eq!(
            v.loose
                .iter()
                .map(|t| t.kind().to_string())
                .collect::<Vec<_>>(),
            vec!["K1"]
        );
        assert_eq!(
            v.discards.len(),
            14,
            "one line per distinct face: Y7 is held twice"
        );
    }

    #[test]
    fn a_hand_short_of_a_win_gives_its_distance() {
        let v = check("K4", &hand("R1 R2 R3 R4 Y5 Y6 Y7 B9 B10 B11 B12 R7 Y7 K1")).unwrap();
        assert!(!v.win);
        assert_eq!(v.distance, 1);
        assert!(v.finishes.is_empty() && v.discards.is_empty());
    }

    #[test]
    fn r05_more_copies_than_the_set_holds_are_refused_by_name() {
        let three = check("K4", &hand("R1 R1 R1 R4 Y5 Y6 Y7 B9 B10 B11 B12 R7 Y7 B7")).unwrap_err();
        assert!(three.to_string().contains("R1"), "{three}");
        // The indicator is one of the two copies of its face.
        let with_indicator =
            check("R1", &hand("R1 R1 R3 R4 Y5 Y6 Y7 B9 B10 B11 B12 R7 Y7 B7")).unwrap_err();
        assert!(
            with_indicator.to_string().contains("R1"),
            "{with_indicator}"
        );
        let short = check("K4", &hand("R1 R2")).unwrap_err();
        assert!(short.to_string().contains("not 2"), "{short}");
        let bad = check("K4", &hand("R1 R2 R3 R4 Y5 Y6 Y7 B9 B10 B11 B12 R7 Y7 Q7")).unwrap_err();
        assert!(bad.to_string().contains("Q7"), "{bad}");
    }

    #[test]
    fn r07_the_rules_screen_examples_get_the_engines_verdicts() {
        let group = |g: &str| check_group("K4", &hand(g)).unwrap();
        assert!(group("Y12 Y13 Y1").valid);
        let wrap = group("Y13 Y1 Y2");
        assert!(!wrap.valid);
        let reason = wrap.reason.unwrap();
        assert_eq!(reason.code(), "not_a_run");
        assert!(reason.message().contains("13-1-2"));
        assert!(!group("R7 R7 B7").valid);
        // The okey K5 stands in for R4; a false joker is only K5, a plain tile.
        let okey = group("R3 K5 R5");
        assert_eq!(okey.stands_for, vec!["R3", "R4", "R5"]);
        assert!(group("K3 K4 F").valid);
        assert!(!group("R3 F R5").valid);
    }

    #[test]
    fn dealt_hands_are_checkable_and_replay_from_their_seed() {
        for seed in 0..20 {
            let (indicator, tokens) = deal(seed, 15);
            assert_eq!(tokens.len(), 15);
            assert!(check(&indicator, &tokens).is_ok());
            assert_eq!(deal(seed, 15), (indicator, tokens));
        }
        assert_eq!(deal(3, 14).1.len(), 14);
    }
}
