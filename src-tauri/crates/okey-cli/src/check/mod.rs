//! `okey check`, both games: a hand read from the command line (or one a line with
//! `--batch`) and the engine's report on it, as text or a JSON line. Düz's analysis and
//! words are in [`duz`] and [`output`], 101's in [`r101`].

pub mod batch;
pub mod duz;
pub mod output;
pub mod r101;

use crate::args::CheckArgs;
use crate::failure::Failure;
use crate::print::print;
use crate::variant::Variant;
use std::io;

/// Runs `okey check` and prints its report.
pub fn run(args: &CheckArgs) -> Result<(), Failure> {
    if args.batch {
        // The hands are read on a thread of their own: stdin itself, not its lock, goes there.
        let input = io::BufReader::new(io::stdin());
        let summary = batch::run(args.variant, input, io::stdout().lock())?;
        return if summary.bad_lines > 0 {
            Err(Failure::BadLines)
        } else {
            Ok(())
        };
    }
    // clap requires the indicator whenever --batch is absent.
    let indicator = args.indicator.as_deref().unwrap_or_default();
    if args.variant == Variant::Okey101 {
        if !args.seen.is_empty() {
            return Err(Failure::Input(
                "--seen counts outs for Düz hands; it does not apply to --variant 101".into(),
            ));
        }
        // Every error of the rack is bad input (exit 2).
        let report = okey_core::r101::practice::check(indicator, &args.tiles)
            .map_err(|error| Failure::Input(error.to_string()))?;
        return print(args.json, || r101::json(&report), || r101::text(&report));
    }
    let report = duz::check(indicator, &args.tiles, &args.seen)
        .map_err(|error| Failure::Input(error.to_string()))?;
    print(
        args.json,
        || output::json(&report),
        || output::text(&report),
    )
}
