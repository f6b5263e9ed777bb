//! Saved matches: creating one, appending each action durably, resuming by replay, listing,
//! deleting, and verifying them all.

use crate::db::Store;
use crate::error::StoreError;
use crate::hash::state_hash;
use crate::load::{check_match, Unfit};
use crate::quarantine::Fault;
use crate::record::{from_json, to_json, DecodeError, LogEntry};
use crate::time::now_ms;
use okey_bots::{Bot, Level};
use okey_core::analysis::WinKind;
use okey_core::{Action, Event, Match, ReplayError, RoundEnd, Rules, Seat};
use serde::{Deserialize, Serialize};
use sled::transaction::{ConflictableTransactionError, TransactionError};
use sled::Transactional;
use std::fmt;
use std::str::FromStr;

/// A saved match's id: a number, unique in its database.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct MatchId(pub u64);

impl MatchId {
    /// The id as a key: big-endian, so a match's log entries sort together and in order.
    pub(crate) fn key(self) -> [u8; 8] {
        self.0.to_be_bytes()
    }

    /// The id of a key that starts with one.
    pub(crate) fn of_key(key: &[u8]) -> Option<MatchId> {
        let bytes: [u8; 8] = key.get(..8)?.try_into().ok()?;
        Some(MatchId(u64::from_be_bytes(bytes)))
    }

    /// The key of entry `index` of the match's log (or of round `index` in the rounds tree).
    pub(crate) fn key_at(self, index: u32) -> [u8; 12] {
        let mut key = [0; 12];
        key[..8].copy_from_slice(&self.key());
        key[8..].copy_from_slice(&index.to_be_bytes());
        key
    }
}

impl fmt::Display for MatchId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for MatchId {
    type Err = String;

    fn from_str(s: &str) -> Result<MatchId, String> {
        s.trim()
            .parse()
            .map(MatchId)
            .map_err(|_| format!("{s:?} is not a match id (a number, as `okey saves list` shows)"))
    }
}

/// Who sits in a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SeatKind {
    /// A person.
    Human,
    /// A bot of this level.
    Bot(Level),
}

impl SeatKind {
    /// `human` or the bot level's name.
    pub fn name(self) -> &'static str {
        match self {
            SeatKind::Human => "human",
            SeatKind::Bot(level) => level.name(),
        }
    }

    /// The bot level, or None for a person.
    pub fn level(self) -> Option<Level> {
        match self {
            SeatKind::Human => None,
            SeatKind::Bot(level) => Some(level),
        }
    }
}

impl fmt::Display for SeatKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SeatKind {
    type Err = String;

    fn from_str(s: &str) -> Result<SeatKind, String> {
        if s.trim().eq_ignore_ascii_case("human") {
            return Ok(SeatKind::Human);
        }
        s.parse::<Level>()
            .map(SeatKind::Bot)
            .map_err(|_| format!("unknown seat {s:?}: use human, random, easy, medium or hard"))
    }
}

// Written as the plain name, so saves and exports read "human" and "medium".
impl Serialize for SeatKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for SeatKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<SeatKind, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// What a new match is made of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMatch {
    /// The rules.
    pub rules: Rules,
    /// The seed everything random comes from.
    pub seed: u64,
    /// Who sits where, one per player of the rules.
    pub seats: Vec<SeatKind>,
}

/// Whether a match goes on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "state")]
pub enum MatchState {
    /// Still being played.
    InPlay,
    /// Over.
    Finished {
        /// Who won.
        winners: Vec<Seat>,
        /// When it ended, in ms since the epoch.
        ended_ms: u64,
    },
}

/// The part of a match written once: what it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Header {
    pub created_ms: u64,
    pub rules: Rules,
    pub seed: u64,
    pub seats: Vec<SeatKind>,
}

/// The part of a match rewritten when the round, the scores or the state change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Status {
    pub round: u32,
    pub scores: Vec<i32>,
    #[serde(flatten)]
    pub state: MatchState,
}

