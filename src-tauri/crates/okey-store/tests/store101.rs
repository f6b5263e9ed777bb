//! Okey 101 matches in the store: every action saved, export and import, verify, the score
//! sheets and the statistics kept apart from Düz's.

mod common;

use common::*;
use okey_core::r101::{Action101, EndKind, Error101};
use okey_core::TurnError;
use okey_store::{StoreError, Variant};

#[test]
fn r101_34_a_whole_101_match_is_saved_resumed_and_summed_up() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let mut game = store.create101(person_and_bots101(11, 3)).unwrap();
    while play101(&mut game, 500) == 500 {}
    let m = game.state().clone();
    assert!(m.is_over());
    let id = game.id();
    drop((game, store));
    let store = open(dir.path());
    let game = store.resume101(id).unwrap();
    assert_eq!(game.state(), &m);
    let line = &store.list().unwrap().matches[0];
    assert_eq!(line.variant, Variant::Okey101);
    assert_eq!((line.rounds_played, line.rounds_total), (Some(3), Some(3)));
    assert_eq!(line.scores, m.totals());
    assert!(matches!(
        line.state,
        okey_store::MatchState::Finished { .. }
    ));
    // One score sheet per deal, the totals of the last one the match's.
    let sheets = store.round_results101(id).unwrap();
    assert_eq!(sheets.len(), m.results().len());
    assert_eq!(sheets.last().unwrap().totals, m.totals());
    let counted = sheets.iter().filter(|s| s.kind != EndKind::Void).count();
    assert_eq!(counted, 3);
    // The rounds replay move by move from their deal.
    let spans = game.rounds();
    assert_eq!(spans.len(), m.results().len());
    let mut replay = game.replay_round(2).unwrap().unwrap();
    let mut steps = 0;
    while let Some(step) = replay.step().unwrap() {
        assert_eq!(step.action, m.log()[step.index].1);
        steps += 1;
    }
    assert_eq!(steps, spans[1].end - spans[1].first);
    assert!(replay.state().round().is_over());
}

#[test]
fn a_101_match_exports_and_imports_as_101_and_a_tampered_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let mut game = store.create101(person_and_bots101(12, 3)).unwrap();
    play101(&mut game, 150);
    let file = dir.path().join("m.json");
    store.export_to_file(game.id(), &file).unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        (json["variant"].as_str(), json["format"].as_u64()),
        (Some("101"), Some(2))
    );
    assert!(matches!(
        store.export(game.id()),
        Err(StoreError::WrongVariant { .. })
    ));
    // Already saved here; into another folder it goes.
    assert!(store.import_file(&file, &played_levels()).is_err());
    let other = tempfile::tempdir().unwrap();
    let fresh = imported_the_same(&store, &game, &file, other.path());
    // A changed action does not replay: refused with the engine's reason, nothing saved.
    let mut export = store.export101(game.id()).unwrap();
    export.created_ms += 1;
    let seat = export.log[0].seat;
    export.log[0].action = Action101::Discard(okey_core::Tile::new(0).unwrap());
    export.log[0].seat = okey_core::Seat((seat.0 + 1) % 4);
    let err = fresh.import(&export, &file, &played_levels()).unwrap_err();
    assert!(matches!(err, StoreError::ExportReplay101 { .. }), "{err}");
    assert_eq!(
        okey_core::Coded::problem(&err).code(),
        "export_does_not_replay"
    );
    assert_eq!(fresh.list().unwrap().matches.len(), 1);
}

#[test]
fn verify_replays_101_matches_beside_duz_ones() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let mut duz = store.create(person_and_bots(3, 3)).unwrap();
    let mut bots = table(&duz);
    play(&mut duz, &mut bots, 30);
    let mut r101 = store.create101(person_and_bots101(3, 3)).unwrap();
    play101(&mut r101, 60);
    let verified = store.verify().unwrap();
    assert!(verified.failed.is_empty(), "{:?}", verified.failed);
    assert_eq!(verified.good.len(), 2);
    let m = r101.state();
    let deal = m.results().len() as u32 + u32::from(!m.round().is_over());
    assert!(deal >= 2, "the match is past its first deal");
    assert!(verified.good.contains(&(r101.id(), 60, deal)));
}

#[test]
fn statistics_keep_101_apart_and_count_the_persons_rounds() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let mut a = store.create101(person_and_bots101(21, 3)).unwrap();
    while play101(&mut a, 500) == 500 {}
    let mut b = store.create101(person_and_bots101(22, 3)).unwrap();
    play101(&mut b, 30);
    let stats = store.statistics().unwrap();
    assert_eq!(
        (stats.tally.rounds_played, stats.tally.matches_played),
        (0, 0)
    );
    let s = stats.okey101;
    assert_eq!((s.tally.matches_played, s.tally.matches_in_play), (1, 1));
    assert_eq!(s.tally.rounds_played, 3);
    // The plain player never opens and never finishes.
    assert_eq!(
        (s.tally.rounds_won, s.opened_series, s.opened_pairs),
        (0, 0, 0)
    );
    assert_eq!(s.never_opened, 3);
    let you = a.state().totals()[0];
    assert_eq!(s.points, i64::from(you));
    assert_eq!(s.average_points, Some(f64::from(you) / 3.0));
    assert_eq!(
        s.best_match,
        Some(okey_store::BestMatch101 {
            id: a.id(),
            total: you
        })
    );
    let won = a.state().winners().unwrap().contains(&okey_core::Seat(0));
    assert_eq!(s.tally.matches_won, u32::from(won));
}

