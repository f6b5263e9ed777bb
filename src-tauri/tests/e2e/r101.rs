//! Okey 101 in the real app, at the desktop size and the phone size: a 101 match started
//! from New game against three bots, a round played by taps (draw, open when the assistant
//! says the rack reaches the figure, lay off where it says a tile fits, discard what the Hint
//! suggests), the score sheet after the round, and the app quit mid-round and started again:
//! Continue brings back the same rack and table. No layout faults on the way, in English and
//! Turkish; screenshots kept.

use crate::app::App;
use crate::harness::{wait_until, within, ROUND_PATIENCE};
use crate::play::set_instant_speed;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// Sets a select on the screen by its `data-field` and tells the page it changed.
pub fn choose(app: &App, field: &str, value: &str) {
    app.script(
        "const s = document.querySelector(`[data-field=${arguments[0]}]`); s.value = arguments[1]; s.dispatchEvent(new Event('change'));",
        json!([field, value]),
    );
}

/// Fails with the faults and a screenshot named `shot` when the layout is wrong.
fn no_faults(app: &App, scope: Option<&str>, shot: &str) {
    let faults = app.layout_faults(scope);
    let path = app.screenshot(shot);
    assert!(
        faults.is_empty(),
        "{shot}: {faults:?} (see {})",
        path.display()
    );
}

/// From the home screen, a 101 match of 4 players, 3 rounds, against instant bots.
pub fn start_101(app: &App, shot: &str) {
    app.tap("[data-action=new-game]");
    app.wait_for("[data-screen=new-game]");
    set_instant_speed(app);
    choose(app, "variant", "101");
    app.wait_for("[data-field=okey_swap]");
    app.tap("[data-players='4']");
    choose(app, "rounds", "3");
    no_faults(app, None, shot);
    app.tap("[data-action=start]");
    app.wait_for("[data-screen=table][data-variant='101']");
}

/// Taps a rack tile as a new touch: a second tap on the same tile within the double-tap
/// time would discard it (a player's double tap), so taps stay further apart.
fn pick(app: &App, tile: &str) {
    let picked = format!("[data-rack] .is-selected[data-tile='{tile}']");
    // A tap can land while the rack is being drawn again and be lost: tapped again then,
    // never while the tile shows as picked (a second tap would put it down).
    for _ in 0..3 {
        std::thread::sleep(Duration::from_millis(400));
        app.tap(&format!("[data-rack] [data-tile='{tile}']"));
        if within(Duration::from_secs(3), || app.find(&picked)).is_some() {
            return;
        }
    }
    let shot = app.screenshot("r101-not-picked");
    let state = app.script(
        "return { rack: [...document.querySelectorAll('[data-rack] [data-tile]')].map(t => t.dataset.tile + (t.className.includes('flight') ? '*' : '')), toasts: [...document.querySelectorAll('[data-toast]')].map(t => t.textContent), phase: document.querySelector('[data-screen=table]')?.dataset.phase };",
        json!([]),
    );
    panic!("{tile} was not picked: {state} (see {})", shot.display());
}

/// Presses a button of the table and waits for Rust's answer. The button is clicked from the
/// page, as a finger's tap would: at instant speed the table redraws often, and a driver's
/// click on a button just replaced fails in the driver.
pub fn press(app: &App, selector: &str) {
    app.wait_for(selector);
    let before = app.answered();
    app.script(
        "document.querySelector(arguments[0]).click();",
        json!([selector]),
    );
    wait_until(&format!("the answer to {selector}"), || {
        (app.answered() > before).then_some(())
    });
}

/// The 101 table as the page holds it: the hand, the melds on the table and whose turn.
fn table_state(app: &App) -> Value {
    app.script(
        "return { rack: [...document.querySelectorAll('[data-rack] [data-slot]')].map(s => s.querySelector('[data-tile-id]')?.dataset.tileId ?? null), melds: [...document.querySelectorAll('[data-meld]')].map(m => m.dataset.owner + ':' + [...m.querySelectorAll('[data-tile-id]')].map(t => t.dataset.tileId).join(',')), pile: document.querySelector('[data-pile]')?.dataset.count };",
        json!([]),
    )
}

