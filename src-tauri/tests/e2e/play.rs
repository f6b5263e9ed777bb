//! Moves more than one story makes: starting a game against instant bots and moving a tile
//! on the rack by clicks.

use crate::app::App;
use crate::harness::wait_until;
use serde_json::json;

/// From the home screen, starts a game of `players` against instant bots (the speed control
/// changes the setting at once), with a screenshot of the new-game screen if named.
pub fn start_game(app: &App, players: u8, screenshot: Option<&str>) {
    app.click("[data-action=new-game]");
    app.wait_for("[data-screen=new-game]");
    set_instant_speed(app);
    app.click(&format!("[data-players='{players}']"));
    if let Some(name) = screenshot {
        app.screenshot(name);
    }
    app.click("[data-action=start]");
    app.wait_for("[data-screen=table]");
}

/// On the new-game screen, sets the bot speed to instant.
pub fn set_instant_speed(app: &App) {
    set_speed(app, "instant");
}

/// On the new-game screen, sets the bot speed (`slow`, `normal`, `fast`, `instant`).
pub fn set_speed(app: &App, speed: &str) {
    app.script(
        "const s = document.querySelector('[data-field=speed]'); s.value = arguments[0]; s.dispatchEvent(new Event('change'));",
        json!([speed]),
    );
}

/// The selector of the tile in rack slot `index` (0..32).
pub fn tile_in(index: usize) -> String {
    format!("{} [data-tile-id]", slot(index))
}

/// The selector of rack slot `index` (0..32): row, then column.
pub fn slot(index: usize) -> String {
    format!("[data-slot='{}-{}']", index / 16, index % 16)
}

/// Waits for the player's turn to draw or discard.
pub fn wait_for_my_turn(app: &App) {
    wait_until("the player's turn", || {
        matches!(app.phase().as_str(), "draw" | "discard").then_some(())
    });
}

/// Selects the first tile and puts it in the last slot of the lower row by clicking.
pub fn move_a_tile_by_clicks(app: &App) {
    let rack = app.rack();
    let from = rack.iter().position(Option::is_some).expect("a tile");
    let tile = rack[from];
    app.click(&tile_in(from));
    assert!(app.find(".is-selected").is_some(), "the tile is selected");
    let to = (0..32)
        .rev()
        .find(|&i| rack[i].is_none())
        .expect("an empty slot");
    app.click(&slot(to));
    wait_until("the tile to move", || {
        (app.rack()[to] == tile).then_some(())
    });
    assert_eq!(
        app.rack()[from],
        None,
        "the tile left its slot, the rest stayed"
    );
}

/// On the settings screen, chooses `lang` (`en` or `tr`) and waits until the page speaks it.
pub fn choose_language(app: &App, lang: &str) {
    app.wait_for("[data-screen=settings]");
    app.script(
        "const s = document.querySelector('[data-setting=language]'); s.value = arguments[0]; s.dispatchEvent(new Event('change'));",
        json!([lang]),
    );
    wait_until(&format!("the language {lang}"), || {
        (app.attr("html", "lang").as_deref() == Some(lang)).then_some(())
    });
}
