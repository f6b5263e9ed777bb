//! Text notation of tiles (R2) and validation of a written hand against the tile set (R5).

use crate::problem::params;
use crate::tile::{Colour, Face, Kind};
use thiserror::Error;

/// Why a piece of notation was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NotationError {
    /// A token that is not a tile.
    #[error("'{token}' is not a tile: write a colour letter R, Y, B or K and a number 1-13 (e.g. R12), or F for a false joker")]
    UnknownToken {
        /// The token as written.
        token: String,
    },
    /// The false joker was given as the indicator.
    #[error("a false joker cannot be the indicator: the indicator is a numbered tile (R13)")]
    FalseJokerIndicator,
    /// More copies of a kind than the set holds.
    #[error("too many {kind}: the set has {available} of them here, but {given} were given")]
    TooMany {
        /// The kind given too often.
        kind: Kind,
        /// How many exist outside the indicator.
        available: u8,
        /// How many were given.
        given: u8,
    },
}

/// Parses one tile token, case-insensitively: `R12`, `k1`, `F` (R2).
pub fn parse_kind(token: &str) -> Result<Kind, NotationError> {
    let unknown = || NotationError::UnknownToken {
        token: token.to_string(),
    };
    let upper = token.trim().to_ascii_uppercase();
    if upper == "F" {
        return Ok(Kind::FalseJoker);
    }
    let mut chars = upper.chars();
    let colour = match chars.next() {
        Some('R') => Colour::Red,
        Some('Y') => Colour::Yellow,
        Some('B') => Colour::Blue,
        Some('K') => Colour::Black,
        _ => return Err(unknown()),
    };
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(unknown());
    }
    let number: u8 = digits.parse().map_err(|_| unknown())?;
    Face::new(colour, number)
        .map(Kind::Face)
        .ok_or_else(unknown)
}

/// Parses an indicator token: a numbered face, never `F` (R3, R13).
pub fn parse_indicator(token: &str) -> Result<Face, NotationError> {
    match parse_kind(token)? {
        Kind::Face(face) => Ok(face),
        Kind::FalseJoker => Err(NotationError::FalseJokerIndicator),
    }
}

/// Parses a list of tokens into kinds, refusing more copies than exist beside the indicator:
/// two of each face, two false jokers, one of the indicator's face (R5).
pub fn parse_hand<S: AsRef<str>>(
    indicator: Face,
    tokens: &[S],
) -> Result<Vec<Kind>, NotationError> {
    let kinds = tokens
        .iter()
        .map(|t| parse_kind(t.as_ref()))
        .collect::<Result<Vec<_>, _>>()?;
    check_available(indicator, &kinds)?;
    Ok(kinds)
}

/// Checks that `kinds` names no more tiles than exist beside the face-up indicator (R5).
pub fn check_available(indicator: Face, kinds: &[Kind]) -> Result<(), NotationError> {
    let mut counts = [0u8; Kind::COUNT];
    for &k in kinds {
        let slot = &mut counts[k.index()];
        *slot = slot.saturating_add(1);
        let available = if k == Kind::Face(indicator) { 1 } else { 2 };
        if *slot > available {
            let given = kinds.iter().filter(|&&x| x == k).count().min(255) as u8;
            return Err(NotationError::TooMany {
                kind: k,
                available,
                given,
            });
        }
    }
    Ok(())
}

crate::coded_error! {
    /// The codes of [`NotationError`].
    pub enum NotationCode for NotationError as this {
        NotationError::UnknownToken { token } => UnknownToken = "unknown_token",
            params().text("token", token.as_str());
        NotationError::FalseJokerIndicator => FalseJokerIndicator = "false_joker_indicator";
        NotationError::TooMany { kind, available, given } => TooManyCopies = "too_many_copies",
            params()
                .kind("tile", *kind)
                .number("available", *available)
                .number("given", *given);
    }
}

/// The joker of indicator `indicator` and the tiles written in `tiles` (tokens apart), for
/// the tests of the analysers.
#[cfg(test)]
pub(crate) fn written(indicator: &str, tiles: &str) -> (crate::tile::Joker, Vec<Kind>) {
    let face = parse_indicator(indicator).expect("an indicator");
    let tokens: Vec<&str> = tiles.split_whitespace().collect();
    let kinds = parse_hand(face, &tokens).expect("tiles that exist");
    (crate::tile::Joker::new(face), kinds)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r02_tokens_are_case_insensitive() {
        assert_eq!(parse_kind("r12").unwrap().to_string(), "R12");
        assert_eq!(parse_kind("K1").unwrap().to_string(), "K1");
        assert_eq!(parse_kind("f").unwrap(), Kind::FalseJoker);
    }

    #[test]
    fn r02_unknown_tokens_are_named() {
        for bad in ["G5", "R0", "R14", "R", "12", "R1x", "R+1", "", "R012"] {
            let err = parse_kind(bad).unwrap_err();
            assert!(err.to_string().contains(&format!("'{bad}'")), "{err}");
        }
    }

    #[test]
    fn r05_false_joker_is_not_an_indicator() {
        assert_eq!(
            parse_indicator("F"),
            Err(NotationError::FalseJokerIndicator)
        );
    }

    #[test]
    fn r05_third_copy_and_second_indicator_copy_refused() {
        let ind = parse_indicator("R4").unwrap();
        assert!(parse_hand(ind, &["B3", "B3"]).is_ok());
        let err = parse_hand(ind, &["B3", "B3", "b3"]).unwrap_err();
        assert!(err.to_string().contains("too many B3"), "{err}");
        assert!(parse_hand(ind, &["R4", "R4"]).is_err());
        assert!(parse_hand(ind, &["F", "F", "F"]).is_err());
    }
}
