//! One report of a 101 rack for the practice screen and `okey check --variant 101`: the best
//! opening (R101-9, R101-14) with its melds, the most pairs (R101-15) and the tiles left, so
//! the app and the command give the same numbers for the same rack.

use super::analysis::{best_opening, best_pairs, Analysis101Error};
use super::meld::Shape;
use super::rules::{OPENING_PAIRS, OPENING_VALUE};
use crate::notation::{parse_indicator, parse_kind, NotationError};
use crate::problem::params;
use crate::tile::{Joker, Kind};
use serde::Serialize;
use thiserror::Error;

/// Why a 101 rack could not be checked: always the input's fault.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Practice101Error {
    /// A token or the indicator broke the notation rules, or more copies than exist (R101-1).
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// Not 1 to 22 tiles.
    #[error("a 101 rack has 1 to 22 tiles, but {0} were given")]
    Size(usize),
}

impl From<Analysis101Error> for Practice101Error {
    fn from(e: Analysis101Error) -> Self {
        match e {
            Analysis101Error::Size(n) => Practice101Error::Size(n),
            Analysis101Error::Notation(e) => Practice101Error::Notation(e),
        }
    }
}

crate::coded_error! {
    /// The codes of [`Practice101Error`]'s own refusals.
    pub enum Practice101Code for Practice101Error as this {
        Practice101Error::Size(given) => RackSize = "rack_size",
            params().text("rule", "R101-1").count("given", *given);
    }
    passes {
        Practice101Error::Notation(e) => e.problem();
    }
}

/// One meld of the best opening, as written in the rack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MeldReport {
    /// Set or run.
    pub shape: Shape,
    /// The rack's own tokens in the meld's order (an okey as its own token).
    pub tiles: Vec<String>,
    /// The same tiles as what they play as: an okey as the tile it stands for, a false joker
    /// as the okey's face (R101-1).
    #[serde(rename = "as")]
    pub stands_for: Vec<String>,
    /// The meld's value (R101-9).
    pub value: u16,
}

/// The best opening of a rack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OpeningReport {
    /// Its total value.
    pub value: u16,
    /// Its melds, lowest first.
    pub melds: Vec<MeldReport>,
}

/// What the checker says of a 101 rack. Serialized, it is `okey check --variant 101 --json`'s
/// line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Check101 {
    /// Always `"101"`.
    pub variant: &'static str,
    /// The indicator, canonical.
    pub indicator: String,
    /// The okey's face.
    pub okey: String,
    /// The best opening with sets and runs.
    pub opening: OpeningReport,
    /// Whether it reaches 101 (R101-14).
    pub can_open: bool,
    /// The most disjoint pairs (R101-15).
    pub pairs: usize,
    /// Those pairs, each as the rack's two tokens.
    pub pair_list: Vec<[String; 2]>,
    /// Whether they reach five (R101-15).
    pub can_open_pairs: bool,
    /// The rack's tokens in no meld of the best opening.
    pub left: Vec<String>,
}

/// Checks a rack of 1 to 22 tiles written as tokens (`R5`, `k13`, `F`) under `indicator`.
pub fn check<S: AsRef<str>>(indicator: &str, tokens: &[S]) -> Result<Check101, Practice101Error> {
    let joker = Joker::new(parse_indicator(indicator)?);
    let kinds: Vec<Kind> = tokens
        .iter()
        .map(|t| parse_kind(t.as_ref()))
        .collect::<Result<_, _>>()?;
    let opening = best_opening(&kinds, joker)?;
    let pairs = best_pairs(&kinds, joker);
    // Indices come from the analysis of these very tokens.
    let token = |i: usize| {
        tokens
            .get(i)
            .map_or_else(String::new, |t| t.as_ref().to_string())
    };
    let melds = opening
        .melds
        .iter()
        .map(|m| MeldReport {
            shape: m.shape,
            tiles: m.tiles.iter().map(|&i| token(i)).collect(),
            stands_for: m.faces.iter().map(ToString::to_string).collect(),
            value: m.value,
        })
        .collect();
    Ok(Check101 {
        variant: "101",
        indicator: joker.indicator().to_string(),
        okey: joker.okey().to_string(),
        can_open: opening.value >= OPENING_VALUE,
        opening: OpeningReport {
            value: opening.value,
            melds,
        },
        can_open_pairs: pairs.len() >= usize::from(OPENING_PAIRS),
        pair_list: pairs.iter().map(|&(a, b)| [token(a), token(b)]).collect(),
        pairs: pairs.len(),
        left: opening.left.iter().map(|&i| token(i)).collect(),
    })
}

/// A random rack of `size` tiles (1 to 22; 21 is a dealt hand, 22 the starter's) and an
/// indicator, dealt from a shuffled set, as tokens.
pub fn deal(seed: u64, size: usize) -> (String, Vec<String>) {
    crate::practice::deal_tokens(seed, size.clamp(1, 22))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Coded;

    #[test]
    fn r101_9_worked_example_3_reaches_102_with_the_okey_as_r12() {
        let rack = [
            "R11", "b5", "R13", "K9", "R9", "B5", "Y10", "Y11", "Y12", "K1", "K2", "K3",
        ];
        let report = check("B4", &rack).expect("a valid rack");
        assert_eq!(report.opening.value, 102);
        assert!(report.can_open);
        assert_eq!(report.okey, "B5");
        assert!(report.left.is_empty());
        let run = report
            .opening
            .melds
            .iter()
            .find(|m| m.stands_for == ["R11", "R12", "R13"])
            .expect("the okey plays as R12");
        assert_eq!(run.tiles, ["R11", "b5", "R13"]);
        assert_eq!(run.shape, Shape::Run);
    }

    #[test]
    fn r101_15_pairs_are_listed_and_five_can_open() {
        let rack = "R1 R1 Y2 Y2 B3 B3 K4 K4 R9 R9 K12"
            .split(' ')
            .collect::<Vec<_>>();
        let report = check("K7", &rack).expect("a valid rack");
        assert_eq!(report.pairs, 5);
        assert!(report.can_open_pairs);
        assert_eq!(report.pair_list.len(), 5);
        assert!(report
            .pair_list
            .contains(&["R9".to_string(), "R9".to_string()]));
    }

    #[test]
    fn r101_1_a_rack_of_23_or_a_third_copy_is_refused_with_a_code() {
        let big: Vec<String> = (1..=13)
            .map(|n| format!("R{n}"))
            .chain((1..=10).map(|n| format!("Y{n}")))
            .collect();
        let err = check("K7", &big).unwrap_err();
        assert_eq!(err, Practice101Error::Size(23));
        assert_eq!(err.problem().code(), "rack_size");
        let err = check("K7", &["R1", "R1", "R1"]).unwrap_err();
        assert_eq!(err.problem().code(), "too_many_copies");
        // The indicator takes one copy of its face.
        assert!(check("K7", &["K7", "K7"]).is_err());
    }

    #[test]
    fn dealt_racks_have_the_size_asked_and_check() {
        for size in [1, 21, 22] {
            let (indicator, rack) = deal(7, size);
            assert_eq!(rack.len(), size);
            assert!(check(&indicator, &rack).is_ok());
        }
        assert_eq!(deal(7, 40).1.len(), 22);
        assert_eq!(deal(7, 21), deal(7, 21));
    }
}
