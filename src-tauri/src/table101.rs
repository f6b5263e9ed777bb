//! [`Games`] at a 101 table: starting a 101 match, the player's requests, the assistant, and
//! the bots' turns for the driver. The Düz match and the 101 match never share the table:
//! starting one clears the other (both stay saved).

use crate::error::AppError;
use crate::payload::TableUpdate;
use crate::payload101::TableUpdate101;
use crate::session::PLAYER;
use crate::session101::{NewGame101, Plan101, Request101, Session101};
use crate::table::{fresh_seed, Games};
use okey_bots::Level;
use okey_core::r101::assist::Assist101;
use okey_store::{MatchId, Variant};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The choices of the last 101 match started, offered again by New game.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Last101 {
    /// Its setup, None before the first 101 match.
    pub setup: Option<NewGame101>,
}

/// A saved match put on the table: a Düz one or a 101 one (the UI tells them apart by the
/// 101 update's `variant`).
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum Opened {
    /// A Düz match.
    Duz(Box<TableUpdate>),
    /// A 101 match.
    R101(Box<TableUpdate101>),
}

impl Games {
    /// Puts saved match `id` on the table, Düz or 101, as it was left.
    pub fn open_saved(&self, id: MatchId) -> Result<Opened, AppError> {
        match self.store()?.variant(id)? {
            Variant::Okey101 => self.resume101(id).map(|u| Opened::R101(Box::new(u))),
            Variant::Duz => self.resume(id).map(|u| Opened::Duz(Box::new(u))),
        }
    }

    /// Starts a new 101 match, replacing the match on the table; `seed` None takes one from
    /// the system's random source. Its choices are offered next time.
    pub fn new_game101(
        &self,
        setup: &NewGame101,
        seed: Option<u64>,
    ) -> Result<TableUpdate101, AppError> {
        let store = self.store()?;
        let seed = match seed {
            Some(seed) => seed,
            None => fresh_seed()?,
        };
        let session = Session101::new(&store, setup, seed)?;
        let update = session.update(None, Vec::new())?;
        *self.session101() = Some(session);
        self.clear_duz();
        self.wake.notify_one();
        // The match is on; failing to remember the choices for next time costs nothing.
        let _ = self.remember101(setup);
        Ok(update)
    }

    /// The 101 table as the player sees it, if a 101 match is on.
    pub fn current101(&self) -> Result<Option<TableUpdate101>, AppError> {
        self.session101()
            .as_ref()
            .map(|s| s.update(None, Vec::new()))
            .transpose()
    }

    /// Puts saved 101 match `id` on the table as it was left (the live one stays as it is).
    pub fn resume101(&self, id: MatchId) -> Result<TableUpdate101, AppError> {
        let mut guard = self.session101();
        if let Some(live) = guard.as_ref().filter(|s| s.id() == id) {
            return live.update(None, Vec::new());
        }
        let session = Session101::resume(&self.store()?, id)?;
        let update = session.update(None, Vec::new())?;
        *guard = Some(session);
        drop(guard);
        self.clear_duz();
        self.wake.notify_one();
        Ok(update)
    }

    /// Does what the player asked at the 101 table and returns the table after it.
    pub fn act101(&self, request: Request101) -> Result<TableUpdate101, AppError> {
        let mut guard = self.session101();
        let session = guard.as_mut().ok_or(AppError::NoMatch)?;
        let layout_only = matches!(request, Request101::Move(..) | Request101::Sort(_));
        let events = session.request(request)?;
        let update = session.update(Some(PLAYER), events)?;
        drop(guard);
        // Bots cannot see rack moves: only a turn action can give them something to do.
        if !layout_only {
            self.wake.notify_one();
        }
        Ok(update)
    }

    /// The assistant's reading of the player's 101 hand, from the player's view only.
    pub fn assist101(&self) -> Result<Assist101, AppError> {
        self.session101()
            .as_ref()
            .ok_or(AppError::NoMatch)?
            .assist()
    }

    /// The bot move to make at the 101 table, chosen on a copy of the bot's own view;
    /// None when the player is to act or no 101 match is on.
    pub fn plan101(&self) -> Option<Plan101> {
        let snapshot = self.session101().as_ref()?.snapshot()?;
        snapshot.decide()
    }

    /// How long to wait before playing a 101 bot move at the current speed: a take is
    /// quicker than the moves that follow it.
    pub fn pause_before101(&self, plan: &Plan101) -> Duration {
        let pause = Duration::from_millis(self.settings().bot_speed.delay_ms());
        let pause = match plan.action() {
            okey_core::r101::Action101::Draw | okey_core::r101::Action101::Take => pause / 2,
            _ => pause,
        };
        pause.saturating_sub(plan.thinking())
    }

    /// Plays a planned 101 bot action. Ok(None) when the match is gone or the table changed.
    pub fn play101(&self, plan: Plan101) -> Result<Option<TableUpdate101>, AppError> {
        let mut guard = self.session101();
        let Some(session) = guard.as_mut() else {
            return Ok(None);
        };
        let seat = plan.seat();
        match session.play(plan)? {
            Some(events) => session.update(Some(seat), events).map(Some),
            None => Ok(None),
        }
    }

    /// The last 101 match's choices, kept in the settings (none before the first).
    pub fn last101(&self) -> Last101 {
        let settings = self.settings();
        let bots: Option<Vec<Level>> = settings
            .last_seats101
            .iter()
            .skip(1)
            .map(|seat| seat.level().and_then(|l| l.parse().ok()))
            .collect();
        Last101 {
            setup: bots.filter(|b| !b.is_empty()).map(|bots| NewGame101 {
                rules: settings.last_rules101,
                bots,
            }),
        }
    }

    /// Keeps the choices of a 101 match just started for New game, as Düz's are kept.
    fn remember101(&self, setup: &NewGame101) -> Result<(), AppError> {
        let mut settings = self.settings();
        settings.last_rules101 = setup.rules;
        settings.last_seats101 = setup.seats()?;
        self.set_settings(settings).map(|_| ())
    }

    /// Runs `f` on the live 101 session; for tests that compare payloads with hidden state.
    #[cfg(test)]
    pub fn with_session101<T>(&self, f: impl FnOnce(&Session101) -> T) -> Option<T> {
        self.session101().as_ref().map(f)
    }
}
