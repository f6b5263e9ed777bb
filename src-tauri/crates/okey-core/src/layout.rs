//! Rack layouts: placing groups of tiles on the two rows with gaps between them, and the
//! slot moves that turn one layout into another. Sorting buttons and bots that must show a
//! finish on the rack (R11) both use it.

use crate::analysis::{can_finish, find_win, WinKind};
use crate::rack::{Rack, Slot};
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

/// A layout of `groups` on an empty rack: each group in adjacent slots, one empty slot
/// between groups, a group that does not fit the rest of a row starting the next row; then
/// `loose` tiles after one more gap. Returns None when it does not fit on the rack.
pub fn lay_out(groups: &[Vec<Tile>], loose: &[Tile]) -> Option<Vec<Option<Tile>>> {
    let mut slots = vec![None; Rack::SLOTS];
    let mut next = 0usize;
    let mut place = |tiles: &[Tile], slots: &mut Vec<Option<Tile>>| -> Option<()> {
        if tiles.is_empty() {
            return Some(());
        }
        let column = next % Rack::COLUMNS;
        if column + tiles.len() > Rack::COLUMNS && tiles.len() <= Rack::COLUMNS {
            next += Rack::COLUMNS - column;
        }
        for &t in tiles {
            *slots.get_mut(next)? = Some(t);
            next += 1;
        }
        // The gap; at a row end the row break already separates.
        if !next.is_multiple_of(Rack::COLUMNS) {
            next += 1;
        }
        Some(())
    };
    for g in groups {
        place(g, &mut slots)?;
    }
    // Loose tiles need no grouping: they may wrap from one row to the next.
    for &t in loose {
        *slots.get_mut(next)? = Some(t);
        next += 1;
    }
    Some(slots)
}

/// Slot moves (each a swap, as `Action::Move` does) that turn `from` into `to`; both must
/// hold the same tiles. At most one move per slot.
pub fn moves_between(from: &[Option<Tile>], to: &[Option<Tile>]) -> Vec<(Slot, Slot)> {
    let mut current = from.to_vec();
    let mut moves = Vec::new();
    for (target, want) in to.iter().enumerate() {
        let Some(tile) = want else { continue };
        if current.get(target) == Some(&Some(*tile)) {
            continue;
        }
        if let Some(at) = current.iter().position(|s| *s == Some(*tile)) {
            if target < current.len() {
                current.swap(at, target);
                moves.push((Slot(at as u8), Slot(target as u8)));
            }
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiles(ids: &[u8]) -> Vec<Tile> {
        ids.iter().map(|&i| Tile::new(i).unwrap()).collect()
    }

    #[test]
    fn r11_groups_get_gaps_and_wrap_whole() {
        let groups = vec![
            tiles(&[0, 2, 4, 6]),
            tiles(&[8, 10, 12]),
            tiles(&[14, 16, 18, 20, 22]),
        ];
        let slots = lay_out(&groups, &tiles(&[30])).unwrap();
        assert_eq!(slots[3], Tile::new(6));
        assert_eq!(slots[4], None);
        assert_eq!(slots[5], Tile::new(8));
        // 9 + 5 = 14 fits row 0 (slots 9..14), then a gap, then the loose tile.
        assert_eq!(slots[13], Tile::new(22));
        assert_eq!(slots[15], Tile::new(30));
        let big = vec![
            tiles(&[0, 2, 4, 6, 8]),
            tiles(&[10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32]),
        ];
        let slots = lay_out(&big, &[]).unwrap();
        assert_eq!(slots[16], Tile::new(10), "the long group starts row 1");
    }

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

    #[test]
    fn moves_reach_the_target() {
        let groups = vec![tiles(&[0, 2, 4]), tiles(&[40, 42, 44])];
        let target = lay_out(&groups, &tiles(&[7])).unwrap();
        let mut from = vec![None; Rack::SLOTS];
        for (i, t) in tiles(&[44, 7, 2, 40, 0, 42, 4]).into_iter().enumerate() {
            from[i * 3] = Some(t);
        }
        let mut rack = from.clone();
        for (a, b) in moves_between(&from, &target) {
            rack.swap(a.index(), b.index());
        }
        assert_eq!(rack, target);
    }
}
