//! The player's settings: language, bot speed, okey mark, animations. Kept in a small JSON
//! file in the app's data folder; a missing or unreadable file means the defaults.

use crate::error::AppError;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How fast bots play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Speed {
    /// Time to follow every tile.
    Slow,
    /// The pace of a calm table.
    #[default]
    Normal,
    /// Quick, still visible.
    Fast,
    /// No pause at all.
    Instant,
}

impl Speed {
    /// The pause before a bot's discard, finish or gösterge lands; draws take half of it, as a
    /// player picks up quicker than they choose what to throw.
    pub fn pause(self) -> Duration {
        Duration::from_millis(match self {
            Speed::Slow => 1600,
            Speed::Normal => 900,
            Speed::Fast => 350,
            Speed::Instant => 0,
        })
    }
}

/// The interface language; `Auto` follows the system (the webview's language).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Language {
    /// The system language when it is Turkish, English otherwise.
    #[default]
    Auto,
    /// English.
    En,
    /// Turkish.
    Tr,
}

/// Every setting of the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Interface language.
    pub language: Language,
    /// Bot speed.
    pub speed: Speed,
    /// Okeys carry a star on the rack.
    pub okey_mark: bool,
    /// Draws and discards are animated.
    pub animations: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            language: Language::Auto,
            speed: Speed::Normal,
            okey_mark: true,
            animations: true,
        }
    }
}

/// Where the settings of a data folder live.
pub fn path_in(dir: &Path) -> PathBuf {
    dir.join("settings.json")
}

impl Settings {
    /// The settings stored at `path`, or the defaults when there are none yet or the file
    /// is damaged (the player then simply sees the defaults and can set them again).
    pub fn load(path: &Path) -> Settings {
        std::fs::read(path)
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .unwrap_or_default()
    }

    /// Writes the settings to `path`, creating its folder.
    pub fn save(&self, path: &Path) -> Result<(), AppError> {
        let fail = |e: std::io::Error| AppError::Settings(e.to_string());
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(fail)?;
        }
        let json =
            serde_json::to_vec_pretty(self).map_err(|e| AppError::Settings(e.to_string()))?;
        // Written beside and renamed over, so a crash mid-write never leaves half a file.
        let tmp = path.with_extension("json.tmp");
        std::fs::write(&tmp, json).map_err(fail)?;
        std::fs::rename(&tmp, path).map_err(fail)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_through_their_file_and_survive_damage() {
        let dir = std::env::temp_dir().join(format!("okey-settings-{}", std::process::id()));
        let path = path_in(&dir);
        assert_eq!(Settings::load(&path), Settings::default());
        let mine = Settings {
            language: Language::Tr,
            speed: Speed::Instant,
            okey_mark: false,
            animations: false,
        };
        mine.save(&path).unwrap();
        assert_eq!(Settings::load(&path), mine);
        std::fs::write(&path, b"{not json").unwrap();
        assert_eq!(Settings::load(&path), Settings::default());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
