//! Analysis of 101 racks and tables: the best opening (R101-9, R101-14), the most pairs
//! (R101-15), lay-off spots, okey swaps and işlek tiles (R101-21, R101-22, R101-25).

pub mod opening;
pub mod pairs;
pub mod table;

use crate::notation::NotationError;
use thiserror::Error;

pub use opening::{best_opening, best_value_using, LaidOut, Opening};
pub use pairs::best_pairs;
pub use table::{is_playable, layoff_spots, playable_kinds, swap_spots, LayoffSpot, SwapSpot};

/// Why a rack could not be analysed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Analysis101Error {
    /// Not 1 to 22 tiles.
    #[error("a 101 rack has 1 to 22 tiles, but {0} were given")]
    Size(usize),
    /// More copies than exist.
    #[error(transparent)]
    Notation(#[from] NotationError),
}
