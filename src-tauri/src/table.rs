//! [`Games`], what the app holds while it runs: the saved games, the live match on the table,
//! the settings, and the wake-up signal of the bot driver. Commands and the driver both work
//! through it; nothing here knows about Tauri, so tests can drive a whole match without a
//! window. (Not to be confused with the bots' `Table` trait or the UI's table screen.)

use crate::accuracy::{Accuracies, Accuracy};
use crate::error::AppError;
use crate::live::{AnyRequest, Live, Plan, Setup};
use crate::payload::Assisted;
use crate::payload::Update;
use crate::replay::{self, AnyFrame};
use crate::review::{self, AnyReview};
use crate::session::PLAYER;
use okey_core::{Coded, Problem};
use okey_store::{
    Fault, MatchId, MatchPoints, MatchSummary, Repair, Settings, Statistics, Store, Variant,
};
use rand::RngCore;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;
use tokio::sync::Notify;

/// The saved games as the home and saved-games screens show them.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
pub struct Saves {
    /// Every saved match, the most recently played first.
    pub matches: Vec<MatchSummary>,
    /// Matches found damaged while listing: moved to quarantine, kept, named here.
    pub set_aside: Vec<Fault>,
    /// Matches repaired from their journals since start (a loss is counted and named).
    pub repaired: Vec<Repair>,
    /// When the whole database was damaged at start: where the old one was kept (what was
    /// found wrong is in that folder's `okey_store::DAMAGE_NOTE`, not in the player's words).
    pub recovered: Option<PathBuf>,
    /// The match on the table in this run of the app, if any.
    pub playing: Option<MatchId>,
    /// The matches dealt for Learn's lessons.
    pub lessons: Vec<MatchId>,
}

