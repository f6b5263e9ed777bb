//! The 101 table through the shell: whole rounds played as the app plays them (the player
//! by the assistant's hints, the bots by the driver's plan and play), every update checked
//! for hidden tiles, refused requests, and a resume that restores the rack and the table.

use super::*;
use crate::args::{request101, ActArgs as Args101};
use crate::live::Setup;
use crate::payload::Mark101;
use crate::session::r101::{NewGame101, Request101};
use okey_core::r101::assist::assist101;
use okey_core::r101::{Action101, Rules101};
use okey_store::Variant;

fn setup101(players: u8, level: Level) -> NewGame101 {
    NewGame101 {
        rules: Rules101 {
            players,
            rounds: 3,
            ..Rules101::default()
        },
        bots: vec![level; usize::from(players) - 1],
    }
}

/// What the table has shown to everyone this round: every tile that lay on a discard stack
/// (a taken discard stays known) or on the table. Forgotten when a new deal starts.
fn note_public101(table: &Games, public: &mut (usize, HashSet<Tile>)) {
    table.with_session101(|s| {
        let deals = s.game().results().len();
        if deals != public.0 {
            *public = (deals, HashSet::new());
        }
        let round = s.game().round();
        for seat in round.rules().seats() {
            public.1.extend(round.stack(seat));
        }
        for meld in round.table() {
            public.1.extend(meld.tiles.iter().map(|p| p.tile));
        }
    });
}

/// Every tile of other hands and the pile that was never shown, while the round is played:
/// what no update may hold. Once the round is over the hands are shown (R101-39) and only
/// the pile stays hidden.
fn hidden101(table: &Games, public: &(usize, HashSet<Tile>)) -> HashSet<Tile> {
    table
        .with_session101(|s| {
            let round = s.game().round();
            let mut hidden: HashSet<Tile> = round.pile().collect();
            if !round.is_over() {
                for seat in round.rules().seats().filter(|&s| s != PLAYER) {
                    hidden.extend(round.hand(seat));
                }
            }
            hidden.retain(|t| public.0 != s.game().results().len() || !public.1.contains(t));
            hidden
        })
        .unwrap_or_default()
}

/// Every tile id in an update, read from its JSON as the webview gets it: numbers under the
/// keys that hold tiles.
fn json_tiles(update: &TableUpdate101) -> Vec<Tile> {
    let json = serde_json::to_value(update).expect("updates serialize");
    let mut out = Vec::new();
    collect(&json, false, &mut out);
    out
}

fn collect(v: &serde_json::Value, tiles: bool, out: &mut Vec<Tile>) {
    use serde_json::Value;
    let tile = |n: &serde_json::Number| {
        n.as_u64()
            .and_then(|n| u8::try_from(n).ok())
            .and_then(Tile::new)
    };
    match v {
        Value::Number(n) if tiles => out.extend(tile(n)),
        Value::Array(items) => items.iter().for_each(|i| collect(i, tiles, out)),
        Value::Object(map) => {
            for (key, value) in map {
                match key.as_str() {
                    // Rounds already played show the hands they ended with (R101-39): tiles
                    // of other deals, whose ids the current deal uses again.
                    "results" => {}
                    // Events name a seat first, then a tile (and a meld after it).
                    "took" | "laid_off" | "discarded" | "returned" | "swapped" | "took_back" => {
                        if let Some(Value::Number(n)) = value.get(1) {
                            out.extend(tile(n));
                        }
                    }
                    // Keys whose numbers are tiles; counts, seats, ids, faces and scores
                    // are not (a face is an object, read by its own keys).
                    "hand" | "rack" | "stack" | "tile" | "tiles" | "left" | "indicator"
                    | "offered" | "pending" | "discard" | "discard_costs" | "okey" => {
                        collect(value, true, out)
                    }
                    _ => collect(value, false, out),
                }
            }
        }
        _ => {}
    }
}

fn assert_nothing_hidden101(update: &TableUpdate101, hidden: &HashSet<Tile>, what: &str) {
    for tile in json_tiles(update) {
        assert!(
            !hidden.contains(&tile),
            "{what} sent {tile} (id {}) from another hand or the pile: {}",
            tile.id(),
            serde_json::to_string(update).unwrap_or_default()
        );
    }
}

