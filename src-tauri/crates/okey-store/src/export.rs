//! One match as a JSON file, for a backup or to share: its rules, seed, seats and every
//! action with the time it was played. Importing replays it with the engine before
//! anything is written, and gives it a new id.
//!
//! An import reads untrusted input, so it has hard limits: only a regular file (a FIFO or a
//! device could block or never end; its type is checked before it is opened, and opening
//! never waits), at most [`IMPORT_LIMIT`] bytes, and no more than [`EXCERPT_CHARS`]
//! characters of the file are ever repeated in an error. A match the saves already hold
//! (the same deal, start, rules and seats) is refused, so the statistics never count it
//! twice.

use crate::counter::new_id;
use crate::db::Store;
use crate::engine::Game;
use crate::error::StoreError;
use crate::game::{AnyGame, SavedMatch};
use crate::id::MatchId;
use crate::import_error::{ImportError, DEVICE, DIRECTORY, FIFO, IMPORT_LIMIT, OTHER, SOCKET};
use crate::model::{Header, SeatKind};
use crate::record::{from_json, to_json, LogEntry, NEWEST};
use crate::repair::{write_match, Rebuilt};
use crate::variant::Variant;
use okey_core::r101::Match101;
use okey_core::{Match, Seat};
use serde::{Deserialize, Serialize};
use std::fs::{File, Metadata};
use std::io::Read;
use std::path::Path;

/// The most characters of an imported file an error repeats.
pub const EXCERPT_CHARS: usize = 80;

/// Refuses anything but a regular file, by its metadata.
fn regular(path: &Path, meta: &Metadata) -> Result<(), ImportError> {
    let file_type = meta.file_type();
    if file_type.is_file() {
        return Ok(());
    }
    let what = if file_type.is_dir() {
        DIRECTORY
    } else {
        special_kind(&file_type)
    };
    Err(ImportError::NotAFile {
        path: path.to_path_buf(),
        what,
    })
}

#[cfg(unix)]
fn special_kind(file_type: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if file_type.is_fifo() {
        FIFO
    } else if file_type.is_block_device() || file_type.is_char_device() {
        DEVICE
    } else if file_type.is_socket() {
        SOCKET
    } else {
        OTHER
    }
}

#[cfg(not(unix))]
fn special_kind(_file_type: &std::fs::FileType) -> &'static str {
    OTHER
}

/// Opens for reading without waiting: should the path have become a FIFO since its
/// metadata was read, opening it must not block until a writer comes.
fn open_at_once(path: &Path) -> std::io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

/// The bytes of an export file, within the limits: a regular file (checked before opening
/// and again on the open file) of at most [`IMPORT_LIMIT`] bytes.
fn read_export(path: &Path) -> Result<Vec<u8>, StoreError> {
    let io = |source| StoreError::File {
        path: path.to_path_buf(),
        source,
    };
    let too_large = |size| ImportError::TooLarge {
        path: path.to_path_buf(),
        size,
    };
    let meta = std::fs::metadata(path).map_err(io)?;
    regular(path, &meta)?;
    if meta.len() > IMPORT_LIMIT {
        return Err(too_large(meta.len()).into());
    }
    let file = open_at_once(path).map_err(io)?;
    regular(path, &file.metadata().map_err(io)?)?;
    let mut bytes = Vec::new();
    // A file still being written may grow past its size of a moment ago.
    file.take(IMPORT_LIMIT + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > IMPORT_LIMIT {
        return Err(too_large(bytes.len() as u64).into());
    }
    Ok(bytes)
}

/// At most [`EXCERPT_CHARS`] characters of `text`, with `…` when it was cut: all of the
/// input an error may repeat.
pub(crate) fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT_CHARS) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// Why the JSON does not read as an export, with at most an excerpt of what it held:
/// serde's messages quote the offending value whole.
fn json_reason(e: &serde_json::Error) -> String {
    let full = e.to_string();
    let position = format!(" at line {} column {}", e.line(), e.column());
    let message = full.strip_suffix(&position).unwrap_or(&full);
    format!(
        "{} (line {}, column {})",
        excerpt(message),
        e.line(),
        e.column()
    )
}

/// The `kind` of an export file, so another JSON file is not taken for one.
pub const EXPORT_KIND: &str = "okey-match";

/// One action of an exported match (Düz unless `G` says otherwise).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
// The engine's trait already makes actions and rules (de)serializable: no bound on G itself.
#[serde(bound = "")]
pub struct ExportedAction<G: Game = Match> {
    /// Who acted.
    pub seat: Seat,
    /// What they did.
    pub action: G::Action,
    /// When, in ms since the epoch.
    pub at_ms: u64,
}

