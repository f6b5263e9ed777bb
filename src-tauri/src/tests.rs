//! Tests of the shell as a whole: the embedded config and front-end, and what the webview is
//! sent during real play.

use super::{context, with_app};
use crate::driver::{self, Outlet};
use crate::error::AppError;
use crate::payload::TableUpdate;
use crate::session::{NewGame, PLAYER};
use crate::table::{Games, Request};
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

#[test]
fn main_window_and_strict_csp_come_from_the_config() {
    let ctx = context();
    let config = ctx.config();
    let main = config.app.windows.iter().find(|w| w.label == "main");
    assert_eq!(main.map(|w| w.title.as_str()), Some("Okey"));
    assert!(config.app.with_global_tauri);
    let csp = config.app.security.csp.as_ref().map(|c| c.to_string());
    let csp = csp.unwrap_or_default();
    // Only our own files may load; IPC stays reachable for the commands.
    assert!(csp.contains("default-src 'self'"), "{csp}");
    assert!(
        csp.contains("connect-src ipc: http://ipc.localhost"),
        "{csp}"
    );
}

#[test]
fn front_end_is_embedded() {
    let ctx = context();
    for file in [
        "/index.html",
        "/main.js",
        "/style.css",
        "/icon.svg",
        "/table.js",
        "/rack.js",
        "/tile.js",
    ] {
        let key = AssetKey::from(file);
        assert!(ctx.assets().get(&key).is_some(), "{file} is not embedded");
    }
}

#[test]
fn page_icon_matches_the_app_icon() {
    // ui/ is all the webview can load, so it holds a copy; scripts/icons.sh refreshes it.
    assert_eq!(
        include_bytes!("../../ui/icon.svg").as_slice(),
        include_bytes!("../../icons/icon.svg").as_slice()
    );
}

