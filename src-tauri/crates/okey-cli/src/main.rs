//! The `okey` command: checks Okey hands (see `okey --help`).

mod arena;
mod args;
mod autoplay;
mod bot;
mod check;
mod datadir;
mod failure;
mod outside;
mod print;
mod review;
mod saves;
mod variant;

use args::{Cli, Command};
use clap::Parser;
use failure::Failure;
use std::process::ExitCode;

// Many small strings a checked rack: see Cargo.toml.
#[cfg(not(any(target_os = "android", target_os = "ios")))]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let done = match cli.command {
        Command::Check(args) => check::run(&args),
        Command::Arena(args) => arena::run(&args),
        Command::ArenaDiff(args) => arena::diff::run(&args),
        Command::Bot(args) => bot::run(&args),
        Command::Autoplay(args) => autoplay::run(&args),
        Command::Saves(args) => saves::run(&args),
        Command::Review(args) => review::run(&args),
    };
    done.map_or_else(Failure::exit, |()| ExitCode::SUCCESS)
}
