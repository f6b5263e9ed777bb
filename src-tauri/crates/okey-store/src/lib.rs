//! Saved Okey games in a sled database: every action is appended and flushed before the
//! caller hears it succeeded, a match resumes by replaying its log with the engine (checked
//! against a stored state hash), finished matches stay as history, and statistics, settings
//! and JSON export/import sit beside them. A damaged record never costs the other matches:
//! it is moved to a quarantine tree, reported by name, and kept.
//!
//! The app calls [`Store::open`] with its data directory and keeps the [`Store`] (cheap to
//! clone, safe to share between threads). A match in play is a [`SavedGame`]: apply actions
//! through it and each one is durable when `apply` returns.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod bots;
mod db;
mod error;
mod export;
mod hash;
mod history;
mod matches;
mod quarantine;
mod record;
mod settings;
mod stats;
mod time;

pub use bots::bot_seed;
pub use db::{sled_config, Store, DB_DIR_NAME};
pub use error::{OpenError, StoreError};
pub use export::{ExportedAction, ExportedMatch, EXPORT_KIND};
pub use hash::{state_hash, tile_census};
pub use history::{RoundReplay, RoundSpan, Step};
pub use matches::{
    Listing, MatchId, MatchState, MatchSummary, NewMatch, RoundResult, SavedGame, SeatKind,
    Verified,
};
pub use quarantine::{Fault, QuarantineEntry};
pub use record::FORMAT;
pub use settings::{BotSpeed, Settings};
pub use stats::{LevelRecord, Statistics};
pub use time::{format_utc, now_ms};