/// Counts the tiles that fly from now on, by token ("back" for a tile seen from behind):
/// flights last a fraction of a second, so they are noted as they are added.
fn watch_flights(app: &App) {
    app.script(
        "window.__flown = []; if (!window.__flightWatch) { window.__flightWatch = new MutationObserver((ms) => { for (const m of ms) for (const n of m.addedNodes) if (n.dataset && 'flight' in n.dataset) window.__flown.push(n.querySelector('[data-tile]')?.dataset.tile ?? 'back'); }); window.__flightWatch.observe(document.body, { childList: true }); }",
        json!([]),
    );
}

/// Waits until at least `n` tiles have flown since [`watch_flights`], `token` among them
/// when given; fails naming `what`.
fn flew(app: &App, what: &str, n: usize, token: Option<&str>) {
    let seen = within(Duration::from_secs(10), || {
        let flown = app.script("return window.__flown;", json!([]));
        let flown: Vec<&str> = flown
            .as_array()?
            .iter()
            .filter_map(|t| t.as_str())
            .collect();
        (flown.len() >= n && token.is_none_or(|t| flown.contains(&t))).then_some(())
    });
    if seen.is_none() {
        let shot = app.screenshot("r101-no-flight");
        let state = app.script(
            "return { flown: window.__flown, phase: document.querySelector('[data-screen=table]')?.dataset.phase, stacks: [...document.querySelectorAll('[data-discards]')].map(d => d.dataset.discards + ':' + (d.querySelector('[data-tile]')?.dataset.tile ?? '-')) };",
            json!([]),
        );
        panic!("{what}: {state} (see {})", shot.display());
    }
}

/// The assistant's answer for this table: waits until it is drawn.
fn assistant(app: &App) -> Value {
    wait_until("the assistant", || {
        let v = app.script(
            "const o = document.querySelector('[data-assist-opening]'); const s = document.querySelector('[data-assist-spots]'); if (!o && !s) return null; return { reaches: o?.dataset.assistReaches === 'true', spots: s?.dataset.assistSpots ?? '' };",
            json!([]),
        );
        (!v.is_null()).then_some(v)
    })
}

/// Taps the Hint button and reads what it suggests: the action and its tile's token.
fn hint(app: &App) -> (String, Option<String>) {
    app.wait_for("[data-action=hint]:not([disabled])");
    app.script(
        "document.querySelector('[data-action=hint]').click();",
        json!([]),
    );
    let shown = wait_until("the hint", || app.find("[data-hint-text]"));
    drop(shown);
    let doing = app
        .attr("[data-hint-text]", "data-hint-do")
        .unwrap_or_default();
    let tile = app.attr("[data-hint-text]", "data-hint-tile");
    (doing, tile)
}

/// Plays the player's turns by taps until the round is over: draws from the pile; opens
/// with the Best layout when the assistant says it reaches the figure; lays off the tile the
/// Hint names on the meld it marks; discards the tile the Hint names. Returns how many turns
/// were played and whether the player opened or laid off.
pub fn play_round_by_taps(app: &App, stop_after: Option<usize>) -> (usize, bool, bool) {
    let deadline = Instant::now() + ROUND_PATIENCE;
    let (mut turns, mut opened, mut laid_off) = (0, false, false);
    let (mut last, mut same) = (Value::Null, 0);
    loop {
        assert!(Instant::now() < deadline, "the round did not end in time");
        // A request the table keeps refusing would loop here for ever: say which.
        let now = json!([table_state(app), app.phase()]);
        same = if now == last { same + 1 } else { 0 };
        last = now;
        if same > 40 {
            let shot = app.screenshot("r101-stuck");
            panic!("no progress at {last} (see {})", shot.display());
        }
        let phase = within(Duration::from_secs(1), || {
            let p = app.phase();
            matches!(p.as_str(), "draw" | "play" | "round-over" | "match-over").then_some(p)
        });
        match phase.as_deref() {
            Some("round-over") | Some("match-over") => return (turns, opened, laid_off),
            Some("draw") => {
                if stop_after == Some(turns) {
                    return (turns, opened, laid_off);
                }
                app.click_answered("[data-pile]");
            }
            Some("play") => {
                let a = assistant(app);
                if a["reaches"] == json!(true)
                    && app.find("[data-action=open]:not([disabled])").is_some()
                {
                    press(app, "[data-action=arrange]");
                    watch_flights(app);
                    press(app, "[data-action=open]");
                    if app
                        .find(".me[data-status=series], .me[data-status=pairs]")
                        .is_some()
                    {
                        // The opening's tiles fly from the rack to the table (three at least).
                        flew(app, "the opening's tiles to fly to the table", 3, None);
                        opened = true;
                        continue;
                    }
                }
                let (doing, tile) = hint(app);
                match (doing.as_str(), tile) {
                    ("lay_off" | "swap", Some(tile)) => {
                        pick(app, &tile);
                        // Then the meld the Hint marked: a tap on it lays the tile off there.
                        press(app, "[data-meld].is-hinted");
                        laid_off = true;
                    }
                    ("discard", Some(tile)) => {
                        pick(app, &tile);
                        watch_flights(app);
                        press(app, "[data-action=discard]");
                        // The player's own discard flies from the rack to the stack.
                        flew(app, "the player's discard to fly", 1, Some(&tile));
                        turns += 1;
                    }
                    ("open" | "meld", _) => {
                        // The assistant's melds in one tap.
                        press(app, "[data-action=hint-do]");
                        opened = true;
                    }
                    (other, _) => {
                        // Take-back, return, end of round: what the assistant suggests.
                        let selector = format!("[data-action={}]", other.replace('_', "-"));
                        press(app, &selector);
                    }
                }
            }
            _ => {}
        }
    }
}

