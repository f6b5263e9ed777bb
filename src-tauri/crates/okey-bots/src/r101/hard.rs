//! The hard level: every table skill (`policy::HARD`: medium's play plus okey swaps and taking
//! a discard to lay off once opened); its discard is one of the first few
//! candidates (never a penalised tile or an okey while another will do), picked by one of two
//! searches over guesses of the tiles the seat has not seen:
//! - the race (the default, `race.rs`), while it plays for series: its own next turns only,
//!   by a quick rule;
//! - the table rollouts (opt-in, [`Search::Rollouts`], `rollout.rs`): the rest of the round
//!   played by hard's table play at every seat, scored by the seat's round score.

use super::hand::{joker_of, plan, status, Plan};
use super::memory::Memory101;
use super::policy::{self, HARD};
use super::race::{race, Race};
use super::rollout::weigh;
use okey_core::r101::{Action101, Rules101, SeatView101};
use okey_core::{Joker, Kind};
use rand_chacha::ChaCha8Rng;

/// Candidates the race weighs per discard.
const RACE_CANDIDATES: usize = 4;

/// Candidates the table rollouts weigh per discard (fewer than the race's: each costs a
/// whole round per guess).
const ROLLOUT_CANDIDATES: usize = 3;

/// How hard weighs its discard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Search {
    /// The race of its own next turns, with this many guessed draws per discard.
    Race(u32),
    /// Rollouts of the whole table under these rules, this many per discard.
    Rollouts(u32, Rules101),
}

/// The hard level's choice: its take and table play (`policy::HARD`); its searched discard.
pub fn decide(
    view: &SeatView101,
    memory: &Memory101,
    search: Search,
    rng: &mut ChaCha8Rng,
) -> Option<Action101> {
    policy::table_action(view, HARD)
        .or_else(|| policy::before_take(view, HARD))
        .or_else(|| {
            let chosen = match search {
                Search::Race(budget) => {
                    let joker = joker_of(view);
                    let kinds: Vec<Kind> = view.hand.iter().map(|t| t.kind()).collect();
                    if plan(view, joker, &kinds) == Plan::Series {
                        race_discard(view, memory, joker, budget, rng)
                    } else {
                        None
                    }
                }
                Search::Rollouts(budget, rules) => {
                    search_discard(view, memory, &rules, budget, rng)
                }
            };
            chosen.or_else(|| policy::discard(view, memory, HARD, None).map(Action101::Discard))
        })
}

/// The discard whose rollouts end lowest for the seat among the first few by the keep order
/// (which breaks ties). `budget` rollouts in all, shared among the candidates.
fn search_discard(
    view: &SeatView101,
    memory: &Memory101,
    rules: &Rules101,
    budget: u32,
    rng: &mut ChaCha8Rng,
) -> Option<Action101> {
    let joker = joker_of(view);
    let mut ranked = policy::ranked(view, memory, HARD, policy::discards(view));
    // A penalised tile or an okey is never worth weighing against a free one.
    ranked.retain(|&t| !policy::dear(view, joker, t));
    ranked.truncate(ROLLOUT_CANDIDATES);
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

/// The discard that wins hard's race (see `race.rs`) among the first four by the keep order.
fn race_discard(
    view: &SeatView101,
    memory: &Memory101,
    joker: Joker,
    budget: u32,
    rng: &mut ChaCha8Rng,
) -> Option<Action101> {
    let mut ranked = policy::ranked(view, memory, HARD, policy::discards(view));
    // A penalised tile or an okey is never worth weighing against a free one.
    ranked.retain(|&t| !policy::dear(view, joker, t));
    ranked.truncate(RACE_CANDIDATES);
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
