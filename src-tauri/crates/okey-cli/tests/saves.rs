//! Runs the real `okey` binary on saved games: autoplay, then every `saves` subcommand, the
//! data directory's environment variable, and what the user sees on faults.

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn okey_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_okey"))
        .args(args)
        .arg("--data-dir")
        .arg(dir)
        .env_remove("OKEY_DATA_DIR")
        .stdin(Stdio::null())
        .output()
        .expect("okey runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn ok(output: &Output) -> String {
    assert_eq!(
        output.status.code(),
        Some(0),
        "stderr: {}",
        text(&output.stderr)
    );
    text(&output.stdout)
}

fn json(output: &Output) -> Value {
    serde_json::from_str(&ok(output)).expect("stdout is one JSON value")
}

/// Runs `okey` in `dir` and asserts it failed with `status`, with `message` among its errors.
fn fails(dir: &Path, args: &[&str], status: i32, message: &str) {
    let out = okey_in(dir, args);
    assert_eq!(out.status.code(), Some(status), "{args:?}");
    let err = text(&out.stderr);
    assert!(err.contains(message), "{args:?}: {err}");
}

/// Asserts that autoplay's output `out` saved each action of match 1 once, numbered on from
/// `from`, and stopped after `round`; returns how many it saved.
fn saved_once_each(out: &str, from: usize, round: u32) -> usize {
    let lines: Vec<&str> = out.lines().collect();
    let (last, saved) = lines.split_last().unwrap();
    assert_eq!(*last, format!("stopped 1 round {round}"));
    for (i, line) in saved.iter().enumerate() {
        assert_eq!(*line, format!("saved 1 {}", from + i));
    }
    saved.len()
}

/// Exports match 1 of `dir` to `name` there and imports it into an empty folder; returns
/// that folder's list.
fn exported_and_imported(dir: &Path, name: &str) -> Value {
    let file = dir.join(name);
    let file_arg = file.to_str().unwrap();
    ok(&okey_in(dir, &["saves", "export", "1", file_arg]));
    let other = tempfile::tempdir().unwrap();
    let imported = ok(&okey_in(other.path(), &["saves", "import", file_arg]));
    assert!(imported.contains("as match 1"), "{imported}");
    json(&okey_in(other.path(), &["saves", "list", "--json"]))
}

/// Plays a few rounds of an all-bot match in `dir`; returns the lines printed.
fn autoplay(dir: &Path, rounds: &str) -> Vec<String> {
    let out = okey_in(
        dir,
        &[
            "autoplay",
            "--bots",
            "easy,medium,easy",
            "--rounds",
            rounds,
            "--seed",
            "9",
        ],
    );
    ok(&out).lines().map(str::to_string).collect()
}

#[test]
fn autoplay_prints_each_saved_action_once_and_how_it_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let saved = saved_once_each(&autoplay(dir.path(), "2").join("\n"), 1, 2);
    // Resuming with more rounds carries on from the last saved action.
    let out = okey_in(dir.path(), &["autoplay", "--match", "1", "--rounds", "3"]);
    saved_once_each(&ok(&out), saved + 1, 3);
}

#[test]
fn list_show_verify_export_import_and_delete_work_together() {
    let dir = tempfile::tempdir().unwrap();
    let saved = autoplay(dir.path(), "2").len() - 1;

    let list = json(&okey_in(dir.path(), &["saves", "list", "--json"]));
    let first = &list["matches"][0];
    assert_eq!(first["id"], 1);
    assert_eq!(first["round"], 2);
    assert_eq!(first["actions"], saved);
    assert_eq!(
        first["seats"],
        serde_json::json!(["easy", "medium", "easy"])
    );
    assert_eq!(first["scores"].as_array().unwrap().len(), 3);
    let table = ok(&okey_in(dir.path(), &["saves", "list"]));
    assert!(
        table.contains("easy medium easy") && table.contains("in play"),
        "{table}"
    );

    let show = ok(&okey_in(dir.path(), &["saves", "show", "1"]));
    assert!(
        show.contains("round   1:") && show.contains("seat 1: medium"),
        "{show}"
    );
    let moves = json(&okey_in(
        dir.path(),
        &["saves", "show", "1", "--round", "1", "--json"],
    ));
    let moves = moves["moves"].as_array().unwrap();
    assert!(moves.len() > 10);
    assert_eq!(moves[0]["index"], 0);
    fails(
        dir.path(),
        &["saves", "show", "1", "--round", "9"],
        2,
        "no round 9",
    );

    let verify = ok(&okey_in(dir.path(), &["saves", "verify"]));
    assert_eq!(verify.trim(), format!("ok 1 ({saved} actions, 2 rounds)"));

    let again = exported_and_imported(dir.path(), "one.json");
    assert_eq!(again["matches"][0]["actions"], saved);

    assert!(ok(&okey_in(dir.path(), &["saves", "delete", "1"])).contains("deleted match 1"));
    let empty = ok(&okey_in(dir.path(), &["saves", "list"]));
    assert!(empty.contains("no saved matches"), "{empty}");
    fails(dir.path(), &["saves", "show", "1"], 2, "no saved match 1");
}

