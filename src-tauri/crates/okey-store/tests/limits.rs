//! The hard limits of an import: only regular files (a FIFO is refused without waiting for
//! a writer), nothing over the size limit, no more than an excerpt of bad input in any
//! error, and never the same match twice.

mod common;

use common::{open, person_and_bots, play_out, played_levels};
use okey_core::Coded;
use okey_store::{ImportError, SavedGame, Store, StoreError, IMPORT_LIMIT};
use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

/// Imports `path` into a fresh store on another thread, failing the test rather than
/// hanging should the import block.
fn import_within_seconds(path: &Path) -> Result<okey_store::MatchId, StoreError> {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let path = path.to_path_buf();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(store.import_file(&path, &played_levels()));
    });
    rx.recv_timeout(Duration::from_secs(20))
        .expect("the import answers at once")
}

/// A short match (1 point to lose) played to its end in fresh saves.
fn finished_match(seed: u64) -> (tempfile::TempDir, Store, SavedGame) {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let mut game = store.create(person_and_bots(seed, 1)).unwrap();
    play_out(&mut game);
    (dir, store, game)
}

#[test]
fn a_fifo_a_directory_and_a_device_are_refused_without_reading() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.json");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    // Nobody ever writes to the pipe: reading it would wait for ever.
    let err = import_within_seconds(&fifo).unwrap_err();
    assert!(
        matches!(
            err,
            StoreError::Import(ImportError::NotAFile { what, .. }) if what.contains("FIFO")
        ),
        "{err}"
    );
    let p = err.problem();
    assert_eq!(p.code(), "import_not_a_file");
    assert_eq!(p.params()["what"], "fifo");

    let err = import_within_seconds(dir.path()).unwrap_err();
    assert_eq!(err.problem().code(), "import_not_a_file");
    assert_eq!(err.problem().params()["what"], "directory");

    let err = import_within_seconds(Path::new("/dev/zero")).unwrap_err();
    assert_eq!(err.problem().params()["what"], "device", "{err}");
}

#[test]
fn a_file_over_the_limit_is_refused_naming_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.json");
    // Sparse: the size is what counts, and nothing of it is read.
    std::fs::File::create(&big)
        .unwrap()
        .set_len(IMPORT_LIMIT + 1)
        .unwrap();
    let err = import_within_seconds(&big).unwrap_err();
    assert!(err.to_string().contains("the limit is 8 MiB"), "{err}");
    let p = err.problem();
    assert_eq!(p.code(), "import_too_large");
    assert_eq!(p.params()["limit_mib"], 8);
    assert_eq!(p.params()["size"], IMPORT_LIMIT + 1);

    // One byte under the limit is read (and refused for what it holds, not its size).
    let at_limit = dir.path().join("at-limit.json");
    std::fs::write(&at_limit, vec![b' '; IMPORT_LIMIT as usize]).unwrap();
    let err = import_within_seconds(&at_limit).unwrap_err();
    assert_eq!(err.problem().code(), "not_an_export", "{err}");
}

#[test]
fn errors_repeat_no_more_than_an_excerpt_of_bad_input() {
    let (dir, store, game) = finished_match(3);
    let good = serde_json::to_value(store.export(game.id()).unwrap()).unwrap();
    let long = "x".repeat(1_000_000);
    let path = dir.path().join("bad.json");
    let cases = [
        // A wrong kind, a value of the wrong type, a wrong hash, and text that is no JSON.
        ("kind", serde_json::json!(long)),
        ("format", serde_json::json!(long)),
        ("state_hash", serde_json::json!(long)),
    ];
    for (field, value) in cases {
        let mut bad = good.clone();
        bad[field] = value;
        std::fs::write(&path, serde_json::to_string(&bad).unwrap()).unwrap();
        let err = store
            .import_file(&path, &played_levels())
            .unwrap_err()
            .to_string();
        assert!(
            !err.contains(&"x".repeat(81)),
            "{field}: {} chars",
            err.len()
        );
        assert!(err.len() < 400, "{field}: {err}");
    }
    std::fs::write(&path, format!("{{\"format\": {long}")).unwrap();
    let err = store
        .import_file(&path, &played_levels())
        .unwrap_err()
        .to_string();
    assert!(err.len() < 400, "{err}");
}

#[test]
fn a_match_already_saved_is_refused_and_counted_once() {
    let (dir, store, game) = finished_match(12);
    let file = dir.path().join("match.json");
    store.export_to_file(game.id(), &file).unwrap();
    let before = store.statistics().unwrap();
    assert_eq!(before.tally.matches_played, 1);

    let err = store.import_file(&file, &played_levels()).unwrap_err();
    let p = err.problem();
    assert_eq!(p.code(), "import_already_saved", "{err}");
    assert_eq!(p.params()["id"], game.id().0);
    assert!(err.to_string().contains("already saved"), "{err}");
    let after = store.statistics().unwrap();
    assert_eq!(after.tally.matches_played, before.tally.matches_played);
    assert_eq!(after.tally.matches_won, before.tally.matches_won);
    assert_eq!(store.list().unwrap().matches.len(), 1);

    // Into other saves it goes once, and the second time is refused there too.
    let other = tempfile::tempdir().unwrap();
    let store2 = open(other.path());
    let id = store2.import_file(&file, &played_levels()).unwrap();
    let err = store2.import_file(&file, &played_levels()).unwrap_err();
    assert_eq!(err.problem().params()["id"], id.0);
    assert_eq!(store2.statistics().unwrap().tally.matches_played, 1);

    // Deleting the saved one lets the file back in.
    store.delete(game.id()).unwrap();
    store.import_file(&file, &played_levels()).unwrap();
    assert_eq!(store.statistics().unwrap().tally.matches_played, 1);
}
