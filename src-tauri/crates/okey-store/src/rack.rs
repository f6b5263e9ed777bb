//! The rack layout of a 101 match's person, kept per match so the tiles stand where they
//! were left after a restart. The 101 engine holds a hand as a set, with no rack moves, so
//! the layout is the interface's, saved here beside the match (`racks` tree: id → JSON
//! `slots`, each a tile id or null). A layout is a convenience, not part of the match: one
//! that does not decode reads as none (the interface then lays the hand out afresh), and it
//! is not part of an export.

use crate::db::Store;
use crate::error::StoreError;
use crate::guard::guarded;
use crate::id::MatchId;
use crate::record::{from_json, to_json_as, FORMAT_101};
use okey_core::Tile;
use serde::{Deserialize, Serialize};

/// The most slots a rack layout holds (two rows of a big rack, with room to spare).
pub const MAX_RACK_SLOTS: usize = 64;

#[derive(Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
struct RackRecord {
    slots: Vec<Option<u8>>,
}

impl Store {
    /// Saves the rack layout of match `id` (slot by slot, None for an empty slot), flushed.
    /// More than [`MAX_RACK_SLOTS`] slots are refused as [`StoreError::Unsaveable`].
    pub fn put_rack101(&self, id: MatchId, slots: &[Option<Tile>]) -> Result<(), StoreError> {
        if !self.trees.matches.contains_key(id.key())? {
            return Err(StoreError::NotFound(id));
        }
        if slots.len() > MAX_RACK_SLOTS {
            return Err(StoreError::Unsaveable(format!(
                "a rack of {} slots (at most {MAX_RACK_SLOTS})",
                slots.len()
            )));
        }
        let record = RackRecord {
            slots: slots.iter().map(|t| t.map(Tile::id)).collect(),
        };
        self.trees
            .racks
            .insert(id.key(), to_json_as(FORMAT_101, &record)?)?;
        self.db.flush()?;
        Ok(())
    }

    /// The rack layout last saved for match `id`; None if none was, or it does not read.
    pub fn rack101(&self, id: MatchId) -> Result<Option<Vec<Option<Tile>>>, StoreError> {
        let bytes = guarded(|| self.trees.racks.get(id.key()))
            .map_err(|detail| StoreError::Damaged { detail })?;
        let Some(bytes) = bytes else {
            return Ok(None);
        };
        let Ok(record) = from_json::<RackRecord>("rack", &bytes) else {
            return Ok(None);
        };
        let slots: Option<Vec<Option<Tile>>> = record
            .slots
            .iter()
            .map(|id| match id {
                None => Some(None),
                Some(id) => Tile::new(*id).map(Some),
            })
            .collect();
        Ok(slots.filter(|s| s.len() <= MAX_RACK_SLOTS))
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::temp_store;
    use crate::{MatchId, NewMatch101, SeatKind, Store};
    use okey_core::r101::Rules101;
    use okey_core::Tile;

    #[test]
    fn a_rack_layout_survives_a_restart_and_goes_with_its_match() {
        let (dir, store) = temp_store();
        let game = store
            .create101(NewMatch101 {
                rules: Rules101::default(),
                seed: 3,
                seats: vec![SeatKind::Human; 4],
            })
            .unwrap();
        let id = game.id();
        assert_eq!(store.rack101(id).unwrap(), None);
        let slots = vec![Tile::new(5), None, Tile::new(105)];
        store.put_rack101(id, &slots).unwrap();
        drop((game, store));
        let store = Store::open(dir.path()).unwrap();
        assert_eq!(store.rack101(id).unwrap(), Some(slots));
        assert!(store.put_rack101(MatchId(99), &[]).is_err());
        assert!(store.put_rack101(id, &[None; 65]).is_err());
        store.delete(id).unwrap();
        assert_eq!(store.rack101(id).unwrap(), None);
    }
}