#[test]
fn the_environment_variable_chooses_the_data_directory() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_okey"))
        .args(["autoplay", "--bots", "easy,easy", "--rounds", "1"])
        .env("OKEY_DATA_DIR", dir.path())
        .output()
        .unwrap();
    ok(&out);
    assert!(dir.path().join("okey.db").is_dir());
    assert_eq!(
        json(&okey_in(dir.path(), &["saves", "list", "--json"]))["matches"][0]["id"],
        1
    );
}

#[test]
fn a_match_damaged_in_both_copies_is_restored_and_named_with_the_actions_lost() {
    let dir = tempfile::tempdir().unwrap();
    autoplay(dir.path(), "1");
    autoplay(dir.path(), "1");
    let before = json(&okey_in(dir.path(), &["saves", "list", "--json"]));
    let had = before["matches"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["id"] == 2)
        .unwrap()["actions"]
        .as_u64()
        .unwrap();
    {
        // Entry 2 of match 2 becomes a well-formed "next round" in mid-round.
        let db = okey_store::sled_config(&dir.path().join("okey.db"))
            .open()
            .unwrap();
        let log = db.open_tree("log").unwrap();
        let mut key = 2u64.to_be_bytes().to_vec();
        key.extend_from_slice(&2u32.to_be_bytes());
        let mut entry = log.get(&key).unwrap().unwrap().to_vec();
        entry[3..6].copy_from_slice(&[8, 0, 0]);
        log.insert(key, entry).unwrap();
        db.flush().unwrap();
    }
    // And its journal is gone: only actions 1 and 2 can be trusted.
    std::fs::remove_file(dir.path().join("journal").join("2.okj")).unwrap();
    let out = okey_in(dir.path(), &["saves", "verify"]);
    let stdout = ok(&out);
    assert!(
        stdout.contains("ok 1 ") && stdout.contains("ok 2 (2 actions"),
        "{stdout}"
    );
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(&format!(
            "match 2 was damaged on disk and restored to its newest intact state: 2 of {had} \
             confirmed actions; {} could not be recovered",
            had - 2
        )),
        "{stderr}"
    );
    // The damaged copy is kept, and says what it holds.
    let quarantine = ok(&okey_in(dir.path(), &["saves", "quarantine"]));
    assert!(quarantine.starts_with("2  "), "{quarantine}");
    assert!(
        quarantine.contains(&format!("{had} actions")),
        "{quarantine}"
    );
    fails(dir.path(), &["saves", "restore", "2"], 1, "is in use");
    let unknown = "nothing named \"9\" is in quarantine";
    fails(dir.path(), &["saves", "restore", "9"], 2, unknown);
}

#[test]
fn a_damaged_database_is_kept_aside_rebuilt_and_salvaged() {
    let dir = tempfile::tempdir().unwrap();
    autoplay(dir.path(), "1");
    std::fs::write(dir.path().join("okey.db").join("conf"), b"\xff\xfe garbage").unwrap();
    let out = okey_in(dir.path(), &["saves", "list"]);
    let stdout = ok(&out);
    // Rebuilt from its journal.
    assert!(
        stdout.lines().any(|l| l.trim_start().starts_with("1 ")),
        "{stdout}"
    );
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("damaged") && stderr.contains("okey.db.damaged-"),
        "{stderr}"
    );
    let kept = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("okey.db.damaged-")
        })
        .count();
    assert_eq!(kept, 1);
    // The database's own words are in the kept folder's note, not in the message.
    let aside = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .find(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("okey.db.damaged-")
        })
        .unwrap()
        .path();
    let note = std::fs::read_to_string(aside.join("damage.txt")).unwrap();
    assert!(!note.trim().is_empty());
    assert!(!stderr.contains(note.trim()), "{stderr}");
    assert!(stderr.contains("damage.txt"), "{stderr}");
    let quarantine = ok(&okey_in(dir.path(), &["saves", "quarantine"]));
    assert!(quarantine.contains("damaged database"), "{quarantine}");
    // Everything it holds is here already.
    let salvage = ok(&okey_in(dir.path(), &["saves", "salvage"]));
    assert!(salvage.contains("match 1 is already here"), "{salvage}");
}

