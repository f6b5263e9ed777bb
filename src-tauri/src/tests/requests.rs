//! Requests from the webview: bad ones are refused and change nothing; good ones land where asked.

use super::*;

#[test]
fn wrong_requests_are_refused_and_change_nothing() {
    let (_dir, table) = table();
    assert_eq!(
        table.act_duz(Request::Gosterge).unwrap_err().to_string(),
        "there is no game on the table: start a new game"
    );
    let before = table.new_duz(&setup(4, Level::Easy), Some(3)).unwrap();
    // Whoever starts, some seat is not to move: the player acting out of turn, or discarding
    // a tile it does not hold, is refused with the engine's words.
    let foreign = (0..106u8)
        .filter_map(Tile::new)
        .find(|t| !before.view.rack.contains(&Some(*t)))
        .unwrap();
    let err = table
        .act_duz(Request::Discard(foreign))
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
        .new_duz(&bad, Some(1))
        .unwrap_err()
        .to_string()
        .contains("random"));
    let short = NewGame {
        bots: vec![Level::Easy],
        ..setup(4, Level::Easy)
    };
    assert_eq!(
        table.new_duz(&short, Some(1)).unwrap_err().to_string(),
        "a game with 4 players needs 3 bots, not 1"
    );
    // The refused new games left the first match as it was.
    assert_eq!(table.current_duz().unwrap().unwrap().game, before.game);
}

#[test]
fn drawing_onto_a_chosen_slot_places_the_tile_there() {
    let (_dir, table) = table();
    table.new_duz(&setup(2, Level::Easy), Some(11)).unwrap();
    to_the_players_draw(&table);
    let target = crate::args::slot(30).unwrap();
    let update = table.act_duz(Request::Draw(Some(target))).unwrap();
    assert!(
        update.view.rack[30].is_some(),
        "the drawn tile sits in slot 30"
    );
    assert_eq!(update.view.rack.iter().flatten().count(), 15);
}

/// Plays the bot until the player is to draw (the player discarding its first tile when it
/// starts).
fn to_the_players_draw(table: &Games) -> SeatView {
    loop {
        if let Some(plan) = table.plan() {
            table.play_duz(plan).unwrap().unwrap();
            continue;
        }
        let view = table.current_duz().unwrap().unwrap().view;
        if view.legal_actions.contains(&Action::Draw) {
            return view;
        }
        let first = view.rack.iter().flatten().next().copied().unwrap();
        table.act_duz(Request::Discard(first)).unwrap();
    }
}

#[test]
fn a_drawn_tile_lands_after_the_top_rows_last_tile_never_in_a_gap_and_resumes_so() {
    let (dir, table) = table();
    let game = table
        .new_duz(&setup(2, Level::Easy), Some(11))
        .unwrap()
        .game;
    let view = to_the_players_draw(&table);
    // Lay the 14 tiles out as two groups with a gap between them: slots 0-5 and 7-14.
    let tiles: Vec<Tile> = view.rack.iter().flatten().copied().collect();
    assert_eq!(tiles.len(), 14);
    let mut rack = view.rack.clone();
    for (i, &t) in tiles.iter().enumerate() {
        let want = if i < 6 { i } else { i + 1 };
        let from = rack.iter().position(|&s| s == Some(t)).unwrap();
        if from != want {
            let update = table
                .act_duz(Request::Move(
                    crate::args::slot(from as i64).unwrap(),
                    crate::args::slot(want as i64).unwrap(),
                ))
                .unwrap();
            rack = update.view.rack;
        }
    }
    assert!(rack[6].is_none() && rack[15].is_none());
    let update = table.act_duz(Request::Draw(None)).unwrap();
    assert!(
        update.view.rack[6].is_none(),
        "the gap between the groups stays"
    );
    assert!(
        update.view.rack[15].is_some(),
        "the drawn tile follows the last group"
    );
    assert_eq!(update.view.rack.iter().flatten().count(), 15);
    drop(table);

    // The placement was saved as a rack move: the resumed match shows the same rack.
    let again = Games::new();
    again.open_saves(dir.path());
    let resumed = again.resume_duz(MatchId(game)).unwrap();
    assert_eq!(resumed.view.rack, update.view.rack);
}

