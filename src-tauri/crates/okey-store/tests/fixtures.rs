//! Saves written by format 1 must stay readable: the records of a real database written by
//! this version, and an export file, are committed under `tests/fixtures/v1/` and read here.
//! A change that breaks them breaks this test; a new format adds a `v2/` beside it.
//!
//! To write the fixtures again (only when adding a format, never to make this test pass):
//! `OKEY_WRITE_FIXTURES=1 cargo test -p okey-store --test fixtures -- --ignored`.

mod common;

use common::*;
use okey_core::{Action, Slot};
use okey_store::{state_hash, BotSpeed, Language, MatchState, Settings, Store};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// One raw record: tree, key and value in hex.
#[derive(Debug, Serialize, Deserialize)]
struct Record {
    tree: String,
    key: String,
    value: String,
}

/// What the fixture database holds, written beside it.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Expected {
    /// (id, actions, round, state hash in hex, finished) per match, newest first.
    matches: Vec<(u64, usize, u32, String, bool)>,
    /// Scores per match, same order.
    scores: Vec<Vec<i32>>,
    /// Rounds with a stored result per match.
    results: Vec<usize>,
    settings_language: String,
    rounds_played: u32,
    rounds_won: u32,
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/v1")
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Vec<u8> {
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap())
        .collect()
}

fn expected_of(store: &Store) -> Expected {
    let listing = store.list().unwrap();
    let mut matches = Vec::new();
    let mut scores = Vec::new();
    let mut results = Vec::new();
    for s in &listing.matches {
        let game = store.resume(s.id).unwrap();
        matches.push((
            s.id.0,
            game.state().log().len(),
            s.round,
            format!("{:016x}", state_hash(game.state())),
            matches!(s.state, MatchState::Finished { .. }),
        ));
        scores.push(s.scores.clone());
        results.push(store.round_results(s.id).unwrap().len());
    }
    let stats = store.statistics().unwrap();
    Expected {
        matches,
        scores,
        results,
        settings_language: store.settings().unwrap().0.language.code().to_string(),
        rounds_played: stats.tally.rounds_played,
        rounds_won: stats.tally.rounds_won,
    }
}

#[test]
#[ignore = "writes the committed fixtures; run only when adding a format"]
fn write_fixtures() {
    if std::env::var_os("OKEY_WRITE_FIXTURES").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    // A finished match with a person, its rounds and results.
    let mut done = store.create(person_and_bots(2024, 7)).unwrap();
    play_out(&mut done);
    // A match in play, with the person's own rack layout.
    let mut live = store.create(person_and_bots(2025, 20)).unwrap();
    let mut bots = table(&live);
    play(&mut live, &mut bots, 57);
    let slots = live.state().round().rack(seat(0)).unwrap().slots().to_vec();
    let from = slots.iter().position(Option::is_some).unwrap() as u8;
    let to = slots.iter().rposition(Option::is_none).unwrap() as u8;
    live.apply(
        seat(0),
        Action::Move {
            from: Slot(from),
            to: Slot(to),
        },
    )
    .unwrap();
    store
        .save_settings(&Settings {
            language: Language::En,
            bot_speed: BotSpeed::Slow,
            assistant: false,
            ..Settings::default()
        })
        .unwrap();
    let out = fixtures();
    std::fs::create_dir_all(&out).unwrap();
    store
        .export_to_file(done.id(), &out.join("export.json"))
        .unwrap();
    let expected = expected_of(&store);
    drop((done, live, store));

    let raw = raw_db(dir.path());
    let mut records = Vec::new();
    for name in raw.tree_names() {
        if name.as_ref() == b"__sled__default" {
            continue;
        }
        let tree = raw.open_tree(&name).unwrap();
        for item in tree.iter() {
            let (k, v) = item.unwrap();
            records.push(Record {
                tree: String::from_utf8(name.to_vec()).unwrap(),
                key: hex(&k),
                value: hex(&v),
            });
        }
    }
    let lines: Vec<String> = records
        .iter()
        .map(|r| serde_json::to_string(r).unwrap())
        .collect();
    std::fs::write(out.join("records.jsonl"), lines.join("\n") + "\n").unwrap();
    std::fs::write(
        out.join("expected.json"),
        serde_json::to_string_pretty(&expected).unwrap() + "\n",
    )
    .unwrap();
}

