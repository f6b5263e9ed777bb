//! Replays of saved rounds, move by move. A step is a turn action (draw, take, discard,
//! finish, gösterge); rack moves between them are replayed silently. Only rounds that are
//! over can be replayed, so opening every hand never shows what is still hidden in play.

use crate::error::AppError;
use crate::session::PLAYER;
use okey_bots::Level;
use okey_core::{Action, Seat, SeatView, Tile};
use okey_store::{MatchId, Store};
use serde::Serialize;

/// One moment of a replayed round.
#[derive(Debug, Clone, Serialize)]
pub struct Frame {
    /// The round replayed.
    pub round: u32,
    /// Every round of the match that can be replayed (those that are over).
    pub rounds: Vec<u32>,
    /// Turn actions shown so far, 0 (the deal) to `steps`.
    pub step: usize,
    /// Turn actions in the round.
    pub steps: usize,
    /// The table from the player's seat at this moment.
    pub view: SeatView,
    /// Every seat's rack, slot by slot, when the hands are open.
    pub racks: Option<Vec<Vec<Option<Tile>>>>,
    /// The action that led here.
    pub last: Option<(Seat, Action)>,
    /// Per seat, the bot level, or None for a person.
    pub bots: Vec<Option<Level>>,
}

/// The frame of saved match `id`, round `round`, after `step` turn actions (clamped to the
/// round's length); with `open`, every rack is shown.
pub fn frame(
    store: &Store,
    id: MatchId,
    round: u32,
    step: usize,
    open: bool,
) -> Result<Frame, AppError> {
    let game = store.resume(id)?;
    let m = game.state();
    let spans = game.rounds();
    let current = spans.last().map_or(1, |s| s.round);
    let over = |r: u32| r < current || m.round().is_over() || m.is_over();
    let rounds: Vec<u32> = spans.iter().map(|s| s.round).filter(|&r| over(r)).collect();
    if !rounds.contains(&round) {
        return Err(AppError::NotReplayable(round));
    }
    let mut replay = game
        .replay_round(round)
        .map_err(AppError::Store)?
        .ok_or(AppError::NotReplayable(round))?;
    let span = replay.span();
    let log = &m.log()[span.first..span.end];
    let steps = log.iter().filter(|(_, a)| !is_rack_move(a)).count();
    let step = step.min(steps);
    let mut done = 0;
    let mut last = None;
    // Up to the step's action, then the rack moves right after it (how the hand was laid).
    while let Some(&(seat, action)) = log.get(replay.position() - span.first) {
        if !is_rack_move(&action) {
            if done == step {
                break;
            }
            done += 1;
            last = Some((seat, action));
        }
        replay.step().map_err(AppError::Store)?;
    }
    let state = replay.state();
    let view = state.view(PLAYER)?;
    let racks = open.then(|| {
        state
            .rules()
            .seats()
            .map(|s| {
                state
                    .round()
                    .rack(s)
                    .map(|r| r.slots().to_vec())
                    .unwrap_or_default()
            })
            .collect()
    });
    Ok(Frame {
        round,
        rounds,
        step,
        steps,
        view,
        racks,
        last,
        bots: crate::session::seat_levels(game.seats())?,
    })
}

fn is_rack_move(action: &Action) -> bool {
    matches!(action, Action::Move { .. })
}
