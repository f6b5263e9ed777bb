//! `okey arena --variant 101`: the 101 arena from the arguments, and its report.

use crate::arena_table::{json, level_row, table, Columns};
use crate::args::ArenaArgs;
use okey_bots::r101::{run_arena101, Arena101Config, Arena101Error, Arena101Report};
use okey_bots::Bot101;
use okey_core::r101::Rules101;
use thiserror::Error;

/// Arguments that do not make a 101 arena.
#[derive(Debug, Error)]
pub enum Arena101ArgsError {
    /// The rules JSON does not parse, or names an option that does not exist.
    #[error("--rules is not valid 101 rules JSON: {0}")]
    Json(serde_json::Error),
    /// The first round is not one of the rounds.
    #[error("--first {first} must be below --rounds {rounds}")]
    First {
        /// The first round asked for.
        first: u32,
        /// Rounds in the arena.
        rounds: u32,
    },
    /// The rules name another number of players.
    #[error("--rules says {players} players but --seats has {seats}")]
    Players {
        /// Players in the rules.
        players: u8,
        /// Seats given.
        seats: usize,
    },
    /// An option 101 does not have.
    #[error("--rules names {0:?}, which is not a 101 rule option")]
    Unknown(String),
    /// Round logs are for the Düz arena.
    #[error("--round-log is not available with --variant 101")]
    RoundLog,
    /// The arena could not run.
    #[error(transparent)]
    Arena(#[from] Arena101Error),
}

/// The 101 arena the arguments describe.
pub fn config(args: &ArenaArgs) -> Result<Arena101Config, Arena101ArgsError> {
    if args.round_log.is_some() {
        return Err(Arena101ArgsError::RoundLog);
    }
    if args.first >= args.rounds {
        return Err(Arena101ArgsError::First {
            first: args.first,
            rounds: args.rounds,
        });
    }
    let seats = args.seats.clone();
    let players = u8::try_from(seats.len()).unwrap_or(u8::MAX);
    let rules = match &args.rules {
        Some(text) => {
            let value: serde_json::Value =
                serde_json::from_str(text).map_err(Arena101ArgsError::Json)?;
            // Rules101 takes unknown fields silently: refuse them here, so that a misspelt
            // option is not taken as the default.
            let known =
                serde_json::to_value(Rules101::default()).map_err(Arena101ArgsError::Json)?;
            if let Some(unknown) = value
                .as_object()
                .and_then(|o| o.keys().find(|k| known.get(k.as_str()).is_none()))
            {
                return Err(Arena101ArgsError::Unknown(unknown.clone()));
            }
            let named = value.get("players").is_some();
            let rules: Rules101 = serde_json::from_value(value).map_err(Arena101ArgsError::Json)?;
            if named && usize::from(rules.players) != seats.len() {
                return Err(Arena101ArgsError::Players {
                    players: rules.players,
                    seats: seats.len(),
                });
            }
            rules
        }
        None => Rules101::default(),
    };
    Ok(Arena101Config {
        rules: Rules101 { players, ..rules },
        seats,
        rounds: args.rounds,
        first: args.first,
        seed: args.seed,
        duplicate: args.duplicate,
        budget: args.budget.unwrap_or(Bot101::DEFAULT_BUDGET),
        rollouts: args.rollouts.unwrap_or(0),
    })
}

/// Runs the arena and renders its report as the arguments ask.
pub fn run(args: &ArenaArgs) -> Result<String, Arena101ArgsError> {
    let report = run_arena101(&config(args)?)?;
    Ok(if args.json {
        json(&report)
    } else {
        text(&report)
    })
}

/// The report as a table.
pub fn text(report: &Arena101Report) -> String {
    let columns = Columns {
        title: format!(
            "{} rounds of 101 ({} without a winner), {:.1} rounds/s",
            report.rounds, report.no_winner, report.rounds_per_s
        ),
        melds: "series",
        own: format!("{:>9} {:>17}", "points", "points 95% CI"),
    };
    let rows = report.bots.iter().map(|(name, b)| {
        let own = format!(
            "{:>9.1} {:>8.1}-{:>8.1}",
            b.points_mean, b.points_ci95[0], b.points_ci95[1]
        );
        level_row!(name, b, own)
    });
    table(&columns, rows)
}
