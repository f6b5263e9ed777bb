//! Quiet when idle: the app and its WebKit processes, left alone on the home screen and on a
//! table waiting for the player's move, use under 5% of one core (an idle phone keeps its
//! battery). The numbers are printed, so a slower change shows before it fails.

use crate::app::App;
use crate::harness::app_cpu_percent;
use crate::play::{start_game, wait_for_my_turn};
use std::time::Duration;

/// The most an idle screen may cost, in percent of one core.
const IDLE_LIMIT: f64 = 5.0;

/// How long each screen is measured.
const SPAN: Duration = Duration::from_secs(5);

/// Measures `screen` after a pause for whatever its opening started (a first paint, the
/// assistant's reading) to end, prints the share of a core it cost, and returns it.
fn idle_cost(app: &App, screen: &str) -> f64 {
    std::thread::sleep(Duration::from_millis(1500));
    let percent = app_cpu_percent(&app.home, SPAN);
    eprintln!("idle CPU on the {screen}: {percent:.1}% of one core over {SPAN:?}");
    percent
}

#[test]
fn an_idle_screen_costs_under_five_percent_of_a_core() {
    let Some(app) = App::start("idle") else {
        return;
    };
    app.wait_for("[data-screen=home]");
    let home = idle_cost(&app, "home screen");
    start_game(&app, 4, None);
    wait_for_my_turn(&app);
    let table = idle_cost(&app, "table waiting for the player");
    assert!(
        home < IDLE_LIMIT,
        "the idle home screen uses {home:.1}% of a core"
    );
    assert!(
        table < IDLE_LIMIT,
        "the table waiting for the player uses {table:.1}% of a core"
    );
}
