//! The app's settings: language, bot speed, how tiles look and move, the rules and seats
//! chosen last, the assistant.

use crate::db::Store;
use crate::error::StoreError;
use crate::guard::guarded;
use crate::id::MatchId;
use crate::model::SeatKind;
use crate::quarantine::Fault;
use crate::record::{from_json, to_json, DecodeError};
use okey_core::r101::Rules101;
use okey_core::Rules;
use serde::{Deserialize, Serialize};

/// The key of the settings record.
const KEY: &[u8] = b"settings";
/// The settings' spare copy in the data directory.
const SETTINGS_COPY: &str = "settings.json";

/// How long bots wait before they act, so a person can follow the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum BotSpeed {
    /// About a second and a half per move.
    Slow,
    /// About seven tenths of a second per move.
    #[default]
    Normal,
    /// About a quarter second per move.
    Fast,
    /// No pause.
    Instant,
}

impl BotSpeed {
    /// The pause before a bot's move, in milliseconds.
    pub fn delay_ms(self) -> u64 {
        match self {
            BotSpeed::Slow => 1500,
            BotSpeed::Normal => 700,
            BotSpeed::Fast => 250,
            BotSpeed::Instant => 0,
        }
    }
}

/// The interface language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Language {
    /// The system's language when it is Turkish, English otherwise.
    #[default]
    Auto,
    /// English.
    En,
    /// Turkish.
    Tr,
}

impl Language {
    /// The setting's code: `auto`, `en` or `tr`.
    pub fn code(self) -> &'static str {
        match self {
            Language::Auto => "auto",
            Language::En => "en",
            Language::Tr => "tr",
        }
    }
}

/// The settings. Fields missing from a saved record take their defaults, so adding a setting
/// does not need a new format.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(default)]
pub struct Settings {
    /// The interface language.
    pub language: Language,
    /// How fast bots play.
    pub bot_speed: BotSpeed,
    /// Okeys carry a star on the rack.
    pub okey_mark: bool,
    /// Draws and discards are animated.
    pub animations: bool,
    /// The rules of the last match started, offered for the next one.
    pub last_rules: Rules,
    /// The seats of the last match started.
    pub last_seats: Vec<SeatKind>,
    /// The rules of the last Okey 101 match started, offered for the next one.
    pub last_rules101: Rules101,
    /// The seats of the last 101 match started; empty before the first.
    pub last_seats101: Vec<SeatKind>,
    /// Whether the hand assistant (distance, suggested discards) is shown.
    pub assistant: bool,
    /// Matches where the player hid the assistant (while `assistant` is on), oldest first,
    /// at most [`Settings::MAX_ASSISTANT_OFF`].
    pub assistant_off: Vec<MatchId>,
    /// Draws, discards, refusals and wins make a sound.
    pub sound: bool,
    /// Seconds the player has for a turn before it is played for them, 0 for no timer.
    pub turn_timer: u16,
    /// The Learn lessons the player finished, by id, each once.
    pub lessons_done: Vec<String>,
    /// Whether the home screen has offered Learn (it does once, on the first start).
    pub learn_offered: bool,
    /// The Learn lesson left in play, to go on with, after a restart too.
    pub lesson_in_play: Option<LessonInPlay>,
}

/// A Learn lesson in play: which, its match, and the step reached (from 0).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LessonInPlay {
    /// The lesson's id.
    pub id: String,
    /// Its match.
    pub game: MatchId,
    /// The step reached, from 0.
    pub step: u8,
}

impl Settings {
    /// Most matches remembered in `assistant_off`.
    pub const MAX_ASSISTANT_OFF: usize = 200;

    /// `assistant_off` with each match once (where it came last) and only the newest
    /// [`Settings::MAX_ASSISTANT_OFF`], so the record cannot grow without end.
    fn tidy(&mut self) {
        let mut seen = std::collections::HashSet::new();
        let mut newest_first: Vec<MatchId> = self
            .assistant_off
            .iter()
            .rev()
            .filter(|id| seen.insert(**id))
            .copied()
            .collect();
        newest_first.truncate(Self::MAX_ASSISTANT_OFF);
        newest_first.reverse();
        self.assistant_off = newest_first;
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            language: Language::Auto,
            bot_speed: BotSpeed::Normal,
            okey_mark: true,
            animations: true,
            last_rules: Rules::default(),
            last_seats: Vec::new(),
            last_rules101: Rules101::default(),
            last_seats101: Vec::new(),
            assistant: true,
            assistant_off: Vec::new(),
            sound: true,
            turn_timer: 0,
            lessons_done: Vec::new(),
            learn_offered: false,
            lesson_in_play: None,
        }
    }
}

impl Store {
    /// The saved settings, or the defaults if none were saved. A settings record that does
    /// not decode is moved to quarantine (reported in the second value) and the defaults
    /// are returned; one written by a newer Okey is left alone and the defaults returned.
    ///
    /// A copy is kept in `settings.json` beside the database: when sled cannot read its
    /// record (or lost it), the copy is used, and failing that the defaults; settings never
    /// make the open fail.
    pub fn settings(&self) -> Result<(Settings, Option<Fault>), StoreError> {
        let bytes = match guarded(|| self.trees.settings.get(KEY)) {
            Ok(Some(bytes)) => bytes,
            Ok(None) | Err(_) => return Ok((self.settings_copy(), None)),
        };
        match from_json::<Settings>("settings", &bytes) {
            Ok(s) => Ok((s, None)),
            Err(DecodeError::Newer { .. }) => Ok((Settings::default(), None)),
            Err(e) => {
                let fault = self.quarantine_record("settings", KEY, &e.to_string()).ok();
                Ok((self.settings_copy(), fault))
            }
        }
    }

    /// The settings of the JSON copy, or the defaults.
    fn settings_copy(&self) -> Settings {
        std::fs::read(self.dir().join(SETTINGS_COPY))
            .ok()
            .and_then(|b| from_json::<Settings>("settings copy", &b).ok())
            .unwrap_or_default()
    }

    /// Saves the settings durably, `assistant_off` tidied (see [`Settings::tidy`]); returns
    /// what was saved.
    pub fn save_settings(&self, settings: &Settings) -> Result<Settings, StoreError> {
        let mut settings = settings.clone();
        settings.tidy();
        let bytes = to_json(&settings)?;
        self.trees.settings.insert(KEY, bytes.clone())?;
        self.db.flush()?;
        // The copy is a spare: sled holds the settings, so failing to write it costs
        // nothing now. Written whole, then renamed, so it is never half a file.
        let tmp = self.dir().join(format!("{SETTINGS_COPY}.tmp"));
        if std::fs::write(&tmp, &bytes).is_ok() {
            let _ = std::fs::rename(&tmp, self.dir().join(SETTINGS_COPY));
        }
        Ok(settings)
    }
}
