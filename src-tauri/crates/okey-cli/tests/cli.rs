//! Runs the real `okey` binary: exit statuses, messages, JSON keys and batch mode.
//!
//! Tests marked "needs the solver" call okey-core's distance search; the others use only
//! notation checks and the win search, so they hold whatever state the solver is in.

use serde_json::Value;
mod common;

use common::okey;
use std::process::Output;

/// A 14-tile win under indicator R4 (okey R5): runs R1-R3, Y9-Y12, B1-B3 and the set
/// K7 B7 Y7 with the okey, written `r5`, as the fourth 7.
const WIN14: &str = "R1 R2 R3 Y9 Y10 Y11 Y12 B1 B2 B3 K7 B7 Y7 r5";

/// Seven pairs under indicator K13 (okey K1): the okey K1 pairs with the false joker.
const PAIRS14: &str = "R1 R1 Y6 Y6 B9 B9 K2 K2 R11 R11 Y13 Y13 F K1";

fn check(indicator: &str, hand: &str, extra: &[&str]) -> Output {
    let mut args = vec!["check", "--indicator", indicator];
    args.extend(hand.split_whitespace());
    args.extend(extra);
    okey(&args, "")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn json(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).expect("stdout is one JSON value")
}

fn keys(value: &Value) -> Vec<String> {
    let mut keys: Vec<String> = value
        .as_object()
        .expect("an object")
        .keys()
        .cloned()
        .collect();
    keys.sort();
    keys
}

fn assert_bad_input(output: &Output, message: &str) {
    assert_eq!(output.status.code(), Some(2), "stderr: {}", stderr(output));
    assert!(
        stderr(output).contains(message),
        "stderr: {}",
        stderr(output)
    );
    assert!(output.stdout.is_empty(), "stdout: {}", stdout(output));
}

#[test]
fn help_documents_the_command_and_examples() {
    let top = okey(&["--help"], "");
    assert_eq!(top.status.code(), Some(0));
    let top = stdout(&top);
    assert!(top.contains("check") && top.contains("Examples"), "{top}");

    let help = okey(&["check", "--help"], "");
    assert_eq!(help.status.code(), Some(0));
    let help = stdout(&help);
    for needle in [
        "--indicator",
        "--seen",
        "--json",
        "--batch",
        "okey_discard",
        "Examples",
        "false joker",
    ] {
        assert!(help.contains(needle), "check --help lacks {needle}: {help}");
    }
}

#[test]
fn r02_unknown_token_is_named() {
    assert_bad_input(
        &check("R4", &WIN14.replace("Y12", "G12"), &[]),
        "'G12' is not a tile",
    );
    assert_bad_input(&check("R14", WIN14, &[]), "'R14' is not a tile");
}

#[test]
fn r05_false_joker_is_not_an_indicator() {
    assert_bad_input(
        &check("F", WIN14, &[]),
        "false joker cannot be the indicator",
    );
}

#[test]
fn r05_third_copy_of_a_face_is_refused() {
    let hand = WIN14.replace("Y9", "R1").replace("Y10", "R1");
    assert_bad_input(&check("R4", &hand, &[]), "too many R1");
}

#[test]
fn r05_second_copy_of_the_indicator_face_is_refused() {
    let hand = WIN14.replace("Y9", "R4").replace("Y10", "r4");
    assert_bad_input(&check("R4", &hand, &[]), "too many R4");
}

#[test]
fn r05_seen_tiles_count_against_the_set() {
    assert_bad_input(&check("R4", WIN14, &["--seen", "R1", "R1"]), "too many R1");
}

#[test]
fn wrong_tile_count_is_refused() {
    let thirteen: Vec<&str> = WIN14.split_whitespace().take(13).collect();
    assert_bad_input(&check("R4", &thirteen.join(" "), &[]), "13 were given");
    assert_bad_input(
        &check("R4", &format!("{WIN14} K1 K2"), &[]),
        "16 were given",
    );
}

