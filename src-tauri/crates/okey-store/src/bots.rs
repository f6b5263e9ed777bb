//! Bots for a resumed match: rebuilt from the match seed, with their memory of the current
//! round restored by showing them the round again, so they play on as if never interrupted.

use crate::error::StoreError;
use crate::matches::{SavedGame, SeatKind};
use okey_bots::{Bot, MatchHost};
use okey_core::{Action, Match, Seat};

/// Fresh bots for the seats of a match, None for a person.
pub(crate) fn seat_bots(seats: &[SeatKind], seed: u64) -> Vec<Option<Bot>> {
    seats
        .iter()
        .enumerate()
        .map(|(i, kind)| {
            kind.level()
                .map(|level| Bot::for_seat(level, seed, Seat(i as u8)))
        })
        .collect()
}

/// Shows every bot its seat's view of `m`, as the table does after each action.
pub(crate) fn show(m: &Match, bots: &mut [Option<Bot>]) {
    for (i, bot) in bots.iter_mut().enumerate() {
        if let (Some(bot), Ok(view)) = (bot, m.view(Seat(i as u8))) {
            bot.observe(&view);
        }
    }
}

/// Bots play at a saved game as at a bare match, each action saved before the next:
/// [`okey_bots::play_round`] autosaves.
impl MatchHost for SavedGame {
    type Error = StoreError;

    fn state(&self) -> &Match {
        &self.m
    }

    fn apply(&mut self, seat: Seat, action: Action) -> Result<(), StoreError> {
        SavedGame::apply(self, seat, action).map(drop)
    }
}

impl SavedGame {
    /// One entry per seat: a bot for each bot seat, None for a person. Each bot has seen the
    /// current round from its seat after every action, exactly as at a live table, so a
    /// resumed match goes on with the moves it would have made.
    pub fn bots(&self) -> Vec<Option<Bot>> {
        // Right after a resume the replay already showed them the round.
        if let Some((at, bots)) = &self.bots {
            if *at == self.m.log().len() {
                return bots.clone();
            }
        }
        let mut bots = seat_bots(&self.header.seats, self.m.seed());
        let mut m = self.round_start.clone();
        show(&m, &mut bots);
        for &(seat, action) in &self.m.log()[self.round_start.log().len()..] {
            // These actions replayed when the match was loaded, so none is refused here.
            if m.apply(seat, action).is_err() {
                break;
            }
            show(&m, &mut bots);
        }
        bots
    }
}
