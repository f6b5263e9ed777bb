//! Faults on real files: damaged records and logs are repaired from the journals, damage
//! to both copies restores the newest intact state and counts the loss, a match with
//! nothing left goes to quarantine by name; a damaged database is moved aside and rebuilt;
//! a locked one is reported as in use.

mod common;

use common::*;
use okey_core::r101::Action101;
use okey_store::{MatchId, OpenError, Store, StoreError, Variant};
use std::path::{Path, PathBuf};

/// Writes `value` at `key` of sled's `tree`, behind the store's back.
fn put(dir: &Path, tree: &str, key: impl AsRef<[u8]>, value: &[u8]) {
    tamper(dir, |db| {
        db.open_tree(tree).unwrap().insert(key, value).unwrap();
    });
}

/// Removes `keys` from sled's `tree`, behind the store's back.
fn remove(dir: &Path, tree: &str, keys: impl IntoIterator<Item = Vec<u8>>) {
    tamper(dir, |db| {
        let tree = db.open_tree(tree).unwrap();
        for key in keys {
            tree.remove(key).unwrap();
        }
    });
}

/// The actions of match `id` as the store resumes it.
fn actions(store: &Store, id: MatchId) -> usize {
    store.resume(id).unwrap().state().log().len()
}

/// Two matches of 30 actions in `dir`, opened once more so that sled writes a snapshot.
fn two_matches_and_a_snapshot(dir: &Path) -> (MatchId, MatchId) {
    let both = two_matches(dir);
    open(dir).list().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(50));
    both
}

/// Overwrites every snapshot file of the sled database in `db` with `byte`.
fn damage_snapshots(db: &Path, byte: u8) {
    let mut damaged = 0;
    for entry in std::fs::read_dir(db).unwrap() {
        let path = entry.unwrap().path();
        if path
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("snap.")
        {
            let len = std::fs::metadata(&path).unwrap().len() as usize;
            std::fs::write(&path, vec![byte; len]).unwrap();
            damaged += 1;
        }
    }
    assert!(damaged > 0, "sled wrote a snapshot");
}

#[test]
fn a_header_that_does_not_decode_is_rebuilt_from_the_journal_and_both_list() {
    let dir = tempfile::tempdir().unwrap();
    let (bad, good) = two_matches(dir.path());
    put(
        dir.path(),
        "matches",
        bad.0.to_be_bytes(),
        b"{\"format\":1,\"rules\":",
    );
    let store = open(dir.path());
    let repairs = store.repairs();
    assert_eq!(repairs.len(), 1, "{repairs:?}");
    assert_eq!(
        (repairs[0].id, repairs[0].lost, repairs[0].actions),
        (bad, 0, 30)
    );
    let listing = store.list().unwrap();
    assert_eq!(listing.matches.len(), 2);
    assert!(listing.set_aside.is_empty());
    assert_eq!(actions(&store, bad), 30);
    assert_eq!(actions(&store, good), 30);
}

#[test]
fn damaged_log_entries_are_repaired_from_the_journal_on_resume_and_verify() {
    let dir = tempfile::tempdir().unwrap();
    let (bad, good) = two_matches(dir.path());
    put(dir.path(), "log", log_key(bad, 12), &[0, 1, 9]);
    // A well-formed NextRound in the middle of a round: it decodes, the engine refuses it.
    edit_entry(dir.path(), good, 3, |entry| {
        entry[3..6].copy_from_slice(&[8, 0, 0])
    });
    let store = open(dir.path());
    assert_eq!(actions(&store, bad), 30);
    let verified = store.verify().unwrap();
    assert_eq!(verified.good.len(), 2);
    assert!(verified.failed.is_empty());
    let repaired: Vec<_> = store.repairs().iter().map(|r| (r.id, r.lost)).collect();
    assert!(
        repaired.contains(&(bad, 0)) && repaired.contains(&(good, 0)),
        "{repaired:?}"
    );
}

