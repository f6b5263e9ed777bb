//! Bots for a resumed match: rebuilt from the match seed, with their memory of the current
//! round restored by showing them the round again, so they play on as if never interrupted.

use crate::matches::{SavedGame, SeatKind};
use okey_bots::Bot;
use okey_core::Seat;

impl SavedGame {
    /// One entry per seat: a bot for each bot seat, None for a person. Each bot has seen the
    /// current round from its seat after every action, exactly as at a live table, so a
    /// resumed match goes on with the moves it would have made.
    pub fn bots(&self) -> Vec<Option<Bot>> {
        let seed = self.m.seed();
        let mut bots: Vec<Option<Bot>> = self
            .header
            .seats
            .iter()
            .enumerate()
            .map(|(i, kind)| match kind {
                SeatKind::Human => None,
                SeatKind::Bot(level) => Some(Bot::for_seat(*level, seed, Seat(i as u8))),
            })
            .collect();
        let mut m = self.round_start.clone();
        let show = |m: &okey_core::Match, bots: &mut [Option<Bot>]| {
            for (i, bot) in bots.iter_mut().enumerate() {
                if let (Some(bot), Ok(view)) = (bot, m.view(Seat(i as u8))) {
                    bot.observe(&view);
                }
            }
        };
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
