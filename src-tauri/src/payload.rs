//! What the webview receives about the table, one update after every action: the player's
//! own seat view, the public events that led to it, and facts about the seats that are not
//! secret. A Düz table sends a [`TableUpdate`], a 101 table a [`TableUpdate101`] (with its
//! rack layout and score sheet), and both travel as one [`Update`]. Nothing here is built
//! from another seat's hand or the pile; tests walk every tile in it to make sure.

use okey_bots::Level;
use okey_core::assist::Assist;
use okey_core::r101::assist::Assist101;
use okey_core::r101::rack::RackGroup;
use okey_core::r101::{Event101, RoundEnd101, Rules101, SeatView101};
use okey_core::scoring::RoundLoss;
use okey_core::{Event, Seat, SeatView, Tile};
use serde::{Deserialize, Serialize};

/// One update of whichever table is on: the UI tells them apart by the 101 update's
/// `variant`.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum Update {
    /// A Düz table.
    Duz(Box<TableUpdate>),
    /// A 101 table.
    R101(Box<TableUpdate101>),
}

impl From<TableUpdate> for Update {
    fn from(u: TableUpdate) -> Update {
        Update::Duz(Box::new(u))
    }
}

impl From<TableUpdate101> for Update {
    fn from(u: TableUpdate101) -> Update {
        Update::R101(Box::new(u))
    }
}

/// The assistant's reading of the player's hand at either table.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum Assisted {
    /// At a Düz table.
    Duz(Box<Assist>),
    /// At a 101 table.
    R101(Box<Assist101>),
}

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

/// The `variant` of every 101 update, which tells the UI which table draws it.
pub const VARIANT_101: &str = "101";

/// One update of a 101 table, sent after every action (the player's and each bot's).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableUpdate101 {
    /// Always [`VARIANT_101`].
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