/// The JSON of an export file (a Düz match unless `G` says otherwise).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct ExportedMatch<G: Game = Match> {
    /// The file's format (the store's [`crate::FORMAT`] for Düz, [`crate::FORMAT_101`] for 101).
    pub format: u16,
    /// Always [`EXPORT_KIND`].
    pub kind: String,
    /// Which Okey: left out for Düz (every export from before 101 is Düz), `"101"`.
    #[serde(default, skip_serializing_if = "Variant::is_duz")]
    pub variant: Variant,
    /// When the match was created, in ms since the epoch.
    pub created_ms: u64,
    /// The rules.
    pub rules: G::Rules,
    /// The seed.
    pub seed: u64,
    /// Who sits where.
    pub seats: Vec<SeatKind>,
    /// Every action in order.
    pub log: Vec<ExportedAction<G>>,
    /// The state hash after the last action, hex; checked on import.
    pub state_hash: String,
}

/// Only the variant of an export file, read first to know how to read the rest.
#[derive(Deserialize)]
struct VariantOnly {
    #[serde(default)]
    variant: Option<Variant>,
}

impl<G: Game> SavedMatch<G> {
    /// The match as an export.
    pub fn to_export(&self) -> ExportedMatch<G> {
        let m = &self.m;
        ExportedMatch {
            format: G::VARIANT.format(),
            kind: EXPORT_KIND.into(),
            variant: G::VARIANT,
            created_ms: self.created_ms(),
            rules: *m.rules(),
            seed: m.seed(),
            seats: self.seats().to_vec(),
            log: m
                .log()
                .iter()
                .zip(self.action_times())
                .map(|((seat, action), &at_ms)| ExportedAction {
                    seat: *seat,
                    action: action.clone(),
                    at_ms,
                })
                .collect(),
            state_hash: format!("{:016x}", m.hash()),
        }
    }
}

impl Store {
    /// The export of a saved Düz match (it is resumed, so a damaged one is repaired or
    /// quarantined first); a 101 match is [`StoreError::WrongVariant`].
    pub fn export(&self, id: MatchId) -> Result<ExportedMatch, StoreError> {
        Ok(self.resume(id)?.to_export())
    }

    /// The export of a saved 101 match; a Düz match is [`StoreError::WrongVariant`].
    pub fn export101(&self, id: MatchId) -> Result<ExportedMatch<Match101>, StoreError> {
        Ok(self.resume101(id)?.to_export())
    }

    /// Writes a match's export (of either variant) to `path` as pretty JSON.
    pub fn export_to_file(&self, id: MatchId, path: &Path) -> Result<(), StoreError> {
        let text = self.with_any(id, |game| match game {
            AnyGame::Duz(g) => serde_json::to_string_pretty(&g.to_export()),
            AnyGame::R101(g) => serde_json::to_string_pretty(&g.to_export()),
        })??;
        std::fs::write(path, text + "\n").map_err(|source| StoreError::File {
            path: path.to_path_buf(),
            source,
        })
    }

    /// Imports an export: checks its kind and format, replays its log, checks the state hash
    /// and the tiles, and only then saves it as a new match. Returns the new id. `path` only
    /// names the source in errors.
    pub fn import<G: Game>(
        &self,
        export: &ExportedMatch<G>,
        path: &Path,
        levels: &[&str],
    ) -> Result<MatchId, StoreError> {
        let bad = |reason: String| StoreError::BadExport {
            path: path.to_path_buf(),
            reason,
        };
        if export.kind != EXPORT_KIND {
            return Err(bad(format!(
                "its kind is {:?}, not {EXPORT_KIND:?}",
                excerpt(&export.kind)
            )));
        }
        if export.format == 0 || export.format > NEWEST {
            return Err(bad(format!(
                "format {} (this Okey reads 1 to {NEWEST}; a newer one may be needed)",
                export.format
            )));
        }
        if export.variant != G::VARIANT {
            return Err(bad(format!("it is a {} match", export.variant)));
        }
        let players = G::players(&export.rules);
        if export.seats.len() != usize::from(players) {
            return Err(bad(format!(
                "{} seats for {players} players",
                export.seats.len(),
            )));
        }
        // Each seat as a new match would take it: the player, or a bot of a level played here.
        for (i, seat) in export.seats.iter().enumerate() {
            if let Some(level) = seat.level().filter(|l| !levels.contains(l)) {
                return Err(bad(format!(
                    "seat {i} is {:?}, neither \"human\" nor a bot level this Okey plays ({})",
                    excerpt(level),
                    levels.join(", ")
                )));
            }
        }
        let header = Header {
            created_ms: export.created_ms,
            rules: G::any_rules(export.rules),
            seed: export.seed,
            seats: export.seats.clone(),
        };
        let (m, rebuilt) = replay_recording::<G>(header, &export.log, path)?;
        let hash = format!("{:016x}", m.hash());
        if !hash.eq_ignore_ascii_case(&export.state_hash) {
            return Err(bad(format!(
                "the log replays to state {hash}, but the file says {}",
                excerpt(&export.state_hash)
            )));
        }
        m.census().map_err(bad)?;
        if let Some(id) = self.holding(&rebuilt.header)? {
            return Err(ImportError::AlreadySaved {
                path: path.to_path_buf(),
                id,
            }
            .into());
        }
        let id = new_id(self)?;
        write_match(&self.trees, id, &[], &rebuilt)?;
        self.db.flush()?;
        // Its journal now (the next check would write it too, from sled).
        let _ = self.journals.write(id, &rebuilt.header, &rebuilt.log);
        Ok(id)
    }

