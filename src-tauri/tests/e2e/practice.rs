//! The practice screen read against `okey check --json`: a winning hand and one two tiles
//! off, a puzzle from a bot game, a 101 rack against `okey check --variant 101 --json`, and
//! the Hint at the table naming a tile of the rack.

use crate::app::{okey_binary, App};
use crate::harness::{wait_until, within};
use crate::play::{start_game, wait_for_my_turn};
use serde_json::{json, Value};
use std::process::Command;
use std::time::Duration;

/// `okey check --json` for a hand, from the `okey` binary the workspace tests build beside
/// the app; None when it has not been built (outside the workspace's test run).
fn okey_check(indicator: &str, hand: &[&str]) -> Option<Value> {
    okey_check_variant("duz", indicator, hand)
}

/// `okey check --variant VARIANT --json` for a rack, as [`okey_check`].
fn okey_check_variant(variant: &str, indicator: &str, hand: &[&str]) -> Option<Value> {
    let okey = okey_binary()?;
    let out = Command::new(&okey)
        .args([
            "check",
            "--json",
            "--variant",
            variant,
            "--indicator",
            indicator,
        ])
        .args(hand)
        .output()
        .expect("okey check runs");
    assert!(out.status.success(), "{out:?}");
    Some(serde_json::from_slice(&out.stdout).expect("JSON from okey check"))
}

/// The distance the practice screen's verdict shows.
fn shown_distance(app: &App) -> i64 {
    app.number(
        "[data-assist-verdict] [data-assist-distance]",
        "data-assist-distance",
    )
}

#[test]
fn practice_reads_a_hand_like_okey_check_and_the_hint_names_a_rack_tile() {
    let Some(app) = App::start("practice") else {
        return;
    };
    app.click("[data-action=practice]");
    app.wait_for("[data-screen=practice]");
    app.click("[data-action=clear]");
    app.click("[data-indicator-pick=K4]");
    let hand = [
        "R1", "R2", "R3", "R4", "Y5", "Y6", "Y7", "B9", "B10", "B11", "B12", "R7", "Y7", "B7", "K1",
    ];
    for token in hand {
        app.click(&format!("[data-palette={token}]"));
    }
    app.click("[data-action=check]");
    wait_until("the verdict", || app.find("[data-assist-verdict]"));
    app.screenshot("practice-desktop");
    // A phone on its side: the palette beside the rack, and the verdict's head in sight with
    // both, without scrolling.
    app.resize(844, 390);
    // The rack is laid out again in rows of 8 when the media query's change event arrives,
    // a moment after the window has its new size: wait for the whole layout, then judge it.
    let layout = || {
        app.script(
            "document.querySelector('[data-screen=practice]').scrollTop = 0; \
             const box = (s) => document.querySelector(s).getBoundingClientRect(); \
             const [p, h, v] = ['.practice__palette', '[data-practice-hand]', '[data-assist-verdict]'].map(box); \
             const rack = document.querySelector('[data-practice-hand]').scrollWidth <= h.width + 1; \
             return innerWidth === 844 ? [p.right <= h.left, v.top + 24 <= innerHeight - 56, p.bottom <= innerHeight, rack] : null;",
            json!([]),
        )
    };
    let settled = json!([true, true, true, true]);
    let rects = within(Duration::from_secs(20), || {
        let r = layout();
        (r == settled).then_some(r)
    })
    .unwrap_or_else(layout);
    app.screenshot("practice-phone");
    assert_eq!(
        rects, settled,
        "palette left of the rack, verdict in sight, the rack inside its card"
    );
    app.resize(1280, 800);
    let verdict = app.attr("[data-assist-verdict]", "data-assist-verdict");
    let distance = shown_distance(&app);
    let finishes = app.attrs("[data-finish]", "data-finish");
    assert_eq!(verdict.as_deref(), Some("win"));
    assert_eq!(distance, 0);
    assert_eq!(finishes, vec!["K1"]);
    let discards = app.attrs("[data-discard-option]", "data-discard-option");
    assert_eq!(discards.len(), 5, "the five best discards");
    if let Some(cli) = okey_check("K4", &hand) {
        assert_eq!(cli["win"], json!(true));
        assert_eq!(cli["distance"], json!(distance));
        let cli_finishes: Vec<&str> = cli["finishes"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|f| f["discard"].as_str())
            .collect();
        assert_eq!(cli_finishes, finishes);
        let cli_discards: Vec<&str> = cli["discards"]
            .as_array()
            .unwrap()
            .iter()
            .take(5)
            .filter_map(|d| d["tile"].as_str())
            .collect();
        assert_eq!(
            cli_discards, discards,
            "the same best discards in the same order"
        );
    }
    // Two tiles off and another on: no longer a win, and as far as okey check says.
    app.click("[data-practice-hand] [data-tile=K1]");
    app.click("[data-practice-hand] [data-tile=B7]");
    app.click("[data-palette=K13]");
    wait_until("a 14-tile verdict", || {
        (app.attr("[data-practice-hand]", "data-practice-hand")
            .is_some_and(|h| h.split(' ').count() == 14)
            && app
                .attr("[data-assist-verdict]", "data-assist-verdict")
                .as_deref()
                == Some("no-win"))
        .then_some(())
    });
    let distance = shown_distance(&app);
    let short = [&hand[..13], &["K13"]].concat();
    if let Some(cli) = okey_check("K4", &short) {
        assert_eq!(cli["distance"], json!(distance), "{short:?}");
    }

    solve_a_finish_puzzle(&app);
    a_101_rack_reads_like_okey_check(&app);
    hint_names_a_rack_tile(&app);
}

