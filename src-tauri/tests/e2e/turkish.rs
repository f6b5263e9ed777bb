//! Turkish all the way: with the language set to Turkish, every screen (home, settings, new
//! game, the table with its tile menu, a refused finish and the hint, the round's end, saved
//! games, a replay, practice with a checked hand and a puzzle, statistics, rules) is read as
//! the player sees it, and no English word and no tile letter code (R5, K12) may show. The
//! same for Okey 101: New game, the table with its opening tray and hint, the score sheet,
//! saved games, a replay with hands open, practice and statistics.

use crate::app::App;
use crate::harness::{wait_until, ROUND_PATIENCE};
use crate::play::{set_instant_speed, wait_for_my_turn};
use serde_json::json;
use std::time::{Duration, Instant};

/// Words that are English and not Turkish, read as whole words in the page's text; a rule
/// code in brackets ("(R19)"), which the Rules screen keeps, is taken out first.
const READER: &str = r#"
const english = ["the", "you", "your", "is", "are", "of", "and", "to", "with", "not", "no",
  "tile", "tiles", "round", "draw", "discard", "discards", "finish", "finished", "pile", "hand",
  "game", "games", "player", "players", "points", "score", "start", "back", "settings", "saved",
  "loading", "statistics", "puzzle", "puzzles", "hint", "take", "turn", "indicator", "run",
  "pair", "pairs", "won", "lost", "null", "undefined", "red", "yellow", "blue", "black", "false",
  "joker", "seat", "match", "replay", "next", "home", "delete", "check", "clear", "deal", "easy",
  "medium", "hard", "slow", "fast", "instant", "something", "wrong", "try", "again", "rules",
  "practice", "bots", "there", "only", "cannot", "must", "hold", "error"];
const text = document.body.innerText.replace(/\(R\d+(?:[,\u2013-] ?R?\d+)*\)/g, "");
const found = [];
const around = (i, n) => text.slice(Math.max(0, i - 30), i + n + 30).replace(/\s+/g, " ");
for (const word of english) {
  const re = new RegExp(`(^|[^\\p{L}])(${word})(?=$|[^\\p{L}])`, "giu");
  for (const m of text.matchAll(re)) {
    found.push(`"${m[2]}" in "${around(m.index, m[0].length)}"`);
  }
}
// Tile letter codes: in Turkish K would read as kırmızı (red), where it means black.
for (const m of text.matchAll(/(^|[^\p{L}\p{N}])([RYBK](?:1[0-3]|[1-9]))(?=$|[^\p{L}\p{N}])/gu)) {
  found.push(`tile code "${m[2]}" in "${around(m.index, m[0].length)}"`);
}
return found;
"#;

/// What on the page now is not Turkish, each with the screen's name.
fn english_on(app: &App, screen: &str) -> Vec<String> {
    let found: Vec<String> = crate::app::strings(&app.script(READER, json!([])))
        .into_iter()
        .map(|f| format!("{screen}: {f}"))
        .collect();
    eprintln!("{screen}: {} English word(s) or tile code(s)", found.len());
    for f in &found {
        eprintln!("  {f}");
    }
    found
}

