//! The match on the table, whichever game it plays: one [`Live`] slot holds a Düz or a 101
//! session, so that two games can never be on the table at once, and every verb (start,
//! act, assist, a bot's move) is one door that dispatches to the game on the table.

use crate::error::AppError;
use crate::payload::{Assisted, Update};
use crate::session::duz::{NewGame, Request};
use crate::session::r101::{NewGame101, Request101};
use crate::session::{self, Session};
use okey_bots::{Bot, Bot101, Level};
use okey_core::r101::Match101;
use okey_core::Match;
use okey_store::{MatchId, Settings, Store, Variant};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The live match: a Düz session or a 101 session.
pub enum Live {
    /// A Düz match.
    Duz(Session<Match>),
    /// A 101 match.
    R101(Session<Match101>),
}

/// A bot's move chosen for the live match, to be played after the pause of the speed.
pub enum Plan {
    /// At a Düz table.
    Duz(session::Plan<Bot>),
    /// At a 101 table.
    R101(session::Plan<Bot101>),
}

/// What New game asks for, either game: `{"variant": "duz" | "101", "rules": ..., "bots":
/// [...]}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
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

/// `$body` with `$s` bound to the session of whichever game `$live` holds: one piece of code
/// for both, compiled for each.
macro_rules! each {
    ($live:expr, $s:ident => $body:expr) => {
        match $live {
            Live::Duz($s) => $body,
            Live::R101($s) => $body,
        }
    };
}

impl Setup {
    /// Keeps the choice in `settings` for New game (each game's apart).
    pub fn remember(&self, settings: &mut Settings) -> Result<(), AppError> {
        match self {
            Setup::Duz(s) => {
                settings.last_seats = session::seats::<Match>(s)?;
                settings.last_rules = s.rules;
            }
            Setup::R101(s) => {
                settings.last_seats101 = session::seats::<Match101>(s)?;
                settings.last_rules101 = s.rules;
            }
        }
        Ok(())
    }

    /// The last match of `variant` started, as kept in `settings` for New game; None before
    /// the first.
    pub fn last(settings: &Settings, variant: Variant) -> Option<Setup> {
        let seats = match variant {
            Variant::Duz => &settings.last_seats,
            Variant::Okey101 => &settings.last_seats101,
        };
        let bots: Vec<Level> = seats
            .iter()
            .skip(1)
            .map(|seat| seat.level().and_then(|l| l.parse().ok()))
            .collect::<Option<_>>()
            .filter(|bots: &Vec<Level>| !bots.is_empty())?;
        Some(match variant {
            Variant::Duz => Setup::Duz(NewGame {
                rules: settings.last_rules,
                bots,
            }),
            Variant::Okey101 => Setup::R101(NewGame101 {
                rules: settings.last_rules101,
                bots,
            }),
        })
    }
}

/// `From` for each game's half of the enums that hold either game's.
macro_rules! either {
    ($($outer:ident::$variant:ident($inner:ty);)*) => {
        $(impl From<$inner> for $outer {
            fn from(inner: $inner) -> $outer {
                $outer::$variant(inner)
            }
        })*
    };
}

either! {
    Setup::Duz(NewGame);
    Setup::R101(NewGame101);
    AnyRequest::Duz(Request);
    AnyRequest::R101(Request101);
    Plan::Duz(session::Plan<Bot>);
    Plan::R101(session::Plan<Bot101>);
}

impl AnyRequest {
    /// Whether it only changes the rack layout, which no bot sees (no bot needs waking).
    pub fn layout_only(&self) -> bool {
        match self {
            AnyRequest::Duz(r) => r.layout_only(),
            AnyRequest::R101(r) => r.layout_only(),
        }
    }
}

impl Live {
    /// A new match of `setup`, saved, dealt from `seed`.
    pub fn start(store: &Store, setup: &Setup, seed: u64) -> Result<Live, AppError> {
        Ok(match setup {
            Setup::Duz(s) => Live::Duz(Session::new(store, s, seed)?),
            Setup::R101(s) => Live::R101(Session::new(store, s, seed)?),
        })
    }

    /// Saved match `id` as it was left, whichever game it plays.
    pub fn resume(store: &Store, id: MatchId) -> Result<Live, AppError> {
        Ok(match store.variant(id)? {
            Variant::Duz => Live::Duz(Session::resume(store, id)?),
            Variant::Okey101 => Live::R101(Session::resume(store, id)?),
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
        each!(self, s => s.id())
    }

    /// The table as the player sees it now.
    pub fn update(&self) -> Result<Update, AppError> {
        each!(self, s => s.update(None, Vec::new()))
    }

    /// Does what the player asked, saved, and returns the table after it; refused when the
    /// table holds the other game.
    pub fn act(&mut self, request: AnyRequest) -> Result<Update, AppError> {
        match (self, request) {
            (Live::Duz(s), AnyRequest::Duz(r)) => s.act(r),
            (Live::R101(s), AnyRequest::R101(r)) => s.act(r),
            _ => Err(AppError::NoMatch),
        }
    }

    /// The assistant's reading of the player's hand, from the player's view only.
    pub fn assist(&self) -> Result<Assisted, AppError> {
        each!(self, s => s.assist())
    }

    /// The bot move to make, chosen on a copy of the table; None when the player is to act.
    /// Hard bots think for a while: call it off the UI thread (the table is not held).
    pub fn snapshot(&self) -> Option<Box<dyn FnOnce() -> Option<Plan> + Send>> {
        each!(self, s => {
            let snapshot = s.snapshot()?;
            Some(Box::new(move || snapshot.decide().map(Plan::from)))
        })
    }

    /// Plays a planned bot move; Ok(None) when the match it was planned for is gone or the
    /// table changed since.
    pub fn play(&mut self, plan: Plan) -> Result<Option<Update>, AppError> {
        match (self, plan) {
            (Live::Duz(s), Plan::Duz(plan)) => s.play(plan),
            (Live::R101(s), Plan::R101(plan)) => s.play(plan),
            _ => Ok(None),
        }
    }
}

impl Plan {
    /// How long to wait before playing it at the speed of `settings`.
    pub fn pause(&self, settings: &Settings) -> Duration {
        let pause = Duration::from_millis(settings.bot_speed.delay_ms());
        match self {
            Plan::Duz(p) => p.pause(pause),
            Plan::R101(p) => p.pause(pause),
        }
    }
}
