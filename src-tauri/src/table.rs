//! The table the app holds while it runs: the live session, the settings, and the wake-up
//! signal of the bot driver. Commands and the driver both work through it; nothing here
//! knows about Tauri, so tests can drive a whole match without a window.

use crate::arrange::Sort;
use crate::error::AppError;
use crate::payload::TableUpdate;
use crate::session::{NewGame, Session, PLAYER};
use crate::settings::Settings;
use okey_core::{Action, Seat, Slot, Tile};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
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
    /// Sort the rack.
    Sort(Sort),
}

/// A bot action chosen for a match, to be played after the pause of the current speed.
#[derive(Debug, Clone, Copy)]
pub struct Plan {
    game: u64,
    seat: Seat,
    action: Action,
    /// How long the bot thought; it counts towards the pause.
    thinking: Duration,
}

/// The app's table.
pub struct Table {
    session: Mutex<Option<Session>>,
    settings: Mutex<Settings>,
    settings_path: Mutex<Option<PathBuf>>,
    next_id: AtomicU64,
    /// Wakes the bot driver after the player acted or a match began.
    pub wake: Notify,
}

impl Table {
    /// An empty table with these settings, saved to `settings_path` when they change.
    pub fn new(settings: Settings, settings_path: Option<PathBuf>) -> Table {
        Table {
            session: Mutex::new(None),
            settings: Mutex::new(settings),
            settings_path: Mutex::new(settings_path),
            next_id: AtomicU64::new(1),
            wake: Notify::new(),
        }
    }

    fn session(&self) -> MutexGuard<'_, Option<Session>> {
        // A panic while holding the lock cannot leave a half-applied action (the engine
        // changes nothing on error), so the state is still sound to use.
        self.session.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn settings_lock(&self) -> MutexGuard<'_, Settings> {
        self.settings.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The current settings.
    pub fn settings(&self) -> Settings {
        *self.settings_lock()
    }

    /// Takes the settings stored at `path` (the defaults when there are none) and stores
    /// changes there from now on.
    pub fn use_settings_file(&self, path: PathBuf) {
        *self.settings_lock() = Settings::load(&path);
        *self.settings_path.lock().unwrap_or_else(|e| e.into_inner()) = Some(path);
    }

    /// Changes and stores the settings.
    pub fn set_settings(&self, settings: Settings) -> Result<Settings, AppError> {
        let path = self
            .settings_path
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        if let Some(path) = path {
            settings.save(&path)?;
        }
        *self.settings_lock() = settings;
        Ok(settings)
    }

    /// Starts a new match, replacing the one on the table; `seed` None picks one from the
    /// clock.
    pub fn new_game(&self, setup: &NewGame, seed: Option<u64>) -> Result<TableUpdate, AppError> {
        let seed = seed.unwrap_or_else(clock_seed);
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let session = Session::new(id, setup, seed)?;
        let update = session.update(None, Vec::new())?;
        *self.session() = Some(session);
        self.wake.notify_one();
        Ok(update)
    }

    /// The table as the player sees it now, if a match is on.
    pub fn current(&self) -> Result<Option<TableUpdate>, AppError> {
        self.session()
            .as_ref()
            .map(|s| s.update(None, Vec::new()))
            .transpose()
    }

    /// Does what the player asked and returns the table after it.
    pub fn act(&self, request: Request) -> Result<TableUpdate, AppError> {
        let mut guard = self.session();
        let session = guard.as_mut().ok_or(AppError::NoMatch)?;
        let events = match request {
            Request::Draw(to) => session.pick_up(Action::Draw, to)?,
            Request::Take(to) => session.pick_up(Action::TakeDiscard, to)?,
            Request::Discard(t) => session.apply(PLAYER, Action::Discard(t))?,
            Request::Finish(t) => session.apply(PLAYER, Action::Finish(t))?,
            Request::Gosterge => session.apply(PLAYER, Action::ShowIndicator)?,
            Request::EndRound => session.apply(PLAYER, Action::EndRound)?,
            Request::NextRound => session.next_round()?,
            Request::Move(from, to) => session.apply(PLAYER, Action::Move { from, to })?,
            Request::Sort(sort) => session.sort(sort)?,
        };
        let update = session.update(Some(PLAYER), events)?;
        drop(guard);
        self.wake.notify_one();
        Ok(update)
    }

    /// Asks the bots for their next action; None when the player is to act, the round is
    /// over, or no match is on. Hard bots think for a while: call it off the UI thread.
    pub fn plan(&self) -> Option<Plan> {
        let mut guard = self.session();
        let session = guard.as_mut()?;
        let mv = session.bot_move()?;
        Some(Plan {
            game: session.id(),
            seat: mv.seat,
            action: mv.action,
            thinking: mv.thinking,
        })
    }

    /// How long to wait before playing `plan`, at the current speed.
    pub fn pause_before(&self, plan: &Plan) -> Duration {
        let pause = self.settings().speed.pause();
        let pause = match plan.action {
            Action::Draw | Action::TakeDiscard => pause / 2,
            _ => pause,
        };
        pause.saturating_sub(plan.thinking)
    }

    /// Plays a planned bot action. None when the match it was planned for is gone, or the
    /// table changed so that the action no longer applies (the driver then plans again).
    pub fn play(&self, plan: Plan) -> Option<TableUpdate> {
        let mut guard = self.session();
        let session = guard.as_mut().filter(|s| s.id() == plan.game)?;
        let events = session.apply(plan.seat, plan.action).ok()?;
        session.update(Some(plan.seat), events).ok()
    }

    /// Runs `f` on the live session; for tests that compare payloads with hidden state.
    #[cfg(test)]
    pub fn with_session<T>(&self, f: impl FnOnce(&Session) -> T) -> Option<T> {
        self.session().as_ref().map(f)
    }
}

/// A seed from the clock: every new game is a new deal.
fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0x5eed)
}
