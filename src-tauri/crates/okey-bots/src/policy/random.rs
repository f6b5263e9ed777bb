//! The floor: a uniformly random legal action.

use okey_core::{Action, SeatView};
use rand::seq::SliceRandom;
use rand::Rng;

/// Any legal action, each as likely.
pub(crate) fn decide(view: &SeatView, rng: &mut impl Rng) -> Option<Action> {
    view.legal_actions.choose(rng).copied()
}
