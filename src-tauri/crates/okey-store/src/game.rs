//! A match in play: created or resumed from the store, and kept in step with it, each
//! action appended and flushed before [`SavedMatch::apply`] returns. One implementation for
//! both variants ([`SavedGame`] for Düz, [`SavedGame101`] for 101), over [`Game`].

use crate::counter::new_id;
use crate::db::{tx_error, Store};
use crate::engine::replay_moves;
use crate::engine::Game;
use crate::error::StoreError;
use crate::guard::guarded;
use crate::id::MatchId;
use crate::load::{check_match, Unfit};
use crate::model::{Header, NewMatch, NewMatch101, SeatKind, Status};
use crate::record::{to_json, LogEntry};
use crate::repair::Checked;
use crate::time::now_ms;
use crate::variant::Variant;
use okey_core::r101::Match101;
use okey_core::{Match, Seat};
use sled::transaction::ConflictableTransactionError;
use sled::Transactional;

/// A match loaded from the store and kept in step with it: every action applied through
/// [`SavedMatch::apply`] is saved before `apply` returns.
#[derive(Debug, Clone)]
pub struct SavedMatch<G> {
    pub(crate) store: Store,
    pub(crate) id: MatchId,
    pub(crate) header: Header,
    pub(crate) m: G,
    /// The match as it was when the current round was dealt.
    pub(crate) round_start: G,
    /// When each action was saved.
    pub(crate) times: Vec<u64>,
}

/// A Düz match in play.
pub type SavedGame = SavedMatch<Match>;
/// An Okey 101 match in play.
pub type SavedGame101 = SavedMatch<Match101>;

impl<G: Game> SavedMatch<G> {
    /// The match id.
    pub fn id(&self) -> MatchId {
        self.id
    }

    /// The match as it stands.
    pub fn state(&self) -> &G {
        &self.m
    }

    /// Who sits where.
    pub fn seats(&self) -> &[SeatKind] {
        &self.header.seats
    }

    /// The match as it was when the current round was dealt: with [`SavedMatch::state`],
    /// what the bots need to remember the round (`okey_bots::Player::rejoin`).
    pub fn round_start(&self) -> &G {
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
    pub fn apply(&mut self, seat: Seat, action: G::Action) -> Result<Vec<G::Event>, StoreError> {
        let status_before = self.m.status(0);
        let round_over = self.m.round_over();
        let deals = crate::engine::deals::<G>(&action);
        let events = self.m.play(seat, action.clone())?;
        let at_ms = now_ms();
        let index = u32::try_from(self.m.log().len().saturating_sub(1)).unwrap_or(u32::MAX);
        let entry = LogEntry {
            seat,
            action: G::act(&action),
            at_ms,
            hash: self.m.hash(),
        };
        let status = (self.m.status(0) != status_before).then(|| self.m.status(at_ms));
        let summary = (!round_over).then(|| self.m.summary(at_ms)).flatten();
        let summary = summary
            .as_ref()
            .map(|s| to_json(s).map(|b| (G::summary_key(s), b)))
            .transpose();
        let saved = summary.map_err(StoreError::from).and_then(|summary| {
            self.store
                .append(self.id, index, &entry, status.as_ref(), summary)
        });
        match saved {
            Ok(()) => {
                self.times.push(at_ms);
                if deals {
                    self.round_start = self.m.clone();
                }
                Ok(events)
            }
            Err(error) => {
                // Back to the saved state: the log without the last action replays to it.
                let log = self.m.log();
                let saved = &log[..log.len().saturating_sub(1)];
                if let Ok(m) = replay_moves::<G>(*self.m.rules(), self.m.seed(), saved) {
                    self.m = m;
                }
                Err(error)
            }
        }
    }
}

/// A resumed match of either variant.
pub(crate) enum AnyGame {
    /// Düz.
    Duz(SavedGame),
    /// 101.
    R101(SavedGame101),
}

impl Store {
    /// Creates a Düz match and saves it (durably) before returning it.
    pub fn create(&self, new: NewMatch) -> Result<SavedGame, StoreError> {
        self.create_as(new.rules, new.seed, new.seats)
    }

    /// Creates an Okey 101 match and saves it (durably) before returning it.
    pub fn create101(&self, new: NewMatch101) -> Result<SavedGame101, StoreError> {
        self.create_as(new.rules, new.seed, new.seats)
    }