#[test]
fn commands_over_ipc_refuse_bad_arguments_with_a_sentence() {
    let dir = tempfile::tempdir().unwrap();
    let (_app, webview) = mock_app(dir.path());
    use serde_json::json;
    assert_eq!(
        invoke(&webview, "act", json!({"action": "draw"})),
        Err(json!({
            "code": "no_match",
            "params": {},
            "message": "there is no game on the table: start a new game"
        }))
    );
    let setup = json!({"variant": "duz", "rules": {"players": 3}, "bots": ["easy", "hard"]});
    let started = invoke(&webview, "new_game", json!({ "setup": setup })).expect("a new game");
    assert_eq!(started["view"]["players"].as_array().map(Vec::len), Some(3));
    assert_eq!(started["bots"], json!([null, "easy", "hard"]));
    // Saved before the answer came back: the list has it, marked as on the table.
    let saves = invoke(&webview, "list_saves", json!({})).expect("the saves");
    assert_eq!(saves["matches"][0]["id"], started["game"]);
    assert_eq!(saves["matches"][0]["state"]["state"], json!("in_play"));
    assert_eq!(saves["playing"], started["game"]);
    // Refusals come as data: a code, its parameters (numbers as numbers) and the message.
    for (cmd, body, code, params, message) in [
        (
            "act",
            json!({"action": "discard", "args": {"tile": 300}}),
            "no_such_tile",
            json!({"id": 300}),
            "300 is not a tile (tiles are numbered 0 to 105)",
        ),
        (
            "act",
            json!({"action": "discard", "args": {"tile": -4}}),
            "no_such_tile",
            json!({"id": -4}),
            "-4 is not a tile (tiles are numbered 0 to 105)",
        ),
        (
            "act",
            json!({"action": "draw", "args": {"to": 32}}),
            "no_such_slot",
            json!({"slot": 32}),
            "there is no slot 32 on the rack (slots are 0 to 31)",
        ),
        (
            "act",
            json!({"action": "jump"}),
            "unknown_action",
            json!({"action": "jump"}),
            "unknown action \"jump\"",
        ),
        (
            "move_tile",
            json!({"from": 40, "to": 0}),
            "no_such_slot",
            json!({"slot": 40}),
            "there is no slot 40 on the rack (slots are 0 to 31)",
        ),
        (
            "resume_save",
            json!({"id": -1}),
            "no_such_match",
            json!({"id": -1}),
            "-1 is not a saved game",
        ),
        (
            "delete_save",
            json!({"id": -7}),
            "no_such_match",
            json!({"id": -7}),
            "-7 is not a saved game",
        ),
        (
            "resume_save",
            json!({"id": 999}),
            "match_not_found",
            json!({"id": 999}),
            "no saved match 999",
        ),
    ] {
        assert_eq!(
            invoke(&webview, cmd, body),
            Err(json!({"code": code, "params": params, "message": message})),
            "{cmd}"
        );
    }
    // A level players cannot choose, and a table of the wrong size, are refused too.
    let random = json!({"setup": {"variant": "duz", "rules": {"players": 2}, "bots": ["random"]}});
    let refused = invoke(&webview, "new_game", random).unwrap_err();
    assert_eq!(refused["code"], "no_such_level", "{refused}");
    assert_eq!(refused["params"]["level"], "random", "{refused}");
    let five = json!({"setup": {"variant": "duz", "rules": {"players": 5}, "bots": ["easy", "easy", "easy", "easy"]}});
    let refused = invoke(&webview, "new_game", five).unwrap_err();
    assert_eq!(
        refused,
        json!({
            "code": "rules_players",
            "params": {"players": 5},
            "message": "these rules cannot be played: players must be 2, 3 or 4, not 5"
        })
    );
}
