//! A player's rack: tiles in slots on two rows, laid out by the player. The layout is part of
//! the game state because a strict finish (R11) is judged on it.

use crate::error::RuleError;
use crate::meld::check_group;
use crate::meld::WinKind;
use crate::tile::{Joker, Kind, Role, Tile};
use serde::{Deserialize, Serialize};

pub use crate::slot::Slot;

/// Tiles in 2 rows of 16 slots; a player holds at most 15 tiles, so room always remains.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Rack {
    slots: Vec<Option<Tile>>,
}

impl Rack {
    /// Rows of a rack.
    pub const ROWS: usize = crate::slot::ROWS;
    /// Slots in a row.
    pub const COLUMNS: usize = crate::slot::COLUMNS;
    /// Slots in all.
    pub const SLOTS: usize = Rack::ROWS * Rack::COLUMNS;

    /// A rack holding `tiles` in its first slots, in the order given.
    pub(crate) fn with_tiles(tiles: &[Tile]) -> Rack {
        let mut rack = Rack {
            slots: vec![None; Rack::SLOTS],
        };
        for &t in tiles {
            rack.put(t);
        }
        rack
    }

    /// Every slot, row by row.
    pub fn slots(&self) -> &[Option<Tile>] {
        &self.slots
    }

    /// The tiles in slot order.
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        self.slots.iter().flatten().copied()
    }

    /// How many tiles the rack holds.
    pub fn len(&self) -> usize {
        self.tiles().count()
    }

    /// Whether the rack holds no tile.
    pub fn is_empty(&self) -> bool {
        self.tiles().next().is_none()
    }

    /// Whether the rack holds this very tile.
    pub fn contains(&self, tile: Tile) -> bool {
        self.slots.contains(&Some(tile))
    }

    /// Where a drawn or taken tile lands when the player does not drop it somewhere: the
    /// slot just after the last tile of the top row, else just after the last tile of the
    /// bottom row, so the groups the player laid out stay apart; only when both rows are full
    /// to their end, the first empty slot. None when the rack has no empty slot at all.
    ///
    /// The engine's own `put` keeps filling the first empty slot, as saved matches were
    /// recorded with it; the app moves the tile here with a recorded rack move.
    pub fn landing_slot(&self) -> Option<Slot> {
        landing(&self.slots).map(|i| Slot(i as u8))
    }

    /// Puts a tile in the first empty slot and says where. Recorded matches replay through
    /// it, so the rule must not change (see `landing_slot` for where the app puts a tile).
    pub(crate) fn put(&mut self, tile: Tile) -> Slot {
        let free = self
            .slots
            .iter()
            .position(Option::is_none)
            .unwrap_or_else(|| {
                // Unreachable in play (15 tiles, 32 slots); growing keeps every tile rather than
                // losing one.
                self.slots.push(None);
                self.slots.len() - 1
            });
        self.slots[free] = Some(tile);
        Slot(free as u8)
    }

    /// Takes a tile off the rack; false when it is not there.
    pub(crate) fn take(&mut self, tile: Tile) -> bool {
        match self.slots.iter().position(|&s| s == Some(tile)) {
            Some(i) => {
                self.slots[i] = None;
                true
            }
            None => false,
        }
    }

    /// Moves the tile in `from` to `to`; a tile already in `to` swaps into `from`.
    pub(crate) fn move_tile(&mut self, from: Slot, to: Slot) -> Result<(), RuleError> {
        for s in [from, to] {
            if s.index() >= self.slots.len() {
                return Err(RuleError::NoSuchSlot(s.0));
            }
        }
        if self.slots[from.index()].is_none() {
            return Err(RuleError::EmptySlot(from.0));
        }
        self.slots.swap(from.index(), to.index());
        Ok(())
    }

    /// The groups as laid out, leaving `without` out: runs of tiles in adjacent slots of a row.
    /// An empty slot or the end of a row separates groups (R11).
    pub fn groups(&self, without: Option<Tile>) -> Vec<Vec<Tile>> {
        let mut groups = Vec::new();
        for row in self.slots.chunks(Rack::COLUMNS) {
            let mut current = Vec::new();
            for slot in row {
                match slot {
                    Some(t) if Some(*t) != without => current.push(*t),
                    _ if !current.is_empty() => groups.push(std::mem::take(&mut current)),
                    _ => {}
                }
            }
            if !current.is_empty() {
                groups.push(current);
            }
        }
        groups
    }

    /// Judges a finish by the layout alone (R11): with `discard` thrown, every group must be a
    /// set or run, or every group must split into pairs, left to right (R9). Returns how the hand
    /// wins and its groups, or the first fault a player would see. The app also asks it to
    /// explain a refused finish by the groups the player laid out.
    pub fn shown_win(
        &self,
        discard: Tile,
        joker: Joker,
    ) -> Result<(WinKind, Vec<Vec<Tile>>), RuleError> {
        let groups = self.groups(Some(discard));
        if groups.iter().map(Vec::len).sum::<usize>() != 14 {
            return Err(RuleError::NotAWin);
        }
        let kinds = |g: &[Tile]| g.iter().map(|t| t.kind()).collect::<Vec<Kind>>();
        let pairs_ok = groups
            .iter()
            .all(|g| g.len() % 2 == 0 && g.chunks(2).all(|p| is_pair(p, joker)));
        if pairs_ok {
            return Ok((WinKind::Pairs, groups));
        }
        // Groups of two are a pairs layout: name the first that is not a pair.
        if groups.iter().all(|g| g.len() == 2) {
            let bad = groups.iter().find(|g| !is_pair(g, joker));
            return Err(RuleError::NotAPair(
                bad.map(|g| kinds(g)).unwrap_or_default(),
            ));
        }
        for g in &groups {
            check_group(&kinds(g), joker).map_err(RuleError::BadGroup)?;
        }
        Ok((WinKind::Melds, groups))
    }
}

