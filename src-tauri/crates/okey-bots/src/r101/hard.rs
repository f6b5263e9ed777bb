//! The hard level: medium's take and table play; its discard is the one of medium's first four
//! candidates (never a penalised tile or an okey while another will do) whose rollouts of the
//! whole table end best for it (`rollout.rs`): the rest of the round played by medium's policy
//! at every seat over guesses of the tiles the seat has not seen.

use super::hand::joker_of;
use super::memory::Memory101;
use super::policy::{self, MEDIUM};
use super::rollout::weigh;
use okey_core::r101::{Action101, Rules101, SeatView101};
use rand_chacha::ChaCha8Rng;

/// Candidates weighed per discard.
const CANDIDATES: usize = 4;

/// The hard level's choice: medium's take and table play; its own discard.
pub fn decide(
    view: &SeatView101,
    memory: &Memory101,
    rules: &Rules101,
    budget: u32,
    rng: &mut ChaCha8Rng,
) -> Option<Action101> {
    policy::table_action(view, MEDIUM)
        .or_else(|| policy::before_take(view, MEDIUM))
        .or_else(|| {
            search_discard(view, memory, rules, budget, rng)
                .or_else(|| policy::discard(view, memory, MEDIUM, None).map(Action101::Discard))
        })
}

/// The discard whose rollouts end lowest for the seat among medium's first four; medium's
/// order breaks ties. `budget` rollouts in all, shared among the candidates.
fn search_discard(
    view: &SeatView101,
    memory: &Memory101,
    rules: &Rules101,
    budget: u32,
    rng: &mut ChaCha8Rng,
) -> Option<Action101> {
    let joker = joker_of(view);
    let mut ranked = policy::ranked(view, memory, MEDIUM, policy::discards(view));
    // A penalised tile or an okey is never worth weighing against a free one.
    ranked.retain(|&t| !policy::dear(view, joker, t));
    ranked.truncate(CANDIDATES);
    if ranked.len() <= 1 || view.hand.len() <= 1 {
        return ranked.first().map(|&t| Action101::Discard(t));
    }
    let candidates: Vec<Action101> = ranked.iter().map(|&t| Action101::Discard(t)).collect();
    let samples = (budget as usize / candidates.len()).max(1);
    let scores = weigh(rules, view, memory, &candidates, samples, rng);
    let mut best = 0;
    for (i, s) in scores.iter().enumerate() {
        if *s < scores[best] - 1e-3 {
            best = i;
        }
    }
    candidates.into_iter().nth(best)
}