/// The statistics screen: totals from the store, and the last finished matches oldest first.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
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
    /// The match on the table, Düz or 101.
    live: Mutex<Option<Live>>,
    settings: Mutex<Settings>,
    /// Wakes the bot driver after the player acted or a match began.
    pub wake: Notify,
    /// The player's review accuracy per round, as the statistics computed it.
    accuracies: Accuracies,
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
            live: Mutex::new(None),
            settings: Mutex::new(Settings::default()),
            wake: Notify::new(),
            accuracies: Accuracies::default(),
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
        let opened = Store::open_within(dir, patience).map_err(|e| e.problem());
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

    /// Reads every saved match's journal whole and heals one damaged inside from the
    /// database ([`Store::check_journals`]); what was healed is listed with the saves'
    /// repairs. Without open saves there is nothing to check.
    pub fn check_journals(&self) {
        if let Ok(store) = self.store() {
            // A database that fails here is found and reported by the next command.
            let _ = store.check_journals();
        }
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

    fn live(&self) -> MutexGuard<'_, Option<Live>> {
        lock(&self.live)
    }

    fn settings_lock(&self) -> MutexGuard<'_, Settings> {
        lock(&self.settings)
    }

    /// The current settings.
    pub fn settings(&self) -> Settings {
        self.settings_lock().clone()
    }

    /// Changes and stores the settings; rules that cannot be played are refused.
    pub fn set_settings(&self, mut settings: Settings) -> Result<Settings, AppError> {
        settings.last_rules.validate()?;
        // Only lessons the app has, each once: the list comes from the webview.
        let known = crate::lessons::ids();
        let mut seen = std::collections::HashSet::new();
        settings
            .lessons_done
            .retain(|id| known.contains(&id.as_str()) && seen.insert(id.clone()));
        if settings
            .lesson_in_play
            .as_ref()
            .is_some_and(|l| !known.contains(&l.id.as_str()))
        {
            settings.lesson_in_play = None;
        }
        settings.last_rules101.validate()?;
        let settings = self.store()?.save_settings(&settings)?;
        *self.settings_lock() = settings.clone();
        Ok(settings)
    }

    /// Starts and saves a new match of either game, replacing the one on the table (which
    /// stays saved); `seed` None takes one from the system's random source
    /// ([`fresh_seed`]). Its choices are offered next time.
    pub fn new_game(&self, setup: impl Into<Setup>, seed: Option<u64>) -> Result<Update, AppError> {
        self.start(setup.into(), seed, true)
    }

    /// Starts lesson `id` of Learn: its match, dealt from the lesson's seed, goes on the
    /// table (and is saved, as every match is); the last rules chosen are left as they were.
    pub fn start_lesson(&self, id: &str) -> Result<Update, AppError> {
        let (setup, seed) = crate::lessons::lesson(id)?;
        self.start(setup, Some(seed), false)
    }

    /// Starts a match, its choices offered next time when `remember`.
    fn start(&self, setup: Setup, seed: Option<u64>, remember: bool) -> Result<Update, AppError> {
        let store = self.store()?;
        let seed = match seed {
            Some(seed) => seed,
            None => fresh_seed()?,
        };
        let live = Live::start(&store, &setup, seed)?;
        let update = live.update()?;
        *self.live() = Some(live);
        self.wake.notify_one();
        let mut settings = self.settings();
        // The match is saved; failing to remember the choices for next time costs nothing.
        if remember && setup.remember(&mut settings).is_ok() {
            let _ = self.set_settings(settings);
        }
        Ok(update)
    }

    /// Puts saved match `id` on the table as it was left, whichever game it plays (a match
    /// already on the table stays as it is).
    pub fn resume(&self, id: MatchId) -> Result<Update, AppError> {
        let mut guard = self.live();
        if let Some(live) = guard.as_ref().filter(|l| l.id() == id) {
            return live.update();
        }
        let live = Live::resume(&self.store()?, id)?;
        let update = live.update()?;
        *guard = Some(live);
        drop(guard);
        self.wake.notify_one();
        Ok(update)
    }

    /// The saved games, newest first.
    pub fn saves(&self) -> Result<Saves, AppError> {
        let store = self.store()?;
        let listing = store.list()?;
        let lessons = listing
            .matches
            .iter()
            .filter(|m| crate::lessons::is_lesson_seed(m.seed))
            .map(|m| m.id)
            .collect();
        Ok(Saves {
            lessons,
            matches: listing.matches,
            set_aside: listing.set_aside,
            repaired: store.repairs(),
            recovered: store.recovery().map(|(kept, _)| kept.to_path_buf()),
            playing: self.live().as_ref().map(Live::id),
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
        replay::frame(&self.store()?, id, round, step, open)
    }

    /// Every seat's review of finished round `round` of saved match `id`.
    pub fn review(&self, id: MatchId, round: u32) -> Result<AnyReview, AppError> {
        review::review(&self.store()?, id, round)
    }

    /// The player's average review accuracy in `variant` (see [`Accuracies::average`]).
    pub fn accuracy(&self, variant: Variant) -> Result<Option<Accuracy>, AppError> {
        self.accuracies.average(&self.store()?, variant)
    }

    /// The player's statistics and their last finished Düz matches, for the chart.
    pub fn statistics(&self) -> Result<StatsPage, AppError> {
        let store = self.store()?;
        Ok(StatsPage {
            totals: store.statistics()?,
            recent: store.recent_finished(PLAYER, CHARTED)?,
        })
    }

    /// Deletes saved match `id`; if it is on the table, the table is cleared first.
    pub fn delete(&self, id: MatchId) -> Result<Saves, AppError> {
        let store = self.store()?;
        let mut guard = self.live();
        if guard.as_ref().is_some_and(|l| l.id() == id) {
            *guard = None;
        }
        drop(guard);
        store.delete(id)?;
        self.saves()
    }

    /// The game on the table, if a match is on.
    pub fn on_table(&self) -> Option<Variant> {
        self.live().as_ref().map(Live::variant)
    }

    /// The table as the player sees it now, if a match is on.
    pub fn current(&self) -> Result<Option<Update>, AppError> {
        self.live().as_ref().map(Live::update).transpose()
    }

    /// The assistant's reading of the player's hand, from the player's view only.
    pub fn assist(&self) -> Result<Assisted, AppError> {
        self.live().as_ref().ok_or(AppError::NoMatch)?.assist()
    }

    /// Does what the player asked at the table, saved, and returns the table after it.
    pub fn act(&self, request: impl Into<AnyRequest>) -> Result<Update, AppError> {
        let request = request.into();
        let layout_only = request.layout_only();
        let mut guard = self.live();
        let live = guard.as_mut().ok_or(AppError::NoMatch)?;
        let update = live.act(request)?;
        drop(guard);
        // Bots cannot see rack moves: only a turn action can give them something to do.
        if !layout_only {
            self.wake.notify_one();
        }
        Ok(update)
    }

    /// Asks the bot whose turn it is for its action; None when the player is to act, the
    /// round is over, or no match is on. The bot thinks on a copy of the table, without
    /// holding it, so the player can go on arranging the rack meanwhile: call it off the
    /// UI thread.
    pub fn plan(&self) -> Option<Plan> {
        let decide = self.live().as_ref()?.snapshot()?;
        decide()
    }

    /// How long to wait before playing `plan` at the current speed.
    pub fn pause_before(&self, plan: &Plan) -> Duration {
        plan.pause(&self.settings_lock())
    }

    /// Plays a planned bot action, saved. Ok(None) when the match it was planned for is
    /// gone, or the table changed so that it no longer applies (the driver then plans
    /// again); an error when it could not be saved (the move is then not made).
    pub fn play(&self, plan: Plan) -> Result<Option<Update>, AppError> {
        match self.live().as_mut() {
            Some(live) => live.play(plan),
            None => Ok(None),
        }
    }

    /// Runs `f` on the live match; for tests that compare payloads with hidden state.
    #[cfg(test)]
    pub fn with_live<T>(&self, f: impl FnOnce(&Live) -> T) -> Option<T> {
        self.live().as_ref().map(f)
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
