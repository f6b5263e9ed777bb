//! Rack layouts: placing groups of tiles on the two rows with gaps between them, and the
//! slot moves that turn one layout into another. Sorting buttons and bots that must show a
//! finish on the rack (R11) both use it.

use crate::rack::{Rack, Slot};
use crate::tile::Tile;

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