/// How one round ended, kept for history and statistics.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundResult {
    /// The round number, from 1.
    pub round: u32,
    /// Who finished, or None when the tiles ran out.
    pub finisher: Option<Seat>,
    /// How the finisher won.
    pub win: Option<WinKind>,
    /// The finish threw an okey (R18).
    pub okey_discard: bool,
    /// The finish was one colour (R21).
    pub one_colour: bool,
    /// Points every other player (team) lost to the finish.
    pub points: i32,
    /// Scores by scoring unit after the round.
    pub scores: Vec<i32>,
    /// When the round ended, in ms since the epoch.
    pub ended_ms: u64,
}

impl RoundResult {
    pub(crate) fn of(m: &Match, ended_ms: u64) -> Option<RoundResult> {
        let round = m.round();
        let mut result = RoundResult {
            round: round.number(),
            finisher: None,
            win: None,
            okey_discard: false,
            one_colour: false,
            points: 0,
            scores: m.scores().to_vec(),
            ended_ms,
        };
        match round.end()? {
            RoundEnd::NoTilesLeft { .. } => {}
            RoundEnd::Finished {
                seat,
                win,
                okey_discard,
                one_colour,
                points,
                ..
            } => {
                result.finisher = Some(*seat);
                result.win = Some(*win);
                result.okey_discard = *okey_discard;
                result.one_colour = *one_colour;
                result.points = *points;
            }
        }
        Some(result)
    }
}

/// A line of the list of saved matches.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MatchSummary {
    /// The match.
    pub id: MatchId,
    /// When it was created, in ms since the epoch.
    pub created_ms: u64,
    /// When its last action was saved (its creation if none).
    pub last_played_ms: u64,
    /// The rules.
    pub rules: Rules,
    /// Who sits where.
    pub seats: Vec<SeatKind>,
    /// The round being played, or the last one.
    pub round: u32,
    /// Scores by scoring unit (per seat, or per team in partnership).
    pub scores: Vec<i32>,
    /// In play or finished.
    pub state: MatchState,
    /// Actions saved.
    pub actions: u32,
}

/// The saved matches, newest first, and those set aside while listing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Listing {
    /// Matches, the most recently played first.
    pub matches: Vec<MatchSummary>,
    /// Matches whose records were damaged: moved to quarantine during this listing.
    pub set_aside: Vec<Fault>,
}

/// What [`Store::verify`] found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Verified {
    /// Matches that replayed to their stored hash with every tile accounted for:
    /// (id, actions, rounds).
    pub good: Vec<(MatchId, u32, u32)>,
    /// Matches that did not, now in quarantine.
    pub failed: Vec<Fault>,
}

/// A match loaded from the store and kept in step with it: every action applied through
/// [`SavedGame::apply`] is saved before `apply` returns.
#[derive(Debug, Clone)]
pub struct SavedGame {
    pub(crate) store: Store,
    pub(crate) id: MatchId,
    pub(crate) header: Header,
    pub(crate) m: Match,
    /// The match as it was when the current round was dealt (for rebuilding bot memory).
    pub(crate) round_start: Match,
    /// When each action was saved.
    pub(crate) times: Vec<u64>,
    /// The bots as the load's replay left them, and the log length they have seen: handed
    /// out by [`SavedGame::bots`] so a resume replays the current round once.
    pub(crate) bots: Option<(usize, Vec<Option<Bot>>)>,
}

impl SavedGame {
    /// The match id.
    pub fn id(&self) -> MatchId {
        self.id
    }

    /// The match as it stands.
    pub fn state(&self) -> &Match {
        &self.m
    }

    /// Who sits where.
    pub fn seats(&self) -> &[SeatKind] {
        &self.header.seats
    }

    /// The match as it was when the current round was dealt.
    pub fn round_start(&self) -> &Match {
        &self.round_start
    }

