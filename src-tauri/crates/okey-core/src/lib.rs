//! Okey rules as a pure library: tiles and notation, melds, the round and match state
//! machines, scoring, per-seat views and exact hand analysis. No I/O.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod action;
pub mod analysis;
pub mod assist;
pub mod census;
pub mod code;
pub mod deal;
pub mod error;
pub mod event;
mod faces;
pub mod game;
pub mod layout;
pub mod line;
mod lone;
pub mod meld;
pub mod notation;
pub mod practice;
pub mod preset;
pub mod problem;
pub mod r101;
pub mod rack;
pub mod review;
pub mod round;
pub mod rules;
pub mod scoring;
pub mod slot;
pub mod sort;
pub mod tile;
pub mod variant;
pub mod view;

pub use action::Action;
pub use census::CensusError;
pub use code::core_codes;
pub use error::{ReplayError, RuleError, TurnError};
pub use event::{Event, RoundEnd};
pub use game::{replay, replay_each, Match};
pub use problem::{Code, Coded, Problem};
pub use rack::{Rack, Slot};
pub use round::{Phase, Round};
pub use rules::{ColourDouble, DealKind, OneColourDouble, Rules, RulesError, Seat};
pub use tile::{Colour, Face, Joker, Kind, Number, Role, Tile};
pub use variant::Game;
pub use view::SeatView;
