//! What can go wrong, with messages that say what was wrong and what to do.

use crate::id::MatchId;
use crate::lock::{holder, Holder};
use crate::record::{DecodeError, NEWEST};
use crate::variant::Variant;
use okey_core::problem::params;
use okey_core::r101::rules::Rules101Error;
use okey_core::r101::{Error101, Replay101Error};
use okey_core::{Coded, Problem, ReplayError, RuleError, RulesError};
use std::path::PathBuf;
use thiserror::Error;

/// Why the save database could not be opened.
#[derive(Debug, Error)]
pub enum OpenError {
    /// Another process holds the database.
    #[error(
        "the saved games in {dir} are in use by {}; close it and try again",
        holder.as_ref().map_or("another program (another running Okey?)".into(), Holder::to_string)
    )]
    Locked {
        /// The database directory.
        dir: PathBuf,
        /// The process that holds it, where the system tells (see [`crate::lock::holder`]).
        holder: Option<Holder>,
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

impl OpenError {
    /// The refusal to open the locked database in `db_dir`, naming its holder where found.
    pub(crate) fn locked(db_dir: PathBuf) -> OpenError {
        OpenError::Locked {
            holder: holder(&db_dir),
            dir: db_dir,
        }
    }
}

/// Why a store operation failed.
#[derive(Debug, Error)]
pub enum StoreError {
    /// The database itself failed (disk full, I/O error); what was being saved was not.
    #[error("{}", DbFailure(.0))]
    Db(sled::Error),
    /// The database's files are damaged where this needed to read or write them. The open
    /// repairs them (from the journals) or sets them aside; the raw report stays in
    /// `detail`, out of the message.
    #[error(
        "the saved games are damaged on disk; restart Okey to repair them from their \
         journals (what cannot be repaired is set aside and named, nothing is deleted)"
    )]
    Damaged {
        /// What the database library reported.
        detail: String,
    },
    /// A match's journal could not be written; the action was not saved.
    #[error(
        "the move could not be saved: writing its journal failed (the disk may be full or \
         read-only); free some space and try again"
    )]
    Journal(#[source] std::io::Error),
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
    /// The 101 engine refused the action; nothing was saved.
    #[error("the action was refused: {0}")]
    Refused101(#[from] Error101),
    /// The rules of a new 101 match are not playable.
    #[error("the 101 rules cannot be played: {0}")]
    Rules101(#[from] Rules101Error),
    /// The match is of the other variant than the one asked for (a 101 match resumed as
    /// Düz, or the reverse).
    #[error("saved match {id} is a {} match; open it as one", variant_words(*.variant))]
    WrongVariant {
        /// The match.
        id: MatchId,
        /// What it is.
        variant: Variant,
    },
    /// An action the engine accepted has no encoding in the log (it cannot happen with a
    /// real hand); nothing was saved and the match is as it was.
    #[error("the action could not be saved: {0}")]
    Unsaveable(String),
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
    /// A 101 export file's log does not replay.
    #[error("{path}: the match does not replay: {error}")]
    ExportReplay101 {
        /// The file.
        path: PathBuf,
        /// Where it failed.
        error: Replay101Error,
    },
    /// An import refused by its limits (not a file, too large, already saved).
    #[error(transparent)]
    Import(#[from] crate::import_error::ImportError),
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
        reason: RestoreRefusal,
    },
    /// A record could not be encoded (does not happen with the types we write).
    #[error("a record could not be encoded: {0}")]
    Encode(#[from] serde_json::Error),
}

/// Why a quarantined match cannot be put back (its entry stays in quarantine).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RestoreRefusal {
    /// Several quarantine entries have the name.
    #[error("{0} entries have this name")]
    SameName(usize),
    /// The entry is a single record set aside, not a whole match.
    #[error("it is a single record, not a match")]
    NotAMatch,
    /// The entry holds a record that is not one of the match it names.
    #[error("a record ({tree} {key}) is not one of the match")]
    ForeignRecord {
        /// The record's tree.
        tree: String,
        /// Its key, in hex.
        key: String,
    },
    /// A match with the same id is saved now.
    #[error("match id {0} is in use")]
    IdInUse(MatchId),
    /// Its records still do not decode or its log does not replay (the detail, in English,
    /// is for logs and the command line).
    #[error("{0}")]
    Damaged(String),
}

impl RestoreRefusal {
    /// The refusal as data: its own code, and the id when the id is taken.
    pub fn problem(&self) -> Problem {
        let (code, p) = match self {
            RestoreRefusal::SameName(n) => (StoreCode::RestoreSameName, params().count("n", *n)),
            RestoreRefusal::NotAMatch => (StoreCode::RestoreNotAMatch, params()),
            RestoreRefusal::ForeignRecord { .. } => (StoreCode::RestoreForeignRecord, params()),
            RestoreRefusal::IdInUse(id) => (
                StoreCode::RestoreIdInUse,
                params().text("id", id.to_string()),
            ),
            RestoreRefusal::Damaged(_) => (StoreCode::RestoreDamaged, params()),
        };
        Problem::new(code, p.build(), self)
    }
}

impl From<sled::Error> for StoreError {
    fn from(e: sled::Error) -> StoreError {
        match e {
            // What sled reports of bytes it cannot read back is damage, not a failure to
            // retry.
            sled::Error::Corruption { .. } | sled::Error::ReportableBug(_) => StoreError::Damaged {
                detail: e.to_string(),
            },
            sled::Error::Io(ref io)
                if matches!(
                    io.kind(),
                    std::io::ErrorKind::InvalidData | std::io::ErrorKind::UnexpectedEof
                ) =>
            {
                StoreError::Damaged {
                    detail: e.to_string(),
                }
            }
            other => StoreError::Db(other),
        }
    }
}

okey_core::coded_error! {
    /// The codes of every error okey-store gives (its own, opening the saves, a restore's
    /// refusals), as an interface receives them in a [`Problem`].
    pub enum StoreCode for StoreError as this {
        StoreError::Db(e) if disk_full(e) => DiskFull = "disk_full";
        StoreError::File { source, .. } if io_disk_full(source) => DiskFull;
        StoreError::Journal(source) if io_disk_full(source) => DiskFull;
        StoreError::Db(_) => DatabaseFailed = "database_failed";
        StoreError::Damaged { .. } => SavesDamaged = "saves_damaged";
        StoreError::Journal(_) => JournalFailed = "journal_failed";
        StoreError::NotFound(id) => MatchNotFound = "match_not_found", params().value("id", id.0);
        StoreError::Quarantined { id, .. } => MatchQuarantined = "match_quarantined",
            params().value("id", id.0);
        StoreError::Newer {
            id,
            error: DecodeError::Newer { found, .. },
        } => MatchNewer = "match_newer",
            params()
                .value("id", id.0)
                .number("found", *found)
                .number("supported", NEWEST);
        StoreError::Newer { id, .. } => MatchUnreadable = "match_unreadable",
            params().value("id", id.0);
        StoreError::WrongVariant { id, variant } => MatchWrongVariant = "match_wrong_variant",
            params().value("id", id.0).text("variant", variant.name());
        StoreError::Unsaveable(_) => ActionUnsaveable = "action_unsaveable";
        StoreError::Seats { given, players } => StoreSeats = "store_seats",
            params().count("given", *given).number("players", *players);
        StoreError::Conflict { id, index } => MatchConflict = "match_conflict",
            params().value("id", id.0).number("index", *index);
        StoreError::File { path, .. } => FileFailed = "file_failed",
            params().text("path", path.display().to_string());
        StoreError::BadExport { path, .. } => NotAnExport = "not_an_export",
            params().text("path", path.display().to_string());
        StoreError::ExportReplay { path, error } => ExportDoesNotReplay = "export_does_not_replay",
            params()
                .text("path", path.display().to_string())
                .problem("error", &error.problem());
        StoreError::ExportReplay101 { path, error } => ExportDoesNotReplay,
            params()
                .text("path", path.display().to_string())
                .problem("error", &replay101_problem(error));
        StoreError::Replay(error) => LogDoesNotReplay = "log_does_not_replay",
            params().problem("error", &error.problem());
        StoreError::NotQuarantined(name) => NotQuarantined = "not_quarantined",
            params().text("name", name.as_str());
        StoreError::NotRestored { name, reason } => NotRestored = "not_restored",
            params()
                .text("name", name.as_str())
                .problem("why", &reason.problem());
        StoreError::Encode(_) => EncodeFailed = "encode_failed";
    }
    // The codes of `OpenError` and `RestoreRefusal`, whose impls pick them by hand.
    also {
        SavesLocked = "saves_locked";
        SavesNewer = "saves_newer";
        SavesUnusable = "saves_unusable";
        SavesUnrecoverable = "saves_unrecoverable";
        RestoreSameName = "restore_same_name";
        RestoreNotAMatch = "restore_not_a_match";
        RestoreForeignRecord = "restore_foreign_record";
        RestoreIdInUse = "restore_id_in_use";
        RestoreDamaged = "restore_damaged";
    }
    // The engine's refusal is what the player needs to read; nothing was saved.
    passes {
        StoreError::Refused(e) => e.problem().with_message(this);
        StoreError::Rules(e) => e.problem().with_message(this);
        StoreError::Refused101(e) => e.problem().with_message(this);
        StoreError::Rules101(e) => e.problem().with_message(this);
        StoreError::Import(e) => e.problem();
    }
}

impl Coded for OpenError {
    fn problem(&self) -> Problem {
        let (code, p) = match self {
            OpenError::Locked { holder, .. } => (
                StoreCode::SavesLocked,
                match holder {
                    Some(h) => params()
                        .text("program", h.command.as_str())
                        .number("pid", h.pid),
                    None => params(),
                },
            ),
            OpenError::Io { source, .. } if io_disk_full(source) => (StoreCode::DiskFull, params()),
            OpenError::Newer {
                found, supported, ..
            } => (
                StoreCode::SavesNewer,
                params()
                    .number("found", *found)
                    .number("supported", *supported),
            ),
            OpenError::Io { .. } => (StoreCode::SavesUnusable, params()),
            OpenError::Unrecoverable { .. } => (StoreCode::SavesUnrecoverable, params()),
        };
        Problem::new(code, p.build(), self)
    }
}

/// The problem of a 101 log that does not replay: the engine's refusal, or the rules'.
fn replay101_problem(error: &Replay101Error) -> Problem {
    match error {
        Replay101Error::Refused { error, .. } => error.problem().with_message(error),
        Replay101Error::Rules(e) => StoreError::Rules101(e.clone()).problem(),
    }
}

/// The variant's name in an English message.
fn variant_words(variant: Variant) -> &'static str {
    match variant {
        Variant::Duz => "Düz Okey",
        Variant::Okey101 => "Okey 101",
    }
}

/// The words for a failed database: a full disk is said as such, since it is the one cause
/// a player can fix, and it must not read like damage.
struct DbFailure<'a>(&'a sled::Error);

