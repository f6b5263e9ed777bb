//! `okey arena`: turns the arguments into an arena run and shows its report.

use crate::args::ArenaArgs;
use okey_bots::{ArenaConfig, ArenaReport, Bot, Level};
use okey_core::Rules;
use std::fmt::Write as _;
use thiserror::Error;

/// Arguments that do not make an arena.
#[derive(Debug, Error)]
pub enum ArenaArgsError {
    /// A seat names no level.
    #[error(transparent)]
    Level(#[from] okey_bots::ParseLevelError),
    /// Too few or too many seats.
    #[error("--seats needs 2 to 4 levels, got {0}")]
    SeatCount(usize),
    /// The rules JSON does not parse.
    #[error("--rules is not valid rules JSON: {0}")]
    Rules(serde_json::Error),
    /// The rules JSON names an option that does not exist.
    #[error("--rules has no option {0:?}; the options are those of RULES.md, e.g. strict_rack")]
    UnknownRule(String),
    /// The rules name another number of players.
    #[error("--rules says {players} players but --seats has {seats}")]
    Players {
        /// Players in the rules.
        players: u8,
        /// Seats given.
        seats: usize,
    },
}

/// The arena the arguments describe.
pub fn config(args: &ArenaArgs) -> Result<ArenaConfig, ArenaArgsError> {
    let seats = args
        .seats
        .iter()
        .map(|s| s.parse::<Level>())
        .collect::<Result<Vec<_>, _>>()?;
    if !(2..=4).contains(&seats.len()) {
        return Err(ArenaArgsError::SeatCount(seats.len()));
    }
    let rules = match &args.rules {
        Some(text) => {
            let value: serde_json::Value =
                serde_json::from_str(text).map_err(ArenaArgsError::Rules)?;
            // A misspelt option must not pass silently as the default.
            let known = serde_json::to_value(Rules::default()).map_err(ArenaArgsError::Rules)?;
            if let (Some(given), Some(known)) = (value.as_object(), known.as_object()) {
                if let Some(bad) = given.keys().find(|k| !known.contains_key(*k)) {
                    return Err(ArenaArgsError::UnknownRule(bad.clone()));
                }
            }
            let named = value.get("players").is_some();
            let rules: Rules = serde_json::from_value(value).map_err(ArenaArgsError::Rules)?;
            if named && usize::from(rules.players) != seats.len() {
                return Err(ArenaArgsError::Players {
                    players: rules.players,
                    seats: seats.len(),
                });
            }
            rules
        }
        None => Rules::default(),
    };
    Ok(ArenaConfig {
        rules: Rules {
            players: seats.len() as u8,
            ..rules
        },
        seats,
        rounds: args.rounds,
        seed: args.seed,
        duplicate: args.duplicate,
        budget: args.budget.unwrap_or(Bot::DEFAULT_BUDGET),
    })
}

/// The report as one JSON object.
pub fn json(report: &ArenaReport) -> String {
    // The report is plain numbers and strings: serializing cannot fail.
    serde_json::to_string(report).unwrap_or_default()
}

/// The report as a table.
pub fn text(report: &ArenaReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} rounds ({} without a winner), {:.1} rounds/s",
        report.rounds, report.no_winner, report.rounds_per_s
    );
    let _ = writeln!(
        out,
        "{:<7} {:>5} {:>6} {:>7} {:>15} {:>6} {:>6} {:>5} {:>8} {:>10} {:>9}",
        "level",
        "seats",
        "wins",
        "share",
        "95% CI",
        "melds",
        "pairs",
        "okey",
        "lost/rd",
        "median ms",
        "p95 ms"
    );
    for (name, b) in &report.bots {
        let _ = writeln!(
            out,
            "{:<7} {:>5} {:>6} {:>6.1}% {:>6.1}%-{:>5.1}% {:>6} {:>6} {:>5} {:>8.2} {:>10.3} {:>9.3}",
            name,
            b.seats,
            b.wins,
            b.share * 100.0,
            b.ci95[0] * 100.0,
            b.ci95[1] * 100.0,
            b.finishes.melds,
            b.finishes.pairs,
            b.finishes.okey_discard,
            b.points_lost_per_round,
            b.decision_ms_median,
            b.decision_ms_p95
        );
    }
    out
}
