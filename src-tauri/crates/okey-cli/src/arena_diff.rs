//! Round logs of the arena (`okey arena --round-log`) and `okey arena-diff`, which compares
//! two of them round by round. Two bots playing the same rounds (same seed, seats and
//! rules) differ only in the rounds whose winner changed, so the standard error of the
//! paired difference is a fraction of that of two separate shares.

use crate::failure::Failure;
use clap::Args;
use okey_bots::{ArenaConfig, ArenaReport, Level, RoundResult};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Extra help of `okey arena-diff`.
pub const ARENA_DIFF_HELP: &str = "\
Both logs come from `okey arena --round-log` with the same seats, seed, rules and
--duplicate, played by two builds of the bots (or two budgets). Only the rounds in both logs
count. Several logs of one side (an arena split with --first) are joined with commas.

Example:
  okey arena --seats hard,medium,medium,medium --rounds 2000 --seed 1 --duplicate --round-log base.log
  (change the bot, rebuild)
  okey arena --seats hard,medium,medium,medium --rounds 2000 --seed 1 --duplicate --round-log new.log
  okey arena-diff base.log new.log --level hard";

/// Arguments of `okey arena-diff`.
#[derive(Debug, Args)]
pub struct ArenaDiffArgs {
    /// The round log(s) of the bot compared against, comma-separated.
    #[arg(value_name = "BASE")]
    pub base: String,

    /// The round log(s) of the changed bot, comma-separated.
    #[arg(value_name = "VARIANT")]
    pub variant: String,

    /// The level whose share is compared.
    #[arg(long, default_value = "hard")]
    pub level: Level,
}

/// What is wrong with a round log.
#[derive(Debug, Error)]
pub enum LogError {
    /// The file could not be read or written.
    #[error("{path}: {error}")]
    Io {
        /// The log.
        path: PathBuf,
        /// What failed.
        error: io::Error,
    },
    /// A line is not "ROUND LEVEL".
    #[error("{path}, line {line}: expected \"ROUND LEVEL\" (LEVEL random, easy, medium, hard or none), found {text:?}")]
    Line {
        /// The log.
        path: PathBuf,
        /// The line's number, from 1.
        line: usize,
        /// The line.
        text: String,
    },
    /// A round appears twice on one side.
    #[error("{path}, line {line}: round {round} is already in the logs of this side")]
    Repeated {
        /// The log.
        path: PathBuf,
        /// The line's number, from 1.
        line: usize,
        /// The round.
        round: u32,
    },
    /// The two sides share no round.
    #[error("the two sides have no round in common")]
    Disjoint,
}

/// The winners of one side, by round; None where nobody won.
pub type Winners = BTreeMap<u32, Option<Level>>;

/// Plays the arena writing each round's winner to `path` as the round ends, so a run cut
/// short keeps what it played.
pub fn play_logged(config: &ArenaConfig, path: &Path) -> Result<ArenaReport, Failure> {
    let io_error = |error| {
        Failure::Input(
            LogError::Io {
                path: path.to_path_buf(),
                error,
            }
            .to_string(),
        )
    };
    let mut out = BufWriter::new(File::create(path).map_err(io_error)?);
    let mut written = Ok(());
    let report = okey_bots::run_arena_each(config, |r| {
        if written.is_ok() {
            written = writeln!(out, "{}", line(&r)).and_then(|()| out.flush());
        }
    })
    .map_err(|e| Failure::Input(e.to_string()))?;
    written.map_err(io_error)?;
    Ok(report)
}

/// One round's line of the log.
fn line(r: &RoundResult) -> String {
    format!("{} {}", r.round, r.winner.map_or("none", Level::name))
}

/// Reads the logs of one side: paths separated by commas.
pub fn read_side(paths: &str) -> Result<Winners, LogError> {
    let mut winners = Winners::new();
    for path in paths.split(',').map(PathBuf::from) {
        let text = std::fs::read_to_string(&path).map_err(|error| LogError::Io {
            path: path.clone(),
            error,
        })?;
        parse_into(&text, &path, &mut winners)?;
    }
    Ok(winners)
}

/// Adds the lines of one log to `winners`.
fn parse_into(text: &str, path: &Path, winners: &mut Winners) -> Result<(), LogError> {
    for (i, raw) in text.lines().enumerate() {
        if raw.trim().is_empty() {
            continue;
        }
        let bad = || LogError::Line {
            path: path.to_path_buf(),
            line: i + 1,
            text: raw.to_string(),
        };
        let mut parts = raw.split_whitespace();
        let (Some(round), Some(level), None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(bad());
        };
        let round: u32 = round.parse().map_err(|_| bad())?;
        let winner = match level {
            "none" => None,
            name => Some(name.parse::<Level>().map_err(|_| bad())?),
        };
        if winners.insert(round, winner).is_some() {
            return Err(LogError::Repeated {
                path: path.to_path_buf(),
                line: i + 1,
                round,
            });
        }
    }
    Ok(())
}

