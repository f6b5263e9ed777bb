//! `okey review` as a real process, on a match bots played and saved: every discard's
//! numbers are those `okey check` gives for the same rack, indicator and seen tiles; bad
//! input (no such match, round or seat) is refused by name with status 2. A 101 review's
//! opening values are those `okey check --variant 101` gives for the same hand.

use std::path::Path;
use std::process::Output;

mod common;

use common::okey_json;

fn okey(args: &[&str]) -> Output {
    common::okey(args, "")
}

/// A saved Düz match of four medium bots, two rounds played, in `dir`.
fn autoplay(dir: &Path, variant: &str) {
    let dir = dir.to_str().expect("a path");
    let out = okey(&[
        "autoplay",
        "--data-dir",
        dir,
        "--seed",
        "4",
        "--rounds",
        "2",
        "--variant",
        variant,
    ]);
    assert!(out.status.success(), "{out:?}");
}

#[test]
fn every_discard_of_a_review_is_what_okey_check_says() {
    let dir = tempfile::tempdir().expect("a folder");
    autoplay(dir.path(), "duz");
    let d = dir.path().to_str().expect("a path");
    let review = okey_json(&["review", "1", "--json", "--data-dir", d]);
    let rounds = review["rounds"].as_array().expect("rounds");
    assert!(!rounds.is_empty(), "{review}");
    let mut checked = 0;
    for round in rounds {
        for seat in round["seats"].as_array().expect("seats") {
            let accuracy = seat["accuracy"].as_f64().expect("an accuracy");
            assert!((0.0..=100.0).contains(&accuracy));
            for decision in seat["decisions"].as_array().expect("decisions") {
                if decision["kind"] != "discard" || decision["best_distance_after"] == 0 {
                    continue;
                }
                // Every third discard, so the test stays quick.
                checked += 1;
                if checked % 3 != 1 {
                    continue;
                }
                let tokens = |key: &str| -> Vec<String> {
                    decision[key]
                        .as_array()
                        .expect(key)
                        .iter()
                        .map(|t| t.as_str().expect("a token").to_string())
                        .collect()
                };
                let rack = tokens("rack");
                let seen = tokens("seen");
                let indicator = decision["indicator"].as_str().expect("the indicator");
                let mut args = vec!["check", "--json", "-i", indicator];
                args.extend(rack.iter().map(String::as_str));
                let seen_list = seen.join(",");
                if !seen.is_empty() {
                    args.extend(["--seen", &seen_list]);
                }
                let check = okey_json(&args);
                assert_eq!(
                    check["distance"], decision["best_distance_after"],
                    "{decision}\n{check}"
                );
                // The discard chosen, by the tile it threw: its distance and its outs.
                let thrown = decision["chosen"]["discard"].as_u64().expect("a discard");
                let token = token_of(thrown);
                let option = check["discards"]
                    .as_array()
                    .expect("discards")
                    .iter()
                    .find(|o| {
                        o["tile"].as_str().map(str::to_uppercase) == Some(token.to_uppercase())
                    })
                    .unwrap_or_else(|| panic!("{token} among {check}"));
                assert_eq!(option["distance"], decision["distance_after"], "{decision}");
                assert_eq!(option["outs"], decision["outs"], "{decision}");
            }
        }
    }
    assert!(checked > 10, "only {checked} discards reviewed");
}

/// The token of tile `id` (R1): kind `id / 2`, colour by thirteens, 52 the false joker.
fn token_of(id: u64) -> String {
    let kind = id / 2;
    if kind == 52 {
        return "F".into();
    }
    let colour = ["R", "Y", "B", "K"][(kind / 13) as usize];
    format!("{colour}{}", kind % 13 + 1)
}

#[test]
fn review_refuses_what_it_cannot_review_by_name() {
    let dir = tempfile::tempdir().expect("a folder");
    autoplay(dir.path(), "duz");
    let d = dir.path().to_str().expect("a path");
    let refused = |args: &[&str], message: &str| {
        let out = okey(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(message), "{args:?}: {err}");
    };
    refused(
        &["review", "1", "--round", "9", "--data-dir", d],
        "no finished round 9",
    );
    refused(
        &["review", "1", "--seat", "7", "--data-dir", d],
        "seat 7 is not at",
    );
    refused(&["review", "5", "--data-dir", d], "5");
}

#[test]
fn a_101_review_grades_every_seat_and_its_opening_values_are_okey_checks() {
    let dir = tempfile::tempdir().expect("a folder");
    autoplay(dir.path(), "101");
    let d = dir.path().to_str().expect("a path");
    let review = okey_json(&["review", "1", "--json", "--data-dir", d]);
    assert_eq!(review["variant"], "101", "{review}");
    let rounds = review["rounds"].as_array().expect("rounds");
    assert_eq!(rounds.len(), 2, "{review}");
    // One batch line a decision: the hand before it, and the value the review found.
    let mut batch = String::new();
    let mut values = Vec::new();
    for round in rounds {
        for seat in round["seats"].as_array().expect("seats") {
            let accuracy = seat["accuracy"].as_f64().expect("an accuracy");
            assert!((0.0..=100.0).contains(&accuracy));
            assert!(seat["left"]["total"].is_i64(), "{seat}");
            for decision in seat["decisions"].as_array().expect("decisions") {
                let grade = decision["grade"].as_str().expect("a grade");
                assert!(
                    ["best", "good", "inaccuracy", "mistake", "blunder"].contains(&grade),
                    "{decision}"
                );
                let rack: Vec<&str> = decision["rack"]
                    .as_array()
                    .expect("a rack")
                    .iter()
                    .map(|t| t.as_str().expect("a token"))
                    .collect();
                let indicator = decision["indicator"].as_str().expect("an indicator");
                batch.push_str(&format!("{indicator} {}\n", rack.join(" ")));
                values.push(decision["opening_value"].as_u64().expect("a value"));
            }
        }
    }
    assert!(values.len() > 20, "{review}");
    let out = common::okey(&["check", "--variant", "101", "--batch", "--json"], &batch);
    assert!(out.status.success(), "{out:?}");
    let checked: Vec<u64> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("a JSON line");
            v["opening"]["value"].as_u64().expect("a value")
        })
        .collect();
    assert_eq!(checked, values);
}