    /// When the match was created, in ms since the epoch.
    pub fn created_ms(&self) -> u64 {
        self.header.created_ms
    }

    /// When each action of the log was saved, in ms since the epoch.
    pub fn action_times(&self) -> &[u64] {
        &self.times
    }

    /// Applies `action` of `seat` and saves it; returns the engine's events once the action
    /// is on disk. If the engine refuses, or saving fails, the match is left as it was.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, StoreError> {
        let scores = self.m.scores().to_vec();
        let round = self.m.round().number();
        let round_over = self.m.round().is_over();
        let events = self.m.apply(seat, action)?;
        let at_ms = now_ms();
        let index = u32::try_from(self.m.log().len().saturating_sub(1)).unwrap_or(u32::MAX);
        let entry = LogEntry {
            seat,
            action,
            at_ms,
            hash: state_hash(&self.m),
        };
        let changed = scores != self.m.scores()
            || round != self.m.round().number()
            || round_over != self.m.round().is_over();
        let status = changed.then(|| status_of(&self.m, at_ms));
        let result = (!round_over)
            .then(|| RoundResult::of(&self.m, at_ms))
            .flatten();
        match self
            .store
            .append(self.id, index, &entry, status.as_ref(), result.as_ref())
        {
            Ok(()) => {
                self.times.push(at_ms);
                if action == Action::NextRound {
                    self.round_start = self.m.clone();
                }
                Ok(events)
            }
            Err(error) => {
                // Back to the saved state: the log without the last action replays to it.
                let log = self.m.log();
                let saved = &log[..log.len().saturating_sub(1)];
                if let Ok(m) = okey_core::replay(*self.m.rules(), self.m.seed(), saved) {
                    self.m = m;
                }
                Err(error)
            }
        }
    }
}

fn status_of(m: &Match, now: u64) -> Status {
    Status {
        round: m.round().number(),
        scores: m.scores().to_vec(),
        state: match m.winners() {
            Some(w) => MatchState::Finished {
                winners: w.to_vec(),
                ended_ms: now,
            },
            None => MatchState::InPlay,
        },
    }
}

/// Turns a transaction's abort or failure into our error.
pub(crate) fn tx_error(e: TransactionError<StoreError>) -> StoreError {
    match e {
        TransactionError::Abort(e) => e,
        TransactionError::Storage(e) => StoreError::Db(e),
    }
}

impl Store {
    /// Creates a match and saves it (durably) before returning it.
    pub fn create(&self, new: NewMatch) -> Result<SavedGame, StoreError> {
        let m = Match::new(new.rules, new.seed)?;
        if new.seats.len() != usize::from(new.rules.players) {
            return Err(StoreError::Seats {
                given: new.seats.len(),
                players: new.rules.players,
            });
        }
        let id = new_id(self)?;
        let header = Header {
            created_ms: now_ms(),
            rules: new.rules,
            seed: new.seed,
            seats: new.seats,
        };
        let head = to_json(&header)?;
        let status = to_json(&status_of(&m, header.created_ms))?;
        let t = &self.trees;
        (&t.matches, &t.status)
            .transaction(|(matches, st)| {
                matches.insert(&id.key(), head.as_slice())?;
                st.insert(&id.key(), status.as_slice())?;
                Ok::<(), ConflictableTransactionError<StoreError>>(())
            })
            .map_err(tx_error)?;
        self.db.flush()?;
        Ok(SavedGame {
            store: self.clone(),
            id,
            header,
            round_start: m.clone(),
            m,
            times: Vec::new(),
            bots: None,
        })
    }

