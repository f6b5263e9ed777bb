//! How a report is shown: readable text, or one JSON object with fixed keys.

use crate::check::duz::{Report, Verdict};
use okey_core::analysis::{Arrangement, DiscardOption, Finish, Group, WinKind};
use okey_core::meld::MeldKind;
use serde::Serialize;
use std::fmt::Write as _;

/// The JSON object of one report; field names are the documented keys.
#[derive(Serialize)]
struct JsonReport<'a> {
    indicator: String,
    okey: String,
    win: bool,
    kind: Option<WinKind>,
    groups: Vec<Vec<&'a str>>,
    distance: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    finishes: Option<Vec<JsonFinish<'a>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    discards: Option<Vec<JsonDiscard<'a>>>,
}

/// A batch line that could not be checked, in JSON.
#[derive(Serialize)]
struct JsonError {
    line: usize,
    error: String,
}

/// One finishing discard in JSON.
#[derive(Serialize)]
struct JsonFinish<'a> {
    discard: &'a str,
    kind: WinKind,
    okey_discard: bool,
    points: i32,
}

/// One discard option in JSON.
#[derive(Serialize)]
struct JsonDiscard<'a> {
    tile: &'a str,
    distance: u8,
    outs: Vec<String>,
}

/// The report as one line of JSON, keys in the documented order (see `okey check --help`).
pub fn json(report: &Report) -> String {
    let arrangement = report.arrangement();
    let groups = arrangement.map_or_else(Vec::new, |a| {
        a.groups
            .iter()
            .map(|g| g.tiles.iter().map(|p| report.token(p.index)).collect())
            .collect()
    });
    let (finishes, discards) = match &report.verdict {
        Verdict::Fourteen { .. } => (None, None),
        Verdict::Fifteen(advice) => (
            Some(
                advice
                    .finishes
                    .iter()
                    .map(|f| JsonFinish {
                        discard: report.token(f.index),
                        kind: f.kind,
                        okey_discard: f.okey_discard,
                        points: f.points,
                    })
                    .collect(),
            ),
            Some(
                advice
                    .discards
                    .iter()
                    .map(|d| JsonDiscard {
                        tile: report.token(d.index),
                        distance: d.distance,
                        outs: d.outs.iter().map(|o| o.tile.to_string()).collect(),
                    })
                    .collect(),
            ),
        ),
    };
    let win = match &report.verdict {
        Verdict::Fourteen { win, .. } => win.is_some(),
        Verdict::Fifteen(advice) => !advice.finishes.is_empty(),
    };
    let object = JsonReport {
        indicator: report.joker.indicator().to_string(),
        okey: report.joker.okey().to_string(),
        win,
        kind: arrangement.map(|a| a.kind),
        groups,
        distance: report.distance(),
        finishes,
        discards,
    };
    to_line(&object)
}

/// The JSON object, as one line, for a batch line that could not be checked.
pub fn json_error(line: usize, error: &dyn std::fmt::Display) -> String {
    to_line(&JsonError {
        line,
        error: error.to_string(),
    })
}

/// One JSON line. Strings, numbers and derived enums always serialise; should that ever
/// fail, `null` still keeps one line per hand in batch output.
fn to_line(value: &impl Serialize) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".to_string())
}

/// The report as text for a person.
pub fn text(report: &Report) -> String {
    let mut out = String::new();
    let joker = report.joker;
    // Writing into a String cannot fail, so the results of writeln! are ignored throughout.
    let _ = writeln!(
        out,
        "Indicator {}: the okeys are {} (wild); a false joker F plays as {}.",
        joker.indicator(),
        joker.okey(),
        joker.okey()
    );
    let _ = writeln!(
        out,
        "Hand, {} tiles: {}",
        report.tokens.len(),
        report.tokens.join(" ")
    );
    let _ = writeln!(out);
    match &report.verdict {
        Verdict::Fourteen { win, distance } => {
            match win {
                Some(arrangement) => {
                    let _ = writeln!(out, "Win: yes, {}.", kind_words(arrangement.kind));
                    write_groups(&mut out, report, arrangement);
                }
                None => {
                    let _ = writeln!(out, "Win: no.");
                }
            }
            let _ = writeln!(
                out,
                "Distance: {distance} (fewest tiles to swap for a winning 14)"
            );
        }
        Verdict::Fifteen(advice) => {
            if advice.finishes.is_empty() {
                let _ = writeln!(out, "Win: no discard finishes.");
            } else {
                let _ = writeln!(out, "Win: yes, these discards finish:");
                for finish in &advice.finishes {
                    write_finish(&mut out, report, finish);
                }
                if let Some(best) = report.best_finish() {
                    let _ = writeln!(out, "Groups after discarding {}:", report.token(best.index));
                    write_groups(&mut out, report, &best.arrangement);
                }
            }
            let _ = writeln!(
                out,
                "Distance after the best discard: {} (fewest tiles to swap for a winning 14)",
                advice.distance
            );
            let _ = writeln!(out);
            let _ = writeln!(
                out,
                "Discards, best first (outs: tiles that bring the hand closer, with copies unseen):"
            );
            for discard in &advice.discards {
                write_discard(&mut out, report, discard);
            }
        }
    }
    out
}

/// How a win is made, in words.
fn kind_words(kind: WinKind) -> &'static str {
    match kind {
        WinKind::Melds => "sets and runs",
        WinKind::Pairs => "seven pairs",
    }
}

fn write_finish(out: &mut String, report: &Report, finish: &Finish) {
    let okey = if finish.okey_discard {
        ", an okey thrown"
    } else {
        ""
    };
    let _ = writeln!(
        out,
        "  discard {:<4} {}{}: {} points from each other player",
        report.token(finish.index),
        kind_words(finish.kind),
        okey,
        finish.points
    );
}

fn write_groups(out: &mut String, report: &Report, arrangement: &Arrangement) {
    for group in &arrangement.groups {
        let _ = writeln!(
            out,
            "  {:<5} {}",
            meld_word(group),
            group_tiles(report, group)
        );
    }
}

fn meld_word(group: &Group) -> &'static str {
    match group.meld {
        MeldKind::Set => "set",
        MeldKind::Run => "run",
        MeldKind::Pair => "pair",
    }
}

/// The group's tiles as written; a tile standing for another face (an okey, a false joker)
/// shows that face too, e.g. `r5=Y7`.
fn group_tiles(report: &Report, group: &Group) -> String {
    group
        .tiles
        .iter()
        .map(|p| {
            let token = report.token(p.index);
            if p.kind.face() == Some(p.stands_for) {
                token.to_string()
            } else {
                format!("{token}={}", p.stands_for)
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn write_discard(out: &mut String, report: &Report, discard: &DiscardOption) {
    let tile = report.token(discard.index);
    if discard.outs.is_empty() {
        let _ = writeln!(out, "  {tile:<4} distance {}", discard.distance);
        return;
    }
    let outs: Vec<String> = discard
        .outs
        .iter()
        .map(|o| format!("{} ({})", o.tile, o.unseen))
        .collect();
    let unseen: u32 = discard.outs.iter().map(|o| u32::from(o.unseen)).sum();
    let _ = writeln!(
        out,
        "  {tile:<4} distance {}  {unseen} unseen outs: {}",
        discard.distance,
        outs.join(", ")
    );
}
