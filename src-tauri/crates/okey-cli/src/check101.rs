//! `okey check --variant 101`: the best opening of a 101 rack (R101-9, R101-14), its melds,
//! the most pairs (R101-15) and the tiles left, as text or JSON.

use okey_core::r101::practice::{check, Check101, Practice101Error};
use okey_core::r101::rules::{OPENING_PAIRS, OPENING_VALUE};
use okey_core::r101::Shape;

/// Checks one rack: `indicator` and `tiles` as written. Every error is bad input (exit 2).
pub fn check101<S: AsRef<str>>(indicator: &str, tiles: &[S]) -> Result<Check101, Practice101Error> {
    check(indicator, tiles)
}

/// The report as one JSON line: the keys, tiles from the rack in the user's spelling,
/// `indicator`, `okey` and `as` in canonical notation.
pub fn json(report: &Check101) -> String {
    serde_json::to_string(report).unwrap_or_else(|_| "null".to_string())
}

/// The report as text for a person.
pub fn text(report: &Check101) -> String {
    let mut out = format!(
        "Okey 101 - indicator {}, okey {}\n",
        report.indicator, report.okey
    );
    let verdict = if report.can_open {
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
        out.push_str(&format!(
            "  {word:<4} {}  (as {})  = {}\n",
            m.tiles.join(" "),
            m.stands_for.join(" "),
            m.value
        ));
    }
    let pairs = if report.can_open_pairs {
        "can open with pairs".to_string()
    } else {
        format!("{OPENING_PAIRS} are needed to open with pairs")
    };
    out.push_str(&format!("Pairs: {} ({pairs})\n", report.pairs));
    let left = if report.left.is_empty() {
        "none".to_string()
    } else {
        report.left.join(" ")
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
        assert!(report.can_open);
        let line: serde_json::Value = serde_json::from_str(&json(&report)).unwrap();
        assert_eq!(line["variant"], "101");
        assert_eq!(line["okey"], "B5");
        assert_eq!(line["left"], serde_json::json!([]));
    }
}
