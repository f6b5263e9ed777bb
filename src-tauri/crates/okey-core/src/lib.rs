//! Okey rules as a pure library: tiles and notation, melds, the round and match state
//! machines, scoring, per-seat views and exact hand analysis. No I/O.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod analysis;
pub mod meld;
pub mod notation;
pub mod tile;

pub use tile::{Colour, Face, Joker, Kind, Number, Role, Tile};
