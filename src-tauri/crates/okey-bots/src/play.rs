//! Driving a table of bots: who acts next and what, each bot seeing only its own seat.

use crate::seat_player::SeatPlayer;
use okey_core::problem::{Coded, Problem};
use okey_core::{Action, Game, Match, RuleError, Seat};
use std::time::{Duration, Instant};
use thiserror::Error;

/// Why bots could not play a round through. `E` is why the host refused an action: the
/// engine's [`RuleError`] for a bare [`Match`], more for a host that saves.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlayError<E = RuleError> {
    /// No seat had anything to do: a seat without a bot, or a bot that gave up.
    #[error("no bot had a move in round {round}")]
    Stuck {
        /// The round.
        round: u32,
    },
    /// The host refused a bot's action (the engine, or saving it).
    #[error("a bot's action was refused: {0}")]
    Refused(E),
    /// The round went on far longer than any real round can.
    #[error("round {round} did not end after {actions} actions")]
    Endless {
        /// The round.
        round: u32,
        /// Actions played.
        actions: usize,
    },
}

/// What holds a match bots play: the match as it stands, and the door its actions go
/// through. A bare [`Match`] is one; a saved game is another that also saves each action.
pub trait MatchHost {
    /// Why an action was not applied.
    type Error;
    /// The match as it stands.
    fn state(&self) -> &Match;
    /// Applies (and keeps) one action.
    fn apply(&mut self, seat: Seat, action: Action) -> Result<(), Self::Error>;
    /// The refusal of an action as the rules give it, when `error` is one: a seat that can
    /// be wrong (a bot from outside) is told and asked again. None by default.
    fn refusal(_error: &Self::Error) -> Option<Problem> {
        None
    }
}

impl MatchHost for Match {
    type Error = RuleError;

    fn state(&self) -> &Match {
        self
    }

    fn apply(&mut self, seat: Seat, action: Action) -> Result<(), RuleError> {
        Match::apply(self, seat, action).map(drop)
    }

    fn refusal(error: &RuleError) -> Option<Problem> {
        Some(error.problem())
    }
}

/// An action a bot chose, and how long it thought: a Düz [`Action`], or a 101 one
/// ([`Bot101Move`](crate::r101::Bot101Move)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BotMove<A = Action> {
    /// The bot's seat.
    pub seat: Seat,
    /// What it does.
    pub action: A,
    /// Time spent deciding.
    pub thinking: Duration,
}

/// The move of the bot in `seat`, timed: None when `decide` has no action.
pub(crate) fn timed<A>(seat: Seat, decide: impl FnOnce() -> Option<A>) -> Option<BotMove<A>> {
    let start = Instant::now();
    let action = decide()?;
    Some(BotMove {
        seat,
        action,
        thinking: start.elapsed(),
    })
}

/// Shows every bot its view, then returns the next bot action at the table, if a bot is to
/// act: a gösterge first (it may be shown out of turn), then the seat to move, then the
/// next round once a round is over. `bots` has one entry per seat, None for a person.
/// Call it after every action at the table, a person's included, so bots see everything.
pub fn next_move<S: SeatPlayer<Match>>(m: &Match, bots: &mut [Option<S>]) -> Option<BotMove> {
    let mut views = Vec::with_capacity(bots.len());
    for seat in m.rules().seats() {
        let view = match bots.get_mut(seat.index()) {
            Some(Some(bot)) => m.view(seat).ok().inspect(|v| bot.observe(v)),
            _ => None,
        };
        views.push(view);
    }
    let mut ask = |seat: Seat| -> Option<BotMove> {
        let view = views.get(seat.index())?.as_ref()?;
        let bot = bots.get_mut(seat.index())?.as_mut()?;
        timed(seat, || bot.decide(view))
    };
    let round = m.round();
    if !round.is_over() {
        // The views already list what each seat may do: no second look at the rules.
        let showing: Vec<Seat> = views
            .iter()
            .flatten()
            .filter(|v| v.legal_actions.contains(&Action::ShowIndicator))
            .map(|v| v.seat)
            .collect();
        for seat in showing {
            if let Some(mv) = ask(seat).filter(|mv| mv.action == Action::ShowIndicator) {
                return Some(mv);
            }
        }
        return ask(round.turn()?);
    }
    m.rules().seats().find_map(ask)
}

/// Plays bots against each other until the round is over, calling `seen` with every move;
/// between rounds it deals the next one first (unless the match is over). Every seat must
/// have a bot. Fails if a bot errs, the host refuses a move, or the round does not end
/// within a bound no real round reaches.
pub fn play_round<T: MatchHost, S: SeatPlayer<Match>>(
    host: &mut T,
    bots: &mut [Option<S>],
    mut seen: impl FnMut(&BotMove),
) -> Result<(), PlayError<T::Error>> {
    let mut step = |host: &mut T, round: u32| {
        let mv = next_move(host.state(), bots).ok_or(PlayError::Stuck { round })?;
        match host.apply(mv.seat, mv.action) {
            Ok(()) => seen(&mv),
            // A seat that can be wrong is told why and asked again; ours never are.
            Err(error) => match T::refusal(&error) {
                Some(problem) if refused(bots, mv.seat, &problem) => {}
                _ => return Err(PlayError::Refused(error)),
            },
        }
        Ok(())
    };
    let m = host.state();
    if m.is_over() {
        return Ok(());
    }
    if m.round().is_over() {
        step(host, m.round().number())?;
    }
    let round = host.state().round().number();
    // 106 tiles allow about 100 draws; strict-rack layouts add moves. Far more is a loop.
    const LIMIT: usize = 5_000;
    for _ in 0..LIMIT {
        let r = host.state().round();
        if r.number() != round || r.is_over() {
            return Ok(());
        }
        step(host, round)?;
    }
    Err(PlayError::Endless {
        round,
        actions: LIMIT,
    })
}

/// Tells the seat that played at `seat` that the table refused its action with `problem`;
/// whether it is to be asked again.
pub(crate) fn refused<G: Game, S: SeatPlayer<G>>(
    seats: &mut [Option<S>],
    seat: Seat,
    problem: &Problem,
) -> bool {
    seats
        .get_mut(seat.index())
        .and_then(Option::as_mut)
        .is_some_and(|s| s.refused(problem))
}
