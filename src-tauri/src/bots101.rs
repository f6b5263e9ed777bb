//! The bots' moves at a 101 table, chosen from the bot's own seat view only.
//!
//! Until okey-bots' 101 bots are wired in, every level plays the assistant's suggestion
//! (okey-core's exact analysis of its own view): a sound, careful player.

use okey_bots::Level;
use okey_core::r101::assist::assist101;
use okey_core::r101::{Action101, SeatView101};

/// The action the bot of `level` takes in `view`, one of `legal`; None when it has none.
pub fn decide(_level: Level, view: &SeatView101, legal: &[Action101]) -> Option<Action101> {
    let hint = assist101(view, legal).hint?;
    // Dealing the next round is the player's call.
    (hint.action != Action101::NextRound).then_some(hint.action)
}
