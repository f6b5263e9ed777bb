//! Salvage: every match a set-aside database (`okey.db.damaged-*`) still holds, together
//! with the matches' journals, brought back into the live database. The set-aside
//! database is only ever read through a copy (sled rewrites what it opens), and kept.

use crate::db::{free_name, sled_config, Store, Trees, DB_DIR_NAME};
use crate::error::StoreError;
use crate::guard::guarded;
use crate::id::MatchId;
use crate::model::Header;
use crate::model::Repair;
use crate::quarantine::Fault;
use crate::record::from_json;
use crate::repair::{rebuild, write_match, SledMatch};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// What [`Store::salvage`] did.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Salvaged {
    /// Matches brought back, with the actions each holds and how many were lost.
    pub recovered: Vec<Repair>,
    /// Matches the live database already holds as completely as the kept copies can give
    /// them (left as they are), with the actions each holds and how many confirmed ones
    /// neither copy has (`lost`, 0 when the match is complete).
    pub already: Vec<Repair>,
    /// Matches nothing playable was left of (their journal and records stay where they are).
    pub failed: Vec<Fault>,
    /// Why the set-aside database itself could not be read (then only journals were used).
    pub unreadable: Option<String>,
}

impl Salvaged {
    /// The recovered matches that lost actions.
    pub(crate) fn lossy(&self) -> Vec<Repair> {
        self.recovered
            .iter()
            .filter(|r| r.lost > 0)
            .cloned()
            .collect()
    }
}

/// What a set-aside database holds, match by match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Holding {
    /// The match.
    pub id: MatchId,
    /// Rounds reached in its readable actions.
    pub rounds: u32,
    /// Actions that replay.
    pub actions: u32,
    /// Actions its records and journal show were confirmed.
    pub confirmed: u32,
}

/// A set-aside database opened through a copy.
struct OldDb {
    db: Option<(sled::Db, Trees)>,
    copy: PathBuf,
    unreadable: Option<String>,
}

impl Drop for OldDb {
    fn drop(&mut self) {
        self.db = None;
        // Our own copy of the set-aside files; the set-aside database itself stays.
        let _ = std::fs::remove_dir_all(&self.copy);
    }
}

fn copy_dir(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_dir(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), target)?;
        }
    }
    Ok(())
}

/// Opens a copy of a set-aside database; if sled cannot open it as it is, once more
/// without its snapshot files (sled then rebuilds its index from the log, so a damaged
/// snapshot costs nothing the log holds).
fn open_old(store: &Store, aside: &Path) -> OldDb {
    let copy = free_name(store.dir(), &format!("{DB_DIR_NAME}.salvage-copy"));
    let mut old = OldDb {
        db: None,
        copy: copy.clone(),
        unreadable: None,
    };
    if let Err(e) = copy_dir(aside, &copy) {
        old.unreadable = Some(format!("it could not be copied: {e}"));
        return old;
    }
    let mut why = String::new();
    for attempt in 0..2 {
        if attempt == 1 {
            for entry in std::fs::read_dir(&copy).into_iter().flatten().flatten() {
                if entry.file_name().to_string_lossy().starts_with("snap.") {
                    let _ = std::fs::remove_file(entry.path());
                }
            }
        }
        match guarded(|| {
            let db = sled_config(&copy).open()?;
            let trees = Trees::of(&db)?;
            Ok((db, trees))
        }) {
            Ok(opened) => {
                old.db = Some(opened);
                return old;
            }
            Err(e) => why = e,
        }
    }
    old.unreadable = Some(format!("sled cannot open it ({why})"));
    old
}

/// The match ids a database's header tree holds, as far as it can be read.
fn ids_of(trees: &Trees) -> Vec<MatchId> {
    let mut ids = Vec::new();
    let _ = guarded(|| {
        for key in trees.matches.iter().keys() {
            let key = key?;
            ids.extend(MatchId::of_key(&key).filter(|_| key.len() == 8));
        }
        // Log entries whose header was lost still name their match.
        for key in trees.log.iter().keys() {
            ids.extend(MatchId::of_key(&key?));
        }
        Ok(())
    });
    ids.sort();
    ids.dedup();
    ids
}

