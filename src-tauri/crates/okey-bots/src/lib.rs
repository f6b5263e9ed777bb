//! Okey bots. A bot decides from one seat's [`SeatView`](okey_core::SeatView) only: it never
//! gets a `Match`, so it cannot look at hidden racks or the pile. What it remembers comes from
//! the views it was shown ([`Bot::observe`]), as a player at the table remembers the discards.
//!
//! Levels: `random` (the arena's floor), `easy`, `medium` (greedy on the hand analysis) and
//! `hard` (determinized Monte Carlo over the tiles its seat has not seen). A bot's choices
//! depend only on its seed, its budget and what it was shown, so games replay.
//!
//! A match resumed from a save gets its bots back with [`rejoin`]: rebuilt from the match's
//! seed and shown its current round again, they play on as if never interrupted.

#![warn(missing_docs)]

mod arena;
mod arena_loop;
mod arena_report;
mod bot;
mod entrant;
mod finish;
mod level;
mod memory;
mod outlook;
pub mod outside;
mod play;
mod player;
mod policy;
pub mod puzzle;
pub mod r101;
mod seat_player;
mod seats;
mod simulate;
mod tactics;
#[cfg(test)]
mod testing;

pub use arena::{run_arena, run_arena_each, run_arena_outside, ArenaConfig};
pub use arena_report::{ArenaError, ArenaReport, ArenaRound, Finishes, LevelReport, OutsideCounts};
pub use bot::Bot;
pub use entrant::{Entrant, ParseEntrantError};
pub use level::{Level, ParseLevelError};
pub use memory::Memory;
pub use play::{next_move, play_round, BotMove, MatchHost, PlayError};
pub use player::{seat_bots, show_all, ActionOf, Player};
pub use r101::Bot101;
pub use seat_player::SeatPlayer;