#[test]
fn a_rolled_back_log_is_noticed_and_the_lost_actions_restored() {
    let dir = tempfile::tempdir().unwrap();
    let (a, _) = two_matches(dir.path());
    // sled cut at a damaged record keeps an older state without a word: the last 10
    // actions of a are gone from it.
    remove(dir.path(), "log", (20..30).map(|n| log_key(a, n)));
    let store = open(dir.path());
    let repairs = store.repairs();
    assert_eq!(repairs.len(), 1);
    assert_eq!((repairs[0].id, repairs[0].lost), (a, 0));
    assert!(repairs[0].what.contains("last 10"), "{}", repairs[0].what);
    assert_eq!(actions(&store, a), 30);
}

#[test]
fn damage_to_both_copies_restores_the_newest_intact_state_and_counts_the_loss() {
    let dir = tempfile::tempdir().unwrap();
    let (bad, good) = two_matches(dir.path());
    remove(dir.path(), "log", [log_key(bad, 7)]);
    // The journal is cut inside action 5 (its header and actions 0-4 stay).
    let path = journal(dir.path(), bad);
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() - 25 * 35 - 10]).unwrap();
    let store = open(dir.path());
    let repairs = store.repairs();
    assert_eq!(repairs.len(), 1, "{repairs:?}");
    // Actions 0-6 are in sled, the journal has 0-4: 7 of 30 are back, 23 lost, said so.
    assert_eq!(
        (repairs[0].id, repairs[0].actions, repairs[0].lost),
        (bad, 7, 23)
    );
    assert_eq!(actions(&store, bad), 7);
    assert_eq!(actions(&store, good), 30);
    // What was replaced is kept.
    assert_eq!(store.quarantined().unwrap().len(), 1);
    assert_eq!(store.set_aside_journals().len(), 1);
}

#[test]
fn a_match_with_no_header_anywhere_is_quarantined_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let (bad, good) = two_matches(dir.path());
    remove(dir.path(), "matches", [bad.0.to_be_bytes().to_vec()]);
    std::fs::remove_file(journal(dir.path(), bad)).unwrap();
    let store = open(dir.path());
    let verified = store.verify().unwrap();
    assert!(verified.failed.is_empty(), "set aside at the open already");
    let q = store.quarantined().unwrap();
    assert_eq!(q.len(), 1);
    assert_eq!(q[0].fault.name, bad.to_string());
    assert_eq!(q[0].records.iter().filter(|r| r.tree == "log").count(), 30);
    assert_eq!(
        store
            .list()
            .unwrap()
            .matches
            .iter()
            .map(|m| m.id)
            .collect::<Vec<_>>(),
        vec![good]
    );
}

#[test]
fn damaged_settings_are_quarantined_and_the_defaults_used() {
    let dir = tempfile::tempdir().unwrap();
    open(dir.path())
        .save_settings(&okey_store::Settings::default())
        .unwrap();
    put(dir.path(), "settings", b"settings", b"not json");
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
    // The database's own words are kept beside its files, for whoever looks into them.
    let note = std::fs::read_to_string(aside.join(okey_store::DAMAGE_NOTE)).unwrap();
    assert_eq!(note.trim_end(), why);
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
    // Every match came back from its journal, with every action.
    let listing = store.list().unwrap();
    assert_eq!(listing.matches.len(), 2);
    assert!(listing.matches.iter().all(|m| m.actions == 30));
    assert!(store.repairs().is_empty(), "nothing was lost");
    let game = store.create(person_and_bots(1, 20)).unwrap();
    assert_eq!(game.id().0, 3, "ids are not handed out again");
    drop((game, store));
    assert_eq!(open(dir.path()).list().unwrap().matches.len(), 3);
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
    assert_eq!(store.list().unwrap().matches.len(), 2);
}

fn walk(dir: &Path) -> Vec<PathBuf> {
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
    put(dir.path(), "meta", b"format", &99u16.to_be_bytes());
    let err = Store::open(dir.path()).unwrap_err();
    assert!(matches!(err, OpenError::Newer { found: 99, .. }), "{err}");
    assert!(err.to_string().contains("update Okey"), "{err}");
    // Nothing moved aside: the database and the journals only.
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["journal", "okey.db"]);
}

