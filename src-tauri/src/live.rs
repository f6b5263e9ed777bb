//! The match on the table, whichever game it plays: one [`Live`] slot holds a Düz or a 101
//! session, so that two games can never be on the table at once, and every verb (start,
//! act, assist, a bot's move) is one door that dispatches to the game on the table.

use crate::error::AppError;
use crate::payload::{TableUpdate, TableUpdate101, Update};
use crate::session::duz::{NewGame, Request, Session};
use crate::session::r101::{NewGame101, Request101, Session101};
use crate::session::{self, PLAYER};
use okey_bots::{Bot, Bot101};
use okey_core::assist::{self, Assist};
use okey_core::r101::assist::Assist101;
use okey_core::Game;
use okey_store::{MatchId, Settings, Store, Variant};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The live match: a Düz session or a 101 session.
pub enum Live {
    /// A Düz match.
    Duz(Session),
    /// A 101 match.
    R101(Session101),
}

/// A bot's move chosen for the live match, to be played after the pause of the speed.
pub enum Plan {
    /// At a Düz table.
    Duz(session::Plan<Bot>),
    /// At a 101 table.
    R101(session::Plan<Bot101>),
}

/// The assistant's reading of the player's hand at either table.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum Assisted {
    /// At a Düz table.
    Duz(Box<Assist>),
    /// At a 101 table.
    R101(Box<Assist101>),
}

/// What New game asks for, either game: `{"variant": "duz" | "101", "rules": ..., "bots":
/// [...]}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "variant")]
pub enum Setup {
    /// A Düz match.
    #[serde(rename = "duz")]
    Duz(NewGame),
    /// A 101 match.
    #[serde(rename = "101")]
    R101(NewGame101),
}

/// What the player asks for at whichever table is on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnyRequest {
    /// At a Düz table.
    Duz(Request),
    /// At a 101 table.
    R101(Request101),
}

impl Live {
    /// Saved match `id` as it was left, whichever game it plays.
    pub fn resume(store: &Store, id: MatchId) -> Result<Live, AppError> {
        Ok(match store.variant(id)? {
            Variant::Duz => Live::Duz(Session::resume(store, id)?),
            Variant::Okey101 => Live::R101(Session101::resume(store, id)?),
        })
    }

    /// The game it plays.
    pub fn variant(&self) -> Variant {
        match self {
            Live::Duz(_) => Variant::Duz,
            Live::R101(_) => Variant::Okey101,
        }
    }

    /// The saved match's id.
    pub fn id(&self) -> MatchId {
        match self {
            Live::Duz(s) => s.id(),
            Live::R101(s) => s.id(),
        }
    }

    /// The table as the player sees it now.
    pub fn update(&self) -> Result<Update, AppError> {
        Ok(match self {
            Live::Duz(s) => s.update(None, Vec::new())?.into(),
            Live::R101(s) => s.update(None, Vec::new())?.into(),
        })
    }

    /// The assistant's reading of the player's hand, from the player's view only.
    pub fn assist(&self) -> Result<Assisted, AppError> {
        Ok(match self {
            Live::Duz(s) => Assisted::Duz(Box::new(assist::assist(&s.view()?))),
            Live::R101(s) => Assisted::R101(Box::new(s.assist()?)),
        })
    }

    /// The bot move to make, chosen on a copy of the table; None when the player is to act.
    /// Hard bots think for a while: call it off the UI thread (the table is not held).
    pub fn snapshot(&self) -> Option<Box<dyn FnOnce() -> Option<Plan> + Send>> {
        match self {
            Live::Duz(s) => {
                let snapshot = s.snapshot()?;
                Some(Box::new(move || snapshot.decide().map(Plan::Duz)))
            }
            Live::R101(s) => {
                let snapshot = s.snapshot()?;
                Some(Box::new(move || snapshot.decide().map(Plan::R101)))
            }
        }
    }

    /// Plays a planned bot move; Ok(None) when the match it was planned for is gone or the
    /// table changed since.
    pub fn play(&mut self, plan: Plan) -> Result<Option<Update>, AppError> {
        match (self, plan) {
            (Live::Duz(s), Plan::Duz(plan)) => {
                let seat = plan.seat();
                s.play(plan)?
                    .map(|events| s.update(Some(seat), events).map(Update::from))
                    .transpose()
            }
            (Live::R101(s), Plan::R101(plan)) => {
                let seat = plan.seat();
                s.play(plan)?
                    .map(|events| s.update(Some(seat), events).map(Update::from))
                    .transpose()
            }
            _ => Ok(None),
        }
    }
}

