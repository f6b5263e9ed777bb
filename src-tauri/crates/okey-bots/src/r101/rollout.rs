//! Hard's table search: a candidate action is played, then the rest of the round is played
//! out by hard's table play (no search) at every seat, over guesses of the tiles the hard seat has not seen
//! (the other hands and the pile, dealt at random from its memory's unseen tiles). Each
//! simulated seat decides from its own view of the guessed round (`SeatView101::of_round`)
//! and its own memory of the rollout, so no seat sees another's hand there either; the hard
//! seat's simulated self starts from its real memory. A candidate scores the hard seat's
//! mean round score over the guesses (lower is better); every candidate meets the same
//! guesses, so their differences are not the deal's.

use super::memory::Memory101;
use super::policy::{self};
use okey_core::r101::{Action101, Round101, Rules101, SeatView101};
use okey_core::{Seat, Tile};
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// Actions a rollout may take before it is cut short (a round takes a few hundred).
const STEPS: usize = 2_000;

/// A guess of the hidden tiles: the round as the view shows it with them filled in. None when
/// the seat's memory leaves too few unseen tiles to fill the other hands and the pile.
pub fn guess(
    rules: &Rules101,
    view: &SeatView101,
    memory: &Memory101,
    rng: &mut ChaCha8Rng,
) -> Option<Round101> {
    // The memory has seen all of these once it has been shown the view; a memory that has not
    // must still not deal them out again.
    let mut seen = memory.clone();
    seen.observe(view);
    let mut pool = seen.unseen_tiles();
    pool.shuffle(rng);
    let mut pool = pool.into_iter();
    let hands: Vec<Vec<Tile>> = view
        .players
        .iter()
        .map(|p| {
            let n = if p.seat == view.seat { 0 } else { p.hand_size };
            pool.by_ref().take(n).collect()
        })
        .collect();
    let pile: Vec<Tile> = pool.by_ref().take(view.pile).collect();
    Round101::from_guess(rules, view, hands, pile).ok()
}

/// Plays `round` to its end with hard's table play (`policy::HARD`, no search) at every seat; the round score of `seat`
/// (R101-33), or None when the rollout did not end within its step limit.
pub fn play_out(
    mut round: Round101,
    seat: Seat,
    memory: &Memory101,
    view: &SeatView101,
) -> Option<i32> {
    let totals: Vec<i32> = view.players.iter().map(|p| p.total).collect();
    let mut memories: Vec<Memory101> = view
        .players
        .iter()
        .map(|p| {
            if p.seat == seat {
                memory.clone()
            } else {
                Memory101::default()
            }
        })
        .collect();
    for _ in 0..STEPS {
        if let Some(end) = round.end() {
            return end.lines.iter().find(|l| l.seat == seat).map(|l| l.total);
        }
        let mover = round.turn()?;
        let v = SeatView101::of_round(&round, mover, &totals, view.rounds)?;
        let mem = memories.get_mut(mover.index())?;
        mem.observe(&v);
        let action = policy::steady(&v, mem, policy::HARD)
            .filter(|a| round.is_legal(mover, a))
            .unwrap_or_else(|| policy::fallback(&v));
        round.apply(mover, &action).ok()?;
    }
    None
}

/// The mean score of the hard seat after each of `candidates` (its actions now), over
/// `samples` guesses shared by all candidates. Candidates whose every rollout failed score
/// `f32::MAX`.
pub fn weigh(
    rules: &Rules101,
    view: &SeatView101,
    memory: &Memory101,
    candidates: &[Action101],
    samples: usize,
    rng: &mut ChaCha8Rng,
) -> Vec<f32> {
    let mut totals = vec![(0.0f32, 0u32); candidates.len()];
    for _ in 0..samples {
        let Some(round) = guess(rules, view, memory, rng) else {
            continue;
        };
        for (c, a) in candidates.iter().enumerate() {
            let mut r = round.clone();
            if r.apply(view.seat, a).is_err() {
                continue;
            }
            if let Some(score) = play_out(r, view.seat, memory, view) {
                totals[c].0 += score as f32;
                totals[c].1 += 1;
            }
        }
    }
    totals
        .iter()
        .map(|&(sum, n)| if n == 0 { f32::MAX } else { sum / n as f32 })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;
    use crate::r101::{next_move101, Bot101};
    use okey_core::r101::Match101;
    use rand::SeedableRng;

    #[test]
    fn r101_37_rollouts_play_guessed_rounds_to_their_end_from_the_seat_view() {
        let rules = Rules101::default();
        let mut m = Match101::new(rules, 3).unwrap();
        let mut bots: Vec<Option<Bot101>> = (0..4)
            .map(|s| Some(Bot101::for_seat(Level::Medium, 3, Seat(s))))
            .collect();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut weighed = 0;
        while !m.round().is_over() {
            let seat = m.round().turn().unwrap();
            let view = m.view(seat).unwrap();
            if view.taken && view.pending.is_none() {
                let memory = bots[seat.index()].as_ref().unwrap().memory().clone();
                let round = guess(&rules, &view, &memory, &mut rng).expect("a guess fits");
                // The seat's own tiles stay its own; the guess fills only what it cannot see.
                assert_eq!(round.hand(seat), view.hand.as_slice());
                let discards = policy::discards(&view);
                let candidates: Vec<Action101> = discards
                    .iter()
                    .take(2)
                    .map(|&t| Action101::Discard(t))
                    .collect();
                let scores = weigh(&rules, &view, &memory, &candidates, 2, &mut rng);
                assert!(scores.iter().all(|&s| s < f32::MAX), "{scores:?}");
                weighed += 1;
            }
            let mv = next_move101(&m, &mut bots).unwrap();
            m.apply(mv.seat, mv.action).unwrap();
        }
        assert!(weighed > 10);
    }
}