/// Every tile an update carries. The patterns name every field, so a field added to any of
/// these types breaks this function until the walk covers it too.
fn tiles_in(update: &TableUpdate) -> Vec<Tile> {
    let TableUpdate {
        game: _,
        seq: _,
        view,
        bots: _,
        round_start_scores: _,
        actor: _,
        events,
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
        .new_game(&setup(2, Level::Easy), Some(seed))
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

#[test]
fn no_payload_of_whole_rounds_holds_a_tile_of_a_hidden_rack() {
    // The player's seat is played by a bot through the same requests the UI sends, with the
    // sorting helpers pressed now and then; every update the webview would get is checked
    // against the racks of the other seats at that moment.
    for (players, level, seed) in [
        (4, Level::Medium, 7),
        (3, Level::Easy, 8),
        (2, Level::Hard, 9),
    ] {
        let (_dir, table) = table();
        let first = table.new_game(&setup(players, level), Some(seed)).unwrap();
        let mut public = HashSet::new();
        assert_nothing_hidden(&first, &hidden_tiles(&table, &public), "the new game");
        let mut me = Bot::new(Level::Medium, seed);
        let mut sent = 1;
        let mut turns = 0;
        for step in 0.. {
            assert!(step < 5_000, "the round does not end");
            if let Some(plan) = table.plan() {
                let update = table
                    .play(plan)
                    .unwrap()
                    .expect("a planned bot move applies");
                // What this move itself showed (a discard, a gösterge) is public from now on.
                note_public(&table, &mut public);
                assert_nothing_hidden(&update, &hidden_tiles(&table, &public), "a bot move");
                sent += 1;
                continue;
            }
            let view = table.current().unwrap().expect("a match").view;
            if view.round_end.is_some() {
                break;
            }
            me.observe(&view);
            let action = me.decide(&view).expect("the player has a move");
            if matches!(action, Action::Draw | Action::TakeDiscard) {
                turns += 1;
                let sort = [Sort::Runs, Sort::Pairs, Sort::Best][turns % 3];
                let update = table.act(Request::Sort(sort)).unwrap();
                assert_nothing_hidden(&update, &hidden_tiles(&table, &public), "a sort");
            }
            let update = table.act(request_for(action)).unwrap();
            note_public(&table, &mut public);
            assert_nothing_hidden(&update, &hidden_tiles(&table, &public), "the player's move");
            sent += 1;
        }
        assert!(sent > 10, "a whole round was played ({sent} updates)");
        let last = table.current().unwrap().expect("a match");
        assert!(last.view.round_end.is_some());
        assert_nothing_hidden(
            &last,
            &hidden_tiles(&table, &public),
            "the end of the round",
        );
        // Hands are turned face up once the round is over, and only then.
        assert!(last.view.revealed.is_some());
    }
}

#[test]
fn wrong_requests_are_refused_and_change_nothing() {
    let (_dir, table) = table();
    assert_eq!(
        table.act(Request::Gosterge).unwrap_err().to_string(),
        "there is no game on the table: start a new game"
    );
    let before = table.new_game(&setup(4, Level::Easy), Some(3)).unwrap();
    // Whoever starts, some seat is not to move: the player acting out of turn, or discarding
    // a tile it does not hold, is refused with the engine's words.
    let foreign = (0..106u8)
        .filter_map(Tile::new)
        .find(|t| !before.view.rack.contains(&Some(*t)))
        .unwrap();
    let err = table
        .act(Request::Discard(foreign))
        .unwrap_err()
        .to_string();
    assert!(
        err == "it is not your turn" || err.ends_with("is not in your rack"),
        "{err}"
    );
    let bad = NewGame {
        bots: vec![Level::Random; 3],
        ..setup(4, Level::Easy)
    };
    assert!(table
        .new_game(&bad, Some(1))
        .unwrap_err()
        .to_string()
        .contains("random"));
    let short = NewGame {
        bots: vec![Level::Easy],
        ..setup(4, Level::Easy)
    };
    assert_eq!(
        table.new_game(&short, Some(1)).unwrap_err().to_string(),
        "a game with 4 players needs 3 bots, not 1"
    );
    // The refused new games left the first match as it was.
    assert_eq!(table.current().unwrap().unwrap().game, before.game);
}

#[test]
fn drawing_onto_a_chosen_slot_places_the_tile_there() {
    let (_dir, table) = table();
    table.new_game(&setup(2, Level::Easy), Some(11)).unwrap();
    // Let the bot play until the player is to draw.
    loop {
        if let Some(plan) = table.plan() {
            table.play(plan).unwrap().unwrap();
            continue;
        }
        let view = table.current().unwrap().unwrap().view;
        if view.legal_actions.contains(&Action::Draw) {
            break;
        }
        // The player starts: discard the first tile to reach a draw.
        let first = view.rack.iter().flatten().next().copied().unwrap();
        table.act(Request::Discard(first)).unwrap();
    }
    let target = crate::commands::slot(30).unwrap();
    let update = table.act(Request::Draw(Some(target))).unwrap();
    assert!(
        update.view.rack[30].is_some(),
        "the drawn tile sits in slot 30"
    );
    assert_eq!(update.view.rack.iter().flatten().count(), 15);
}

/// Collects what the driver sends.
#[derive(Default)]
struct Collect(Mutex<Vec<TableUpdate>>);

impl Outlet for Collect {
    fn send(&self, update: &TableUpdate) {
        self.0.lock().unwrap().push(update.clone());
    }

    fn fail(&self, error: &AppError) {
        panic!("a bot move was not saved: {error}");
    }
}

#[test]
fn bots_play_in_the_background_and_every_move_reaches_the_outlet() {
    let (_dir, table) = table();
    let mut settings = table.settings();
    settings.bot_speed = BotSpeed::Fast;
    table.set_settings(settings).unwrap();
    let table = Arc::new(table);
    let outlet = Arc::new(Collect::default());
    let sink: Arc<dyn Outlet> = outlet.clone();
    tauri::async_runtime::spawn(driver::run(Arc::clone(&table), sink));
    table.new_game(&setup(4, Level::Easy), Some(5)).unwrap();
    let mut me = Bot::new(Level::Easy, 5);
    let start = Instant::now();
    let mut my_moves = 0;
    while my_moves < 3 {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "bots stopped playing"
        );
        let view = table.current().unwrap().unwrap().view;
        if view.turn == Some(PLAYER) {
            me.observe(&view);
            let action = me.decide(&view).unwrap();
            table.act(request_for(action)).unwrap();
            if matches!(action, Action::Discard(_)) {
                my_moves += 1;
            }
        } else {
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    let sent = outlet.0.lock().unwrap().clone();
    // Three rounds of the table: each bot drew (or took) and discarded, each a separate
    // update, in order, the actor named; at the fast speed each discard waited its pause.
    let bot_discards = sent
        .iter()
        .filter(|u| {
            u.actor != Some(PLAYER)
                && u.events
                    .iter()
                    .any(|e| matches!(e, Event::Discarded { .. }))
        })
        .count();
    assert!(bot_discards >= 6, "{bot_discards} bot discards sent");
    assert!(sent.iter().all(|u| u.actor.is_some_and(|s| s != Seat(0))));
    assert!(start.elapsed() >= Duration::from_millis(BotSpeed::Fast.delay_ms()) * 6);
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

#[test]
fn commands_over_ipc_refuse_bad_arguments_with_a_sentence() {
    let dir = tempfile::tempdir().unwrap();
    let app = with_app(tauri::test::mock_builder(), Some(dir.path().to_path_buf()))
        .build(tauri::test::mock_context(tauri::test::noop_assets()))
        .expect("the app builds on the mock runtime");
    let webview = tauri::WebviewWindowBuilder::new(&app, "main", Default::default())
        .build()
        .expect("a window");
    use serde_json::json;
    assert_eq!(
        invoke(&webview, "act", json!({"action": "draw"})),
        Err(json!("there is no game on the table: start a new game"))
    );
    let setup = json!({"rules": {"players": 3}, "bots": ["easy", "hard"]});
    let started = invoke(&webview, "new_game", json!({ "setup": setup })).expect("a new game");
    assert_eq!(started["view"]["players"].as_array().map(Vec::len), Some(3));
    assert_eq!(started["bots"], json!([null, "easy", "hard"]));
    // Saved before the answer came back: the list has it, marked as on the table.
    let saves = invoke(&webview, "list_saves", json!({})).expect("the saves");
    assert_eq!(saves["matches"][0]["id"], started["game"]);
    assert_eq!(saves["matches"][0]["state"]["state"], json!("in_play"));
    assert_eq!(saves["playing"], started["game"]);
    for (cmd, body, message) in [
        (
            "act",
            json!({"action": "discard", "tile": 300}),
            "300 is not a tile (tiles are numbered 0 to 105)",
        ),
        (
            "act",
            json!({"action": "discard", "tile": -4}),
            "-4 is not a tile (tiles are numbered 0 to 105)",
        ),
        (
            "act",
            json!({"action": "draw", "to": 32}),
            "there is no slot 32 on the rack (slots are 0 to 31)",
        ),
        ("act", json!({"action": "jump"}), "unknown action \"jump\""),
        (
            "move_tile",
            json!({"from": 40, "to": 0}),
            "there is no slot 40 on the rack (slots are 0 to 31)",
        ),
        ("resume_save", json!({"id": -1}), "-1 is not a saved game"),
        ("delete_save", json!({"id": -7}), "-7 is not a saved game"),
        ("resume_save", json!({"id": 999}), "no saved match 999"),
    ] {
        assert_eq!(invoke(&webview, cmd, body), Err(json!(message)), "{cmd}");
    }
    // A level players cannot choose, and a table of the wrong size, are refused too.
    let random = json!({"setup": {"rules": {"players": 2}, "bots": ["random"]}});
    let refused = invoke(&webview, "new_game", random).unwrap_err();
    assert!(
        refused.as_str().is_some_and(|m| m.contains("random")),
        "{refused}"
    );
    let five =
        json!({"setup": {"rules": {"players": 5}, "bots": ["easy", "easy", "easy", "easy"]}});
    let refused = invoke(&webview, "new_game", five).unwrap_err();
    assert_eq!(
        refused,
        json!("these rules cannot be played: players must be 2, 3 or 4, not 5")
    );
}

/// Plays `steps` actions at the table (bot moves, and the player's by `me`, with a rack move
/// before each of the player's discards), or until the round ends.
fn play_on(table: &Games, me: &mut Bot, steps: usize) {
    for _ in 0..steps {
        if let Some(plan) = table.plan() {
            table
                .play(plan)
                .unwrap()
                .expect("a planned bot move applies");
            continue;
        }
        let view = table.current().unwrap().expect("a match").view;
        if view.round_end.is_some() {
            return;
        }
        me.observe(&view);
        let action = me.decide(&view).expect("the player has a move");
        if let Action::Discard(_) = action {
            // The player's own arrangement must survive a restart too.
            let from = view.rack.iter().position(Option::is_some).unwrap();
            let to = view.rack.iter().rposition(Option::is_none).unwrap();
            let slot = |n: usize| crate::commands::slot(n as i64).unwrap();
            table.act(Request::Move(slot(from), slot(to))).unwrap();
        }
        table.act(request_for(action)).unwrap();
    }
}

#[test]
fn a_match_resumes_after_a_restart_exactly_where_it_was_and_plays_on_the_same() {
    // One table plays 40 actions, is closed (the app quits), and a new one on the same
    // folder resumes and plays 40 more; another plays all 80 without a break. The player's
    // rack, the bots' choices and everything else must end up the same.
    let seed = 21;
    let (dir, first) = table();
    let started = first.new_game(&setup(4, Level::Hard), Some(seed)).unwrap();
    let mut me = Bot::new(Level::Medium, 1);
    play_on(&first, &mut me, 40);
    let before = first.current().unwrap().unwrap();
    drop(first);

    let again = Games::new();
    again.open_saves(dir.path());
    let saves = again.saves().unwrap();
    assert_eq!(
        saves.playing, None,
        "nothing is on the table before Continue"
    );
    assert_eq!(saves.matches.len(), 1);
    assert_eq!(saves.matches[0].id, MatchId(started.game));
    assert_eq!(saves.matches[0].state, MatchState::InPlay);
    assert_eq!(saves.matches[0].actions as usize, before.seq);
    let resumed = again.resume(MatchId(started.game)).unwrap();
    assert_eq!(resumed.view, before.view, "the table is as it was left");
    assert_eq!(resumed.seq, before.seq);
    play_on(&again, &mut me.clone(), 40);

    let (_other, straight) = table();
    straight
        .new_game(&setup(4, Level::Hard), Some(seed))
        .unwrap();
    let mut me_straight = Bot::new(Level::Medium, 1);
    play_on(&straight, &mut me_straight, 80);
    let a = again.current().unwrap().unwrap();
    let b = straight.current().unwrap().unwrap();
    assert_eq!(a.seq, b.seq);
    assert_eq!(a.view, b.view, "resumed bots play as if never interrupted");
}

#[test]
fn saves_list_newest_first_and_delete_clears_the_table() {
    let (dir, table) = table();
    let one = table.new_game(&setup(2, Level::Easy), Some(1)).unwrap();
    let two = table.new_game(&setup(3, Level::Medium), Some(2)).unwrap();
    let saves = table.saves().unwrap();
    let ids: Vec<u64> = saves.matches.iter().map(|m| m.id.0).collect();
    assert_eq!(ids, vec![two.game, one.game]);
    assert_eq!(saves.playing, Some(MatchId(two.game)));
    // The new game's choices are offered next time, also after a restart.
    assert_eq!(table.settings().last_rules.players, 3);
    let saves = table.delete(MatchId(two.game)).unwrap();
    assert_eq!(saves.matches.len(), 1);
    assert_eq!(saves.playing, None);
    assert!(matches!(table.current(), Ok(None)));
    assert_eq!(
        table.resume(MatchId(two.game)).unwrap_err().to_string(),
        format!("no saved match {}", two.game)
    );
    drop(table);
    let again = Games::new();
    again.open_saves(dir.path());
    assert_eq!(again.settings().last_rules.players, 3);
    assert_eq!(again.resume(MatchId(one.game)).unwrap().game, one.game);
}

#[test]
fn without_saves_the_app_says_why_instead_of_playing_unsaved() {
    let dir = tempfile::tempdir().unwrap();
    let holder = okey_store::Store::open(dir.path()).unwrap();
    let table = Games::new();
    table.open_saves(dir.path());
    let refused = table
        .new_game(&setup(2, Level::Easy), Some(1))
        .unwrap_err()
        .to_string();
    assert!(
        refused.starts_with("saved games are not available: ")
            && refused.contains("another running Okey"),
        "{refused}"
    );
    drop(holder);
}

#[test]
fn r10_the_assistant_suggests_only_legal_moves_and_following_it_plays_rounds_out() {
    // The player follows the assistant's hint at every turn of two rounds against medium
    // bots: every hint names a legal action of a tile on the rack, and a suggested take
    // always lowers the distance it reports.
    use okey_core::assist::Hint;
    let (_dir, table) = table();
    table.new_game(&setup(4, Level::Medium), Some(33)).unwrap();
    let (mut hints, mut rounds) = (0, 0);
    for _ in 0..20_000 {
        if let Some(plan) = table.plan() {
            table.play(plan).unwrap().expect("a bot move applies");
            continue;
        }
        let view = table.current().unwrap().unwrap().view;
        if view.round_end.is_some() {
            rounds += 1;
            if rounds == 2 || view.winners.is_some() {
                break;
            }
            table.act(Request::NextRound).unwrap();
            continue;
        }
        let assist = table.assist().unwrap();
        assert_eq!(assist.tiles, view.rack.iter().flatten().count());
        let grouped: usize = assist.groups.iter().map(Vec::len).sum();
        assert!(grouped + assist.loose.len() <= assist.tiles);
        let hint = assist.hint.expect("a hint on the player's turn");
        hints += 1;
        let action = match hint {
            Hint::Take { tile, distance } => {
                assert!(distance < assist.distance, "a take must help");
                assert!(view.players.iter().any(|p| p.discards.top == Some(tile)));
                Action::TakeDiscard
            }
            Hint::Draw { .. } => {
                if view.legal_actions.contains(&Action::Draw) {
                    Action::Draw
                } else {
                    Action::EndRound
                }
            }
            Hint::Finish(f) => {
                assert!(view.rack.contains(&Some(f.tile)));
                Action::Finish(f.tile)
            }
            Hint::Discard(d) => {
                assert!(view.rack.contains(&Some(d.tile)));
                assert_eq!(d.distance, assist.distance);
                Action::Discard(d.tile)
            }
        };
        assert!(
            view.legal_actions.contains(&action),
            "{action:?} is not legal in {:?}",
            view.legal_actions
        );
        table.act(request_for(action)).unwrap();
    }
    assert_eq!(rounds, 2, "two rounds were played out");
    assert!(hints > 10, "{hints} hints");
}

#[test]
fn r18_a_finished_match_reaches_the_statistics_and_its_chart() {
    // One point to start with: the first finish (at least 2, R18) ends the match.
    let (_dir, table) = table();
    let quick = NewGame {
        rules: Rules {
            players: 2,
            start_points: 1,
            ..Rules::default()
        },
        bots: vec![Level::Easy],
    };
    let started = table.new_game(&quick, Some(8)).unwrap();
    let mut me = Bot::new(Level::Medium, 8);
    for _ in 0..50 {
        play_on(&table, &mut me, 2_000);
        let view = table.current().unwrap().unwrap().view;
        if view.winners.is_some() {
            break;
        }
        table.act(Request::NextRound).unwrap();
    }
    let view = table.current().unwrap().unwrap().view;
    let winners = view.winners.expect("the match ended");
    let page = table.statistics().unwrap();
    assert_eq!(page.totals.matches_played, 1);
    assert_eq!(
        page.totals.matches_won,
        u32::from(winners.contains(&PLAYER))
    );
    assert_eq!(page.recent.len(), 1);
    let charted = &page.recent[0];
    assert_eq!(charted.id.0, started.game);
    assert_eq!(charted.score, view.players[0].score);
    assert_eq!(charted.won, winners.contains(&PLAYER));
    assert_eq!(charted.start, 1);
}

#[test]
fn replay_steps_through_a_finished_round_and_keeps_a_live_one_hidden() {
    let (_dir, table) = table();
    let started = table.new_game(&setup(3, Level::Easy), Some(12)).unwrap();
    let id = MatchId(started.game);
    let mut me = Bot::new(Level::Medium, 12);
    play_on(&table, &mut me, 5);
    // The round is being played: its hands are secret, so there is nothing to replay.
    assert_eq!(
        table.replay(id, 1, 0, true).unwrap_err().to_string(),
        "round 1 cannot be replayed: it is still being played, or the match has no such round"
    );
    play_on(&table, &mut me, 5_000);
    let end = table.current().unwrap().unwrap().view;
    assert!(end.round_end.is_some());

    let deal = table.replay(id, 1, 0, false).unwrap();
    assert_eq!(deal.step, 0);
    assert_eq!(deal.rounds, vec![1]);
    assert!(deal.racks.is_none() && deal.last.is_none());
    assert!(deal.view.round_end.is_none());
    let mut previous = deal.view.plays;
    for step in 1..=deal.steps {
        let frame = table.replay(id, 1, step, step % 2 == 0).unwrap();
        assert_eq!(frame.step, step);
        // Each step is one turn action: the public count moves by one.
        assert_eq!(frame.view.plays, previous + 1, "step {step}");
        previous = frame.view.plays;
        assert!(frame.last.is_some());
        if let Some(racks) = &frame.racks {
            assert_eq!(racks.len(), 3);
            assert_eq!(racks[0], frame.view.rack, "seat 0's open rack is its own");
        }
    }
    let last = table.replay(id, 1, usize::MAX, true).unwrap();
    assert_eq!(last.step, last.steps);
    assert_eq!(last.view.round_end, end.round_end);
    assert!(table.replay(id, 2, 0, false).is_err());
}

#[test]
fn r11_a_refused_finish_names_the_group_on_the_rack_that_breaks_a_rule() {
    for seed in 0..200 {
        let Some((_dir, table, view)) = starts_without_a_win(seed) else {
            continue;
        };
        table.act(Request::Sort(Sort::Runs)).unwrap();
        let rack = table.current().unwrap().unwrap().view.rack;
        let last = rack.iter().flatten().last().copied().unwrap();
        let refused = table.act(Request::Finish(last)).unwrap_err().to_string();
        assert!(
            refused.starts_with("the 14 tiles left do not split into sets and runs, nor into seven pairs: on your rack, "),
            "{refused}"
        );
        assert!(
            refused.contains("is not a")
                || refused.contains("neither")
                || refused.contains("too short"),
            "{refused}"
        );
        // Nothing happened: still the player's discard.
        let after = table.current().unwrap().unwrap().view;
        assert_eq!(after.phase, view.phase);
        assert_eq!(after.rack.iter().flatten().count(), 15);
        return;
    }
    panic!("no deal in 200 where the player starts without a win");
}

#[test]
fn r05_a_refused_finish_with_a_false_joker_in_the_group_says_what_it_stands_for() {
    // A deal where the player starts without a win and holds a false joker and a tile far
    // from the okey's number: laid side by side at the start of the rack, they make the
    // first group, which the refusal names, with the false joker's face.
    for seed in 0..400 {
        let Some((_dir, table, view)) = starts_without_a_win(seed) else {
            continue;
        };
        let joker = Joker::new(view.indicator);
        let okey = joker.okey();
        let apart = |n: u8| {
            let d = n.abs_diff(okey.number.get());
            d.min(13 - d) >= 3
        };
        let Some(false_joker) = view
            .rack
            .iter()
            .flatten()
            .find(|t| t.kind() == Kind::FalseJoker)
            .copied()
        else {
            continue;
        };
        let Some(far) = view
            .rack
            .iter()
            .flatten()
            .find(|t| matches!(t.kind(), Kind::Face(f) if apart(f.number.get()) && !joker.is_okey(t.kind())))
            .copied()
        else {
            continue;
        };
        // Empty slots 0 to 2, then lay the two tiles in 0 and 1.
        for slot in 0..3u8 {
            let rack = table.current().unwrap().unwrap().view.rack;
            if rack[slot as usize].is_some() {
                let free = rack.iter().rposition(Option::is_none).unwrap() as u8;
                table.act(Request::Move(Slot(slot), Slot(free))).unwrap();
            }
        }
        for (tile, to) in [(false_joker, 0u8), (far, 1)] {
            let rack = table.current().unwrap().unwrap().view.rack;
            let from = rack.iter().position(|t| *t == Some(tile)).unwrap() as u8;
            table.act(Request::Move(Slot(from), Slot(to))).unwrap();
        }
        let rack = table.current().unwrap().unwrap().view.rack;
        let last = rack.iter().flatten().last().copied().unwrap();
        let refused = table.act(Request::Finish(last)).unwrap_err().to_string();
        assert!(
            refused.starts_with("the 14 tiles left do not split into sets and runs, nor into seven pairs: on your rack, "),
            "{refused}"
        );
        assert!(
            refused.ends_with(&format!(
                "(a false joker is only the okey's face, here {okey})"
            )),
            "{refused}"
        );
        return;
    }
    panic!("no deal in 400 where the player starts without a win, with a false joker");
}

#[test]
fn r15_the_assistant_counts_unseen_copies_from_what_the_seat_can_see_only() {
    // At each of the player's discards, every out's unseen count is two, less the copies on
    // the player's rack, the indicator, and the tiles the player's view shows on the table.
    use okey_core::assist::Hint;
    use okey_core::notation::parse_kind;
    let (_dir, table) = table();
    table.new_game(&setup(4, Level::Medium), Some(41)).unwrap();
    let mut checked = 0;
    for _ in 0..5_000 {
        if let Some(plan) = table.plan() {
            table.play(plan).unwrap().expect("a bot move applies");
            continue;
        }
        let view = table.current().unwrap().unwrap().view;
        if view.round_end.is_some() {
            break;
        }
        let assist = table.assist().unwrap();
        let Some(hint) = assist.hint else { break };
        if let Hint::Discard(d) = &hint {
            let mut visible: Vec<Tile> = view.rack.iter().flatten().copied().collect();
            for p in &view.players {
                match &p.discards.tiles {
                    Some(all) => visible.extend(all),
                    None => visible.extend(p.discards.top),
                }
            }
            visible.extend(view.gosterge.filter(|(s, _)| *s != PLAYER).map(|(_, t)| t));
            for out in &d.outs {
                let kind = parse_kind(&out.token).unwrap();
                let shown = visible.iter().filter(|t| t.kind() == kind).count()
                    + usize::from(kind == okey_core::Kind::Face(view.indicator));
                assert_eq!(
                    usize::from(out.unseen),
                    2usize.saturating_sub(shown),
                    "{}",
                    out.token
                );
                checked += 1;
            }
        }
        let action = match hint {
            Hint::Take { .. } => Action::TakeDiscard,
            Hint::Draw { .. } if view.legal_actions.contains(&Action::Draw) => Action::Draw,
            Hint::Draw { .. } => Action::EndRound,
            Hint::Finish(f) => Action::Finish(f.tile),
            Hint::Discard(d) => Action::Discard(d.tile),
        };
        table.act(request_for(action)).unwrap();
    }
    assert!(checked > 20, "{checked} outs checked");
}
