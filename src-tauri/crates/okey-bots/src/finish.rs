//! Finishing: which listed finish to take, and under a strict rack (R11) the rack moves
//! that lay a winning hand out so that the finish can be claimed.

use okey_core::analysis::{can_finish, find_win};
use okey_core::layout::{lay_out, moves_between};
use okey_core::{Action, Joker, Kind, Phase, SeatView, Tile};

/// The action that works towards finishing now, if the hand can finish: a listed finish
/// (an okey discard first, it scores double, R18), or under a strict rack the next move
/// of the layout that shows the win.
pub(crate) fn finishing_action(view: &SeatView) -> Option<Action> {
    let joker = Joker::new(view.indicator);
    let listed: Vec<Tile> = view
        .legal_actions
        .iter()
        .filter_map(|a| match a {
            Action::Finish(t) => Some(*t),
            _ => None,
        })
        .collect();
    if let Some(&t) = listed
        .iter()
        .find(|t| joker.is_okey(t.kind()))
        .or(listed.first())
    {
        return Some(Action::Finish(t));
    }
    if !view.rules.strict_rack || view.turn != Some(view.seat) || view.phase != Some(Phase::Discard)
    {
        return None;
    }
    // In id order, so that the layout aimed at does not change as the tiles move.
    let mut tiles: Vec<Tile> = view.rack.iter().flatten().copied().collect();
    tiles.sort_unstable();
    let kinds: Vec<Kind> = tiles.iter().map(|t| t.kind()).collect();
    if !can_finish(&kinds, joker) {
        return None;
    }
    // Okeys first: an okey discard scores double.
    let mut order: Vec<usize> = (0..tiles.len()).collect();
    order.sort_by_key(|&i| !joker.is_okey(kinds[i]));
    for i in order {
        let rest: Vec<Tile> = tiles
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &t)| t)
            .collect();
        let rest_kinds: Vec<Kind> = rest.iter().map(|t| t.kind()).collect();
        let Some(win) = find_win(&rest_kinds, joker) else {
            continue;
        };
        let groups: Vec<Vec<Tile>> = win
            .groups
            .iter()
            .map(|g| {
                g.tiles
                    .iter()
                    .filter_map(|p| rest.get(p.index).copied())
                    .collect()
            })
            .collect();
        let target = lay_out(&groups, &[tiles[i]])?;
        // Already laid out yet not listed: nothing more a move can do.
        return moves_between(&view.rack, &target)
            .first()
            .map(|&(from, to)| Action::Move { from, to });
    }
    None
}
