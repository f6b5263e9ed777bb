//! Driving a 101 table of bots: who acts next and what, each bot seeing only its own seat.

use crate::play::{refused, timed, BotMove};
use crate::seat_player::SeatPlayer;
use okey_core::problem::Coded;
use okey_core::r101::{Action101, Error101, Match101};
use okey_core::Seat;
use thiserror::Error;

/// Why bots could not play a 101 round through.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Play101Error {
    /// No seat had anything to do: a seat without a bot, or a bot that gave up.
    #[error("no bot had a move after {actions} actions")]
    Stuck {
        /// Actions in the match log.
        actions: usize,
    },
    /// The engine refused a bot's action.
    #[error("a bot's action {action} was refused: {error}")]
    Refused {
        /// The action.
        action: Action101,
        /// Why.
        error: Error101,
    },
    /// The round went on far longer than any real round can.
    #[error("the round did not end after {actions} actions")]
    Endless {
        /// Actions played in the round.
        actions: usize,
    },
}

/// A 101 action a bot chose, and how long it thought.
pub type Bot101Move = BotMove<Action101>;

/// Shows every bot its view, then returns the next bot action: the seat to move, or the
/// next round once a round is over. `bots` has one entry per seat, None for a person.
pub fn next_move101<S: SeatPlayer<Match101>>(
    m: &Match101,
    bots: &mut [Option<S>],
) -> Option<Bot101Move> {
    let mut views = Vec::with_capacity(bots.len());
    for seat in m.rules().seats() {
        let view = match bots.get_mut(seat.index()) {
            Some(Some(bot)) => {
                bot.know(m);
                m.view(seat).ok().inspect(|v| bot.observe(v))
            }
            _ => None,
        };
        views.push(view);
    }
    let mut ask = |seat: Seat| -> Option<Bot101Move> {
        let view = views.get(seat.index())?.as_ref()?;
        let bot = bots.get_mut(seat.index())?.as_mut()?;
        timed(seat, || bot.decide(view))
    };
    match m.round().turn() {
        Some(seat) if !m.round().is_over() => ask(seat),
        _ => m.rules().seats().find_map(ask),
    }
}

/// Plays bots until the current round is over, calling `seen` with every move; a round
/// already over is followed by the next (unless the match is over). Every seat needs a bot.
pub fn play_round101<S: SeatPlayer<Match101>>(
    m: &mut Match101,
    bots: &mut [Option<S>],
    mut seen: impl FnMut(&Bot101Move),
) -> Result<(), Play101Error> {
    let mut step = |m: &mut Match101| {
        let mv = next_move101(m, bots).ok_or(Play101Error::Stuck {
            actions: m.log().len(),
        })?;
        match m.apply(mv.seat, mv.action.clone()) {
            Ok(_) => seen(&mv),
            // A seat that can be wrong is told why and asked again; ours never are.
            Err(error) if refused(bots, mv.seat, &error.problem()) => {}
            Err(error) => {
                return Err(Play101Error::Refused {
                    action: mv.action.clone(),
                    error,
                })
            }
        }
        Ok(())
    };
    if m.is_over() {
        return Ok(());
    }
    if m.round().is_over() {
        step(m)?;
    }
    // About 50 draws per round, each with a few table actions: far more is a loop.
    const LIMIT: usize = 5_000;
    for _ in 0..LIMIT {
        if m.round().is_over() {
            return Ok(());
        }
        step(m)?;
    }
    Err(Play101Error::Endless { actions: LIMIT })
}
