//! Round logs of the arena (`okey arena --round-log`) and `okey arena-diff`, which compares
//! two of them round by round. Two bots playing the same rounds (same seed, seats and
//! rules) differ only in the rounds whose winner changed, so the standard error of the
//! paired difference is a fraction of that of two separate shares.

use crate::failure::Failure;
use clap::Args;
use okey_bots::outside::Line;
use okey_bots::{ArenaConfig, ArenaReport, ArenaRound, Entrant};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Extra help of `okey arena-diff`.
pub const ARENA_DIFF_HELP: &str = "\
Both logs come from `okey arena --round-log`; each starts with a line naming its arena (seats,
seed, --duplicate, rules), and logs of different arenas are refused. The two sides are two
builds of the bots, or two budgets. Only the rounds in both logs count. Several logs of one
side (an arena split with --first) are joined with commas.

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
    pub level: Entrant,
}

/// What is wrong with a round log.
#[derive(Debug, Error)]
pub enum LogError {
    /// The file could not be read.
    #[error("{path}: {error}")]
    Io {
        /// The log.
        path: PathBuf,
        /// What failed.
        error: io::Error,
    },
    /// A list of logs has an empty name in it.
    #[error("{list:?} names an empty file (a comma too many?)")]
    EmptyName {
        /// The list as given.
        list: String,
    },
    /// The log does not start with the line naming its arena.
    #[error("{path}: the first line should name the arena (\"{HEADER} ...\"); write logs with `okey arena --round-log`")]
    NoHeader {
        /// The log.
        path: PathBuf,
    },
    /// Two logs come from different arenas.
    #[error(
        "{first} and {second} come from different arenas:\n  {first_header}\n  {second_header}"
    )]
    Arenas {
        /// One log.
        first: PathBuf,
        /// Its arena line.
        first_header: String,
        /// The other log.
        second: PathBuf,
        /// Its arena line.
        second_header: String,
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
    /// The two sides share too few rounds for a standard error.
    #[error("the two sides have {0} rounds in common; at least 2 are needed")]
    TooFew(usize),
}

/// How a round log's first line starts; the rest names the arena.
const HEADER: &str = "# okey arena";

/// The first line of a round log: what makes two arenas play the same rounds. The budget and
/// the first round are left out, since comparing budgets and joining split runs are the
/// point.
fn header(config: &ArenaConfig) -> String {
    let seats: Vec<&str> = config.seats.iter().map(|l| l.name()).collect();
    // Rules are plain fields: serializing cannot fail.
    let rules = serde_json::to_string(&config.rules).unwrap_or_default();
    format!(
        "{HEADER} seats={} seed={} duplicate={} rules={rules}",
        seats.join(","),
        config.seed,
        config.duplicate
    )
}

/// The winners of one side, by round; None where nobody won.
pub type Winners = BTreeMap<u32, Option<Entrant>>;

/// One side's logs: the arena they come from and the winners.
#[derive(Debug)]
pub struct Side {
    /// The first log and its arena line.
    pub arena: (PathBuf, String),
    /// The winners.
    pub winners: Winners,
}

/// Plays the arena writing each round's winner to `path` as the round ends, so a run cut
/// short keeps what it played. The file is created only once the arena is known to be
/// valid; when writing fails the arena stops there.
pub fn play_logged(
    config: &ArenaConfig,
    path: &Path,
    start: &mut dyn FnMut() -> Box<dyn Line>,
) -> Result<ArenaReport, Failure> {
    config.check().map_err(|e| Failure::Input(e.to_string()))?;
    let failed = |error: io::Error| format!("{}: {error}", path.display());
    let file = File::create(path).map_err(|e| Failure::Input(failed(e)))?;
    let mut out = BufWriter::new(file);
    writeln!(out, "{}", header(config)).map_err(|e| Failure::Write(failed(e)))?;
    let mut written = Ok(());
    let report = okey_bots::run_arena_outside(config, start, |r| {
        written = writeln!(out, "{}", line(&r)).and_then(|()| out.flush());
        match written {
            Ok(()) => ControlFlow::Continue(()),
            Err(_) => ControlFlow::Break(()),
        }
    })
    .map_err(|e| Failure::Input(e.to_string()))?;
    written.map_err(|e| {
        let plural = if report.rounds == 1 { "" } else { "s" };
        Failure::Write(format!(
            "{} (the arena stopped after {} round{plural})",
            failed(e),
            report.rounds
        ))
    })?;
    Ok(report)
}

