//! One match as a JSON file, for a backup or to share: its rules, seed, seats and every
//! action with the time it was played. Importing replays it with the engine before
//! anything is written, and gives it a new id.

use crate::db::{tx_error, Store};
use crate::error::StoreError;
use crate::hash::state_hash;
use crate::id::{new_id, MatchId};
use crate::model::{Header, RoundSummary, SeatKind, Status};
use crate::record::{to_json, LogEntry, FORMAT};
use okey_core::{Action, Event, Match, ReplayError, Rules, Seat};
use serde::{Deserialize, Serialize};
use sled::transaction::ConflictableTransactionError;
use sled::Transactional;
use std::path::Path;

/// The `kind` of an export file, so another JSON file is not taken for one.
pub const EXPORT_KIND: &str = "okey-match";

/// One action of an exported match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExportedAction {
    /// Who acted.
    pub seat: Seat,
    /// What they did.
    pub action: Action,
    /// When, in ms since the epoch.
    pub at_ms: u64,
}

/// The JSON of an export file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExportedMatch {
    /// The file's format (the store's [`FORMAT`] when written).
    pub format: u16,
    /// Always [`EXPORT_KIND`].
    pub kind: String,
    /// When the match was created, in ms since the epoch.
    pub created_ms: u64,
    /// The rules.
    pub rules: Rules,
    /// The seed.
    pub seed: u64,
    /// Who sits where.
    pub seats: Vec<SeatKind>,
    /// Every action in order.
    pub log: Vec<ExportedAction>,
    /// The state hash after the last action, hex; checked on import.
    pub state_hash: String,
}

impl Store {
    /// The export of a saved match (it is resumed, so a damaged one is quarantined instead).
    pub fn export(&self, id: MatchId) -> Result<ExportedMatch, StoreError> {
        let game = self.resume(id)?;
        let m = game.state();
        Ok(ExportedMatch {
            format: FORMAT,
            kind: EXPORT_KIND.into(),
            created_ms: game.created_ms(),
            rules: *m.rules(),
            seed: m.seed(),
            seats: game.seats().to_vec(),
            log: m
                .log()
                .iter()
                .zip(game.action_times())
                .map(|(&(seat, action), &at_ms)| ExportedAction {
                    seat,
                    action,
                    at_ms,
                })
                .collect(),
            state_hash: format!("{:016x}", state_hash(m)),
        })
    }

    /// Writes a match's export to `path` as pretty JSON.
    pub fn export_to_file(&self, id: MatchId, path: &Path) -> Result<(), StoreError> {
        let text = serde_json::to_string_pretty(&self.export(id)?)?;
        std::fs::write(path, text + "\n").map_err(|source| StoreError::File {
            path: path.to_path_buf(),
            source,
        })
    }

    /// Imports an export: checks its kind and format, replays its log, checks the state hash
    /// and the tiles, and only then saves it as a new match. Returns the new id. `path` only
    /// names the source in errors.
    pub fn import(&self, export: &ExportedMatch, path: &Path) -> Result<MatchId, StoreError> {
        let bad = |reason: String| StoreError::BadExport {
            path: path.to_path_buf(),
            reason,
        };
        if export.kind != EXPORT_KIND {
            return Err(bad(format!(
                "its kind is {:?}, not {EXPORT_KIND:?}",
                export.kind
            )));
        }
        if export.format == 0 || export.format > FORMAT {
            return Err(bad(format!(
                "format {} (this Okey reads 1 to {FORMAT}; a newer one may be needed)",
                export.format
            )));
        }
        if export.seats.len() != usize::from(export.rules.players) {
            return Err(bad(format!(
                "{} seats for {} players",
                export.seats.len(),
                export.rules.players
            )));
        }
        let header = Header {
            created_ms: export.created_ms,
            rules: export.rules,
            seed: export.seed,
            seats: export.seats.clone(),
        };
        let actions: Vec<_> = export
            .log
            .iter()
            .map(|a| (a.seat, a.action, a.at_ms))
            .collect();
        let (m, log, results) =
            replay_recording(&header, &actions).map_err(|error| StoreError::ExportReplay {
                path: path.to_path_buf(),
                error,
            })?;
        let hash = format!("{:016x}", state_hash(&m));
        if !hash.eq_ignore_ascii_case(&export.state_hash) {
            return Err(bad(format!(
                "the log replays to state {hash}, but the file says {}",
                export.state_hash
            )));
        }
        m.tile_census().map_err(|e| bad(e.to_string()))?;
        let id = write_whole(self, &header, &m, &log, &results)?;
        // Its journal now (the next check would write it too, from sled).
        let _ = self.journals.write(id, &header, &log);
        Ok(id)
    }

    /// Reads an export file and imports it (see [`Store::import`]).
    pub fn import_file(&self, path: &Path) -> Result<MatchId, StoreError> {
        let text = std::fs::read_to_string(path).map_err(|source| StoreError::File {
            path: path.to_path_buf(),
            source,
        })?;
        let export: ExportedMatch =
            serde_json::from_str(&text).map_err(|e| StoreError::BadExport {
                path: path.to_path_buf(),
                reason: e.to_string(),
            })?;
        self.import(&export, path)
    }
}

/// Writes a whole match at once (an import): header, status, round summaries and log, in
/// one transaction, flushed. `log` and `summaries` come from the one replay that checked it.
fn write_whole(
    store: &Store,
    header: &Header,
    m: &Match,
    log: &[LogEntry],
    summaries: &[RoundSummary],
) -> Result<MatchId, StoreError> {
    let id = new_id(store)?;
    let last = log.last().map_or(header.created_ms, |e| e.at_ms);
    let head = to_json(header)?;
    let status = to_json(&Status::of(m, last))?;
    let log: Vec<([u8; 12], Vec<u8>)> = (0u32..)
        .zip(log)
        .map(|(n, entry)| (id.key_at(n), entry.encode()))
        .collect();
    let summaries = summaries
        .iter()
        .map(|r| Ok((id.key_at(r.round), to_json(r)?)))
        .collect::<Result<Vec<_>, StoreError>>()?;
    let t = &store.trees;
    (&t.matches, &t.status, &t.log, &t.rounds)
        .transaction(|(matches, st, lg, rounds)| {
            matches.insert(&id.key(), head.as_slice())?;
            st.insert(&id.key(), status.as_slice())?;
            for (k, v) in &log {
                lg.insert(k, v.as_slice())?;
            }
            for (k, v) in &summaries {
                rounds.insert(k, v.as_slice())?;
            }
            Ok::<(), ConflictableTransactionError<StoreError>>(())
        })
        .map_err(tx_error)?;
    store.db.flush()?;
    Ok(id)
}

/// Replays an imported log once, keeping each action's state hash and each round's
/// summary as they happened.
fn replay_recording(
    header: &Header,
    actions: &[(Seat, Action, u64)],
) -> Result<(Match, Vec<LogEntry>, Vec<RoundSummary>), ReplayError> {
    let mut log = Vec::with_capacity(actions.len());
    let mut summaries = Vec::new();
    let moves = actions.iter().map(|&(seat, action, _)| (seat, action));
    let m = okey_core::replay_each(header.rules, header.seed, moves, |i, m, events| {
        let (seat, action, at_ms) = actions[i];
        log.push(LogEntry {
            seat,
            action,
            at_ms,
            hash: state_hash(m),
        });
        if events.iter().any(|e| matches!(e, Event::RoundEnded(_))) {
            summaries.extend(RoundSummary::of(m, at_ms));
        }
    })?;
    Ok((m, log, summaries))
}
