//! Every tap lands while the bots move: at a phone's size (844x390) and the normal bot speed,
//! the player rearranges the rack by taps (a tile, then an empty slot) while the bots play,
//! 40 times in Düz and 40 times in 101, with a finger at screen points as a hand would, not at
//! elements found beforehand; each tile must end where it was put. And the rack's tile nodes
//! stay the same nodes across a bot's move. Prints how long each table update took to draw
//! and lay out (the probe's `data-render-ms`), median and p95.

use crate::app::App;
use crate::harness::{wait_until, within};
use crate::play::{set_speed, tile_in};
use crate::r101::choose;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// How many rack moves are tried in each game.
const TRIES: usize = 40;

/// How long a finger rests on the glass for a tap, and between the two taps of a move.
const HOLD_MS: u64 = 60;
const BETWEEN_MS: u64 = 140;

/// How long a move may take to show once both taps are done.
const LANDING: Duration = Duration::from_secs(3);

/// The rack as the page shows it: for each slot its tile id (or null) and its centre on screen.
fn rack_points(app: &App) -> Vec<(Option<u64>, f64, f64)> {
    let found = app.script(
        "return [...document.querySelectorAll('[data-rack] [data-slot]')].map(s => { const r = s.getBoundingClientRect(); const t = s.querySelector('[data-tile-id]'); return [t ? Number(t.dataset.tileId) : null, r.left + r.width / 2, r.top + r.height / 2]; });",
        json!([]),
    );
    found
        .as_array()
        .expect("the rack's slots")
        .iter()
        .map(|s| {
            (
                s[0].as_u64(),
                s[1].as_f64().unwrap_or(0.0),
                s[2].as_f64().unwrap_or(0.0),
            )
        })
        .collect()
}

/// The tiles on the rack, whatever their slots.
fn tiles_held(rack: &[Option<u64>]) -> Vec<u64> {
    let mut held: Vec<u64> = rack.iter().flatten().copied().collect();
    held.sort_unstable();
    held
}

/// The player's own turn, played quickly so the bots move again: draw, then throw the first
/// tile; between rounds, the next round.
fn play_my_turn(app: &App, phase: &str) {
    match phase {
        "draw" if app.find("[data-action=draw]:not([disabled])").is_some() => {
            app.click_answered("[data-action=draw]");
        }
        "discard" | "play" => {
            let rack = app.rack();
            let Some(at) = rack.iter().position(Option::is_some) else {
                return;
            };
            app.keys(&['\u{e00c}']);
            app.tap(&tile_in(at));
            if within(Duration::from_secs(2), || {
                app.find("[data-rack] .is-selected")
            })
            .is_some()
            {
                app.click_answered("[data-action=discard]");
            }
        }
        "round-over" if app.find("[data-action=next-round]").is_some() => {
            app.click_answered("[data-action=next-round]");
        }
        _ => {}
    }
}

/// Back to the table from a screen a tap on the round-end panel led to (its review, or the
/// menu, whose Continue returns).
fn back_to_table(app: &App) {
    for _ in 0..3 {
        if app.find("[data-screen=table]").is_some() {
            return;
        }
        if app.find("[data-action=continue]").is_some() {
            app.click("[data-action=continue]");
        } else if app.find("[data-action=back]").is_some() {
            app.click("[data-action=back]");
        }
        std::thread::sleep(Duration::from_millis(300));
    }
    app.wait_for("[data-screen=table]");
}

/// Moves rack tiles by taps while the bots play until `TRIES` moves were tried; returns how
/// many landed.
fn taps_while_bots_move(app: &App, game: &str) -> usize {
    let (mut tried, mut landed) = (0, 0);
    let deadline = Instant::now() + Duration::from_secs(400);
    while tried < TRIES {
        assert!(
            Instant::now() < deadline,
            "{game}: {tried} moves tried in time"
        );
        let phase = app.phase();
        if phase == "match-over" {
            break;
        }
        if phase != "waiting" {
            play_my_turn(app, &phase);
            continue;
        }
        let rack = rack_points(app);
        let tiles: Vec<usize> = (0..rack.len()).filter(|&i| rack[i].0.is_some()).collect();
        let empty: Vec<usize> = (0..rack.len()).filter(|&i| rack[i].0.is_none()).collect();
        if tiles.is_empty() || empty.is_empty() {
            continue;
        }
        // A different tile and place each time, spread over the rack.
        let from = tiles[(tried * 7) % tiles.len()];
        let to = empty[(tried * 5 + 3) % empty.len()];
        let tile = rack[from].0;
        let dealt = tiles_held(&app.rack());
        app.finger_taps(
            &[(rack[from].1, rack[from].2), (rack[to].1, rack[to].2)],
            HOLD_MS,
            BETWEEN_MS,
        );
        tried += 1;
        let moved = within(LANDING, || {
            (app.rack().get(to).copied().flatten() == tile).then_some(())
        });
        if moved.is_some() {
            landed += 1;
        } else if app.find("[data-round-end], [data-score-sheet]").is_some()
            || app.find("[data-screen=table]").is_none()
            || tiles_held(&app.rack()) != dealt
        {
            // The round ended between the taps: its panel took them, as it would a finger's
            // (a tap on its Review button leaves the table; Back comes back to it; a tap on
            // Next round deals a new rack, which no bot's move does while the player waits).
            eprintln!("{game}: move {tried} met the round's end; not counted");
            tried -= 1;
            back_to_table(app);
        } else {
            let shot = app.screenshot(&format!("taps-lost-{tried}"));
            eprintln!(
                "{game}: move {tried} (slot {from} to {to}) did not land, phase {} (see {})",
                app.phase(),
                shot.display()
            );
        }
        // Nothing left picked up for the next move.
        app.keys(&['\u{e00c}']);
    }
    eprintln!("{game}: rack moves by taps during bot moves: {landed} landed of {tried} tried");
    landed
}