#[test]
fn a_101_round_is_played_by_taps_the_sheet_shows_and_a_restart_continues_it() {
    let Some(mut app) = App::start("r101") else {
        return;
    };
    for (w, h, lang) in [(1280, 800, "en"), (844, 390, "tr")] {
        app.resize(w, h);
        if lang == "tr" {
            app.tap("[data-action=settings]");
            app.wait_for("[data-screen=settings]");
            crate::play::choose_language(&app, "tr");
            app.tap("[data-action=back]");
            app.wait_for("[data-screen=home]");
        }
        start_101(&app, &format!("r101-new-game-{w}x{h}-{lang}"));
        wait_until("the player's turn", || {
            matches!(app.phase().as_str(), "draw" | "play").then_some(())
        });
        no_faults(&app, None, &format!("r101-table-{w}x{h}-{lang}"));
        // The opening tray: the rack's groups with the running total against the figure.
        press(&app, "[data-action=arrange]");
        app.tap("[data-action=open-tray]");
        app.wait_for("[data-open-tray] [data-open-value]");
        assert!(app.find("[data-open-tray] [data-open-group]").is_some());
        no_faults(
            &app,
            Some("[data-open-tray]"),
            &format!("r101-tray-{w}x{h}-{lang}"),
        );
        app.tap("[data-action=tray-close]");
        let (turns, opened, laid_off) = play_round_by_taps(&app, None);
        eprintln!("{w}x{h}: {turns} turns, opened {opened}, laid off {laid_off}");
        app.wait_for("[data-score-sheet]");
        app.wait_for("[data-round-sheet] [data-line]");
        app.wait_for("[data-match-sheet] [data-sheet-round='1']");
        no_faults(
            &app,
            Some("[data-score-sheet]"),
            &format!("r101-sheet-{w}x{h}-{lang}"),
        );
        // The round's review from the sheet: every seat graded, the tiles left, and back.
        app.click("[data-score-sheet] [data-action=review]");
        app.wait_for("[data-screen=review] [data-review-accuracy='3']");
        app.wait_for("[data-review-left]");
        assert!(app.find("[data-decision][data-grade]").is_some());
        no_faults(&app, None, &format!("r101-review-{w}x{h}-{lang}"));
        app.click("[data-action=back]");
        app.wait_for("[data-score-sheet]");
        // The next round, played to the player's second turn (a bot may finish a round
        // first: then the next one), then the app quits.
        press(&app, "[data-action=next-round]");
        loop {
            play_round_by_taps(&app, Some(1));
            if app.phase() != "round-over" {
                break;
            }
            press(&app, "[data-action=next-round]");
        }
        if app.phase() != "match-over" {
            no_faults(&app, None, &format!("r101-midround-{w}x{h}-{lang}"));
        }
        let before = table_state(&app);
        app.restart();
        app.wait_for("[data-screen=home]");
        app.resize(w, h);
        app.wait_for("[data-action=continue]");
        app.tap("[data-action=continue]");
        app.wait_for("[data-screen=table][data-variant='101']");
        let after = wait_until("the table as it was", || {
            let now = table_state(&app);
            (now == before).then_some(now)
        });
        assert_eq!(
            after, before,
            "the same rack, melds and pile after the restart"
        );
        no_faults(&app, None, &format!("r101-resumed-{w}x{h}-{lang}"));
        app.tap("[data-action=home]");
        app.wait_for("[data-screen=home]");
    }
}
