//! Comparing each match in sled with its journal, and repairing what damage took: the
//! longest chain of actions that either copy holds and that replays to its stored hashes is
//! what the match is; sled and the journal are both rewritten to it. Actions confirmed (seen
//! in either copy) but not recoverable are counted and reported, never dropped in silence.

use crate::db::{tx_error, Store, Trees};
use crate::engine::{replay_moves, Game};
use crate::error::StoreError;
use crate::guard::guarded;
use crate::id::MatchId;
use crate::journal::JournalRead;
use crate::model::{Header, Repair, Status};
use crate::quarantine::{Fault, QuarantineEntry, QuarantinedRecord};
use crate::record::{from_json, to_json, DecodeError, LogEntry};
use crate::time::{now_ms, stamp};
use crate::variant::Variant;
use okey_core::r101::Match101;
use okey_core::{Match, Seat};
use sled::transaction::ConflictableTransactionError;
use sled::Transactional;
use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// What a check of one match found.
#[derive(Debug)]
pub(crate) enum Checked {
    /// Both copies agree (a journal behind sled is rewritten without a word).
    Intact,
    /// Repaired or restored.
    Repaired(Repair),
    /// Nothing playable was left: set aside by name.
    SetAside(Fault),
    /// Written by a newer Okey: left alone.
    Newer,
}

/// The records of one match as sled holds them, raw.
#[derive(Debug, Default)]
pub(crate) struct SledMatch {
    pub head: Option<Vec<u8>>,
    pub status: Option<Vec<u8>>,
    pub rounds: Vec<(Vec<u8>, Vec<u8>)>,
    /// Log entries by index; keys that are no index are left out.
    pub log: BTreeMap<u32, Vec<u8>>,
    /// Every key read, per tree, to remove when the match is rewritten.
    pub keys: Vec<(usize, Vec<u8>)>,
}

impl SledMatch {
    /// Reads a match's records from `trees`; Err says what sled could not read.
    pub(crate) fn read(trees: &Trees, id: MatchId) -> Result<SledMatch, String> {
        guarded(|| {
            let mut out = SledMatch::default();
            for (i, tree) in [&trees.matches, &trees.status, &trees.rounds, &trees.log]
                .into_iter()
                .enumerate()
            {
                for item in tree.scan_prefix(id.key()) {
                    let (k, v) = item?;
                    if i < 2 && k.len() != 8 {
                        continue;
                    }
                    out.keys.push((i, k.to_vec()));
                    match i {
                        0 => out.head = Some(v.to_vec()),
                        1 => out.status = Some(v.to_vec()),
                        2 => out.rounds.push((k.to_vec(), v.to_vec())),
                        _ => {
                            if let Some(n) = k
                                .get(8..12)
                                .filter(|_| k.len() == 12)
                                .and_then(|b| <[u8; 4]>::try_from(b).ok())
                            {
                                out.log.insert(u32::from_be_bytes(n), v.to_vec());
                            }
                        }
                    }
                }
            }
            Ok(out)
        })
    }

    /// The records as a quarantine entry keeps them.
    fn quarantined(&self, id: MatchId) -> Vec<QuarantinedRecord> {
        let hex = crate::quarantine::hex;
        let mut out = Vec::new();
        let mut push = |tree: &str, key: &[u8], value: &[u8]| {
            out.push(QuarantinedRecord {
                tree: tree.into(),
                key: hex(key),
                value: hex(value),
            })
        };
        if let Some(h) = &self.head {
            push("matches", &id.key(), h);
        }
        if let Some(s) = &self.status {
            push("status", &id.key(), s);
        }
        for (k, v) in &self.rounds {
            push("rounds", k, v);
        }
        for (n, v) in &self.log {
            push("log", &id.key_at(*n), v);
        }
        out
    }
}

/// A match put together from whatever copies are readable.
#[derive(Debug)]
pub(crate) struct Rebuilt {
    pub header: Header,
    pub log: Vec<LogEntry>,
    pub status: Status,
    /// How each round ended: its key number in the `rounds` tree and its record.
    pub summaries: Vec<(u32, Vec<u8>)>,
    /// Actions either copy shows were confirmed.
    pub confirmed: u32,
}

