//! Opening the database: where it lives, its trees, its format, and what happens when it is
//! locked by another Okey or damaged.

use crate::error::{OpenError, StoreError};
use crate::journal::Journals;
use crate::model::Repair;
use crate::record::FORMAT;
use crate::time::{now_ms, stamp};
use sled::transaction::TransactionError;
use std::io::ErrorKind;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The database's directory inside the data directory the app or the CLI passes.
pub const DB_DIR_NAME: &str = "okey.db";

/// The file in a damaged database's kept folder that says what was found wrong with it, in
/// the database's own words: for whoever looks into it, not for the player's messages.
pub const DAMAGE_NOTE: &str = "damage.txt";

/// A file beside sled's own, written once the database holds its format record.
const MARKER_FILE: &str = "okey-store";
/// sled's data file inside the database directory.
const SLED_DATA_FILE: &str = "db";

/// Key of the database format in the `meta` tree.
const FORMAT_KEY: &[u8] = b"format";

/// Memory sled may use for its page cache. Its default (1 GiB) is meant for servers; saves
/// of a card game fit in far less, and phones have little to spare.
const CACHE_BYTES: u64 = 16 * 1024 * 1024;

/// Size of sled's log segments (its default is 512 KiB): a small database stays small on a
/// phone. sled refuses to open a database with another segment size, so this may never
/// change.
const SEGMENT_BYTES: usize = 64 * 1024;

/// The saved games of one data directory. Cheap to clone; clones share the database, and it
/// may be used from several threads.
#[derive(Debug, Clone)]
pub struct Store {
    pub(crate) db: sled::Db,
    pub(crate) trees: Trees,
    dir: PathBuf,
    recovery: Option<(PathBuf, String)>,
    /// The matches' journals beside the database.
    pub(crate) journals: Arc<Journals>,
    /// Matches repaired since the open (see [`Store::repairs`]).
    pub(crate) repairs: Arc<Mutex<Vec<Repair>>>,
}

/// The trees of the database, one per kind of record.
#[derive(Debug, Clone)]
pub(crate) struct Trees {
    /// The database format and the match id counter.
    pub meta: sled::Tree,
    /// Match id → header (rules, seed, seats, created): written once.
    pub matches: sled::Tree,
    /// Match id → status (round, scores, state): rewritten when those change.
    pub status: sled::Tree,
    /// Match id ++ round → how the round ended: written once per round.
    pub rounds: sled::Tree,
    /// Match id ++ action index → log entry: appended on every action.
    pub log: sled::Tree,
    /// Damaged matches and records, kept as they were found.
    pub quarantine: sled::Tree,
    /// The app's settings.
    pub settings: sled::Tree,
    /// Match id → the rack layout of a 101 match's person (see `rack.rs`).
    pub racks: sled::Tree,
}

/// How opening went wrong, before deciding what to do about it.
enum Failure {
    Locked,
    Damaged(String),
    Io(std::io::Error),
    Newer(u16),
}

impl Store {
    /// Opens (or creates) the saved games in `data_dir`, the app's data directory; the
    /// database is the directory [`DB_DIR_NAME`] inside it. A database another process holds
    /// gives [`OpenError::Locked`]. A damaged one is renamed to
    /// `okey.db.damaged-<UTC time>` beside it, kept, and a fresh one is started: see
    /// [`Store::recovery`].
    pub fn open(data_dir: &Path) -> Result<Store, OpenError> {
        Store::open_within(data_dir, std::time::Duration::ZERO)
    }

    /// [`Store::open`], trying again for up to `patience` while another program holds the
    /// saves (an `okey` command or a closing app lets go within seconds).
    pub fn open_within(data_dir: &Path, patience: std::time::Duration) -> Result<Store, OpenError> {
        let started = std::time::Instant::now();
        loop {
            match Store::open_once(data_dir) {
                Err(OpenError::Locked { .. }) if started.elapsed() < patience => {
                    // Each try itself waits a moment for the lock.
                    std::thread::sleep(std::time::Duration::from_millis(100));
                }
                other => return other,
            }
        }
    }

