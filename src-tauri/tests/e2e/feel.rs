//! How the table feels in use: the hint after taking a discard, a double tap that discards
//! (and only on the player's discard), a drawn tile that keeps the player's layout, the
//! Hint that moves nothing, repeated refusals in one counted toast, tiles flying and sounds
//! playing, and the turn timer playing a turn for a player who waits.

use crate::app::App;
use crate::harness::{wait_until, within};
use crate::play::{move_a_tile_by_clicks, start_game, tile_in, wait_for_my_turn};
use serde_json::json;
use std::time::Duration;

/// How many tiles the player has discarded this round (the count on their stack).
fn my_discards(app: &App) -> i64 {
    app.number("[data-discards='0']", "data-count")
}

/// Where the pile, the hint line and the rack are on the screen, in whole px.
fn table_boxes(app: &App) -> serde_json::Value {
    app.script(
        "return ['[data-pile]', '[data-hint]', '[data-rack]'].map((s) => { const r = document.querySelector(s).getBoundingClientRect(); return [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)]; });",
        json!([]),
    )
}

/// Double-taps the first tile of the rack while the player is to discard: it is thrown
/// (and may be taken by the next seat at once, so the rack is what tells).
fn discard_by_double_tap(app: &App) {
    assert_eq!(app.phase(), "discard");
    let rack = app.rack();
    let first = rack.iter().position(Option::is_some).expect("a tile");
    app.double_tap(&tile_in(first), 80);
    let thrown = within(Duration::from_secs(20), || {
        let now = app.rack();
        (!now.contains(&rack[first]) && now.iter().flatten().count() == 14).then_some(())
    });
    if thrown.is_none() {
        app.screenshot("feel-double-tap-failed");
        panic!(
            "the double-tapped tile was not discarded; the table is in phase {:?}",
            app.phase()
        );
    }
}

