//! What can go wrong, with messages that say what was wrong and what to do.

use crate::id::MatchId;
use crate::record::DecodeError;
use okey_core::{ReplayError, RuleError, RulesError};
use std::path::PathBuf;
use thiserror::Error;

/// Why the save database could not be opened.
#[derive(Debug, Error)]
pub enum OpenError {
    /// Another process holds the database.
    #[error("the saved games in {dir} are in use by another running Okey; close it and try again")]
    Locked {
        /// The database directory.
        dir: PathBuf,
    },
    /// The database was written by a newer Okey: it is left untouched.
    #[error(
        "the saved games in {dir} were written by a newer Okey (format {found}, this one reads \
         up to {supported}); update Okey to open them"
    )]
    Newer {
        /// The database directory.
        dir: PathBuf,
        /// The format found.
        found: u16,
        /// The newest format this store reads.
        supported: u16,
    },
    /// The directory could not be created, read or moved (permissions, disk full).
    #[error("cannot use the save directory {dir}: {source}")]
    Io {
        /// The directory.
        dir: PathBuf,
        /// The error from the system.
        source: std::io::Error,
    },
    /// The database was damaged, and moving it aside and starting fresh failed too.
    #[error(
        "the saved games in {dir} are damaged ({damage}) and a fresh database could not be \
         started: {error}"
    )]
    Unrecoverable {
        /// The database directory.
        dir: PathBuf,
        /// What was wrong with the old database.
        damage: String,
        /// Why the fresh start failed.
        error: String,
    },
}

/// Why a store operation failed.
#[derive(Debug, Error)]
pub enum StoreError {
    /// The database itself failed (disk full, I/O error).
    #[error("the save database failed: {0}")]
    Db(#[from] sled::Error),
    /// No match has this id.
    #[error("no saved match {0}")]
    NotFound(MatchId),
    /// The match's records were damaged or its log does not replay; it was moved to
    /// quarantine and the other matches are unaffected.
    #[error(
        "saved match {id} is damaged ({reason}); it was moved to quarantine, nothing was deleted"
    )]
    Quarantined {
        /// The match.
        id: MatchId,
        /// What was wrong.
        reason: String,
    },
    /// A record was written by a newer Okey.
    #[error("saved match {id}: {error}")]
    Newer {
        /// The match.
        id: MatchId,
        /// Which record and format.
        error: DecodeError,
    },
    /// The engine refused the action; nothing was saved.
    #[error("the action was refused: {0}")]
    Refused(#[from] RuleError),
    /// The rules of a new match are not playable.
    #[error("the rules cannot be played: {0}")]
    Rules(#[from] RulesError),
    /// A new match's seats do not match its rules.
    #[error("{given} seats given for a {players}-player match")]
    Seats {
        /// Seats given.
        given: usize,
        /// Players in the rules.
        players: u8,
    },
    /// Someone else appended to the match since it was loaded (a second window).
    #[error(
        "saved match {id} was changed elsewhere (action {index} is already saved); resume it again"
    )]
    Conflict {
        /// The match.
        id: MatchId,
        /// The log position that was taken.
        index: u32,
    },
    /// An export file could not be read or written.
    #[error("{path}: {source}")]
    File {
        /// The file.
        path: PathBuf,
        /// The error from the system.
        source: std::io::Error,
    },
    /// An export file is not one we can import.
    #[error("{path} is not an Okey match export: {reason}")]
    BadExport {
        /// The file.
        path: PathBuf,
        /// What was wrong.
        reason: String,
    },
    /// An export file's log does not replay.
    #[error("{path}: the match does not replay: {error}")]
    ExportReplay {
        /// The file.
        path: PathBuf,
        /// Where it failed.
        error: ReplayError,
    },
    /// A loaded log did not replay a second time (the engine is not deterministic).
    #[error("the log does not replay: {0}")]
    Replay(#[from] ReplayError),
    /// Nothing in quarantine has this name.
    #[error("nothing named {0:?} is in quarantine (`okey saves quarantine` lists what is)")]
    NotQuarantined(String),
    /// A quarantine entry cannot be put back; it stays in quarantine.
    #[error("{name} cannot be restored and stays in quarantine: {reason}")]
    NotRestored {
        /// The entry's name.
        name: String,
        /// Why.
        reason: String,
    },
    /// A record could not be encoded (does not happen with the types we write).
    #[error("a record could not be encoded: {0}")]
    Encode(#[from] serde_json::Error),
}
