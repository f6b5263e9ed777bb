//! [`Games`], what the app holds while it runs: the saved games, the live match on the table,
//! the settings, and the wake-up signal of the bot driver. Commands and the driver both work
//! through it; nothing here knows about Tauri, so tests can drive a whole match without a
//! window. (Not to be confused with the bots' `Table` trait or the UI's table screen.)

use crate::error::AppError;
use crate::payload::TableUpdate;
use crate::replay101::{self, AnyFrame};
use crate::session::{NewGame, Plan, Session, PLAYER};
use crate::session101::Session101;
use okey_core::assist::{self, Assist};
use okey_core::scoring::unit_of;
use okey_core::sort::Sort;
use okey_core::{Action, Coded, Problem, Slot, Tile};
use okey_store::{
    Fault, MatchId, MatchState, MatchSummary, OpenError, Repair, SeatKind, Settings, Statistics,
    Store, Variant,
};
use rand::RngCore;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::Notify;

/// What the player asks for at the table, after its arguments were checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Request {
    /// Draw from the pile, optionally into a slot.
    Draw(Option<Slot>),
    /// Take the left discard, optionally into a slot.
    Take(Option<Slot>),
    /// Discard a tile.
    Discard(Tile),
    /// Finish with a tile (R10).
    Finish(Tile),
    /// Show the indicator (R19).
    Gosterge,
    /// Decline the last discard on an empty pile (R17).
    EndRound,
    /// Deal the next round.
    NextRound,
    /// Move a tile on the rack.
    Move(Slot, Slot),
    /// The turn timer ran out: play the player's turn as a medium bot would.
    Auto,
    /// Sort the rack.
    Sort(Sort),
}

/// The saved games as the home and saved-games screens show them.
#[derive(Debug, Clone, Serialize)]
pub struct Saves {
    /// Every saved match, the most recently played first.
    pub matches: Vec<MatchSummary>,
    /// Matches found damaged while listing: moved to quarantine, kept, named here.
    pub set_aside: Vec<Fault>,
    /// Matches repaired from their journals since start (a loss is counted and named).
    pub repaired: Vec<Repair>,
    /// When the whole database was damaged at start: where the old one was kept and why.
    pub recovered: Option<String>,
    /// The match on the table in this run of the app, if any.
    pub playing: Option<MatchId>,
}

/// One finished match on the statistics screen's chart.
#[derive(Debug, Clone, Serialize)]
pub struct MatchPoints {
    /// The match.
    pub id: MatchId,
    /// When it was last played, in ms since the epoch.
    pub at_ms: u64,
    /// The player's final score (their team's, in partnership).
    pub score: i32,
    /// The score it started from.
    pub start: i32,
    /// Whether the player was among the winners.
    pub won: bool,
}

/// The statistics screen: totals from the store, and the last finished matches oldest first.
#[derive(Debug, Clone, Serialize)]
pub struct StatsPage {
    /// Totals over every saved match.
    pub totals: Statistics,
    /// Up to [`CHARTED`] finished matches with a person at the bottom seat, oldest first.
    pub recent: Vec<MatchPoints>,
}

/// How many finished matches the chart shows.
pub const CHARTED: usize = 12;

/// How long the app waits for saved games that another program holds, at start-up, before
/// it says which program that is: long enough for an `okey` command or a closing Okey to
/// finish, short enough that the player is told soon.
pub const LOCK_RETRY: Duration = Duration::from_secs(5);

/// The saved games as far as the app got opening them.
enum Opening {
    /// Not asked to open yet, or opening (another program may hold them: it is waited for).
    Pending,
    /// Open.
    Open(Store),
    /// They could not be opened; why. A Retry may open them later.
    Failed(Problem),
}

/// The app's games: the saved games, the live match and the settings, as Tauri manages them.
pub struct Games {
    /// The saved games, or why they could not be opened.
    store: Mutex<Opening>,
    /// Where they are, once known: a Retry opens them there again.
    dir: Mutex<Option<PathBuf>>,
    session: Mutex<Option<Session>>,
    /// The live 101 match, when the table holds one (then `session` is None).
    session101: Mutex<Option<Session101>>,
    settings: Mutex<Settings>,
    /// Wakes the bot driver after the player acted or a match began.
    pub wake: Notify,
}

