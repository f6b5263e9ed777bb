//! `okey arena`: turns the arguments into an arena run and shows its report.

use crate::arena_table::{level_row, table, Columns};
use crate::args::ArenaArgs;
use okey_bots::{ArenaConfig, ArenaReport, Bot};
use okey_core::Rules;
use thiserror::Error;

/// Arguments that do not make an arena.
#[derive(Debug, Error)]
pub enum ArenaArgsError {
    /// The rules JSON does not parse, or names an option that does not exist.
    #[error("--rules is not valid rules JSON: {0}")]
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
}

/// The arena the arguments describe.
pub fn config(args: &ArenaArgs) -> Result<ArenaConfig, ArenaArgsError> {
    if args.first >= args.rounds {
        return Err(ArenaArgsError::First {
            first: args.first,
            rounds: args.rounds,
        });
    }
    let seats = args.seats.clone();
    let players = u8::try_from(seats.len()).unwrap_or(u8::MAX);
    let rules = match &args.rules {
        Some(text) => {
            // Rules refuse unknown fields, so a misspelt option is not taken as the default.
            let value: serde_json::Value =
                serde_json::from_str(text).map_err(ArenaArgsError::Json)?;
            let named = value.get("players").is_some();
            let rules: Rules = serde_json::from_value(value).map_err(ArenaArgsError::Json)?;
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
    // The number of seats is checked with the rest of the rules (Rules::validate) when the
    // arena starts.
    Ok(ArenaConfig {
        rules: Rules { players, ..rules },
        seats,
        rounds: args.rounds,
        first: args.first,
        seed: args.seed,
        duplicate: args.duplicate,
        budget: args.budget.unwrap_or(Bot::DEFAULT_BUDGET),
    })
}

/// The report as a table.
pub fn text(report: &ArenaReport) -> String {
    let columns = Columns {
        title: format!(
            "{} rounds ({} without a winner), {:.1} rounds/s",
            report.rounds, report.no_winner, report.rounds_per_s
        ),
        melds: "melds",
        own: format!("{:>8}", "lost/rd"),
    };
    let rows = report.bots.iter().map(|(name, b)| {
        let own = format!("{:>8.2}", b.points_lost_per_round);
        level_row!(name, b, own)
    });
    table(&columns, rows)
}