#[test]
fn a_database_in_use_by_another_okey_is_refused_with_a_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    let mut running = Command::new(env!("CARGO_BIN_EXE_okey"))
        // Hard bots think long enough that the match is still on when `list` gives up
        // waiting for the lock.
        .args(["autoplay", "--bots", "hard,hard,hard,hard", "--data-dir"])
        .arg(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Wait until it has the database: its first saved action.
    // The reader stays open until the end: closing it would end autoplay (broken pipe).
    let mut reader = std::io::BufReader::new(running.stdout.take().unwrap());
    let mut first = String::new();
    std::io::BufRead::read_line(&mut reader, &mut first).unwrap();
    assert!(first.starts_with("saved 1 "), "{first}");
    let out = okey_in(dir.path(), &["saves", "list"]);
    running.kill().unwrap();
    running.wait().unwrap();
    drop(reader);
    assert_eq!(out.status.code(), Some(1));
    // The program that holds them is named, with its process id.
    let said = text(&out.stderr);
    assert!(said.contains("okey autoplay --bots hard"), "{said}");
    assert!(
        said.contains(&format!("(process {})", running.id())),
        "{said}"
    );
}

#[test]
fn bad_input_is_refused_with_status_2() {
    let dir = tempfile::tempdir().unwrap();
    // No saves at all yet: said so, and nothing is created.
    let dir = dir.path();
    fails(
        dir,
        &["autoplay", "--match", "7"],
        2,
        "holds no saved games",
    );
    let bad_level = ["autoplay", "--bots", "easy,expert"];
    fails(dir, &bad_level, 2, "unknown bot level \"expert\"");
    fails(
        dir,
        &["autoplay", "--bots", "easy,easy,easy,easy,easy"],
        2,
        "players",
    );
    let bad_file = dir.join("nope.json");
    std::fs::write(&bad_file, "[1, 2]").unwrap();
    let import = ["saves", "import", bad_file.to_str().unwrap()];
    fails(dir, &import, 2, "is not an Okey match export");
    // Saves there now (the import opened them): an unknown match is named.
    fails(dir, &["autoplay", "--match", "7"], 2, "no saved match 7");
}

#[test]
fn autoplay_plays_and_saves_a_101_match_that_saves_list_show_verify_and_move() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "autoplay",
        "--variant",
        "101",
        "--bots",
        "easy,medium,easy,medium",
        "--rounds",
        "1",
        "--seed",
        "5",
    ];
    let saved = saved_once_each(&ok(&okey_in(dir.path(), &args)), 1, 1);
    // Resumed as the 101 match it is, from its last saved action.
    let more = ok(&okey_in(
        dir.path(),
        &["autoplay", "--match", "1", "--rounds", "2"],
    ));
    let actions = saved + saved_once_each(&more, saved + 1, 2);

    let list = json(&okey_in(dir.path(), &["saves", "list", "--json"]));
    let m = &list["matches"][0];
    assert_eq!(m["variant"], "101");
    assert_eq!(
        (m["rounds_played"].as_u64(), m["rounds_total"].as_u64()),
        (Some(2), Some(11))
    );
    assert_eq!(m["actions"], actions);
    assert_eq!(m["rules"]["rounds"], 11);
    let table = ok(&okey_in(dir.path(), &["saves", "list"]));
    assert!(table.contains(" 101 ") && table.contains("2/11"), "{table}");

    let show = ok(&okey_in(dir.path(), &["saves", "show", "1"]));
    assert!(
        show.starts_with("match 1 (101): in play, round 2 of 11 played")
            && show.contains("deal  1 (round 1)"),
        "{show}"
    );
    let round = json(&okey_in(
        dir.path(),
        &["saves", "show", "1", "--round", "2", "--json"],
    ));
    assert_eq!(round["variant"], "101");
    assert_eq!(round["totals"].as_array().unwrap().len(), 4);
    assert!(round["moves"].as_array().unwrap().len() > 10);

    let verify = ok(&okey_in(dir.path(), &["saves", "verify"]));
    assert!(
        verify.starts_with(&format!("ok 1 ({actions} actions, ")),
        "{verify}"
    );

    let again = exported_and_imported(dir.path(), "m101.json");
    assert_eq!(again["matches"][0]["variant"], "101");
    assert_eq!(again["matches"][0]["actions"], actions);

    // Bots only: kept apart, counted as such.
    let stats = json(&okey_in(dir.path(), &["saves", "stats", "--json"]));
    assert_eq!(stats["okey101"]["bot_only_matches"], 1);
    assert_eq!(stats["bot_only_matches"], 0);
}
