//! Restoring from quarantine: a match set aside by a fault that was not damage comes back
//! and plays on; one that is still damaged, or whose id is taken, is refused by name and
//! stays in quarantine.

mod common;

use common::*;
use okey_store::{state_hash, MatchId, StoreError};
use std::path::Path;

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Sets a match aside as the store does (every record, as it was, in one quarantine entry),
/// standing for a fault that was not damage: a false alarm of an older version, say.
/// With `keep`, its records also stay where they were.
fn set_aside_raw(dir: &Path, id: MatchId, keep: bool) {
    let db = raw_db(dir);
    let mut records = Vec::new();
    for name in ["matches", "status", "rounds", "log"] {
        let tree = db.open_tree(name).unwrap();
        for item in tree.scan_prefix(id.0.to_be_bytes()) {
            let (k, v) = item.unwrap();
            records.push(serde_json::json!({"tree": name, "key": hex(&k), "value": hex(&v)}));
            if !keep {
                tree.remove(k).unwrap();
            }
        }
    }
    let entry = serde_json::json!({
        "format": 1,
        "fault": {"name": id.to_string(), "reason": "a fault that was not damage"},
        "at_ms": 1,
        "records": records,
    });
    db.open_tree("quarantine")
        .unwrap()
        .insert(1u64.to_be_bytes(), serde_json::to_vec(&entry).unwrap())
        .unwrap();
    db.flush().unwrap();
    if !keep {
        // The store sets a match's journal aside with it.
        let journal = dir
            .join(okey_store::JOURNAL_DIR_NAME)
            .join(format!("{id}.okj"));
        let aside = dir.join(okey_store::JOURNAL_DIR_NAME).join("quarantine");
        std::fs::create_dir_all(&aside).unwrap();
        std::fs::rename(journal, aside.join(format!("{id}-test.okj"))).unwrap();
    }
}

#[test]
fn a_match_set_aside_by_a_fault_that_was_not_damage_is_restored_and_plays_on() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = two_matches(dir.path());
    let hash = state_hash(open(dir.path()).resume(a).unwrap().state());
    set_aside_raw(dir.path(), a, false);
    let store = open(dir.path());
    let ids = |store: &okey_store::Store| -> Vec<MatchId> {
        store.list().unwrap().matches.iter().map(|s| s.id).collect()
    };
    assert_eq!(ids(&store), vec![b]);
    assert_eq!(store.quarantined().unwrap().len(), 1);

    assert_eq!(store.restore(&a.to_string()).unwrap(), a);
    assert!(store.quarantined().unwrap().is_empty());
    let mut listed = ids(&store);
    listed.sort();
    assert_eq!(listed, vec![a, b]);
    let mut game = store.resume(a).unwrap();
    assert_eq!(game.state().log().len(), 30);
    assert_eq!(state_hash(game.state()), hash);
    // It plays on and saves as before.
    let mut bots = table(&game);
    play(&mut game, &mut bots, 10);
    drop(game);
    assert_eq!(store.resume(a).unwrap().state().log().len(), 40);
}

#[test]
fn a_match_still_damaged_is_refused_by_reason_and_stays_in_quarantine() {
    let dir = tempfile::tempdir().unwrap();
    let (a, _) = two_matches(dir.path());
    {
        // A lost action: entry 12 goes missing, so the log has a gap.
        let db = raw_db(dir.path());
        db.open_tree("log").unwrap().remove(log_key(a, 12)).unwrap();
        db.flush().unwrap();
    }
    // Without its journal and its header there is nothing to rebuild it from.
    {
        let db = raw_db(dir.path());
        let head = db.open_tree("matches").unwrap();
        let bytes = head.get(a.0.to_be_bytes()).unwrap().unwrap();
        head.insert(a.0.to_be_bytes(), &bytes[..10]).unwrap();
        db.flush().unwrap();
    }
    std::fs::remove_file(
        dir.path()
            .join(okey_store::JOURNAL_DIR_NAME)
            .join(format!("{a}.okj")),
    )
    .unwrap();
    let store = open(dir.path());
    // Set aside by name when the store opened.
    assert!(matches!(store.resume(a), Err(StoreError::NotFound(_))));
    match store.restore(&a.to_string()) {
        Err(StoreError::NotRestored { name, reason }) => {
            assert_eq!(name, a.to_string());
            assert!(reason.contains("match header"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(store.quarantined().unwrap().len(), 1);
    assert!(matches!(store.resume(a), Err(StoreError::NotFound(_))));
}

#[test]
fn a_match_whose_id_is_taken_is_refused_and_stays_in_quarantine() {
    let dir = tempfile::tempdir().unwrap();
    let (a, _) = two_matches(dir.path());
    set_aside_raw(dir.path(), a, true);
    let store = open(dir.path());
    let e = store.restore(&a.to_string()).unwrap_err();
    assert!(e.to_string().contains("is in use"), "{e}");
    assert_eq!(store.quarantined().unwrap().len(), 1);
    assert_eq!(store.resume(a).unwrap().state().log().len(), 30);
}

#[test]
fn restoring_a_name_not_in_quarantine_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    assert!(matches!(
        store.restore("7"),
        Err(StoreError::NotQuarantined(name)) if name == "7"
    ));
}
