//! Practice puzzles from real bot games: medium bots play a round from a seed, and a
//! position where a bot held 15 tiles before its discard becomes the puzzle. "Finish" asks
//! for a discard that finishes; "discard" for one that leaves the smallest distance, in a
//! hand where some discards are worse than others. The analyser checks every answer.

use crate::{play_round, Bot, Level};
use okey_core::analysis::{advise, Advice};
use okey_core::notation::{parse_hand, parse_indicator, parse_kind};
use okey_core::practice::PracticeError;
use okey_core::{Action, Joker, Kind, Match, Rules};
use serde::{Deserialize, Serialize};

/// The two kinds of puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum PuzzleKind {
    /// Find a discard that finishes the round.
    Finish,
    /// Find a discard that leaves the hand closest to a win.
    Discard,
}

/// A puzzle: a 15-tile hand under an indicator. The UI sends it back with the answer, and
/// it is checked again then like any practice hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Puzzle {
    /// What to find.
    pub kind: PuzzleKind,
    /// The indicator, in notation.
    pub indicator: String,
    /// The hand, in notation, in the order the tiles lay.
    pub tiles: Vec<String>,
}

/// The verdict on an answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Answer {
    /// Whether the tile answers the puzzle.
    pub correct: bool,
    /// Every tile that does, in notation.
    pub solutions: Vec<String>,
    /// The distance the answered discard leaves.
    pub distance: u8,
    /// The smallest distance a discard leaves.
    pub best_distance: u8,
}

/// Rounds tried before giving up on a seed; a finish turns up in most rounds.
const ROUNDS: u64 = 40;

/// A puzzle of `kind` from bot games dealt from `seed` (and the seeds after it).
pub fn make(kind: PuzzleKind, seed: u64) -> Result<Puzzle, PracticeError> {
    for n in 0..ROUNDS {
        if let Some(p) = from_round(kind, seed.wrapping_add(n)) {
            return Ok(p);
        }
    }
    Err(PracticeError::NoPuzzle)
}

/// Plays one round of four medium bots and picks a position of `kind` from it.
fn from_round(kind: PuzzleKind, seed: u64) -> Option<Puzzle> {
    let rules = Rules::default();
    let mut m = Match::new(rules, seed).ok()?;
    let start = m.clone();
    let mut bots: Vec<Option<Bot>> = rules
        .seats()
        .map(|s| Some(Bot::for_seat(Level::Medium, seed, s)))
        .collect();
    play_round(&mut m, &mut bots, |_| {}).ok()?;
    // Walk the round again, keeping each hand just before its discard.
    let mut walk = start;
    let joker = Joker::new(walk.round().joker().indicator());
    let mut hands = Vec::new();
    for &(seat, action) in m.log() {
        if let Action::Discard(_) | Action::Finish(_) = action {
            hands.extend(walk.round().rack(seat).map(|r| {
                r.slots()
                    .iter()
                    .flatten()
                    .map(|t| t.kind())
                    .collect::<Vec<Kind>>()
            }));
        }
        walk.apply(seat, action).ok()?;
    }
    // The most played-out position that fits: analysed from the end, so only until found.
    hands.iter().rev().find_map(|h| position(h, joker, kind))
}

/// The puzzle in a 15-tile hand, if the hand is one of `kind`.
fn position(kinds: &[Kind], joker: Joker, kind: PuzzleKind) -> Option<Puzzle> {
    // Any other size is refused by the analysis.
    let advice = advise(kinds, joker, &[]).ok()?;
    let fits = match kind {
        PuzzleKind::Finish => !advice.finishes.is_empty(),
        // A real choice: a win is not on, and some discards leave the hand further away.
        PuzzleKind::Discard => {
            advice.finishes.is_empty()
                && advice.discards.iter().any(|d| d.distance > advice.distance)
                && solutions(&advice, kind).len() < 4
        }
    };
    fits.then(|| Puzzle {
        kind,
        indicator: joker.indicator().to_string(),
        tiles: kinds.iter().map(ToString::to_string).collect(),
    })
}

/// The discards that answer a puzzle of `kind`.
fn solutions(advice: &Advice, kind: PuzzleKind) -> Vec<Kind> {
    match kind {
        PuzzleKind::Finish => advice.finishes.iter().map(|f| f.discard).collect(),
        PuzzleKind::Discard => advice
            .discards
            .iter()
            .filter(|d| d.distance == advice.distance)
            .map(|d| d.tile)
            .collect(),
    }
}

/// Checks `answer` (a tile in notation) against the puzzle.
pub fn answer(puzzle: &Puzzle, answer: &str) -> Result<Answer, PracticeError> {
    // The puzzle comes back from the webview: read and check it like any hand (R5).
    let joker = Joker::new(parse_indicator(&puzzle.indicator)?);
    let kinds = parse_hand(joker.indicator(), &puzzle.tiles)?;
    let answered = parse_kind(answer)?;
    if !kinds.contains(&answered) {
        return Err(PracticeError::NotInHand { tile: answered });
    }
    let advice = advise(&kinds, joker, &[])?;
    let solutions = solutions(&advice, puzzle.kind);
    let distance = advice
        .discards
        .iter()
        .find(|d| d.tile == answered)
        .map_or(u8::MAX, |d| d.distance);
    Ok(Answer {
        correct: solutions.contains(&answered),
        solutions: solutions.iter().map(ToString::to_string).collect(),
        distance,
        best_distance: advice.distance,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use okey_core::practice;

    #[test]
    fn r10_finish_puzzles_have_a_finishing_discard_and_only_it_is_right() {
        let p = make(PuzzleKind::Finish, 5).unwrap();
        assert_eq!(p.tiles.len(), 15);
        let first = answer(&p, "R1").err();
        let verdict = practice::check(&p.indicator, &p.tiles).unwrap();
        assert!(verdict.win, "the hand can finish");
        let right = verdict.finishes[0].tile.kind().to_string();
        let a = answer(&p, &right).unwrap();
        assert!(a.correct && a.solutions.contains(&right) && a.distance == 0);
        // A tile whose discard does not finish is wrong, with the reason in numbers.
        if let Some(wrong) = p.tiles.iter().find(|t| !a.solutions.contains(t)) {
            let w = answer(&p, wrong).unwrap();
            assert!(!w.correct && w.distance > 0);
        }
        // A tile not in the hand is refused by name (unless R1 happens to be in it).
        if !p.tiles.iter().any(|t| t == "R1") {
            assert!(first.unwrap().to_string().contains("R1"));
        }
    }

    #[test]
    fn discard_puzzles_offer_a_real_choice_and_replay_from_their_seed() {
        let p = make(PuzzleKind::Discard, 9).unwrap();
        assert_eq!(
            make(PuzzleKind::Discard, 9).unwrap(),
            p,
            "the same seed, the same puzzle"
        );
        let verdict = practice::check(&p.indicator, &p.tiles).unwrap();
        assert!(!verdict.win);
        let best = verdict.discards[0].tile.kind().to_string();
        let worst = verdict.discards.last().unwrap().tile.kind().to_string();
        assert!(answer(&p, &best).unwrap().correct);
        let w = answer(&p, &worst).unwrap();
        assert!(!w.correct && w.distance > w.best_distance);
    }
}