/// Builds the longest chain of actions that the journal and sled's records hold, each
/// replayed by the engine to its stored hash; at each index the journal's copy is tried
/// first (it is CRC-checked), then sled's. Err when there is no header to start from.
pub(crate) fn rebuild(
    journal: Option<&JournalRead>,
    sled: Option<&SledMatch>,
) -> Result<Rebuilt, String> {
    let sled_header = sled
        .and_then(|s| s.head.as_ref())
        .and_then(|h| from_json::<Header>("match header", h).ok());
    let header = journal
        .and_then(|j| j.header.clone())
        .or(sled_header)
        .ok_or("neither the database nor the journal holds its header")?;
    match header.variant() {
        Variant::Duz => rebuild_as::<Match>(header, journal, sled),
        Variant::Okey101 => rebuild_as::<Match101>(header, journal, sled),
    }
}

fn rebuild_as<G: Game>(
    header: Header,
    journal: Option<&JournalRead>,
    sled: Option<&SledMatch>,
) -> Result<Rebuilt, String> {
    // Only entries of the header's variant can be the match's.
    let at = |i: u32| -> Vec<(LogEntry, G::Action)> {
        let mut out: Vec<LogEntry> = Vec::new();
        if let Some(j) = journal {
            out.extend(
                j.entries
                    .get(i as usize)
                    .or_else(|| j.beyond.get(&i))
                    .cloned(),
            );
        }
        if let Some(e) = sled
            .and_then(|s| s.log.get(&i))
            .and_then(|b| LogEntry::decode(b).ok())
        {
            if !out.contains(&e) {
                out.push(e);
            }
        }
        out.into_iter()
            .filter_map(|e| G::of_act(&e.action).map(|a| (e, a)))
            .collect()
    };
    let rules = G::of_rules(&header.rules).ok_or("its rules are the other variant's")?;
    let mut m =
        G::start(rules, header.seed).map_err(|e| format!("its rules cannot be played: {e}"))?;
    let mut log: Vec<LogEntry> = Vec::new();
    let mut summaries = Vec::new();
    'chain: loop {
        let candidates = at(log.len() as u32);
        if candidates.is_empty() {
            break;
        }
        for (k, (c, action)) in candidates.iter().enumerate() {
            let was_over = m.round_over();
            // Only a second candidate needs the match as it was.
            let before = (k + 1 < candidates.len()).then(|| m.clone());
            match m.play(c.seat, action.clone()) {
                Ok(_) if m.hash() == c.hash => {
                    if !was_over {
                        if let Some(summary) = m.summary(c.at_ms) {
                            let bytes = to_json(&summary).map_err(|e| e.to_string())?;
                            summaries.push((G::summary_key(&summary), bytes));
                        }
                    }
                    log.push(c.clone());
                    continue 'chain;
                }
                Ok(_) => {
                    m = match before {
                        Some(b) => b,
                        None => {
                            let moves: Vec<(Seat, G::Action)> = m.log()[..log.len()].to_vec();
                            replay_moves::<G>(rules, header.seed, &moves)
                                .map_err(|e| e.to_string())?
                        }
                    }
                }
                // The engine changes nothing when it refuses.
                Err(_) => {}
            }
        }
        break;
    }
    if m.census().is_err() {
        return Err("its tiles do not add up after the replay".into());
    }
    let confirmed = journal
        .map_or(0, |j| j.seen)
        .max(
            sled.and_then(|s| s.log.keys().next_back())
                .map_or(0, |n| n + 1),
        )
        .max(log.len() as u32);
    let last = log.last().map_or(header.created_ms, |e| e.at_ms);
    Ok(Rebuilt {
        status: m.status(last),
        header,
        log,
        summaries,
        confirmed,
    })
}