    /// Writes log entry `index` (and the status and round result when they changed), then
    /// flushes. Refuses to overwrite an entry: that means a second writer.
    fn append(
        &self,
        id: MatchId,
        index: u32,
        entry: &LogEntry,
        status: Option<&Status>,
        result: Option<&RoundResult>,
    ) -> Result<(), StoreError> {
        let key = id.key_at(index);
        let bytes = entry.encode();
        let t = &self.trees;
        if status.is_none() && result.is_none() {
            // The common case, one record: a compare-and-swap is atomic without a transaction.
            t.log
                .compare_and_swap(key, None as Option<&[u8]>, Some(bytes))?
                .map_err(|_| StoreError::Conflict { id, index })?;
        } else {
            let status = status.map(to_json).transpose()?;
            let result = result
                .map(|r| to_json(r).map(|b| (r.round, b)))
                .transpose()?;
            (&t.log, &t.status, &t.rounds)
                .transaction(|(log, st, rounds)| {
                    if log.get(key)?.is_some() {
                        return Err(ConflictableTransactionError::Abort(StoreError::Conflict {
                            id,
                            index,
                        }));
                    }
                    log.insert(&key, bytes.as_slice())?;
                    if let Some(s) = &status {
                        st.insert(&id.key(), s.as_slice())?;
                    }
                    if let Some((round, r)) = &result {
                        rounds.insert(&id.key_at(*round), r.as_slice())?;
                    }
                    Ok(())
                })
                .map_err(tx_error)?;
        }
        self.db.flush()?;
        Ok(())
    }

    /// Loads a match and replays its log with the engine, checking the state hash after
    /// every action and the 106 tiles at the end; the bots see the current round on the way.
    /// A match that fails is moved to quarantine and [`StoreError::Quarantined`] names what
    /// was wrong.
    pub fn resume(&self, id: MatchId) -> Result<SavedGame, StoreError> {
        self.load(id, true)
    }

    /// [`Store::resume`], with the bots' memory only when `with_bots`.
    pub(crate) fn load(&self, id: MatchId, with_bots: bool) -> Result<SavedGame, StoreError> {
        let Some(head) = self.trees.matches.get(id.key())? else {
            return Err(StoreError::NotFound(id));
        };
        let log: Vec<(sled::IVec, sled::IVec)> = self
            .trees
            .log
            .scan_prefix(id.key())
            .collect::<Result<_, _>>()?;
        match check_match(&head, &log, with_bots) {
            Ok(loaded) => Ok(SavedGame {
                store: self.clone(),
                id,
                header: loaded.header,
                m: loaded.m,
                round_start: loaded.round_start,
                times: loaded.times,
                bots: loaded.bots,
            }),
            Err(Unfit::Newer(error)) => Err(StoreError::Newer { id, error }),
            Err(Unfit::Damaged(reason)) => Err(self.set_aside(id, reason)),
        }
    }

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
    fn set_aside(&self, id: MatchId, reason: String) -> StoreError {
        match self.quarantine_match(id, &reason) {
            Ok(_) => StoreError::Quarantined { id, reason },
            Err(e) => e,
        }
    }

