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
    ticked(app, lesson);
}

/// On a phone the panel covers the seat across: folded, the seat can be read again (the
/// element at its name's centre is the seat's own) while the step and its mark stay; unfolded,
/// the panel is back.
fn fold_and_unfold(app: &App) {
    const SEAT_SEEN: &str =
        "const seat = document.querySelector('[data-seat=\"2\"]:not([data-action])'); \
        const r = seat.getBoundingClientRect(); \
        return seat.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));";
    assert_eq!(
        app.script(SEAT_SEEN, json!([])),
        json!(false),
        "the panel covers the seat across"
    );
    while_folded(app, || {
        assert_eq!(
            app.script(SEAT_SEEN, json!([])),
            json!(true),
            "folded, the seat is seen"
        );
        assert!(app
            .find("[data-screen=table] [data-lesson-target]")
            .is_some());
        app.screenshot("learn-folded-844x390-tr");
    });
    app.wait_for("[data-action=lesson-next]");
}

/// Folds the lesson panel, runs `check` while it is folded to its tab (which keeps the
/// step's number), and unfolds it at the same step.
fn while_folded(app: &App, check: impl FnOnce()) {
    let n = step(app);
    app.tap("[data-action=lesson-fold]");
    app.wait_for(&format!(
        "[data-action=lesson-unfold][data-lesson-step='{n}']"
    ));
    check();
    app.tap("[data-action=lesson-unfold]");
    at_step(app, n);
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
    begin(&app, "duz-turn", "duz");
    assert!(app.find("[data-indicator][data-lesson-target]").is_some());
    app.screenshot("learn-duz-step1-844x390-tr");
    fold_and_unfold(&app);
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
    begin(&app, "101-opening", "101");
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
    begin(&app, "duz-gosterge", "duz");
    assert!(app
        .find("[data-rack] [data-tile][data-lesson-target]")
        .is_some());
    app.screenshot("learn-gosterge-844x390-tr");
    app.tap("[data-action=lesson-next]");
    wait_until("lesson step 2", || (step(&app) == 2).then_some(()));
    tap_when_enabled(&app, "[data-action=gosterge]");
    ticked(&app, "duz-gosterge");

    // Runs: the Runs sort lays the red 12-13-1 side by side, its 1 is marked, then a turn.
    begin(&app, "duz-runs", "duz");
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
    begin(&app, "duz-jokers", "duz");
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
    begin(&app, "duz-turn", "duz");
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
    begin(&app, "duz-turn", "duz");
}

/// Taps the rack's tile written `t`, marked by the lesson, so that it is picked.
fn pick_marked(app: &App, t: &str) {
    let tile = format!("[data-rack] [data-tile='{t}'][data-lesson-target]");
    app.wait_for(&tile);
    std::thread::sleep(Duration::from_millis(300));
    app.tap(&tile);
    wait_until(&format!("{t} picked"), || {
        app.find(&format!("[data-rack] [data-tile='{t}'].is-selected"))
    });
}

/// Throws the marked tile `t`, which ends the step `n`.
fn throw_marked(app: &App, n: i64, t: &str) {
    at_step(app, n);
    pick_marked(app, t);
    tap_when_enabled(app, "[data-action=discard]");
}

/// Taps Next on the step `n`.
fn next(app: &App, n: i64) {
    at_step(app, n);
    app.tap("[data-lesson-step] [data-action=lesson-next]");
}

/// Back to the lessons, where `lesson` is ticked.
fn ticked(app: &App, lesson: &str) {
    app.wait_for(&format!("[data-lesson-complete='{lesson}']"));
    app.tap("[data-action=lessons]");
    app.wait_for(&format!(
        "[data-screen=learn] [data-lesson='{lesson}'][data-done]"
    ));
    // The table's news stays with the table.
    assert!(app.find("[data-toast=info]").is_none(), "{lesson}");
}

/// Starts `lesson` from the list and waits for its first step on a table of `variant`.
fn begin(app: &App, lesson: &str, variant: &str) {
    app.tap(&format!("[data-lesson='{lesson}']"));
    app.wait_for(&format!("[data-screen=table][data-variant='{variant}']"));
    at_step(app, 1);
}