/// Whether sled's records are exactly the rebuilt match.
fn sled_holds(sled: &SledMatch, id: MatchId, r: &Rebuilt) -> bool {
    let header_ok = sled
        .head
        .as_ref()
        .and_then(|h| from_json::<Header>("match header", h).ok())
        .is_some_and(|h| h == r.header);
    let status_ok = sled
        .status
        .as_ref()
        .and_then(|s| from_json::<Status>("match status", s).ok())
        // A status saved before the turn was kept in it is whole without it.
        .is_some_and(|s| s == r.status || (s.turn.is_none() && s.turn_unknown(&r.status)));
    let rounds_ok = sled.rounds.len() == r.summaries.len()
        && sled
            .rounds
            .iter()
            .zip(&r.summaries)
            .all(|((k, v), (key, want))| k[..] == id.key_at(*key)[..] && v[..] == want[..]);
    let log_ok = sled.log.len() == r.log.len()
        && sled.keys.iter().filter(|(t, _)| *t == 3).count() == r.log.len()
        && (0u32..).zip(&r.log).all(|(n, e)| {
            sled.log
                .get(&n)
                .is_some_and(|b| e.encode().is_ok_and(|mine| *b == mine))
        });
    header_ok && status_ok && rounds_ok && log_ok
}

impl Store {
    /// Compares match `id` in sled with its journal and repairs whichever is behind or
    /// damaged (see the module's comment). A sled failure while reading or writing the
    /// match comes back as Err: the database itself is damaged.
    pub(crate) fn check_match_copies(&self, id: MatchId) -> Result<Checked, String> {
        // Not between an action's journal append and its sled write (see `append`).
        let _order = self.journals.lock.lock().unwrap_or_else(|e| e.into_inner());
        let journal = self.journals.read(id).ok().flatten();
        let sled = SledMatch::read(&self.trees, id)?;
        if let Some(Err(DecodeError::Newer { .. })) = sled
            .head
            .as_ref()
            .map(|h| from_json::<Header>("match header", h))
        {
            return Ok(Checked::Newer);
        }
        if journal.is_none() && sled.keys.is_empty() {
            return Ok(Checked::Intact);
        }
        let rebuilt = match rebuild(journal.as_ref(), Some(&sled)) {
            Ok(r) => r,
            Err(reason) => return self.set_aside_both(id, &sled, reason),
        };
        let lost = rebuilt.confirmed - rebuilt.log.len() as u32;
        let sled_ok = sled_holds(&sled, id, &rebuilt);
        let journal_ok = journal.as_ref().is_some_and(|j| {
            j.clean && j.header.as_ref() == Some(&rebuilt.header) && j.entries == rebuilt.log
        });
        // A journal with damage inside (not one merely behind, or missing): worth saying.
        let journal_damaged = journal.as_ref().is_some_and(|j| !j.clean);
        if lost > 0 {
            // What is replaced is kept: the old journal in journal/quarantine, sled's
            // readable records in the quarantine tree.
            let _ = self.journals.set_aside(id, &stamp(now_ms()));
            if !sled.keys.is_empty() {
                let reason = format!(
                    "the damaged copy of match {id}, replaced by its newest intact state \
                     ({} of {} actions)",
                    rebuilt.log.len(),
                    rebuilt.confirmed
                );
                self.keep_copy(id, &sled, reason)?;
            }
        }
        if !sled_ok {
            self.write_rebuilt(id, &sled, &rebuilt)?;
        }
        if !journal_ok || lost > 0 {
            // A journal that cannot be written leaves sled as the only copy: the next check
            // writes it again.
            let _ = self.journals.write(id, &rebuilt.header, &rebuilt.log);
        }
        let actions = rebuilt.log.len() as u32;
        let sled_had = sled.log.len() as u32;
        let what = if lost > 0 {
            format!(
                "match {id} was damaged on disk and restored to its newest intact state: \
                 {actions} of {} confirmed actions; {lost} could not be recovered",
                rebuilt.confirmed
            )
        } else if !sled_ok && sled_had < actions && sled.head.is_some() {
            format!(
                "the database had lost the last {} of match {id}'s {actions} actions; they \
                 were restored from its journal",
                actions - sled_had
            )
        } else if !sled_ok {
            format!("match {id}'s records in the database were damaged; rebuilt from its journal")
        } else if journal_damaged {
            format!("match {id}'s journal was damaged; it was written again from the database")
        } else {
            return Ok(Checked::Intact);
        };
        Ok(Checked::Repaired(Repair {
            id,
            actions,
            lost,
            what,
        }))
    }

