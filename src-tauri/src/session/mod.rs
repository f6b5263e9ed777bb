//! The live match, one kind per game: [`duz::Session`] and [`r101::Session101`] hold a saved
//! match, the bots at its other seats and what only that game does (Düz: finishes explained
//! by the rack; 101: the rack layout beside the match, openings from the rack's groups).
//! What both do the same way is here: the player's seat, the seats of a new match, and a
//! bot's move chosen on a copy of the table ([`Snapshot`], [`Plan`]).

pub mod duz;
pub mod r101;

use crate::error::AppError;
use okey_bots::{ActionOf, Level, Player};
use okey_core::{Game, Seat};
use okey_store::{MatchId, SeatKind};
use std::time::Duration;

/// The player's seat: the bottom of the table. Bots sit at every other seat.
pub const PLAYER: Seat = Seat(0);

/// The seats of a match of `players`: the player, then one bot of each level in `bots`.
/// Refuses a wrong number of bots and the arena-only random level (Düz and 101 alike).
pub fn seats_for(players: u8, bots: &[Level]) -> Result<Vec<SeatKind>, AppError> {
    let needed = usize::from(players).saturating_sub(1);
    if bots.len() != needed {
        return Err(AppError::Seats {
            players,
            needed,
            given: bots.len(),
        });
    }
    if let Some(level) = bots.iter().find(|l| **l == Level::Random) {
        return Err(AppError::Level(level.to_string()));
    }
    let mut seats = vec![SeatKind::Human];
    seats.extend(bots.iter().map(|l| SeatKind::Bot(l.name().into())));
    Ok(seats)
}

/// Per seat, the level of its bot (None for a person), read from the names the store keeps.
/// A name that is no level (a save from elsewhere) is refused.
pub fn seat_levels(seats: &[SeatKind]) -> Result<Vec<Option<Level>>, AppError> {
    seats
        .iter()
        .map(|s| {
            s.level()
                .map(|name| name.parse().map_err(|_| AppError::Level(name.into())))
                .transpose()
        })
        .collect()
}

/// A copy of the table for a bot to think on while the player goes on moving tiles; each
/// bot is shown its own seat's view only ([`Player::next_move`]).
pub struct Snapshot<P: Player> {
    game: MatchId,
    stamp: usize,
    state: P::Game,
    bots: Vec<Option<P>>,
}

impl<P: Player> Snapshot<P> {
    /// A copy of match `game` as it is at `stamp` (a count of the actions bots can see).
    pub fn new(game: MatchId, stamp: usize, state: P::Game, bots: Vec<Option<P>>) -> Self {
        Snapshot {
            game,
            stamp,
            state,
            bots,
        }
    }

    /// The move of the bot whose turn it is; dealing the next round is the player's call.
    /// Hard bots think for a while: call it off the UI thread.
    pub fn decide(mut self) -> Option<Plan<P>> {
        let mv = P::next_move(&self.state, &mut self.bots)
            .filter(|mv| mv.action != P::Game::next_round())?;
        Some(Plan {
            game: self.game,
            stamp: self.stamp,
            seat: mv.seat,
            action: mv.action,
            thinking: mv.thinking,
            bots: self.bots,
        })
    }
}

/// A bot action chosen on a [`Snapshot`], to be played after the pause of the current speed
/// if the table has not changed since.
pub struct Plan<P: Player> {
    game: MatchId,
    stamp: usize,
    seat: Seat,
    action: ActionOf<P>,
    thinking: Duration,
    bots: Vec<Option<P>>,
}

impl<P: Player> Plan<P> {
    /// The action the bot chose.
    pub fn action(&self) -> &ActionOf<P> {
        &self.action
    }

    /// The seat that acts.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// How long the bot thought; it counts towards the pause before the move lands.
    pub fn thinking(&self) -> Duration {
        self.thinking
    }

    /// The action and the bots' memory after choosing it, if the plan was made on match
    /// `game` at `stamp`; None when the table has changed since.
    pub(crate) fn take(
        self,
        game: MatchId,
        stamp: usize,
    ) -> Option<(Seat, ActionOf<P>, Vec<Option<P>>)> {
        (self.game == game && self.stamp == stamp).then_some((self.seat, self.action, self.bots))
    }
}
