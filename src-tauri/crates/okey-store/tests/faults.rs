//! Faults on real files: damaged records and logs go to quarantine by name while the other
//! matches load; a damaged database is moved aside; a locked one is reported as in use.

mod common;

use common::*;
use okey_store::{OpenError, Store, StoreError};

/// Changes the raw database while no store has it open.
fn tamper(dir: &std::path::Path, change: impl FnOnce(&sled::Db)) {
    let raw = raw_db(dir);
    change(&raw);
    raw.flush().unwrap();
}

/// Changes the bytes of one log entry.
fn edit_entry(
    dir: &std::path::Path,
    id: okey_store::MatchId,
    index: u32,
    change: impl FnOnce(&mut Vec<u8>),
) {
    tamper(dir, |db| {
        let log = db.open_tree("log").unwrap();
        let mut entry = log.get(log_key(id, index)).unwrap().unwrap().to_vec();
        change(&mut entry);
        log.insert(log_key(id, index), entry).unwrap();
    });
}

#[test]
fn a_header_that_does_not_decode_is_quarantined_and_the_others_list() {
    let dir = tempfile::tempdir().unwrap();
    let (bad, good) = two_matches(dir.path());
    tamper(dir.path(), |db| {
        let t = db.open_tree("matches").unwrap();
        t.insert(bad.0.to_be_bytes(), &b"{\"format\":1,\"rules\":"[..])
            .unwrap();
    });
    let store = open(dir.path());
    let listing = store.list().unwrap();
    assert_eq!(
        listing.matches.iter().map(|s| s.id).collect::<Vec<_>>(),
        vec![good]
    );
    assert_eq!(listing.set_aside.len(), 1);
    assert_eq!(listing.set_aside[0].name, bad.to_string());
    assert!(
        listing.set_aside[0].reason.contains("match header"),
        "{:?}",
        listing.set_aside
    );
    // Kept, not deleted: the quarantine holds the header and all 30 log entries.
    let q = store.quarantined().unwrap();
    assert_eq!(q.len(), 1);
    assert_eq!(q[0].records.iter().filter(|r| r.tree == "log").count(), 30);
    assert!(matches!(store.resume(bad), Err(StoreError::NotFound(_))));
    assert_eq!(store.resume(good).unwrap().state().log().len(), 30);
}

#[test]
fn a_log_entry_that_does_not_decode_is_quarantined_on_resume() {
    let dir = tempfile::tempdir().unwrap();
    let (bad, good) = two_matches(dir.path());
    tamper(dir.path(), |db| {
        db.open_tree("log")
            .unwrap()
            .insert(log_key(bad, 12), &[0, 1, 9][..])
            .unwrap();
    });
    let store = open(dir.path());
    let err = store.resume(bad).unwrap_err();
    assert!(
        matches!(&err, StoreError::Quarantined { id, reason } if *id == bad && reason.contains("entry 12")),
        "{err}"
    );
    assert_eq!(store.resume(good).unwrap().state().log().len(), 30);
    assert_eq!(store.list().unwrap().matches.len(), 1);
}

#[test]
fn a_log_that_does_not_replay_is_quarantined_naming_the_action() {
    let dir = tempfile::tempdir().unwrap();
    let (bad, good) = two_matches(dir.path());
    // Entry 3 becomes a well-formed NextRound in the middle of a round: it decodes, but the
    // engine refuses it.
    edit_entry(dir.path(), bad, 3, |entry| {
        entry[3..6].copy_from_slice(&[8, 0, 0])
    });
    let store = open(dir.path());
    let verified = store.verify().unwrap();
    assert_eq!(
        verified.good.iter().map(|g| g.0).collect::<Vec<_>>(),
        vec![good]
    );
    assert_eq!(verified.failed.len(), 1);
    assert_eq!(verified.failed[0].name, bad.to_string());
    assert!(
        verified.failed[0].reason.contains("action 4"),
        "{:?}",
        verified.failed
    );
    assert_eq!(store.quarantined().unwrap().len(), 1);
}

#[test]
fn a_state_that_differs_from_its_stored_hash_is_quarantined() {
    let dir = tempfile::tempdir().unwrap();
    let (bad, _) = two_matches(dir.path());
    edit_entry(dir.path(), bad, 29, |entry| {
        let last = entry.len() - 1;
        entry[last] ^= 1;
    });
    let err = open(dir.path()).resume(bad).unwrap_err();
    assert!(err.to_string().contains("after action 30"), "{err}");
}