#[test]
fn every_screen_in_turkish_shows_no_english() {
    let Some(app) = App::start("turkish") else {
        return;
    };
    let mut found = to_turkish(&app);
    found.extend(english_on(&app, "home"));

    app.click("[data-action=new-game]");
    app.wait_for("[data-screen=new-game]");
    found.extend(english_on(&app, "new game"));
    set_instant_speed(&app);
    app.click("[data-players='2']");
    app.click("[data-action=start]");
    app.wait_for("[data-screen=table]");
    wait_for_my_turn(&app);
    if app.phase() == "draw" {
        app.click("[data-action=draw]");
        wait_until("the discard phase", || {
            (app.phase() == "discard").then_some(())
        });
    }
    found.extend(english_on(&app, "table"));
    found.extend(tile_menu_and_a_refused_finish(&app));
    app.click("[data-action=hint]");
    wait_until("the hint", || app.find("[data-hint-text]"));
    found.extend(english_on(&app, "table with the hint"));

    play_to_the_round_end(&app);
    app.wait_for("[data-round-end]");
    found.extend(english_on(&app, "round end"));
    // Round 2 dealt, so round 1 can be replayed from the saved games.
    app.click("[data-action=next-round]");
    wait_until("round 2", || {
        (app.attr("[data-round]", "data-round").as_deref() == Some("2")).then_some(())
    });
    app.click("[data-action=home]");
    app.wait_for("[data-screen=home]");
    found.extend(english_on(&app, "home with a game"));

    app.click("[data-action=saves]");
    app.wait_for("[data-screen=saves] [data-save]");
    found.extend(english_on(&app, "saved games"));
    if app.find("[data-action=replay]").is_some() {
        app.click("[data-action=replay]");
        app.wait_for("[data-screen=replay]");
        wait_until("a replay frame", || {
            app.find("[data-action=replay-forward]")
        });
        for _ in 0..3 {
            app.click("[data-action=replay-forward]:not([disabled])");
            std::thread::sleep(Duration::from_millis(150));
        }
        found.extend(english_on(&app, "replay"));
        app.click("[data-action=back]");
        app.wait_for("[data-screen=saves]");
        // The round's review, graded in Turkish.
        app.click("[data-action=review]");
        app.wait_for("[data-screen=review] [data-review-accuracy]");
        app.screenshot("review-turkish");
        found.extend(english_on(&app, "review"));
        app.click("[data-action=back]");
        app.wait_for("[data-screen=saves]");
    }
    app.click("[data-action=back]");
    app.wait_for("[data-screen=home]");

    app.click("[data-action=practice]");
    app.wait_for("[data-screen=practice]");
    app.click("[data-action=deal]");
    wait_until("the verdict on a dealt hand", || {
        app.find("[data-assist-verdict]")
    });
    found.extend(english_on(&app, "practice"));
    app.click("[data-action=puzzle-finish]");
    app.wait_for("[data-puzzle-tile]");
    app.click("[data-puzzle-tile]");
    wait_until("the puzzle's verdict", || app.find("[data-puzzle-result]"));
    found.extend(english_on(&app, "practice with a puzzle"));
    app.click("[data-screen=practice] [data-action=back]");
    app.wait_for("[data-screen=home]");

    app.click("[data-action=stats]");
    app.wait_for("[data-screen=stats]");
    std::thread::sleep(Duration::from_millis(300));
    found.extend(english_on(&app, "statistics"));
    app.click("[data-action=back]");
    app.wait_for("[data-screen=home]");

    app.click("[data-action=rules]");
    app.wait_for("[data-screen=rules]");
    wait_until("every example's verdict", || {
        let open = app.script(
            "return document.querySelectorAll('[data-example]:not([data-valid])').length;",
            json!([]),
        );
        (open == json!(0)).then_some(())
    });
    found.extend(english_on(&app, "rules"));
    app.script(
        "document.querySelector('[data-examples]').scrollIntoView();",
        json!([]),
    );
    app.screenshot("rules-examples-turkish");

    assert!(
        found.is_empty(),
        "English on the Turkish screens:\n{}",
        found.join("\n")
    );
}

/// Sets the language to Turkish from the home screen and reads the settings screen; back
/// home after.
fn to_turkish(app: &App) -> Vec<String> {
    app.wait_for("[data-screen=home]");
    app.click("[data-action=settings]");
    app.wait_for("[data-screen=settings]");
    crate::play::choose_language(app, "tr");
    let found = english_on(app, "settings");
    app.click("[data-action=back]");
    app.wait_for("[data-screen=home]");
    found
}