    /// Writes a rebuilt match over whatever sled held of it, in one transaction.
    pub(crate) fn write_rebuilt(
        &self,
        id: MatchId,
        old: &SledMatch,
        r: &Rebuilt,
    ) -> Result<(), String> {
        write_match(&self.trees, id, &old.keys, r).map_err(|e| e.to_string())?;
        self.bump_id(id).map_err(|e| e.to_string())?;
        guarded(|| self.db.flush().map(drop))
    }

    /// Keeps a copy of sled's records of a match in the quarantine tree, without removing
    /// them.
    fn keep_copy(&self, id: MatchId, sled: &SledMatch, reason: String) -> Result<(), String> {
        let entry = to_json(&QuarantineEntry {
            fault: Fault {
                name: id.to_string(),
                reason,
            },
            at_ms: now_ms(),
            records: sled.quarantined(id),
        })
        .map_err(|e| e.to_string())?;
        let key = crate::quarantine::quarantine_key(self).map_err(|e| e.to_string())?;
        guarded(|| self.trees.quarantine.insert(key, entry).map(drop))
    }

    /// Nothing playable is left of a match: its sled records go to quarantine and its
    /// journal to journal/quarantine, both named by the id.
    fn set_aside_both(
        &self,
        id: MatchId,
        sled: &SledMatch,
        reason: String,
    ) -> Result<Checked, String> {
        if !sled.keys.is_empty() {
            self.quarantine_match(id, &reason)
                .map_err(|e| e.to_string())?;
        }
        let _ = self.journals.set_aside(id, &stamp(now_ms()));
        Ok(Checked::SetAside(Fault {
            name: id.to_string(),
            reason,
        }))
    }

    /// Whether a match's sled records and its journal agree at a glance: the header and
    /// status decode, and sled's last log entry is the journal's last. Cheap (the
    /// journal's tail only); a gap inside sled's log is found when the match replays.
    pub(crate) fn agree_at_a_glance(&self, id: MatchId) -> Result<bool, String> {
        let _order = self.journals.lock.lock().unwrap_or_else(|e| e.into_inner());
        let Ok(Some(tail)) = self.journals.tail(id) else {
            return Ok(false);
        };
        let t = &self.trees;
        guarded(|| {
            let head = t.matches.get(id.key())?;
            let status = t.status.get(id.key())?;
            let last = t.log.scan_prefix(id.key()).next_back().transpose()?;
            let decodes = head
                .as_ref()
                .is_some_and(|h| from_json::<Header>("match header", h).is_ok())
                && status
                    .as_ref()
                    .is_some_and(|s| from_json::<Status>("match status", s).is_ok());
            let same_end = match (&last, &tail.last) {
                (None, None) => tail.count == 0,
                (Some((k, v)), Some(e)) => {
                    k.len() == 12
                        && k[8..] == (tail.count - 1).to_be_bytes()
                        && e.encode().is_ok_and(|mine| v[..] == mine[..])
                }
                _ => false,
            };
            Ok(decodes && same_end)
        })
    }

    /// Checks every match at a glance (sled's and the journals' ids both), and fully those
    /// that disagree. `thorough` (the open, verify) reads every record of every tree, so
    /// that a page sled cannot read is found now, and takes ids from every tree, so that
    /// a match whose header alone was lost is found too. `journals` (verify, the app's
    /// background check: [`Store::check_journals`]) also reads every journal whole, so that
    /// damage inside one whose end is intact, which a glance misses, is written over from
    /// the database while it still holds every action. Err: sled failed, the database is
    /// damaged.
    pub(crate) fn check_all(
        &self,
        thorough: bool,
        journals: bool,
    ) -> Result<(Vec<Repair>, Vec<Fault>), String> {
        let t = &self.trees;
        let trees: &[&sled::Tree] = if thorough {
            &[
                &t.matches,
                &t.status,
                &t.rounds,
                &t.log,
                &t.meta,
                &t.quarantine,
                &t.settings,
            ]
        } else {
            &[&t.matches]
        };
        let mut ids: Vec<MatchId> = Vec::new();
        for (i, tree) in trees.iter().enumerate() {
            guarded(|| {
                for item in tree.iter() {
                    let (k, _) = item?;
                    if i < 4 {
                        ids.extend(MatchId::of_key(&k).filter(|_| k.len() >= 8));
                    }
                }
                Ok(())
            })?;
            ids.dedup();
        }
        ids.extend(self.journals.ids().unwrap_or_default());
        ids.sort();
        ids.dedup();
        let mut repairs = Vec::new();
        let mut faults = Vec::new();
        for id in ids {
            if self.agree_at_a_glance(id)? && (!journals || self.journal_clean(id)) {
                continue;
            }
            match self.check_match_copies(id)? {
                Checked::Repaired(r) => repairs.push(r),
                Checked::SetAside(f) => faults.push(f),
                Checked::Intact | Checked::Newer => {}
            }
        }
        self.note_repairs(&repairs);
        Ok((repairs, faults))
    }

