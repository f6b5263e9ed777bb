//! Okey bots. A bot decides from one seat's [`SeatView`](okey_core::SeatView) only: it never
//! gets a `Match`, so it cannot look at hidden racks or the pile. What it remembers comes from
//! the views it was shown ([`Bot::observe`]), as a player at the table remembers the discards.
//!
//! Levels: `random` (the arena's floor), `easy`, `medium` (greedy on the hand analysis) and
//! `hard` (determinized Monte Carlo over the tiles its seat has not seen). A bot's choices
//! depend only on its seed, its budget and what it was shown, so games replay.

mod arena;
mod bot;
mod finish;
mod level;
mod memory;
mod outlook;
mod policy;
mod simulate;
mod table;
mod tactics;
#[cfg(test)]
mod testing;

pub use arena::{
    run_arena, run_arena_each, ArenaConfig, ArenaError, ArenaReport, Finishes, LevelReport,
    RoundResult,
};
pub use bot::Bot;
pub use level::{Level, ParseLevelError};
pub use memory::Memory;
pub use table::{next_move, play_round, BotMove, Table, TableError};
