//! The table both arenas print: a first line, then a row per level whose columns are the
//! Düz and 101 arenas' shared figures around the variant's own.

use okey_bots::{Finishes, LevelReport};
use std::fmt::Write as _;

/// One level's row.
pub struct Row<'a> {
    /// The level's name.
    pub name: &'a str,
    /// Seats it held.
    pub seats: usize,
    /// Rounds it won.
    pub wins: u32,
    /// Its share of the rounds.
    pub share: f64,
    /// The share's 95% interval.
    pub ci95: [f64; 2],
    /// How its wins were made.
    pub finishes: Finishes,
    /// The variant's own columns, formatted to the widths of `Columns::own`.
    pub own: String,
    /// Median decision time, in milliseconds.
    pub median_ms: f64,
    /// 95th percentile decision time, in milliseconds.
    pub p95_ms: f64,
}

impl<'a> Row<'a> {
    /// The row of the level `name` of either arena, with the variant's own columns.
    pub fn of<X>(name: &'a str, report: &LevelReport<X>, own: String) -> Row<'a> {
        Row {
            name,
            seats: report.seats,
            wins: report.wins,
            share: report.share,
            ci95: report.ci95,
            finishes: report.finishes,
            own,
            median_ms: report.decision_ms_median,
            p95_ms: report.decision_ms_p95,
        }
    }
}

/// What sets a variant's table apart.
pub struct Columns<'a> {
    /// The first line, above the header.
    pub title: String,
    /// The header of the finishes by melds.
    pub melds: &'a str,
    /// The headers of the variant's own columns, formatted to their widths.
    pub own: String,
}

/// The table: the title, the header and the rows.
pub fn table<'a>(columns: &Columns, rows: impl IntoIterator<Item = Row<'a>>) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", columns.title);
    let _ = writeln!(
        out,
        "{:<7} {:>5} {:>6} {:>7} {:>15} {:>6} {:>6} {:>5} {} {:>10} {:>9}",
        "level",
        "seats",
        "wins",
        "share",
        "95% CI",
        columns.melds,
        "pairs",
        "okey",
        columns.own,
        "median ms",
        "p95 ms"
    );
    for row in rows {
        let _ = writeln!(
            out,
            "{:<7} {:>5} {:>6} {:>6.1}% {:>6.1}%-{:>5.1}% {:>6} {:>6} {:>5} {} {:>10.3} {:>9.3}",
            row.name,
            row.seats,
            row.wins,
            row.share * 100.0,
            row.ci95[0] * 100.0,
            row.ci95[1] * 100.0,
            row.finishes.melds,
            row.finishes.pairs,
            row.finishes.okey_discard,
            row.own,
            row.median_ms,
            row.p95_ms
        );
    }
    out
}

/// A report as JSON, on one line.
pub fn json(report: &impl serde::Serialize) -> String {
    // The reports are plain numbers and strings: serializing cannot fail.
    serde_json::to_string(report).unwrap_or_default()
}
