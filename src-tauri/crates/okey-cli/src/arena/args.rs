//! What the Düz and the 101 arena read alike from `okey arena`'s arguments: the first round,
//! and the rules (the defaults, or the `--rules` JSON) for as many players as seats.

use crate::args::ArenaArgs;
use okey_bots::outside::Line;
use okey_bots::r101::{run_arena101_outside, Arena101Config, Arena101Error, Arena101Report};
use okey_bots::{ArenaConfig, Bot, Bot101, Entrant};
use okey_core::r101::Rules101;
use okey_core::Rules;
use serde::de::DeserializeOwned;
use std::time::Duration;
use thiserror::Error;

/// Arguments that do not make an arena.
#[derive(Debug, Error)]
pub enum ArenaArgsError {
    /// The rules JSON does not parse, or names an option that does not exist.
    #[error("--rules is not valid {rules} JSON: {error}")]
    Json {
        /// Whose rules: "rules" or "101 rules".
        rules: &'static str,
        /// What serde said.
        error: serde_json::Error,
    },
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
    /// An option 101 does not have.
    #[error("--rules names {0:?}, which is not a 101 rule option")]
    Unknown(String),
    /// External seats without a program.
    #[error("--seats names an external seat but no --external program is given")]
    NoProgram,
    /// A program without an external seat.
    #[error("--external is given but --seats names no external seat")]
    NoExternalSeat,
    /// A time limit that is not a positive number of seconds.
    #[error("--external-timeout {0} is not a positive number of seconds")]
    Timeout(f64),
}

/// A variant's rules as `--rules` gives them.
pub trait ArenaRules: DeserializeOwned + Default {
    /// Whose rules, in the messages: "rules" or "101 rules".
    const NAME: &'static str;
    /// The rules for `players` players.
    fn with_players(self, players: u8) -> Self;
    /// Refuses what the rules' own parsing would not say clearly, before it runs.
    fn screen(_value: &serde_json::Value) -> Result<(), ArenaArgsError> {
        Ok(())
    }
}

impl ArenaRules for Rules {
    const NAME: &'static str = "rules";
    fn with_players(self, players: u8) -> Self {
        Rules { players, ..self }
    }
}

impl ArenaRules for Rules101 {
    const NAME: &'static str = "101 rules";
    fn with_players(self, players: u8) -> Self {
        Rules101 { players, ..self }
    }
    /// Names an unknown option as not a 101 one (a Düz option given to 101, most likely).
    fn screen(value: &serde_json::Value) -> Result<(), ArenaArgsError> {
        let known = serde_json::to_value(Rules101::default()).map_err(json::<Rules101>)?;
        match value
            .as_object()
            .and_then(|o| o.keys().find(|k| known.get(k.as_str()).is_none()))
        {
            Some(unknown) => Err(ArenaArgsError::Unknown(unknown.clone())),
            None => Ok(()),
        }
    }
}

fn json<R: ArenaRules>(error: serde_json::Error) -> ArenaArgsError {
    ArenaArgsError::Json {
        rules: R::NAME,
        error,
    }
}

/// The rules the arguments give, for as many players as seats, once the first round is
/// checked to be one of the rounds. The number of seats itself is checked with the rest of
/// the rules when the arena starts.
pub fn rules<R: ArenaRules>(args: &ArenaArgs) -> Result<R, ArenaArgsError> {
    if args.first >= args.rounds {
        return Err(ArenaArgsError::First {
            first: args.first,
            rounds: args.rounds,
        });
    }
    let seats = args.seats.len();
    let rules = match &args.rules {
        Some(text) => {
            let value: serde_json::Value = serde_json::from_str(text).map_err(json::<R>)?;
            R::screen(&value)?;
            let named = value.get("players").and_then(serde_json::Value::as_u64);
            // The rules refuse unknown fields, so a misspelt option is not taken as the default.
            let rules: R = serde_json::from_value(value).map_err(json::<R>)?;
            // The rules parsed, so the players they name fit in a u8.
            let named = named.map(|p| u8::try_from(p).unwrap_or(u8::MAX));
            if let Some(players) = named.filter(|&p| usize::from(p) != seats) {
                return Err(ArenaArgsError::Players { players, seats });
            }
            rules
        }
        None => R::default(),
    };
    Ok(rules.with_players(u8::try_from(seats).unwrap_or(u8::MAX)))
}

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
pub fn config101(args: &ArenaArgs) -> Result<Arena101Config, Arena101ArgsError> {
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

/// Runs the 101 arena the arguments describe; `start` starts an external seat's program.
pub fn run101(
    args: &ArenaArgs,
    start: &mut dyn FnMut() -> Box<dyn Line>,
) -> Result<Arena101Report, Arena101ArgsError> {
    Ok(run_arena101_outside(&config101(args)?, start)?)
}

/// The external seats' program and its time limit, when the seats have any: refused when
/// one is given without the other, or the limit is not a number of seconds.
pub fn outside(args: &ArenaArgs) -> Result<Option<(String, Duration)>, ArenaArgsError> {
    let seated = args.seats.contains(&Entrant::Outside);
    match (&args.external, seated) {
        (None, false) => Ok(None),
        (None, true) => Err(ArenaArgsError::NoProgram),
        (Some(_), false) => Err(ArenaArgsError::NoExternalSeat),
        (Some(command), true) => {
            let limit = Duration::try_from_secs_f64(args.external_timeout)
                .ok()
                .filter(|d| !d.is_zero())
                .ok_or(ArenaArgsError::Timeout(args.external_timeout))?;
            Ok(Some((command.clone(), limit)))
        }
    }
}