    /// Creates a match of variant `G` as [`Store::create`] (Düz) or [`Store::create101`]
    /// (101) does, for callers written once for both variants.
    pub fn create_as<G: Game>(
        &self,
        rules: G::Rules,
        seed: u64,
        seats: Vec<SeatKind>,
    ) -> Result<SavedMatch<G>, StoreError> {
        let m = G::start(rules, seed)?;
        if seats.len() != usize::from(G::players(&rules)) {
            return Err(StoreError::Seats {
                given: seats.len(),
                players: G::players(&rules),
            });
        }
        let id = new_id(self)?;
        let header = Header {
            created_ms: now_ms(),
            rules: G::any_rules(rules),
            seed,
            seats,
        };
        let head = header.encode()?;
        let status = to_json(&m.status(header.created_ms))?;
        // The journal first: a match sled holds without one is noticed and given one, but
        // a journal that cannot be written means the disk refuses, and nothing is saved.
        self.journals
            .write(id, &header, &[])
            .map_err(StoreError::Journal)?;
        let t = &self.trees;
        (&t.matches, &t.status)
            .transaction(|(matches, st)| {
                matches.insert(&id.key(), head.as_slice())?;
                st.insert(&id.key(), status.as_slice())?;
                Ok::<(), ConflictableTransactionError<StoreError>>(())
            })
            .map_err(tx_error)?;
        self.db.flush()?;
        Ok(SavedMatch {
            store: self.clone(),
            id,
            header,
            round_start: m.clone(),
            m,
            times: Vec::new(),
        })
    }

    /// Writes log entry `index` (and the status and round summary when they changed), then
    /// flushes. Refuses to overwrite an entry: that means a second writer.
    fn append(
        &self,
        id: MatchId,
        index: u32,
        entry: &LogEntry,
        status: Option<&Status>,
        summary: Option<(u32, Vec<u8>)>,
    ) -> Result<(), StoreError> {
        let key = id.key_at(index);
        let bytes = entry.encode().map_err(StoreError::Unsaveable)?;
        let t = &self.trees;
        // sled and the journal take the action in the same order for every writer.
        let _order = self.journals.lock.lock().unwrap_or_else(|e| e.into_inner());
        if t.log.contains_key(key)? {
            return Err(StoreError::Conflict { id, index });
        }
        // The journal first: if sled then refuses, the journal is cut back to what it was.
        let before = self
            .journals
            .append(id, index, &bytes)
            .map_err(StoreError::Journal)?;
        let written = self.write_entry(id, index, key, bytes, status, summary);
        if written.is_err() {
            let _ = self.journals.cut(id, before);
        }
        written?;
        if let Err(e) = self.db.flush() {
            // Not on disk (a full disk, most often): the entry is taken back out of sled and
            // the journal, so they agree with the game, which goes back to the saved state.
            let _ = t.log.remove(key);
            let _ = self.journals.cut(id, before);
            return Err(e.into());
        }
        Ok(())
    }