#[test]
fn missing_indicator_is_a_usage_error() {
    let output = okey(&["check", "R1", "R2"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("--indicator"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn r08_winning_14_as_json_keeps_spelling_and_keys() {
    let output = check("R4", WIN14, &["--json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let value = json(&output);
    assert_eq!(
        keys(&value),
        ["distance", "groups", "indicator", "kind", "okey", "win"]
    );
    assert_eq!(value["indicator"], "R4");
    assert_eq!(value["okey"], "R5");
    assert_eq!(value["win"], true);
    assert_eq!(value["kind"], "melds");
    assert_eq!(value["distance"], 0);
    let groups = value["groups"].as_array().expect("groups is a list");
    assert_eq!(groups.len(), 4);
    let mut tiles: Vec<&str> = groups
        .iter()
        .flat_map(|g| g.as_array().expect("a group is a list"))
        .map(|t| t.as_str().expect("a tile token"))
        .collect();
    tiles.sort_unstable();
    let mut written: Vec<&str> = WIN14.split_whitespace().collect();
    written.sort_unstable();
    // Every tile exactly once, the okey as the user wrote it ("r5", not "R5").
    assert_eq!(tiles, written);
}

#[test]
fn r09_pairs_win_as_text_shows_the_okey() {
    let output = check("K13", PAIRS14, &[]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("Win: yes, seven pairs"), "{text}");
    assert!(text.contains("okeys are K1"), "{text}");
    assert!(text.contains("Distance: 0"), "{text}");
}

#[test]
fn r09_pairs_win_as_json() {
    let value = json(&check("K13", PAIRS14, &["--json"]));
    assert_eq!(value["kind"], "pairs");
    assert_eq!(value["groups"].as_array().map(Vec::len), Some(7));
}

#[test]
fn batch_goes_on_after_a_bad_line_and_skips_blank_lines() {
    let input = format!("R4 {WIN14}\n\n# a comment\nF {WIN14}\nK13 {PAIRS14}\nR4 R1 R2\n");
    let output = okey(&["check", "--batch", "--json"], &input);
    assert_eq!(
        output.status.code(),
        Some(2),
        "a bad line makes the status 2"
    );
    let lines: Vec<Value> = stdout(&output)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert_eq!(lines.len(), 4, "{}", stdout(&output));
    assert_eq!(lines[0]["kind"], "melds");
    assert_eq!(lines[1]["line"], 4);
    assert!(
        lines[1]["error"]
            .as_str()
            .is_some_and(|e| e.contains("false joker")),
        "{}",
        lines[1]
    );
    assert_eq!(lines[2]["kind"], "pairs");
    assert_eq!(lines[3]["line"], 6);
    assert!(
        lines[3]["error"]
            .as_str()
            .is_some_and(|e| e.contains("2 were given")),
        "{}",
        lines[3]
    );
}

#[test]
fn batch_of_good_lines_exits_0() {
    let input = format!("R4 {WIN14}\r\nk13 {PAIRS14}");
    let output = okey(&["check", "--batch", "--json"], &input);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    assert_eq!(stdout(&output).lines().count(), 2);
}

#[test]
fn batch_needs_json() {
    let output = okey(&["check", "--batch"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--json"), "{}", stderr(&output));
}

// --- needs the solver (okey-core's distance) ---

#[test]
fn non_winning_14_has_a_distance() {
    // WIN14 with Y12 swapped for K12: Y9-Y11 still runs, K12 is left alone -> one swap away.
    let value = json(&check("R4", &WIN14.replace("Y12", "K12"), &["--json"]));
    assert_eq!(value["win"], false);
    assert_eq!(value["kind"], Value::Null);
    assert_eq!(value["groups"], serde_json::json!([]));
    assert_eq!(value["distance"], 1);
}

#[test]
fn r10_15_tiles_list_finishes_and_discards() {
    let output = check("R4", &format!("{WIN14} K1"), &["--json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let value = json(&output);
    assert_eq!(
        keys(&value),
        [
            "discards",
            "distance",
            "finishes",
            "groups",
            "indicator",
            "kind",
            "okey",
            "win"
        ]
    );
    assert_eq!(value["win"], true);
    assert_eq!(value["distance"], 0);
    assert_eq!(value["kind"], "melds");
    let finish = &value["finishes"][0];
    assert_eq!(keys(finish), ["discard", "kind", "okey_discard", "points"]);
    assert_eq!(finish["discard"], "K1");
    assert_eq!(finish["okey_discard"], false);
    assert_eq!(finish["points"], 2);
    let best = &value["discards"][0];
    assert_eq!(keys(best), ["distance", "outs", "tile"]);
    assert_eq!(best["tile"], "K1");
    assert_eq!(best["distance"], 0);
}

#[test]
fn r18_throwing_the_okey_to_finish_is_preferred() {
    // Seven pairs plus a second okey: throwing the okey (K1) finishes with pairs, 8 points.
    let hand = "R1 R1 Y6 Y6 B9 B9 K2 K2 R11 R11 Y13 Y13 F K1 K1";
    let value = json(&check("K13", hand, &["--json"]));
    assert_eq!(value["win"], true);
    let best = value["finishes"]
        .as_array()
        .and_then(|f| f.iter().map(|f| f["points"].as_u64()).max())
        .flatten();
    assert_eq!(best, Some(8));
}

#[test]
fn fifteen_tiles_as_text_show_outs_with_unseen_counts() {
    let hand = WIN14.replace("Y12", "K12");
    let output = check("R4", &format!("{hand} K1"), &["--seen", "Y12"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("Win: no discard finishes."), "{text}");
    assert!(
        text.contains("Distance after the best discard: 1"),
        "{text}"
    );
    // One Y12 is seen, so one copy of that out is left.
    assert!(text.contains("Y12 (1)"), "{text}");
}

#[test]
fn batch_answers_each_line_before_the_next_is_written_and_keeps_the_order() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_okey"))
        .args(["check", "--batch", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("okey starts");
    let mut input = child.stdin.take().expect("stdin");
    let mut output = BufReader::new(child.stdout.take().expect("stdout"));
    // A program that writes one hand and waits for its answer gets it, line after line.
    for (hand, kind) in [
        (format!("R4 {WIN14}"), "melds"),
        (format!("K13 {PAIRS14}"), "pairs"),
    ] {
        writeln!(input, "{hand}").expect("a line written");
        input.flush().expect("flushed");
        let mut answer = String::new();
        output.read_line(&mut answer).expect("an answer");
        let value: Value = serde_json::from_str(&answer).expect("JSON");
        assert_eq!(value["kind"], kind, "{answer}");
    }
    // A long batch comes back in the order of its lines, every core checking.
    let many: String = (0..200)
        .map(|i| {
            if i % 2 == 0 {
                format!("R4 {WIN14}\n")
            } else {
                format!("K13 {PAIRS14}\n")
            }
        })
        .collect();
    input.write_all(many.as_bytes()).expect("the batch written");
    drop(input);
    let kinds: Vec<String> = output
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(&l.expect("a line")).expect("JSON");
            v["kind"].as_str().unwrap_or_default().to_string()
        })
        .collect();
    assert_eq!(kinds.len(), 200);
    assert!(kinds
        .iter()
        .enumerate()
        .all(|(i, k)| k == if i % 2 == 0 { "melds" } else { "pairs" }));
    assert!(child.wait().expect("okey ends").success());
}