/// Two identical tiles, or any tile with an okey (R9).
fn is_pair(pair: &[Tile], joker: Joker) -> bool {
    match pair {
        [a, b] => {
            a.kind() == b.kind()
                || joker.role(a.kind()) == Role::Wild
                || joker.role(b.kind()) == Role::Wild
        }
        _ => false,
    }
}

/// Where a new tile lands on a layout of rows of [`Rack::COLUMNS`] slots, Düz's or 101's:
/// after the last tile of the first row with room after it, else the first empty slot.
pub(crate) fn landing(slots: &[Option<Tile>]) -> Option<usize> {
    for (r, row) in slots.chunks(Rack::COLUMNS).enumerate() {
        let after = match row.iter().rposition(Option::is_some) {
            None => Some(0),
            Some(last) if last + 1 < row.len() => Some(last + 1),
            Some(_) => None,
        };
        if let Some(column) = after {
            return Some(r * Rack::COLUMNS + column);
        }
    }
    slots.iter().position(Option::is_none)
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{parse_indicator, parse_kind};
    use crate::tile::Kind;

    /// Tiles for tokens, taking copy 0 first and copy 1 for a repeat; `.` leaves a slot empty.
    fn rack(layout: &str) -> Rack {
        let mut rack = Rack::with_tiles(&[]);
        let mut used = Vec::new();
        for (i, token) in layout.split_whitespace().enumerate() {
            if token == "." {
                continue;
            }
            let kind: Kind = parse_kind(token).unwrap();
            let copy = used.iter().filter(|&&k| k == kind).count() as u8;
            used.push(kind);
            rack.slots[i] = Tile::of(kind, copy);
        }
        rack
    }

    fn tile(rack: &Rack, token: &str) -> Tile {
        let kind = parse_kind(token).unwrap();
        rack.tiles().find(|t| t.kind() == kind).unwrap()
    }

    #[test]
    fn rack_draws_go_to_the_first_empty_slot() {
        let mut r = rack("R1 . R3");
        assert_eq!(r.put(Tile::new(50).unwrap()), Slot(1));
        assert_eq!(r.put(Tile::new(51).unwrap()), Slot(3));
    }

    #[test]
    fn rack_landing_goes_after_the_top_rows_last_tile_not_into_a_gap() {
        let r = rack("R1 R2 R3 . Y5 B5 K5 . . . . . . . . . B9");
        assert_eq!(r.landing_slot(), Some(Slot(7)));
    }

    #[test]
    fn rack_landing_goes_to_the_top_rows_first_slot_when_it_is_empty() {
        let r = rack(". . . . . . . . . . . . . . . . R1 R2");
        assert_eq!(r.landing_slot(), Some(Slot(0)));
    }

    #[test]
    fn rack_landing_goes_after_the_bottom_rows_last_tile_when_the_top_row_ends_full() {
        let r = rack(
            "R1 . R3 . . . . . . . . . . . . Y1 \
             B1 B2 . K4 K5 . . . . . . . . . . .",
        );
        assert_eq!(r.landing_slot(), Some(Slot(21)));
    }

    #[test]
    fn rack_landing_takes_the_first_gap_only_when_both_rows_end_full() {
        let r = rack(
            "R1 . R3 . . . . . . . . . . . . Y1 \
             B1 . . . . . . . . . . . . . . K13",
        );
        assert_eq!(r.landing_slot(), Some(Slot(1)));
    }

    #[test]
    fn rack_landing_is_none_on_a_full_rack() {
        let mut r = Rack::with_tiles(&[]);
        for (i, t) in Tile::all().take(Rack::SLOTS).enumerate() {
            r.slots[i] = Some(t);
        }
        assert_eq!(r.landing_slot(), None);
    }

    #[test]
    fn rack_move_swaps_and_refuses_bad_slots() {
        let mut r = rack("R1 . R3");
        let r1 = tile(&r, "R1");
        r.move_tile(Slot(0), Slot(1)).unwrap();
        assert_eq!(r.slots()[1], Some(r1));
        r.move_tile(Slot(1), Slot(2)).unwrap();
        assert_eq!(r.slots()[2], Some(r1));
        assert_eq!(
            r.move_tile(Slot(0), Slot(32)),
            Err(RuleError::NoSuchSlot(32))
        );
        assert_eq!(
            r.move_tile(Slot(200), Slot(0)),
            Err(RuleError::NoSuchSlot(200))
        );
        assert_eq!(r.move_tile(Slot(5), Slot(0)), Err(RuleError::EmptySlot(5)));
    }

    #[test]
    fn r11_groups_split_at_gaps_and_row_ends() {
        let mut layout = vec!["."; 32];
        layout[14] = "R1";
        layout[15] = "R2";
        layout[16] = "R3";
        let r = rack(&layout.join(" "));
        assert_eq!(r.groups(None).len(), 2);
    }

    #[test]
    fn r11_strict_layout_accepts_spaced_melds() {
        let joker = Joker::new(parse_indicator("K9").unwrap());
        let r = rack("R1 R2 R3 . Y5 B5 K5 R5 . B9 B10 B11 B12 . . . Y7 Y8 Y9 K3");
        let (kind, groups) = r.shown_win(tile(&r, "K3"), joker).unwrap();
        assert_eq!(kind, WinKind::Melds);
        assert_eq!(groups.len(), 4);
    }

    #[test]
    fn r11_strict_layout_names_the_bad_group() {
        let joker = Joker::new(parse_indicator("K9").unwrap());
        // The same tiles, two groups touching: R1 R2 R3 Y5 B5 K5 R5 is neither.
        let r = rack("R1 R2 R3 Y5 B5 K5 R5 . B9 B10 B11 B12 . . . . Y7 Y8 Y9 K3");
        let err = r.shown_win(tile(&r, "K3"), joker).unwrap_err();
        assert!(err.to_string().contains("neither a set nor a run"), "{err}");
        let r = rack("R13 R1 R2 . Y5 B5 K5 R5 . B9 B10 B11 B12 . . . Y7 Y8 Y9 K3");
        let err = r.shown_win(tile(&r, "K3"), joker).unwrap_err();
        assert!(err.to_string().starts_with("13-1-2 is not a run"), "{err}");
    }

    #[test]
    fn r09_strict_layout_accepts_pairs_with_an_okey() {
        // Indicator K9: K10 is the okey and pairs with Y4.
        let joker = Joker::new(parse_indicator("K9").unwrap());
        let r = rack("R1 R1 . Y3 Y3 . B7 B7 K2 K2 . Y4 K10 . F F . R12 R12 Y1");
        let (kind, _) = r.shown_win(tile(&r, "Y1"), joker).unwrap();
        assert_eq!(kind, WinKind::Pairs);
        let r = rack("R1 R1 . Y3 Y3 . B7 B7 . K2 K2 . Y4 Y5 . . F F . R12 R12 Y1");
        let err = r.shown_win(tile(&r, "Y1"), joker).unwrap_err();
        assert_eq!(
            err,
            RuleError::NotAPair(vec![parse_kind("Y4").unwrap(), parse_kind("Y5").unwrap()])
        );
        assert!(err.to_string().starts_with("Y4 Y5 is not a pair"), "{err}");
    }
}