/// One level's share on the rounds both sides played, and how it moved.
#[derive(Debug, Clone, PartialEq)]
pub struct Paired {
    /// Rounds in both logs.
    pub rounds: usize,
    /// Rounds the level won on the base side.
    pub base_wins: usize,
    /// Rounds the level won on the variant side.
    pub variant_wins: usize,
    /// Rounds the level won on one side only.
    pub changed: usize,
    /// The variant's share less the base's, in points.
    pub difference: f64,
    /// The standard error of that difference, in points.
    pub standard_error: f64,
}

/// Compares `level`'s wins on the rounds both sides played.
pub fn paired(base: &Winners, variant: &Winners, level: Level) -> Result<Paired, LogError> {
    let mut diffs = Vec::new();
    let (mut base_wins, mut variant_wins) = (0, 0);
    for (round, b) in base {
        let Some(v) = variant.get(round) else {
            continue;
        };
        let (b, v) = (*b == Some(level), *v == Some(level));
        base_wins += usize::from(b);
        variant_wins += usize::from(v);
        diffs.push(f64::from(u8::from(v)) - f64::from(u8::from(b)));
    }
    let n = diffs.len();
    if n == 0 {
        return Err(LogError::Disjoint);
    }
    let mean = diffs.iter().sum::<f64>() / n as f64;
    let variance = if n > 1 {
        diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1) as f64
    } else {
        0.0
    };
    Ok(Paired {
        rounds: n,
        base_wins,
        variant_wins,
        changed: diffs.iter().filter(|&&d| d != 0.0).count(),
        difference: 100.0 * mean,
        standard_error: 100.0 * (variance / n as f64).sqrt(),
    })
}

/// The comparison as text.
pub fn text(p: &Paired, level: Level) -> String {
    let share = |wins: usize| 100.0 * wins as f64 / p.rounds as f64;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} rounds in both logs; {} won {} ({:.2}%) in the base and {} ({:.2}%) in the variant",
        p.rounds,
        level.name(),
        p.base_wins,
        share(p.base_wins),
        p.variant_wins,
        share(p.variant_wins)
    );
    let _ = writeln!(
        out,
        "difference {:+.2} points, standard error {:.2}; {} rounds changed winner",
        p.difference, p.standard_error, p.changed
    );
    out
}

/// `okey arena-diff`.
pub fn run(args: &ArenaDiffArgs) -> Result<(), Failure> {
    let input = |e: LogError| Failure::Input(e.to_string());
    let base = read_side(&args.base).map_err(input)?;
    let variant = read_side(&args.variant).map_err(input)?;
    let p = paired(&base, &variant, args.level).map_err(input)?;
    io::stdout()
        .lock()
        .write_all(text(&p, args.level).as_bytes())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn side(text: &str) -> Winners {
        let mut w = Winners::new();
        parse_into(text, Path::new("t.log"), &mut w).unwrap();
        w
    }

    #[test]
    fn only_rounds_in_both_logs_count_and_changes_are_paired() {
        let base = side("0 hard\n1 medium\n2 none\n3 hard\n9 hard\n");
        let variant = side("0 hard\n1 hard\n2 hard\n3 medium\n");
        let p = paired(&base, &variant, Level::Hard).unwrap();
        assert_eq!(
            (p.rounds, p.base_wins, p.variant_wins, p.changed),
            (4, 2, 3, 3)
        );
        assert!((p.difference - 25.0).abs() < 1e-9);
        // Differences 0, 1, 1, -1: mean 1/4, sample variance 11/12.
        let se = 100.0 * (11.0_f64 / 12.0 / 4.0).sqrt();
        assert!((p.standard_error - se).abs() < 1e-9, "{}", p.standard_error);
    }

    #[test]
    fn the_same_log_twice_differs_by_nothing() {
        let log = side("0 hard\n1 medium\n2 none\n");
        let p = paired(&log, &log, Level::Hard).unwrap();
        assert_eq!((p.changed, p.difference, p.standard_error), (0, 0.0, 0.0));
    }

    #[test]
    fn a_bad_line_is_named_by_file_and_number() {
        let mut w = Winners::new();
        let err = parse_into("0 hard\n1 expert\n", Path::new("a.log"), &mut w).unwrap_err();
        assert_eq!(
            err.to_string(),
            "a.log, line 2: expected \"ROUND LEVEL\" (LEVEL random, easy, medium, hard or none), found \"1 expert\""
        );
        let err = parse_into("3 hard extra", Path::new("a.log"), &mut w).unwrap_err();
        assert!(err.to_string().starts_with("a.log, line 1:"), "{err}");
        let err = parse_into("0 medium", Path::new("b.log"), &mut w).unwrap_err();
        assert_eq!(
            err.to_string(),
            "b.log, line 1: round 0 is already in the logs of this side"
        );
    }

    #[test]
    fn sides_without_a_common_round_are_refused() {
        let err = paired(&side("0 hard"), &side("1 hard"), Level::Hard).unwrap_err();
        assert_eq!(err.to_string(), "the two sides have no round in common");
    }
}
