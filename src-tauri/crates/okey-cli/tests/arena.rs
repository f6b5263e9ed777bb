//! `okey arena` run as a real process.

use std::process::Command;

fn okey(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_okey"))
        .args(args)
        .output()
        .expect("okey runs")
}

/// Runs `okey` and asserts it succeeded, showing its errors when not.
fn okey_ok(args: &[&str]) -> std::process::Output {
    let out = okey(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// Asserts `okey` refuses the arguments as bad input, with `message` among its errors.
fn refused(args: &[&str], message: &str) {
    let out = okey(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(message), "{args:?}: {err}");
}

/// `okey arena` (with `variant`'s arguments first) of 8 duplicate rounds, seed 3, with three
/// levels on four seats, as JSON.
fn arena_json(variant: &[&str]) -> serde_json::Value {
    let mut args = vec!["arena"];
    args.extend(variant);
    args.extend([
        "--seats",
        "medium,easy,easy,random",
        "--rounds",
        "8",
        "--seed",
        "3",
        "--duplicate",
        "--json",
    ]);
    serde_json::from_slice(&okey_ok(&args).stdout).unwrap()
}

/// Asserts the report of [`arena_json`] counts its 8 rounds, each won by one level or by
/// none, and that each level's figures have `keys`; returns the figures by level.
fn levels_of_8_rounds<'a>(
    v: &'a serde_json::Value,
    keys: &[&str],
) -> &'a serde_json::Map<String, serde_json::Value> {
    assert_eq!(v["rounds"], 8);
    let bots = v["bots"].as_object().unwrap();
    assert_eq!(bots.len(), 3);
    let mut wins = v["no_winner"].as_u64().unwrap();
    for (name, b) in bots {
        for key in keys {
            assert!(b.get(key).is_some(), "{name} lacks {key}");
        }
        wins += b["wins"].as_u64().unwrap();
    }
    assert_eq!(wins, 8, "every round has one winning level or none");
    bots
}

/// The keys of a level's figures in both arenas.
const LEVEL_KEYS: [&str; 8] = [
    "seats",
    "wins",
    "share",
    "ci95",
    "finishes",
    "points_lost_per_round",
    "decision_ms_median",
    "decision_ms_p95",
];

#[test]
fn arena_json_has_the_documented_keys_and_counts_every_round() {
    let v = arena_json(&[]);
    assert!(v["rounds_per_s"].as_f64().unwrap() > 0.0);
    for b in levels_of_8_rounds(&v, &LEVEL_KEYS).values() {
        let (lo, hi) = (
            b["ci95"][0].as_f64().unwrap(),
            b["ci95"][1].as_f64().unwrap(),
        );
        let share = b["share"].as_f64().unwrap();
        assert!(lo <= share && share <= hi);
    }
    assert_eq!(v["bots"]["easy"]["seats"], 2);
}

