//! The `okey` command: checks Okey hands (see `okey --help`).

mod arena;
mod arena101;
mod arena_args;
mod arena_diff;
mod arena_table;
mod args;
mod autoplay;
mod batch;
mod check;
mod check101;
mod datadir;
mod failure;
mod output;
mod saves;
mod variant;

use args::{CheckArgs, Cli, Command};
use clap::Parser;
use failure::Failure;
use std::io::{self, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let done = match cli.command {
        Command::Check(args) => check_command(&args),
        Command::Arena(args) => arena_command(&args),
        Command::ArenaDiff(args) => arena_diff::run(&args),
        Command::Autoplay(args) => autoplay::run(&args),
        Command::Saves(args) => saves::run(&args),
    };
    done.map_or_else(Failure::exit, |()| ExitCode::SUCCESS)
}

fn check_command(args: &CheckArgs) -> Result<(), Failure> {
    if args.batch {
        let summary = batch::run(args.variant, io::stdin().lock(), io::stdout().lock())?;
        return if summary.bad_lines > 0 {
            Err(Failure::BadLines)
        } else {
            Ok(())
        };
    }
    // clap requires the indicator whenever --batch is absent.
    let indicator = args.indicator.as_deref().unwrap_or_default();
    if args.variant == variant::Variant::Okey101 {
        if !args.seen.is_empty() {
            return Err(Failure::Input(
                "--seen counts outs for Düz hands; it does not apply to --variant 101".into(),
            ));
        }
        // Every error of the rack is bad input (exit 2).
        let report = okey_core::r101::practice::check(indicator, &args.tiles)
            .map_err(|error| Failure::Input(error.to_string()))?;
        return print(
            args.json,
            || check101::json(&report),
            || check101::text(&report),
        );
    }
    let report = check::check(indicator, &args.tiles, &args.seen)
        .map_err(|error| Failure::Input(error.to_string()))?;
    print(
        args.json,
        || output::json(&report),
        || output::text(&report),
    )
}

fn arena_command(args: &args::ArenaArgs) -> Result<(), Failure> {
    let input = |error: &dyn std::fmt::Display| Failure::Input(error.to_string());
    if args.variant == variant::Variant::Okey101 {
        let report = arena101::run(args).map_err(|e| input(&e))?;
        let json = || arena_table::json(&report);
        return print(args.json, json, || arena101::text(&report));
    }
    if args.rollouts.is_some() {
        return Err(Failure::Input(
            "--rollouts sets the 101 hard bot's search; it needs --variant 101".into(),
        ));
    }
    let config = arena::config(args).map_err(|e| input(&e))?;
    let report = match &args.round_log {
        Some(path) => arena_diff::play_logged(&config, path)?,
        None => okey_bots::run_arena(&config).map_err(|e| input(&e))?,
    };
    print(
        args.json,
        || arena_table::json(&report),
        || arena::text(&report),
    )
}

/// Prints a report: as its JSON line when `json` is set, else as text.
fn print(
    json: bool,
    line: impl FnOnce() -> String,
    text: impl FnOnce() -> String,
) -> Result<(), Failure> {
    let out = if json {
        format!("{}\n", line())
    } else {
        text()
    };
    io::stdout().lock().write_all(out.as_bytes())?;
    Ok(())
}
