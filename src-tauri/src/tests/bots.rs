//! Bots play in the background and every move reaches the webview.

use super::*;

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
    table.new_duz(&setup(4, Level::Easy), Some(5)).unwrap();
    let mut me = Bot::new(Level::Easy, 5);
    let start = Instant::now();
    let mut my_moves = 0;
    while my_moves < 3 {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "bots stopped playing"
        );
        let view = table.current_duz().unwrap().unwrap().view;
        if view.turn == Some(PLAYER) {
            me.observe(&view);
            let action = me.decide(&view).unwrap();
            table.act_duz(request_for(action)).unwrap();
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
