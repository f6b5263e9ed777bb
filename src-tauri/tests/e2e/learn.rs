//! Learn: on the first start the home screen offers it; at 844x390 in Turkish the first Düz
//! lesson and the first 101 lesson are played to their end by taps, each step marking what
//! to use, one wrong action in each explained from the engine's refusal, the 101 lesson left
//! and the app restarted on the way, then the gösterge, runs and jokers lessons; the lessons
//! are ticked as done.

use crate::app::App;
use crate::harness::wait_until;
use crate::r101::press;
use serde_json::json;
use std::time::Duration;

/// Sets a select of the settings screen and waits until it is saved.
fn setting(app: &App, field: &str, value: &str) {
    app.script(
        "const s = document.querySelector(`[data-setting=${arguments[0]}]`); s.value = arguments[1]; s.dispatchEvent(new Event('change'));",
        json!([field, value]),
    );
    std::thread::sleep(Duration::from_millis(300));
}

/// The lesson's step shown, 0 when none.
fn step(app: &App) -> i64 {
    app.attr("[data-lesson-step]", "data-lesson-step")
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

/// Waits for step `n` and checks that something on the table is marked for it.
fn at_step(app: &App, n: i64) {
    wait_until(&format!("lesson step {n}"), || {
        (step(app) == n).then_some(())
    });
    assert!(
        app.find("[data-screen=table] [data-lesson-target]")
            .is_some(),
        "step {n} marks what to use"
    );
}

/// Taps the first tile of the rack, as a finger picks it.
fn pick_first(app: &App) {
    std::thread::sleep(Duration::from_millis(400));
    app.tap("[data-rack] [data-tile-id]");
    wait_until("a tile picked", || app.find("[data-rack] .is-selected"));
}

/// From the lesson's step `draw` to its end: a draw, a discard, then back to the lessons,
/// where `lesson` is ticked.
fn finish_with_a_turn(app: &App, draw: i64, lesson: &str) {
    tap_when_enabled(app, "[data-action=draw]");
    at_step(app, draw + 1);
    pick_first(app);
    tap_when_enabled(app, "[data-action=discard]");
    app.wait_for(&format!("[data-lesson-complete='{lesson}']"));
    app.tap("[data-action=lessons]");
    app.wait_for(&format!(
        "[data-screen=learn] [data-lesson='{lesson}'][data-done]"
    ));
}

/// Waits until `selector` can be tapped, then taps it.
fn tap_when_enabled(app: &App, selector: &str) {
    wait_until(&format!("{selector} enabled"), || {
        app.find(&format!("{selector}:not([disabled])"))
    });
    press(app, selector);
}

#[test]
fn the_first_lessons_are_played_by_taps_in_turkish_and_a_wrong_move_is_explained() {
    let Some(mut app) = App::start("learn") else {
        return;
    };
    app.wait_for("[data-screen=home]");
    // The first start offers Learn, once.
    app.wait_for("[data-notice=learn] [data-action=learn-offer]");
    app.click("[data-action=settings]");
    crate::play::choose_language(&app, "tr");
    setting(&app, "bot_speed", "instant");
    app.click("[data-action=back]");
    app.resize(844, 390);
    app.tap("[data-action=learn]");
    app.wait_for("[data-screen=learn] [data-lesson='duz-turn']");
    assert!(
        app.find("[data-lesson][data-done]").is_none(),
        "nothing done yet"
    );
    app.screenshot("learn-list-844x390-tr");

    // Düz: the okey, the draw, the discard.
    app.tap("[data-lesson='duz-turn']");
    app.wait_for("[data-screen=table][data-variant='duz']");
    at_step(&app, 1);
    assert!(app.find("[data-indicator][data-lesson-target]").is_some());
    app.screenshot("learn-duz-step1-844x390-tr");
    app.tap("[data-action=lesson-next]");
    at_step(&app, 2);
    // A wrong move: a tile put on the centre as a finish before drawing. The engine refuses
    // it, and the lesson says why in Turkish.
    pick_first(&app);
    press(&app, "[data-drop=finish]");
    let why = wait_until("the refusal explained", || app.text("[data-lesson-wrong]"));
    assert!(why.starts_with("Olmadı"), "{why}");
    app.screenshot("learn-duz-wrong-844x390-tr");
    tap_when_enabled(&app, "[data-action=draw]");
    at_step(&app, 3);
    pick_first(&app);
    tap_when_enabled(&app, "[data-action=discard]");
    app.wait_for("[data-lesson-complete='duz-turn']");
    app.screenshot("learn-duz-complete-844x390-tr");
    app.tap("[data-action=lessons]");
    app.wait_for("[data-screen=learn] [data-lesson='duz-turn'][data-done]");

    // 101: counting an opening.
    app.tap("[data-lesson='101-opening']");
    app.wait_for("[data-screen=table][data-variant='101']");
    at_step(&app, 1);
    app.tap("[data-action=lesson-next]");
    at_step(&app, 2);
    // A wrong move: Open with nothing laid out worth 101. Refused, and said why.
    press(&app, "[data-action=open]");
    let why = wait_until("the refusal explained", || app.text("[data-lesson-wrong]"));
    assert!(why.starts_with("Olmadı"), "{why}");
    app.screenshot("learn-101-wrong-844x390-tr");
    pick_first(&app);
    tap_when_enabled(&app, "[data-action=discard]");
    at_step(&app, 3);
    // Left, and the app closed: the lesson goes on where it was.
    app.tap("[data-action=lesson-leave]");
    app.wait_for("[data-screen=learn]");
    std::thread::sleep(Duration::from_millis(500));
    app.restart();
    app.resize(844, 390);
    app.wait_for("[data-screen=home]");
    app.tap("[data-action=learn]");
    app.tap("[data-lesson='101-opening']");
    app.wait_for("[data-screen=table][data-variant='101']");
    at_step(&app, 3);
    finish_with_a_turn(&app, 3, "101-opening");

    // The gösterge (R19): the twin on the rack is marked, then shown.
    app.tap("[data-lesson='duz-gosterge']");
    app.wait_for("[data-screen=table][data-variant='duz']");
    at_step(&app, 1);
    assert!(app
        .find("[data-rack] [data-tile][data-lesson-target]")
        .is_some());
    app.screenshot("learn-gosterge-844x390-tr");
    app.tap("[data-action=lesson-next]");
    wait_until("lesson step 2", || (step(&app) == 2).then_some(()));
    tap_when_enabled(&app, "[data-action=gosterge]");
    app.wait_for("[data-lesson-complete='duz-gosterge']");
    app.tap("[data-action=lessons]");
    app.wait_for("[data-screen=learn] [data-lesson='duz-gosterge'][data-done]");

    // Runs: the Runs sort lays the red 12-13-1 side by side, its 1 is marked, then a turn.
    app.tap("[data-lesson='duz-runs']");
    app.wait_for("[data-screen=table][data-variant='duz']");
    at_step(&app, 1);
    press(&app, "[data-action=sort-runs]");
    at_step(&app, 2);
    assert!(app
        .find("[data-rack] [data-tile='R1'][data-lesson-target]")
        .is_some());
    app.screenshot("learn-runs-844x390-tr");
    app.tap("[data-action=lesson-next]");
    at_step(&app, 3);
    app.tap("[data-action=lesson-next]");
    at_step(&app, 4);
    finish_with_a_turn(&app, 4, "duz-runs");

    // The okey and the false joker: each marked on the rack in turn, then a turn played.
    app.tap("[data-lesson='duz-jokers']");
    app.wait_for("[data-screen=table][data-variant='duz']");
    at_step(&app, 1);
    assert!(app
        .find("[data-rack] [data-tile][data-lesson-target]")
        .is_some());
    app.tap("[data-action=lesson-next]");
    at_step(&app, 2);
    assert!(app
        .find("[data-rack] [data-tile='F'][data-lesson-target]")
        .is_some());
    app.screenshot("learn-jokers-844x390-tr");
    app.tap("[data-action=lesson-next]");
    at_step(&app, 3);
    finish_with_a_turn(&app, 3, "duz-jokers");
    app.screenshot("learn-done-844x390-tr");
    // Done lessons are kept with the settings: the home screen does not offer Learn again.
    app.restart();
    app.wait_for("[data-screen=home] [data-action=learn]");
    std::thread::sleep(Duration::from_millis(500));
    assert!(app.find("[data-notice=learn]").is_none());
    app.tap("[data-action=learn]");
    app.wait_for("[data-screen=learn] [data-lesson='duz-turn'][data-done]");

    // A lesson whose match was deleted in Saved games starts again instead of failing.
    app.tap("[data-lesson='duz-turn']");
    app.wait_for("[data-screen=table][data-variant='duz']");
    at_step(&app, 1);
    app.tap("[data-lesson-step] [data-action=lesson-leave]");
    app.wait_for("[data-screen=learn]");
    app.back_home();
    app.tap("[data-action=saves]");
    // The newest match, first in the list, is the lesson's.
    app.tap("[data-save] [data-action=delete]");
    app.tap("[data-save] [data-action=confirm-delete]");
    std::thread::sleep(Duration::from_millis(500));
    app.back_home();
    app.tap("[data-action=learn]");
    app.tap("[data-lesson='duz-turn']");
    app.wait_for("[data-screen=table][data-variant='duz']");
    at_step(&app, 1);
}
