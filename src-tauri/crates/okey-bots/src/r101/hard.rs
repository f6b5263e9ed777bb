//! The hard level: medium's play, with the discard of an unopened hand weighed by the draws
//! to come. For each discard it keeps in mind, it lays out the hand that is left with each
//! tile its seat has not seen added (the next draw or take), weighted by the copies unseen,
//! and keeps the hand whose next tile most likely brings the opening figure.

use super::hand::{joker_of, plan, status, Plan};
use super::memory::Memory101;
use super::policy::{self, keep_scores, MEDIUM};
use okey_core::r101::analysis::best_opening;
use okey_core::r101::{Action101, SeatView101};
use okey_core::{Joker, Kind, Tile};
use rand_chacha::ChaCha8Rng;

/// The hard level's choice: medium's take and table play; its own discard.
pub fn decide(
    view: &SeatView101,
    memory: &Memory101,
    budget: u32,
    _rng: &mut ChaCha8Rng,
) -> Option<Action101> {
    policy::table_action(view, MEDIUM)
        .or_else(|| policy::before_take(view, MEDIUM))
        .or_else(|| {
            let joker = joker_of(view);
            let kinds: Vec<Kind> = view.hand.iter().map(|t| t.kind()).collect();
            let series = !status(view).opened() && plan(view, joker, &kinds) == Plan::Series;
            let ahead = if series {
                look_ahead(view, memory, joker, budget)
            } else {
                None
            };
            ahead.or_else(|| policy::discard(view, memory, MEDIUM, None).map(Action101::Discard))
        })
}

/// What reaching a value is worth: the figure caps it, and reaching it counts extra.
fn worth(value: u16, need: u16) -> f32 {
    f32::from(value.min(need)) + if value >= need { 40.0 } else { 0.0 }
}

/// The discard whose remaining hand does best with one more tile from those unseen; the
/// candidates are the tiles medium would throw first, as many as `budget` layouts allow.
pub fn look_ahead(
    view: &SeatView101,
    memory: &Memory101,
    joker: Joker,
    budget: u32,
) -> Option<Action101> {
    let options: Vec<Tile> = view
        .legal_actions
        .iter()
        .filter_map(|a| match a {
            Action101::Discard(t) => Some(*t),
            _ => None,
        })
        .collect();
    if options.len() <= 1 {
        return None;
    }
    let keep = keep_scores(view, memory, MEDIUM, joker);
    let keep_of = |t: Tile| {
        view.hand
            .iter()
            .position(|&h| h == t)
            .map_or(f32::MAX, |i| keep[i])
    };
    let mut ranked = options;
    ranked.sort_by(|a, b| keep_of(*a).total_cmp(&keep_of(*b)));
    // A penalised discard or an okey is never worth weighing against a free one.
    ranked.retain(|&t| keep_of(t) < 400.0);
    let outs: Vec<(Kind, f32)> = Kind::all()
        .map(|k| (k, f32::from(memory.unseen(k))))
        .filter(|(_, n)| *n > 0.0)
        .collect();
    let total: f32 = outs.iter().map(|(_, n)| n).sum();
    if ranked.is_empty() || total == 0.0 {
        return None;
    }
    let per = outs.len().max(1) as u32 + 1;
    let candidates = (budget / per).clamp(1, ranked.len() as u32) as usize;
    let need = view.needed.0;
    // The tiles still to come to this seat: its draws and the discards offered to it.
    let draws = (2.0 * view.pile as f32 / view.players.len() as f32).max(1.0);
    let mut best: Option<(f32, Tile)> = None;
    for &d in &ranked[..candidates] {
        let mut rest: Vec<Kind> = Vec::with_capacity(view.hand.len());
        let mut dropped = false;
        for &t in &view.hand {
            if t == d && !dropped {
                dropped = true;
            } else {
                rest.push(t.kind());
            }
        }
        let base = best_opening(&rest, joker).map_or(0, |o| o.value);
        let now = worth(base, need);
        rest.push(Kind::FalseJoker);
        let last = rest.len() - 1;
        let mut gain = 0.0;
        for &(k, n) in &outs {
            rest[last] = k;
            // A rack with a third copy of a kind is impossible: skip it.
            if let Ok(o) = best_opening(&rest, joker) {
                gain += n * (worth(o.value, need) - now).max(0.0);
            }
        }
        let score = now + gain / total * draws;
        // Medium's order breaks ties: earlier candidates win them.
        if best.is_none_or(|(s, _)| score > s + 1e-3) {
            best = Some((score, d));
        }
    }
    best.map(|(_, t)| Action101::Discard(t))
}
