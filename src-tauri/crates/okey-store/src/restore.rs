//! Restoring a quarantined match: put back under its own id only when its records decode
//! and replay; apart from `quarantine` (which only sets aside) because checking a match
//! needs the repair code, and the repair code sets matches aside.

use crate::db::{tx_error, Store};
use crate::error::{RestoreRefusal, StoreError};
use crate::id::MatchId;
use crate::load::{check_any, Unfit};
use crate::model::{RoundSummary, RoundSummary101, Status};
use crate::quarantine::{unhex, QuarantineEntry, MATCH_TREES};
use crate::record::from_json;
use crate::variant::Variant;
use sled::transaction::ConflictableTransactionError;
use sled::Transactional;

impl Store {
    /// Puts a quarantined match back under its own id, in one transaction, and takes its
    /// entry out of quarantine. Only a whole match is restored, only if its id is free, and
    /// only if its records decode and its log replays to the stored hashes with every tile
    /// in place; otherwise [`StoreError::NotRestored`] says why and the entry stays.
    pub fn restore(&self, name: &str) -> Result<MatchId, StoreError> {
        let refuse = |reason: RestoreRefusal| StoreError::NotRestored {
            name: name.to_string(),
            reason,
        };
        let mut found = Vec::new();
        for item in self.trees.quarantine.iter() {
            let (k, v) = item?;
            if let Ok(entry) = from_json::<QuarantineEntry>("quarantine entry", &v) {
                if entry.fault.name == name {
                    found.push((k, entry));
                }
            }
        }
        let (qkey, entry) = match found.len() {
            0 => return Err(StoreError::NotQuarantined(name.to_string())),
            1 => found.remove(0),
            n => return Err(refuse(RestoreRefusal::SameName(n))),
        };
        let Ok(id) = name.parse::<MatchId>() else {
            return Err(refuse(RestoreRefusal::NotAMatch));
        };
        // (tree index, key, value) of every record, as the entry kept them.
        let mut records: Vec<(usize, Vec<u8>, Vec<u8>)> = Vec::new();
        for r in &entry.records {
            let tree = MATCH_TREES.iter().position(|t| *t == r.tree);
            match (tree, unhex(&r.key), unhex(&r.value)) {
                (Some(tree), Some(key), Some(value)) if key.starts_with(&id.key()) => {
                    records.push((tree, key, value));
                }
                _ => {
                    return Err(refuse(RestoreRefusal::ForeignRecord {
                        tree: r.tree.clone(),
                        key: r.key.clone(),
                    }))
                }
            }
        }
        let t = &self.trees;
        let trees = [&t.matches, &t.status, &t.rounds, &t.log];
        for tree in trees {
            if tree.scan_prefix(id.key()).next().is_some() {
                return Err(refuse(RestoreRefusal::IdInUse(id)));
            }
        }
        check_records(id, &records).map_err(|d| refuse(RestoreRefusal::Damaged(d)))?;
        (&t.quarantine, trees[0], trees[1], trees[2], trees[3])
            .transaction(|(q, matches, status, rounds, log)| {
                // A match created under this id meanwhile (it cannot be: ids are never
                // handed out twice) would be overwritten; refuse rather than guess.
                if matches.get(id.key())?.is_some() {
                    return Err(ConflictableTransactionError::Abort(refuse(
                        RestoreRefusal::IdInUse(id),
                    )));
                }
                for (tree, key, value) in &records {
                    [matches, status, rounds, log][*tree]
                        .insert(key.as_slice(), value.as_slice())?;
                }
                q.remove(&qkey)?;
                Ok(())
            })
            .map_err(tx_error)?;
        self.db.flush()?;
        // Back with a journal of its own, as every match has.
        if let Ok(game) = self.load_checked(id) {
            let _ = self.journals.write(id, &game.0, &game.1);
        }
        Ok(id)
    }

    /// The header and log entries of a match in sled, if they decode.
    fn load_checked(
        &self,
        id: MatchId,
    ) -> Result<(crate::model::Header, Vec<crate::record::LogEntry>), StoreError> {
        let sled = crate::repair::SledMatch::read(&self.trees, id)
            .map_err(|detail| StoreError::Damaged { detail })?;
        let r = crate::repair::rebuild(None, Some(&sled))
            .map_err(|reason| StoreError::Quarantined { id, reason })?;
        Ok((r.header, r.log))
    }
}

/// Whether a quarantined match's records would resume and list: a header and a status that
/// decode, a log that replays, and round results that decode as its variant's. Says what is
/// wrong.
fn check_records(id: MatchId, records: &[(usize, Vec<u8>, Vec<u8>)]) -> Result<(), String> {
    let of = |tree: usize| records.iter().filter(move |r| r.0 == tree);
    let one = |tree: usize, what: &str| match of(tree).find(|r| r.1.len() == 8) {
        Some(r) => Ok(&r.2),
        None => Err(format!("its {what} record is missing")),
    };
    let head = one(0, "header")?;
    from_json::<Status>("match status", one(1, "status")?).map_err(|e| e.to_string())?;
    let mut log: Vec<(&[u8], &[u8])> = of(3).map(|r| (&r.1[..], &r.2[..])).collect();
    log.sort();
    let variant = match check_any(head, &log) {
        Ok(variant) => variant,
        Err(Unfit::Newer(e)) => return Err(format!("{e} (match {id})")),
        Err(Unfit::Damaged(reason)) => return Err(reason),
        Err(Unfit::Other(variant)) => {
            return Err(format!("it is not the {variant} match it claims"))
        }
    };
    // A 101 match keeps 101 score sheets.
    for r in of(2) {
        match variant {
            Variant::Duz => from_json::<RoundSummary>("round result", &r.2).map(drop),
            Variant::Okey101 => from_json::<RoundSummary101>("round result", &r.2).map(drop),
        }
        .map_err(|e| e.to_string())?;
    }
    Ok(())
}
