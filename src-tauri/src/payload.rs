//! What the webview receives about the table, one update after every action: the player's
//! own seat view, the public events that led to it, facts about the seats that are not
//! secret, and what only that game's table shows. Both games send one [`TableUpdate`] type,
//! its extras Düz's ([`DuzTable`]: the round's losses) or 101's ([`Table101`]: the rack
//! layout and the score sheet), and both travel as one [`Update`]. Nothing here is built from
//! another seat's hand or the pile; tests walk every tile in it to make sure.

use okey_bots::Level;
use okey_core::assist::Assist;
use okey_core::r101::assist::Assist101;
use okey_core::r101::rack::RackGroup;
use okey_core::r101::{Match101, RoundEnd101, Rules101};
use okey_core::scoring::RoundLoss;
use okey_core::{Game, Match, Seat, Tile};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU64, Ordering};

/// The revision of the next update built, for the whole app: never lower for an update built
/// later, whichever match it shows, so a match left and resumed keeps growing numbers.
static REVISION: AtomicU64 = AtomicU64::new(1);

/// A revision higher than every one handed out before. Updates are built under the table's
/// lock, after the change they show, so a higher revision never shows an older table.
pub fn next_rev() -> u64 {
    REVISION.fetch_add(1, Ordering::Relaxed)
}

/// One update of whichever table is on: the UI tells them apart by `variant`.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(untagged)]
pub enum Update {
    /// A Düz table.
    Duz(Box<UpdateOf<Match, DuzTable>>),
    /// A 101 table.
    R101(Box<UpdateOf<Match101, Table101>>),
}

impl From<UpdateOf<Match, DuzTable>> for Update {
    fn from(u: UpdateOf<Match, DuzTable>) -> Update {
        Update::Duz(Box::new(u))
    }
}

impl From<UpdateOf<Match101, Table101>> for Update {
    fn from(u: UpdateOf<Match101, Table101>) -> Update {
        Update::R101(Box::new(u))
    }
}

/// One update of the table of game `G`, with `X`, what only that game's table shows.
pub type UpdateOf<G, X> = TableUpdate<<G as Game>::View, <G as Game>::Event, X>;

/// One update of a table, sent after every action (the player's and each bot's): the
/// game's view `V` and events `E`, and `X`, what only that game's table shows. Generic over
/// the types themselves rather than the game, so it is declared to TypeScript as it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct TableUpdate<V, E, X> {
    /// Which match this is about; the UI drops updates of a match it has left.
    pub game: u64,
    /// How many actions the match has taken: the UI animates and announces what an update
    /// with a new number brought.
    pub seq: usize,
    /// When the update was built, as a number that grows with every update the app builds
    /// ([`next_rev`]). Updates may arrive out of order (a bot's event built just before a
    /// rack move may reach the webview after the move's answer, with the same `seq` in 101,
    /// whose rack moves are no actions), and the UI keeps the one with the highest number.
    #[ts(type = "number")]
    pub rev: u64,
    /// The player's view (R15, R101-5): its own tiles, counts of the others, what is public.
    pub view: V,
    /// Per seat, the bot level, or None for the player.
    pub bots: Vec<Option<Level>>,
    /// Who acted, when this update follows an action.
    pub actor: Option<Seat>,
    /// What that action did, as every seat may know it (a drawn tile is never named).
    pub events: Vec<E>,
    /// What only this game's table shows, beside the rest.
    #[serde(flatten)]
    pub table: X,
}

/// The mark of a Düz table's update, `"duz"`: which table draws it (the webview tells the
/// games' updates apart by it).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub enum DuzMark {
    /// The only value.
    #[default]
    #[serde(rename = "duz")]
    Duz,
}

/// The mark of a 101 table's update, `"101"`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub enum Mark101 {
    /// The only value.
    #[default]
    #[serde(rename = "101")]
    R101,
}

/// What a Düz table shows beside the view.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct DuzTable {
    /// The game: `"duz"`.
    pub variant: DuzMark,
    /// Per seat, its score when this round began, so the round's losses can be shown.
    pub round_start_scores: Vec<i32>,
    /// Once the round is over, per seat, what it lost this round and why; None while the
    /// round is played. Every seat may know it: charges are public events.
    pub round_losses: Option<Vec<RoundLoss>>,
}

/// What a 101 table shows beside the view.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct Table101 {
    /// The game: `"101"`.
    pub variant: Mark101,
    /// The match's rules.
    pub rules: Rules101,
    /// The player's rack layout, slot by slot (2 rows of 16).
    pub rack: Vec<Option<Tile>>,
    /// The groups the rack shows, read as melds (for the opening tray).
    pub groups: Vec<RackGroup>,
    /// The score sheet: every round played so far, hands shown (R101-39).
    pub results: Vec<RoundEnd101>,
    /// The winners, once the match is over.
    pub winners: Option<Vec<Seat>>,
}

/// The assistant's reading of the player's hand at either table.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(untagged)]
pub enum Assisted {
    /// At a Düz table.
    Duz(Box<Assist>),
    /// At a 101 table.
    R101(Box<Assist101>),
}
