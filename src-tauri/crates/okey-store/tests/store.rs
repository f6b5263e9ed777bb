//! The store on real files: saving, resuming, listing, deleting, export and import,
//! history, statistics and settings.

mod common;

use common::*;
use okey_bots::Level;
use okey_core::{Action, Event, RoundEnd, Slot};
use okey_store::{BotSpeed, Language, MatchId, MatchState, Settings, StoreError, EXPORT_KIND};

#[test]
fn resume_restores_the_match_and_every_rack_layout() {
    let dir = tempfile::tempdir().unwrap();
    let (id, before) = {
        let store = open(dir.path());
        let mut game = store.create(person_and_bots(3, 20)).unwrap();
        let mut bots = table(&game);
        play(&mut game, &mut bots, 40);
        // The person rearranges their rack: two moves that no engine default would make.
        let slots = game.state().round().rack(seat(0)).unwrap().slots().to_vec();
        let full = slots.iter().position(Option::is_some).unwrap();
        let empty = slots.iter().rposition(Option::is_none).unwrap();
        let first = Action::Move {
            from: Slot(full as u8),
            to: Slot(empty as u8),
        };
        game.apply(seat(0), first).unwrap();
        // Two occupied slots swap.
        let slots = game.state().round().rack(seat(0)).unwrap().slots().to_vec();
        let mut occupied = slots
            .iter()
            .enumerate()
            .filter(|(_, t)| t.is_some())
            .map(|(i, _)| i);
        let (a, b) = (occupied.next().unwrap(), occupied.next_back().unwrap());
        game.apply(
            seat(0),
            Action::Move {
                from: Slot(a as u8),
                to: Slot(b as u8),
            },
        )
        .unwrap();
        (game.id(), game.state().clone())
    };
    let store = open(dir.path());
    let game = store.resume(id).unwrap();
    assert_eq!(game.state(), &before);
    for s in 0..4 {
        assert_eq!(
            game.state().round().rack(seat(s)).unwrap().slots(),
            before.round().rack(seat(s)).unwrap().slots()
        );
    }
}

#[test]
fn list_puts_the_last_played_first_with_round_and_scores() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let mut a = store.create(person_and_bots(1, 20)).unwrap();
    let b = store.create(person_and_bots(2, 20)).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(5));
    let mut bots = table(&a);
    play(&mut a, &mut bots, 10);
    let listing = store.list().unwrap();
    assert!(listing.set_aside.is_empty());
    let ids: Vec<_> = listing.matches.iter().map(|s| s.id).collect();
    assert_eq!(ids, vec![a.id(), b.id()]);
    let top = &listing.matches[0];
    assert_eq!(top.actions, 10);
    assert_eq!(top.round, 1);
    assert_eq!(top.scores, a.state().scores());
    assert_eq!(top.state, MatchState::InPlay);
    assert_eq!(listing.matches[1].actions, 0);
}

#[test]
fn delete_removes_the_match_and_its_log() {
    let dir = tempfile::tempdir().unwrap();
    let (gone, kept) = {
        let store = open(dir.path());
        let mut game = store.create(person_and_bots(4, 20)).unwrap();
        let mut bots = table(&game);
        play(&mut game, &mut bots, 30);
        let kept = store.create(person_and_bots(5, 20)).unwrap().id();
        store.delete(game.id()).unwrap();
        assert!(matches!(
            store.resume(game.id()),
            Err(StoreError::NotFound(_))
        ));
        assert!(matches!(
            store.delete(game.id()),
            Err(StoreError::NotFound(_))
        ));
        let ids: Vec<_> = store.list().unwrap().matches.iter().map(|s| s.id).collect();
        assert_eq!(ids, vec![kept]);
        (game.id(), kept)
    };
    let raw = raw_db(dir.path());
    let log = raw.open_tree("log").unwrap();
    assert_eq!(log.scan_prefix(gone.0.to_be_bytes()).count(), 0);
    assert!(raw
        .open_tree("matches")
        .unwrap()
        .contains_key(kept.0.to_be_bytes())
        .unwrap());
}