#[test]
fn the_table_answers_taps_keeps_the_layout_and_plays_a_timed_out_turn() {
    let Some(app) = App::start("feel") else {
        return;
    };
    app.wait_for("[data-screen=home]");
    start_game(&app, 2, None);
    // The hint went wrong when the bot started and the player took its discard: games are
    // dealt until one starts so (about every other one does).
    for _ in 0..8 {
        wait_for_my_turn(&app);
        if app.phase() == "draw" {
            break;
        }
        app.click("[data-action=home]");
        start_game(&app, 2, None);
    }
    // Flights last a fraction of a second: they are counted as they are added.
    app.script(
        "window.__flights = 0; new MutationObserver((ms) => { for (const m of ms) for (const n of m.addedNodes) if (n.dataset && 'flight' in n.dataset) window.__flights += 1; }).observe(document.body, { childList: true });",
        json!([]),
    );
    wait_for_my_turn(&app);
    let hint = || app.text("[data-hint]").unwrap_or_default();
    if app.phase() == "draw" {
        // The bot started: the player takes its discard, and has not started the round.
        app.click_answered("[data-action=take]:not([disabled])");
        assert_eq!(app.phase(), "discard");
        assert_eq!(hint(), "Your turn: discard a tile or finish");
    } else {
        assert_eq!(hint(), "You start: discard a tile");
    }
    discard_by_double_tap(&app);

    // Not the player's discard: a double tap is two taps, selecting and letting go.
    wait_for_my_turn(&app);
    assert_eq!(app.phase(), "draw");
    let stack = my_discards(&app);
    let first = app.rack().iter().position(Option::is_some).expect("a tile");
    app.double_tap(&tile_in(first), 80);
    std::thread::sleep(Duration::from_millis(600));
    assert_eq!(my_discards(&app), stack, "no discard before the draw");
    assert_eq!(app.rack().iter().flatten().count(), 14);
    assert!(app.find(".is-selected").is_none(), "the second tap let go");

    // A gap at the start of the top row stays: the drawn tile goes after the row's last.
    move_a_tile_by_clicks(&app);
    let rack = app.rack();
    assert_eq!(rack[0], None);
    let after_last = rack[..16]
        .iter()
        .rposition(Option::is_some)
        .expect("a top row")
        + 1;
    app.click_answered("[data-action=draw]:not([disabled])");
    let drawn = app.rack();
    assert_eq!(drawn[0], None, "the gap the player left stays empty");
    assert!(
        rack[after_last].is_none() && drawn[after_last].is_some(),
        "the drawn tile lands after the top row's last tile: {drawn:?}"
    );
    assert_eq!(app.attr("body", "data-last-sound").as_deref(), Some("draw"));
    app.screenshot("feel-after-draw");

    // The Hint's sentence appears without moving the rack.
    // The assistant's reading first: it fills the hint line whether or not the Hint is shown.
    app.wait_for("[data-assist-distance]");
    let boxes = table_boxes(&app);
    app.click("[data-action=hint]");
    within(Duration::from_secs(20), || app.find("[data-hint-text]"));
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(table_boxes(&app), boxes, "showing the hint moved the table");
    app.screenshot("feel-hint");

    // Five refused draws: one toast, counted, and never more than three toasts.
    let answered = app.answered();
    app.keys(&['d', 'd', 'd', 'd', 'd']);
    wait_until("five refusals", || {
        (app.answered() >= answered + 5).then_some(())
    });
    let toasts = app.attrs("[data-toast]", "data-count");
    assert!(!toasts.is_empty() && app.attrs("[data-toast]", "data-toast").len() <= 3);
    assert_eq!(
        app.attr("[data-toast=error]", "data-count").as_deref(),
        Some("5"),
        "the repeats are counted on one toast"
    );
    assert_eq!(
        app.attr("body", "data-last-sound").as_deref(),
        Some("refused")
    );
    app.screenshot("feel-toasts");

    discard_by_double_tap(&app);
    wait_for_my_turn(&app);
    let flights = app.script("return window.__flights;", json!([]));
    assert!(
        flights.as_u64().unwrap_or(0) >= 3,
        "draws and discards fly: {flights}"
    );
    // The bot's last flights may still be in the air: each lands and is removed.
    wait_until("every flight to land", || {
        app.find("[data-flight]").is_none().then_some(())
    });

    // The turn timer: chosen in the settings, it plays a waiting player's turn.
    app.click("[data-action=home]");
    app.click("[data-action=settings]");
    app.script(
        "const s = document.querySelector('[data-turn-timer]'); s.value = '15'; s.dispatchEvent(new Event('change'));",
        json!([]),
    );
    wait_until("the timer saved", || {
        (app.attr("[data-turn-timer]", "data-turn-timer").is_some()
            && app.script(
                "return document.querySelector('[data-turn-timer]').value;",
                json!([]),
            ) == json!("15"))
        .then_some(())
    });
    // Sounds and animations off as well: nothing plays or flies from now on.
    for setting in ["sound", "animations"] {
        app.click(&format!("[data-setting={setting}]"));
        wait_until(&format!("the {setting} setting saved"), || {
            (app.script(
                "return document.querySelector(`[data-setting=${arguments[0]}]`).checked;",
                json!([setting]),
            ) == json!(false))
            .then_some(())
        });
    }
    app.script("document.body.dataset.lastSound = 'none';", json!([]));
    let flown = app.script("return window.__flights;", json!([]));
    app.click("[data-action=back]");
    app.click("[data-action=continue]");
    app.wait_for("[data-screen=table]");
    wait_for_my_turn(&app);
    app.wait_for("[data-turn-ring='15']");
    app.screenshot("feel-turn-timer");
    // The timed-out turn is the table's own command: its answer is counted like a click's.
    let answered = app.answered();
    let played = within(Duration::from_secs(40), || {
        (app.answered() > answered).then_some(())
    });
    assert!(
        played.is_some(),
        "the timer played the waiting player's turn"
    );
    assert!(
        app.find("[data-toast=error]").is_none(),
        "the timed-out turn was accepted"
    );
    wait_until("the turn played out", || {
        (app.phase() != "discard" && app.rack().iter().flatten().count() == 14).then_some(())
    });
    assert_eq!(
        app.attr("body", "data-last-sound").as_deref(),
        Some("none"),
        "no sound with the sound setting off"
    );
    assert_eq!(
        app.script("return window.__flights;", json!([])),
        flown,
        "no flight with animations off"
    );
    the_timer_plays_a_101_turn_too(&app);
}

/// The same timer at the 101 table: its ring on the player's panel, and the waiting
/// player's turn played for them when it runs out.
fn the_timer_plays_a_101_turn_too(app: &App) {
    app.click("[data-action=home]");
    crate::r101::start_101(app, "feel-101-new-game");
    wait_until("the player's turn at the 101 table", || {
        app.find(".me[data-turn]").map(|_| ())
    });
    app.wait_for(".me [data-turn-ring='15']");
    app.screenshot("feel-101-turn-timer");
    let answered = app.answered();
    let played = within(Duration::from_secs(40), || {
        (app.answered() > answered).then_some(())
    });
    assert!(played.is_some(), "the timer played the 101 turn");
    assert!(
        app.find("[data-toast=error]").is_none(),
        "the timed-out 101 turn was accepted"
    );
}
