//! The one error every command returns. It reaches the webview as data: a stable code, its
//! parameters and the English message (`{"code": "not_your_turn", "params": {}, "message":
//! "it is not your turn"}`), so the UI words it in the player's language and decides by the
//! code alone. The engine's and the store's errors keep their own codes.

use okey_core::error::RuleCode;
use okey_core::notation::NotationError;
use okey_core::practice::PracticeError;
use okey_core::problem::params;
use okey_core::r101::practice::Practice101Error;
use okey_core::r101::rules::Rules101Error;
use okey_core::r101::Error101;
use okey_core::{core_codes, Code, Coded, Face, Kind, Problem, RuleError, RulesError};
use okey_store::{ImportCode, StoreCode, StoreError};
use serde::{Serialize, Serializer};
use std::fmt;
use thiserror::Error;

/// Why the app refused or could not do what the UI asked.
#[derive(Debug, Error)]
pub enum AppError {
    /// The engine refused the action.
    #[error("{0}")]
    Rule(#[from] RuleError),
    /// The chosen rules cannot be played.
    #[error("these rules cannot be played: {0}")]
    Rules(#[from] RulesError),
    /// A command that needs a match while none is on the table.
    #[error("there is no game on the table: start a new game")]
    NoMatch,
    /// A tile id outside 0..=105.
    #[error("{0} is not a tile (tiles are numbered 0 to 105)")]
    NoSuchTile(i64),
    /// A slot outside the rack.
    #[error("there is no slot {0} on the rack (slots are 0 to 31)")]
    NoSuchSlot(i64),
    /// An action name the app does not know.
    #[error("unknown action {0:?}")]
    UnknownAction(String),
    /// An action that needs a tile was sent without one.
    #[error("choose a tile first")]
    TileNeeded,
    /// The seats of a new game do not fit the table.
    #[error("a game with {players} players needs {needed} bots, not {given}")]
    Seats {
        /// Players at the table.
        players: u8,
        /// Bots that table needs (all seats but the player's).
        needed: usize,
        /// Bots the request named.
        given: usize,
    },
    /// A bot level that players cannot choose.
    #[error("bots play easy, medium or hard; {0} is not offered")]
    Level(String),
    /// Saving or loading failed.
    #[error("{0}")]
    Store(#[from] StoreError),
    /// The saved games could not be opened when the app started; the problem says why.
    #[error("saved games are not available: {0}")]
    Saves(Problem),
    /// The platform gave the app no folder for its data.
    #[error("the app has no data folder ({0})")]
    NoDataFolder(String),
    /// A command that needs the saved games before the app has opened them.
    #[error("the app is still starting; try again")]
    Starting,
    /// A match id from the UI that cannot be one.
    #[error("{0} is not a saved game")]
    NoSuchMatch(i64),
    /// A finish the engine refused, explained by the first group on the player's rack that
    /// breaks a rule; `okey` is the okey's face when that group holds a false joker, which
    /// plays as that face only (R5).
    #[error(
        "{}: on your rack, {fault}{}",
        RuleError::NotAWin,
        FalseJokerNote(*.okey)
    )]
    WrongFinish {
        /// The group's fault.
        fault: RuleError,
        /// The okey's face, named when the group holds a false joker.
        okey: Option<Face>,
    },
    /// A tile or indicator written wrong, or more copies than the set holds (R2, R5).
    #[error("{0}")]
    Notation(#[from] NotationError),
    /// A practice hand, group or puzzle answer that cannot be checked.
    #[error("{0}")]
    Practice(#[from] PracticeError),
    /// A 101 practice rack that cannot be checked.
    #[error("{0}")]
    Practice101(#[from] Practice101Error),
    /// Work done off the UI thread stopped before it answered.
    #[error("the search stopped before it finished; try again")]
    Interrupted,
    /// A round that is still in play (its hands are secret) or that the match does not have.
    #[error(
        "round {0} cannot be replayed: it is still being played, or the match has no such round"
    )]
    NotReplayable(u32),
    /// The operating system gave no random numbers for a new deal (never on a working
    /// system; the clock is no substitute, as it would make the deal guessable).
    #[error("the system's random source failed ({0}); try again")]
    NoRandomSource(String),
    /// A saved match without a person at the bottom seat (one made by `okey autoplay`).
    #[error("this saved game has no seat for you: it can be replayed but not played")]
    NotPlayable,
    /// A lesson id the app does not know.
    #[error("there is no lesson {0:?}")]
    NoSuchLesson(String),
    /// The 101 engine refused the action.
    #[error("{0}")]
    Rule101(#[from] Error101),
    /// The chosen 101 rules cannot be played.
    #[error("these 101 rules cannot be played: {0}")]
    Rules101(#[from] Rules101Error),
    /// An opening or new melds asked for while the rack shows no meld.
    #[error("the rack shows no meld to lay: put the tiles of each meld side by side")]
    NoMeldsShown,
    /// A side of a run that is not `low` or `high`.
    #[error("{0:?} is not an end of a run (low or high)")]
    NoSuchSide(String),
    /// A table meld id from the UI that cannot be one.
    #[error("{0} is not a meld on the table")]
    NoSuchMeldId(i64),
    /// A lay-off or swap sent without the table meld it is for.
    #[error("choose a meld on the table first")]
    MeldNeeded,
    /// Groups of more tiles than a 101 hand holds (22).
    #[error("{0} tiles were sent as groups; a hand holds at most 22")]
    TooManyTiles(usize),
}

/// The English note on a false joker in a refused group.
struct FalseJokerNote(Option<Face>);

impl fmt::Display for FalseJokerNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(okey) => write!(f, " (a false joker is only the okey's face, here {okey})"),
            None => Ok(()),
        }
    }
}

okey_core::coded_error! {
    /// The codes of the shell's own errors, each declared with its error's params. With
    /// the engine's ([`core_codes`]), [`StoreCode`] and [`ImportCode`] they are every code the
    /// webview can receive.
    pub enum AppCode for AppError as this {
        AppError::NoMatch => NoMatch = "no_match";
        AppError::NoSuchTile(id) => NoSuchTile = "no_such_tile", params().number("id", *id);
        AppError::UnknownAction(action) => UnknownAction = "unknown_action",
            params().text("action", action.as_str());
        AppError::TileNeeded => TileNeeded = "tile_needed";
        AppError::Seats { players, needed, given } => BotsForSeats = "bots_for_seats",
            params()
                .number("players", *players)
                .count("needed", *needed)
                .count("given", *given);
        AppError::Level(level) => NoSuchLevel = "no_such_level",
            params().text("level", level.as_str());
        AppError::Saves(why) => SavesUnavailable = "saves_unavailable",
            params().problem("error", why);
        AppError::NoDataFolder(_) => NoDataFolder = "no_data_folder";
        AppError::Starting => Starting = "starting";
        AppError::NoSuchMatch(id) => NoSuchMatch = "no_such_match", params().number("id", *id);
        // `okey`, a face, only when the faulty group holds a false joker.
        AppError::WrongFinish { fault, okey } => FinishGroupsInvalid = "finish_groups_invalid",
        {
            let p = params().problem("fault", &fault.problem());
            match okey {
                Some(okey) => p.face("okey", *okey),
                None => p,
            }
        };
        AppError::Interrupted => Interrupted = "interrupted";
        AppError::NotReplayable(round) => NotReplayable = "not_replayable",
            params().number("round", *round);
        AppError::NotPlayable => NotPlayable = "not_playable";
        AppError::NoSuchLesson(id) => NoSuchLesson = "no_such_lesson",
            params().text("lesson", id.as_str());
        AppError::NoRandomSource(_) => NoRandomSource = "no_random_source";
        AppError::NoMeldsShown => NoMeldsShown = "no_melds_shown";
        AppError::NoSuchSide(side) => NoSuchSide = "no_such_side",
            params().text("side", side.as_str());
        AppError::NoSuchMeldId(id) => NoSuchMeldId = "no_such_meld_id",
            params().number("meld", *id);
        AppError::MeldNeeded => MeldNeeded = "meld_needed";
        AppError::TooManyTiles(given) => TooManyTiles = "too_many_tiles",
            params().count("given", *given);
    }
    // Wrapped errors keep their own code and words.
    passes {
        AppError::Rule(e) => e.problem().with_message(this);
        AppError::Rules(e) => e.problem().with_message(this);
        AppError::Store(e) => e.problem().with_message(this);
        AppError::Notation(e) => e.problem().with_message(this);
        AppError::Practice(e) => e.problem().with_message(this);
        AppError::Practice101(e) => e.problem().with_message(this);
        AppError::Rule101(e) => e.problem().with_message(this);
        AppError::Rules101(e) => e.problem().with_message(this);
        // The same fault as the engine's own slot check.
        AppError::NoSuchSlot(n) => Problem::new(
            RuleCode::NoSuchSlot,
            params().number("slot", *n).build(),
            this,
        );
    }
}

/// Every code the webview can receive: the engine's, the store's and the shell's.
pub fn all_codes() -> Vec<&'static str> {
    let store = StoreCode::ALL.iter().map(|c| c.as_str());
    let import = ImportCode::ALL.iter().map(|c| c.as_str());
    let app = AppCode::ALL.iter().map(|c| c.as_str());
    core_codes().chain(store).chain(import).chain(app).collect()
}

impl AppError {
    /// The refusal of a finish whose rack shows `fault`, with the okey's face named when the
    /// faulty group holds a false joker (the usual surprise, R5).
    pub fn wrong_finish(fault: RuleError, okey: Face) -> AppError {
        let group: &[Kind] = match &fault {
            RuleError::BadGroup(meld) => meld.group(),
            RuleError::NotAPair(kinds) => kinds,
            _ => &[],
        };
        let okey = group.contains(&Kind::FalseJoker).then_some(okey);
        AppError::WrongFinish { fault, okey }
    }
}

impl Serialize for AppError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // The webview gets data: the UI words the code in the player's language.
        self.problem().serialize(serializer)
    }
}