/// The player's next request: the assistant's hint, as the UI sends it.
fn player_request(update: &TableUpdate101) -> Option<Request101> {
    let hint = assist101(&update.view, &update.view.legal_actions).hint?;
    Some(match hint.action {
        Action101::Draw => Request101::Draw(None),
        Action101::Take => Request101::Take(None),
        Action101::Return => Request101::Return,
        Action101::DeclarePairs => Request101::DeclarePairs,
        Action101::Open(melds) => {
            Request101::Open(Some(melds.into_iter().map(|l| l.tiles).collect()))
        }
        Action101::Meld(m) => Request101::Meld(vec![m.tiles]),
        Action101::LayOff { tile, meld, side } => Request101::LayOff(tile, meld, side),
        Action101::Swap { tile, meld, okey } => Request101::Swap(tile, meld, okey),
        Action101::TakeBack { .. } => Request101::TakeBack,
        Action101::Discard(t) => Request101::Discard(t),
        Action101::EndRound => Request101::EndRound,
        Action101::NextRound => Request101::NextRound,
    })
}

/// Plays the match to its end: bots by the driver's plan and play, the player by hints.
/// Every update is checked for hidden tiles.
fn play_out(table: &Games, first: TableUpdate101) -> TableUpdate101 {
    let mut last = first;
    let mut public = (0, HashSet::new());
    for step in 0..20_000 {
        assert!(step < 19_999, "the match did not end");
        note_public101(table, &mut public);
        // What is secret once the action is made must not be in its update.
        if let Some(plan) = table.plan() {
            let update = table
                .play(plan)
                .map(|u| u.and_then(Update::r101))
                .unwrap()
                .expect("the plan applies");
            assert_nothing_hidden101(&update, &hidden101(table, &public), "a bot's update");
            last = update;
            continue;
        }
        if last.table.winners.is_some() {
            return last;
        }
        let request = player_request(&last)
            .unwrap_or_else(|| panic!("nobody can move: {:?}", last.view.turn));
        let update = table.act_r101(request).unwrap();
        assert_nothing_hidden101(&update, &hidden101(table, &public), "the player's update");
        last = update;
    }
    last
}

#[test]
fn r101_5_a_whole_match_against_bots_sends_no_hidden_tile_and_ends() {
    for (seed, players, level) in [
        (1, 4, Level::Medium),
        (2, 3, Level::Easy),
        (3, 2, Level::Hard),
    ] {
        let (_dir, table) = table();
        let first = table
            .new_r101(&setup101(players, level), Some(seed))
            .unwrap();
        assert_eq!(first.table.variant, Mark101::R101);
        assert_eq!(
            first.view.hand.len(),
            first.table.rack.iter().flatten().count()
        );
        let nothing_shown = (0, HashSet::new());
        assert_nothing_hidden101(
            &first,
            &hidden101(&table, &nothing_shown),
            "the first update",
        );
        let end = play_out(&table, first);
        assert!(end.table.results.len() >= usize::from(end.table.rules.rounds));
        assert!(end.table.winners.is_some());
    }
}

#[test]
fn r101_requests_that_are_wrong_are_refused_and_change_nothing() {
    let (_dir, table) = table();
    assert!(matches!(
        table.act_r101(Request101::Draw(None)),
        Err(AppError::NoMatch)
    ));
    let bad = NewGame101 {
        bots: vec![Level::Random; 3],
        ..setup101(4, Level::Easy)
    };
    assert!(matches!(
        table.new_r101(&bad, Some(1)),
        Err(AppError::Level(_))
    ));
    let short = NewGame101 {
        bots: vec![Level::Easy],
        ..setup101(4, Level::Easy)
    };
    assert!(matches!(
        table.new_r101(&short, Some(1)),
        Err(AppError::Seats { .. })
    ));
    let rounds = NewGame101 {
        rules: Rules101 {
            rounds: 4,
            ..Rules101::default()
        },
        ..setup101(4, Level::Easy)
    };
    let err = table.new_r101(&rounds, Some(1)).unwrap_err();
    assert_eq!(
        serde_json::to_value(&err).unwrap()["code"],
        "rules101_invalid"
    );
    let before = table.new_r101(&setup101(4, Level::Easy), Some(5)).unwrap();
    // Seat 0 starts: its first turn is a discard only, so a draw is the engine's refusal.
    let err = table.act_r101(Request101::Draw(None)).unwrap_err();
    assert_eq!(
        serde_json::to_value(&err).unwrap()["code"],
        "starter_only_discards"
    );
    let foreign = (0..106u8)
        .filter_map(Tile::new)
        .find(|t| !before.view.hand.contains(t))
        .unwrap();
    assert!(table.act_r101(Request101::Discard(foreign)).is_err());
    assert!(matches!(
        request101(
            "open",
            &Args101 {
                groups: Some(vec![vec![500]]),
                ..Args101::default()
            }
        ),
        Err(AppError::NoSuchTile(500))
    ));
    let now = table.current_r101().unwrap().unwrap();
    assert_eq!(now.view, before.view, "refusals changed nothing");
    assert_eq!(now.table.rack, before.table.rack);
}

