//! Why an import was refused before reading the match: not a file, too large, or already
//! saved; with its codes. Apart from `export` so that the store's error can wrap it without
//! importing the exporter.

use crate::id::MatchId;
use okey_core::problem::params;
use okey_core::{Coded, Problem};
use std::path::PathBuf;
use thiserror::Error;

/// The largest export file `import` reads: 8 MiB. Measured: an export takes about 97 bytes
/// per action; the longest match of four bots at the highest start (100 points) lasted 57
/// rounds, 5,470 actions, 531 KB, and a 20-point match about 120 KB. A person's rack moves
/// are saved too, and even three times as many actions stay under 2 MB: the limit leaves a
/// margin of four times that, while a file at the limit still imports in a few seconds.
pub const IMPORT_LIMIT: u64 = 8 * 1024 * 1024;

/// Why an import was refused before or instead of reading the match.
#[derive(Debug, Error)]
pub enum ImportError {
    /// The path is a directory, a FIFO, a device or a socket, not a file.
    #[error("{path} is {what}, not a file; nothing was read")]
    NotAFile {
        /// The path given.
        path: PathBuf,
        /// What it is, in words ("a directory", "a FIFO (named pipe)", ...).
        what: &'static str,
    },
    /// The file is larger than any real match export.
    #[error(
        "{path} is {}, more than an export of the longest match can be: the limit is {} \
         MiB; nothing was read",
        Size(*.size),
        IMPORT_LIMIT / (1024 * 1024)
    )]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size in bytes (at least the limit and one, when it grew while read).
        size: u64,
    },
    /// The saves already hold this match: importing it again would count it twice.
    #[error(
        "{path} holds match {id}, which is already saved (the same deal, start and seats); \
         nothing was imported (delete match {id} first to import this copy instead)"
    )]
    AlreadySaved {
        /// The file.
        path: PathBuf,
        /// The saved match it is.
        id: MatchId,
    },
}

okey_core::error_codes! {
    /// The codes of [`ImportError`], as an interface receives them.
    pub enum ImportCode {
        /// [`ImportError::NotAFile`]: params `path`, `what` (`directory`, `fifo`,
        /// `device`, `socket` or `other`).
        ImportNotAFile = "import_not_a_file",
        /// [`ImportError::TooLarge`]: params `path`, `size` (bytes), `limit_mib`.
        ImportTooLarge = "import_too_large",
        /// [`ImportError::AlreadySaved`]: params `path`, `id`.
        ImportAlreadySaved = "import_already_saved",
    }
}

impl Coded for ImportError {
    fn problem(&self) -> Problem {
        let (code, p) = match self {
            ImportError::NotAFile { path, what } => (
                ImportCode::ImportNotAFile,
                params()
                    .text("path", path.display().to_string())
                    .text("what", kind_code(what)),
            ),
            ImportError::TooLarge { path, size } => (
                ImportCode::ImportTooLarge,
                params()
                    .text("path", path.display().to_string())
                    .number("size", i64::try_from(*size).unwrap_or(i64::MAX))
                    .number("limit_mib", (IMPORT_LIMIT / (1024 * 1024)) as i64),
            ),
            ImportError::AlreadySaved { path, id } => (
                ImportCode::ImportAlreadySaved,
                params()
                    .text("path", path.display().to_string())
                    .value("id", id.0),
            ),
        };
        Problem::new(code, p.build(), self)
    }
}

/// A size in words: bytes, KB or MB.
struct Size(u64);

impl std::fmt::Display for Size {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            n if n >= 1024 * 1024 => write!(f, "{:.1} MiB", n as f64 / (1024.0 * 1024.0)),
            n if n >= 1024 => write!(f, "{} KiB", n / 1024),
            n => write!(f, "{n} bytes"),
        }
    }
}

/// What a path that is not a regular file is, for [`ImportError::NotAFile`].
pub(crate) const DIRECTORY: &str = "a directory";
pub(crate) const FIFO: &str = "a FIFO (named pipe)";
pub(crate) const DEVICE: &str = "a device";
pub(crate) const SOCKET: &str = "a socket";
pub(crate) const OTHER: &str = "not a regular file";

/// The parameter value for each of the words above.
fn kind_code(what: &str) -> &'static str {
    match what {
        DIRECTORY => "directory",
        FIFO => "fifo",
        DEVICE => "device",
        SOCKET => "socket",
        _ => "other",
    }
}
