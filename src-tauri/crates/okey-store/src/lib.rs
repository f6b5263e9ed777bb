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
//! A session of the app, in calls:
//!
//! ```no_run
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use okey_store::{NewMatch, SeatKind, Store};
//! use okey_bots::Level;
//! # let app_data_dir = std::path::Path::new("/tmp/okey-doc");
//! let store = Store::open(app_data_dir)?; // Tauri's app data dir
//! if let Some((kept, why)) = store.recovery() {
//!     eprintln!("saves were damaged ({why}); kept in {}", kept.display());
//! }
//! let (settings, _) = store.settings()?;
//! let mut game = store.create(NewMatch {
//!     rules: settings.last_rules,
//!     seed: okey_store::now_ms(),
//!     seats: vec![SeatKind::Human, SeatKind::Bot(Level::Medium), SeatKind::Bot(Level::Medium), SeatKind::Bot(Level::Medium)],
//! })?;
//! let mut bots = game.bots();
//! while let Some(mv) = okey_bots::next_move(game.state(), &mut bots) {
//!     game.apply(mv.seat, mv.action)?; // on disk when this returns
//!     # break;
//! }
//! // Later, or after the app was killed:
//! let listing = store.list()?; // newest first; damaged ones are in listing.set_aside
//! let game = store.resume(listing.matches[0].id)?;
//! let bots = game.bots(); // they remember the round as before
//! # let _ = bots;
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

mod bots;
mod db;
mod error;
mod export;
mod hash;
mod history;
mod load;
mod matches;
mod quarantine;
mod record;
mod settings;
mod stats;
mod time;

pub use db::{sled_config, Store, DB_DIR_NAME};
pub use error::{OpenError, StoreError};
pub use export::{ExportedAction, ExportedMatch, EXPORT_KIND};
pub use hash::state_hash;
pub use history::{RoundReplay, RoundSpan, Step};
pub use matches::{
    Listing, MatchId, MatchState, MatchSummary, NewMatch, RoundResult, SavedGame, SeatKind,
    Verified,
};
pub use quarantine::{Fault, QuarantineEntry};
pub use record::FORMAT;
pub use settings::{BotSpeed, Language, Settings};
pub use stats::{LevelRecord, Statistics};
pub use time::{format_utc, now_ms};
