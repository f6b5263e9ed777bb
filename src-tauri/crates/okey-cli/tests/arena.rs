//! `okey arena` run as a real process.

use std::process::Command;

fn okey(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_okey"))
        .args(args)
        .output()
        .expect("okey runs")
}

#[test]
fn arena_json_has_the_documented_keys_and_counts_every_round() {
    let out = okey(&[
        "arena",
        "--seats",
        "medium,easy,easy,random",
        "--rounds",
        "8",
        "--seed",
        "3",
        "--duplicate",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["rounds"], 8);
    assert!(v["rounds_per_s"].as_f64().unwrap() > 0.0);
    let mut wins = v["no_winner"].as_u64().unwrap();
    for level in ["medium", "easy", "random"] {
        let b = &v["bots"][level];
        for key in [
            "wins",
            "share",
            "ci95",
            "decision_ms_median",
            "decision_ms_p95",
            "finishes",
            "points_lost_per_round",
        ] {
            assert!(!b[key].is_null(), "{level} lacks {key}");
        }
        let (lo, hi) = (
            b["ci95"][0].as_f64().unwrap(),
            b["ci95"][1].as_f64().unwrap(),
        );
        let share = b["share"].as_f64().unwrap();
        assert!(lo <= share && share <= hi);
        wins += b["wins"].as_u64().unwrap();
    }
    assert_eq!(wins, 8, "every round has one winner or none");
    assert_eq!(v["bots"]["easy"]["seats"], 2);
}

#[test]
fn arena_text_names_each_level() {
    let out = okey(&["arena", "--seats", "easy,random", "--rounds", "4"]);
    assert!(out.status.success());
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
            "unknown bot level \"expert\"",
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
        let out = okey(&all);
        assert_eq!(out.status.code(), Some(2), "{all:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(message), "{all:?}: {err}");
    }
}

#[test]
fn a_split_arena_logs_the_same_rounds_as_the_whole_and_arena_diff_pairs_them() {
    let dir = tempfile::tempdir().unwrap();
    let log = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let (whole, head, tail) = (log("whole.log"), log("head.log"), log("tail.log"));
    // Rounds 0-8 at once, then 0-2 and 3-8 in two runs.
    for (rounds, first, path) in [("9", "0", &whole), ("3", "0", &head), ("9", "3", &tail)] {
        let out = okey(&[
            "arena",
            "--seats",
            "medium,easy,easy",
            "--seed",
            "5",
            "--duplicate",
            "--rounds",
            rounds,
            "--first",
            first,
            "--round-log",
            path,
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let whole_text = std::fs::read_to_string(&whole).unwrap();
    assert_eq!(whole_text.lines().count(), 9);
    let tail_text = std::fs::read_to_string(&tail).unwrap();
    let skipped: Vec<&str> = whole_text.lines().skip(3).collect();
    assert_eq!(tail_text.lines().collect::<Vec<_>>(), skipped);
    let out = okey(&[
        "arena-diff",
        &whole,
        &format!("{head},{tail}"),
        "--level",
        "medium",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("9 rounds in both logs"), "{text}");
    assert!(
        text.contains("difference +0.00 points, standard error 0.00; 0 rounds changed winner"),
        "{text}"
    );
    // The whole log repeats rounds 3-8 of the tail: refused, naming the file and line.
    let out = okey(&["arena-diff", &whole, &format!("{tail},{whole}")]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("whole.log, line 4: round 3 is already in the logs of this side"),
        "{err}"
    );
    let out = okey(&["arena-diff", &whole, &log("missing.log")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing.log"));
}