#[test]
fn export_then_import_gives_the_same_match() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let mut game = store.create(person_and_bots(6, 20)).unwrap();
    let mut bots = table(&game);
    play(&mut game, &mut bots, 250);
    let file = dir.path().join("match.json");
    store.export_to_file(game.id(), &file).unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains(EXPORT_KIND) && text.contains("\"human\""),
        "{text}"
    );

    let other = tempfile::tempdir().unwrap();
    imported_the_same(&store, &game, &file, other.path());
}

#[test]
fn import_refuses_a_log_that_does_not_replay_a_wrong_hash_and_other_files() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let mut game = store.create(person_and_bots(7, 20)).unwrap();
    let mut bots = table(&game);
    play(&mut game, &mut bots, 20);
    let good = store.export(game.id()).unwrap();
    let path = dir.path().join("x.json");

    let mut bad_log = good.clone();
    bad_log.log[5].action = Action::NextRound;
    let err = store.import(&bad_log, &path, &played_levels()).unwrap_err();
    assert!(err.to_string().contains("entry 5"), "{err}");

    let mut bad_hash = good.clone();
    bad_hash.state_hash = "0000000000000000".into();
    let err = store
        .import(&bad_hash, &path, &played_levels())
        .unwrap_err();
    assert!(err.to_string().contains("replays to state"), "{err}");

    let mut newer = good.clone();
    newer.format = 99;
    let err = store.import(&newer, &path, &played_levels()).unwrap_err();
    assert!(err.to_string().contains("format 99"), "{err}");

    std::fs::write(&path, "{\"hello\": 1}").unwrap();
    let err = store.import_file(&path, &played_levels()).unwrap_err();
    assert!(matches!(err, StoreError::BadExport { .. }), "{err}");
    // Nothing was written by the refused imports.
    assert_eq!(store.list().unwrap().matches.len(), 1);
}

#[test]
fn an_action_the_engine_refuses_saves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let mut game = store.create(person_and_bots(8, 20)).unwrap();
    let turn = game.state().round().turn().unwrap();
    let other = okey_core::Seat((turn.0 + 1) % 4);
    assert!(matches!(
        game.apply(other, Action::Draw),
        Err(StoreError::Refused(_))
    ));
    assert_eq!(game.state().log().len(), 0);
    assert_eq!(store.resume(game.id()).unwrap().state().log().len(), 0);
}

#[test]
fn a_second_writer_of_the_same_match_gets_a_conflict() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let mut first = store.create(person_and_bots(9, 20)).unwrap();
    let mut second = store.resume(first.id()).unwrap();
    let mut bots = table(&first);
    play(&mut first, &mut bots, 1);
    let (seat, action) = first.state().log()[0];
    let err = second.apply(seat, action).unwrap_err();
    assert!(
        matches!(err, StoreError::Conflict { index: 0, .. }),
        "{err}"
    );
    // The loser is left as it was, and the saved match is the winner's.
    assert_eq!(second.state().log().len(), 0);
    assert_eq!(store.resume(first.id()).unwrap().state(), first.state());
}

#[test]
fn history_replays_each_round_to_the_state_it_ended_in() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let mut game = store.create(person_and_bots(10, 6)).unwrap();
    play_out(&mut game);
    let game = store.resume(game.id()).unwrap();
    let spans = game.rounds();
    let results = store.round_results(game.id()).unwrap();
    assert!(
        spans.len() >= 2,
        "a 6-point match lasts more than one round here"
    );
    assert_eq!(spans.len(), results.len());
    assert_eq!(spans.last().unwrap().end, game.state().log().len());
    for (span, result) in spans.iter().zip(&results) {
        let mut replay = game.replay_round(span.round).unwrap().unwrap();
        assert_eq!(replay.state().round().number(), span.round);
        let mut steps = 0;
        let mut ended = None;
        while let Some(step) = replay.step().unwrap() {
            assert_eq!(step.index, span.first + steps);
            steps += 1;
            for e in step.events {
                if let Event::RoundEnded(end) = e {
                    ended = Some(end);
                }
            }
        }
        assert_eq!(steps, span.end - span.first);
        assert!(replay.state().round().is_over());
        assert_eq!(replay.state().scores(), result.scores.as_slice());
        let finisher = match ended.unwrap() {
            RoundEnd::Finished { seat, .. } => Some(seat),
            RoundEnd::NoTilesLeft { .. } => None,
        };
        assert_eq!(finisher, result.finisher);
    }
    assert!(game.replay_round(spans.len() as u32 + 1).unwrap().is_none());
}