impl std::fmt::Display for DbFailure<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if disk_full(self.0) {
            write!(f, "the disk is full: free some space; nothing was lost, the last action was not saved")
        } else {
            write!(f, "the save database failed: {}", self.0)
        }
    }
}

/// Whether sled failed for want of disk space (ENOSPC, `Os { code: 28 }` on Linux).
pub(crate) fn disk_full(e: &sled::Error) -> bool {
    match e {
        sled::Error::Io(io) => io_disk_full(io),
        // sled words some write failures itself; the system's words survive in the text.
        other => other.to_string().contains("No space left on device"),
    }
}

/// Whether a system error is a full disk.
pub(crate) fn io_disk_full(e: &std::io::Error) -> bool {
    const ENOSPC: i32 = 28;
    e.kind() == std::io::ErrorKind::StorageFull
        || e.raw_os_error() == Some(ENOSPC)
        // sled re-wraps some system errors in one of its own, keeping only the text.
        || e.to_string().contains("No space left on device")
}

#[cfg(test)]
mod tests {
    use super::*;
    use okey_core::TurnError;

    #[test]
    fn store_errors_are_codes_with_numbers_as_numbers() {
        let p = StoreError::Conflict {
            id: MatchId(7),
            index: 12,
        }
        .problem();
        assert_eq!(p.code(), "match_conflict");
        assert_eq!(p.params()["id"], 7);
        assert_eq!(p.params()["index"], 12);
        assert!(p.message().contains("changed elsewhere"));
        // A refusal passed through the store keeps the engine's code.
        let p = StoreError::Refused(TurnError::NotYourTurn.into()).problem();
        assert_eq!(p.code(), "not_your_turn");
    }

    #[test]
    fn a_full_disk_is_worded_as_such_and_keeps_its_own_code() {
        let full = || std::io::Error::from_raw_os_error(28);
        let e = StoreError::Db(sled::Error::Io(full()));
        let p = e.problem();
        assert_eq!(p.code(), "disk_full");
        assert!(e.to_string().contains("the disk is full"), "{e}");
        assert!(!e.to_string().contains("code: 28"), "{e}");
        // sled's own wrapping, with the system's words only in its text.
        let wrapped = std::io::Error::other(format!("flush failed: {}", full()));
        assert_eq!(
            StoreError::Db(sled::Error::Io(wrapped)).problem().code(),
            "disk_full"
        );
        let open = OpenError::Io {
            dir: "/x".into(),
            source: full(),
        };
        assert_eq!(open.problem().code(), "disk_full");
        // Other failures keep theirs.
        let other = StoreError::Db(sled::Error::Io(std::io::Error::from_raw_os_error(5)));
        assert_eq!(other.problem().code(), "database_failed");
    }
}
