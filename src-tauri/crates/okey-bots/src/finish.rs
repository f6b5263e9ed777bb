//! Finishing: which listed finish to take, and under a strict rack (R11) the rack moves
//! that lay a winning hand out so that the finish can be claimed.

use okey_core::analysis::finishing_groups;
use okey_core::layout::{lay_out, moves_between};
use okey_core::{Action, Joker, Phase, SeatView, Tile};

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
    let tiles: Vec<Tile> = view.rack.iter().flatten().copied().collect();
    // The groups depend only on the tiles held, so the layout aimed at stays the same as
    // the tiles move towards it.
    let (discard, _, groups) = finishing_groups(&tiles, joker)?;
    let target = lay_out(&groups, &[discard])?;
    // Already laid out yet not listed: nothing more a move can do.
    moves_between(&view.rack, &target)
        .first()
        .map(|&(from, to)| Action::Move { from, to })
}