    /// Reads an export file of either variant and imports it (see [`Store::import`]),
    /// within the limits of the module's doc: a regular file of at most [`IMPORT_LIMIT`]
    /// bytes. A leading UTF-8 byte-order mark (some editors write one) is skipped; a file
    /// naming no `variant` is a Düz match (exports made before 101 name none).
    pub fn import_file(&self, path: &Path, levels: &[&str]) -> Result<MatchId, StoreError> {
        let bytes = read_export(path)?;
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
        let bad = |reason: String| StoreError::BadExport {
            path: path.to_path_buf(),
            reason,
        };
        let unreadable = |e: serde_json::Error| bad(json_reason(&e));
        let variant = serde_json::from_slice::<VariantOnly>(bytes)
            .map_err(unreadable)?
            .variant;
        match variant {
            Some(Variant::Okey101) => {
                let export: ExportedMatch<Match101> =
                    serde_json::from_slice(bytes).map_err(unreadable)?;
                self.import(&export, path, levels)
            }
            Some(Variant::Duz) => {
                let export: ExportedMatch = serde_json::from_slice(bytes).map_err(unreadable)?;
                self.import(&export, path, levels)
            }
            None => match serde_json::from_slice::<ExportedMatch>(bytes) {
                Ok(export) => self.import(&export, path, levels),
                Err(_) if serde_json::from_slice::<ExportedMatch<Match101>>(bytes).is_ok() => {
                    Err(bad(
                        "it names no \"variant\", and its fields are a 101 match's: add \"variant\": \"101\"".into(),
                    ))
                }
                Err(e) => Err(bad(format!(
                    "it names no \"variant\" (\"duz\" or \"101\"), and read as a Düz match: {}",
                    json_reason(&e)
                ))),
            },
        }
    }

    /// The saved match with this header, if any: the same seed, creation time, rules and
    /// seats make the same match, whether saved as far as the file goes, further or less
    /// far. A header that does not read is left to the listing, which quarantines it.
    fn holding(&self, header: &Header) -> Result<Option<MatchId>, StoreError> {
        for entry in self.trees.matches.iter() {
            let (key, value) = entry?;
            let same = from_json::<Header>("header", &value).is_ok_and(|h| h == *header);
            if let (true, Some(id)) = (same, MatchId::of_key(&key)) {
                return Ok(Some(id));
            }
        }
        Ok(None)
    }
}

/// Replays an imported log once, keeping each action's state hash and each round's
/// summary as they happened: the match, and its records ready to write.
fn replay_recording<G: Game>(
    header: Header,
    actions: &[ExportedAction<G>],
    path: &Path,
) -> Result<(G, Rebuilt), StoreError> {
    let rules = G::of_rules(&header.rules).ok_or_else(|| StoreError::BadExport {
        path: path.to_path_buf(),
        reason: "its rules are the other variant's".into(),
    })?;
    let mut m = G::start(rules, header.seed)?;
    let mut log = Vec::with_capacity(actions.len());
    let mut summaries = Vec::new();
    for (index, a) in actions.iter().enumerate() {
        let was_over = m.round_over();
        m.play(a.seat, a.action.clone())
            .map_err(|error| G::replay_failed(path, index, a.seat, &a.action, error))?;
        log.push(LogEntry {
            seat: a.seat,
            action: G::act(&a.action),
            at_ms: a.at_ms,
            hash: m.hash(),
        });
        if let Some(summary) = (!was_over).then(|| m.summary(a.at_ms)).flatten() {
            summaries.push((G::summary_key(&summary), to_json(&summary)?));
        }
    }
    let last = log.last().map_or(header.created_ms, |e| e.at_ms);
    let rebuilt = Rebuilt {
        status: m.status(last),
        confirmed: log.len() as u32,
        header,
        log,
        summaries,
    };
    Ok((m, rebuilt))
}