#[test]
fn salvage_brings_back_every_match_of_a_set_aside_database_with_a_damaged_snapshot() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = two_matches_and_a_snapshot(dir.path());
    let db_dir = dir.path().join(okey_store::DB_DIR_NAME);
    let aside = dir.path().join("okey.db.damaged-test");
    std::fs::rename(&db_dir, &aside).unwrap();
    damage_snapshots(&aside, 0x5A);
    // No journals to help: only the set-aside database's own log.
    std::fs::remove_dir_all(dir.path().join(okey_store::JOURNAL_DIR_NAME)).unwrap();
    let before = std::fs::read(aside.join("db")).unwrap();
    let store = open(dir.path());
    assert!(store.list().unwrap().matches.is_empty());
    let (holds, unreadable) = store.inspect_set_aside(&aside);
    assert_eq!(unreadable, None);
    assert_eq!(
        holds.iter().map(|h| (h.id, h.actions)).collect::<Vec<_>>(),
        vec![(a, 30), (b, 30)]
    );
    let salvaged = store.salvage(&aside).unwrap();
    assert_eq!(salvaged.recovered.len(), 2, "{salvaged:?}");
    assert!(salvaged.recovered.iter().all(|r| r.lost == 0));
    assert_eq!(actions(&store, a), 30);
    assert_eq!(actions(&store, b), 30);
    // Salvaged again: nothing more to do. The set-aside files are as they were.
    let again = store.salvage(&aside).unwrap();
    assert_eq!(
        again
            .already
            .iter()
            .map(|r| (r.id, r.lost))
            .collect::<Vec<_>>(),
        vec![(a, 0), (b, 0)]
    );
    assert_eq!(std::fs::read(aside.join("db")).unwrap(), before);
    assert_eq!(store.set_aside_databases(), vec![aside]);
}

#[test]
fn salvage_of_a_damaged_101_match_brings_back_its_longest_intact_prefix_as_101() {
    let dir = tempfile::tempdir().unwrap();
    let (id, log) = {
        let store = open(dir.path());
        let game = bot_played101(&store, 43, 120);
        (game.id(), game.state().log().to_vec())
    };
    // The first lay-off after the first opening is damaged (it names a meld that is not
    // there), so what replays ends before it, with an opening in it.
    let opening = log
        .iter()
        .position(|(_, a)| matches!(a, Action101::Open(_)))
        .expect("an opening");
    let broken = (opening..log.len())
        .find(|&n| matches!(log[n].1, Action101::LayOff { .. }))
        .expect("a lay-off after the opening");
    // Layout of a lay-off: tag, tile, meld id (u16 BE), side.
    edit_entry(dir.path(), id, broken as u32, |entry| {
        entry[5] = 0xFF;
        entry[6] = 0xFF;
    });
    let aside = dir.path().join("okey.db.damaged-test");
    std::fs::rename(dir.path().join(okey_store::DB_DIR_NAME), &aside).unwrap();
    // No journals to help: only the set-aside database's own log.
    std::fs::remove_dir_all(dir.path().join(okey_store::JOURNAL_DIR_NAME)).unwrap();
    let store = open(dir.path());
    let (holds, _) = store.inspect_set_aside(&aside);
    assert_eq!(
        holds.iter().map(|h| (h.id, h.actions)).collect::<Vec<_>>(),
        vec![(id, broken as u32)]
    );
    let salvaged = store.salvage(&aside).unwrap();
    assert_eq!(salvaged.recovered.len(), 1, "{salvaged:?}");
    let r = &salvaged.recovered[0];
    assert_eq!(
        (r.id, r.actions, r.lost),
        (id, broken as u32, (log.len() - broken) as u32)
    );
    assert_eq!(store.variant(id).unwrap(), Variant::Okey101);
    assert!(matches!(
        store.resume(id),
        Err(StoreError::WrongVariant {
            variant: Variant::Okey101,
            ..
        })
    ));
    let game = store.resume101(id).unwrap();
    assert_eq!(game.state().log(), &log[..broken]);
    // Its score sheets are 101's, one per deal ended in what came back.
    let sheets = store.round_results101(id).unwrap();
    assert_eq!(sheets.len(), game.state().results().len());
    let listed = store.list().unwrap();
    assert_eq!(
        listed
            .matches
            .iter()
            .map(|m| (m.id, m.variant))
            .collect::<Vec<_>>(),
        vec![(id, Variant::Okey101)]
    );
}

