//! `okey check --variant 101`: okey-core's report of a 101 rack
//! ([`okey_core::r101::practice::check`]: the best opening (R101-9, R101-14), its melds, the
//! most pairs (R101-15) and the tiles left) as text or JSON.

use okey_core::r101::practice::Check101;
use okey_core::r101::rules::{OPENING_PAIRS, OPENING_VALUE};
use okey_core::r101::Shape;

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
