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
