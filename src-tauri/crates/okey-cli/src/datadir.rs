//! Where the saved games live: `--data-dir`, else `OKEY_DATA_DIR`, else the directory the
//! Okey app itself uses, so the command sees the app's games.

use std::path::PathBuf;

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
