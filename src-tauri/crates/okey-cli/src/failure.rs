//! How the `okey` commands fail: the message and the exit status (one place for both), and
//! opening the store with its notices.

use okey_store::{Store, StoreError, DAMAGE_NOTE};
use std::io;
use std::path::Path;
use std::process::ExitCode;

/// Exit status for bad input: an unknown match, a bad file, bad arguments.
const BAD_INPUT: u8 = 2;
/// Exit status when the saved games could not be read or written, some failed to verify, or
/// reading stdin or writing stdout failed.
const FAILED: u8 = 1;

/// Why a command stopped.
#[derive(Debug)]
pub enum Failure {
    /// Something the user gave is wrong.
    Input(String),
    /// Some lines of a batch were bad; each was already reported in the output.
    BadLines,
    /// The store failed, or found damage.
    Store(String),
    /// Writing the output failed.
    Io(io::Error),
    /// Writing a file the user named failed; the message names it.
    Write(String),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Io(e)
    }
}

impl Failure {
    /// Sorts a store error: what the user named or gave is input, the rest is the store's.
    pub fn from_store(e: StoreError) -> Failure {
        match &e {
            StoreError::NotFound(_)
            | StoreError::NotQuarantined(_)
            | StoreError::BadExport { .. }
            | StoreError::ExportReplay { .. }
            | StoreError::ExportReplay101 { .. }
            | StoreError::WrongVariant { .. }
            | StoreError::Rules101(_)
            | StoreError::File { .. }
            | StoreError::Import(_)
            | StoreError::Seats { .. }
            | StoreError::Rules(_) => Failure::Input(e.to_string()),
            _ => Failure::Store(e.to_string()),
        }
    }

    /// Prints the message and gives the exit status.
    pub fn exit(self) -> ExitCode {
        match self {
            Failure::Input(message) => {
                eprintln!("okey: {message}");
                ExitCode::from(BAD_INPUT)
            }
            Failure::BadLines => ExitCode::from(BAD_INPUT),
            Failure::Store(message) | Failure::Write(message) => {
                eprintln!("okey: {message}");
                ExitCode::from(FAILED)
            }
            // A reader that stopped early (`okey ... | head`) is not a failure of ours.
            Failure::Io(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Failure::Io(e) => {
                eprintln!("okey: {e}");
                ExitCode::from(FAILED)
            }
        }
    }
}

/// Opens the saved games in `dir`, telling the user when a damaged database was moved aside.
pub fn open_store(dir: &Path) -> Result<Store, Failure> {
    let store = Store::open(dir).map_err(|e| Failure::Store(e.to_string()))?;
    if let Some((aside, _)) = store.recovery() {
        // The database's own words stay in the kept folder's note, out of the message.
        eprintln!(
            "okey: the saved games were damaged; they were kept in {} (what was found wrong \
             is in its {DAMAGE_NOTE}) and the matches were rebuilt from their journals",
            aside.display()
        );
    }
    for r in store.repairs() {
        eprintln!("okey: {}", r.what);
    }
    Ok(store)
}
