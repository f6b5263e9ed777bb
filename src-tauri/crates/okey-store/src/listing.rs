//! The saved matches as a list, newest first; the round summaries of one; deleting one. A
//! match whose records do not decode is moved to quarantine on the way, and named.

use crate::db::{tx_error, Store};
use crate::engine::Game;
use crate::error::StoreError;
use crate::guard::guarded;
use crate::id::MatchId;
use crate::model::Repair;
use crate::model::{Header, MatchState, RoundSummary, RoundSummary101, SeatKind, Status};
use crate::quarantine::Fault;
use crate::record::{from_json, DecodeError, LogEntry};
use crate::time::{now_ms, stamp};
use crate::variant::{AnyRules, Variant};
use okey_core::r101::Rules101;
use okey_core::{Rules, Seat};
use serde::Serialize;
use sled::transaction::ConflictableTransactionError;
use sled::Transactional;

/// A line of the list of saved matches.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MatchSummary {
    /// The match.
    pub id: MatchId,
    /// The seed it was dealt from: for the app, which knows its lessons' seeds; not sent to
    /// the webview (a seed would give away every rack).
    #[serde(skip)]
    pub seed: u64,
    /// When it was created, in ms since the epoch.
    pub created_ms: u64,
    /// When its last action was saved (its creation if none).
    pub last_played_ms: u64,
    /// Which Okey it plays.
    pub variant: Variant,
    /// The rules of a Düz match. A 101 match has its own in `rules101`; here it has Düz's
    /// defaults with its number of players, so that code reading only Düz fields still
    /// counts the seats right.
    pub rules: Rules,
    /// The rules of a 101 match; None for Düz.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules101: Option<Rules101>,
    /// 101: the rounds that counted so far (a voided deal does not), of `rounds_total`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rounds_played: Option<u32>,
    /// 101: the rounds the match lasts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rounds_total: Option<u32>,
    /// Who sits where.
    pub seats: Vec<SeatKind>,
    /// The round being played, or the last one.
    pub round: u32,
    /// Düz: scores by scoring unit (per seat, or per team in partnership). 101: each seat's
    /// total of penalty points (lower is better).
    pub scores: Vec<i32>,
    /// In play or finished.
    pub state: MatchState,
    /// Actions saved.
    pub actions: u32,
    /// Whose turn it is in the round in play, when the save says.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub turn: Option<Seat>,
}

/// The saved matches, newest first, and those set aside while listing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Listing {
    /// Matches, the most recently played first.
    pub matches: Vec<MatchSummary>,
    /// Matches whose records were damaged: moved to quarantine during this listing.
    pub set_aside: Vec<Fault>,
    /// Matches repaired from their journals during this listing (a loss is counted).
    pub repaired: Vec<Repair>,
}

impl Store {
    /// A decoded record, or: a damaged one moves the match to quarantine; a newer one is
    /// refused and left alone.
    fn decoded<T>(&self, id: MatchId, r: Result<T, DecodeError>) -> Result<T, StoreError> {
        match r {
            Ok(v) => Ok(v),
            Err(error @ DecodeError::Newer { .. }) => Err(StoreError::Newer { id, error }),
            Err(e) => Err(self.set_aside(id, e.to_string())),
        }
    }

    /// Moves a match to quarantine and returns the error that says so (or the database
    /// error that prevented it).
    pub(crate) fn set_aside(&self, id: MatchId, reason: String) -> StoreError {
        match self.quarantine_match(id, &reason) {
            Ok(_) => {
                // Its journal goes too, or the next check would rebuild the match from it.
                let _ = self.journals.set_aside(id, &stamp(now_ms()));
                StoreError::Quarantined { id, reason }
            }
            Err(e) => e,
        }
    }

    /// The match id a header key names; a key that names none is moved to quarantine.
    pub(crate) fn id_of_header_key(
        &self,
        key: &[u8],
    ) -> Result<Result<MatchId, Fault>, StoreError> {
        match MatchId::of_key(key).filter(|_| key.len() == 8) {
            Some(id) => Ok(Ok(id)),
            None => self
                .quarantine_record("matches", key, "a key that is not a match id")
                .map(Err),
        }
    }

