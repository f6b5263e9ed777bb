//! The saves' limits as the app meets them: saves another program holds are waited for at
//! start-up, then the holder is named and a Retry opens them; a full disk is said as such,
//! and the move that could not be saved is not shown as made.

use super::*;
use okey_store::Store;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::Command;

#[test]
fn locked_saves_are_waited_for_then_named_and_a_retry_opens_them() {
    let dir = tempfile::tempdir().unwrap();
    let holder = Store::open(dir.path()).unwrap();
    // The app starts while the saves are held, as by a running `okey` command.
    let (_app, webview) = mock_app(dir.path());
    let started = Instant::now();
    let refused = invoke(&webview, "list_saves", json!({})).unwrap_err();
    // The first screen got an answer only once the app had stopped waiting.
    assert!(
        started.elapsed() >= crate::table::LOCK_RETRY / 2,
        "{:?}",
        started.elapsed()
    );
    assert_eq!(refused["code"], "saves_unavailable", "{refused}");
    let locked = &refused["params"]["error"];
    assert_eq!(locked["code"], "saves_locked", "{refused}");
    // Here the holder is this very process: its pid and command line are named.
    assert_eq!(locked["params"]["pid"], std::process::id());
    let program = locked["params"]["program"].as_str().expect("a program");
    assert!(!program.is_empty());
    // Retrying while it is still held says so again.
    let again = invoke(&webview, "retry_saves", json!({})).unwrap_err();
    assert_eq!(again["params"]["error"]["code"], "saves_locked");
    drop(holder);
    let opened = invoke(&webview, "retry_saves", json!({})).expect("the saves open");
    assert_eq!(opened["matches"], json!([]));
    let setup = json!({"variant": "duz", "rules": {"players": 2}, "bots": ["easy"]});
    invoke(&webview, "new_game", json!({ "setup": setup })).expect("a game is saved");
}

#[test]
fn a_lock_that_goes_within_the_wait_is_not_even_noticed() {
    let dir = tempfile::tempdir().unwrap();
    let holder = Store::open(dir.path()).unwrap();
    let release = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(1500));
        drop(holder);
    });
    let table = Games::new();
    table.open_saves(dir.path());
    release.join().unwrap();
    assert!(table.saves().is_ok());
    table.new_duz(&setup(2, Level::Easy), None).unwrap();
}

/// A small tmpfs mounted on a fresh folder, unmounted when dropped: a disk that fills up.
struct SmallDisk {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

impl SmallDisk {
    /// None where no tmpfs can be mounted (not root): the test then says so and passes,
    /// except under CI (`CI` set), which runs as root and must run it.
    fn mount(size: &str) -> Option<SmallDisk> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("disk");
        std::fs::create_dir(&path).unwrap();
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(&path)
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !mounted {
            assert!(
                std::env::var_os("CI").is_none(),
                "mounting a tmpfs needs root, and CI runs as root"
            );
            eprintln!("skipped: mounting a tmpfs (a disk that fills up) needs root");
            return None;
        }
        Some(SmallDisk { _dir: dir, path })
    }

    /// Writes a file until the disk has no room left.
    fn fill(&self) -> PathBuf {
        use std::io::Write;
        let filler = self.path.join("filler");
        let mut file = std::fs::File::create(&filler).unwrap();
        let block = vec![7u8; 4096];
        while file.write_all(&block).is_ok() {}
        filler
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.path).status();
    }
}

/// Makes the next move at the table, a bot's or the player's (by `me`); the table before
/// it and the error, if it could not be saved.
fn try_next_move(table: &Games, me: &mut Bot) -> Option<(Moment, AppError)> {
    let before = seq_and_rack(table);
    let result = match table.plan() {
        Some(plan) => table.play_duz(plan).map(drop),
        None => {
            let view = table.current_duz().unwrap().expect("a match").view;
            me.observe(&view);
            let action = me.decide(&view).expect("the player has a move");
            table.act_duz(request_for(action)).map(drop)
        }
    };
    result.err().map(|e| (before, e))
}

/// The table at one moment, as far as the test compares it: the action count and the rack.
type Moment = (usize, Vec<Option<Tile>>);

fn seq_and_rack(table: &Games) -> Moment {
    let now = table.current_duz().unwrap().expect("a match");
    (now.seq, now.view.rack)
}

#[test]
fn a_full_disk_is_said_as_such_and_the_move_is_not_shown_as_made() {
    let Some(disk) = SmallDisk::mount("4m") else {
        return;
    };
    let saves: &Path = &disk.path;
    let table = Games::new();
    table.open_saves(saves);
    table.new_duz(&setup(2, Level::Easy), Some(31)).unwrap();
    let mut me = Bot::new(Level::Medium, 31);
    let filler = disk.fill();
    // sled writes into room it took earlier: the disk shows it is full some moves later.
    let (before, refused) = (0..2_000)
        .find_map(|_| try_next_move(&table, &mut me))
        .expect("the full disk refuses a move");
    let problem = okey_core::Coded::problem(&refused);
    assert_eq!(problem.code(), "disk_full", "{refused}");
    assert!(
        refused.to_string().contains("the disk is full"),
        "{refused}"
    );
    assert!(!refused.to_string().contains("code: 28"), "{refused}");
    // The table shows only what was saved: the refused action was not made. A draw is saved
    // before the rack move that lays the tile where the player's layout wants it, so the
    // disk may fill between the two; the draw then stands and the tile keeps the slot the
    // engine gave it.
    let shown = seq_and_rack(&table);
    assert!(
        shown == before || shown.0 == before.0 + 1,
        "{shown:?} after {before:?}"
    );
    drop(table);

    // Nothing saved before was lost: with room again, the match comes back as it was.
    std::fs::remove_file(filler).unwrap();
    let again = Games::new();
    again.open_saves(saves);
    let listed = again.saves().unwrap();
    let id = listed.matches[0].id;
    let resumed = again.resume_duz(id).unwrap();
    assert_eq!((resumed.seq, resumed.view.rack), shown);
}