/// The first two steps of the 101 table lessons: the R1 thrown, then a draw once the next
/// seat has opened with an okey in a run.
fn table_start(app: &App) {
    throw_marked(app, 1, "R1");
    at_step(app, 2);
    tap_when_enabled(app, "[data-action=draw]");
}

/// Steps 3 to 6 of the lay-off and swap lessons: the Best sort, Open, the B2 thrown, a draw.
fn table_opened(app: &App) {
    at_step(app, 3);
    press(app, "[data-action=arrange]");
    at_step(app, 4);
    tap_when_enabled(app, "[data-action=open]");
    // Another tile than the marked one: refused by the lesson, which is built on the B2.
    at_step(app, 5);
    std::thread::sleep(Duration::from_millis(300));
    app.tap("[data-rack] [data-tile='R6']");
    app.tap("[data-action=discard]");
    wait_until("the lesson's refusal", || app.text("[data-lesson-wrong]"));
    assert_eq!(step(app), 5);
    throw_marked(app, 5, "B2");
    at_step(app, 6);
    tap_when_enabled(app, "[data-action=draw]");
}

/// Plays tile `t` (marked) on the meld `meld`, by taps: the tile, then the meld.
fn play_on(app: &App, t: &str, meld: &str) {
    pick_marked(app, t);
    app.tap(meld);
}

#[test]
fn the_finishing_and_table_lessons_are_played_by_taps_in_english_and_turkish() {
    let Some(app) = App::start("learn-table") else {
        return;
    };
    app.wait_for("[data-screen=home]");
    app.click("[data-action=settings]");
    setting(&app, "bot_speed", "instant");
    app.click("[data-action=back]");
    for lang in ["en", "tr"] {
        app.back_home();
        app.click("[data-action=settings]");
        crate::play::choose_language(&app, lang);
        app.click("[data-action=back]");
        app.resize(844, 390);
        app.tap("[data-action=learn]");
        app.wait_for("[data-screen=learn] [data-lesson='101-sheet']");
        table_lessons(&app, lang);
    }
    // Lesson matches are marked as such in Saved games, and the home screen's Continue card
    // leaves them to Learn.
    app.back_home();
    app.tap("[data-action=saves]");
    app.wait_for("[data-save] [data-lesson-match]");
    assert!(app
        .find("li[data-save]:not(:has([data-lesson-match]))")
        .is_none());
    app.screenshot("learn-saves-844x390-tr");
    app.back_home();
    app.wait_for("[data-screen=home] [data-action=learn]");
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(app.text("[data-continue-scores]").unwrap_or_default(), "");
    app.tap("[data-action=learn]");
    // On a desktop window (Turkish, from the loop): the finish marked after Best, and the
    // okey of the next seat's run marked at the 101 table.
    app.resize(1280, 800);
    begin(&app, "duz-finish", "duz");
    press(&app, "[data-action=arrange]");
    at_step(&app, 2);
    app.wait_for("[data-rack] [data-tile='K12'][data-lesson-target]");
    app.screenshot("learn-finish-1280x800-tr");
    app.tap("[data-lesson-step] [data-action=lesson-leave]");
    begin(&app, "101-islek", "101");
    table_start(&app);
    at_step(&app, 3);
    std::thread::sleep(Duration::from_millis(600));
    app.screenshot("learn-islek-1280x800-tr");
    while_folded(&app, || {
        app.screenshot("learn-folded-1280x800-tr");
    });
    let faults = app.layout_faults(None);
    assert!(faults.is_empty(), "{faults:?}");
    // The same in English: the panel at the 101 table, the lessons ticked, the saves marked.
    app.tap("[data-lesson-step] [data-action=lesson-leave]");
    app.back_home();
    app.click("[data-action=settings]");
    crate::play::choose_language(&app, "en");
    app.click("[data-action=back]");
    app.tap("[data-action=learn]");
    begin(&app, "101-layoff", "101");
    std::thread::sleep(Duration::from_millis(600));
    app.screenshot("learn-layoff-1280x800-en");
    while_folded(&app, || {
        app.screenshot("learn-folded-1280x800-en");
    });
    app.tap("[data-lesson-step] [data-action=lesson-leave]");
    app.wait_for("[data-screen=learn] [data-lesson='101-sheet'][data-done]");
    app.screenshot("learn-list-1280x800-en");
    app.back_home();
    app.tap("[data-action=saves]");
    app.wait_for("[data-save] [data-lesson-match]");
    app.screenshot("learn-saves-1280x800-en");
}

