//! The distance to a win: 14 minus the most tiles of the hand that one winning 14 contains.

use super::colours::ColourOrder;
use super::counts::Counts;
use super::pairs::max_kept_pairs;
use super::search::{keeps_at_least_all_of, list_keeping, ordered};
use super::shares::kept_bound;
use crate::tile::{Joker, Kind};

/// Fewest tiles to swap for others to make a winning 14, where the winning 14 holds at most
/// two of each kind. For 15 tiles this is the distance left after the best discard.
pub fn distance(hand: &[Kind], joker: Joker) -> u8 {
    14u8.saturating_sub(max_kept(&Counts::of(hand, joker)))
}

/// The most tiles of `c` that one winning 14 contains: the better of melds (kept plain tiles
/// plus the okeys, which fill any other position) and pairs.
pub(crate) fn max_kept(c: &Counts) -> u8 {
    max_kept_shown(c).0
}

/// [`max_kept`], with the plain tiles (two bits a face, by index) a winning 14 of melds
/// keeping that many keeps, when melds do (None when only pairs do).
pub(crate) fn max_kept_shown(c: &Counts) -> (u8, Option<u128>) {
    let pairs = max_kept_pairs(c);
    let wilds = c.wilds.min(2);
    // Only melds that beat pairs need searching for; a pairs-rich hand is slow to refute.
    let total: u8 = c.plain.iter().map(|&n| n.min(2)).sum();
    let (bound, mut shares) = kept_bound(c);
    let mut goal = total.min(14 - wilds).min(bound);
    let costs = shares.as_mut().map(|shares| shares.colour_shares());
    let order = ColourOrder::choose(c, goal, 0, costs);
    let moved = order.counts(c);
    if let Some(shares) = shares.as_mut() {
        shares.reorder(&order);
    }
    let mut found = (pairs, None);
    while goal + wilds > pairs {
        if let Some(tiles) = list_keeping(&moved, goal, &mut shares) {
            found = (goal + wilds, Some(order.tiles_back(tiles)));
            break;
        }
        goal -= 1;
    }
    if let Some(shares) = shares {
        shares.give_back();
    }
    found
}

/// Whether one winning 14 contains more than `kept` tiles of `c`; cheaper than
/// [`max_kept`] because the search may stop at the first such hand.
pub(crate) fn keeps_more_than(c: &Counts, kept: u8) -> bool {
    keeps_more_than_shown(c, kept) != More::No
}

/// What shows that a hand keeps more than some number of tiles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum More {
    /// It does not.
    No,
    /// Seven pairs do.
    ByPairs,
    /// A winning 14 of melds keeping these plain tiles (two bits a face, by index) and
    /// the hand's okeys (up to two) does.
    ByMelds(u128),
}

/// [`keeps_more_than`], with what shows it.
pub(crate) fn keeps_more_than_shown(c: &Counts, kept: u8) -> More {
    if kept >= 14 {
        return More::No;
    }
    if max_kept_pairs(c) > kept {
        return More::ByPairs;
    }
    let goal = (kept + 1).saturating_sub(c.wilds.min(2));
    let (order, moved, mut shares) = ordered(c, goal, 0);
    let more = match list_keeping(&moved, goal, &mut shares) {
        Some(tiles) => More::ByMelds(order.tiles_back(tiles)),
        None => More::No,
    };
    if let Some(shares) = shares {
        shares.give_back();
    }
    more
}

/// Whether `c`, which has a draw of face `drawn` (an index) added to a hand keeping exactly
/// `kept`, keeps more than `kept`: like [`keeps_more_than`], but a winning 14 that keeps
/// more than `kept` must keep every tile of the drawn face (else the hand without the draw
/// would keep as much), so only those are searched for.
pub(crate) fn draw_keeps_more_than(c: &Counts, kept: u8, drawn: Option<usize>) -> bool {
    if kept >= 14 {
        return false;
    }
    if max_kept_pairs(c) > kept {
        return true;
    }
    keeps_at_least_all_of(c, (kept + 1).saturating_sub(c.wilds.min(2)), drawn)
}

/// Whether the distance of `hand` is at most `d`: a yes/no question, so the search may stop
/// at the first winning 14 that keeps enough, which makes it much cheaper than [`distance`]
/// when the answer is yes. Bots ask it for every discard.
pub fn distance_at_most(hand: &[Kind], joker: Joker, d: u8) -> bool {
    d >= 14 || keeps_more_than(&Counts::of(hand, joker), 13 - d)
}
