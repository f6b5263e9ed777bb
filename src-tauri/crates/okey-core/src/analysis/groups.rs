//! Winning groups as the tiles of a rack: what a finish lays down (R11) and what the sorting
//! helpers lay out.

use super::win::{can_finish, find_win};
use crate::meld::WinKind;
use crate::tile::{Joker, Kind, Tile};

/// How 14 tiles win and their groups, tile by tile; None when they do not win.
pub fn winning_groups(hand: &[Tile], joker: Joker) -> Option<(WinKind, Vec<Vec<Tile>>)> {
    let kinds: Vec<Kind> = hand.iter().map(|t| t.kind()).collect();
    let win = find_win(&kinds, joker)?;
    let groups = win
        .groups
        .iter()
        .map(|g| {
            g.tiles
                .iter()
                .filter_map(|p| hand.get(p.index).copied())
                .collect()
        })
        .collect();
    Some((win.kind, groups))
}

/// A finishing discard of 15 tiles and how the 14 left win: an okey when one finishes (it
/// scores double, R18), else the lowest tile id, so that the answer depends only on which
/// tiles are held and not on where they lie.
pub fn finishing_groups(hand: &[Tile], joker: Joker) -> Option<(Tile, WinKind, Vec<Vec<Tile>>)> {
    let kinds: Vec<Kind> = hand.iter().map(|t| t.kind()).collect();
    // One fast yes/no before trying each discard in turn.
    if !can_finish(&kinds, joker) {
        return None;
    }
    let mut held = hand.to_vec();
    held.sort_unstable();
    held.dedup();
    let mut order = held.clone();
    order.sort_by_key(|t| !joker.is_okey(t.kind()));
    order.into_iter().find_map(|discard| {
        let rest: Vec<Tile> = held.iter().copied().filter(|&t| t != discard).collect();
        winning_groups(&rest, joker).map(|(kind, groups)| (discard, kind, groups))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r18_a_finishing_okey_goes_first() {
        use crate::notation::{parse_indicator, parse_kind};
        let joker = Joker::new(parse_indicator("K9").unwrap());
        // Runs R1-R3, Y9-Y11, B1-B4 and a set of 7s; K10 is the okey: K7 or K10 finishes.
        let mut hand = Vec::new();
        for token in "R1 R2 R3 Y9 Y10 Y11 B1 B2 B3 B4 R7 Y7 B7 K7 K10".split(' ') {
            let kind = parse_kind(token).unwrap();
            let copy = hand.iter().filter(|t: &&Tile| t.kind() == kind).count() as u8;
            hand.push(Tile::of(kind, copy).unwrap());
        }
        let (discard, kind, groups) = finishing_groups(&hand, joker).unwrap();
        assert!(joker.is_okey(discard.kind()));
        assert_eq!(kind, WinKind::Melds);
        assert_eq!(groups.iter().map(Vec::len).sum::<usize>(), 14);
        hand.reverse();
        assert_eq!(
            finishing_groups(&hand, joker).unwrap().0,
            discard,
            "not by position"
        );
    }
}
