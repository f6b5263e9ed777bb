//! What the webview receives about the table: the player's own `SeatView`, the public events
//! that led to it, and facts about the seats that are not secret. Nothing here is built from
//! another seat's rack; tests walk every tile in it to make sure.

use okey_bots::Level;
use okey_core::{Event, Seat, SeatView};
use serde::{Deserialize, Serialize};

/// One update of the table, sent after every action (the player's and each bot's).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableUpdate {
    /// Which match this is about; the UI drops updates of a match it has left.
    pub game: u64,
    /// How many actions the match has taken; updates may arrive out of order (a command's
    /// answer and a bot's event), and the UI keeps the one with the highest number.
    pub seq: usize,
    /// The player's view (R15): its own rack, counts of the others, the visible discards.
    pub view: SeatView,
    /// Per seat, the bot level, or None for the player.
    pub bots: Vec<Option<Level>>,
    /// Per seat, its score when this round began, so the round's losses can be shown.
    pub round_start_scores: Vec<i32>,
    /// Who acted, when this update follows an action.
    pub actor: Option<Seat>,
    /// What that action did, as every seat may know it (a drawn tile is never named).
    pub events: Vec<Event>,
    /// Once the round is over, per seat, what it lost this round and why; None while the
    /// round is played. Every seat may know it: charges are public events.
    pub round_losses: Option<Vec<RoundLoss>>,
}

/// What one seat (its team, in partnership) lost in a round, by cause.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundLoss {
    /// Lost to another's finish (R18), doubles included (R20, R21).
    pub finish: i32,
    /// Lost to another's gösterge (R19).
    pub gosterge: i32,
    /// Penalties: an okey discarded in play (R22), a false finish claim (R11).
    pub penalties: i32,
}
