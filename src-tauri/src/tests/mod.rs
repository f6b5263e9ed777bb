//! Tests of the shell as a whole, one file per story: the embedded config and front-end,
//! what the webview is sent during real play (no hidden tile), refused requests, the bots in
//! the background, saves and replays, the assistant, refused finishes, the UI's words for
//! every error, seeds the webview never sees, and the saves' limits. The helpers they share
//! are here.

use super::{context, with_app};
use crate::driver::{self, Outlet};
use crate::error::AppError;
use crate::live::Live;
use crate::payload::Assisted;
use crate::payload::{DuzTable, Table101, Update};
use okey_core::r101::Match101;

/// A Düz table's update.
type TableUpdate = crate::payload::UpdateOf<okey_core::Match, DuzTable>;
/// A 101 table's update.
type TableUpdate101 = crate::payload::UpdateOf<Match101, Table101>;
use crate::session::duz::{NewGame, Request};
use crate::session::Session;

use crate::session::PLAYER;
use crate::table::Games;
use okey_bots::{Bot, Level};
use okey_core::round::{Event, RoundEnd};
use okey_core::scoring::{Charge, Payer};
use okey_core::sort::Sort;
use okey_core::view::{DiscardView, PlayerView};
use okey_core::{Action, Joker, Kind, Rules, Seat, SeatView, Slot, Tile};
use okey_store::{BotSpeed, MatchId, MatchState};
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tauri::utils::assets::AssetKey;

mod args;
mod assistant;
mod bots;
mod config;
mod errors;
mod feel;
mod finish;
mod limits;
mod r101;
mod replay;
mod requests;
mod saves;
mod secrets;
mod seeds;
mod types;
mod words;

/// Every tile an update carries. The patterns name every field, so a field added to any of
/// these types breaks this function until the walk covers it too.
fn tiles_in(update: &TableUpdate) -> Vec<Tile> {
    let TableUpdate {
        game: _,
        seq: _,
        rev: _,
        view,
        bots: _,
        actor: _,
        events,
        table:
            DuzTable {
                variant: _,
                round_start_scores: _,
                round_losses: _,
            },
    } = update;
    let SeatView {
        seat: _,
        rules: _,
        round: _,
        plays: _,
        dealer: _,
        turn: _,
        phase: _,
        rack,
        players,
        takeable,
        pile: _,
        indicator: _,
        indicator_tile,
        okey: _,
        dice: _,
        gosterge,
        centre,
        round_end,
        revealed,
        winners: _,
        legal_actions,
    } = view;
    let mut out: Vec<Tile> = rack.iter().flatten().copied().collect();
    for PlayerView {
        seat: _,
        playing: _,
        tiles: _,
        score: _,
        discards,
    } in players
    {
        let DiscardView {
            count: _,
            top,
            tiles,
        } = discards;
        out.extend(top);
        out.extend(tiles.iter().flatten());
    }
    out.extend(takeable);
    out.extend(indicator_tile);
    out.extend(gosterge.map(|(_, t)| t));
    out.extend(centre);
    if let Some(end) = round_end {
        out.extend(round_end_tiles(end));
    }
    out.extend(revealed.iter().flatten().flatten().flatten());
    for action in legal_actions {
        out.extend(action_tile(action));
    }
    for event in events {
        match event {
            Event::RoundStarted { .. }
            | Event::Drew { .. }
            | Event::FalseClaim { .. }
            | Event::Eliminated { .. }
            | Event::MatchEnded { .. }
            | Event::Charged(Charge {
                payer: Payer::Seat(_) | Payer::OthersOf(_),
                ..
            }) => {}
            Event::IndicatorShown { seat: _, tile }
            | Event::TookDiscard { seat: _, tile }
            | Event::Discarded { seat: _, tile } => out.push(*tile),
            Event::RoundEnded(end) => out.extend(round_end_tiles(end)),
        }
    }
    out
}

fn round_end_tiles(end: &RoundEnd) -> Vec<Tile> {
    match end {
        RoundEnd::Finished {
            seat: _,
            discard,
            win: _,
            groups,
            okey_discard: _,
            one_colour: _,
            points: _,
        } => std::iter::once(*discard)
            .chain(groups.iter().flatten().copied())
            .collect(),
        RoundEnd::NoTilesLeft { seat: _ } => Vec::new(),
    }
}

fn action_tile(action: &Action) -> Option<Tile> {
    match action {
        Action::Discard(t) | Action::Finish(t) => Some(*t),
        Action::ShowIndicator
        | Action::Draw
        | Action::TakeDiscard
        | Action::EndRound
        | Action::Move { .. }
        | Action::NextRound => None,
    }
}