    /// Reads every journal whole and heals one damaged inside from the database, reporting
    /// it (see [`Store::check_all`]). An app runs it once in the background after opening
    /// the saves, so that damage is healed before a second fault can meet it.
    pub fn check_journals(&self) -> Result<Vec<Repair>, StoreError> {
        let (repairs, _) = self
            .check_all(false, true)
            .map_err(|detail| StoreError::Damaged { detail })?;
        Ok(repairs)
    }

    /// Whether match `id`'s journal reads whole without damage (CRCs only, no replay).
    fn journal_clean(&self, id: MatchId) -> bool {
        let _order = self.journals.lock.lock().unwrap_or_else(|e| e.into_inner());
        matches!(self.journals.read(id), Ok(Some(j)) if j.clean)
    }

    /// Remembers repairs for [`Store::repairs`].
    pub(crate) fn note_repairs(&self, repairs: &[Repair]) {
        if let Ok(mut all) = self.repairs.lock() {
            all.extend(repairs.iter().cloned());
        }
    }

    /// Matches repaired or restored since the store was opened (at the open itself, or
    /// when a damaged match was listed, resumed or verified): the app tells the player,
    /// naming each one and how many actions were lost.
    pub fn repairs(&self) -> Vec<Repair> {
        self.repairs.lock().map(|r| r.clone()).unwrap_or_default()
    }

    /// Runs [`Store::check_match_copies`] for one match as a resume or a listing needs it:
    /// a damaged database becomes [`StoreError::Damaged`].
    pub(crate) fn repair_match(&self, id: MatchId) -> Result<Checked, StoreError> {
        let checked = self
            .check_match_copies(id)
            .map_err(|detail| StoreError::Damaged { detail })?;
        if let Checked::Repaired(r) = &checked {
            self.note_repairs(std::slice::from_ref(r));
        }
        Ok(checked)
    }
}

/// Writes a match's records into `trees`, first removing `old_keys` (per tree index:
/// matches, status, rounds, log), in one transaction.
pub(crate) fn write_match(
    trees: &Trees,
    id: MatchId,
    old_keys: &[(usize, Vec<u8>)],
    r: &Rebuilt,
) -> Result<(), StoreError> {
    let head = r.header.encode()?;
    let status = to_json(&r.status)?;
    let rounds: Vec<([u8; 12], &[u8])> = r
        .summaries
        .iter()
        .map(|(key, bytes)| (id.key_at(*key), bytes.as_slice()))
        .collect();
    let log: Vec<([u8; 12], Vec<u8>)> = (0u32..)
        .zip(&r.log)
        .map(|(n, e)| Ok((id.key_at(n), e.encode().map_err(StoreError::Unsaveable)?)))
        .collect::<Result<_, StoreError>>()?;
    let result = catch_unwind(AssertUnwindSafe(|| {
        (&trees.matches, &trees.status, &trees.rounds, &trees.log)
            .transaction(|(matches, st, rds, lg)| {
                for (tree, key) in old_keys {
                    [matches, st, rds, lg][*tree].remove(key.as_slice())?;
                }
                matches.insert(&id.key(), head.as_slice())?;
                st.insert(&id.key(), status.as_slice())?;
                for (k, v) in &rounds {
                    rds.insert(k, *v)?;
                }
                for (k, v) in &log {
                    lg.insert(k, v.as_slice())?;
                }
                Ok::<(), ConflictableTransactionError<StoreError>>(())
            })
            .map_err(tx_error)
    }));
    match result {
        Ok(r) => r,
        Err(_) => Err(StoreError::Damaged {
            detail: "the database library failed while rewriting a match".into(),
        }),
    }
}
