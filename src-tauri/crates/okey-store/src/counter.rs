//! The match id counter: ids handed out 1, 2, 3, … from the `meta` tree.

use crate::db::Store;
use crate::error::StoreError;
use crate::id::MatchId;

/// Key of the last match id handed out, in the `meta` tree.
const NEXT_ID_KEY: &[u8] = b"last_match_id";

/// A fresh match id: 1, 2, 3, … from a counter in the `meta` tree. (sled's own
/// `generate_id` jumps by large steps after a restart, and people type these ids.)
pub(crate) fn new_id(store: &Store) -> Result<MatchId, StoreError> {
    let read = |bytes: Option<&[u8]>| {
        bytes
            .and_then(|b| <[u8; 8]>::try_from(b).ok())
            .map_or(0, u64::from_be_bytes)
    };
    let before = store.trees.meta.fetch_and_update(NEXT_ID_KEY, |old| {
        Some((read(old) + 1).to_be_bytes().to_vec())
    })?;
    Ok(MatchId(read(before.as_deref()) + 1))
}

impl Store {
    /// Moves the id counter up to `id` if it is behind (a match rebuilt from its journal
    /// after sled lost the counter must not have its id handed out again).
    pub(crate) fn bump_id(&self, id: MatchId) -> Result<(), StoreError> {
        let read = |bytes: Option<&[u8]>| {
            bytes
                .and_then(|b| <[u8; 8]>::try_from(b).ok())
                .map_or(0, u64::from_be_bytes)
        };
        self.trees.meta.fetch_and_update(NEXT_ID_KEY, |old| {
            Some(read(old).max(id.0).to_be_bytes().to_vec())
        })?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_count_up_from_one_across_a_reopen() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        assert_eq!(new_id(&store).unwrap(), MatchId(1));
        assert_eq!(new_id(&store).unwrap(), MatchId(2));
        store.flush().unwrap();
        drop(store);
        let store = Store::open(dir.path()).unwrap();
        assert_eq!(new_id(&store).unwrap(), MatchId(3));
    }
}