    fn open_once(data_dir: &Path) -> Result<Store, OpenError> {
        let io = |source| OpenError::Io {
            dir: data_dir.to_path_buf(),
            source,
        };
        std::fs::create_dir_all(data_dir).map_err(io)?;
        crate::guard::quiet_sled_panics();
        let path = data_dir.join(DB_DIR_NAME);
        // sled rewrites a data file it cannot read while opening it, so a copy taken first is
        // what gets kept aside if the file turns out damaged. Only an existing database
        // (one with our marker) is copied; the copy goes once the open has succeeded.
        let copy = data_dir.join(format!("{DB_DIR_NAME}.data-before-open"));
        let data = path.join(SLED_DATA_FILE);
        let copied =
            path.join(MARKER_FILE).exists() && data.exists() && std::fs::copy(&data, &copy).is_ok();
        let mut opened = open_waiting(&path);
        if matches!(opened, Err(Failure::Damaged(_))) {
            // sled rebuilds its index from its log when there is no snapshot: a damaged
            // snapshot is moved aside (kept) and the open tried once more; if that fails
            // too, the snapshot goes back with the database it belongs to.
            if let Some(kept) = move_snapshots(
                &path,
                &free_name(
                    data_dir,
                    &format!("{DB_DIR_NAME}.snapshot-damaged-{}", stamp(now_ms())),
                ),
            ) {
                let again = open_waiting(&path);
                if again.is_ok() {
                    opened = again;
                } else {
                    move_snapshots(&kept, &path);
                    let _ = std::fs::remove_dir(&kept);
                }
            }
        }
        // Not damage: the copy is not needed (a damaged one, or one whose records turn out
        // unreadable below, is kept with the database set aside).
        if copied
            && matches!(
                opened,
                Err(Failure::Locked | Failure::Io(_) | Failure::Newer(_))
            )
        {
            let _ = std::fs::remove_file(&copy);
        }
        let damage = match opened {
            // Every match is compared with its journal; what sled lost is put back.
            Ok(store) => match store.check_all(true, false) {
                Ok(_) => {
                    if copied {
                        let _ = std::fs::remove_file(&copy);
                    }
                    return Ok(store);
                }
                // sled opened it but cannot read all of it: damaged like any other.
                Err(damage) => {
                    drop(store);
                    damage
                }
            },
            Err(Failure::Locked) => return Err(OpenError::locked(path)),
            Err(Failure::Io(source)) => return Err(OpenError::Io { dir: path, source }),
            Err(Failure::Newer(found)) => {
                return Err(OpenError::Newer {
                    dir: path,
                    found,
                    supported: FORMAT,
                })
            }
            Err(Failure::Damaged(damage)) => damage,
        };
        let aside = free_name(
            data_dir,
            &format!("{DB_DIR_NAME}.damaged-{}", stamp(now_ms())),
        );
        let unrecoverable = |error: String| OpenError::Unrecoverable {
            dir: path.clone(),
            damage: damage.clone(),
            error,
        };
        rename_patiently(&path, &aside)
            .map_err(|e| unrecoverable(format!("moving it to {} failed: {e}", aside.display())))?;
        if copied {
            // The data file as it was before sled touched it.
            std::fs::rename(&copy, aside.join(SLED_DATA_FILE)).map_err(|e| {
                unrecoverable(format!("keeping the data file as it was failed: {e}"))
            })?;
        }
        // Best effort: the kept folder is the evidence either way.
        let _ = std::fs::write(aside.join(DAMAGE_NOTE), format!("{damage}\n"));
        match try_open(&path) {
            Ok(mut store) => {
                // Every match the journals or the readable part of the old database hold
                // comes back under its own id; a loss is reported per match.
                let salvaged = store
                    .salvage(&aside)
                    .map_err(|e| unrecoverable(e.to_string()))?;
                store.note_repairs(&salvaged.lossy());
                store.recovery = Some((aside, damage));
                Ok(store)
            }
            Err(Failure::Locked) => Err(OpenError::locked(path)),
            Err(Failure::Io(e)) => Err(unrecoverable(e.to_string())),
            Err(Failure::Damaged(e)) => Err(unrecoverable(e)),
            Err(Failure::Newer(found)) => Err(unrecoverable(format!("format {found} appeared"))),
        }
    }

    /// The data directory given to [`Store::open`].
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// When the database was damaged at open: where the old one was moved and what was
    /// wrong with it, in the database's own words (also kept in that folder's
    /// [`DAMAGE_NOTE`]). The app should tell the player once, in the player's words.
    pub fn recovery(&self) -> Option<(&Path, &str)> {
        self.recovery
            .as_ref()
            .map(|(p, why)| (p.as_path(), why.as_str()))
    }

    /// Waits until everything written so far is on disk.
    pub fn flush(&self) -> Result<(), StoreError> {
        self.db.flush()?;
        Ok(())
    }

    /// Bytes the database takes on disk.
    pub fn size_on_disk(&self) -> Result<u64, StoreError> {
        Ok(self.db.size_on_disk()?)
    }
}

/// Turns a transaction's abort or failure into our error.
pub(crate) fn tx_error(e: TransactionError<StoreError>) -> StoreError {
    match e {
        TransactionError::Abort(e) => e,
        TransactionError::Storage(e) => StoreError::Db(e),
    }
}

/// `dir/name`, or `dir/name-2`, `-3`, … if taken: a moved-aside database is never overwritten.
pub(crate) fn free_name(dir: &Path, name: &str) -> PathBuf {
    let mut candidate = dir.join(name);
    let mut n = 2;
    while candidate.exists() {
        candidate = dir.join(format!("{name}-{n}"));
        n += 1;
    }
    candidate
}

/// How long a lock held by someone else is waited for before giving up.
const LOCK_PATIENCE: Duration = Duration::from_secs(1);

