//! Deals nobody can work out: a new match's seed comes from the system's random source, not
//! from anything a seat sees, and no payload the webview gets holds it; a match dealt from
//! such a seed still resumes and replays from the seed it saved.

use super::*;
use serde_json::Value;

/// Fails if `value` has a field named like a seed, or holds `seed` (whole, as either half,
/// or written out in decimal or hex).
fn assert_no_seed(value: &Value, seed: u64, what: &str) {
    let halves = [seed >> 32, seed & 0xffff_ffff];
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                assert!(
                    !key.to_lowercase().contains("seed"),
                    "{what} has a field {key:?}"
                );
                assert_no_seed(inner, seed, what);
            }
        }
        Value::Array(items) => {
            for inner in items {
                assert_no_seed(inner, seed, what);
            }
        }
        Value::Number(n) => {
            let whole = n.as_u64() == Some(seed) || n.as_i64() == Some(seed as i64);
            let half = n.as_u64().is_some_and(|n| halves.contains(&n));
            assert!(!whole && !half, "{what} holds the seed {seed} as {n}");
        }
        Value::String(s) => {
            for written in [seed.to_string(), format!("{seed:x}"), format!("{seed:X}")] {
                assert!(!s.contains(&written), "{what} writes the seed in {s:?}");
            }
        }
        Value::Bool(_) | Value::Null => {}
    }
}

/// Everything the webview can be sent about a match: each value serialized as it crosses.
#[derive(Default)]
struct Sent(Vec<(String, Value)>);

impl Sent {
    fn note(&mut self, what: &str, value: &impl serde::Serialize) {
        let json = serde_json::to_value(value).expect("payloads serialize");
        self.0.push((what.to_string(), json));
    }

    fn note_result<T: serde::Serialize>(&mut self, what: &str, result: Result<T, AppError>) {
        match result {
            Ok(value) => self.note(what, &value),
            // Errors reach the webview too, as code, params and message.
            Err(error) => self.note(&format!("{what} (error)"), &error),
        }
    }
}

/// Plays a whole round at `table` as the UI would (the player by a bot through requests,
/// the assistant asked each turn), noting every payload.
fn play_round_noting(table: &Games, sent: &mut Sent) {
    let mut me = Bot::new(Level::Medium, 5);
    for step in 0.. {
        assert!(step < 5_000, "the round does not end");
        if let Some(plan) = table.plan() {
            let update = table.play_duz(plan).unwrap().expect("the bot move applies");
            sent.note("a bot move", &update);
            continue;
        }
        let update = table.current_duz().unwrap().expect("a match");
        sent.note("the table", &update);
        let view = update.view;
        if view.round_end.is_some() {
            return;
        }
        sent.note_result("the assistant", table.assist_duz());
        me.observe(&view);
        let action = me.decide(&view).expect("the player has a move");
        sent.note_result("the player's move", table.act_duz(request_for(action)));
    }
}

#[test]
fn no_payload_of_a_played_match_holds_its_seed() {
    let (_dir, table) = table();
    let mut sent = Sent::default();
    let first = table.new_duz(&setup(3, Level::Easy), None).unwrap();
    sent.note("the new game", &first);
    let seed = table
        .with_session(|s| s.game().seed())
        .expect("a match on the table");
    let id = MatchId(first.game);
    // While the round is on: the screens the player may open meanwhile.
    sent.note_result("the saves list", table.saves());
    sent.note_result("a live replay", table.replay(id, 1, 0, true));
    play_round_noting(&table, &mut sent);
    sent.note_result("the saves list", table.saves());
    sent.note_result("the statistics", table.statistics());
    sent.note("the settings", &table.settings());
    let deal = table.replay(id, 1, 0, false).unwrap().duz();
    for step in 0..=deal.steps {
        sent.note_result("a replay", table.replay(id, 1, step, step % 2 == 1));
    }
    sent.note_result("the next round", table.act_duz(Request::NextRound));
    sent.note_result("a resume", table.resume_duz(id));
    assert!(
        sent.0.len() > 40,
        "a whole round was noted ({})",
        sent.0.len()
    );
    for (what, value) in &sent.0 {
        assert_no_seed(value, seed, what);
    }
}

#[test]
fn the_walk_finds_a_seed_where_there_is_one() {
    // The check above must be able to fail: a field, a number, a half and a text.
    let seed = 0x1234_5678_9abc_def0_u64;
    let cases = [
        serde_json::json!({"deal": {"seed": 1}}),
        serde_json::json!([1, seed]),
        serde_json::json!({"n": seed & 0xffff_ffff}),
        serde_json::json!({"text": format!("dealt from {seed}")}),
        serde_json::json!({"text": format!("{seed:x}")}),
    ];
    for case in cases {
        let caught = std::panic::catch_unwind(|| assert_no_seed(&case, seed, "a case"));
        assert!(caught.is_err(), "{case} passed");
    }
    assert_no_seed(
        &serde_json::json!({"created_ms": 1, "game": 2}),
        seed,
        "clean",
    );
}

#[test]
fn new_deals_are_random_not_the_clock() {
    let (_dir, table) = table();
    let mut seeds = Vec::new();
    for _ in 0..4 {
        let update = table.new_duz(&setup(2, Level::Easy), None).unwrap();
        let seed = table.with_session(|s| s.game().seed()).unwrap();
        let saves = table.saves().unwrap();
        let created = saves
            .matches
            .iter()
            .find(|m| m.id.0 == update.game)
            .expect("the new match is listed")
            .created_ms;
        // The old seed was the clock in ns: it sat right by the creation time the
        // webview gets, and so did a clock in ms.
        let ns = u128::from(created) * 1_000_000;
        assert!(
            u128::from(seed).abs_diff(ns) > 1 << 50,
            "{seed} at {created}"
        );
        assert!(seed.abs_diff(created) > 1 << 40, "{seed} at {created}");
        seeds.push(seed);
    }
    seeds.sort_unstable();
    seeds.dedup();
    assert_eq!(seeds.len(), 4, "{seeds:?}");
}

#[test]
fn a_match_from_a_random_seed_resumes_and_replays_from_its_saved_seed() {
    let dir = tempfile::tempdir().unwrap();
    let (id, seed, end) = {
        let table = Games::new();
        table.open_saves(dir.path());
        let first = table.new_duz(&setup(2, Level::Easy), None).unwrap();
        play_round_noting(&table, &mut Sent::default());
        let seed = table.with_session(|s| s.game().seed()).unwrap();
        let end = table.current_duz().unwrap().expect("a match");
        (MatchId(first.game), seed, end)
    };
    // The app quits and starts again: the match comes back from its saved seed and log.
    let table = Games::new();
    table.open_saves(dir.path());
    let resumed = table.resume_duz(id).unwrap();
    assert_eq!(resumed.view, end.view);
    assert_eq!(table.with_session(|s| s.game().seed()), Some(seed));
    let last = table.replay(id, 1, usize::MAX, true).unwrap().duz();
    assert_eq!(last.view.round_end, end.view.round_end);
    let deal = table.replay(id, 1, 0, false).unwrap().duz();
    assert!(deal.steps > 0);
}