/// Plays the seven lessons on preset deals, screenshots named with `lang`.
fn table_lessons(app: &App, lang: &str) {
    let shot = |name: &str| app.screenshot(&format!("learn-{name}-844x390-{lang}"));

    // Düz, finishing with runs and sets (R8, R10): Best sets the tile over apart, it is
    // thrown on the centre, and the round's end says what the others lose.
    begin(app, "duz-finish", "duz");
    while_folded(app, || {
        shot("folded");
    });
    press(app, "[data-action=arrange]");
    at_step(app, 2);
    pick_marked(app, "K12");
    // Thrown to the right instead of finishing: the lesson says why and waits.
    app.tap("[data-action=discard]");
    let why = wait_until("the lesson's refusal", || app.text("[data-lesson-wrong]"));
    assert!(!why.is_empty(), "{why}");
    assert_eq!(step(app), 2);
    tap_when_enabled(app, "[data-action=finish]");
    at_step(app, 3);
    app.wait_for("[data-round-end]");
    shot("finish");
    next(app, 3);
    ticked(app, "duz-finish");

    // Düz, seven pairs (R9).
    begin(app, "duz-pairs", "duz");
    press(app, "[data-action=sort-pairs]");
    at_step(app, 2);
    pick_marked(app, "Y7");
    tap_when_enabled(app, "[data-action=finish]");
    next(app, 3);
    ticked(app, "duz-pairs");

    // 101, opening with pairs (R101-15).
    begin(app, "101-pairs", "101");
    app.tap("[data-lesson-step] [data-action=lesson-next]");
    throw_marked(app, 2, "K1");
    at_step(app, 3);
    tap_when_enabled(app, "[data-action=draw]");
    at_step(app, 4);
    press(app, "[data-action=sort-pairs]");
    at_step(app, 5);
    tap_when_enabled(app, "[data-action=open]");
    app.wait_for(".me[data-status=pairs]");
    throw_marked(app, 6, "Y2");
    ticked(app, "101-pairs");

    // 101, işlek (R101-25): the okey of the next seat's run and the K4 that fits it are
    // marked, then a safe tile is thrown.
    begin(app, "101-islek", "101");
    table_start(app);
    at_step(app, 3);
    assert!(app
        .find("[data-melds-of='1'] [data-drop=okey][data-lesson-target]")
        .is_some());
    shot("islek");
    next(app, 3);
    next(app, 4);
    throw_marked(app, 5, "B2");
    ticked(app, "101-islek");

    // 101, lay-offs (R101-21): on the player's own blue run, then on the next seat's.
    begin(app, "101-layoff", "101");
    table_start(app);
    table_opened(app);
    at_step(app, 7);
    play_on(
        app,
        "B9",
        "[data-melds-of='0'] [data-meld]:has([data-tile='B10'])",
    );
    at_step(app, 8);
    play_on(
        app,
        "K4",
        "[data-melds-of='1'] [data-meld]:has([data-drop=okey])",
    );
    at_step(app, 9);
    shot("layoff");
    throw_marked(app, 9, "B5");
    ticked(app, "101-layoff");

    // 101, the okey swap (R101-22): the K7 onto the okey, which comes to the rack.
    begin(app, "101-swap", "101");
    table_start(app);
    table_opened(app);
    at_step(app, 7);
    play_on(app, "K7", "[data-melds-of='1'] [data-drop=okey]");
    next(app, 8);
    throw_marked(app, 9, "B5");
    ticked(app, "101-swap");

    // 101, the score sheet: open with all but one tile, throw the last, read the sheet.
    begin(app, "101-sheet", "101");
    throw_marked(app, 1, "Y1");
    at_step(app, 2);
    tap_when_enabled(app, "[data-action=draw]");
    at_step(app, 3);
    press(app, "[data-action=arrange]");
    at_step(app, 4);
    tap_when_enabled(app, "[data-action=open]");
    at_step(app, 5);
    pick_first(app);
    tap_when_enabled(app, "[data-action=discard]");
    at_step(app, 6);
    app.wait_for("[data-round-sheet] [data-line='0'][data-lesson-target]");
    shot("sheet");
    next(app, 6);
    next(app, 7);
    next(app, 8);
    ticked(app, "101-sheet");
    shot("list-done");
}
