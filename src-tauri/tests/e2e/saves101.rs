//! Okey 101 in the saved games, the replay and the statistics: a 101 match the `okey` command
//! played (two rounds of bots, saved in the app's own data folder while the app was closed) is
//! listed with its variant and round, its rounds replay move by move from the player's seat
//! and with every hand open, and the statistics show 101 apart from Düz, at desktop and phone
//! sizes.

use crate::app::App;
use crate::harness::wait_until;
use crate::round::every_seat_is_graded;
use serde_json::json;
use std::time::Duration;

#[test]
fn a_101_match_is_listed_replayed_and_its_statistics_kept_apart() {
    let Some(mut app) = App::start("saves101") else {
        return;
    };
    if !app.autoplay101(&[
        "--rounds",
        "2",
        "--seed",
        "7",
        "--bots",
        "easy,medium,hard,medium",
    ]) {
        return;
    }

    app.click("[data-action=saves]");
    app.wait_for("[data-save][data-variant='101']");
    let status = app
        .text("[data-save][data-variant='101']")
        .unwrap_or_default();
    assert!(status.contains("101"), "the variant is named: {status:?}");
    app.screenshot("saves-101-desktop");

    app.click("[data-save][data-variant='101'] [data-action=replay]");
    app.wait_for("[data-replay-step]");
    let steps = app.number("[data-replay-step]", "data-replay-steps");
    assert!(steps > 20, "a 101 round is more than {steps} actions");
    assert_eq!(app.attrs("[data-replay-seat]", "data-replay-seat").len(), 4);
    for _ in 0..6 {
        app.click("[data-action=replay-forward]");
    }
    wait_until("six actions on", || {
        (app.number("[data-replay-step]", "data-replay-step") == 6).then_some(())
    });
    let said = app.text("[data-replay-last]").unwrap_or_default();
    assert!(!said.trim().is_empty(), "the last action is said");
    // Hands open: every seat's tiles face up, none face down.
    app.click("[data-action=replay-open]");
    wait_until("every hand open", || {
        (app.find("[data-replay-rack] .tile-back").is_none()
            && app
                .attrs("[data-replay-rack] [data-tile]", "data-tile")
                .len()
                > 60)
            .then_some(())
    });
    // The last step shows the round's end, the table's melds by their owners.
    app.click("[data-action=replay-forward]");
    app.script(
        "document.querySelector('[data-action=replay-start]').scrollIntoView();",
        json!([]),
    );
    app.screenshot("replay-101-desktop");
    fits(&app, "replay");

    // Its review: every seat graded, a tap on a decision opens the replay at that moment.
    app.click("[data-action=back]");
    app.wait_for("[data-screen=saves]");
    app.click("[data-save][data-variant='101'] [data-action=review]");
    app.wait_for("[data-screen=review] [data-decision]");
    every_seat_is_graded(&app, 4);
    let kinds = app.attrs("[data-decision]", "data-kind");
    assert!(kinds.iter().any(|k| k == "discard"), "{kinds:?}");
    app.screenshot("review-101-desktop");
    fits(&app, "review");
    let steps = app.attrs("[data-decision]", "data-step");
    let last = steps.last().cloned().expect("a decision");
    app.click(&format!("[data-decision][data-step='{last}']"));
    wait_until("the decision's step", || {
        (app.attr("[data-replay-step]", "data-replay-step") == Some(last.clone())).then_some(())
    });

    app.back_home();
    app.click("[data-action=stats]");
    app.click("[data-stats-variant='101']");
    app.wait_for("[data-stats101]");
    // Bots alone played that match: the player's 101 numbers are still empty.
    assert_eq!(
        app.text("[data-stat=rounds_played_101]").as_deref(),
        Some("0")
    );
    app.screenshot("stats-101-desktop");
    fits(&app, "stats");
}

/// The screen shown has no layout fault at phone landscape, and again at desktop size.
fn fits(app: &App, name: &str) {
    for (w, h) in [(844, 390), (1280, 800)] {
        app.resize(w, h);
        wait_until("the new size", || {
            let size = app.script("return [innerWidth, innerHeight];", json!([]));
            (size == json!([w, h])).then_some(())
        });
        std::thread::sleep(Duration::from_millis(200));
        let faults = app.layout_faults(None);
        let shot = app.screenshot(&format!("{name}-101-{w}x{h}"));
        assert!(
            faults.is_empty(),
            "{name} at {w}x{h}: {faults:?} ({})",
            shot.display()
        );
    }
}