/// Opens, waiting briefly while the database is locked: sled releases its lock from
/// background threads a moment after a database is dropped, so a reopen in the same
/// process (or right after another Okey exited) can find it still held.
fn open_waiting(path: &Path) -> Result<Store, Failure> {
    let start = Instant::now();
    loop {
        match try_open(path) {
            Err(Failure::Locked) if start.elapsed() < LOCK_PATIENCE => {
                std::thread::sleep(Duration::from_millis(20));
            }
            other => return other,
        }
    }
}

/// The sled configuration of the database in `db_dir` (the [`DB_DIR_NAME`] directory), for
/// tools and tests that read the raw trees. Opening with another configuration fails.
pub fn sled_config(db_dir: &Path) -> sled::Config {
    sled::Config::new()
        .path(db_dir)
        .cache_capacity(CACHE_BYTES)
        .segment_size(SEGMENT_BYTES)
}

fn try_open(path: &Path) -> Result<Store, Failure> {
    let config = sled_config(path);
    // sled 0.34 can panic on some damaged files instead of returning an error; for us that
    // is one more sign of damage, not a reason to crash the app.
    let db = match catch_unwind(AssertUnwindSafe(|| config.open())) {
        Ok(Ok(db)) => db,
        Ok(Err(e)) => return Err(classify(e)),
        Err(panic) => {
            let text = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "the database library panicked".into());
            return Err(Failure::Damaged(text));
        }
    };
    let meta = db.open_tree("meta").map_err(classify)?;
    // sled opens a data file it cannot read as an empty database, silently. The marker
    // file, written once the format record is on disk, tells that apart from a new one.
    let marker = path.join(MARKER_FILE);
    match meta.get(FORMAT_KEY).map_err(classify)? {
        Some(bytes) => {
            let format = <[u8; 2]>::try_from(bytes.as_ref())
                .map(u16::from_be_bytes)
                .map_err(|_| Failure::Damaged(format!("format record of {} bytes", bytes.len())))?;
            if format > FORMAT {
                return Err(Failure::Newer(format));
            }
        }
        None if marker.exists() => {
            return Err(Failure::Damaged(
                "its records are gone: the data file cannot be read".into(),
            ))
        }
        None => {
            meta.insert(FORMAT_KEY, &FORMAT.to_be_bytes())
                .map_err(classify)?;
            db.flush().map_err(classify)?;
        }
    }
    if !marker.exists() {
        std::fs::write(&marker, format!("okey saves, format {FORMAT}\n")).map_err(Failure::Io)?;
    }
    let trees = Trees::of(&db).map_err(classify)?;
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    Ok(Store {
        db,
        trees,
        journals: Arc::new(Journals::new(&dir)),
        dir,
        recovery: None,
        repairs: Arc::new(Mutex::new(Vec::new())),
    })
}

impl Trees {
    /// The trees of an open database (created if missing).
    pub(crate) fn of(db: &sled::Db) -> Result<Trees, sled::Error> {
        Ok(Trees {
            meta: db.open_tree("meta")?,
            matches: db.open_tree("matches")?,
            status: db.open_tree("status")?,
            rounds: db.open_tree("rounds")?,
            log: db.open_tree("log")?,
            quarantine: db.open_tree("quarantine")?,
            settings: db.open_tree("settings")?,
            racks: db.open_tree("racks")?,
        })
    }
}

/// Moves sled's snapshot files (`snap.*`) from `from` into the directory `to` (made if
/// need be); returns `to` if any were moved.
fn move_snapshots(from: &Path, to: &Path) -> Option<PathBuf> {
    let snaps: Vec<PathBuf> = std::fs::read_dir(from)
        .ok()?
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with("snap."))
        .map(|e| e.path())
        .collect();
    if snaps.is_empty() || std::fs::create_dir_all(to).is_err() {
        return None;
    }
    let mut moved = false;
    for snap in snaps {
        if let Some(name) = snap.file_name() {
            moved |= std::fs::rename(&snap, to.join(name)).is_ok();
        }
    }
    moved.then(|| to.to_path_buf())
}

/// Renames, retrying briefly: sled's background threads may still hold a dropped
/// database's files for a moment (a rename fails then on some systems).
fn rename_patiently(from: &Path, to: &Path) -> std::io::Result<()> {
    let start = Instant::now();
    loop {
        match std::fs::rename(from, to) {
            Err(_) if start.elapsed() < LOCK_PATIENCE => {
                std::thread::sleep(Duration::from_millis(20));
            }
            other => return other,
        }
    }
}

fn classify(e: sled::Error) -> Failure {
    match e {
        // sled reports a held lock as a plain I/O error; its text is the only sign.
        sled::Error::Io(io) if io.to_string().contains("could not acquire lock") => Failure::Locked,
        sled::Error::Io(io)
            if matches!(io.kind(), ErrorKind::UnexpectedEof | ErrorKind::InvalidData) =>
        {
            Failure::Damaged(io.to_string())
        }
        sled::Error::Io(io) => Failure::Io(io),
        other => Failure::Damaged(other.to_string()),
    }
}
