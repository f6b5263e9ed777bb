//! The bot driver: a task on Tauri's tokio runtime that plays the bots' turns at the chosen
//! speed and tells the webview of each move as it lands.

use crate::error::AppError;
use crate::payload::Update;
use crate::table::Games;
use std::sync::Arc;

/// Where table updates go: the webview in the app, a list in tests.
pub trait Outlet: Send + Sync + 'static {
    /// Delivers one update of the table, whichever game it plays.
    fn send(&self, update: &Update);
    /// Says that a bot move could not be saved, so the bots stopped.
    fn fail(&self, error: &AppError);
}

/// Plays bot moves for as long as the app runs. Bots decide on a blocking thread (a hard bot
/// thinks for a few hundred milliseconds) on a copy of the table; the pause of the speed
/// setting is then waited out on the runtime, so the UI thread never waits for a bot.
pub async fn run(games: Arc<Games>, outlet: Arc<dyn Outlet>) {
    loop {
        let planner = Arc::clone(&games);
        let plan = tauri::async_runtime::spawn_blocking(move || planner.plan())
            .await
            .ok()
            .flatten();
        let Some(plan) = plan else {
            // The player is to act (or no match is on): sleep until something changes.
            games.wake.notified().await;
            continue;
        };
        let pause = games.pause_before(&plan);
        if !pause.is_zero() {
            tokio::time::sleep(pause).await;
        }
        match games.play(plan) {
            Ok(Some(update)) => outlet.send(&update),
            Ok(None) => {}
            Err(error) => {
                // Saving failed (disk full, database gone): trying again at once would only
                // fail again, so the bots wait for the player's next command.
                outlet.fail(&error);
                games.wake.notified().await;
            }
        }
    }
}
