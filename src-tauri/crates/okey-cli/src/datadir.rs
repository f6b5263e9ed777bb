//! Where the saved games live: `--data-dir`, else `OKEY_DATA_DIR`, else the directory the
//! Okey app itself uses, so the command sees the app's games.

use okey_store::DB_DIR_NAME;
use std::path::{Path, PathBuf};

/// The environment variable that overrides the default data directory.
pub const ENV_VAR: &str = "OKEY_DATA_DIR";

/// The app's identifier (tauri.conf.json): Tauri keeps its data in the user's data
/// directory under this name, and so do we.
const APP_IDENTIFIER: &str = "app.okey.desktop";

/// The data directory to use, or why there is none.
pub fn resolve(flag: Option<PathBuf>) -> Result<PathBuf, String> {
    if let Some(dir) = flag {
        return Ok(dir);
    }
    if let Some(dir) = std::env::var_os(ENV_VAR).filter(|v| !v.is_empty()) {
        return Ok(PathBuf::from(dir));
    }
    directories::BaseDirs::new()
        .map(|b| b.data_dir().join(APP_IDENTIFIER))
        .ok_or_else(|| {
            format!("no home directory to keep saved games in: pass --data-dir or set {ENV_VAR}")
        })
}

/// Refuses a data directory without saved games, before anything opens it: a command that
/// only reads them must not create a folder and an empty database at a mistyped path.
pub fn must_hold_saves(dir: &Path) -> Result<(), String> {
    let why = if !dir.is_dir() {
        "the folder does not exist"
    } else if !dir.join(DB_DIR_NAME).is_dir() {
        "it holds no saved games"
    } else {
        return Ok(());
    };
    Err(format!(
        "no saved games in {}: {why} (is --data-dir or {ENV_VAR} right?); nothing was created",
        dir.display()
    ))
}