#[test]
fn a_missing_log_entry_is_quarantined() {
    let dir = tempfile::tempdir().unwrap();
    let (bad, _) = two_matches(dir.path());
    tamper(dir.path(), |db| {
        db.open_tree("log")
            .unwrap()
            .remove(log_key(bad, 7))
            .unwrap();
    });
    let err = open(dir.path()).resume(bad).unwrap_err();
    assert!(err.to_string().contains("log entry 7 is missing"), "{err}");
}

#[test]
fn damaged_settings_are_quarantined_and_the_defaults_used() {
    let dir = tempfile::tempdir().unwrap();
    open(dir.path())
        .save_settings(&okey_store::Settings::default())
        .unwrap();
    tamper(dir.path(), |db| {
        db.open_tree("settings")
            .unwrap()
            .insert(b"settings", &b"not json"[..])
            .unwrap();
    });
    let store = open(dir.path());
    let (settings, fault) = store.settings().unwrap();
    assert_eq!(settings, okey_store::Settings::default());
    assert!(fault.unwrap().name.starts_with("settings/"));
    assert_eq!(store.quarantined().unwrap().len(), 1);
}

#[test]
fn a_damaged_database_is_moved_aside_and_a_fresh_one_started() {
    let dir = tempfile::tempdir().unwrap();
    two_matches(dir.path());
    let db_dir = dir.path().join(okey_store::DB_DIR_NAME);
    // Overwrite every file of the database with garbage, as a failing disk could.
    let mut damaged = Vec::new();
    for entry in walk(&db_dir) {
        let len = std::fs::metadata(&entry).unwrap().len().max(64) as usize;
        std::fs::write(&entry, vec![0xA5; len]).unwrap();
        damaged.push(entry);
    }
    assert!(!damaged.is_empty());
    let store = Store::open(dir.path()).unwrap();
    let (aside, why) = store.recovery().expect("the damage is reported");
    assert!(!why.is_empty());
    assert!(aside
        .file_name()
        .unwrap()
        .to_string_lossy()
        .starts_with("okey.db.damaged-"));
    // The old files are kept as they were.
    for file in damaged {
        let kept = aside.join(file.strip_prefix(&db_dir).unwrap());
        assert!(kept.exists(), "{} was kept", kept.display());
    }
    assert!(store.list().unwrap().matches.is_empty());
    let game = store.create(person_and_bots(1, 20)).unwrap();
    drop((game, store));
    assert_eq!(open(dir.path()).list().unwrap().matches.len(), 1);
}

#[test]
fn an_unreadable_data_file_is_not_taken_for_an_empty_database() {
    let dir = tempfile::tempdir().unwrap();
    two_matches(dir.path());
    // Only sled's data file is overwritten; its configuration is intact, so sled itself
    // would open an empty database without a word.
    let data = dir.path().join(okey_store::DB_DIR_NAME).join("db");
    let len = std::fs::metadata(&data).unwrap().len() as usize;
    std::fs::write(&data, vec![0xA5; len]).unwrap();
    let store = Store::open(dir.path()).unwrap();
    let (aside, why) = store.recovery().expect("the loss is reported");
    assert!(why.contains("cannot be read"), "{why}");
    // sled rewrites such a file as it opens it; the file kept aside is as it was before.
    let kept = std::fs::read(aside.join("db")).unwrap();
    assert_eq!(
        kept,
        vec![0xA5; len],
        "the damaged bytes are kept as they were"
    );
    assert!(!dir.path().join("okey.db.data-before-open").exists());
    assert!(store.list().unwrap().matches.is_empty());
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else {
            files.push(path);
        }
    }
    files
}

#[test]
fn a_database_in_use_is_reported_as_another_okey_running() {
    let dir = tempfile::tempdir().unwrap();
    let first = open(dir.path());
    let err = Store::open(dir.path()).unwrap_err();
    assert!(matches!(err, OpenError::Locked { .. }), "{err}");
    // The holder is named: here, this very process.
    let me = format!("(process {})", std::process::id());
    assert!(err.to_string().contains(&me), "{err}");
    // Nothing was moved aside for a lock.
    assert!(first.recovery().is_none());
    let entries: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(entries.len(), 1);
}

#[test]
fn a_database_of_a_newer_okey_is_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    two_matches(dir.path());
    tamper(dir.path(), |db| {
        db.open_tree("meta")
            .unwrap()
            .insert(b"format", &99u16.to_be_bytes()[..])
            .unwrap();
    });
    let err = Store::open(dir.path()).unwrap_err();
    assert!(matches!(err, OpenError::Newer { found: 99, .. }), "{err}");
    assert!(err.to_string().contains("update Okey"), "{err}");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}