impl Store {
    /// Damaged databases set aside beside this one (`okey.db.damaged-*`), oldest first.
    pub fn set_aside_databases(&self) -> Vec<PathBuf> {
        let prefix = format!("{DB_DIR_NAME}.damaged-");
        let mut out: Vec<PathBuf> = std::fs::read_dir(self.dir())
            .into_iter()
            .flatten()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().starts_with(&prefix))
            .map(|e| e.path())
            .collect();
        out.sort();
        out
    }

    /// Journals set aside with their matches (`journal/quarantine/`), kept as they were.
    pub fn set_aside_journals(&self) -> Vec<PathBuf> {
        self.journals.set_aside_files()
    }

    /// What a set-aside database holds, match by match (with the journals' help), or why
    /// it cannot be read at all. Reads a copy; the database stays as it is.
    pub fn inspect_set_aside(&self, aside: &Path) -> (Vec<Holding>, Option<String>) {
        let old = open_old(self, aside);
        let mut out = Vec::new();
        if let Some((_, trees)) = &old.db {
            for id in ids_of(trees) {
                let sled = SledMatch::read(trees, id).unwrap_or_default();
                let journal = self.journals.read(id).ok().flatten();
                // A journal of another match under this id (the live one) is not used.
                let journal = journal.filter(|j| same_match(j.header.as_ref(), &sled));
                if let Ok(r) = rebuild(journal.as_ref(), Some(&sled)) {
                    out.push(Holding {
                        id,
                        rounds: r.status.round,
                        actions: r.log.len() as u32,
                        confirmed: r.confirmed,
                    });
                }
            }
        }
        (out, old.unreadable.clone())
    }

    /// Brings every match a set-aside database (or the journals) hold back into this one:
    /// each under its own id when that is free, replacing the live copy when the live copy
    /// is the same match with fewer actions, and under a new id when the id holds another
    /// match. What could not be rebuilt is named in [`Salvaged::failed`]. Reads a copy of
    /// `aside`, which stays as it is.
    pub fn salvage(&self, aside: &Path) -> Result<Salvaged, StoreError> {
        let old = open_old(self, aside);
        let mut out = Salvaged {
            unreadable: old.unreadable.clone(),
            ..Salvaged::default()
        };
        let mut ids = old.db.as_ref().map(|(_, t)| ids_of(t)).unwrap_or_default();
        ids.extend(self.journals.ids().unwrap_or_default());
        ids.sort();
        ids.dedup();
        for id in ids {
            let old_records = old
                .db
                .as_ref()
                .map(|(_, t)| SledMatch::read(t, id).unwrap_or_default());
            let live = SledMatch::read(&self.trees, id)
                .map_err(|detail| StoreError::Damaged { detail })?;
            let journal = self.journals.read(id).ok().flatten();
            let old_header = old_records
                .as_ref()
                .and_then(|s| s.head.as_ref())
                .and_then(|h| from_json::<Header>("match header", h).ok());
            let live_header = live
                .head
                .as_ref()
                .and_then(|h| from_json::<Header>("match header", h).ok());
            // The journal is used with the old records only when it is of the same match.
            let journal_fits = old_records
                .as_ref()
                .is_none_or(|s| same_match(journal.as_ref().and_then(|j| j.header.as_ref()), s));
            let rebuilt = match rebuild(
                journal.as_ref().filter(|_| journal_fits),
                old_records.as_ref(),
            ) {
                Ok(r) => r,
                Err(reason) => {
                    out.failed.push(Fault {
                        name: id.to_string(),
                        reason,
                    });
                    continue;
                }
            };
            let (target, replace) = match (&live_header, old_header.as_ref()) {
                (None, _) if live.keys.is_empty() => (id, Vec::new()),
                (Some(h), _) if *h == rebuilt.header => {
                    if live.log.len() >= rebuilt.log.len() {
                        let actions = live.log.len() as u32;
                        let lost = rebuilt.confirmed.saturating_sub(actions);
                        let what = if lost == 0 {
                            format!("match {id} is already here, complete")
                        } else {
                            format!(
                                "match {id} is already here with the {actions} actions its \
                                 copies hold; {lost} confirmed actions are in neither"
                            )
                        };
                        out.already.push(Repair {
                            id,
                            actions,
                            lost,
                            what,
                        });
                        continue;
                    }
                    (id, live.keys.clone())
                }
                // Another match has this id now: the salvaged one gets a new one.
                _ => (crate::counter::new_id(self)?, Vec::new()),
            };
            write_match(&self.trees, target, &replace, &rebuilt)?;
            self.bump_id(target)?;
            let _ = self.journals.write(target, &rebuilt.header, &rebuilt.log);
            let actions = rebuilt.log.len() as u32;
            let lost = rebuilt.confirmed - actions;
            out.recovered.push(Repair {
                id: target,
                actions,
                lost,
                what: if lost > 0 {
                    format!(
                        "match {target} was restored from a damaged database to its newest \
                         intact state: {actions} of {} confirmed actions; {lost} could not \
                         be recovered",
                        rebuilt.confirmed
                    )
                } else {
                    format!("match {target} was recovered with all its {actions} actions")
                },
            });
        }
        if let Some((_, t)) = &old.db {
            self.salvage_rest(t);
        }
        self.db.flush()?;
        Ok(out)
    }

    /// The old database's quarantine entries and settings, as far as they read; the live
    /// ones win.
    fn salvage_rest(&self, old: &Trees) {
        let _ = guarded(|| {
            for item in old.quarantine.iter() {
                let (k, v) = item?;
                if !self.trees.quarantine.contains_key(&k)? {
                    self.trees.quarantine.insert(k, v)?;
                }
            }
            for item in old.settings.iter() {
                let (k, v) = item?;
                if !self.trees.settings.contains_key(&k)? {
                    self.trees.settings.insert(k, v)?;
                }
            }
            Ok(())
        });
    }
}

/// Whether a journal's header is of the match whose records `sled` holds (true when either
/// is unknown: nothing contradicts it).
fn same_match(journal: Option<&Header>, sled: &SledMatch) -> bool {
    let sled_header = sled
        .head
        .as_ref()
        .and_then(|h| from_json::<Header>("match header", h).ok());
    match (journal, sled_header) {
        (Some(j), Some(s)) => *j == s,
        _ => true,
    }
}
