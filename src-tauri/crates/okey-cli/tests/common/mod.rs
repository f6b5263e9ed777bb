//! Helpers shared by the process tests.

use std::path::Path;
use std::process::{Child, Command, Stdio};

/// Starts `okey autoplay --data-dir DIR ARGS...` with its output piped, for a test to read
/// the saved actions as they are printed (and kill it when it likes).
pub fn spawn_autoplay(dir: &Path, args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_okey"))
        .args(["autoplay", "--data-dir"])
        .arg(dir)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("okey starts")
}