#[test]
fn statistics_count_rounds_finishes_points_levels_and_streaks() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let mut rounds_won = 0;
    let mut rounds_played = 0;
    let mut pairs = 0;
    let mut points_won = 0i64;
    let mut outcomes = Vec::new();
    for seed in 0..4 {
        let mut game = store.create(person_and_bots(100 + seed, 4)).unwrap();
        let mut bots = table(&game);
        while !game.state().is_over() {
            let mv = okey_bots::next_move(game.state(), &mut bots).unwrap();
            for e in game.apply(mv.seat, mv.action).unwrap() {
                if let Event::RoundEnded(end) = e {
                    rounds_played += 1;
                    if let RoundEnd::Finished {
                        seat, win, points, ..
                    } = end
                    {
                        if seat.0 == 0 {
                            rounds_won += 1;
                            points_won += i64::from(points);
                            pairs += u32::from(win == okey_core::analysis::WinKind::Pairs);
                        }
                    }
                }
            }
        }
        outcomes.push(game.state().winners().unwrap().contains(&seat(0)));
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    let in_play = store.create(person_and_bots(200, 20)).unwrap();
    store.create(bots_only(201, [Level::Easy; 4])).unwrap();
    let stats = store.statistics().unwrap();
    assert_eq!(stats.tally.matches_played, 4);
    assert_eq!(stats.tally.matches_in_play, 1, "{in_play:?}");
    assert_eq!(stats.tally.bot_only_matches, 1);
    assert_eq!(
        stats.tally.matches_won,
        outcomes.iter().filter(|&&w| w).count() as u32
    );
    assert_eq!(stats.tally.rounds_played, rounds_played);
    assert_eq!(stats.tally.rounds_won, rounds_won);
    assert_eq!(stats.finishes_pairs, pairs);
    assert_eq!(stats.points_won, points_won);
    let mut longest = 0;
    let mut run = 0;
    for &won in &outcomes {
        run = if won { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    assert_eq!(stats.longest_winning_streak, longest);
    assert_eq!(stats.current_winning_streak, run);
    // Every match had easy and medium opponents.
    assert_eq!(stats.by_level["easy"].played, 4);
    assert_eq!(stats.by_level["medium"].won, stats.tally.matches_won);
    assert!(!stats.by_level.contains_key("hard"));
}

/// R24: partners share one score, so a match the partner wins is won, and points lost are
/// the team's; finishes and rounds won are the player's own; the partner is no opponent.
#[test]
fn r24_partnership_statistics_count_matches_and_points_per_team() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let rules = okey_core::Rules {
        partnership: true,
        start_points: 6,
        ..okey_core::Rules::default()
    };
    let mut game = store
        .create(okey_store::NewMatch {
            rules,
            seed: 24,
            // The partner (seat 2) is the only random bot: it must not show as an opponent.
            seats: vec![
                okey_store::SeatKind::Human,
                bot(Level::Easy),
                bot(Level::Random),
                bot(Level::Easy),
            ],
        })
        .unwrap();
    play_out(&mut game);
    let results = store.round_results(game.id()).unwrap();
    let team_won = game.state().winners().unwrap().iter().any(|w| w.0 % 2 == 0);
    let mut before = i64::from(rules.start_points);
    let mut lost = 0;
    for r in &results {
        lost += (before - i64::from(r.scores[0])).max(0);
        before = i64::from(r.scores[0]);
    }
    let own = results
        .iter()
        .filter(|r| r.finisher == Some(seat(0)))
        .count();
    let stats = store.statistics().unwrap();
    assert_eq!(stats.tally.matches_played, 1);
    assert_eq!(stats.tally.matches_won, u32::from(team_won));
    assert_eq!(stats.points_lost, lost);
    assert_eq!(stats.tally.rounds_played, results.len() as u32);
    assert_eq!(stats.tally.rounds_won, own as u32);
    assert!(!stats.by_level.contains_key("random"));
    assert_eq!(stats.by_level["easy"].won, u32::from(team_won));
}

#[test]
fn a_damaged_status_is_repaired_at_the_open_before_statistics_count_it() {
    let dir = tempfile::tempdir().unwrap();
    let damaged = {
        let store = open(dir.path());
        let mut game = store.create(person_and_bots(61, 4)).unwrap();
        play_out(&mut game);
        store.create(person_and_bots(62, 4)).unwrap().id()
    };
    {
        let db = raw_db(dir.path());
        let status = db.open_tree("status").unwrap();
        status
            .insert(damaged.0.to_be_bytes(), &b"{\"format\":1,"[..])
            .unwrap();
        db.flush().unwrap();
    }
    let store = open(dir.path());
    let repairs = store.repairs();
    assert_eq!(repairs.len(), 1);
    assert_eq!((repairs[0].id, repairs[0].lost), (damaged, 0));
    let stats = store.statistics().unwrap();
    assert_eq!(stats.tally.matches_played, 1);
    assert_eq!(stats.tally.matches_in_play, 1);
    assert!(stats.damaged.is_empty());
    assert!(store.quarantined().unwrap().is_empty());
}

#[test]
fn settings_are_saved_and_default_until_then() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = open(dir.path());
        let (settings, fault) = store.settings().unwrap();
        assert_eq!(settings, Settings::default());
        assert!(fault.is_none());
        let mut changed = settings;
        changed.language = Language::En;
        changed.bot_speed = BotSpeed::Fast;
        changed.assistant = false;
        changed.last_rules.start_points = 11;
        store.save_settings(&changed).unwrap();
    }
    let store = open(dir.path());
    let (settings, _) = store.settings().unwrap();
    assert_eq!(settings.language, Language::En);
    assert_eq!(settings.bot_speed, BotSpeed::Fast);
    assert!(!settings.assistant);
    assert_eq!(settings.last_rules.start_points, 11);
}

