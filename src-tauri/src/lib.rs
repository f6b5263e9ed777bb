//! The Okey app shell: builds the Tauri app around the `ui/` front-end, holds the live match
//! and plays the bots in the background. The rules live in `okey-core`, the bots in
//! `okey-bots`; the commands here only check arguments and pass them on.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod accuracy;
pub mod args;
pub mod commands;
pub mod driver;
pub mod error;
pub mod lessons;
pub mod live;
pub mod payload;
pub mod probe;
pub mod replay;
pub mod review;
pub mod session;
pub mod table;

use driver::Outlet;
use okey_core::Coded;
use payload::Update;
use std::path::PathBuf;
use std::sync::Arc;
use table::Games;
use tauri::{AppHandle, Builder, Emitter, Manager, Runtime};

/// The event that carries every bot move to the webview, at either game's table.
pub const TABLE_EVENT: &str = "table";

/// The event that says a bot move could not be saved, with the reason as an error's data
/// (code, params, message).
pub const TABLE_ERROR_EVENT: &str = "table-error";

/// The app's compiled-in context: `tauri.conf.json`, the `ui/` assets, icons and capabilities.
/// `generate_context!` embeds all of them, so it is called here only, once.
fn context() -> tauri::Context<tauri::Wry> {
    tauri::generate_context!()
}

/// Sends table updates to the main window.
struct Webview<R: Runtime>(AppHandle<R>);

impl<R: Runtime> Outlet for Webview<R> {
    fn send(&self, update: &Update) {
        // The app has one window, so a broadcast reaches exactly it. Only fails once the
        // window is gone, when nobody is left to tell.
        let _ = self.0.emit(TABLE_EVENT, update);
    }

    fn fail(&self, error: &error::AppError) {
        let _ = self.0.emit(TABLE_ERROR_EVENT, error);
    }
}

/// The environment variable that moves the saved games elsewhere (tests, portable use); the
/// `okey` command reads the same one.
pub const DATA_DIR_VAR: &str = "OKEY_DATA_DIR";

/// Adds the games, the bot driver and the commands to a builder. Generic over the runtime so
/// tests can run the same app on Tauri's mock runtime; `data_dir` None means
/// `$OKEY_DATA_DIR`, else Tauri's app data folder.
fn with_app<R: Runtime>(builder: Builder<R>, data_dir: Option<PathBuf>) -> Builder<R> {
    // Managed from the start, so commands find it even before setup has run.
    let games = Arc::new(Games::new());
    let from_env = std::env::var_os(DATA_DIR_VAR)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from);
    let chosen = data_dir.or(from_env);
    if let Some(dir) = &chosen {
        open_in_background(&games, dir.clone());
    }
    builder
        .manage(Arc::clone(&games))
        .setup(move |app| {
            // Else Tauri's data folder for the app on every platform (on a phone, the
            // app's private storage). Without one, commands that need saves say so.
            if chosen.is_none() {
                match app.path().app_data_dir() {
                    Ok(dir) => open_in_background(&games, dir),
                    Err(e) => {
                        games.no_saves(error::AppError::NoDataFolder(e.to_string()).problem())
                    }
                }
            }
            let outlet: Arc<dyn Outlet> = Arc::new(Webview(app.handle().clone()));
            tauri::async_runtime::spawn(driver::run(games, outlet));
            Ok(())
        })
        .invoke_handler(tauri::generate_handler![
            commands::new_game,
            commands::current_table,
            commands::act,
            commands::move_tile,
            commands::sort_rack,
            commands::auto_move,
            probe::probe_reached,
            commands::assist,
            commands::practice_check,
            commands::practice_deal,
            commands::check_group,
            commands::puzzle_new,
            commands::puzzle_answer,
            commands::list_saves,
            commands::retry_saves,
            commands::resume_save,
            commands::delete_save,
            commands::statistics,
            commands::replay_frame,
            commands::review_round,
            commands::player_accuracy,
            commands::start_lesson,
            commands::get_settings,
            commands::set_settings,
            commands::last_setup,
        ])
}

/// Opens the saves off the start-up path: another program may hold them for a few seconds
/// (see [`table::LOCK_RETRY`]), and the window should not wait for that. Commands that need
/// them wait meanwhile; the journals' check that follows delays nothing.
fn open_in_background(games: &Arc<Games>, dir: PathBuf) {
    let games = Arc::clone(games);
    std::thread::spawn(move || {
        games.open_saves(&dir);
        // Then, with the saves already usable, every journal is read whole: damage inside
        // one is healed from the database before a second fault can meet it.
        games.check_journals();
    });
}

/// The environment variable that keeps WebKitGTK's GPU compositing (see
/// [`prefer_plain_rendering`]).
pub const GPU_VAR: &str = "OKEY_GPU";

/// On Linux, draws the page without WebKitGTK's GPU compositing and DMA-BUF renderer, unless
/// the user set those switches themselves or `OKEY_GPU` asks to keep them. A table of tiles
/// needs neither: measured with the startup probe, they cost about 120 MB across the app's
/// processes and 0.4 s before the first screen where the GPU is emulated, and the DMA-BUF
/// renderer is a known cause of blank windows with some drivers. Must run before any thread
/// starts, since it sets the process environment the web processes inherit.
fn prefer_plain_rendering() {
    if !cfg!(target_os = "linux") || std::env::var_os(GPU_VAR).is_some() {
        return;
    }
    for switch in [
        "WEBKIT_DISABLE_COMPOSITING_MODE",
        "WEBKIT_DISABLE_DMABUF_RENDERER",
    ] {
        if std::env::var_os(switch).is_none() {
            std::env::set_var(switch, "1");
        }
    }
}

/// Starts the app and blocks until its last window closes.
#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    probe::start();
    prefer_plain_rendering();
    if let Err(error) = with_app(Builder::default(), None).run(context()) {
        // Nothing can be shown without a window, so stderr is the only place to say why.
        eprintln!("Okey could not start: {error}");
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests;
