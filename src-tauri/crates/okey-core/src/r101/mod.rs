//! Okey 101 (yüzbir okey): the rules of `docs/RULES-101.md` (R101-1..R101-39) as a sibling of
//! the Düz engine. It shares tiles, notation, seats and errors-as-data with Düz; its own are
//! the rule set, melds laid on the table, the round and match, scoring, views and analysis.
//!
//! One API: [`Match101::new`], [`Match101::legal_actions`], [`Match101::apply`] (an illegal
//! action returns an [`Error101`] naming its rule and changes nothing), [`Match101::view`]
//! and [`replay101`].

pub mod action;
pub mod analysis;
pub mod assist;
pub mod deal;
pub mod error;
pub mod game;
pub mod meld;
pub mod practice;
pub mod rack;
pub mod review;
pub mod round;
pub mod rules;
pub mod scoring;
pub mod status;
pub mod view;

pub use action::Action101;
pub use error::{Code101, Error101, Replay101Error};
pub use game::{replay101, Match101};
pub use meld::{Laid, MeldId, Placed, Shape, Side, TableMeld};
pub use round::{Cause, Event101, Guess101Error, Penalty, Round101, Status};
pub use rules::Rules101;
pub use scoring::{EndKind, Finish, RoundEnd101, ScoreLine};
pub use view::SeatView101;

#[cfg(test)]
mod tests;
