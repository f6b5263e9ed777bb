//! The quarantine tree: damaged matches and records are moved here as they were found, with
//! the reason, so nothing a player had is ever deleted by a fault; a later version or a
//! person can look at them.

use crate::db::tx_error;
use crate::db::Store;
use crate::error::StoreError;
use crate::id::MatchId;
use crate::record::{from_json, to_json};
use crate::time::now_ms;
use serde::{Deserialize, Serialize};
use sled::transaction::ConflictableTransactionError;
use sled::Transactional;

/// Something set aside: its name (a match id, or a tree and key) and what was wrong.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Fault {
    /// The match id, or `tree/key` for a record that names no match.
    pub name: String,
    /// What was wrong.
    pub reason: String,
}

/// One record as it was found, bytes in hex.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
pub(crate) fn unhex(text: &str) -> Option<Vec<u8>> {
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

/// The trees a match's records live in, in the order [`Store::quarantine_match`] reads them.
pub(crate) const MATCH_TREES: [&str; 4] = ["matches", "status", "rounds", "log"];

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
}
