//! The table's feel: where a round's points went, and the turn timer's move for the player.

use super::*;

#[test]
fn the_round_end_breaks_each_seats_loss_down_by_cause() {
    for seed in [3, 8] {
        let (_dir, table) = table();
        table.new_duz(&setup(4, Level::Medium), Some(seed)).unwrap();
        let mut me = Bot::new(Level::Medium, seed);
        let playing = table.current_duz().unwrap().unwrap();
        assert_eq!(
            playing.table.round_losses, None,
            "nothing is lost while a round is played"
        );
        play_on(&table, &mut me, 2000);
        let update = table.current_duz().unwrap().unwrap();
        let end = update.view.round_end.clone().expect("the round ended");
        let losses = update
            .table
            .round_losses
            .expect("an ended round says who lost what");
        assert_eq!(losses.len(), 4);
        for p in &update.view.players {
            let loss = losses[p.seat.index()];
            assert_eq!(
                loss.finish + loss.gosterge + loss.penalties,
                update.table.round_start_scores[p.seat.index()] - p.score,
                "the causes of seat {}'s loss add up to it",
                p.seat.0
            );
        }
        if let RoundEnd::Finished { seat, points, .. } = end {
            for p in &update.view.players {
                let want = if p.seat == seat { 0 } else { points };
                assert_eq!(losses[p.seat.index()].finish, want);
            }
        }
    }
}

#[test]
fn a_timed_out_turn_is_played_for_the_player_as_a_bot_would() {
    let (_dir, table) = table();
    let start = table.new_duz(&setup(2, Level::Easy), Some(5)).unwrap();
    // Not the player's turn: refused, nothing changes.
    if start.view.turn != Some(PLAYER) {
        let seq = start.seq;
        assert!(table.act_duz(Request::Auto).is_err());
        assert_eq!(table.current_duz().unwrap().unwrap().seq, seq);
    }
    for _ in 0..3 {
        while let Some(plan) = table.plan() {
            table.play_duz(plan).unwrap().unwrap();
        }
        let before = table.current_duz().unwrap().unwrap();
        if before.view.round_end.is_some() {
            return;
        }
        let update = table.act_duz(Request::Auto).unwrap();
        assert!(
            update.events.iter().any(|e| matches!(
                e,
                Event::Discarded { seat, .. } if *seat == PLAYER
            )) || update.view.round_end.is_some(),
            "the timed-out turn ends with the player's discard (or a finish)"
        );
        assert_ne!(update.view.turn, Some(PLAYER));
        if update.view.round_end.is_none() {
            assert_eq!(update.view.rack.iter().flatten().count(), 14);
        }
    }
}
