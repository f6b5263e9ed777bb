//! Runs the real `okey` binary for `okey check --variant 101`: the JSON keys of the issue,
//! the text, batch mode and bad input (exit status 2).

mod common;

use common::okey;
use serde_json::{json, Value};
use std::process::Output;

fn check101(indicator: &str, rack: &str, json: bool) -> Output {
    let mut args = vec!["check", "--variant", "101", "--indicator", indicator];
    args.extend(rack.split_whitespace());
    if json {
        args.push("--json");
    }
    okey(&args, "")
}

fn parse(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).expect("stdout is one JSON value")
}

/// Worked example 3 of RULES-101.md under B4 (okeys B5), with two pairs and a spare.
const EXAMPLE_3: &str = "R11 b5 R13 K9 R9 B5 Y10 Y11 Y12 K1 K2 K3 R1 R1 K7";

#[test]
fn r101_9_json_has_the_issues_keys_and_the_okeys_faces() {
    let out = check101("B4", EXAMPLE_3, true);
    assert_eq!(out.status.code(), Some(0));
    let v = parse(&out);
    let mut keys: Vec<&String> = v.as_object().unwrap().keys().collect();
    keys.sort();
    assert_eq!(
        keys,
        [
            "can_open",
            "can_open_pairs",
            "indicator",
            "left",
            "okey",
            "opening",
            "pair_list",
            "pairs",
            "variant"
        ]
    );
    assert_eq!(v["variant"], "101");
    assert_eq!(v["indicator"], "B4");
    assert_eq!(v["okey"], "B5");
    assert_eq!(v["opening"]["value"], 102);
    assert_eq!(v["can_open"], true);
    assert_eq!(v["pairs"], 3);
    assert_eq!(v["can_open_pairs"], false);
    assert_eq!(v["left"], json!(["R1", "R1", "K7"]));
    let melds = v["opening"]["melds"].as_array().unwrap();
    let red = melds
        .iter()
        .find(|m| m["as"] == json!(["R11", "R12", "R13"]))
        .expect("the okey stands for R12");
    assert_eq!(
        red["tiles"],
        json!(["R11", "b5", "R13"]),
        "the rack's own tokens"
    );
    assert_eq!(red["value"], 36);
    let total: u64 = melds.iter().map(|m| m["value"].as_u64().unwrap()).sum();
    assert_eq!(total, 102);
}

#[test]
fn r101_1_a_false_joker_plays_as_the_okeys_face() {
    // Indicator R4: the okey is R5, and F is a plain R5.
    let v = parse(&check101("R4", "R3 R4 F R6 K7", true));
    assert_eq!(v["opening"]["value"], 18);
    let meld = &v["opening"]["melds"][0];
    assert_eq!(meld["tiles"], json!(["R3", "R4", "F", "R6"]));
    assert_eq!(meld["as"], json!(["R3", "R4", "R5", "R6"]));
    assert_eq!(v["left"], json!(["K7"]));
    // An okey placed where it is worth most: F R6 R7 and the okey as R8 (26) beat two runs.
    let v = parse(&check101("R4", "R1 R5 R3 F R6 R7 K7", true));
    assert_eq!(v["opening"]["value"], 26);
    assert_eq!(
        v["opening"]["melds"][0]["as"],
        json!(["R5", "R6", "R7", "R8"])
    );
}

#[test]
fn r101_15_five_pairs_can_open_and_text_says_so() {
    let out = check101("B4", "R3 R3 K7 K7 Y1 Y1 B12 B12 K10 B5", false);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Pairs: 5 (can open with pairs)"), "{text}");
    assert!(text.contains("Opening value 0 (below 101"), "{text}");
    let v = parse(&check101("B4", "R3 R3 K7 K7 Y1 Y1 B12 B12 K10 B5", true));
    assert_eq!(v["can_open_pairs"], true);
}

#[test]
fn r101_7_twelve_thirteen_one_is_no_run() {
    let v = parse(&check101("B4", "R12 R13 R1", true));
    assert_eq!(v["opening"]["value"], 0);
    assert_eq!(v["left"], json!(["R12", "R13", "R1"]));
}

#[test]
fn bad_racks_exit_2_with_a_clear_message() {
    let too_many = "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10";
    let out = check101("B4", too_many, false);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("1 to 22 tiles, but 23"));
    let out = check101("B4", "R1 R1 R1", false);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("too many R1"));
    let out = check101("F", "R1", false);
    assert_eq!(out.status.code(), Some(2));
    let out = okey(
        &[
            "check",
            "--variant",
            "101",
            "-i",
            "B4",
            "R1",
            "--seen",
            "K1",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    let out = okey(&["check", "--variant", "102", "-i", "B4", "R1"], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn batch_json_with_variant_101_reports_each_line() {
    let input = "# racks\nR4 R1 R5 R3 K7\n\nR4 Z9\nB4 R12 R13 R1\n";
    let out = okey(&["check", "--batch", "--json", "--variant", "101"], input);
    assert_eq!(out.status.code(), Some(2), "a bad line makes the status 2");
    let lines: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(
        lines[0]["opening"]["melds"][0]["tiles"],
        json!(["R1", "R5", "R3"])
    );
    assert_eq!(
        lines[0]["opening"]["melds"][0]["as"],
        json!(["R1", "R2", "R3"])
    );
    assert_eq!(lines[0]["left"], json!(["K7"]));
    assert_eq!(lines[1]["line"], 4);
    assert!(lines[1]["error"].as_str().unwrap().contains("Z9"));
    assert_eq!(lines[2]["opening"]["value"], 0);
}