/// The 101 mode: a 21-tile rack with both okeys and a false joker shows the opening value,
/// its melds, the pairs and the tiles left that `okey check --variant 101 --json` gives.
fn a_101_rack_reads_like_okey_check(app: &App) {
    app.click("[data-practice-variant='101']");
    app.click("[data-action=clear]");
    app.click("[data-indicator-pick=B4]");
    let rack = [
        "R11", "B5", "R13", "K9", "R9", "B5", "Y10", "Y11", "Y12", "K1", "K2", "K3", "R1", "R1",
        "Y3", "Y3", "K7", "K7", "B9", "F", "R7",
    ];
    for token in rack {
        app.click(&format!("[data-palette={token}]"));
    }
    let value = wait_until("the 101 verdict", || {
        (app.attr("[data-practice-hand]", "data-practice-hand")
            .is_some_and(|h| h.split(' ').count() == rack.len()))
        .then(|| app.attr("[data-practice101]", "data-practice-value"))
        .flatten()
    });
    app.screenshot("practice-101-desktop");
    let shown: i64 = value.parse().expect("a number");
    let can_open = app.attr("[data-practice101]", "data-can-open");
    let pairs = app.number("[data-practice-pairs]", "data-practice-pairs");
    let values = app.attrs("[data-practice-meld]", "data-value");
    let left = app.attr("[data-practice-left]", "data-practice-left");
    assert_eq!(shown, 123, "runs 36 + 33 + 6, sets 21 + 27");
    if let Some(cli) = okey_check_variant("101", "B4", &rack) {
        assert_eq!(cli["opening"]["value"], json!(shown));
        assert_eq!(cli["can_open"].to_string(), can_open.unwrap_or_default());
        assert_eq!(cli["pairs"], json!(pairs));
        let cli_values: Vec<String> = cli["opening"]["melds"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["value"].to_string())
            .collect();
        assert_eq!(cli_values, values, "the same melds in the same order");
        let cli_left: Vec<&str> = cli["left"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(Value::as_str)
            .collect();
        assert_eq!(Some(cli_left.join(" ")), left);
    }
    app.resize(844, 390);
    app.screenshot("practice-101-phone");
    let faults = app.layout_faults(Some("[data-screen=practice]"));
    assert!(faults.is_empty(), "{faults:?}");
    app.resize(1280, 800);
    app.click("[data-practice-variant=duz]");
}

/// A puzzle from a bot game: the finishing discard okey check names is the right answer.
fn solve_a_finish_puzzle(app: &App) {
    // Before any puzzle the card holds its title and buttons, and no stray "null".
    let card = app.text("[data-puzzles]").unwrap_or_default();
    assert!(!card.contains("null"), "the puzzle card reads {card:?}");
    app.click("[data-action=puzzle-finish]");
    app.wait_for("[data-puzzle-tile]");
    let tiles = app.attrs("[data-puzzle-tile]", "data-puzzle-tile");
    let indicator = app
        .attr("[data-puzzle-indicator]", "data-puzzle-indicator")
        .expect("the puzzle's indicator");
    assert_eq!(tiles.len(), 15);
    let hand: Vec<&str> = tiles.iter().map(String::as_str).collect();
    let right = okey_check(&indicator, &hand)
        .and_then(|cli| cli["finishes"][0]["discard"].as_str().map(String::from))
        .unwrap_or_else(|| tiles[0].clone());
    app.click(&format!("[data-puzzle-tile='{right}']"));
    let result = wait_until("the puzzle's verdict", || {
        app.attr("[data-puzzle-result]", "data-puzzle-result")
    });
    if okey_check(&indicator, &hand).is_some() {
        assert_eq!(
            result, "right",
            "{right} finishes {hand:?} under {indicator}"
        );
        assert_eq!(app.number("[data-puzzle-score]", "data-puzzle-score"), 1);
    }
}

/// In a match: the Hint names a tile of the rack on the player's turn.
fn hint_names_a_rack_tile(app: &App) {
    app.click("[data-action=back]");
    start_game(app, 4, None);
    wait_for_my_turn(app);
    if app.phase() == "draw" {
        app.click("[data-action=draw]");
        wait_until("the discard phase", || {
            (app.phase() == "discard").then_some(())
        });
    }
    app.click("[data-action=hint]");
    let named = wait_until("a hint", || {
        app.attr("[data-hint-discard]", "data-hint-discard")
    });
    let rack_tokens = app.attrs("[data-rack] [data-tile]", "data-tile");
    assert!(
        rack_tokens.contains(&named),
        "{named} is on the rack {rack_tokens:?}"
    );
    app.screenshot("hint-desktop");
    let shown = app.number(
        "[data-assist] [data-assist-distance]",
        "data-assist-distance",
    );
    assert!((0..=14).contains(&shown));
}
