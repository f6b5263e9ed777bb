//! The table both arenas print: a first line, then a row per level whose columns are the
//! Düz and 101 arenas' shared figures around the variant's own.

use okey_bots::LevelReport;
use std::fmt::Write as _;

/// What sets a variant's table apart.
pub struct Columns<'a> {
    /// The first line, above the header.
    pub title: String,
    /// The header of the finishes by melds.
    pub melds: &'a str,
    /// The headers of the variant's own columns, formatted to their widths.
    pub own: String,
}

/// The table: the title, the header and a row per level: its name, its figures and the
/// variant's own columns, formatted to the widths of `Columns::own`.
pub fn table<'a, X: 'a>(
    columns: &Columns,
    rows: impl IntoIterator<Item = (&'a str, &'a LevelReport<X>, String)>,
) -> String {
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
    for (name, row, own) in rows {
        let _ = writeln!(
            out,
            "{:<7} {:>5} {:>6} {:>6.1}% {:>6.1}%-{:>5.1}% {:>6} {:>6} {:>5} {} {:>10.3} {:>9.3}",
            name,
            row.seats,
            row.wins,
            row.share * 100.0,
            row.ci95[0] * 100.0,
            row.ci95[1] * 100.0,
            row.finishes.melds,
            row.finishes.pairs,
            row.finishes.okey_discard,
            own,
            row.decision_ms_median,
            row.decision_ms_p95
        );
    }
    out
}

/// A report as JSON, on one line.
pub fn json(report: &impl serde::Serialize) -> String {
    // The reports are plain numbers and strings: serializing cannot fail.
    serde_json::to_string(report).unwrap_or_default()
}
