//! A match quit and started again: the saved game is listed and continues with the rack as
//! it was left and the assistant still hidden, then is played on by keyboard.

use crate::app::App;
use crate::harness::wait_until;
use crate::play::{move_a_tile_by_clicks, start_game, wait_for_my_turn};
use fantoccini::key::Key;
use std::time::Duration;

#[test]
fn a_match_continues_after_the_app_restarts_with_the_rack_as_it_was_left() {
    let Some(mut app) = App::start("restart") else {
        return;
    };
    start_game(&app, 3, None);
    // Wait for the player's turn, then arrange the rack: a rack move is saved like any action.
    wait_for_my_turn(&app);
    move_a_tile_by_clicks(&app);
    let rack = app.rack();
    let round = app.attr("[data-round]", "data-round");
    // The assistant hidden in this match stays hidden after the restart.
    app.wait_for("[data-action=assist-off]");
    app.click("[data-action=assist-off]");
    app.wait_for("[data-action=assist-on]");

    app.restart();
    app.wait_for("[data-screen=home]");
    app.wait_for("[data-action=continue]");
    app.click("[data-action=saves]");
    app.wait_for("[data-screen=saves]");
    wait_until("the saved game listed", || {
        app.find("[data-save][data-state=in_play]")
    });
    app.screenshot("saves-desktop");
    app.click("[data-action=back]");
    app.wait_for("[data-action=continue]");
    app.click("[data-action=continue]");
    app.wait_for("[data-screen=table]");
    assert_eq!(
        app.rack(),
        rack,
        "the rack is as it was left, gaps included"
    );
    assert_eq!(app.attr("[data-round]", "data-round"), round);
    app.wait_for("[data-action=assist-on]");
    assert!(app.find("[data-assist-distance]").is_none());
    app.click("[data-action=assist-on]");
    app.wait_for("[data-assist-distance]");
    // And the match goes on: the player still has a move, by keyboard too.
    assert!(matches!(app.phase().as_str(), "draw" | "discard"));
    sort_by_keys(&app, &rack);
    move_by_keys(&app);
}

/// R sorts into runs, P into pairs: the same tiles as `rack`, laid out from the first slot.
fn sort_by_keys(app: &App, rack: &[Option<u64>]) {
    let mut tiles: Vec<u64> = rack.iter().flatten().copied().collect();
    tiles.sort_unstable();
    for key in ['r', 'p'] {
        let before = app.rack();
        app.keys(&[key]);
        let after = wait_until("the rack to be sorted", || {
            let now = app.rack();
            (now != before || now[0].is_some()).then_some(now)
        });
        let mut now: Vec<u64> = after.iter().flatten().copied().collect();
        now.sort_unstable();
        assert_eq!(now, tiles, "{key} keeps the tiles");
        assert!(after[0].is_some(), "{key}: {after:?}");
    }
}

/// Arrows and Enter pick the first tile up and put it down in the last empty slot, once the
/// sorts have landed (the rack reads the same three times running).
fn move_by_keys(app: &App) {
    let mut stable = 0;
    let mut before = app.rack();
    while stable < 3 {
        std::thread::sleep(Duration::from_millis(150));
        let now = app.rack();
        stable = if now == before { stable + 1 } else { 0 };
        before = now;
    }
    let first = before.iter().position(Option::is_some).unwrap();
    let target = before.iter().rposition(Option::is_none).unwrap();
    let (left, up, right, down, enter) = (
        char::from(Key::Left),
        char::from(Key::Up),
        char::from(Key::Right),
        char::from(Key::Down),
        char::from(Key::Enter),
    );
    // Walks the cursor to `slot` from anywhere: the row first, then the column from its start.
    let walk = |slot: usize| -> Vec<char> {
        let mut keys = vec![if slot < 16 { up } else { down }];
        keys.extend(std::iter::repeat_n(left, 16));
        keys.extend(std::iter::repeat_n(right, slot % 16));
        keys
    };
    let mut keys = walk(first);
    keys.push(enter);
    keys.extend(walk(target));
    keys.push(enter);
    app.keys(&keys);
    wait_until("the tile to move by keyboard", || {
        (app.rack()[target] == before[first]).then_some(())
    });
}
