//! `okey arena`, both games: bots of the levels given play many rounds and each level's
//! results are reported, as a table or a JSON line. The arguments ([`args`]) make a Düz or a
//! 101 arena; both report in the same table ([`table`]), each with its own figures; `okey
//! arena-diff` compares two Düz arenas round by round ([`diff`]).

pub mod args;
pub mod diff;
pub mod table;

use crate::args::ArenaArgs;
use crate::failure::Failure;
use crate::print::print;
use crate::variant::Variant;
use okey_bots::{ArenaReport, LevelReport};
use table::{table, Columns};

/// Runs `okey arena` and prints its report.
pub fn run(args: &ArenaArgs) -> Result<(), Failure> {
    let input = |error: &dyn std::fmt::Display| Failure::Input(error.to_string());
    let outside = args::outside(args).map_err(|e| input(&e))?;
    let mut start = || match &outside {
        Some((command, limit)) => crate::outside::start(command, *limit),
        None => Box::new(okey_bots::outside::Unstarted) as Box<dyn okey_bots::outside::Line>,
    };
    if args.variant == Variant::Okey101 {
        let report = args::run101(args, &mut start).map_err(|e| input(&e))?;
        let text = || {
            text(
                &report,
                "rounds of 101",
                "series",
                format!("{:>9} {:>17}", "points", "points 95% CI"),
                |b| {
                    format!(
                        "{:>9.1} {:>8.1}-{:>8.1}",
                        b.own.points_mean, b.own.points_ci95[0], b.own.points_ci95[1]
                    )
                },
            )
        };
        return print(args.json, || table::json(&report), text);
    }
    if args.rollouts.is_some() {
        return Err(Failure::Input(
            "--rollouts sets the 101 hard bot's search; it needs --variant 101".into(),
        ));
    }
    let config = args::config(args).map_err(|e| input(&e))?;
    let report = match &args.round_log {
        Some(path) => diff::play_logged(&config, path, &mut start)?,
        None => okey_bots::run_arena_outside(&config, &mut start, |_| {
            std::ops::ControlFlow::Continue(())
        })
        .map_err(|e| input(&e))?,
    };
    let text = || {
        text(
            &report,
            "rounds",
            "melds",
            format!("{:>8}", "lost/rd"),
            |b| format!("{:>8.2}", b.points_lost_per_round),
        )
    };
    print(args.json, || table::json(&report), text)
}

/// A report as a table: `rounds` names what was played in the title, `melds` the finishes'
/// column, and `own` the variant's own columns under `header`.
fn text<X>(
    report: &ArenaReport<LevelReport<X>>,
    rounds: &str,
    melds: &'static str,
    header: String,
    own: impl Fn(&LevelReport<X>) -> String,
) -> String {
    let columns = Columns {
        title: format!(
            "{} {rounds} ({} without a winner), {:.1} rounds/s",
            report.rounds, report.no_winner, report.rounds_per_s
        ),
        melds,
        own: header,
    };
    let rows = report
        .bots
        .iter()
        .map(|(name, b)| (name.as_str(), b, own(b)));
    table(&columns, rows)
}
