//! Replays of saved rounds, move by move, from the player's seat, either game: the store
//! replays the round and [`frame`] shows one moment of it. A step is an action the bots see
//! (a Düz rack move is replayed silently with the step before it, as the hand was laid out).
//! Only rounds that are over can be replayed, so opening every hand never shows what is still
//! hidden in play.

use crate::error::AppError;
use crate::session::{seat_levels, TableGame, PLAYER};
use okey_bots::Level;
use okey_core::r101::Match101;
use okey_core::{Game, Match, Seat, Tile};
use okey_store::{MatchId, SavedMatch, Store, Variant};
use serde::Serialize;

/// One moment of a replayed round of game `G`.
pub type FrameOf<G> = Frame<<G as Game>::View, <G as Game>::Action>;

/// One moment of a replayed round: the game's view `V` and actions `A`.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct Frame<V, A> {
    /// The game: `"duz"` or `"101"`, so the screen knows which table to draw.
    pub variant: &'static str,
    /// The round replayed, counted from 1 (a voided 101 deal counts: it is a round on the
    /// sheet).
    pub round: u32,
    /// Every round of the match that can be replayed (those that are over).
    pub rounds: Vec<u32>,
    /// Steps shown so far, 0 (the deal) to `steps`.
    pub step: usize,
    /// Steps in the round.
    pub steps: usize,
    /// The table from the player's seat at this moment.
    pub view: V,
    /// Every seat's tiles (Düz: the rack slot by slot), when the hands are open.
    pub hands: Option<Vec<Vec<Option<Tile>>>>,
    /// The action that led here.
    pub last: Option<(Seat, A)>,
    /// Per seat, the bot level, or None for a person.
    pub bots: Vec<Option<Level>>,
}

/// The frame of saved match `game`, round `round`, after `step` steps (clamped to the round's
/// length); with `open`, every hand is shown.
pub fn replay<G: TableGame>(
    game: &SavedMatch<G>,
    round: u32,
    step: usize,
    open: bool,
) -> Result<FrameOf<G>, AppError> {
    let m = game.state();
    let rounds: Vec<u32> = game.finished_rounds().iter().map(|s| s.round).collect();
    if !rounds.contains(&round) {
        return Err(AppError::NotReplayable(round));
    }
    let mut replay = game
        .replay_round(round)?
        .ok_or(AppError::NotReplayable(round))?;
    let span = replay.span();
    let log = &m.log()[span.first..span.end];
    let steps = log.iter().filter(|(_, a)| !G::layout_only(a)).count();
    let step = step.min(steps);
    let mut done = 0;
    let mut last = None;
    // Up to the step's action, then the rack moves right after it (how the hand was laid).
    while let Some((seat, action)) = log.get(replay.position() - span.first) {
        if !G::layout_only(action) {
            if done == step {
                break;
            }
            done += 1;
            last = Some((*seat, action.clone()));
        }
        replay.step()?;
    }
    let state = replay.state();
    let view = state
        .view(PLAYER)
        .map_err(|_| AppError::NotReplayable(round))?;
    Ok(Frame {
        variant: G::NAME,
        round,
        rounds,
        step,
        steps,
        view,
        hands: open.then(|| state.hands()),
        last,
        bots: seat_levels(game.seats())?,
    })
}

/// A replay frame of either game.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(untagged)]
pub enum AnyFrame {
    /// A Düz round.
    Duz(Box<FrameOf<Match>>),
    /// A 101 round.
    Okey101(Box<FrameOf<Match101>>),
}

#[cfg(test)]
impl AnyFrame {
    /// The Düz frame; a 101 one fails the test.
    pub(crate) fn duz(self) -> FrameOf<Match> {
        match self {
            AnyFrame::Duz(f) => *f,
            AnyFrame::Okey101(_) => panic!("a Düz match replayed as 101"),
        }
    }
}

/// The frame of saved match `id`, whichever game it plays: see [`replay`].
pub fn frame(
    store: &Store,
    id: MatchId,
    round: u32,
    step: usize,
    open: bool,
) -> Result<AnyFrame, AppError> {
    Ok(match store.variant(id)? {
        Variant::Duz => AnyFrame::Duz(Box::new(replay(&store.resume(id)?, round, step, open)?)),
        Variant::Okey101 => {
            AnyFrame::Okey101(Box::new(replay(&store.resume101(id)?, round, step, open)?))
        }
    })
}