impl Default for Games {
    fn default() -> Games {
        Games::new()
    }
}

impl Games {
    /// Games whose saves are not open yet; [`Games::open_saves`] opens them.
    pub fn new() -> Games {
        Games {
            store: Mutex::new(Opening::Pending),
            dir: Mutex::new(None),
            session: Mutex::new(None),
            session101: Mutex::new(None),
            settings: Mutex::new(Settings::default()),
            wake: Notify::new(),
        }
    }

    /// Opens the saved games in `dir` (the app's data folder) and takes the settings stored
    /// there, waiting up to [`LOCK_RETRY`] while another program holds them. A damaged
    /// database is set aside by the store and a fresh one started; one that cannot be
    /// opened at all (still locked, say) leaves the app playable to no one: every command
    /// that needs saves then says why, naming the program that holds them, until
    /// [`Games::retry_saves`] opens them.
    pub fn open_saves(&self, dir: &Path) {
        self.open_saves_waiting(dir, LOCK_RETRY);
    }

    /// [`Games::open_saves`], waiting up to `patience` for a lock to go.
    pub fn open_saves_waiting(&self, dir: &Path, patience: Duration) {
        *lock(&self.dir) = Some(dir.to_path_buf());
        *lock(&self.store) = Opening::Pending;
        let started = Instant::now();
        let opened = loop {
            match Store::open(dir) {
                Err(OpenError::Locked { .. }) if started.elapsed() < patience => {
                    // The store itself waits a moment for the lock on every try.
                    std::thread::sleep(Duration::from_millis(100));
                }
                other => break other.map_err(|e| e.problem()),
            }
        };
        if let Ok(store) = &opened {
            // A damaged settings record is quarantined by the store; the defaults apply.
            if let Ok((settings, _)) = store.settings() {
                *self.settings_lock() = settings;
            }
        }
        *lock(&self.store) = match opened {
            Ok(store) => Opening::Open(store),
            Err(why) => Opening::Failed(why),
        };
    }

    /// Tries once more to open saved games that could not be opened (the Retry button);
    /// the saves list when they open, else why not. Saves already open are just listed.
    pub fn retry_saves(&self) -> Result<Saves, AppError> {
        let failed = matches!(*lock(&self.store), Opening::Failed(_));
        let dir = lock(&self.dir).clone();
        if let (true, Some(dir)) = (failed, dir) {
            self.open_saves_waiting(&dir, Duration::ZERO);
        }
        self.saves()
    }

    /// Whether the saves are still being opened (another program may hold them): commands
    /// that need them wait while this is true.
    pub fn opening(&self) -> bool {
        matches!(*lock(&self.store), Opening::Pending)
    }

    /// Records that there are no saves this run, and why.
    pub fn no_saves(&self, why: Problem) {
        *lock(&self.store) = Opening::Failed(why);
    }

    /// The store, or why there is none.
    pub(crate) fn store(&self) -> Result<Store, AppError> {
        match &*lock(&self.store) {
            Opening::Open(store) => Ok(store.clone()),
            Opening::Failed(why) => Err(AppError::Saves(why.clone())),
            Opening::Pending => Err(AppError::Starting),
        }
    }

