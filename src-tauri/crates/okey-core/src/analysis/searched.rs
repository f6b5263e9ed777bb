//! Nodes of a list search (see `search`) already searched, so that reaching them again can
//! be cut.
//!
//! The search builds melds around the lowest tile left, so the same node (the same tiles
//! left, the same positions taken of the faces later melds can reach) is often reached by
//! other melds in another order. What follows a node depends on that and nothing else:
//! - a dead end, whose whole subtree reached no list keeping the goal, reaches nothing
//!   again when it keeps no more tiles so far;
//! - a spent node of a search over lists dropping faces asked about has, with the same
//!   tiles kept so far, the same lists below it: what they hold (their filler faces, their
//!   dropped faces, whether one is short) is noted, and when that can add nothing to the
//!   answers found since, the node is cut.
//!
//! The tables are reused by every search on a thread (no clearing: each search has a stamp
//! of its own), and a slot holds the whole node, so a cut is never a guess.

use std::cell::Cell;

/// Slots in the table: a power of two.
const SLOTS: usize = 1024;

/// A node of a search, as [`Key::new`] packs it.
#[derive(Clone, Copy, Eq, Default)]
pub(crate) struct Key([u64; 5]);

/// Word by word, without the call to `memcmp` that comparing the arrays compiles to: keys
/// are compared at most nodes of a search.
impl PartialEq for Key {
    #[inline]
    fn eq(&self, other: &Key) -> bool {
        let (a, b) = (&self.0, &other.0);
        (a[0] ^ b[0]) | (a[1] ^ b[1]) | (a[2] ^ b[2]) | (a[3] ^ b[3]) | (a[4] ^ b[4]) == 0
    }
}

impl Key {
    /// Packs a node: the plain tiles left (faces with one, faces with two); of the faces
    /// later melds can reach, those with two positions in the list or more (a position more
    /// overflows; fewer behave alike) and those with a tile dropped (no filler may stand
    /// there); and in one word the lowest tile left, the positions, the overflow and the
    /// little else a node holds (see `Search::key`).
    pub(crate) fn new(ones: u64, twos: u64, crowded: u64, dropped: u64, small: u64) -> Key {
        Key([ones, twos, crowded, dropped, small])
    }

    /// The key's slot: the words mixed by independent products, so the mix is short.
    #[inline]
    fn slot(&self) -> usize {
        let [a, b, c, d, e] = self.0;
        let h = a.wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ b.wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
            ^ c.wrapping_mul(0x1656_67b1_9e37_79f9)
            ^ d.wrapping_mul(0x27d4_eb2f_1656_67c5)
            ^ e.wrapping_mul(0x85eb_ca77_c2b2_ae63);
        (h ^ h >> 29 ^ h >> 47) as usize & (SLOTS - 1)
    }
}

/// What the lists below a spent node hold, each list whole (the melds before the node
/// included): an over-estimate of what they hold on any other way to the node, once that
/// way's own melds and dropped tiles are added.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(crate) struct Below {
    /// The faces of their fillers...
    pub(crate) fill: u64,
    /// ... the faces with a tile dropped...
    pub(crate) dropped: u64,
    /// ... whether one has at most 11 positions...
    pub(crate) short: bool,
    /// ... and the most positions a list was made up by, to 14 from 12 or 13 (0 for none):
    /// its faces include every face its melds could grow to, and the melds of another way to
    /// the node could grow too.
    pub(crate) grown: u8,
}

impl Below {
    /// Adds what the lists of `other` hold.
    pub(crate) fn add(&mut self, other: Below) {
        self.fill |= other.fill;
        self.dropped |= other.dropped;
        self.short |= other.short;
        self.grown = self.grown.max(other.grown);
    }
}

#[derive(Clone, Copy, Default)]
struct SpentSlot {
    key: Key,
    kept: u8,
    stamp: u32,
    below: Below,
}

#[derive(Clone, Copy, Default)]
struct Slot {
    key: Key,
    /// The most tiles kept on the way to the node when it was found dead.
    kept: u8,
    /// The search that noted it.
    stamp: u32,
}

/// The dead ends and spent nodes of the search running on this thread.
pub(crate) struct Searched {
    slots: Box<[Slot]>,
    spent: Box<[SpentSlot]>,
    stamp: u32,
}