    /// Every saved match, the most recently played first. A match whose records do not
    /// decode is moved to quarantine and reported in [`Listing::set_aside`]; the rest list.
    pub fn list(&self) -> Result<Listing, StoreError> {
        let mut matches = Vec::new();
        // Each match against its journal first: what sled lost comes back before it lists.
        let (repaired, mut set_aside) = self
            .check_all(false, false)
            .map_err(|detail| StoreError::Damaged { detail })?;
        let items: Vec<(sled::IVec, sled::IVec)> = guarded(|| self.trees.matches.iter().collect())
            .map_err(|detail| StoreError::Damaged { detail })?;
        for (key, head) in items {
            let id = match self.id_of_header_key(&key)? {
                Ok(id) => id,
                Err(fault) => {
                    set_aside.push(fault);
                    continue;
                }
            };
            match self.summary(id, &head) {
                Ok(s) => matches.push(s),
                Err(StoreError::Quarantined { id, reason }) => set_aside.push(Fault {
                    name: id.to_string(),
                    reason,
                }),
                Err(e) => return Err(e),
            }
        }
        matches.sort_by(|a, b| {
            b.last_played_ms
                .cmp(&a.last_played_ms)
                .then(b.id.cmp(&a.id))
        });
        Ok(Listing {
            matches,
            set_aside,
            repaired,
        })
    }

    fn summary(&self, id: MatchId, head: &[u8]) -> Result<MatchSummary, StoreError> {
        let header: Header = self.decoded(id, from_json("match header", head))?;
        let status = match self.trees.status.get(id.key())? {
            Some(bytes) => self.decoded(id, from_json::<Status>("match status", &bytes))?,
            None => return Err(self.set_aside(id, "its status record is missing".into())),
        };
        let (actions, last_played_ms) = match self.trees.log.scan_prefix(id.key()).next_back() {
            Some(item) => {
                let (key, value) = item?;
                let entry = self.decoded(id, LogEntry::decode(&value))?;
                let index = key
                    .get(8..12)
                    .and_then(|b| <[u8; 4]>::try_from(b).ok())
                    .map(u32::from_be_bytes);
                match index {
                    Some(i) => (i + 1, entry.at_ms),
                    None => return Err(self.set_aside(id, "a log key is malformed".into())),
                }
            }
            None => (0, header.created_ms),
        };
        let (rules, rules101) = match header.rules {
            AnyRules::Duz(r) => (r, None),
            AnyRules::R101(r) => (
                Rules {
                    players: r.players,
                    ..Rules::default()
                },
                Some(r),
            ),
        };
        Ok(MatchSummary {
            id,
            seed: header.seed,
            created_ms: header.created_ms,
            last_played_ms,
            variant: header.variant(),
            rules,
            rules101,
            rounds_played: status.played,
            rounds_total: rules101.map(|r| u32::from(r.rounds)),
            seats: header.seats,
            round: status.round,
            scores: status.scores,
            state: status.state,
            actions,
            turn: status.turn,
        })
    }

    /// How each finished round of a Düz match ended, in order.
    pub fn round_results(&self, id: MatchId) -> Result<Vec<RoundSummary>, StoreError> {
        self.round_records(id, Variant::Duz)
    }

    /// How each deal of a 101 match ended (its score sheet), in order, voided deals included.
    pub fn round_results101(&self, id: MatchId) -> Result<Vec<RoundSummary101>, StoreError> {
        self.round_records(id, Variant::Okey101)
    }

    /// The round results of a match of variant `G`, as [`Store::round_results`] (Düz) or
    /// [`Store::round_results101`] (101) gives them, for callers written once for both.
    pub fn round_results_as<G: Game>(&self, id: MatchId) -> Result<Vec<G::Summary>, StoreError> {
        self.round_records(id, G::VARIANT)
    }

    fn round_records<T: serde::de::DeserializeOwned>(
        &self,
        id: MatchId,
        want: Variant,
    ) -> Result<Vec<T>, StoreError> {
        // A match that is not there has no rounds (as before variants existed).
        match self.variant(id) {
            Ok(variant) if variant != want => return Err(StoreError::WrongVariant { id, variant }),
            Ok(_) | Err(StoreError::NotFound(_)) => {}
            Err(e) => return Err(e),
        }
        let mut out = Vec::new();
        for item in self.trees.rounds.scan_prefix(id.key()) {
            let (_, value) = item?;
            out.push(self.decoded(id, from_json("round result", &value))?);
        }
        Ok(out)
    }