/// One round's line of the log.
fn line(r: &ArenaRound) -> String {
    format!("{} {}", r.round, r.winner.map_or("none", Entrant::name))
}

/// Reads the logs of one side: paths separated by commas, all from one arena.
pub fn read_side(list: &str) -> Result<Side, LogError> {
    let mut arena: Option<(PathBuf, String)> = None;
    let mut winners = Winners::new();
    if list.split(',').any(str::is_empty) {
        return Err(LogError::EmptyName {
            list: list.to_string(),
        });
    }
    for name in list.split(',') {
        let path = PathBuf::from(name);
        let text = std::fs::read_to_string(&path).map_err(|error| LogError::Io {
            path: path.clone(),
            error,
        })?;
        let this = parse_into(&text, &path, &mut winners)?;
        match &arena {
            Some(first) => same_arena(first, &(path, this))?,
            None => arena = Some((path, this)),
        }
    }
    // `split` yields at least one name, so a side always has an arena line.
    let arena = arena.ok_or(LogError::EmptyName {
        list: list.to_string(),
    })?;
    Ok(Side { arena, winners })
}

/// Refuses two logs whose arena lines differ.
fn same_arena(a: &(PathBuf, String), b: &(PathBuf, String)) -> Result<(), LogError> {
    if a.1 == b.1 {
        return Ok(());
    }
    Err(LogError::Arenas {
        first: a.0.clone(),
        first_header: a.1.clone(),
        second: b.0.clone(),
        second_header: b.1.clone(),
    })
}

/// Adds the rounds of one log to `winners` and gives its arena line.
fn parse_into(text: &str, path: &Path, winners: &mut Winners) -> Result<String, LogError> {
    let mut lines = text.lines().enumerate();
    let arena = match lines.next() {
        Some((_, first)) if first.starts_with(HEADER) => first.trim_end().to_string(),
        _ => {
            return Err(LogError::NoHeader {
                path: path.to_path_buf(),
            })
        }
    };
    for (i, raw) in lines {
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
            name => Some(name.parse::<Entrant>().map_err(|_| bad())?),
        };
        if winners.insert(round, winner).is_some() {
            return Err(LogError::Repeated {
                path: path.to_path_buf(),
                line: i + 1,
                round,
            });
        }
    }
    Ok(arena)
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
pub fn paired(base: &Winners, variant: &Winners, level: Entrant) -> Result<Paired, LogError> {
    let (mut rounds, mut base_wins, mut variant_wins, mut changed) = (0, 0, 0, 0);
    for (round, b) in base {
        let Some(v) = variant.get(round) else {
            continue;
        };
        let (b, v) = (*b == Some(level), *v == Some(level));
        rounds += 1;
        base_wins += usize::from(b);
        variant_wins += usize::from(v);
        changed += usize::from(b != v);
    }
    if rounds < 2 {
        return Err(LogError::TooFew(rounds));
    }
    // Each round's difference is -1, 0 or 1, so the squares sum to the rounds changed.
    let n = rounds as f64;
    let mean = (variant_wins as f64 - base_wins as f64) / n;
    let variance = (changed as f64 - n * mean * mean) / (n - 1.0);
    Ok(Paired {
        rounds,
        base_wins,
        variant_wins,
        changed,
        difference: 100.0 * mean,
        standard_error: 100.0 * (variance / n).sqrt(),
    })
}

