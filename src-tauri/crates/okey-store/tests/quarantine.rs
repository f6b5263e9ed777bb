//! Restoring from quarantine: a match set aside by a fault that was not damage comes back
//! and plays on; one that is still damaged, or whose id is taken, is refused by name and
//! stays in quarantine. Okey 101 matches come back as 101.

mod common;

use common::*;
use okey_core::r101::Action101;
use okey_store::{state_hash, state_hash101, MatchId, RestoreRefusal, StoreError, Variant};
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
        let aside = dir.join(okey_store::JOURNAL_DIR_NAME).join("quarantine");
        std::fs::create_dir_all(&aside).unwrap();
        std::fs::rename(journal(dir, id), aside.join(format!("{id}-test.okj"))).unwrap();
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
    std::fs::remove_file(journal(dir.path(), a)).unwrap();
    let store = open(dir.path());
    // Set aside by name when the store opened.
    assert!(matches!(store.resume(a), Err(StoreError::NotFound(_))));
    match store.restore(&a.to_string()) {
        Err(StoreError::NotRestored { name, reason }) => {
            assert_eq!(name, a.to_string());
            assert!(
                matches!(&reason, RestoreRefusal::Damaged(d) if d.contains("match header")),
                "{reason}"
            );
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
    assert!(
        matches!(&e, StoreError::NotRestored { reason: RestoreRefusal::IdInUse(id), .. } if *id == a),
        "{e}"
    );
    // The reason reaches an interface as a code of its own, with the id.
    let problem = okey_core::Coded::problem(&e);
    let why = &problem.params()["why"];
    assert_eq!(why["code"], "restore_id_in_use");
    assert_eq!(why["params"]["id"], a.to_string());
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

#[test]
fn a_101_match_set_aside_is_restored_as_101_and_plays_on() {
    let dir = tempfile::tempdir().unwrap();
    let (id, log, hash) = {
        let store = open(dir.path());
        let game = bot_played101(&store, 41, 120);
        let kinds = kinds101(game.state().log());
        assert!(
            kinds.contains_key("open") && kinds.contains_key("lay off"),
            "{kinds:?}"
        );
        let log = game.state().log().to_vec();
        (game.id(), log, state_hash101(game.state()))
    };
    set_aside_raw(dir.path(), id, false);
    let store = open(dir.path());
    assert!(store.list().unwrap().matches.is_empty());
    assert!(matches!(store.variant(id), Err(StoreError::NotFound(_))));

    assert_eq!(store.restore(&id.to_string()).unwrap(), id);
    assert!(store.quarantined().unwrap().is_empty());
    assert_eq!(store.variant(id).unwrap(), Variant::Okey101);
    assert!(matches!(
        store.resume(id),
        Err(StoreError::WrongVariant {
            variant: Variant::Okey101,
            ..
        })
    ));
    let mut game = store.resume101(id).unwrap();
    assert_eq!(game.state().log(), log);
    assert_eq!(state_hash101(game.state()), hash);
    let listed = store.list().unwrap();
    assert_eq!(listed.matches.len(), 1);
    assert_eq!(listed.matches[0].variant, Variant::Okey101);
    // It plays on and saves as before, its journal with it.
    let mut bots = table(&game);
    assert_eq!(play(&mut game, &mut bots, 10), 10);
    let now = game.state().log().to_vec();
    drop((game, store));
    std::fs::remove_dir_all(dir.path().join(okey_store::DB_DIR_NAME)).unwrap();
    let store = open(dir.path());
    assert_eq!(store.resume101(id).unwrap().state().log(), now);
}

#[test]
fn a_damaged_101_match_in_quarantine_is_refused_by_its_coded_reason_and_stays_there() {
    let dir = tempfile::tempdir().unwrap();
    let id = {
        let store = open(dir.path());
        bot_played101(&store, 42, 120).id()
    };
    // The first opening names a tile the seat does not hold: it no longer replays.
    let log = open(dir.path())
        .resume101(id)
        .unwrap()
        .state()
        .log()
        .to_vec();
    let opening = log
        .iter()
        .position(|(_, a)| matches!(a, Action101::Open(_)))
        .expect("an opening");
    let Action101::Open(melds) = &log[opening].1 else {
        unreachable!()
    };
    // Layout of an opening: tag, meld count n, n shape bytes, then the tiles.
    let first_tile = 3 + 2 + melds.len();
    let held: Vec<u8> = melds
        .iter()
        .flat_map(|m| &m.tiles)
        .map(|t| t.id())
        .collect();
    edit_entry(dir.path(), id, opening as u32, |entry| {
        let tile = entry[first_tile];
        entry[first_tile] = (1..106)
            .map(|k| (tile + k) % 106)
            .find(|t| !held.contains(t))
            .unwrap();
    });
    set_aside_raw(dir.path(), id, false);
    let store = open(dir.path());
    let err = store.restore(&id.to_string()).unwrap_err();
    let problem = okey_core::Coded::problem(&err);
    assert_eq!(problem.code(), "not_restored");
    assert_eq!(problem.params()["name"], id.to_string());
    match err {
        StoreError::NotRestored {
            reason: RestoreRefusal::Damaged(detail),
            ..
        } => {
            let action = format!("action {} ", opening + 1);
            assert!(detail.contains(&action), "{detail}");
        }
        other => panic!("{other:?}"),
    }
    let kept = store.quarantined().unwrap();
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].fault.name, id.to_string());
    assert!(matches!(store.resume101(id), Err(StoreError::NotFound(_))));
    assert!(store.list().unwrap().matches.is_empty());
}
