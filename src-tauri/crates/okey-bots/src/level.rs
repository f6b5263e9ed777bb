//! Bot strengths.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// How strong a bot plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// Uniformly random legal actions: the arena's floor, never offered to players.
    Random,
    /// Plain play: keeps pairs and near-runs, throws loose tiles, sometimes slips.
    Easy,
    /// Greedy on the exact hand analysis, with memory of the table.
    Medium,
    /// Searches ahead over the tiles it has not seen.
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Random, Level::Easy, Level::Medium, Level::Hard];

    /// The level's name as written on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not one of ours.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown bot level {0:?}: use random, easy, medium or hard")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseLevelError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_parse_by_name() {
        assert_eq!("Hard".parse::<Level>(), Ok(Level::Hard));
        assert_eq!(" easy ".parse::<Level>(), Ok(Level::Easy));
        let err = "expert".parse::<Level>().unwrap_err();
        assert!(err.to_string().contains("\"expert\""));
    }
}