#[test]
fn settings_saved_before_sound_and_the_turn_timer_load_with_sound_on_and_no_timer() {
    // A settings record as an older Okey wrote it: no `sound`, no `turn_timer`.
    let old = r#"{"language":"tr","bot_speed":"slow","okey_mark":true,"animations":false}"#;
    let settings: Settings = serde_json::from_str(old).unwrap();
    assert_eq!(settings.language, Language::Tr);
    assert!(!settings.animations);
    assert!(settings.sound, "sound is on unless turned off");
    assert_eq!(settings.turn_timer, 0, "no turn timer unless chosen");
    let dir = tempfile::tempdir().unwrap();
    let store = open(dir.path());
    let chosen = Settings {
        sound: false,
        turn_timer: 30,
        ..Settings::default()
    };
    store.save_settings(&chosen).unwrap();
    assert_eq!(store.settings().unwrap().0, chosen);
}

#[test]
fn matches_with_the_assistant_hidden_are_kept_once_each_and_bounded() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = open(dir.path());
        // Match 1 hidden, shown, hidden again: it is listed once, at its later place.
        let changed = Settings {
            assistant_off: vec![MatchId(1), MatchId(2), MatchId(1)],
            ..Settings::default()
        };
        let saved = store.save_settings(&changed).unwrap();
        assert_eq!(saved.assistant_off, vec![MatchId(2), MatchId(1)]);
    }
    let store = open(dir.path());
    let (mut settings, _) = store.settings().unwrap();
    assert_eq!(settings.assistant_off, vec![MatchId(2), MatchId(1)]);
    // Far more than the bound: the newest are kept.
    settings.assistant_off = (1..=3 * Settings::MAX_ASSISTANT_OFF as u64)
        .map(MatchId)
        .collect();
    let saved = store.save_settings(&settings).unwrap();
    assert_eq!(saved.assistant_off.len(), Settings::MAX_ASSISTANT_OFF);
    assert_eq!(
        saved.assistant_off.first(),
        Some(&MatchId(2 * Settings::MAX_ASSISTANT_OFF as u64 + 1))
    );
    assert_eq!(store.settings().unwrap().0, saved);
}
