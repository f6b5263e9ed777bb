//! The review of a finished round from one seat: every decision the seat made, graded by the
//! exact analysis of what the seat could see at that moment, never the hidden racks or the
//! pile. What is shared lives here (grades, the accuracy, the [`Reviewable`] trait every
//! variant implements); each variant grades its own decisions: Düz in [`duz`], Okey 101 in
//! [`crate::r101::review`]. Grades and their thresholds are in docs/REVIEW.md.

pub mod duz;

pub use duz::{review_round, Decision, DecisionKind};

use crate::rules::Seat;
use crate::variant::Game;
use serde::Serialize;
use std::fmt;

/// How good a decision was, from best to worst.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Grade {
    /// The best the analysis finds (or as good).
    Best,
    /// Nearly as good as the best.
    Good,
    /// Somewhat worse than the best.
    Inaccuracy,
    /// Clearly worse than the best.
    Mistake,
    /// Much worse, or a finish missed.
    Blunder,
}

impl Grade {
    /// What the grade counts for in the accuracy (0 to 100).
    pub fn score(self) -> f64 {
        match self {
            Grade::Best => 100.0,
            Grade::Good => 85.0,
            Grade::Inaccuracy => 60.0,
            Grade::Mistake => 30.0,
            Grade::Blunder => 0.0,
        }
    }
}

/// A graded decision of either variant.
pub trait Graded {
    /// Its index among the round's actions, from 0.
    fn turn(&self) -> usize;
    /// Its grade.
    fn grade(&self) -> Grade;
}

/// The mean of the decisions' grade scores, 0 to 100 (100 with no decision).
pub fn accuracy<D: Graded>(decisions: &[D]) -> f64 {
    if decisions.is_empty() {
        return 100.0;
    }
    decisions.iter().map(|d| d.grade().score()).sum::<f64>() / decisions.len() as f64
}

/// A seat's review of one round: decisions `D`, and what the variant adds about the round's
/// end `E` (101: the tiles left and what they cost; nothing for Düz).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RoundReview<D, E = ()> {
    /// The seat.
    pub seat: Seat,
    /// Every decision, in order.
    pub decisions: Vec<D>,
    /// The mean of the decisions' grade scores, 0 to 100 (100 with no decision).
    pub accuracy: f64,
    /// The variant's account of the round's end for the seat.
    pub end: E,
}

/// A seat's review of a round of game `G`.
pub type ReviewOf<G> = RoundReview<<G as Reviewable>::Decision, <G as Reviewable>::End>;

/// A variant whose finished rounds can be reviewed.
pub trait Reviewable: Game {
    /// One graded decision.
    type Decision: Graded + Serialize + Clone + fmt::Debug + Send;
    /// What a review says of the round's end for the seat.
    type End: Serialize + Clone + fmt::Debug + Send;

    /// Reviews `seat` over a round: `start` is the match as the round was dealt, `actions`
    /// the round's actions in order. Fails when an action does not apply (not the same
    /// match) or the seat is not at the table.
    fn review_round(
        start: &Self,
        actions: &[(Seat, Self::Action)],
        seat: Seat,
    ) -> Result<RoundReview<Self::Decision, Self::End>, Self::Error>;
}

/// Reviews each of `seats` over a round (see [`Reviewable::review_round`]), the seats side by
/// side on threads of their own: one seat's review never depends on another's.
pub fn review_seats<G: Reviewable>(
    start: &G,
    actions: &[(Seat, G::Action)],
    seats: &[Seat],
) -> Result<Vec<ReviewOf<G>>, G::Error> {
    std::thread::scope(|scope| {
        let running: Vec<_> = seats
            .iter()
            .map(|&seat| scope.spawn(move || G::review_round(start, actions, seat)))
            .collect();
        running
            .into_iter()
            // A review that panicked is a bug; it goes on unwinding as it would without threads.
            .map(|r| r.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}
