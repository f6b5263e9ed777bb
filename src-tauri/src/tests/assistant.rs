//! The assistant: legal hints that play rounds out, and unseen counts from the seat's view.

use super::*;

#[test]
fn r10_the_assistant_suggests_only_legal_moves_and_following_it_plays_rounds_out() {
    // The player follows the assistant's hint at every turn of two rounds against medium
    // bots: every hint names a legal action of a tile on the rack, and a suggested take
    // always lowers the distance it reports.
    use okey_core::assist::Hint;
    let (_dir, table) = table();
    table.new_duz(&setup(4, Level::Medium), Some(33)).unwrap();
    let (mut hints, mut rounds) = (0, 0);
    for _ in 0..20_000 {
        if let Some(plan) = table.plan() {
            table.play_duz(plan).unwrap().expect("a bot move applies");
            continue;
        }
        let view = table.current_duz().unwrap().unwrap().view;
        if view.round_end.is_some() {
            rounds += 1;
            if rounds == 2 || view.winners.is_some() {
                break;
            }
            table.act_duz(Request::NextRound).unwrap();
            continue;
        }
        let assist = table.assist_duz().unwrap();
        assert_eq!(assist.tiles, view.rack.iter().flatten().count());
        let grouped: usize = assist.groups.iter().map(Vec::len).sum();
        assert!(grouped + assist.loose.len() <= assist.tiles);
        let hint = assist.hint.expect("a hint on the player's turn");
        hints += 1;
        let action = match hint {
            Hint::Take { tile, distance } => {
                assert!(distance < assist.distance, "a take must help");
                assert!(view.players.iter().any(|p| p.discards.top == Some(tile)));
                Action::TakeDiscard
            }
            Hint::Draw { .. } => {
                if view.legal_actions.contains(&Action::Draw) {
                    Action::Draw
                } else {
                    Action::EndRound
                }
            }
            Hint::Finish(f) => {
                assert!(view.rack.contains(&Some(f.tile)));
                Action::Finish(f.tile)
            }
            Hint::Discard(d) => {
                assert!(view.rack.contains(&Some(d.tile)));
                assert_eq!(d.distance, assist.distance);
                Action::Discard(d.tile)
            }
        };
        assert!(
            view.legal_actions.contains(&action),
            "{action:?} is not legal in {:?}",
            view.legal_actions
        );
        table.act_duz(request_for(action)).unwrap();
    }
    assert_eq!(rounds, 2, "two rounds were played out");
    assert!(hints > 10, "{hints} hints");
}

#[test]
fn r15_the_assistant_counts_unseen_copies_from_what_the_seat_can_see_only() {
    // At each of the player's discards, every out's unseen count is two, less the copies on
    // the player's rack, the indicator, and the tiles the player's view shows on the table.
    use okey_core::assist::Hint;
    use okey_core::notation::parse_kind;
    let (_dir, table) = table();
    table.new_duz(&setup(4, Level::Medium), Some(41)).unwrap();
    let mut checked = 0;
    for _ in 0..5_000 {
        if let Some(plan) = table.plan() {
            table.play_duz(plan).unwrap().expect("a bot move applies");
            continue;
        }
        let view = table.current_duz().unwrap().unwrap().view;
        if view.round_end.is_some() {
            break;
        }
        let assist = table.assist_duz().unwrap();
        let Some(hint) = assist.hint else { break };
        if let Hint::Discard(d) = &hint {
            let mut visible: Vec<Tile> = view.rack.iter().flatten().copied().collect();
            for p in &view.players {
                match &p.discards.tiles {
                    Some(all) => visible.extend(all),
                    None => visible.extend(p.discards.top),
                }
            }
            visible.extend(view.gosterge.filter(|(s, _)| *s != PLAYER).map(|(_, t)| t));
            for out in &d.outs {
                let kind = parse_kind(&out.token).unwrap();
                let shown = visible.iter().filter(|t| t.kind() == kind).count()
                    + usize::from(kind == okey_core::Kind::Face(view.indicator));
                assert_eq!(
                    usize::from(out.unseen),
                    2usize.saturating_sub(shown),
                    "{}",
                    out.token
                );
                checked += 1;
            }
        }
        let action = match hint {
            Hint::Take { .. } => Action::TakeDiscard,
            Hint::Draw { .. } if view.legal_actions.contains(&Action::Draw) => Action::Draw,
            Hint::Draw { .. } => Action::EndRound,
            Hint::Finish(f) => Action::Finish(f.tile),
            Hint::Discard(d) => Action::Discard(d.tile),
        };
        table.act_duz(request_for(action)).unwrap();
    }
    assert!(checked > 20, "{checked} outs checked");
}