impl Plan {
    /// How long to wait before playing it at the speed of `settings`: a pick-up is quicker
    /// than the moves that follow it, and the bot's thinking counts towards the pause.
    pub fn pause(&self, settings: &Settings) -> Duration {
        let pause = Duration::from_millis(settings.bot_speed.delay_ms());
        let (quick, thinking) = match self {
            Plan::Duz(p) => (okey_core::Match::picks_up(p.action()), p.thinking()),
            Plan::R101(p) => (
                okey_core::r101::Match101::picks_up(p.action()),
                p.thinking(),
            ),
        };
        let pause = if quick { pause / 2 } else { pause };
        pause.saturating_sub(thinking)
    }
}

/// A New game choice of one game, or of either: starts its match and answers with its
/// update, and is remembered in the settings for next time.
pub trait StartGame {
    /// The update the new table answers with.
    type Update;
    /// Starts and saves the match.
    fn start(&self, store: &Store, seed: u64) -> Result<(Live, Self::Update), AppError>;
    /// Keeps the choice in `settings` for New game.
    fn remember(&self, settings: &mut Settings) -> Result<(), AppError>;
}

impl StartGame for NewGame {
    type Update = TableUpdate;
    fn start(&self, store: &Store, seed: u64) -> Result<(Live, TableUpdate), AppError> {
        let session = Session::new(store, self, seed)?;
        let update = session.update(None, Vec::new())?;
        Ok((Live::Duz(session), update))
    }
    fn remember(&self, settings: &mut Settings) -> Result<(), AppError> {
        settings.last_rules = self.rules;
        settings.last_seats = self.seats()?;
        Ok(())
    }
}

impl StartGame for NewGame101 {
    type Update = TableUpdate101;
    fn start(&self, store: &Store, seed: u64) -> Result<(Live, TableUpdate101), AppError> {
        let session = Session101::new(store, self, seed)?;
        let update = session.update(None, Vec::new())?;
        Ok((Live::R101(session), update))
    }
    fn remember(&self, settings: &mut Settings) -> Result<(), AppError> {
        settings.last_rules101 = self.rules;
        settings.last_seats101 = self.seats()?;
        Ok(())
    }
}

impl StartGame for Setup {
    type Update = Update;
    fn start(&self, store: &Store, seed: u64) -> Result<(Live, Update), AppError> {
        Ok(match self {
            Setup::Duz(s) => {
                let (live, update) = s.start(store, seed)?;
                (live, update.into())
            }
            Setup::R101(s) => {
                let (live, update) = s.start(store, seed)?;
                (live, update.into())
            }
        })
    }
    fn remember(&self, settings: &mut Settings) -> Result<(), AppError> {
        match self {
            Setup::Duz(s) => s.remember(settings),
            Setup::R101(s) => s.remember(settings),
        }
    }
}

/// A request of the player at one game's table, or at whichever is on: done on the live
/// match, answered with the table after it.
pub trait TableRequest {
    /// The update it answers with.
    type Update;
    /// Does it on `live`; refused when the table holds the other game.
    fn run(self, live: &mut Live) -> Result<Self::Update, AppError>;
    /// Whether it only changes the rack layout (no bot needs waking).
    fn layout_only(&self) -> bool;
}

impl TableRequest for Request {
    type Update = TableUpdate;
    fn run(self, live: &mut Live) -> Result<TableUpdate, AppError> {
        let Live::Duz(session) = live else {
            return Err(AppError::NoMatch);
        };
        let events = session.request(self)?;
        session.update(Some(PLAYER), events)
    }
    fn layout_only(&self) -> bool {
        Request::layout_only(self)
    }
}

impl TableRequest for Request101 {
    type Update = TableUpdate101;
    fn run(self, live: &mut Live) -> Result<TableUpdate101, AppError> {
        let Live::R101(session) = live else {
            return Err(AppError::NoMatch);
        };
        let events = session.request(self)?;
        session.update(Some(PLAYER), events)
    }
    fn layout_only(&self) -> bool {
        Request101::layout_only(self)
    }
}

impl TableRequest for AnyRequest {
    type Update = Update;
    fn run(self, live: &mut Live) -> Result<Update, AppError> {
        Ok(match self {
            AnyRequest::Duz(r) => r.run(live)?.into(),
            AnyRequest::R101(r) => r.run(live)?.into(),
        })
    }
    fn layout_only(&self) -> bool {
        match self {
            AnyRequest::Duz(r) => r.layout_only(),
            AnyRequest::R101(r) => r.layout_only(),
        }
    }
}
