//! The review screen's page: every seat's graded decisions in a finished round of either
//! game (okey-core's `review`, from each seat's own view), with the replay step before each
//! action, so a tap on a decision opens the replay at that moment.

use crate::error::AppError;
use crate::session::TableGame;
use okey_core::r101::review::{Decision101, Left101};
use okey_core::review::{review_seats, Decision, Reviewable, RoundReview};
use okey_core::{Game, Seat};
use okey_store::{MatchId, SavedMatch, Store, Variant};
use serde::Serialize;

/// A finished round reviewed, every seat, of a game whose decisions are `D` and whose
/// review of a round's end is `E`.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct ReviewPage<D, E> {
    /// The game: `"duz"` or `"101"`.
    pub variant: &'static str,
    /// The round, from 1.
    pub round: u32,
    /// Every round of the match that can be reviewed (those that are over).
    pub rounds: Vec<u32>,
    /// For each of the round's actions (a decision's `turn`), the replay step that shows the
    /// table just before it (rack moves are not steps).
    pub steps: Vec<usize>,
    /// Each seat's review, in seat order.
    pub seats: Vec<RoundReview<D, E>>,
}

/// A review page of either game.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(untagged)]
pub enum AnyReview {
    /// A Düz round.
    Duz(Box<ReviewPage<Decision, ()>>),
    /// A 101 round.
    Okey101(Box<ReviewPage<Decision101, Option<Left101>>>),
}

/// The review of round `round` of saved match `id`, a round that is over.
pub fn review(store: &Store, id: MatchId, round: u32) -> Result<AnyReview, AppError> {
    Ok(match store.variant(id)? {
        Variant::Duz => AnyReview::Duz(Box::new(page(&store.resume(id)?, round)?)),
        Variant::Okey101 => AnyReview::Okey101(Box::new(page(&store.resume101(id)?, round)?)),
    })
}

/// Every seat's review of round `round` of saved match `game`.
fn page<G: TableGame + Reviewable>(
    game: &SavedMatch<G>,
    round: u32,
) -> Result<ReviewPage<G::Decision, G::End>, AppError> {
    let over = game.finished_rounds();
    if !over.iter().any(|s| s.round == round) {
        return Err(AppError::NotReplayable(round));
    }
    let replay = game
        .replay_round(round)?
        .ok_or(AppError::NotReplayable(round))?;
    let (start, span) = (replay.state(), replay.span());
    let actions = &game.state().log()[span.first..span.end];
    let steps = actions
        .iter()
        .scan(0, |done, (_, a)| {
            let before = *done;
            if !G::layout_only(a) {
                *done += 1;
            }
            Some(before)
        })
        .collect();
    let seats: Vec<Seat> = (0..G::players(start.rules())).map(Seat).collect();
    let seats = review_seats(start, actions, &seats).map_err(|_| AppError::NotReplayable(round))?;
    Ok(ReviewPage {
        variant: <G as Game>::NAME,
        round,
        rounds: over.iter().map(|s| s.round).collect(),
        steps,
        seats,
    })
}
