//! One bot idea over every game: a [`Player`] is built for a seat, shown its seat's views and
//! asked for its seat's actions. Düz's [`Bot`](crate::Bot) and 101's
//! [`Bot101`](crate::Bot101) implement it, so the
//! app's bot driver, autoplay and anything else that seats bots is written once.

use crate::level::Level;
use crate::play::BotMove;
use okey_core::{Game, Seat};

/// The action type of a player's game.
pub type ActionOf<P> = <<P as Player>::Game as Game>::Action;

/// A bot at one seat of a match of [`Player::Game`], deciding from that seat's view only.
pub trait Player: Clone + Send + Sync + Sized + 'static {
    /// The game it plays.
    type Game: Game;

    /// The bot of `level` at `seat` of a match dealt from `match_seed`, with the same seed
    /// every time the match is resumed.
    fn for_seat(level: Level, match_seed: u64, seat: Seat) -> Self;
    /// Its level.
    fn level(&self) -> Level;
    /// Shows it what its seat sees now.
    fn observe(&mut self, view: &<Self::Game as Game>::View);
    /// Its next action from its seat's view; None when it has none to make.
    fn decide(&mut self, view: &<Self::Game as Game>::View) -> Option<ActionOf<Self>>;
    /// The move to make now at `m`, by whichever bot is to act (every bot first observes
    /// the table, as at a live one); None when no bot has one.
    fn next_move(m: &Self::Game, bots: &mut [Option<Self>]) -> Option<BotMove<ActionOf<Self>>>;
    /// The bots of a match resumed at `now`, one entry per seat of `levels` (None for a
    /// person), `round_start` being the match as its current round was dealt.
    fn rejoin(
        levels: &[Option<Level>],
        round_start: &Self::Game,
        now: &Self::Game,
    ) -> Vec<Option<Self>>;
}

/// Shows every bot its seat's view of `m`, as a live table does after each action.
pub fn show_all<P: Player>(m: &P::Game, bots: &mut [Option<P>]) {
    for (i, bot) in (0u8..).zip(bots.iter_mut()) {
        if let (Some(bot), Ok(view)) = (bot, m.view(Seat(i))) {
            bot.observe(&view);
        }
    }
}
