//! What the webview receives about a 101 table: the player's own `SeatView101` (its legal
//! actions included), its rack layout, and what every seat may know (the rules, the bots' levels, the
//! public events, the scores of the rounds played). Nothing here comes from another hand or
//! the pile; tests walk every tile in it to make sure.

use crate::rack101::RackGroup;
use okey_bots::Level;
use okey_core::r101::{Event101, RoundEnd101, Rules101, SeatView101};
use okey_core::{Seat, Tile};
use serde::{Deserialize, Serialize};

/// The `variant` of every 101 update, which tells the UI which table draws it.
pub const VARIANT: &str = "101";

/// One update of a 101 table, sent after every action (the player's and each bot's).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableUpdate101 {
    /// Always [`VARIANT`].
    pub variant: String,
    /// Which match this is about; the UI drops updates of a match it has left.
    pub game: u64,
    /// How many actions the match has taken; the UI keeps the update with the highest.
    pub seq: usize,
    /// The player's view (R101-5).
    pub view: SeatView101,
    /// The match's rules.
    pub rules: Rules101,
    /// The player's rack layout, slot by slot (2 rows of 16).
    pub rack: Vec<Option<Tile>>,
    /// The groups the rack shows, read as melds (for the opening tray).
    pub groups: Vec<RackGroup>,
    /// Per seat, the bot level, or None for the player.
    pub bots: Vec<Option<Level>>,
    /// Who acted, when this update follows an action.
    pub actor: Option<Seat>,
    /// What that action did, as every seat may know it.
    pub events: Vec<Event101>,
    /// The score sheet: every round played so far, hands shown (R101-39).
    pub results: Vec<RoundEnd101>,
    /// The winners, once the match is over.
    pub winners: Option<Vec<Seat>>,
}
