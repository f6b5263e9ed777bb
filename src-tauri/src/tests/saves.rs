//! Saves: resume after a restart, the list, statistics and replays.

use super::*;

#[test]
fn a_match_resumes_after_a_restart_exactly_where_it_was_and_plays_on_the_same() {
    // One table plays 40 actions, is closed (the app quits), and a new one on the same
    // folder resumes and plays 40 more; another plays all 80 without a break. The player's
    // rack, the bots' choices and everything else must end up the same.
    let seed = 21;
    let (dir, first) = table();
    let started = first.new_duz(&setup(4, Level::Hard), Some(seed)).unwrap();
    let mut me = Bot::new(Level::Medium, 1);
    play_on(&first, &mut me, 40);
    let before = first.current_duz().unwrap().unwrap();
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
    let resumed = again.resume_duz(MatchId(started.game)).unwrap();
    assert_eq!(resumed.view, before.view, "the table is as it was left");
    assert_eq!(resumed.seq, before.seq);
    play_on(&again, &mut me.clone(), 40);

    let (_other, straight) = table();
    straight
        .new_duz(&setup(4, Level::Hard), Some(seed))
        .unwrap();
    let mut me_straight = Bot::new(Level::Medium, 1);
    play_on(&straight, &mut me_straight, 80);
    let a = again.current_duz().unwrap().unwrap();
    let b = straight.current_duz().unwrap().unwrap();
    assert_eq!(a.seq, b.seq);
    assert_eq!(a.view, b.view, "resumed bots play as if never interrupted");
}

#[test]
fn saves_list_newest_first_and_delete_clears_the_table() {
    let (dir, table) = table();
    let one = table.new_duz(&setup(2, Level::Easy), Some(1)).unwrap();
    let two = table.new_duz(&setup(3, Level::Medium), Some(2)).unwrap();
    let saves = table.saves().unwrap();
    let ids: Vec<u64> = saves.matches.iter().map(|m| m.id.0).collect();
    assert_eq!(ids, vec![two.game, one.game]);
    assert_eq!(saves.playing, Some(MatchId(two.game)));
    // The new game's choices are offered next time, also after a restart.
    assert_eq!(table.settings().last_rules.players, 3);
    let saves = table.delete(MatchId(two.game)).unwrap();
    assert_eq!(saves.matches.len(), 1);
    assert_eq!(saves.playing, None);
    assert!(matches!(table.current_duz(), Ok(None)));
    assert_eq!(
        table.resume_duz(MatchId(two.game)).unwrap_err().to_string(),
        format!("no saved match {}", two.game)
    );
    drop(table);
    let again = Games::new();
    again.open_saves(dir.path());
    assert_eq!(again.settings().last_rules.players, 3);
    assert_eq!(again.resume_duz(MatchId(one.game)).unwrap().game, one.game);
}

