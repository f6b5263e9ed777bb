//! Refused finishes name the group that breaks a rule.

use super::*;

/// Claims a finish with the last tile of the rack, which the engine refuses; the refusal,
/// which says the tiles left do not win and then names a group of the rack.
fn refused_finish_with_the_last_tile(table: &Games) -> String {
    let rack = table.current_duz().unwrap().unwrap().view.rack;
    let last = rack.iter().flatten().last().copied().unwrap();
    let error = table.act_duz(Request::Finish(last)).unwrap_err();
    // As data: the code of a refused finish, with the group's own fault inside.
    let problem = okey_core::Coded::problem(&error);
    assert_eq!(problem.code(), "finish_groups_invalid");
    assert!(problem.params()["fault"]["code"].is_string(), "{problem:?}");
    let refused = error.to_string();
    assert!(
        refused.starts_with("the 14 tiles left do not split into sets and runs, nor into seven pairs: on your rack, "),
        "{refused}"
    );
    refused
}

#[test]
fn r11_a_refused_finish_names_the_group_on_the_rack_that_breaks_a_rule() {
    for seed in 0..200 {
        let Some((_dir, table, view)) = starts_without_a_win(seed) else {
            continue;
        };
        table.act_duz(Request::Sort(Sort::Runs)).unwrap();
        let refused = refused_finish_with_the_last_tile(&table);
        assert!(
            refused.contains("is not a")
                || refused.contains("neither")
                || refused.contains("too short"),
            "{refused}"
        );
        // Nothing happened: still the player's discard.
        let after = table.current_duz().unwrap().unwrap().view;
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
            let rack = table.current_duz().unwrap().unwrap().view.rack;
            if rack[slot as usize].is_some() {
                let free = rack.iter().rposition(Option::is_none).unwrap() as u8;
                table
                    .act_duz(Request::Move(Slot(slot), Slot(free)))
                    .unwrap();
            }
        }
        for (tile, to) in [(false_joker, 0u8), (far, 1)] {
            let rack = table.current_duz().unwrap().unwrap().view.rack;
            let from = rack.iter().position(|t| *t == Some(tile)).unwrap() as u8;
            table.act_duz(Request::Move(Slot(from), Slot(to))).unwrap();
        }
        let refused = refused_finish_with_the_last_tile(&table);
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
