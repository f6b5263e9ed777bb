//! Easy: plain play with no search. Takes a discard that makes a group with two tiles it
//! holds, throws the tile with the fewest neighbours, and now and then throws the second
//! loosest instead.

use super::{draw_or_end, joker, kinds, rack_tiles, when_pile_empty};
use crate::finish::finishing_action;
use crate::memory::Memory;
use crate::tactics::worth;
use okey_core::meld::check_group;
use okey_core::{Action, Kind, Phase, SeatView};
use rand::Rng;

/// How often easy throws its second-loosest tile.
const SLIP: f64 = 0.1;

/// Easy's action in its own turn.
pub(crate) fn decide(view: &SeatView, memory: &Memory, rng: &mut impl Rng) -> Option<Action> {
    match view.phase? {
        Phase::Draw => when_pile_empty(view).or_else(|| Some(draw(view, memory))),
        Phase::Discard => finishing_action(view).or_else(|| discard(view, rng)),
    }
}

fn draw(view: &SeatView, memory: &Memory) -> Action {
    // Taking back a kind it threw would let two players pass it to and fro.
    let thrown = memory.discarded(view.seat);
    let Some(top) = view
        .offered()
        .filter(|t| !thrown.iter().any(|d| d.kind() == t.kind()))
    else {
        return draw_or_end(view);
    };
    let joker = joker(view);
    let hand = kinds(&rack_tiles(view));
    let k = top.kind();
    let makes_group = joker.is_okey(k)
        || (0..hand.len()).any(|i| {
            (i + 1..hand.len()).any(|j| check_group(&[hand[i], hand[j], k], joker).is_ok())
        });
    if makes_group {
        Action::TakeDiscard
    } else {
        draw_or_end(view)
    }
}

fn discard(view: &SeatView, rng: &mut impl Rng) -> Option<Action> {
    let joker = joker(view);
    let tiles = rack_tiles(view);
    let hand = kinds(&tiles);
    // Easy only looks at its own rack: it counts no chances of drawing what it lacks.
    let unseen = [0u8; Kind::COUNT];
    let mut order: Vec<(u32, usize)> = (0..hand.len())
        .map(|i| (worth(&hand, i, joker, &unseen), i))
        .collect();
    order.sort_unstable();
    let pick = if order.len() > 1 && rng.gen_bool(SLIP) {
        1
    } else {
        0
    };
    order.get(pick).map(|&(_, i)| Action::Discard(tiles[i]))
}