    fn session(&self) -> MutexGuard<'_, Option<Session>> {
        lock(&self.session)
    }

    pub(crate) fn session101(&self) -> MutexGuard<'_, Option<Session101>> {
        lock(&self.session101)
    }

    pub(crate) fn clear_duz(&self) {
        *self.session() = None;
    }

    fn settings_lock(&self) -> MutexGuard<'_, Settings> {
        lock(&self.settings)
    }

    /// The current settings.
    pub fn settings(&self) -> Settings {
        self.settings_lock().clone()
    }

    /// Changes and stores the settings; rules that cannot be played are refused.
    pub fn set_settings(&self, settings: Settings) -> Result<Settings, AppError> {
        settings.last_rules.validate()?;
        settings.last_rules101.validate()?;
        let settings = self.store()?.save_settings(&settings)?;
        *self.settings_lock() = settings.clone();
        Ok(settings)
    }

    /// Starts and saves a new match, replacing the one on the table (which stays saved);
    /// `seed` None takes one from the system's random source ([`fresh_seed`]). Its rules
    /// and seats are offered next time.
    pub fn new_game(&self, setup: &NewGame, seed: Option<u64>) -> Result<TableUpdate, AppError> {
        let store = self.store()?;
        let seed = match seed {
            Some(seed) => seed,
            None => fresh_seed()?,
        };
        let session = Session::new(&store, setup, seed)?;
        let update = session.update(None, Vec::new())?;
        *self.session() = Some(session);
        *self.session101() = None;
        self.wake.notify_one();
        let mut settings = self.settings();
        settings.last_rules = setup.rules;
        settings.last_seats = setup.seats()?;
        // The match is saved; failing to remember the choices for next time costs nothing.
        let _ = self.set_settings(settings);
        Ok(update)
    }

    /// Puts saved match `id` on the table, as it was left.
    pub fn resume(&self, id: MatchId) -> Result<TableUpdate, AppError> {
        let mut guard = self.session();
        if let Some(live) = guard.as_ref().filter(|s| s.id() == id) {
            return live.update(None, Vec::new());
        }
        let session = Session::resume(&self.store()?, id)?;
        let update = session.update(None, Vec::new())?;
        *guard = Some(session);
        *self.session101() = None;
        drop(guard);
        self.wake.notify_one();
        Ok(update)
    }

    /// The saved games, newest first.
    pub fn saves(&self) -> Result<Saves, AppError> {
        let store = self.store()?;
        let listing = store.list()?;
        Ok(Saves {
            matches: listing.matches,
            set_aside: listing.set_aside,
            repaired: store.repairs(),
            recovered: store
                .recovery()
                .map(|(kept, why)| format!("{why}; the old saves were kept in {}", kept.display())),
            playing: self
                .session()
                .as_ref()
                .map(Session::id)
                .or_else(|| self.session101().as_ref().map(Session101::id)),
        })
    }

    /// A moment of a saved round's replay (see [`replay::frame`]).
    pub fn replay(
        &self,
        id: MatchId,
        round: u32,
        step: usize,
        open: bool,
    ) -> Result<AnyFrame, AppError> {
        replay101::frame_of(&self.store()?, id, round, step, open)
    }

    /// The player's statistics and their last finished matches.
    pub fn statistics(&self) -> Result<StatsPage, AppError> {
        let store = self.store()?;
        let totals = store.statistics()?;
        let mut recent: Vec<MatchPoints> = store
            .list()?
            .matches
            .into_iter()
            .filter(|m| m.seats.get(PLAYER.index()) == Some(&SeatKind::Human))
            // The chart is of Düz scores against their start; 101 totals are kept apart.
            .filter(|m| m.variant == Variant::Duz)
            .filter_map(|m| match &m.state {
                MatchState::Finished { winners, ended_ms } => Some(MatchPoints {
                    id: m.id,
                    at_ms: *ended_ms,
                    // The player's scoring unit: its seat, or its team in partnership (R24).
                    score: m
                        .scores
                        .get(unit_of(&m.rules, PLAYER))
                        .copied()
                        .unwrap_or(0),
                    start: i32::from(m.rules.start_points),
                    // The player won with its seat, or with its partner (R24).
                    won: winners
                        .iter()
                        .any(|&s| unit_of(&m.rules, s) == unit_of(&m.rules, PLAYER)),
                }),
                MatchState::InPlay => None,
            })
            .take(CHARTED)
            .collect();
        recent.reverse();
        Ok(StatsPage { totals, recent })
    }

    /// Deletes saved match `id`; if it is on the table, the table is cleared first.
    pub fn delete(&self, id: MatchId) -> Result<Saves, AppError> {
        let store = self.store()?;
        let mut guard = self.session();
        if guard.as_ref().is_some_and(|s| s.id() == id) {
            *guard = None;
        }
        drop(guard);
        let mut live101 = self.session101();
        if live101.as_ref().is_some_and(|s| s.id() == id) {
            *live101 = None;
        }
        drop(live101);
        store.delete(id)?;
        self.saves()
    }

    /// The table as the player sees it now, if a match is on.
    pub fn current(&self) -> Result<Option<TableUpdate>, AppError> {
        self.session()
            .as_ref()
            .map(|s| s.update(None, Vec::new()))
            .transpose()
    }

    /// The assistant's reading of the player's rack, from the player's view only.
    pub fn assist(&self) -> Result<Assist, AppError> {
        let view = self.session().as_ref().ok_or(AppError::NoMatch)?.view()?;
        // The analysis runs without holding the table.
        Ok(assist::assist(&view))
    }

    /// Does what the player asked, saved, and returns the table after it.
    pub fn act(&self, request: Request) -> Result<TableUpdate, AppError> {
        let mut guard = self.session();
        let session = guard.as_mut().ok_or(AppError::NoMatch)?;
        let events = match request {
            Request::Draw(to) => session.pick_up(Action::Draw, to)?,
            Request::Take(to) => session.pick_up(Action::TakeDiscard, to)?,
            Request::Discard(t) => session.apply(PLAYER, Action::Discard(t))?,
            Request::Finish(t) => session.finish(t)?,
            Request::Gosterge => session.apply(PLAYER, Action::ShowIndicator)?,
            Request::EndRound => session.apply(PLAYER, Action::EndRound)?,
            Request::NextRound => session.next_round()?,
            Request::Move(from, to) => session.apply(PLAYER, Action::Move { from, to })?,
            Request::Sort(sort) => session.sort(sort)?,
            Request::Auto => session.auto_move()?,
        };
        let update = session.update(Some(PLAYER), events)?;
        drop(guard);
        // Bots cannot see rack moves: only a turn action can give them something to do.
        if !matches!(request, Request::Move(..) | Request::Sort(_)) {
            self.wake.notify_one();
        }
        Ok(update)
    }

    /// Asks the bot whose turn it is for its action; None when the player is to act, the
    /// round is over, or no match is on. The bot thinks on a copy of the table, without
    /// holding it, so the player can go on arranging the rack meanwhile: call it off the
    /// UI thread.
    pub fn plan(&self) -> Option<Plan> {
        let snapshot = self.session().as_ref()?.snapshot()?;
        snapshot.decide()
    }

    /// How long to wait before playing `plan`, at the current speed: draws take half of it,
    /// as a player picks up quicker than they choose what to throw.
    pub fn pause_before(&self, plan: &Plan) -> Duration {
        let pause = Duration::from_millis(self.settings_lock().bot_speed.delay_ms());
        let pause = match plan.action() {
            Action::Draw | Action::TakeDiscard => pause / 2,
            _ => pause,
        };
        pause.saturating_sub(plan.thinking())
    }

    /// Plays a planned bot action, saved. Ok(None) when the match it was planned for is
    /// gone, or the table changed so that it no longer applies (the driver then plans
    /// again); an error when it could not be saved (the move is then not made).
    pub fn play(&self, plan: Plan) -> Result<Option<TableUpdate>, AppError> {
        let mut guard = self.session();
        let Some(session) = guard.as_mut() else {
            return Ok(None);
        };
        let seat = plan.seat();
        match session.play(plan)? {
            Some(events) => session.update(Some(seat), events).map(Some),
            None => Ok(None),
        }
    }

    /// Runs `f` on the live session; for tests that compare payloads with hidden state.
    #[cfg(test)]
    pub fn with_session<T>(&self, f: impl FnOnce(&Session) -> T) -> Option<T> {
        self.session().as_ref().map(f)
    }
}

/// A seed for a new deal from the operating system's random source. Not the clock: the
/// creation time reaches the webview, and a seed near it could be searched for, giving away
/// every rack. Nothing a seat sees (times, ids, counts) says anything of this one.
pub fn fresh_seed() -> Result<u64, AppError> {
    let mut bytes = [0; 8];
    rand::rngs::OsRng
        .try_fill_bytes(&mut bytes)
        .map_err(|e| AppError::NoRandomSource(e.to_string()))?;
    Ok(u64::from_le_bytes(bytes))
}

/// A lock on `mutex`. A panic while holding one cannot leave a half-applied action (the
/// engine and the store change nothing on error), so the state is still sound to use.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}
