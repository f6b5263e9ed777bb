//! Who sits at an arena seat: one of this project's bot levels, or a bot from outside it,
//! spoken to over the line protocol (docs/PROTOCOL.md, [`crate::outside`]).

use crate::level::Level;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// An arena seat's player: counted apart in the report, by its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Entrant {
    /// One of our bots, at its level.
    Bot(Level),
    /// A bot from outside, a program the arena runs (`okey arena --external`).
    Outside,
}

impl Entrant {
    /// The name it is reported by: the level's, or `external`.
    pub fn name(self) -> &'static str {
        match self {
            Entrant::Bot(level) => level.name(),
            Entrant::Outside => "external",
        }
    }
}

impl From<Level> for Entrant {
    fn from(level: Level) -> Entrant {
        Entrant::Bot(level)
    }
}

impl fmt::Display for Entrant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A seat name that is neither a level nor `external`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown seat {0:?}: use random, easy, medium, hard or external")]
pub struct ParseEntrantError(pub String);

impl FromStr for Entrant {
    type Err = ParseEntrantError;

    fn from_str(s: &str) -> Result<Entrant, ParseEntrantError> {
        if s.trim().eq_ignore_ascii_case("external") {
            return Ok(Entrant::Outside);
        }
        s.parse()
            .map(Entrant::Bot)
            .map_err(|_| ParseEntrantError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_parse_as_levels_or_external() {
        assert_eq!("Hard".parse(), Ok(Entrant::Bot(Level::Hard)));
        assert_eq!(" external ".parse(), Ok(Entrant::Outside));
        let err = "expert".parse::<Entrant>().unwrap_err();
        assert!(err.to_string().contains("external"), "{err}");
        assert_eq!(Entrant::Outside.to_string(), "external");
    }
}
