//! The hard level: medium's take and table play; its discard is the one of medium's first four
//! candidates that wins a race of the seat's own next turns over guesses of the unseen tiles
//! (`race.rs`), while it plays for series.

use super::hand::{joker_of, plan, status, Plan};
use super::memory::Memory101;
use super::policy::{self, MEDIUM};
use super::race::{race, Race};
use okey_core::r101::{Action101, SeatView101};
use okey_core::{Joker, Kind};
use rand_chacha::ChaCha8Rng;

/// The hard level's choice: medium's take and table play; its own discard.
pub fn decide(
    view: &SeatView101,
    memory: &Memory101,
    budget: u32,
    rng: &mut ChaCha8Rng,
) -> Option<Action101> {
    policy::table_action(view, MEDIUM)
        .or_else(|| policy::before_take(view, MEDIUM))
        .or_else(|| {
            let joker = joker_of(view);
            let kinds: Vec<Kind> = view.hand.iter().map(|t| t.kind()).collect();
            let series = plan(view, joker, &kinds) == Plan::Series;
            let ahead = if series {
                race_discard(view, memory, joker, budget, rng)
            } else {
                None
            };
            ahead.or_else(|| policy::discard(view, memory, MEDIUM, None).map(Action101::Discard))
        })
}

/// The discard that wins hard's race (see `race.rs`) among medium's first four.
fn race_discard(
    view: &SeatView101,
    memory: &Memory101,
    joker: Joker,
    budget: u32,
    rng: &mut ChaCha8Rng,
) -> Option<Action101> {
    let mut ranked = policy::ranked(view, memory, MEDIUM, policy::discards(view));
    // A penalised tile or an okey is never worth weighing against a free one.
    ranked.retain(|&t| !policy::dear(view, joker, t));
    ranked.truncate(4);
    if ranked.len() <= 1 {
        return ranked.first().map(|&t| Action101::Discard(t));
    }
    let players = view.players.len().max(1);
    let r = Race {
        hand: &view.hand,
        opened: status(view).opened(),
        need: view.needed.0,
        table: &view.table,
        joker,
        turns: (view.pile / players + 1).min(6),
    };
    let unseen = memory.unseen_tiles();
    let samples = (budget as usize / ranked.len()).max(1);
    let scores = race(&r, &ranked, &unseen, samples, rng);
    // Medium's order breaks ties.
    let mut best = 0;
    for (i, s) in scores.iter().enumerate() {
        if *s < scores[best] - 1e-3 {
            best = i;
        }
    }
    Some(Action101::Discard(ranked[best]))
}