/// A database holding exactly the fixture records.
fn fixture_db(dir: &Path) {
    let raw = raw_db(dir);
    let text = std::fs::read_to_string(fixtures().join("records.jsonl")).unwrap();
    for line in text.lines().filter(|l| !l.is_empty()) {
        let r: Record = serde_json::from_str(line).unwrap();
        raw.open_tree(&r.tree)
            .unwrap()
            .insert(unhex(&r.key), unhex(&r.value))
            .unwrap();
    }
    raw.flush().unwrap();
}

#[test]
fn records_written_by_format_1_still_read_resume_and_replay() {
    let dir = tempfile::tempdir().unwrap();
    fixture_db(dir.path());
    let store = open(dir.path());
    let expected: Expected =
        serde_json::from_str(&std::fs::read_to_string(fixtures().join("expected.json")).unwrap())
            .unwrap();
    assert_eq!(expected_of(&store), expected);
    assert!(store.quarantined().unwrap().is_empty());
    let (settings, _) = store.settings().unwrap();
    assert_eq!(settings.bot_speed, BotSpeed::Slow);
    assert!(!settings.assistant);
    // The match in play goes on from where it was saved.
    let live = expected.matches.iter().find(|m| !m.4).unwrap();
    let mut game = store.resume(okey_store::MatchId(live.0)).unwrap();
    let mut bots = table(&game);
    assert_eq!(play(&mut game, &mut bots, 5), 5);
}

#[test]
fn an_export_written_by_format_1_still_imports() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let id = store
        .import_file(&fixtures().join("export.json"), &played_levels())
        .unwrap();
    let expected: Expected =
        serde_json::from_str(&std::fs::read_to_string(fixtures().join("expected.json")).unwrap())
            .unwrap();
    let finished = expected.matches.iter().find(|m| m.4).unwrap();
    let game = store.resume(id).unwrap();
    assert_eq!(game.state().log().len(), finished.1);
    assert_eq!(format!("{:016x}", state_hash(game.state())), finished.3);
}

#[test]
fn saves_from_before_101_load_as_duz() {
    let dir = tempfile::tempdir().unwrap();
    fixture_db(dir.path());
    let store = open(dir.path());
    let listing = store.list().unwrap();
    assert_eq!(listing.matches.len(), 2);
    for s in &listing.matches {
        assert_eq!(s.variant, okey_store::Variant::Duz);
        assert_eq!((s.rules101, s.rounds_total), (None, None));
        assert_eq!(store.variant(s.id).unwrap(), okey_store::Variant::Duz);
        let err = store.resume101(s.id).unwrap_err();
        assert!(
            matches!(err, okey_store::StoreError::WrongVariant { .. }),
            "{err}"
        );
    }
    // Its 101 statistics are empty: nothing of Düz is counted there.
    let stats = store.statistics().unwrap();
    assert_eq!(stats.okey101, okey_store::Statistics101::default());
    assert!(stats.tally.rounds_played > 0);
}

#[test]
fn a_duz_save_written_now_is_still_format_1_without_a_variant() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let mut game = store.create(person_and_bots(7, 3)).unwrap();
    let mut bots = table(&game);
    play(&mut game, &mut bots, 20);
    let id = game.id();
    let export = serde_json::to_value(store.export(id).unwrap()).unwrap();
    assert_eq!(export["format"], 1);
    assert!(export.get("variant").is_none(), "{export}");
    drop((game, store));
    let raw = raw_db(dir.path());
    let head = raw
        .open_tree("matches")
        .unwrap()
        .get(id.0.to_be_bytes())
        .unwrap()
        .unwrap();
    let head: serde_json::Value = serde_json::from_slice(&head).unwrap();
    assert_eq!(head["format"], 1);
    assert!(head.get("variant").is_none(), "{head}");
    for item in raw
        .open_tree("log")
        .unwrap()
        .scan_prefix(id.0.to_be_bytes())
    {
        let (_, entry) = item.unwrap();
        assert_eq!((entry.len(), &entry[..2]), (22, &[0u8, 1][..]));
    }
    drop(raw);
    // And it reads back as Düz.
    let store = open(dir.path());
    assert_eq!(store.variant(id).unwrap(), okey_store::Variant::Duz);
    assert_eq!(store.resume(id).unwrap().state().log().len(), 20);
}
