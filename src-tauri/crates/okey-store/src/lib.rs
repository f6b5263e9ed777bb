//! Saved Okey games in a sled database: every action is appended and flushed before the
//! caller hears it succeeded, a match resumes by replaying its log with the engine (checked
//! against a stored state hash), finished matches stay as history, and statistics, settings
//! and JSON export/import sit beside them. A damaged record never costs the other matches:
//! it is moved to a quarantine tree, reported by name, and kept.
//!
//! The app calls [`Store::open`] with its data directory and keeps the [`Store`] (cheap to
//! clone, safe to share between threads). A match in play is a [`SavedGame`]: apply actions
//! through it and each one is durable when `apply` returns.
//!
//! The store keeps actions and replays them; it knows nothing of bots. A bot seat is a
//! [`SeatKind::Bot`] with its level's name, and the caller builds the bots and gives them
//! their memory of the round from [`SavedGame::round_start`] and [`SavedGame::state`]
//! (`okey_bots::Player::rejoin`).
//!
//! A session of the app, in calls:
//!
//! ```no_run
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use okey_core::{Action, Seat};
//! use okey_store::{NewMatch, SeatKind, Store};
//! # let app_data_dir = std::path::Path::new("/tmp/okey-doc");
//! let store = Store::open(app_data_dir)?; // Tauri's app data dir
//! if let Some((kept, _why)) = store.recovery() {
//!     eprintln!("saves were damaged; kept in {}", kept.display());
//! }
//! let (settings, _) = store.settings()?;
//! let medium = SeatKind::Bot("medium".into());
//! let mut game = store.create(NewMatch {
//!     rules: settings.last_rules,
//!     seed: 42, // the app takes it from the system's random source
//!     seats: vec![SeatKind::Human, medium.clone(), medium.clone(), medium],
//! })?;
//! game.apply(Seat(1), Action::Draw)?; // on disk when this returns
//! // Later, or after the app was killed:
//! let listing = store.list()?; // newest first; damaged ones are in listing.set_aside
//! let game = store.resume(listing.matches[0].id)?; // replayed and checked
//! let (round_start, now) = (game.round_start(), game.state()); // for the bots' memory
//! # let _ = (round_start, now);
//! # Ok(())
//! # }
//! ```
//!
//! On disk (sled trees, keys big-endian): `meta` (database format, last match id),
//! `matches` (id → header: rules, seed, seats, created), `status` (id → round, scores,
//! state), `rounds` (id ++ round → how it ended), `log` (id ++ index → one action: seat,
//! action, time, state hash after it), `quarantine`, `settings`. JSON records carry a
//! `format` field and log entries start with it (see [`FORMAT`]).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod code101;
mod counter;
mod db;
mod engine;
mod error;
mod export;
mod game;
mod guard;
mod hash;
mod history;
mod id;
mod import_error;
mod journal;
mod listing;
mod load;
mod lock;
mod model;
mod quarantine;
mod rack;
mod record;
mod repair;
mod restore;
mod salvage;
mod settings;
mod stats;

#[cfg(test)]
mod testing;
mod time;
mod variant;
mod verify;

pub use db::{sled_config, Store, DAMAGE_NOTE, DB_DIR_NAME};
pub use engine::Game;
pub use error::{OpenError, RestoreRefusal, StoreCode, StoreError};
pub use export::{ExportedAction, ExportedMatch, EXPORT_KIND};
pub use game::{SavedGame, SavedGame101, SavedMatch};
pub use hash::{state_hash, state_hash101};
pub use history::{RoundReplay, RoundSpan, Step};
pub use id::MatchId;
pub use import_error::{ImportCode, ImportError, IMPORT_LIMIT};
pub use journal::JOURNAL_DIR_NAME;
pub use listing::{Listing, MatchSummary};
pub use lock::{holder as lock_holder, Holder};
pub use model::Repair;
pub use model::{
    MatchState, NewMatch, NewMatch101, RoundSummary, RoundSummary101, SeatKind, Status,
};
pub use quarantine::{Fault, QuarantineEntry};
pub use rack::MAX_RACK_SLOTS;
pub use record::{FORMAT, FORMAT_101};
pub use salvage::{Holding, Salvaged};
pub use settings::{BotSpeed, Language, LessonInPlay, Settings};
pub use stats::chart::MatchPoints;
pub use stats::r101::{BestMatch101, Statistics101};
pub use stats::tally::Tally;
pub use stats::{LevelRecord, Statistics};
pub use time::{format_utc, now_ms};
pub use variant::Variant;
pub use verify::Verified;
