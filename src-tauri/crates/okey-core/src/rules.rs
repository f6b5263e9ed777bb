//! The rule set a match is played with: every option of RULES.md with its default, and the
//! seats of the table (R12).

use crate::problem::params;
use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

/// A seat at the table, numbered 0.. in playing order: seat `n + 1` sits to the right of seat
/// `n` and plays after it, since play goes anticlockwise (R12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat number as an index.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// A rule set that cannot be played; the message names the field.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RulesError {
    /// `players` is not 2, 3 or 4.
    #[error("players must be 2, 3 or 4, not {0}")]
    Players(u8),
    /// `start_points` is not in 1..=100.
    #[error("start_points must be between 1 and 100, not {0}")]
    StartPoints(u8),
    /// `partnership` with other than 4 players.
    #[error("partnership needs 4 players, not {0}")]
    Partnership(u8),
}

/// How the tiles are dealt (R13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum DealKind {
    /// The traditional deal: 21 stacks of 5, the spare, two dice.
    #[default]
    Stacks,
    /// Shuffle, hand out, turn up a numbered tile.
    Simple,
}

/// Whether a red or black indicator doubles the score (R20).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ColourDouble {
    /// No double.
    #[default]
    Off,
    /// Finish scores double with a red or black indicator.
    RedBlack,
    /// As `RedBlack`, and the gösterge point doubles too.
    RedBlackWithGosterge,
}

/// Whether a one-colour standard finish doubles the score (R21).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum OneColourDouble {
    /// No double.
    #[default]
    Off,
    /// Any single colour doubles.
    Any,
    /// Only all red or all black doubles.
    RedBlack,
}

/// Every option of a match. `Rules::default()` is the rule book's default game. Unnamed
/// fields take their default; an unknown one is refused, so a misspelt option is not played
/// as the default (saved records only hold these names: see okey-store's fixture test).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// Number of players, 2..=4 (R12).
    pub players: u8,
    /// How the tiles are dealt (R13).
    pub deal: DealKind,
    /// A finish must be laid out on the rack; a false claim costs 2 points (R11).
    pub strict_rack: bool,
    /// The indicator is drawn as the last tile of the pile (R16).
    pub indicator_last: bool,
    /// Points each player (team) starts with, 1..=100 (R18).
    pub start_points: u8,
    /// Showing a tile equal to the indicator scores (R19).
    pub gosterge: bool,
    /// The red or black indicator double (R20).
    pub colour_double: ColourDouble,
    /// The one-colour finish double (R21).
    pub one_colour_double: OneColourDouble,
    /// Discarding an okey during play costs 2 points (R22).
    pub okey_discard_penalty: bool,
    /// Players at 0 or less leave and the rest play on (R23).
    pub elimination: bool,
    /// Partners sit opposite and share a score; 4 players only (R24).
    pub partnership: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            players: 4,
            deal: DealKind::Stacks,
            strict_rack: false,
            indicator_last: false,
            start_points: 20,
            gosterge: true,
            colour_double: ColourDouble::Off,
            one_colour_double: OneColourDouble::Off,
            okey_discard_penalty: false,
            elimination: false,
            partnership: false,
        }
    }
}

impl Rules {
    /// Checks every field; the error names the field that is wrong.
    pub fn validate(&self) -> Result<(), RulesError> {
        if !(2..=4).contains(&self.players) {
            return Err(RulesError::Players(self.players));
        }
        if !(1..=100).contains(&self.start_points) {
            return Err(RulesError::StartPoints(self.start_points));
        }
        if self.partnership && self.players != 4 {
            return Err(RulesError::Partnership(self.players));
        }
        Ok(())
    }

    /// The seats of the table in playing order.
    pub fn seats(&self) -> impl Iterator<Item = Seat> {
        (0..self.players).map(Seat)
    }

    /// Whether `seat` exists at this table.
    pub fn has_seat(&self, seat: Seat) -> bool {
        seat.0 < self.players
    }
}

crate::coded_error! {
    /// The codes of [`RulesError`], one for each field.
    pub enum RulesCode for RulesError as this {
        RulesError::Players(n) => RulesPlayers = "rules_players", params().number("players", *n);
        RulesError::StartPoints(n) => RulesStartPoints = "rules_start_points",
            params().number("points", *n);
        RulesError::Partnership(n) => RulesPartnership = "rules_partnership",
            params().number("players", *n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_defaults_follow_the_rule_book() {
        let r = Rules::default();
        assert_eq!(r.players, 4);
        assert_eq!(r.deal, DealKind::Stacks);
        assert_eq!(r.start_points, 20);
        assert!(r.gosterge && !r.strict_rack && !r.indicator_last && !r.partnership);
        assert_eq!(r.validate(), Ok(()));
    }

    #[test]
    fn rules_validation_names_the_bad_field() {
        let bad = Rules {
            players: 5,
            ..Rules::default()
        };
        assert!(bad
            .validate()
            .unwrap_err()
            .to_string()
            .starts_with("players"));
        let bad = Rules {
            start_points: 0,
            ..Rules::default()
        };
        assert!(bad
            .validate()
            .unwrap_err()
            .to_string()
            .starts_with("start_points"));
        let bad = Rules {
            players: 3,
            partnership: true,
            ..Rules::default()
        };
        assert!(bad
            .validate()
            .unwrap_err()
            .to_string()
            .starts_with("partnership"));
        let ok = Rules {
            start_points: 100,
            players: 2,
            ..Rules::default()
        };
        assert_eq!(ok.validate(), Ok(()));
    }

    #[test]
    fn rules_missing_fields_take_defaults_when_read() {
        let r: Rules = serde_json::from_str(r#"{"players":3,"deal":"simple"}"#).unwrap();
        assert_eq!(r.players, 3);
        assert_eq!(r.deal, DealKind::Simple);
        assert_eq!(r.start_points, 20);
        let json = serde_json::to_string(&r).unwrap();
        assert_eq!(serde_json::from_str::<Rules>(&json).unwrap(), r);
    }
}