#[test]
fn a_101_match_is_saved_action_by_action_and_resumes_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let mut game = store.create101(person_and_bots101(5, 3)).unwrap();
    assert_eq!(store.variant(game.id()).unwrap(), Variant::Okey101);
    play101(&mut game, 400);
    assert!(game.state().results().len() >= 2, "rounds ended");
    let (id, log) = (game.id(), game.state().log().to_vec());
    let (times, state) = (game.action_times().to_vec(), game.state().clone());
    drop((game, store));
    let store = open(dir.path());
    let game = store.resume101(id).unwrap();
    assert_eq!(game.state().log(), log);
    assert_eq!(game.state(), &state);
    assert_eq!(game.action_times(), times);
    assert_eq!(game.seats(), person_and_bots101(5, 3).seats);
    // The round start is the deal of the current round.
    let dealt = game.round_start();
    assert_eq!(
        dealt.results().len(),
        state.results().len() - usize::from(state.round().is_over())
    );
    assert!(dealt
        .log()
        .last()
        .is_none_or(|(_, a)| *a == Action101::NextRound));
    // Its deals' score sheets were kept, one per ended deal.
    let sheets = store.round_results101(id).unwrap();
    assert_eq!(sheets.len(), state.results().len());
    assert_eq!(sheets.last().unwrap().totals, state.totals());
    assert!(matches!(
        store.round_results(id),
        Err(StoreError::WrongVariant { .. })
    ));
}

#[test]
fn a_101_match_asked_for_as_duz_is_a_coded_error_and_the_reverse_too() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let r101 = store.create101(person_and_bots101(1, 3)).unwrap().id();
    let duz = store.create(person_and_bots(1, 3)).unwrap().id();
    let err = store.resume(r101).unwrap_err();
    let p = okey_core::Coded::problem(&err);
    assert_eq!(p.code(), "match_wrong_variant");
    assert_eq!(p.params()["variant"], "101");
    assert!(matches!(
        store.resume101(duz),
        Err(StoreError::WrongVariant {
            variant: Variant::Duz,
            ..
        })
    ));
    assert_eq!(store.variant(duz).unwrap(), Variant::Duz);
    // Nothing was moved: both still resume as what they are.
    assert!(store.resume101(r101).is_ok() && store.resume(duz).is_ok());
    assert!(matches!(
        store.variant(okey_store::MatchId(9)),
        Err(StoreError::NotFound(_))
    ));
}

#[test]
fn r101_3_a_refused_101_action_saves_nothing_and_keeps_the_engine_code() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let mut game = store.create101(person_and_bots101(2, 3)).unwrap();
    let turn = game.state().round().turn().unwrap();
    let waiting = game.state().rules().seats().find(|&s| s != turn).unwrap();
    let err = game.apply(waiting, Action101::Draw).unwrap_err();
    assert!(
        matches!(
            err,
            StoreError::Refused101(Error101::Turn(TurnError::NotYourTurn))
        ),
        "{err}"
    );
    assert_eq!(okey_core::Coded::problem(&err).code(), "not_your_turn");
    assert_eq!(game.state().log().len(), 0);
    assert_eq!(store.resume101(game.id()).unwrap().state().log().len(), 0);
    let listed = store.list().unwrap();
    let line = &listed.matches[0];
    assert_eq!(
        (line.variant, line.rounds_total, line.rounds_played),
        (Variant::Okey101, Some(3), Some(0))
    );
    assert_eq!(line.rules101.map(|r| r.rounds), Some(3));
    assert_eq!(line.rules.players, 4);
}

#[test]
fn an_import_takes_seats_as_a_new_match_would_a_bom_and_names_a_missing_variant() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let mut game = store.create101(person_and_bots101(12, 3)).unwrap();
    play101(&mut game, 40);
    let file = dir.path().join("m.json");
    store.export_to_file(game.id(), &file).unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    let into_fresh = |text: &str| {
        let edited = dir.path().join("edited.json");
        std::fs::write(&edited, text).unwrap();
        let other = tempfile::tempdir().unwrap();
        open(other.path()).import_file(&edited, &played_levels())
    };
    // Seats nothing here plays are refused, named, before anything is saved.
    for seat in ["god", "bot_2"] {
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        let mut edited = json.clone();
        edited["seats"][2] = seat.into();
        let err = into_fresh(&edited.to_string()).unwrap_err().to_string();
        assert!(err.contains(&format!("seat 2 is \"{seat}\"")), "{err}");
        assert!(err.contains("easy, medium, hard"), "{err}");
    }
    // A byte-order mark, as some Windows editors write one, is no reason to refuse.
    assert!(into_fresh(&format!("\u{feff}{text}")).is_ok());
    // No variant: old Düz exports name none, so the message says what is missing.
    let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
    json.as_object_mut().unwrap().remove("variant");
    let err = into_fresh(&json.to_string()).unwrap_err().to_string();
    assert!(err.contains("add \"variant\": \"101\""), "{err}");
}
