//! Saves another program holds when the app starts: the app waits a few seconds, then names
//! the program and its process on the home screen, and the Retry button opens the saves
//! once it has let go.

use crate::app::App;
use crate::harness::wait_until;
use std::process::{Command, Stdio};

#[test]
fn saves_held_by_another_program_are_named_and_retry_opens_them() {
    let Some(mut app) = App::start("locked") else {
        return;
    };
    app.wait_for("[data-screen=home]");
    // The first start made the saves; now another program takes them before a restart.
    let db = app.home.join("data/app.okey.desktop/okey.db/db");
    wait_until("the saves to be made", || db.exists().then_some(()));
    app.quit();
    // util-linux's flock(1) takes the same kind of lock as the store, for as long as it runs
    // (-o: flock itself, not its command, holds it). The command, cat, ends when its input,
    // the test's pipe, closes.
    let mut holder = Command::new("flock")
        .arg("-o")
        .arg(&db)
        .arg("cat")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("flock(1) runs");
    app.launch();
    app.wait_for("[data-screen=home]");
    let named = wait_until("the holder named", || {
        app.text("[data-notice=no-saves]").filter(|t| !t.is_empty())
    });
    let pid = format!("process {}", holder.id());
    assert!(named.contains("flock") && named.contains(&pid), "{named}");
    app.screenshot("saves-locked");
    // Retrying while it still holds them says so again.
    app.click("[data-action=retry-saves]");
    wait_until("the retry to answer", || {
        let button = app.attr("[data-action=retry-saves]", "disabled");
        button.is_none().then_some(())
    });
    app.wait_for("[data-notice=no-saves]");
    let _ = holder.kill();
    let _ = holder.wait();
    drop(holder.stdin.take());
    app.click("[data-action=retry-saves]");
    wait_until("the notice to go", || {
        app.find("[data-notice=no-saves]").is_none().then_some(())
    });
    // The saves are open: the saved-games screen lists them (none yet) without a notice.
    app.click("[data-action=saves]");
    app.wait_for("[data-screen=saves] [data-empty]");
    assert!(app.find("[data-notice=no-saves]").is_none());
}
