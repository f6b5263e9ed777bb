//! Verifying every saved match: each replays as a resume does, and log entries left without
//! a match are found; what fails is moved to quarantine and named.

use crate::db::Store;
use crate::error::StoreError;
use crate::game::AnyGame;
use crate::guard::guarded;
use crate::id::MatchId;
use crate::model::Repair;
use crate::quarantine::Fault;
use serde::Serialize;
use std::collections::BTreeSet;

/// What [`Store::verify`] found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Verified {
    /// Matches that replayed to their stored hash with every tile accounted for:
    /// (id, actions, rounds; for 101 the deals, voided ones included).
    pub good: Vec<(MatchId, u32, u32)>,
    /// Matches that did not, now in quarantine (or, when the database could not be
    /// read there, named with what failed).
    pub failed: Vec<Fault>,
    /// Matches repaired from their journals on the way (a loss is counted).
    pub repaired: Vec<Repair>,
}

impl Store {
    /// Replays every match as [`Store::resume`] does; those that fail are moved to
    /// quarantine and named. Log entries left without a match are quarantined too.
    pub fn verify(&self) -> Result<Verified, StoreError> {
        let mut good = Vec::new();
        let before = self.repairs().len();
        let (_, mut failed) = self
            .check_all(true, true)
            .map_err(|detail| StoreError::Damaged { detail })?;
        let ids: Vec<sled::IVec> = guarded(|| self.trees.matches.iter().keys().collect())
            .map_err(|detail| StoreError::Damaged { detail })?;
        for key in ids {
            let id = match self.id_of_header_key(&key)? {
                Ok(id) => id,
                Err(fault) => {
                    failed.push(fault);
                    continue;
                }
            };
            let counts = self.with_any(id, |game| match game {
                AnyGame::Duz(g) => (g.m.log().len(), g.m.round().number()),
                AnyGame::R101(g) => (
                    g.m.log().len(),
                    g.m.results().len() as u32 + u32::from(!g.m.round().is_over()),
                ),
            });
            match counts {
                Ok((actions, rounds)) => good.push((id, actions as u32, rounds)),
                Err(StoreError::Quarantined { id, reason }) => failed.push(Fault {
                    name: id.to_string(),
                    reason,
                }),
                Err(StoreError::Newer { id, error }) => failed.push(Fault {
                    name: id.to_string(),
                    reason: format!("{error} (left in place)"),
                }),
                // Named, and the others still checked.
                Err(e) => failed.push(Fault {
                    name: id.to_string(),
                    reason: e.to_string(),
                }),
            }
        }
        // One pass over the log: a match's entries sort together, so each id is looked at
        // once, against the headers read above.
        let headers: BTreeSet<MatchId> = good
            .iter()
            .map(|g| g.0)
            .chain(failed.iter().filter_map(|f| f.name.parse().ok()))
            .collect();
        let mut orphans: Vec<MatchId> = Vec::new();
        let mut last = None;
        let keys: Vec<sled::IVec> = guarded(|| self.trees.log.iter().keys().collect())
            .map_err(|detail| StoreError::Damaged { detail })?;
        for key in keys {
            let id = MatchId::of_key(&key);
            if id.is_some() && id != last {
                last = id;
                orphans.extend(id.filter(|id| !headers.contains(id)));
            }
        }
        for id in orphans {
            let reason = "log entries without a match header".to_string();
            self.quarantine_match(id, &reason)?;
            failed.push(Fault {
                name: id.to_string(),
                reason,
            });
        }
        let repaired = self.repairs().split_off(before.min(self.repairs().len()));
        Ok(Verified {
            good,
            failed,
            repaired,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::LogEntry;
    use crate::testing::{new_match, plain_move, temp_store};

    #[test]
    fn a_bad_hash_is_repaired_from_the_journal_and_an_orphan_log_is_quarantined() {
        let (_dir, store) = temp_store();
        let mut good = store.create(new_match(1)).unwrap();
        let mut bad = store.create(new_match(2)).unwrap();
        for game in [&mut good, &mut bad] {
            for _ in 0..6 {
                let (seat, action) = plain_move(game.state()).unwrap();
                game.apply(seat, action).unwrap();
            }
        }
        // A state hash that does not match the replay.
        let key = bad.id().key_at(3);
        let mut entry = LogEntry::decode(&store.trees.log.get(key).unwrap().unwrap()).unwrap();
        entry.hash ^= 1;
        store
            .trees
            .log
            .insert(key, entry.encode().unwrap())
            .unwrap();
        // Log entries of a match that has no header.
        store
            .trees
            .log
            .insert(MatchId(9).key_at(0), entry.encode().unwrap())
            .unwrap();

        let verified = store.verify().unwrap();
        assert_eq!(verified.good, [(good.id(), 6, 1), (bad.id(), 6, 1)]);
        assert_eq!(verified.repaired.len(), 1);
        assert_eq!(
            (verified.repaired[0].id, verified.repaired[0].lost),
            (bad.id(), 0)
        );
        let names: Vec<&str> = verified.failed.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["9"]);
        assert!(
            verified.failed[0].reason.contains("header"),
            "{:?}",
            verified.failed
        );
        assert_eq!(store.quarantined().unwrap().len(), 1);
        // What is left verifies clean.
        let again = store.verify().unwrap();
        assert_eq!((again.good.len(), again.failed.len()), (2, 0));
    }
}
