//! No update the webview gets holds a tile of a rack it may not see (R15).

use super::*;

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
        let first = table.new_duz(&setup(players, level), Some(seed)).unwrap();
        let mut public = HashSet::new();
        assert_nothing_hidden(&first, &hidden_tiles(&table, &public), "the new game");
        let mut me = Bot::new(Level::Medium, seed);
        let mut sent = 1;
        let mut turns = 0;
        for step in 0.. {
            assert!(step < 5_000, "the round does not end");
            if let Some(plan) = table.plan() {
                let update = table
                    .play_duz(plan)
                    .unwrap()
                    .expect("a planned bot move applies");
                // What this move itself showed (a discard, a gösterge) is public from now on.
                note_public(&table, &mut public);
                assert_nothing_hidden(&update, &hidden_tiles(&table, &public), "a bot move");
                sent += 1;
                continue;
            }
            let view = table.current_duz().unwrap().expect("a match").view;
            if view.round_end.is_some() {
                break;
            }
            me.observe(&view);
            let action = me.decide(&view).expect("the player has a move");
            if matches!(action, Action::Draw | Action::TakeDiscard) {
                turns += 1;
                let sort = [Sort::Runs, Sort::Pairs, Sort::Best][turns % 3];
                let update = table.act_duz(Request::Sort(sort)).unwrap();
                assert_nothing_hidden(&update, &hidden_tiles(&table, &public), "a sort");
            }
            let update = table.act_duz(request_for(action)).unwrap();
            note_public(&table, &mut public);
            assert_nothing_hidden(&update, &hidden_tiles(&table, &public), "the player's move");
            sent += 1;
        }
        assert!(sent > 10, "a whole round was played ({sent} updates)");
        let last = table.current_duz().unwrap().expect("a match");
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