#[test]
fn arena_text_names_each_level() {
    let out = okey_ok(&["arena", "--seats", "easy,random", "--rounds", "4"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("4 rounds"), "{text}");
    assert!(
        text.contains("\neasy ") && text.contains("\nrandom "),
        "{text}"
    );
}

#[test]
fn arena_refuses_bad_seats_and_rules_by_name() {
    for (args, message) in [
        (
            vec!["--seats", "easy,expert"],
            "unknown seat \"expert\": use random, easy, medium, hard or external",
        ),
        (
            vec!["--seats", "easy,external"],
            "--seats names an external seat but no --external program is given",
        ),
        (
            vec!["--seats", "easy,easy", "--external", "okey bot"],
            "--external is given but --seats names no external seat",
        ),
        (
            vec![
                "--seats",
                "easy,external",
                "--external",
                "okey bot",
                "--external-timeout",
                "0",
            ],
            "--external-timeout 0 is not a positive number of seconds",
        ),
        (vec!["--seats", "easy"], "players must be 2, 3 or 4, not 1"),
        (
            vec!["--seats", "easy,easy", "--rules", "{\"strict\": true}"],
            "unknown field `strict`",
        ),
        (
            vec!["--seats", "easy,easy", "--rules", "{\"players\": 4}"],
            "--rules says 4 players but --seats has 2",
        ),
        (
            vec!["--seats", "easy,easy", "--rules", "{\"strict\": 1"],
            "--rules is not valid rules JSON",
        ),
        (
            vec![
                "--seats",
                "easy,easy,easy",
                "--rules",
                "{\"partnership\": true}",
            ],
            "partnership",
        ),
    ] {
        let mut all = vec!["arena"];
        all.extend(args);
        refused(&all, message);
    }
}

#[test]
fn a_split_arena_logs_the_same_rounds_as_the_whole_and_arena_diff_pairs_them() {
    let dir = tempfile::tempdir().unwrap();
    let log = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let (whole, head, tail) = (log("whole.log"), log("head.log"), log("tail.log"));
    let arena = |rounds: &str, first: &str, seed: &str, path: &str| {
        okey_ok(&[
            "arena",
            "--seats",
            "medium,easy,easy",
            "--seed",
            seed,
            "--duplicate",
            "--rounds",
            rounds,
            "--first",
            first,
            "--round-log",
            path,
        ])
    };
    // Rounds 0-8 at once, then 0-2 and 3-8 in two runs.
    for (rounds, first, path) in [("9", "0", &whole), ("3", "0", &head), ("9", "3", &tail)] {
        arena(rounds, first, "5", path);
    }
    let whole_text = std::fs::read_to_string(&whole).unwrap();
    let tail_text = std::fs::read_to_string(&tail).unwrap();
    assert_eq!(
        whole_text.lines().count(),
        10,
        "the arena line and 9 rounds"
    );
    assert!(whole_text.starts_with("# okey arena seats=medium,easy,easy seed=5 duplicate=true"));
    let skipped: Vec<&str> = whole_text.lines().skip(4).collect();
    assert_eq!(tail_text.lines().skip(1).collect::<Vec<_>>(), skipped);
    let out = okey_ok(&[
        "arena-diff",
        &whole,
        &format!("{head},{tail}"),
        "--level",
        "medium",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("9 rounds in both logs"), "{text}");
    assert!(
        text.contains("difference +0.00 points, standard error 0.00; 0 rounds changed winner"),
        "{text}"
    );
    // The whole log repeats rounds 3-8 of the tail.
    refused(
        &["arena-diff", &whole, &format!("{tail},{whole}")],
        "whole.log, line 5: round 3 is already in the logs of this side",
    );
    refused(&["arena-diff", &whole, &log("missing.log")], "missing.log");
    let other = log("other.log");
    arena("3", "0", "6", &other);
    refused(
        &["arena-diff", &whole, &other],
        "come from different arenas",
    );
    // Arguments are checked before the log is opened: an earlier log survives.
    let out = okey(&["arena", "--seats", "easy", "--round-log", &whole]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&whole).unwrap(), whole_text);
    refused(
        &[
            "arena",
            "--seats",
            "easy,easy",
            "--rounds",
            "3",
            "--first",
            "3",
        ],
        "--first 3 must be below --rounds 3",
    );
}

#[cfg(target_os = "linux")]
#[test]
fn a_round_log_that_cannot_be_written_stops_the_arena_and_says_so() {
    let out = okey(&[
        "arena",
        "--seats",
        "easy,easy",
        "--rounds",
        "500",
        "--round-log",
        "/dev/full",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("/dev/full"), "{err}");
}

#[test]
fn r101_arena_json_has_the_duz_keys_and_the_points() {
    let v = arena_json(&["--variant", "101"]);
    for b in levels_of_8_rounds(&v, &LEVEL_KEYS).values() {
        let mean = b["points_mean"].as_f64().unwrap();
        let ci = b["points_ci95"].as_array().unwrap();
        assert!(ci[0].as_f64().unwrap() <= mean && mean <= ci[1].as_f64().unwrap());
    }
    refused(
        &[
            "arena",
            "--variant",
            "101",
            "--seats",
            "easy,easy",
            "--rules",
            "{\"strict_rack\": true}",
        ],
        "not a 101 rule option",
    );
    refused(
        &[
            "arena",
            "--variant",
            "101",
            "--seats",
            "easy,easy,easy,easy,easy",
        ],
        "not 5",
    );
}

#[test]
fn r101_arena_plays_hard_with_table_rollouts_and_duz_refuses_them() {
    let out = okey_ok(&[
        "arena",
        "--variant",
        "101",
        "--seats",
        "hard,medium,medium,medium",
        "--rounds",
        "4",
        "--seed",
        "9",
        "--duplicate",
        "--rollouts",
        "2",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["rounds"], 4);
    assert!(v["bots"]["hard"]["points_mean"].is_number());
    refused(
        &["arena", "--seats", "hard,easy", "--rollouts", "2"],
        "needs --variant 101",
    );
}
