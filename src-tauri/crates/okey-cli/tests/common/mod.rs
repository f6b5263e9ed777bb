//! Helpers shared by the process tests (each test file uses some of them).
#![allow(dead_code)]

use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};

/// Runs `okey ARGS...` with `stdin` as its input, to its end.
pub fn okey(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_okey"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the okey binary starts");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_bytes())
        .expect("stdin takes the input");
    child.wait_with_output().expect("okey finishes")
}

/// Runs `okey ARGS...`, which must succeed, and reads the JSON it prints.
pub fn okey_json(args: &[&str]) -> serde_json::Value {
    let out = okey(args, "");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON on stdout")
}

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