/// Median and p95 of the table's render times so far, printed for `game`.
fn print_render_times(app: &App, game: &str) {
    let times = app
        .attr("[data-screen=table]", "data-render-ms")
        .unwrap_or_default();
    let mut ms: Vec<f64> = times
        .split_whitespace()
        .filter_map(|t| t.parse().ok())
        .collect();
    assert!(!ms.is_empty(), "{game}: the table recorded no render times");
    ms.sort_by(f64::total_cmp);
    let at = |q: f64| ms[((ms.len() - 1) as f64 * q).round() as usize];
    eprintln!(
        "{game}: one table update drawn and laid out at 844x390: median {:.2} ms, p95 {:.2} ms, over {} updates",
        at(0.5),
        at(0.95),
        ms.len()
    );
}

/// Marks a rack tile's node, waits for a bot's move to be drawn, and says whether the node
/// on screen for that tile is still the one marked.
fn rack_nodes_survive_a_bot_move(app: &App, game: &str) -> bool {
    wait_until("the bots to move", || {
        let phase = app.phase();
        if phase == "waiting" {
            return Some(());
        }
        play_my_turn(app, &phase);
        None
    });
    let marked = app.script(
        "const t = document.querySelector('[data-rack] [data-tile-id]'); t.okeyMark = true; return Number(t.dataset.tileId);",
        json!([]),
    );
    let count = |app: &App| {
        app.script(
            "return [...document.querySelectorAll('[data-discards]')].map(d => d.dataset.count).join(',') + '/' + document.querySelector('[data-pile]')?.dataset.count;",
            json!([]),
        )
    };
    let before = count(app);
    wait_until("a bot's move drawn", || {
        (count(app) != before).then_some(())
    });
    let same: Value = app.script(
        "const t = document.querySelector(`[data-rack] [data-tile-id='${arguments[0]}']`); return Boolean(t && t.okeyMark && t.isConnected);",
        json!([marked]),
    );
    eprintln!("{game}: a rack tile's node survives a bot's move: {same}");
    same == json!(true)
}

#[test]
fn every_rack_tap_lands_while_the_bots_move_in_both_games() {
    // Alone: the taps and the render times are measured without another app's load.
    let Some(app) = App::start_alone("taps") else {
        return;
    };
    app.resize(844, 390);
    app.wait_for("[data-screen=home]");

    app.tap("[data-action=new-game]");
    app.wait_for("[data-screen=new-game]");
    set_speed(&app, "normal");
    app.tap("[data-players='4']");
    app.tap("[data-action=start]");
    app.wait_for("[data-screen=table]");
    let duz_nodes = rack_nodes_survive_a_bot_move(&app, "Düz");
    let duz = taps_while_bots_move(&app, "Düz");
    print_render_times(&app, "Düz");

    app.script(
        "document.querySelector('[data-action=home]').click();",
        json!([]),
    );
    app.tap("[data-action=new-game]");
    app.wait_for("[data-screen=new-game]");
    choose(&app, "variant", "101");
    app.wait_for("[data-field=okey_swap]");
    set_speed(&app, "normal");
    app.tap("[data-players='4']");
    app.tap("[data-action=start]");
    app.wait_for("[data-screen=table][data-variant='101']");
    let r101_nodes = rack_nodes_survive_a_bot_move(&app, "101");
    let r101 = taps_while_bots_move(&app, "101");
    print_render_times(&app, "101");

    assert!(
        duz_nodes,
        "Düz: a bot's move replaced the rack's tile nodes"
    );
    assert!(
        r101_nodes,
        "101: a bot's move replaced the rack's tile nodes"
    );
    assert_eq!(duz, TRIES, "Düz: taps lost while the bots moved");
    assert_eq!(r101, TRIES, "101: taps lost while the bots moved");
}
