//! A player's standing in a 101 round: unopened, opened with series, or with pairs.

use serde::{Deserialize, Serialize};

/// A player's standing in the round (R101-5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Not opened; `declared` when it declared for pairs (R101-16).
    Unopened {
        /// Declared for pairs.
        declared: bool,
    },
    /// Opened with sets and runs of this value (R101-14).
    Series {
        /// The opening's value.
        value: u16,
    },
    /// Opened with this many pairs (R101-15).
    Pairs {
        /// Pairs in the opening.
        pairs: u8,
    },
}

impl Status {
    /// Whether the player has opened.
    pub fn opened(self) -> bool {
        !matches!(self, Status::Unopened { .. })
    }
}
