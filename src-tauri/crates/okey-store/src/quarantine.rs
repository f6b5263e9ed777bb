//! The quarantine tree: damaged matches and records are moved here as they were found, with
//! the reason, so nothing a player had is ever deleted by a fault; a later version or a
//! person can look at them.

use crate::db::tx_error;
use crate::db::Store;
use crate::error::{RestoreRefusal, StoreError};
use crate::id::MatchId;
use crate::load::{check_any, Unfit};
use crate::model::{RoundSummary, RoundSummary101, Status};
use crate::record::{from_json, to_json};
use crate::time::now_ms;
use crate::variant::Variant;
use serde::{Deserialize, Serialize};
use sled::transaction::ConflictableTransactionError;
use sled::Transactional;

/// Something set aside: its name (a match id, or a tree and key) and what was wrong.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fault {
    /// The match id, or `tree/key` for a record that names no match.
    pub name: String,
    /// What was wrong.
    pub reason: String,
}

/// One record as it was found, bytes in hex.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuarantinedRecord {
    /// The tree it was in.
    pub tree: String,
    /// Its key, hex.
    pub key: String,
    /// Its value, hex.
    pub value: String,
}

/// An entry of the quarantine tree.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuarantineEntry {
    /// What was set aside and why.
    pub fault: Fault,
    /// When, in ms since the epoch.
    pub at_ms: u64,
    /// The records, as they were.
    pub records: Vec<QuarantinedRecord>,
}

/// Bytes as lowercase hex, two digits each.
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Hex back to bytes; None for anything else (an odd length included).
fn unhex(text: &str) -> Option<Vec<u8>> {
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

/// The trees a match's records live in, in the order [`Store::quarantine_match`] reads them.
const MATCH_TREES: [&str; 4] = ["matches", "status", "rounds", "log"];

/// Quarantine keys: the time, then a counter, so entries list oldest first and never collide.
pub(crate) fn quarantine_key(store: &Store) -> Result<Vec<u8>, StoreError> {
    let mut key = now_ms().to_be_bytes().to_vec();
    key.extend_from_slice(&store.db.generate_id()?.to_be_bytes());
    Ok(key)
}

impl Store {
    /// Moves every record of a match (header, status, round results, log) to quarantine in
    /// one transaction.
    pub(crate) fn quarantine_match(&self, id: MatchId, reason: &str) -> Result<Fault, StoreError> {
        let t = &self.trees;
        let mut records = Vec::new();
        let mut keys: Vec<(usize, sled::IVec)> = Vec::new();
        for (i, (name, tree)) in MATCH_TREES
            .into_iter()
            .zip([&t.matches, &t.status, &t.rounds, &t.log])
            .enumerate()
        {
            for item in tree.scan_prefix(id.key()) {
                let (k, v) = item?;
                // The header and status keys are the id alone; longer keys there belong to
                // another record and stay.
                if i < 2 && k.len() != 8 {
                    continue;
                }
                records.push(QuarantinedRecord {
                    tree: name.into(),
                    key: hex(&k),
                    value: hex(&v),
                });
                keys.push((i, k));
            }
        }
        let fault = Fault {
            name: id.to_string(),
            reason: reason.to_string(),
        };
        let entry = to_json(&QuarantineEntry {
            fault: fault.clone(),
            at_ms: now_ms(),
            records,
        })?;
        let qkey = quarantine_key(self)?;
        (&t.quarantine, &t.matches, &t.status, &t.rounds, &t.log)
            .transaction(|(q, matches, status, rounds, log)| {
                q.insert(qkey.as_slice(), entry.as_slice())?;
                for (i, k) in &keys {
                    let tree = [matches, status, rounds, log][*i];
                    tree.remove(k)?;
                }
                Ok::<(), ConflictableTransactionError<StoreError>>(())
            })
            .map_err(tx_error)?;
        self.db.flush()?;
        Ok(fault)
    }

    /// Moves one record that names no match to quarantine.
    pub(crate) fn quarantine_record(
        &self,
        tree_name: &str,
        key: &[u8],
        reason: &str,
    ) -> Result<Fault, StoreError> {
        let tree = match tree_name {
            "settings" => &self.trees.settings,
            _ => &self.trees.matches,
        };
        let value = tree.get(key)?.map(|v| hex(&v)).unwrap_or_default();
        let fault = Fault {
            name: format!("{tree_name}/{}", hex(key)),
            reason: reason.to_string(),
        };
        let entry = to_json(&QuarantineEntry {
            fault: fault.clone(),
            at_ms: now_ms(),
            records: vec![QuarantinedRecord {
                tree: tree_name.into(),
                key: hex(key),
                value,
            }],
        })?;
        let qkey = quarantine_key(self)?;
        (&self.trees.quarantine, tree)
            .transaction(|(q, t)| {
                q.insert(qkey.as_slice(), entry.as_slice())?;
                t.remove(key)?;
                Ok::<(), ConflictableTransactionError<StoreError>>(())
            })
            .map_err(tx_error)?;
        self.db.flush()?;
        Ok(fault)
    }

    /// Everything in quarantine, oldest first. An entry that does not decode itself is
    /// listed by its key with the reason.
    pub fn quarantined(&self) -> Result<Vec<QuarantineEntry>, StoreError> {
        let mut out = Vec::new();
        for item in self.trees.quarantine.iter() {
            let (k, v) = item?;
            out.push(
                from_json::<QuarantineEntry>("quarantine entry", &v).unwrap_or_else(|e| {
                    QuarantineEntry {
                        fault: Fault {
                            name: format!("quarantine/{}", hex(&k)),
                            reason: e.to_string(),
                        },
                        at_ms: 0,
                        records: Vec::new(),
                    }
                }),
            );
        }
        Ok(out)
    }

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
