//! The review screen's page: every seat's graded decisions in a finished Düz round
//! (okey-core's `review`, from each seat's own view), each with the replay step it was taken
//! at, so a tap on it opens the replay at that moment.

use crate::error::AppError;
use crate::session::TableGame;
use okey_core::review::{review_round, Decision};
use okey_core::{Match, Seat};
use okey_store::{MatchId, Store, Variant};
use serde::Serialize;

/// A finished round reviewed, every seat.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct ReviewPage {
    /// The round, from 1.
    pub round: u32,
    /// Every round of the match that can be reviewed (those that are over).
    pub rounds: Vec<u32>,
    /// Each seat's review, in seat order.
    pub seats: Vec<SeatReview>,
}

/// One seat's review of the round.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct SeatReview {
    /// The seat.
    pub seat: Seat,
    /// Its accuracy, 0 to 100.
    pub accuracy: f64,
    /// Its graded decisions, in order.
    pub decisions: Vec<Reviewed>,
}

/// A graded decision and the replay step that shows the table just before it.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct Reviewed {
    /// The replay's step (turn actions before it; rack moves are not steps).
    pub step: usize,
    /// The decision.
    #[serde(flatten)]
    pub decision: Decision,
}

/// The review of round `round` of saved match `id`: only a finished Düz round.
pub fn review(store: &Store, id: MatchId, round: u32) -> Result<ReviewPage, AppError> {
    if store.variant(id)? == Variant::Okey101 {
        return Err(AppError::NoReview101);
    }
    let game = store.resume(id)?;
    let over = game.finished_rounds();
    if !over.iter().any(|s| s.round == round) {
        return Err(AppError::NotReplayable(round));
    }
    let replay = game
        .replay_round(round)?
        .ok_or(AppError::NotReplayable(round))?;
    let (start, span) = (replay.state(), replay.span());
    let actions = &game.state().log()[span.first..span.end];
    // The replay's step before each action: how many turn actions came before it.
    let steps: Vec<usize> = actions
        .iter()
        .scan(0, |done, (_, a)| {
            let before = *done;
            if !<Match as TableGame>::layout_only(a) {
                *done += 1;
            }
            Some(before)
        })
        .collect();
    let seats = (0..start.rules().players)
        .map(|s| {
            let r = review_round(start, actions, Seat(s))
                .map_err(|_| AppError::NotReplayable(round))?;
            Ok(SeatReview {
                seat: r.seat,
                accuracy: r.accuracy,
                decisions: r
                    .decisions
                    .into_iter()
                    .map(|decision| Reviewed {
                        step: steps.get(decision.turn).copied().unwrap_or(0),
                        decision,
                    })
                    .collect(),
            })
        })
        .collect::<Result<_, AppError>>()?;
    Ok(ReviewPage {
        round,
        rounds: over.iter().map(|s| s.round).collect(),
        seats,
    })
}
