//! A place on a rack (R11): two rows of 16 slots. Apart from the rack itself so that actions
//! and errors can name a slot without depending on the rack's rules.

use serde::{Deserialize, Serialize};

/// Rows of a rack.
pub const ROWS: usize = 2;
/// Slots in a row.
pub const COLUMNS: usize = 16;

/// A slot of the rack: row `n / 16`, column `n % 16`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct Slot(pub u8);

impl Slot {
    /// The slot at `row` (0 or 1) and `column` (0..16), if it exists.
    pub fn at(row: usize, column: usize) -> Option<Slot> {
        (row < ROWS && column < COLUMNS).then(|| Slot((row * COLUMNS + column) as u8))
    }

    /// The slot number as an index.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}