/// What the table has shown to everyone this round: every tile that lay on a discard stack
/// (a taken discard stays known), the gösterge and the centre.
fn note_public(table: &Games, public: &mut HashSet<Tile>) {
    table.with_session(|s| {
        let round = s.game().round();
        for &seat in round.seats() {
            public.extend(round.discards(seat));
        }
        public.extend(round.gosterge().map(|(_, t)| t));
        public.extend(round.centre());
    });
}

/// The tiles in the racks of the other seats that nobody may see: every tile of another rack
/// that was never shown, while a round is played; none once it is over, when all hands are
/// turned face up.
fn hidden_tiles(table: &Games, public: &HashSet<Tile>) -> HashSet<Tile> {
    table
        .with_session(|s| {
            let round = s.game().round();
            if round.is_over() {
                return HashSet::new();
            }
            round
                .seats()
                .iter()
                .filter(|&&seat| seat != PLAYER)
                .filter_map(|&seat| round.rack(seat))
                .flat_map(|rack| rack.tiles())
                .filter(|t| !public.contains(t))
                .collect()
        })
        .unwrap_or_default()
}

fn assert_nothing_hidden(update: &TableUpdate, hidden: &HashSet<Tile>, what: &str) {
    for tile in tiles_in(update) {
        assert!(
            !hidden.contains(&tile),
            "{what} sent {tile} (id {}) from another seat's hidden rack",
            tile.id()
        );
    }
    // The serialized form is what really crosses over; it must be the same update.
    let json = serde_json::to_string(update).expect("updates serialize");
    let back: TableUpdate = serde_json::from_str(&json).expect("and read back");
    assert_eq!(&back, update);
}

/// The player's action for a bot's choice, as the UI would send it.
fn request_for(action: Action) -> Request {
    match action {
        Action::Draw => Request::Draw(None),
        Action::TakeDiscard => Request::Take(None),
        Action::Discard(t) => Request::Discard(t),
        Action::Finish(t) => Request::Finish(t),
        Action::ShowIndicator => Request::Gosterge,
        Action::EndRound => Request::EndRound,
        Action::Move { from, to } => Request::Move(from, to),
        Action::NextRound => Request::NextRound,
    }
}

/// A table with its saves in a fresh folder (kept as long as the folder guard lives).
fn table() -> (tempfile::TempDir, Games) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let table = Games::new();
    table.open_saves(dir.path());
    (dir, table)
}

/// A new two-player game dealt from `seed`, when the player starts (15 tiles, discard phase)
/// without a win; its folder, table and first view.
fn starts_without_a_win(seed: u64) -> Option<(tempfile::TempDir, Games, SeatView)> {
    let (dir, table) = table();
    let view = table
        .new_duz(&setup(2, Level::Easy), Some(seed))
        .unwrap()
        .view;
    let finishes = view
        .legal_actions
        .iter()
        .any(|a| matches!(a, Action::Finish(_)));
    (view.turn == Some(PLAYER) && !finishes).then_some((dir, table, view))
}

fn setup(players: u8, level: Level) -> NewGame {
    NewGame {
        rules: Rules {
            players,
            ..Rules::default()
        },
        bots: vec![level; usize::from(players) - 1],
    }
}

/// Collects what the driver sends, Düz updates and 101 updates apart.
#[derive(Default)]
struct Collect(Mutex<Vec<TableUpdate>>, Mutex<Vec<TableUpdate101>>);

impl Outlet for Collect {
    fn send(&self, update: &Update) {
        match update.clone() {
            Update::Duz(u) => self.0.lock().unwrap().push(*u),
            Update::R101(u) => self.1.lock().unwrap().push(*u),
        }
    }

    fn fail(&self, error: &AppError) {
        panic!("a bot move was not saved: {error}");
    }
}

/// The app on Tauri's mock runtime with its saves in `dir`, and its main window (the app
/// must outlive the window's use).
fn mock_app(
    dir: &std::path::Path,
) -> (
    tauri::App<tauri::test::MockRuntime>,
    tauri::WebviewWindow<tauri::test::MockRuntime>,
) {
    let app = with_app(tauri::test::mock_builder(), Some(dir.to_path_buf()))
        .build(tauri::test::mock_context(tauri::test::noop_assets()))
        .expect("the app builds on the mock runtime");
    let webview = tauri::WebviewWindowBuilder::new(&app, "main", Default::default())
        .build()
        .expect("a window");
    (app, webview)
}

/// Calls a command the way the webview does, through Tauri's IPC on the mock runtime.
fn invoke(
    webview: &tauri::WebviewWindow<tauri::test::MockRuntime>,
    cmd: &str,
    body: serde_json::Value,
) -> Result<serde_json::Value, serde_json::Value> {
    let request = tauri::webview::InvokeRequest {
        cmd: cmd.into(),
        callback: tauri::ipc::CallbackFn(0),
        error: tauri::ipc::CallbackFn(1),
        url: "tauri://localhost".parse().expect("a URL"),
        body: tauri::ipc::InvokeBody::Json(body),
        headers: Default::default(),
        invoke_key: tauri::test::INVOKE_KEY.to_string(),
    };
    tauri::test::get_ipc_response(webview, request)
        .map(|b| b.deserialize::<serde_json::Value>().expect("a JSON answer"))
}