#[test]
fn settings_sled_cannot_read_come_from_their_copy() {
    let dir = tempfile::tempdir().unwrap();
    let settings = okey_store::Settings {
        turn_timer: 30,
        ..Default::default()
    };
    open(dir.path()).save_settings(&settings).unwrap();
    put(dir.path(), "settings", b"settings", b"not json");
    let (read, fault) = open(dir.path()).settings().unwrap();
    assert_eq!(read.turn_timer, 30);
    assert!(fault.is_some(), "the damaged record is set aside");
}

#[test]
fn an_imported_match_has_its_journal_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let (a, _) = two_matches(dir.path());
    let store = open(dir.path());
    let export = store.export(a).unwrap();
    // The saves refuse a match they already hold: it is deleted first, as a player would.
    store.delete(a).unwrap();
    let id = store
        .import(&export, std::path::Path::new("x.json"), &played_levels())
        .unwrap();
    let bytes = std::fs::read(journal(dir.path(), id)).unwrap();
    let header = bytes.len() - 30 * 35;
    assert_eq!(
        u32::from_le_bytes(bytes[..4].try_into().unwrap()) as usize + 8,
        header
    );
}

#[test]
fn a_damaged_snapshot_is_moved_aside_and_the_database_opens_from_its_log() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = two_matches_and_a_snapshot(dir.path());
    damage_snapshots(&dir.path().join(okey_store::DB_DIR_NAME), 0);
    let store = open(dir.path());
    assert!(
        store.recovery().is_none(),
        "the database itself was not set aside"
    );
    assert!(store.repairs().is_empty());
    assert_eq!(actions(&store, a), 30);
    assert_eq!(actions(&store, b), 30);
    // The damaged snapshot is kept beside the database.
    let kept: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("okey.db.snapshot-damaged-"))
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
}

/// Zeroes 200 bytes in the middle of match `id`'s journal (its end stays intact, so a
/// glance at its tail sees nothing wrong).
fn damage_journal_inside(dir: &Path, id: MatchId) {
    let path = journal(dir, id);
    let mut bytes = std::fs::read(&path).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle - 100..middle + 100].fill(0);
    std::fs::write(&path, bytes).unwrap();
}

/// Overwrites every file of the database with garbage, as a failing disk could.
fn damage_database(dir: &Path) {
    for file in walk(&dir.join(okey_store::DB_DIR_NAME)) {
        let len = std::fs::metadata(&file).unwrap().len().max(64) as usize;
        std::fs::write(&file, vec![0xA5; len]).unwrap();
    }
}

#[test]
fn a_journal_damaged_inside_is_healed_by_a_verify_or_a_resume_so_a_second_fault_loses_nothing() {
    // A damaged journal, then a damaged database: what is lost depends on whether the
    // journal was healed in between (by a verify, a resume, or the app's background check).
    type Heal = fn(&Store, MatchId);
    let heals: [(&str, Option<Heal>); 4] = [
        ("nothing", None),
        ("verify", Some(|s, _| drop(s.verify().unwrap()))),
        ("resume", Some(|s, id| drop(s.resume(id).unwrap()))),
        (
            "check_journals",
            Some(|s, _| drop(s.check_journals().unwrap())),
        ),
    ];
    for (name, heal) in heals {
        let dir = tempfile::tempdir().unwrap();
        let (bad, good) = two_matches(dir.path());
        damage_journal_inside(dir.path(), bad);
        {
            let store = open(dir.path());
            if let Some(heal) = heal {
                heal(&store, bad);
                let said = store.repairs();
                assert!(
                    said.iter()
                        .any(|r| r.id == bad && r.lost == 0 && r.what.contains("journal")),
                    "{name}: {said:?}"
                );
            }
        }
        damage_database(dir.path());
        let store = open(dir.path());
        let lost: u32 = store.repairs().iter().map(|r| r.lost).sum();
        if heal.is_some() {
            assert_eq!(lost, 0, "{name}: {:?}", store.repairs());
            assert_eq!(actions(&store, bad), 30, "{name}");
        } else {
            // The failure the healing prevents: the second fault meets a damaged journal.
            assert!(lost > 0, "unhealed, the double fault loses actions");
        }
        assert_eq!(actions(&store, good), 30, "{name}");
    }
}