    /// The match id a header key names; a key that names none is moved to quarantine.
    fn id_of_header_key(&self, key: &[u8]) -> Result<Result<MatchId, Fault>, StoreError> {
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
        let mut set_aside = Vec::new();
        for item in self.trees.matches.iter() {
            let (key, head) = item?;
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
        Ok(Listing { matches, set_aside })
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
        Ok(MatchSummary {
            id,
            created_ms: header.created_ms,
            last_played_ms,
            rules: header.rules,
            seats: header.seats,
            round: status.round,
            scores: status.scores,
            state: status.state,
            actions,
        })
    }

    /// The results of the finished rounds of a match, in order.
    pub fn round_results(&self, id: MatchId) -> Result<Vec<RoundResult>, StoreError> {
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
        let keys = |tree: &sled::Tree| -> Result<Vec<sled::IVec>, sled::Error> {
            tree.scan_prefix(id.key()).keys().collect()
        };
        let log_keys = keys(&self.trees.log)?;
        let round_keys = keys(&self.trees.rounds)?;
        let t = &self.trees;
        (&t.matches, &t.status, &t.log, &t.rounds)
            .transaction(|(matches, status, log, rounds)| {
                matches.remove(&id.key())?;
                status.remove(&id.key())?;
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

    /// Replays every match as [`Store::resume`] does; those that fail are moved to
    /// quarantine and named. Log entries left without a match are quarantined too.
    pub fn verify(&self) -> Result<Verified, StoreError> {
        let mut good = Vec::new();
        let mut failed = Vec::new();
        let ids: Vec<sled::IVec> = self.trees.matches.iter().keys().collect::<Result<_, _>>()?;
        for key in ids {
            let id = match self.id_of_header_key(&key)? {
                Ok(id) => id,
                Err(fault) => {
                    failed.push(fault);
                    continue;
                }
            };
            match self.load(id, false) {
                Ok(game) => good.push((id, game.m.log().len() as u32, game.m.round().number())),
                Err(StoreError::Quarantined { id, reason }) => failed.push(Fault {
                    name: id.to_string(),
                    reason,
                }),
                Err(StoreError::Newer { id, error }) => failed.push(Fault {
                    name: id.to_string(),
                    reason: format!("{error} (left in place)"),
                }),
                Err(e) => return Err(e),
            }
        }
        // One pass over the log: a match's entries sort together, so each id is looked at
        // once, against the headers read above.
        let headers: std::collections::BTreeSet<MatchId> = good
            .iter()
            .map(|g| g.0)
            .chain(failed.iter().filter_map(|f| f.name.parse().ok()))
            .collect();
        let mut orphans: Vec<MatchId> = Vec::new();
        let mut last = None;
        for key in self.trees.log.iter().keys() {
            let id = MatchId::of_key(&key?);
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
        Ok(Verified { good, failed })
    }
}

/// Writes a whole match at once (an import): header, status, round results and log, in one
/// transaction, flushed. `log` and `results` come from the one replay that checked it.
pub(crate) fn write_whole(
    store: &Store,
    header: &Header,
    m: &Match,
    log: &[LogEntry],
    results: &[RoundResult],
) -> Result<MatchId, StoreError> {
    let id = new_id(store)?;
    let last = log.last().map_or(header.created_ms, |e| e.at_ms);
    let head = to_json(header)?;
    let status = to_json(&status_of(m, last))?;
    let log: Vec<([u8; 12], Vec<u8>)> = (0u32..)
        .zip(log)
        .map(|(n, entry)| (id.key_at(n), entry.encode()))
        .collect();
    let results = results
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
            for (k, v) in &results {
                rounds.insert(k, v.as_slice())?;
            }
            Ok::<(), ConflictableTransactionError<StoreError>>(())
        })
        .map_err(tx_error)?;
    store.db.flush()?;
    Ok(id)
}

/// Replays an imported log once, keeping each action's state hash and each round's result
/// as they happened.
pub(crate) fn replay_recording(
    header: &Header,
    actions: &[(Seat, Action, u64)],
) -> Result<(Match, Vec<LogEntry>, Vec<RoundResult>), ReplayError> {
    let mut log = Vec::with_capacity(actions.len());
    let mut results = Vec::new();
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
            results.extend(RoundResult::of(m, at_ms));
        }
    })?;
    Ok((m, log, results))
}

/// A fresh match id: 1, 2, 3, … from a counter in the `meta` tree. (sled's own
/// `generate_id` jumps by large steps after a restart, and people type these ids.)
fn new_id(store: &Store) -> Result<MatchId, StoreError> {
    let read = |bytes: Option<&[u8]>| {
        bytes
            .and_then(|b| <[u8; 8]>::try_from(b).ok())
            .map_or(0, u64::from_be_bytes)
    };
    let before = store.trees.meta.fetch_and_update(NEXT_ID_KEY, |old| {
        Some((read(old) + 1).to_be_bytes().to_vec())
    })?;
    Ok(MatchId(read(before.as_deref()) + 1))
}

/// Key of the last match id handed out, in the `meta` tree.
const NEXT_ID_KEY: &[u8] = b"last_match_id";