/// Plays `steps` actions at the table (bot moves, and the player's by `me`, with a rack move
/// before each of the player's discards), or until the round ends.
fn play_on(table: &Games, me: &mut Bot, steps: usize) {
    for _ in 0..steps {
        if let Some(plan) = table.plan() {
            table
                .play_duz(plan)
                .unwrap()
                .expect("a planned bot move applies");
            continue;
        }
        let view = table.current_duz().unwrap().expect("a match").view;
        if view.round_end.is_some() {
            return;
        }
        me.observe(&view);
        let action = me.decide(&view).expect("the player has a move");
        if let Action::Discard(_) = action {
            // The player's own arrangement must survive a restart too.
            let from = view.rack.iter().position(Option::is_some).unwrap();
            let to = view.rack.iter().rposition(Option::is_none).unwrap();
            let slot = |n: usize| crate::args::slot(n as i64).unwrap();
            table.act_duz(Request::Move(slot(from), slot(to))).unwrap();
        }
        table.act_duz(request_for(action)).unwrap();
    }
}

/// Typed views of the one table, for tests that know which game is on.
impl Games {
    /// A new Düz match.
    fn new_duz(&self, setup: &NewGame, seed: Option<u64>) -> Result<TableUpdate, AppError> {
        self.new_game(setup.clone(), seed)
            .map(|u| u.duz().expect("a Düz table"))
    }

    /// A new 101 match.
    fn new_r101(
        &self,
        setup: &crate::session::r101::NewGame101,
        seed: Option<u64>,
    ) -> Result<TableUpdate101, AppError> {
        self.new_game(setup.clone(), seed)
            .map(|u| u.r101().expect("a 101 table"))
    }

    /// The player's request at a Düz table.
    fn act_duz(&self, request: Request) -> Result<TableUpdate, AppError> {
        self.act(request).map(|u| u.duz().expect("a Düz table"))
    }

    /// The player's request at a 101 table.
    fn act_r101(
        &self,
        request: crate::session::r101::Request101,
    ) -> Result<TableUpdate101, AppError> {
        self.act(request).map(|u| u.r101().expect("a 101 table"))
    }

    /// The Düz table on, if one is.
    fn current_duz(&self) -> Result<Option<TableUpdate>, AppError> {
        self.current().map(|u| u.and_then(Update::duz))
    }

    /// The 101 table on, if one is.
    fn current_r101(&self) -> Result<Option<TableUpdate101>, AppError> {
        self.current().map(|u| u.and_then(Update::r101))
    }

    /// Saved Düz match `id` put on the table.
    fn resume_duz(&self, id: MatchId) -> Result<TableUpdate, AppError> {
        self.resume(id)
            .map(|u| u.duz().expect("a Düz match resumes as Düz"))
    }

    /// A bot's move played, as a Düz table.
    fn play_duz(&self, plan: crate::live::Plan) -> Result<Option<TableUpdate>, AppError> {
        self.play(plan)
            .map(|u| u.map(|u| u.duz().expect("a Düz table")))
    }

    /// The assistant at a Düz table.
    fn assist_duz(&self) -> Result<okey_core::assist::Assist, AppError> {
        self.assist().map(|a| match a {
            Assisted::Duz(a) => *a,
            Assisted::R101(_) => panic!("a Düz table"),
        })
    }

    /// Runs `f` on the live Düz session.
    fn with_session<T>(&self, f: impl FnOnce(&Session<okey_core::Match>) -> T) -> Option<T> {
        self.with_live(|l| match l {
            Live::Duz(s) => Some(f(s)),
            Live::R101(_) => None,
        })
        .flatten()
    }

    /// Runs `f` on the live 101 session.
    fn with_session101<T>(
        &self,
        f: impl FnOnce(&Session<okey_core::r101::Match101>) -> T,
    ) -> Option<T> {
        self.with_live(|l| match l {
            Live::R101(s) => Some(f(s)),
            Live::Duz(_) => None,
        })
        .flatten()
    }
}

/// The test's view of an update: the game it is for.
trait UpdateOf {
    /// The Düz update, if it is one.
    fn duz(self) -> Option<TableUpdate>;
    /// The 101 update, if it is one.
    fn r101(self) -> Option<TableUpdate101>;
}

impl UpdateOf for Update {
    fn duz(self) -> Option<TableUpdate> {
        match self {
            Update::Duz(u) => Some(*u),
            Update::R101(_) => None,
        }
    }

    fn r101(self) -> Option<TableUpdate101> {
        match self {
            Update::R101(u) => Some(*u),
            Update::Duz(_) => None,
        }
    }
}
