//! The home screen: its entries, the version from Rust, the window's title, the rules'
//! examples with the engine's verdicts, and the partner mark of a partnership game.

use crate::app::App;
use crate::harness::wait_until;
use serde_json::json;

#[test]
fn app_opens_on_the_home_screen_and_reaches_rust() {
    let Some(app) = App::start("home") else {
        return;
    };
    app.wait_for("[data-screen=home]");
    // A number to report, not a pass mark: it includes WebKitWebDriver starting the app.
    eprintln!(
        "cold start to the home screen, through WebDriver: {} ms",
        app.launched.elapsed().as_millis()
    );
    for entry in ["new-game", "saves", "settings", "rules"] {
        assert!(
            app.find(&format!("[data-action={entry}]")).is_some(),
            "{entry}"
        );
    }
    app.screenshot("home-desktop");
    // Nothing to continue in a fresh app, and no entry for screens that do not exist yet.
    assert!(app.find("[data-action=continue]").is_none());
    // The version comes from Rust over IPC: it shows that the CSP and capabilities let it through.
    let version = wait_until("the version line", || {
        app.text("[data-app-version]").filter(|t| !t.is_empty())
    });
    assert_eq!(version, format!("Okey {}", env!("CARGO_PKG_VERSION")));
    assert_eq!(app.title(), "Okey");
    app.click("[data-action=rules]");
    let rules = app.wait_for("[data-screen=rules]");
    assert!(!rules.element_id().is_empty());
    assert!(app
        .text("[data-screen=rules]")
        .unwrap_or_default()
        .contains("R19"));
    // The examples carry the engine's verdicts: 12-13-1 is a run, 13-1-2 is not.
    app.wait_for("[data-example='Y12 Y13 Y1'][data-valid=true]");
    app.wait_for("[data-example='Y13 Y1 Y2'][data-valid=false]");
    app.wait_for("[data-example='R3 F R5'][data-valid=false]");
    app.wait_for("[data-example='R3 K5 R5'][data-valid=true]");
    app.screenshot("rules-desktop");

    // Partnership (R24): the seat opposite is marked as the player's partner, and only it.
    app.click("[data-action=back]");
    app.click("[data-action=new-game]");
    app.wait_for("[data-screen=new-game]");
    app.click("[data-players='4']");
    app.click("[data-field=partnership]");
    app.click("[data-action=start]");
    app.wait_for("[data-screen=table]");
    let partners = app.script(
        "return [...document.querySelectorAll('[data-partner]')].map(e => e.closest('[data-seat]').dataset.seat);",
        json!([]),
    );
    assert_eq!(partners, json!(["2"]), "the partner mark");

    // Quick starts: a match of either game at once, four players, three medium bots.
    for (action, variant) in [("quick-duz", "duz"), ("quick-101", "101")] {
        app.script(
            "document.querySelector('[data-action=home]').click();",
            json!([]),
        );
        app.wait_for("[data-screen=home]");
        app.click(&format!("[data-action={action}]"));
        app.wait_for(&format!(
            "[data-screen=table][data-variant='{variant}'][data-players='4']"
        ));
        let bots = app
            .script_async(
                "const done = arguments[arguments.length - 1]; window.__TAURI__.core.invoke('current_table').then(t => done(t.bots), e => done(String(e)));",
            )
            .expect("the table's bots");
        assert_eq!(
            bots,
            json!([null, "medium", "medium", "medium"]),
            "{action}"
        );
    }
}

/// A match in play shows as the Continue card: its game, round and every seat's score, and
/// "your turn" when it is; it fits beside the menu on a phone on its side, in both languages.
#[test]
fn the_continue_card_names_the_match_in_play() {
    let Some(mut app) = App::start("home-continue") else {
        return;
    };
    app.wait_for("[data-screen=home]");
    app.click("[data-action=quick-101]");
    app.wait_for("[data-screen=table][data-variant='101']");
    app.script(
        "document.querySelector('[data-action=home]').click();",
        json!([]),
    );
    app.wait_for("[data-screen=home] [data-action=continue]");
    let scores = wait_until("the card's scores", || {
        app.text("[data-continue-scores]").filter(|t| !t.is_empty())
    });
    assert_eq!(scores.matches(" · ").count(), 3, "four seats: {scores}");
    let said = app.text("[data-action=continue]").unwrap_or_default();
    assert!(said.contains("101"), "the game is named: {said}");
    // The player starts a 101 match (seat 0 deals first): it is the player's turn.
    assert!(
        app.find("[data-your-turn]:not([hidden])").is_some(),
        "{said}"
    );
    for lang in ["en", "tr"] {
        app.click("[data-action=settings]");
        crate::play::choose_language(&app, lang);
        app.click("[data-action=back]");
        app.wait_for("[data-screen=home] [data-action=continue]");
        for (w, h) in [(844, 390), (1280, 800)] {
            app.resize(w, h);
            let faults = app.layout_faults(None);
            let shot = app.screenshot(&format!("home-continue-{w}x{h}-{lang}"));
            assert!(faults.is_empty(), "{faults:?} (see {})", shot.display());
        }
    }
    // After a restart no table is on screen: the save itself says whose turn it is.
    app.restart();
    app.wait_for("[data-screen=home] [data-action=continue]");
    wait_until("your turn, from the save", || {
        app.find("[data-your-turn]:not([hidden])")
    });
    app.click("[data-action=continue]");
    app.wait_for("[data-screen=table][data-variant='101']");
}