/// The comparison as text.
pub fn text(p: &Paired, level: Entrant) -> String {
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
    same_arena(&base.arena, &variant.arena).map_err(input)?;
    let p = paired(&base.winners, &variant.winners, args.level).map_err(input)?;
    io::stdout()
        .lock()
        .write_all(text(&p, args.level).as_bytes())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const ARENA: &str = "# okey arena seats=hard,medium seed=1 duplicate=true rules={}";

    fn side(rounds: &str) -> Winners {
        let mut w = Winners::new();
        let text = format!("{ARENA}\n{rounds}");
        parse_into(&text, Path::new("t.log"), &mut w).unwrap();
        w
    }

    #[test]
    fn only_rounds_in_both_logs_count_and_changes_are_paired() {
        let base = side("0 hard\n1 medium\n2 none\n3 hard\n9 hard\n");
        let variant = side("0 hard\r\n1 hard\r\n\r\n2 hard\r\n3 medium\r\n");
        let p = paired(&base, &variant, Entrant::Bot(okey_bots::Level::Hard)).unwrap();
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
        let p = paired(&log, &log, Entrant::Bot(okey_bots::Level::Hard)).unwrap();
        assert_eq!((p.changed, p.difference, p.standard_error), (0, 0.0, 0.0));
    }

    #[test]
    fn a_bad_line_is_named_by_file_and_number() {
        let mut w = Winners::new();
        let err = parse_into(
            &format!("{ARENA}\n0 hard\n1 expert\n"),
            Path::new("a.log"),
            &mut w,
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "a.log, line 3: expected \"ROUND LEVEL\" (LEVEL random, easy, medium, hard or none), found \"1 expert\""
        );
        let err = parse_into(
            &format!("{ARENA}\n3 hard extra"),
            Path::new("a.log"),
            &mut w,
        )
        .unwrap_err();
        assert!(err.to_string().starts_with("a.log, line 2:"), "{err}");
        let err =
            parse_into(&format!("{ARENA}\n0 medium"), Path::new("b.log"), &mut w).unwrap_err();
        assert_eq!(
            err.to_string(),
            "b.log, line 2: round 0 is already in the logs of this side"
        );
    }

    #[test]
    fn a_log_must_name_its_arena_and_arenas_must_match() {
        let mut w = Winners::new();
        for text in ["", "0 hard\n1 medium\n"] {
            let err = parse_into(text, Path::new("c.log"), &mut w).unwrap_err();
            assert!(
                err.to_string()
                    .starts_with("c.log: the first line should name the arena"),
                "{err}"
            );
        }
        let a = (PathBuf::from("a.log"), ARENA.to_string());
        let b = (PathBuf::from("b.log"), ARENA.replace("seed=1", "seed=2"));
        assert!(same_arena(&a, &a).is_ok());
        let err = same_arena(&a, &b).unwrap_err().to_string();
        assert!(
            err.starts_with("a.log and b.log come from different arenas"),
            "{err}"
        );
        assert!(err.contains("seed=2"), "{err}");
        let err = read_side("a.log,").unwrap_err();
        assert_eq!(
            err.to_string(),
            "\"a.log,\" names an empty file (a comma too many?)"
        );
    }

    #[test]
    fn a_standard_error_needs_two_common_rounds() {
        let err = paired(
            &side("0 hard"),
            &side("1 hard"),
            Entrant::Bot(okey_bots::Level::Hard),
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "the two sides have 0 rounds in common; at least 2 are needed"
        );
        assert!(paired(
            &side("0 hard"),
            &side("0 none"),
            Entrant::Bot(okey_bots::Level::Hard)
        )
        .is_err());
    }

    #[test]
    fn the_arena_line_names_what_makes_rounds_the_same() {
        let config = ArenaConfig {
            seats: vec![
                okey_bots::Level::Hard.into(),
                okey_bots::Level::Medium.into(),
            ],
            rounds: 10,
            first: 4,
            seed: 9,
            duplicate: true,
            rules: okey_core::Rules {
                players: 2,
                ..okey_core::Rules::default()
            },
            budget: 480,
        };
        let line = header(&config);
        assert!(
            line.starts_with("# okey arena seats=hard,medium seed=9 duplicate=true rules={"),
            "{line}"
        );
        let other = header(&ArenaConfig {
            first: 0,
            budget: 60,
            ..config.clone()
        });
        assert_eq!(line, other, "first round and budget are not part of it");
    }
}
