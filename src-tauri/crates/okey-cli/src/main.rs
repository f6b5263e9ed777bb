//! The `okey` command: checks Okey hands (see `okey --help`).

mod arena;
mod args;
mod autoplay;
mod batch;
mod check;
mod datadir;
mod failure;
mod output;
mod saves;

use args::{CheckArgs, Cli, Command};
use clap::Parser;
use std::io::{self, Write};
use std::process::ExitCode;

/// Exit status for bad input, the same clap uses for bad arguments.
const BAD_INPUT: u8 = 2;
/// Exit status when reading stdin or writing stdout failed.
const IO_FAILED: u8 = 1;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check(args) => check_command(&args),
        Command::Arena(args) => arena_command(&args),
        Command::Autoplay(args) => {
            autoplay::run(&args).map_or_else(failure::Failure::exit, |()| ExitCode::SUCCESS)
        }
        Command::Saves(args) => {
            saves::run(&args).map_or_else(failure::Failure::exit, |()| ExitCode::SUCCESS)
        }
    }
}

fn check_command(args: &CheckArgs) -> ExitCode {
    if args.batch {
        return match batch::run(io::stdin().lock(), io::stdout().lock()) {
            Ok(summary) if summary.bad_lines > 0 => ExitCode::from(BAD_INPUT),
            Ok(_) => ExitCode::SUCCESS,
            Err(error) => io_failure(&error),
        };
    }
    // clap requires the indicator whenever --batch is absent.
    let indicator = args.indicator.as_deref().unwrap_or_default();
    let report = match check::check(indicator, &args.tiles, &args.seen) {
        Ok(report) => report,
        Err(error) => {
            eprintln!("okey: {error}");
            return ExitCode::from(BAD_INPUT);
        }
    };
    let text = if args.json {
        format!("{}\n", output::json(&report))
    } else {
        output::text(&report)
    };
    match io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => io_failure(&error),
    }
}

fn arena_command(args: &args::ArenaArgs) -> ExitCode {
    let config = match arena::config(args) {
        Ok(config) => config,
        Err(error) => {
            eprintln!("okey: {error}");
            return ExitCode::from(BAD_INPUT);
        }
    };
    let report = match okey_bots::run_arena(&config) {
        Ok(report) => report,
        Err(error) => {
            eprintln!("okey: {error}");
            return ExitCode::from(BAD_INPUT);
        }
    };
    let text = if args.json {
        format!("{}\n", arena::json(&report))
    } else {
        arena::text(&report)
    };
    match io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => io_failure(&error),
    }
}

fn io_failure(error: &io::Error) -> ExitCode {
    // A reader that stopped early (`okey ... | head`) is not a failure of ours.
    if error.kind() == io::ErrorKind::BrokenPipe {
        return ExitCode::SUCCESS;
    }
    eprintln!("okey: {error}");
    ExitCode::from(IO_FAILED)
}
