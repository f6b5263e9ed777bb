//! Building the report of `okey check`: reading the notation, then asking okey-core's
//! analysis for the verdict. Formatting lives in `output`.

use okey_core::analysis::{advise, distance, find_win, Advice, AnalysisError, Arrangement, Finish};
use okey_core::notation::{check_available, parse_indicator, parse_kind, NotationError};
use okey_core::{Joker, Kind};
use thiserror::Error;

/// Why a hand could not be checked. Every variant is bad input (exit status 2).
#[derive(Debug, Error)]
pub enum CheckError {
    /// A token, the indicator or the copy counts broke the notation rules (R2, R5).
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// The hand is neither 14 nor 15 tiles.
    #[error(
        "a hand to check has 14 tiles (after a discard) or 15 (before one), but {given} were given"
    )]
    TileCount {
        /// Tiles given.
        given: usize,
    },
    /// A batch line whose bytes are not UTF-8 text.
    #[error("the line is not UTF-8 text; it was skipped")]
    NotText,
    /// A batch line far longer than any hand.
    #[error("the line is longer than {limit} bytes, so it is no hand; it was skipped")]
    LineTooLong {
        /// The longest line read.
        limit: usize,
    },
    /// The analysis refused the hand; the count check above should make this unreachable.
    #[error(transparent)]
    Analysis(#[from] AnalysisError),
}

/// What `okey check` found for one hand.
#[derive(Debug)]
pub struct Report {
    /// The hand's tokens exactly as written, so output can echo the user's spelling.
    pub tokens: Vec<String>,
    /// The indicator and the okey it makes.
    pub joker: Joker,
    /// The analysis, by hand size.
    pub verdict: Verdict,
}

/// The analysis of a 14- or 15-tile hand.
#[derive(Debug)]
pub enum Verdict {
    /// 14 tiles: a winning split if there is one, and the distance (0 when winning).
    Fourteen {
        /// The winning split, pairs preferred.
        win: Option<Arrangement>,
        /// Fewest tiles to swap for a winning 14.
        distance: u8,
    },
    /// 15 tiles: the finishing discards and every discard's distance and outs.
    Fifteen(Advice),
}

impl Report {
    /// The token the user wrote for the tile at `index` of the hand.
    pub fn token(&self, index: usize) -> &str {
        // Indices come from the analysis of these very tokens, so they are in range; the
        // fallback only keeps a mistake there from crashing the output.
        self.tokens.get(index).map_or("?", String::as_str)
    }

    /// The finish shown for a 15-tile hand: most points, the first in hand order on a tie.
    pub fn best_finish(&self) -> Option<&Finish> {
        match &self.verdict {
            Verdict::Fourteen { .. } => None,
            Verdict::Fifteen(advice) => advice.finishes.iter().rev().max_by_key(|f| f.points),
        }
    }

    /// The winning split shown: the 14's own, or that of the best finish.
    pub fn arrangement(&self) -> Option<&Arrangement> {
        match &self.verdict {
            Verdict::Fourteen { win, .. } => win.as_ref(),
            Verdict::Fifteen(_) => self.best_finish().map(|f| &f.arrangement),
        }
    }

    /// The distance: of the 14, or left after the best discard of the 15.
    pub fn distance(&self) -> u8 {
        match &self.verdict {
            Verdict::Fourteen { distance, .. } => *distance,
            Verdict::Fifteen(advice) => advice.distance,
        }
    }
}

/// Checks one hand: `indicator` and `tiles` as written, `seen` tiles known to be out of reach.
pub fn check<S: AsRef<str>>(
    indicator: &str,
    tiles: &[S],
    seen: &[S],
) -> Result<Report, CheckError> {
    let joker = Joker::new(parse_indicator(indicator)?);
    let hand = parse_all(tiles)?;
    if !(14..=15).contains(&hand.len()) {
        return Err(CheckError::TileCount { given: hand.len() });
    }
    let seen = parse_all(seen)?;
    // Hand and seen tiles together cannot name more tiles than the set holds (R5).
    let everything: Vec<Kind> = hand.iter().chain(&seen).copied().collect();
    check_available(joker.indicator(), &everything)?;

    let verdict = if hand.len() == 14 {
        let win = find_win(&hand, joker);
        // A winning 14 is at distance 0 by definition; asking the solver would only repeat it.
        let distance = if win.is_some() {
            0
        } else {
            distance(&hand, joker)
        };
        Verdict::Fourteen { win, distance }
    } else {
        Verdict::Fifteen(advise(&hand, joker, &seen)?)
    };
    Ok(Report {
        tokens: tiles.iter().map(|t| t.as_ref().to_string()).collect(),
        joker,
        verdict,
    })
}

/// Parses tokens one by one, so the first bad token is the one named.
fn parse_all<S: AsRef<str>>(tokens: &[S]) -> Result<Vec<Kind>, NotationError> {
    tokens.iter().map(|t| parse_kind(t.as_ref())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const WIN14: [&str; 14] = [
        "R1", "R2", "R3", "Y9", "Y10", "Y11", "Y12", "B1", "B2", "B3", "K7", "B7", "Y7", "r5",
    ];

    #[test]
    fn r08_winning_14_needs_no_solver() {
        let report = check("R4", &WIN14, &[]).expect("valid hand");
        assert_eq!(report.distance(), 0);
        let arrangement = report.arrangement().expect("a win");
        assert_eq!(
            arrangement
                .groups
                .iter()
                .map(|g| g.tiles.len())
                .sum::<usize>(),
            14
        );
        assert_eq!(report.token(13), "r5");
    }

    #[test]
    fn r05_seen_tiles_count_against_the_set() {
        let err = check("R4", &WIN14, &["R1", "R1"]).unwrap_err();
        assert!(err.to_string().contains("too many R1"), "{err}");
    }

    #[test]
    fn hand_size_is_checked_before_analysis() {
        let err = check("R4", &WIN14[..13], &[]).unwrap_err();
        assert!(matches!(err, CheckError::TileCount { given: 13 }), "{err}");
    }
}