#[test]
fn r101_a_resumed_match_has_the_same_rack_layout_and_table() {
    let dir = tempfile::tempdir().unwrap();
    let (id, rack, view) = {
        let table = Games::new();
        table.open_saves(dir.path());
        let first = table
            .new_r101(&setup101(4, Level::Medium), Some(9))
            .unwrap();
        // A layout of the player's own: Best, then the first tile to the last slot.
        table.act_r101(Request101::Sort(Sort::Best)).unwrap();
        let laid = table.current_r101().unwrap().unwrap();
        let from = laid.table.rack.iter().position(Option::is_some).unwrap();
        let after = table.act_r101(Request101::Move(from, 31)).unwrap();
        // The player discards (its first turn as starter), the bots play to its turn.
        let hint = player_request(&after).unwrap();
        table.act_r101(hint).unwrap();
        while let Some(plan) = table.plan() {
            table.play(plan).map(|u| u.and_then(Update::r101)).unwrap();
        }
        let now = table.current_r101().unwrap().unwrap();
        assert_ne!(now.view.hand, first.view.hand, "play moved on");
        (now.game, now.table.rack, now.view)
    };
    let table = Games::new();
    table.open_saves(dir.path());
    let opened = table.resume(MatchId(id)).unwrap();
    let Update::R101(update) = opened else {
        panic!("a 101 save opens at the 101 table");
    };
    assert_eq!(update.table.rack, rack, "the same layout, gaps included");
    assert_eq!(update.view, view, "the same table");
}

/// New game's 101 options start from `RULES101_DEFAULTS` in ui/games/r101/newgame.js: they must be
/// `Rules101::default()`, field by field, so the form presets what RULES-101.md says.
#[test]
fn r101_the_new_game_form_presets_the_engines_defaults() {
    const FORM: &str = include_str!("../../../ui/games/r101/newgame.js");
    let start = FORM
        .find("export const RULES101_DEFAULTS = {")
        .expect("the defaults in the form");
    let body = &FORM[start..];
    let open = body.find('{').unwrap();
    let close = body.find("};").unwrap();
    // The object literal as JSON: quote its keys, drop the trailing comma.
    let json: String = body[open + 1..close]
        .lines()
        .filter_map(|line| {
            let (key, value) = line.trim().trim_end_matches(',').split_once(": ")?;
            Some(format!("\"{key}\": {value}"))
        })
        .collect::<Vec<_>>()
        .join(", ");
    let form: serde_json::Value = serde_json::from_str(&format!("{{{json}}}")).unwrap();
    assert_eq!(form, serde_json::to_value(Rules101::default()).unwrap());
}

#[test]
fn the_last_101_choices_are_offered_again_after_a_restart_and_duz_keeps_its_own() {
    let (dir, first) = table();
    let last = |games: &Games| Setup::last(&games.settings(), Variant::Okey101);
    assert_eq!(last(&first), None, "nothing before the first 101 match");
    let mut setup = setup101(3, Level::Hard);
    setup.rules.rising_open = true;
    first.new_r101(&setup, Some(4)).unwrap();
    let duz_rules = first.settings().last_rules;
    drop(first);

    let again = Games::new();
    again.open_saves(dir.path());
    assert_eq!(last(&again), Some(Setup::R101(setup)));
    assert_eq!(
        again.settings().last_rules,
        duz_rules,
        "Düz's choices untouched"
    );
}

#[test]
fn r101_12_a_drawn_tile_lands_on_the_slot_it_was_dropped_on() {
    let (_dir, table) = table();
    let mut last = table.new_r101(&setup101(4, Level::Easy), Some(11)).unwrap();
    // Played on until the player is to draw.
    for _ in 0..200 {
        if last.view.turn == Some(PLAYER) && last.view.legal_actions.contains(&Action101::Draw) {
            break;
        }
        last = match table.plan() {
            Some(plan) => match table.play(plan).unwrap().and_then(Update::r101) {
                Some(update) => update,
                None => continue,
            },
            // The player starts with a discard only: played as the bots would.
            None => table
                .act_r101(player_request(&last).expect("the player can move"))
                .unwrap(),
        };
    }
    assert!(
        last.view.legal_actions.contains(&Action101::Draw),
        "the player draws"
    );
    let empty = last.table.rack.iter().rposition(Option::is_none).unwrap();
    let after = table.act_r101(Request101::Draw(Some(empty))).unwrap();
    let drawn = after.view.hand.iter().find(|t| !last.view.hand.contains(t));
    assert_eq!(
        after.table.rack[empty].as_ref(),
        drawn,
        "the tile is where it was dropped"
    );
    assert_eq!(
        after.table.rack.iter().flatten().count(),
        after.view.hand.len()
    );
}
