//! Exactness of the hand analysis (R3-R10) against the independent reference solver in
//! `tests/reference`: win checks and their arrangements, the distance on 14- and 15-tile
//! hands, and the advice for 15 tiles. Hands are random (seeded), near-wins and written cases.
//!
//! One module a story: `check` compares one hand with the reference, `hands` makes the hand
//! sets, `reference_self` checks the reference itself, and `wins`, `distance` and `advice`
//! hold the library against it.

#[path = "../reference/mod.rs"]
mod reference;

mod advice;
mod check;
mod distance;
mod hands;
mod reference_self;
mod wins;