    /// The sled half of [`Store::append`] (not flushed).
    fn write_entry(
        &self,
        id: MatchId,
        index: u32,
        key: [u8; 12],
        bytes: Vec<u8>,
        status: Option<&Status>,
        summary: Option<(u32, Vec<u8>)>,
    ) -> Result<(), StoreError> {
        let t = &self.trees;
        if status.is_none() && summary.is_none() {
            // The common case, one record: a compare-and-swap is atomic without a transaction.
            t.log
                .compare_and_swap(key, None as Option<&[u8]>, Some(bytes))?
                .map_err(|_| StoreError::Conflict { id, index })?;
        } else {
            let status = status.map(to_json).transpose()?;
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
                    if let Some((round, r)) = &summary {
                        rounds.insert(&id.key_at(*round), r.as_slice())?;
                    }
                    Ok(())
                })
                .map_err(tx_error)?;
        }
        Ok(())
    }

    /// Loads a Düz match and replays its log with the engine, checking the state hash after
    /// every action and the 106 tiles at the end. A match that fails is repaired from its
    /// journal, or moved to quarantine and [`StoreError::Quarantined`] names what was wrong.
    /// A 101 match is [`StoreError::WrongVariant`] (resume it with [`Store::resume101`]).
    pub fn resume(&self, id: MatchId) -> Result<SavedGame, StoreError> {
        self.resume_match(id)
    }

    /// Loads an Okey 101 match as [`Store::resume`] does a Düz one; a Düz match is
    /// [`StoreError::WrongVariant`].
    pub fn resume101(&self, id: MatchId) -> Result<SavedGame101, StoreError> {
        self.resume_match(id)
    }

    /// Loads a match of variant `G` as [`Store::resume`] (Düz) or [`Store::resume101`] (101)
    /// does, for callers written once for both variants.
    pub fn resume_as<G: Game>(&self, id: MatchId) -> Result<SavedMatch<G>, StoreError> {
        self.resume_match(id)
    }

    /// The variant of a saved match, from its header.
    pub fn variant(&self, id: MatchId) -> Result<Variant, StoreError> {
        let head = guarded(|| self.trees.matches.get(id.key()))
            .map_err(|detail| StoreError::Damaged { detail })?
            .ok_or(StoreError::NotFound(id))?;
        match crate::record::from_json::<Header>("match header", &head) {
            Ok(header) => Ok(header.variant()),
            Err(error @ crate::record::DecodeError::Newer { .. }) => {
                Err(StoreError::Newer { id, error })
            }
            // A header sled cannot decode: the journal's copy may still say; a resume
            // repairs it. Until then the match is taken for what it was before 101.
            Err(_) => match self.journals.read(id).ok().flatten().and_then(|j| j.header) {
                Some(header) => Ok(header.variant()),
                None => Ok(Variant::Duz),
            },
        }
    }

    /// Resumes a match of whichever variant it is (as a verify or an export needs it), and
    /// hands it to `f`. A header too damaged to say is tried as Düz, and again as what the
    /// repair found it to be.
    pub(crate) fn with_any<T>(
        &self,
        id: MatchId,
        f: impl FnOnce(AnyGame) -> T,
    ) -> Result<T, StoreError> {
        let first = self.variant(id)?;
        let game = match self.any_of(id, first) {
            Err(StoreError::WrongVariant { variant, .. }) if variant != first => {
                self.any_of(id, variant)?
            }
            other => other?,
        };
        Ok(f(game))
    }

    fn any_of(&self, id: MatchId, variant: Variant) -> Result<AnyGame, StoreError> {
        Ok(match variant {
            Variant::Duz => AnyGame::Duz(self.resume(id)?),
            Variant::Okey101 => AnyGame::R101(self.resume101(id)?),
        })
    }

    fn resume_match<G: Game>(&self, id: MatchId) -> Result<SavedMatch<G>, StoreError> {
        // sled's copy is trusted when it replays and ends where the journal ends; anything
        // else (damage, a rollback, a read error) is repaired from the journal first.
        match self.load::<G>(id) {
            Ok(game) if self.journal_ends_at(&game) => return Ok(game),
            stop @ Err(StoreError::Newer { .. } | StoreError::WrongVariant { .. }) => return stop,
            _ => {}
        }
        match self.repair_match(id)? {
            Checked::SetAside(fault) => {
                return Err(StoreError::Quarantined {
                    id,
                    reason: fault.reason,
                })
            }
            Checked::Newer => return self.load(id),
            Checked::Intact | Checked::Repaired(_) => {}
        }
        match self.load(id) {
            Err(StoreError::Quarantined { reason, .. }) => Err(self.set_aside(id, reason)),
            other => other,
        }
    }

    /// Whether the match's journal holds what the loaded game does, undamaged: as many
    /// actions, the same last one, the same header (sled is not read again).
    fn journal_ends_at<G: Game>(&self, game: &SavedMatch<G>) -> bool {
        let _order = self.journals.lock.lock().unwrap_or_else(|e| e.into_inner());
        // Read whole, not just its tail: damage inside a journal whose end is intact is found
        // now, while the database still holds every action to write it again from.
        let Ok(Some(journal)) = self.journals.read(game.id) else {
            return false;
        };
        let log = game.m.log();
        let last = log
            .last()
            .zip(game.times.last())
            .map(|((seat, action), &at_ms)| LogEntry {
                seat: *seat,
                action: G::act(action),
                at_ms,
                hash: game.m.hash(),
            });
        journal.clean
            && journal.header.as_ref() == Some(&game.header)
            && journal.entries.len() == log.len()
            && journal.entries.last() == last.as_ref()
    }

    /// Reads and replays a match from sled alone; damage comes back as
    /// [`StoreError::Quarantined`] without anything moved.
    fn load<G: Game>(&self, id: MatchId) -> Result<SavedMatch<G>, StoreError> {
        let head = guarded(|| self.trees.matches.get(id.key()))
            .map_err(|detail| StoreError::Damaged { detail })?;
        let Some(head) = head else {
            return Err(StoreError::NotFound(id));
        };
        let log: Vec<(sled::IVec, sled::IVec)> =
            guarded(|| self.trees.log.scan_prefix(id.key()).collect())
                .map_err(|detail| StoreError::Damaged { detail })?;
        match check_match::<G>(&head, &log) {
            Ok(loaded) => Ok(SavedMatch {
                store: self.clone(),
                id,
                header: loaded.header,
                m: loaded.m,
                round_start: loaded.round_start,
                times: loaded.times,
            }),
            Err(Unfit::Newer(error)) => Err(StoreError::Newer { id, error }),
            Err(Unfit::Damaged(reason)) => Err(StoreError::Quarantined { id, reason }),
            Err(Unfit::Other(variant)) => Err(StoreError::WrongVariant { id, variant }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::MatchState;
    use crate::testing::{new_match, plain_move, temp_store};
    use okey_core::{Action, RuleError, TurnError};

    /// Plays `n` plain moves through the saved game.
    fn play(game: &mut SavedGame, n: usize) {
        for _ in 0..n {
            let (seat, action) = plain_move(game.state()).expect("a plain move");
            game.apply(seat, action).expect("saved");
        }
    }

    #[test]
    fn a_new_match_is_saved_before_it_is_returned() {
        let (dir, store) = temp_store();
        let game = store.create(new_match(1)).unwrap();
        assert_eq!(game.id(), MatchId(1));
        assert_eq!(game.seats(), new_match(1).seats);
        drop((game, store));
        let store = Store::open(dir.path()).unwrap();
        let game = store.resume(MatchId(1)).unwrap();
        assert_eq!(game.state().log().len(), 0);
        assert_eq!(game.round_start().round().number(), 1);
    }

    #[test]
    fn seats_that_do_not_fit_the_rules_are_refused_and_nothing_is_saved() {
        let (_dir, store) = temp_store();
        let mut new = new_match(1);
        new.seats.pop();
        let err = store.create(new).unwrap_err();
        assert!(
            matches!(
                err,
                StoreError::Seats {
                    given: 3,
                    players: 4
                }
            ),
            "{err}"
        );
        assert!(store.list().unwrap().matches.is_empty());
    }

    #[test]
    fn every_applied_action_is_there_after_a_reopen_with_its_time() {
        let (dir, store) = temp_store();
        let mut game = store.create(new_match(2)).unwrap();
        play(&mut game, 25);
        let (log, times) = (game.state().log().to_vec(), game.action_times().to_vec());
        drop((game, store));
        let store = Store::open(dir.path()).unwrap();
        let game = store.resume(MatchId(1)).unwrap();
        assert_eq!(game.state().log(), log);
        assert_eq!(game.action_times(), times);
        assert!(times.windows(2).all(|w| w[0] <= w[1]));
    }

    #[test]
    fn a_refused_action_saves_nothing_and_changes_nothing() {
        let (_dir, store) = temp_store();
        let mut game = store.create(new_match(3)).unwrap();
        let before = game.state().clone();
        let turn = before.round().turn();
        let waiting = before.rules().seats().find(|&s| Some(s) != turn).unwrap();
        let err = game.apply(waiting, Action::Draw).unwrap_err();
        assert!(
            matches!(
                err,
                StoreError::Refused(RuleError::Turn(TurnError::NotYourTurn))
            ),
            "{err}"
        );
        assert_eq!(game.state().log(), before.log());
        assert_eq!(store.resume(game.id()).unwrap().state().log().len(), 0);
    }

    #[test]
    fn a_round_that_ends_gets_its_summary_and_the_next_deal_moves_the_round_start() {
        let (_dir, store) = temp_store();
        let mut game = store.create(new_match(4)).unwrap();
        while !game.state().round().is_over() {
            play(&mut game, 1);
        }
        let summaries = store.round_results(game.id()).unwrap();
        assert_eq!(summaries.len(), 1);
        assert_eq!((summaries[0].round, summaries[0].finisher), (1, None));
        assert_eq!(game.round_start().round().number(), 1);
        play(&mut game, 1);
        assert_eq!(game.state().round().number(), 2);
        assert_eq!(game.round_start().log(), game.state().log());
        let resumed = store.resume(game.id()).unwrap();
        assert_eq!(resumed.round_start().log(), game.round_start().log());
        let listed = &store.list().unwrap().matches[0];
        assert_eq!((listed.round, &listed.state), (2, &MatchState::InPlay));
    }

    #[test]
    fn a_second_writer_gets_a_conflict_and_keeps_its_state() {
        let (_dir, store) = temp_store();
        let mut first = store.create(new_match(5)).unwrap();
        let mut second = store.resume(first.id()).unwrap();
        play(&mut first, 1);
        let (seat, action) = plain_move(second.state()).unwrap();
        let err = second.apply(seat, action).unwrap_err();
        assert!(
            matches!(err, StoreError::Conflict { index: 0, .. }),
            "{err}"
        );
        assert_eq!(second.state().log().len(), 0);
        assert_eq!(
            store.resume(first.id()).unwrap().state().log(),
            first.state().log()
        );
    }

    #[test]
    fn resuming_an_unknown_id_says_so() {
        let (_dir, store) = temp_store();
        let err = store.resume(MatchId(7)).unwrap_err();
        assert!(matches!(err, StoreError::NotFound(MatchId(7))), "{err}");
    }
}
