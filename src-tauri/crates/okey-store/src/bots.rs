//! Bots for a resumed match: rebuilt from the match seed, with their memory of the current
//! round restored by showing them the round again, so they play on as if never interrupted.

use crate::matches::{SavedGame, SeatKind};
use okey_bots::Bot;
use okey_core::Seat;

/// The seed of the bot in `seat` of a match: the same every time the match is resumed.
pub fn bot_seed(match_seed: u64, seat: Seat) -> u64 {
    // splitmix64's finaliser over the match seed and the seat, so seats differ well.
    let mut z = match_seed ^ (u64::from(seat.0) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

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
                SeatKind::Bot(level) => Some(Bot::new(*level, bot_seed(seed, Seat(i as u8)))),
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