#[test]
fn without_saves_the_app_says_why_instead_of_playing_unsaved() {
    let dir = tempfile::tempdir().unwrap();
    let holder = okey_store::Store::open(dir.path()).unwrap();
    let table = Games::new();
    // Not waiting for the lock to go: tests::limits waits.
    table.open_saves_waiting(dir.path(), Duration::ZERO);
    let refused = table
        .new_duz(&setup(2, Level::Easy), Some(1))
        .unwrap_err()
        .to_string();
    // The holder, here this process, is named.
    let me = format!("(process {})", std::process::id());
    assert!(
        refused.starts_with("saved games are not available: ") && refused.contains(&me),
        "{refused}"
    );
    drop(holder);
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
    let started = table.new_duz(&quick, Some(8)).unwrap();
    let mut me = Bot::new(Level::Medium, 8);
    for _ in 0..50 {
        play_on(&table, &mut me, 2_000);
        let view = table.current_duz().unwrap().unwrap().view;
        if view.winners.is_some() {
            break;
        }
        table.act_duz(Request::NextRound).unwrap();
    }
    let view = table.current_duz().unwrap().unwrap().view;
    let winners = view.winners.expect("the match ended");
    let page = table.statistics().unwrap();
    assert_eq!(page.totals.tally.matches_played, 1);
    assert_eq!(
        page.totals.tally.matches_won,
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
    let started = table.new_duz(&setup(3, Level::Easy), Some(12)).unwrap();
    let id = MatchId(started.game);
    let mut me = Bot::new(Level::Medium, 12);
    play_on(&table, &mut me, 5);
    // The round is being played: its hands are secret, so there is nothing to replay.
    assert_eq!(
        table.replay(id, 1, 0, true).unwrap_err().to_string(),
        "round 1 cannot be replayed: it is still being played, or the match has no such round"
    );
    play_on(&table, &mut me, 5_000);
    let end = table.current_duz().unwrap().unwrap().view;
    assert!(end.round_end.is_some());

    let deal = table.replay(id, 1, 0, false).unwrap().duz();
    assert_eq!(deal.step, 0);
    assert_eq!(deal.rounds, vec![1]);
    assert!(deal.hands.is_none() && deal.last.is_none());
    assert!(deal.view.round_end.is_none());
    let mut previous = deal.view.plays;
    for step in 1..=deal.steps {
        let frame = table.replay(id, 1, step, step % 2 == 0).unwrap().duz();
        assert_eq!(frame.step, step);
        // Each step is one turn action: the public count moves by one.
        assert_eq!(frame.view.plays, previous + 1, "step {step}");
        previous = frame.view.plays;
        assert!(frame.last.is_some());
        if let Some(racks) = &frame.hands {
            assert_eq!(racks.len(), 3);
            assert_eq!(racks[0], frame.view.rack, "seat 0's open rack is its own");
        }
    }
    let last = table.replay(id, 1, usize::MAX, true).unwrap().duz();
    assert_eq!(last.step, last.steps);
    assert_eq!(last.view.round_end, end.round_end);
    assert!(table.replay(id, 2, 0, false).is_err());
}

/// Opens the saves' own sled database raw, waiting for the app's store to let go of it.
fn raw_db(dir: &std::path::Path) -> sled::Db {
    let start = std::time::Instant::now();
    loop {
        match okey_store::sled_config(&dir.join(okey_store::DB_DIR_NAME)).open() {
            Ok(db) => return db,
            Err(e) if start.elapsed().as_secs() < 2 => {
                assert!(e.to_string().contains("lock"), "{e}");
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            Err(e) => panic!("the database opens raw: {e}"),
        }
    }
}

/// The key of log entry `index` of match `id`.
fn log_key(id: u64, index: u32) -> Vec<u8> {
    let mut key = id.to_be_bytes().to_vec();
    key.extend_from_slice(&index.to_be_bytes());
    key
}

#[test]
fn actions_the_database_lost_come_back_from_the_journal_and_a_real_loss_is_named() {
    let (dir, first) = table();
    let kept = first.new_duz(&setup(4, Level::Easy), Some(5)).unwrap().game;
    let mut me = Bot::new(Level::Medium, 1);
    play_on(&first, &mut me, 30);
    let kept_seq = first.current_duz().unwrap().unwrap().seq;
    let hurt = first.new_duz(&setup(4, Level::Easy), Some(6)).unwrap().game;
    play_on(&first, &mut me, 30);
    let hurt_seq = first.current_duz().unwrap().unwrap().seq as u32;
    drop(first);
    {
        // Match `kept` rolled back by 10 actions; match `hurt` loses action 12 and its
        // journal: only 12 of its actions can be trusted.
        let db = raw_db(dir.path());
        let log = db.open_tree("log").unwrap();
        for n in (kept_seq as u32 - 10)..kept_seq as u32 {
            log.remove(log_key(kept, n)).unwrap();
        }
        log.remove(log_key(hurt, 12)).unwrap();
        db.flush().unwrap();
    }
    std::fs::remove_file(
        dir.path()
            .join(okey_store::JOURNAL_DIR_NAME)
            .join(format!("{hurt}.okj")),
    )
    .unwrap();
    let again = Games::new();
    again.open_saves(dir.path());
    let saves = again.saves().unwrap();
    let fixed: Vec<(u64, u32)> = saves.repaired.iter().map(|r| (r.id.0, r.lost)).collect();
    assert!(fixed.contains(&(kept, 0)), "{fixed:?}");
    assert!(fixed.contains(&(hurt, hurt_seq - 12)), "{fixed:?}");
    let actions = |id: u64| saves.matches.iter().find(|m| m.id.0 == id).unwrap().actions;
    assert_eq!(actions(kept) as usize, kept_seq);
    assert_eq!(actions(hurt), 12);
    assert_eq!(again.resume_duz(MatchId(kept)).unwrap().seq, kept_seq);
}

#[test]
fn a_journal_damaged_inside_is_healed_after_the_saves_open_and_named() {
    let (dir, first) = table();
    let id = first.new_duz(&setup(4, Level::Easy), Some(8)).unwrap().game;
    let mut me = Bot::new(Level::Medium, 1);
    play_on(&first, &mut me, 40);
    drop(first);
    let path = dir
        .path()
        .join(okey_store::JOURNAL_DIR_NAME)
        .join(format!("{id}.okj"));
    let mut bytes = std::fs::read(&path).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle - 50..middle + 50].fill(0);
    std::fs::write(&path, &bytes).unwrap();
    let again = Games::new();
    again.open_saves(dir.path());
    // The open glances at each journal's end, which is intact; the check that follows
    // (in the background in the app) reads it whole.
    assert!(again.saves().unwrap().repaired.is_empty());
    again.check_journals();
    let healed = again.saves().unwrap().repaired;
    assert_eq!(
        healed.iter().map(|r| (r.id.0, r.lost)).collect::<Vec<_>>(),
        vec![(id, 0)],
        "{healed:?}"
    );
    assert_ne!(std::fs::read(&path).unwrap(), bytes, "written again");
}