    /// Deletes a match and everything saved of it, durably.
    pub fn delete(&self, id: MatchId) -> Result<(), StoreError> {
        if !self.trees.matches.contains_key(id.key())? {
            return Err(StoreError::NotFound(id));
        }
        // The journal first: if the delete is cut short, the match is still in sled and
        // gets a new journal, rather than coming back from the old one after a delete.
        self.journals.remove(id).map_err(StoreError::Journal)?;
        let keys = |tree: &sled::Tree| -> Result<Vec<sled::IVec>, sled::Error> {
            tree.scan_prefix(id.key()).keys().collect()
        };
        let log_keys = keys(&self.trees.log)?;
        let round_keys = keys(&self.trees.rounds)?;
        let t = &self.trees;
        (&t.matches, &t.status, &t.log, &t.rounds, &t.racks)
            .transaction(|(matches, status, log, rounds, racks)| {
                matches.remove(&id.key())?;
                status.remove(&id.key())?;
                racks.remove(&id.key())?;
                for k in &log_keys {
                    log.remove(k)?;
                }
                for k in &round_keys {
                    rounds.remove(k)?;
                }
                Ok::<(), ConflictableTransactionError<StoreError>>(())
            })
            .map_err(tx_error)?;
        self.db.flush()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{new_match, plain_move, temp_store};

    #[test]
    fn the_last_played_lists_first_with_its_actions_and_seats() {
        let (_dir, store) = temp_store();
        let mut old = store.create(new_match(1)).unwrap();
        let new = store.create(new_match(2)).unwrap();
        // Same millisecond: the higher id is the newer.
        let listing = store.list().unwrap();
        let ids: Vec<MatchId> = listing.matches.iter().map(|m| m.id).collect();
        assert_eq!(ids, [new.id(), old.id()]);
        std::thread::sleep(std::time::Duration::from_millis(2));
        let (seat, action) = plain_move(old.state()).unwrap();
        old.apply(seat, action).unwrap();
        let listing = store.list().unwrap();
        let first = &listing.matches[0];
        assert_eq!((first.id, first.actions), (old.id(), 1));
        assert_eq!(first.last_played_ms, old.action_times()[0]);
        assert_eq!(first.seats, new_match(1).seats);
        assert_eq!(listing.matches[1].last_played_ms, new.created_ms());
        assert!(listing.set_aside.is_empty());
    }

    #[test]
    fn a_match_without_its_status_is_repaired_and_one_without_any_header_set_aside() {
        let (_dir, store) = temp_store();
        let hit = store.create(new_match(1)).unwrap().id();
        let kept = store.create(new_match(2)).unwrap().id();
        let gone = store.create(new_match(3)).unwrap().id();
        store.trees.status.remove(hit.key()).unwrap();
        // No header in sled and none in the journal: nothing to rebuild it from.
        store.trees.matches.remove(gone.key()).unwrap();
        store.journals.remove(gone).unwrap();
        let listing = store.list().unwrap();
        let mut ids: Vec<MatchId> = listing.matches.iter().map(|m| m.id).collect();
        ids.sort();
        assert_eq!(ids, [hit, kept]);
        assert_eq!(listing.repaired.len(), 1);
        assert_eq!((listing.repaired[0].id, listing.repaired[0].lost), (hit, 0));
        // Listing looks at headers only; the thorough check (the open, verify) finds the
        // status left without one.
        let verified = store.verify().unwrap();
        assert_eq!(verified.failed.len(), 1);
        assert_eq!(verified.failed[0].name, gone.to_string());
        assert!(verified.failed[0].reason.contains("header"));
        assert_eq!(store.quarantined().unwrap().len(), 1);
        // Repaired for good: the next listing finds nothing to do.
        let again = store.list().unwrap();
        assert!(again.repaired.is_empty() && again.set_aside.is_empty());
    }

    #[test]
    fn delete_removes_every_record_of_the_match_only() {
        let (_dir, store) = temp_store();
        let mut gone = store.create(new_match(1)).unwrap();
        let kept = store.create(new_match(2)).unwrap().id();
        while !gone.state().round().is_over() {
            let (seat, action) = plain_move(gone.state()).unwrap();
            gone.apply(seat, action).unwrap();
        }
        assert_eq!(store.round_results(gone.id()).unwrap().len(), 1);
        store.delete(gone.id()).unwrap();
        let t = &store.trees;
        for tree in [&t.matches, &t.status, &t.log, &t.rounds] {
            assert!(tree.scan_prefix(gone.id().key()).next().is_none());
        }
        assert!(store.round_results(gone.id()).unwrap().is_empty());
        assert!(matches!(
            store.delete(gone.id()),
            Err(StoreError::NotFound(_))
        ));
        assert_eq!(store.list().unwrap().matches[0].id, kept);
    }
}
