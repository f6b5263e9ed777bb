//! The hard limits of the `okey` command on its input, run on the real binary: what
//! `saves import` refuses, a batch line that is not text, read-only commands on a folder
//! without saves, and seeds that nothing visible gives away.

use serde_json::Value;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs `okey ARGS --data-dir DIR`, failing the test instead of hanging should it block.
fn okey_in(dir: &Path, args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_okey"))
        .args(args)
        .arg("--data-dir")
        .arg(dir)
        .env_remove("OKEY_DATA_DIR")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("okey runs");
    let started = Instant::now();
    while child.try_wait().expect("okey is waited for").is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("okey {args:?} did not finish");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("okey's output")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn ok_json(output: &Output) -> Value {
    assert_eq!(output.status.code(), Some(0), "{}", stderr(output));
    serde_json::from_slice(&output.stdout).expect("one JSON value")
}

/// A short all-bot match in `dir`, exported to `file`.
fn exported_match(dir: &Path, file: &Path) {
    let played = okey_in(dir, &["autoplay", "--bots", "easy,easy", "--rounds", "1"]);
    assert_eq!(played.status.code(), Some(0), "{}", stderr(&played));
    let export = okey_in(dir, &["saves", "export", "1", file.to_str().unwrap()]);
    assert_eq!(export.status.code(), Some(0), "{}", stderr(&export));
}

#[test]
fn import_refuses_a_fifo_at_once_and_a_file_over_the_limit_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.json");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let out = okey_in(dir.path(), &["saves", "import", fifo.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("is a FIFO (named pipe), not a file"),
        "{}",
        stderr(&out)
    );

    let big = dir.path().join("big.json");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(64 * 1024 * 1024)
        .unwrap();
    let out = okey_in(dir.path(), &["saves", "import", big.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("the limit is 8 MiB"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn an_error_repeats_only_an_excerpt_of_a_long_bad_value() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.json");
    let long = "y".repeat(5_000_000);
    std::fs::write(&bad, format!("{{\"format\": 1, \"kind\": \"{long}\"}}")).unwrap();
    let out = okey_in(dir.path(), &["saves", "import", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let said = stderr(&out);
    assert!(said.contains("is not an Okey match export"), "{said}");
    assert!(said.len() < 500, "{} bytes of error", said.len());
}

#[test]
fn importing_the_same_export_twice_is_refused_and_counted_once() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("m.json");
    exported_match(&dir.path().join("from"), &file);
    let to = dir.path().join("to");
    let first = okey_in(&to, &["saves", "import", file.to_str().unwrap(), "--json"]);
    assert_eq!(ok_json(&first)["imported"], 1);
    let again = okey_in(&to, &["saves", "import", file.to_str().unwrap()]);
    assert_eq!(again.status.code(), Some(2));
    assert!(
        stderr(&again).contains("holds match 1, which is already saved"),
        "{}",
        stderr(&again)
    );
    let list = ok_json(&okey_in(&to, &["saves", "list", "--json"]));
    assert_eq!(list["matches"].as_array().map(Vec::len), Some(1));
}

#[test]
fn read_only_commands_on_a_folder_without_saves_say_so_and_create_nothing() {
    let base = tempfile::tempdir().unwrap();
    let missing = base.path().join("mistyped");
    let export_to = base.path().join("out.json");
    let commands: [&[&str]; 9] = [
        &["autoplay", "--match", "1"],
        &["saves", "list"],
        &["saves", "show", "1"],
        &["saves", "verify"],
        &["saves", "export", "1", export_to.to_str().unwrap()],
        &["saves", "stats"],
        &["saves", "quarantine"],
        &["saves", "delete", "1"],
        &["saves", "restore", "1"],
    ];
    for args in commands {
        let out = okey_in(&missing, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("the folder does not exist")
                && stderr(&out).contains("nothing was created"),
            "{args:?}: {}",
            stderr(&out)
        );
        assert!(!missing.exists(), "{args:?} created the folder");
        // A folder that is there but holds no saves stays as it was too.
        let out = okey_in(base.path(), args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("holds no saved games"),
            "{}",
            stderr(&out)
        );
        let entries = std::fs::read_dir(base.path()).unwrap().count();
        assert_eq!(entries, 0, "{args:?} wrote into the folder");
    }
}

#[test]
fn a_batch_line_that_is_not_utf8_is_reported_by_number_and_the_rest_go_on() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_okey"))
        .args(["check", "--batch", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let hand = b"R4 R1 R2 R3 Y9 Y10 Y11 Y12 B1 B2 B3 K7 B7 Y7 r5\n";
    let mut input = hand.to_vec();
    input.extend(b"R4 R1 R2 \xc3\x28 Y9\n");
    input.extend(hand);
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2), "a bad line makes the status 2");
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON lines"))
        .collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines[0]["win"], true);
    assert_eq!(lines[1]["line"], 2);
    assert!(lines[1]["error"]
        .as_str()
        .is_some_and(|e| e.contains("not UTF-8")));
    assert_eq!(lines[2]["win"], true);
}

#[test]
fn autoplay_seeds_come_from_the_random_source_not_the_clock() {
    let dir = tempfile::tempdir().unwrap();
    let mut seeds = Vec::new();
    for id in 1..=3 {
        let played = okey_in(
            dir.path(),
            &["autoplay", "--bots", "easy,easy", "--rounds", "1"],
        );
        assert_eq!(played.status.code(), Some(0), "{}", stderr(&played));
        let shown = ok_json(&okey_in(
            dir.path(),
            &["saves", "show", &id.to_string(), "--json"],
        ));
        let seed = shown["seed"].as_u64().expect("a seed");
        let created_ms = shown["created_ms"].as_u64().expect("a time");
        // The clock in ms or ns, as seeds were before, would sit right by the creation time.
        assert!(
            seed.abs_diff(created_ms) > 1 << 40,
            "seed {seed} at {created_ms} ms"
        );
        let ns = u128::from(created_ms) * 1_000_000;
        assert!(
            u128::from(seed).abs_diff(ns) > 1 << 50,
            "seed {seed} at {created_ms} ms"
        );
        seeds.push(seed);
    }
    seeds.sort_unstable();
    seeds.dedup();
    assert_eq!(seeds.len(), 3, "{seeds:?}");
}
