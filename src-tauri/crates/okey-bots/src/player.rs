//! One bot idea over every game: a [`Player`] is built for a seat, shown its seat's views and
//! asked for its seat's actions. Düz's [`Bot`](crate::Bot) and 101's
//! [`Bot101`](crate::Bot101) implement it, so the
//! app's bot driver and the resume of a match's bots ([`Player::rejoin`]) are written once.

use crate::level::Level;
use crate::play::BotMove;
use crate::seat_player::SeatPlayer;
use okey_core::{Game, Seat};

/// The action type of a player's game.
pub type ActionOf<P> = <<P as Player>::Game as Game>::Action;

impl<P: Player> SeatPlayer<P::Game> for P {
    fn know(&mut self, m: &P::Game) {
        Player::know(self, m);
    }
    fn observe(&mut self, view: &<P::Game as Game>::View) {
        Player::observe(self, view);
    }
    fn decide(&mut self, view: &<P::Game as Game>::View) -> Option<ActionOf<P>> {
        Player::decide(self, view)
    }
}

/// A bot at one seat of a match of [`Player::Game`], deciding from that seat's view only.
pub trait Player: Clone + Send + Sync + Sized + 'static {
    /// The game it plays.
    type Game: Game;

    /// The bot of `level` at `seat` of a match dealt from `match_seed`, with the same seed
    /// every time the match is resumed.
    fn for_seat(level: Level, match_seed: u64, seat: Seat) -> Self;
    /// The bot of `level` seeded with `seed` itself (the arena draws a seed per seat and
    /// round; a bot served over the line protocol is given it).
    fn seeded(level: Level, seed: u64) -> Self;
    /// Its level.
    fn level(&self) -> Level;
    /// Shown the match's public facts before its views: nothing by default.
    fn know(&mut self, _m: &Self::Game) {}
    /// Shows it what its seat sees now.
    fn observe(&mut self, view: &<Self::Game as Game>::View);
    /// Its next action from its seat's view; None when it has none to make.
    fn decide(&mut self, view: &<Self::Game as Game>::View) -> Option<ActionOf<Self>>;
    /// The move to make now at `m`, by whichever bot is to act (every bot first observes
    /// the table, as at a live one); None when no bot has one.
    fn next_move(m: &Self::Game, bots: &mut [Option<Self>]) -> Option<BotMove<ActionOf<Self>>>;
    /// The bots of a match resumed at `now`, one entry per seat of `levels` (None for a
    /// person): each has seen the current round from its seat after every action, exactly
    /// as at a live table, so the match goes on with the moves it would have made
    /// uninterrupted. `round_start` is the match as its current round was dealt and `now`
    /// the same match later: its log goes on from `round_start`'s, and those actions are
    /// replayed to the bots.
    fn rejoin(
        levels: &[Option<Level>],
        round_start: &Self::Game,
        now: &Self::Game,
    ) -> Vec<Option<Self>> {
        let mut bots = seat_bots::<Self>(levels, now.seed());
        let mut m = round_start.clone();
        show_all(&m, &mut bots);
        let played = now.log().get(round_start.log().len()..).unwrap_or_default();
        for (seat, action) in played {
            // `now` went through these actions, so none is refused unless the two matches
            // are not the same one: then the bots remember what could be replayed.
            if m.apply(*seat, action.clone()).is_err() {
                break;
            }
            show_all(&m, &mut bots);
        }
        bots
    }
}

/// Fresh bots for the seats of a match dealt from `match_seed`: one entry per seat, a bot of
/// the level given, None for a person. The same seeds every time, so a resumed match plays
/// on as it would have ([`Player::for_seat`]).
pub fn seat_bots<P: Player>(levels: &[Option<Level>], match_seed: u64) -> Vec<Option<P>> {
    (0u8..)
        .zip(levels)
        .map(|(i, level)| level.map(|level| P::for_seat(level, match_seed, Seat(i))))
        .collect()
}

/// Shows every bot its seat's view of `m`, as a live table does after each action.
pub fn show_all<P: Player>(m: &P::Game, bots: &mut [Option<P>]) {
    for (i, bot) in (0u8..).zip(bots.iter_mut()) {
        if let (Some(bot), Ok(view)) = (bot, m.view(Seat(i))) {
            bot.observe(&view);
        }
    }
}