#[test]
fn every_101_screen_in_turkish_shows_no_english() {
    let Some(mut app) = App::start("turkish101") else {
        return;
    };
    // A finished 101 match of bots, saved where the app keeps its games, for the replay.
    if !app.autoplay101(&["--seed", "11", "--bots", "medium,easy,easy,medium"]) {
        return;
    }
    let mut found = to_turkish(&app);

    crate::r101::start_101(&app, "turkish-101-new-game");
    wait_until("the player's turn", || {
        matches!(app.phase().as_str(), "draw" | "play").then_some(())
    });
    found.extend(english_on(&app, "101 table"));
    crate::r101::press(&app, "[data-action=arrange]");
    app.tap("[data-action=open-tray]");
    app.wait_for("[data-open-tray] [data-open-value]");
    found.extend(english_on(&app, "101 opening tray"));
    app.tap("[data-action=tray-close]");
    if app.phase() == "draw" {
        app.click_answered("[data-pile]");
    }
    app.wait_for("[data-action=hint]:not([disabled])");
    app.script(
        "document.querySelector('[data-action=hint]').click();",
        json!([]),
    );
    wait_until("the hint", || app.find("[data-hint-text]"));
    found.extend(english_on(&app, "101 table with the hint"));
    crate::r101::play_round_by_taps(&app, None);
    app.wait_for("[data-score-sheet] [data-round-sheet] [data-line]");
    found.extend(english_on(&app, "101 score sheet"));
    app.click("[data-action=home]");
    app.wait_for("[data-screen=home]");

    app.click("[data-action=saves]");
    app.wait_for("[data-save][data-variant='101']");
    found.extend(english_on(&app, "saved games with 101 matches"));
    // The bots' match is the finished one: it replays with every hand open.
    app.click("[data-save][data-variant='101'][data-state=finished] [data-action=replay]");
    app.wait_for("[data-replay-step]");
    for _ in 0..8 {
        app.click("[data-action=replay-forward]:not([disabled])");
        std::thread::sleep(Duration::from_millis(100));
    }
    app.click("[data-action=replay-open]");
    wait_until("hands open", || {
        app.find("[data-replay-rack] .tile-back")
            .is_none()
            .then_some(())
    });
    found.extend(english_on(&app, "101 replay"));
    app.screenshot("turkish-101-replay");
    app.click("[data-action=back]");
    app.click("[data-action=back]");
    app.wait_for("[data-screen=home]");

    app.click("[data-action=practice]");
    app.wait_for("[data-screen=practice]");
    app.click("[data-practice-variant='101']");
    app.click("[data-action=deal]");
    wait_until("the 101 verdict", || app.find("[data-practice101]"));
    found.extend(english_on(&app, "101 practice"));
    app.click("[data-screen=practice] [data-action=back]");
    app.wait_for("[data-screen=home]");

    app.click("[data-action=stats]");
    app.click("[data-stats-variant='101']");
    app.wait_for("[data-stats101]");
    found.extend(english_on(&app, "101 statistics"));

    assert!(
        found.is_empty(),
        "English on the Turkish 101 screens:\n{}",
        found.join("\n")
    );
}

/// Opens the menu of a rack tile, reads it, then claims a finish with that tile: the refusal comes as an error toast, read too.
fn tile_menu_and_a_refused_finish(app: &App) -> Vec<String> {
    open_tile_menu(app);
    let mut found = english_on(app, "tile menu");
    app.click("[data-action=menu-finish]");
    let toast = wait_until("the refusal", || app.text("[data-toast=error]"));
    eprintln!("refused finish: {toast}");
    app.screenshot("refused-finish-turkish");
    found.extend(english_on(app, "refused finish"));
    // The toast may lie over the buttons: it goes by itself.
    wait_until("the toast to go", || {
        app.find("[data-toast]").is_none().then_some(())
    });
    found
}

/// Opens the menu of the first rack tile, as a right click or a long press does.
fn open_tile_menu(app: &App) {
    app.script(
        "document.querySelector('[data-rack] [data-tile-id]').dispatchEvent(new MouseEvent('contextmenu', {bubbles: true, cancelable: true}));",
        json!([]),
    );
    app.wait_for("[data-tile-menu]");
}

/// Plays the player's turns (draw, then discard the first tile from its menu) until the
/// round is over: a bot finishes, or the pile runs out.
fn play_to_the_round_end(app: &App) {
    let deadline = Instant::now() + ROUND_PATIENCE;
    loop {
        assert!(Instant::now() < deadline, "the round did not end");
        match app.phase().as_str() {
            "round-over" | "match-over" => return,
            "draw" => {
                if app
                    .find("[data-action=end-round]:not([disabled])")
                    .is_some()
                {
                    app.click_answered("[data-action=end-round]");
                } else {
                    app.click_answered("[data-action=draw]");
                }
            }
            "discard" => {
                open_tile_menu(app);
                app.click_answered("[data-action=menu-discard]");
            }
            _ => std::thread::sleep(Duration::from_millis(50)),
        }
    }
}
