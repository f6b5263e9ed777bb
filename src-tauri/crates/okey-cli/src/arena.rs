//! `okey arena`: turns the arguments into an arena run and shows its report.

use crate::arena_args::{rules, ArenaArgsError};
use crate::arena_table::{table, Columns};
use crate::args::ArenaArgs;
use okey_bots::{ArenaConfig, ArenaReport, Bot};
use okey_core::Rules;

/// The arena the arguments describe.
pub fn config(args: &ArenaArgs) -> Result<ArenaConfig, ArenaArgsError> {
    Ok(ArenaConfig {
        rules: rules::<Rules>(args)?,
        seats: args.seats.clone(),
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
        (name.as_str(), b, own)
    });
    table(&columns, rows)
}
