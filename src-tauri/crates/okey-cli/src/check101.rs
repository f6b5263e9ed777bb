//! `okey check --variant 101`: the best opening of a 101 rack (R101-9, R101-14), its melds,
//! the most pairs (R101-15) and the tiles left, as text or JSON.

use okey_core::notation::{parse_indicator, parse_kind, NotationError};
use okey_core::r101::analysis::{best_opening, best_pairs, Analysis101Error, Opening};
use okey_core::r101::rules::{OPENING_PAIRS, OPENING_VALUE};
use okey_core::r101::Shape;
use okey_core::{Joker, Kind};
use serde::Serialize;
use thiserror::Error;

/// Why a 101 rack could not be checked. Every variant is bad input (exit status 2).
#[derive(Debug, Error)]
pub enum Check101Error {
    /// A token or the indicator broke the notation rules.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// Not 1 to 22 tiles, or more copies than exist.
    #[error(transparent)]
    Analysis(#[from] Analysis101Error),
}

/// What `okey check --variant 101` found for one rack.
#[derive(Debug)]
pub struct Report101 {
    tokens: Vec<String>,
    joker: Joker,
    opening: Opening,
    pairs: usize,
}

/// Checks one rack: `indicator` and `tiles` as written.
pub fn check101<S: AsRef<str>>(indicator: &str, tiles: &[S]) -> Result<Report101, Check101Error> {
    let joker = Joker::new(parse_indicator(indicator)?);
    let kinds: Vec<Kind> = tiles
        .iter()
        .map(|t| parse_kind(t.as_ref()))
        .collect::<Result<_, _>>()?;
    let opening = best_opening(&kinds, joker)?;
    let pairs = best_pairs(&kinds, joker).len();
    Ok(Report101 {
        tokens: tiles.iter().map(|t| t.as_ref().to_string()).collect(),
        joker,
        opening,
        pairs,
    })
}

impl Report101 {
    fn token(&self, index: usize) -> String {
        // Indices come from the analysis of these very tokens.
        self.tokens
            .get(index)
            .cloned()
            .unwrap_or_else(|| "?".into())
    }
    fn can_open(&self) -> bool {
        self.opening.value >= OPENING_VALUE
    }
    fn can_open_pairs(&self) -> bool {
        self.pairs >= usize::from(OPENING_PAIRS)
    }
}

#[derive(Serialize)]
struct JsonMeld {
    tiles: Vec<String>,
    #[serde(rename = "as")]
    stands_for: Vec<String>,
    value: u16,
}

#[derive(Serialize)]
struct JsonOpening {
    value: u16,
    melds: Vec<JsonMeld>,
}

#[derive(Serialize)]
struct Json101 {
    variant: &'static str,
    indicator: String,
    okey: String,
    opening: JsonOpening,
    can_open: bool,
    pairs: usize,
    can_open_pairs: bool,
    left: Vec<String>,
}

/// The report as one JSON line: the keys, tiles from the rack in the user's spelling,
/// `indicator`, `okey` and `as` in canonical notation.
pub fn json(report: &Report101) -> String {
    let melds = report
        .opening
        .melds
        .iter()
        .map(|m| JsonMeld {
            tiles: m.tiles.iter().map(|&i| report.token(i)).collect(),
            stands_for: m.faces.iter().map(ToString::to_string).collect(),
            value: m.value,
        })
        .collect();
    let object = Json101 {
        variant: "101",
        indicator: report.joker.indicator().to_string(),
        okey: report.joker.okey().to_string(),
        opening: JsonOpening {
            value: report.opening.value,
            melds,
        },
        can_open: report.can_open(),
        pairs: report.pairs,
        can_open_pairs: report.can_open_pairs(),
        left: report
            .opening
            .left
            .iter()
            .map(|&i| report.token(i))
            .collect(),
    };
    serde_json::to_string(&object).unwrap_or_else(|_| "null".to_string())
}

/// The report as text for a person.
pub fn text(report: &Report101) -> String {
    let mut out = format!(
        "Okey 101 - indicator {}, okey {}\n",
        report.joker.indicator(),
        report.joker.okey()
    );
    let verdict = if report.can_open() {
        format!("reaches {OPENING_VALUE}: can open")
    } else {
        format!("below {OPENING_VALUE}: cannot open with sets and runs")
    };
    out.push_str(&format!(
        "Opening value {} ({verdict})\n",
        report.opening.value
    ));
    for m in &report.opening.melds {
        let word = match m.shape {
            Shape::Run => "run",
            Shape::Set => "set",
            Shape::Pair => "pair",
        };
        let tiles: Vec<String> = m.tiles.iter().map(|&i| report.token(i)).collect();
        let faces: Vec<String> = m.faces.iter().map(ToString::to_string).collect();
        out.push_str(&format!(
            "  {word:<4} {}  (as {})  = {}\n",
            tiles.join(" "),
            faces.join(" "),
            m.value
        ));
    }
    let pairs = if report.can_open_pairs() {
        "can open with pairs"
    } else {
        "5 are needed to open with pairs"
    };
    out.push_str(&format!("Pairs: {} ({pairs})\n", report.pairs));
    let left: Vec<String> = report
        .opening
        .left
        .iter()
        .map(|&i| report.token(i))
        .collect();
    let left = if left.is_empty() {
        "none".to_string()
    } else {
        left.join(" ")
    };
    out.push_str(&format!("Left: {left}\n"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r101_9_worked_example_3_reaches_102_with_the_okey_as_r12() {
        let tiles = [
            "R11", "b5", "R13", "K9", "R9", "B5", "Y10", "Y11", "Y12", "K1", "K2", "K3",
        ];
        let report = check101("B4", &tiles).expect("valid rack");
        assert_eq!(report.opening.value, 102);
        assert!(report.can_open());
        let line: serde_json::Value = serde_json::from_str(&json(&report)).unwrap();
        assert_eq!(line["variant"], "101");
        assert_eq!(line["okey"], "B5");
        assert_eq!(line["left"], serde_json::json!([]));
    }
}