impl Searched {
    /// Whether `key` was found dead in this search, reached then keeping at least `kept`.
    #[inline]
    pub(crate) fn dead(&self, key: &Key, kept: u8) -> bool {
        let s = &self.slots[key.slot()];
        s.stamp == self.stamp && s.kept >= kept && s.key == *key
    }

    /// Notes that no list reaching the goal follows `key` reached keeping `kept`.
    #[inline]
    pub(crate) fn note(&mut self, key: Key, kept: u8) {
        let stamp = self.stamp;
        let s = &mut self.slots[key.slot()];
        if s.stamp == stamp && s.key == key {
            s.kept = s.kept.max(kept);
        } else {
            *s = Slot { key, kept, stamp };
        }
    }

    /// What the lists below `key`, reached keeping exactly `kept`, hold, when noted in this
    /// search.
    #[inline]
    pub(crate) fn spent(&self, key: &Key, kept: u8) -> Option<Below> {
        let s = &self.spent[key.slot()];
        (s.stamp == self.stamp && s.kept == kept && s.key == *key).then_some(s.below)
    }

    /// Notes what the lists below `key`, reached keeping exactly `kept`, hold.
    #[inline]
    pub(crate) fn note_spent(&mut self, key: Key, kept: u8, below: Below) {
        let stamp = self.stamp;
        self.spent[key.slot()] = SpentSlot {
            key,
            kept,
            stamp,
            below,
        };
    }
}

thread_local! {
    static TABLE: Cell<Option<Searched>> = const { Cell::new(None) };
}

/// The thread's tables, for a new search: nothing in them counts for that search yet.
pub(crate) fn for_search() -> Searched {
    let mut table = TABLE.with(Cell::take).unwrap_or_else(|| Searched {
        slots: vec![Slot::default(); SLOTS].into_boxed_slice(),
        spent: vec![SpentSlot::default(); SLOTS].into_boxed_slice(),
        stamp: 0,
    });
    table.stamp = table.stamp.wrapping_add(1);
    if table.stamp == 0 {
        // Stamps went round: the old ones could pass for new.
        table.slots.fill(Slot::default());
        table.spent.fill(SpentSlot::default());
        table.stamp = 1;
    }
    table
}

/// Hands the tables back when a search ends, for the next one on the thread.
pub(crate) fn done_with(table: Searched) {
    TABLE.with(|t| t.set(Some(table)));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(n: u64) -> Key {
        Key::new(n, n << 1, 0, 0, n % 7)
    }

    #[test]
    fn a_node_is_dead_only_in_its_search_and_keeping_no_more() {
        let mut table = for_search();
        table.note(key(5), 4);
        assert!(table.dead(&key(5), 4));
        assert!(table.dead(&key(5), 3), "keeping fewer reaches no more");
        assert!(!table.dead(&key(5), 5), "keeping more may reach the goal");
        assert!(!table.dead(&key(6), 0), "another node");
        // A later search on the thread starts with nothing dead.
        done_with(table);
        let mut table = for_search();
        assert!(!table.dead(&key(5), 0));
        // Another node in the same slot replaces it, and is told apart.
        let other = (1u64..)
            .map(key)
            .find(|k| *k != key(5) && k.slot() == key(5).slot())
            .unwrap_or(key(5));
        table.note(key(5), 2);
        table.note(other, 2);
        assert!(table.dead(&other, 2));
        assert!(!table.dead(&key(5), 2));
        done_with(table);
    }

    #[test]
    fn a_spent_node_answers_only_for_the_tiles_kept_so_far() {
        let mut table = for_search();
        let below = Below {
            fill: 0b1010,
            dropped: 0b100,
            short: false,
            grown: 0,
        };
        table.note_spent(key(9), 3, below);
        assert_eq!(table.spent(&key(9), 3), Some(below));
        assert_eq!(
            table.spent(&key(9), 2),
            None,
            "other tiles kept, other lists"
        );
        assert_eq!(table.spent(&key(10), 3), None);
        done_with(table);
        assert_eq!(for_search().spent(&key(9), 3), None, "another search");
    }
}
