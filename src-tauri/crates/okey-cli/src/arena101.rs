//! `okey arena --variant 101`: the 101 arena from the arguments, and its report.

use crate::arena_args::{rules, ArenaArgsError};
use crate::arena_table::{table, Columns};
use crate::args::ArenaArgs;
use okey_bots::r101::{run_arena101, Arena101Config, Arena101Error, Arena101Report};
use okey_bots::Bot101;
use okey_core::r101::Rules101;
use thiserror::Error;

/// Arguments that do not make a 101 arena.
#[derive(Debug, Error)]
pub enum Arena101ArgsError {
    /// What the Düz arena refuses too, and an option 101 does not have.
    #[error(transparent)]
    Args(#[from] ArenaArgsError),
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
    Ok(Arena101Config {
        rules: rules::<Rules101>(args)?,
        seats: args.seats.clone(),
        rounds: args.rounds,
        first: args.first,
        seed: args.seed,
        duplicate: args.duplicate,
        budget: args.budget.unwrap_or(Bot101::DEFAULT_BUDGET),
        rollouts: args.rollouts.unwrap_or(0),
    })
}

/// Runs the arena the arguments describe.
pub fn run(args: &ArenaArgs) -> Result<Arena101Report, Arena101ArgsError> {
    Ok(run_arena101(&config(args)?)?)
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
            b.own.points_mean, b.own.points_ci95[0], b.own.points_ci95[1]
        );
        (name.as_str(), b, own)
    });
    table(&columns, rows)
}
