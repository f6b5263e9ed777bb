//! Medium: greedy on the exact hand analysis. Throws the tile that leaves the smallest
//! distance to a win; among those the one with the fewest bonds and live chances in the
//! rest (what it could still become, counting only unseen tiles), and on a near tie not one
//! the next player visibly collects. Takes a discard only when it lowers the distance.

use super::{draw_or_end, joker, kinds, next, rack_tiles, when_pile_empty};
use crate::finish::finishing_action;
use crate::memory::Memory;
use crate::tactics::{feeds, worth};
use okey_core::analysis::{distance, distance_at_most, MemoHistory};
use okey_core::{Action, Joker, Phase, SeatView, Tile};

/// Weight of feeding the next player against a tile's own worth: a tie-break. Heavier
/// weights made medium keep worse hands and win less often (arena, 4,000 rounds).
const FEED: u32 = 2;

/// The distance of the rack left after medium's last discard, so the next draw decision
/// need not search again; and hard's distance answers of its last decisions.
#[derive(Debug, Clone, Default)]
pub(crate) struct Cache {
    rest: Vec<Tile>,
    distance: u8,
    /// Hard's look-ahead answers of its last decisions: the next one asks about many of
    /// the same racks. Exact answers, so they change no choice, only its time.
    pub(crate) memos: MemoHistory,
}

impl Cache {
    /// The distance of `tiles`, from the cache when it holds them.
    pub(crate) fn distance(&mut self, tiles: &[Tile], joker: Joker) -> u8 {
        let mut sorted = tiles.to_vec();
        sorted.sort_unstable();
        if sorted != self.rest {
            self.distance = distance(&kinds(tiles), joker);
            self.rest = sorted;
        }
        self.distance
    }

    /// Notes the rack left after a discard and its distance.
    pub(crate) fn remember(&mut self, tiles: &[Tile], distance: u8) {
        self.rest = tiles.to_vec();
        self.rest.sort_unstable();
        self.distance = distance;
    }
}

/// Medium's action in its own turn.
pub(crate) fn decide(view: &SeatView, memory: &Memory, cache: &mut Cache) -> Option<Action> {
    match view.phase? {
        Phase::Draw => when_pile_empty(view).or_else(|| Some(draw(view, cache))),
        Phase::Discard => finishing_action(view).or_else(|| {
            ranked_discards(view, memory, cache, 1)
                .0
                .first()
                .map(|&t| Action::Discard(t))
        }),
    }
}

/// Take the offered discard when it lowers the distance (an okey always does).
pub(crate) fn draw(view: &SeatView, cache: &mut Cache) -> Action {
    let Some(top) = view.offered() else {
        return draw_or_end(view);
    };
    let joker = joker(view);
    let tiles = rack_tiles(view);
    let d = cache.distance(&tiles, joker);
    let mut with = kinds(&tiles);
    with.push(top.kind());
    if joker.is_okey(top.kind()) || (d > 0 && distance_at_most(&with, joker, d - 1)) {
        Action::TakeDiscard
    } else {
        draw_or_end(view)
    }
}

/// Up to `limit` discards that leave the smallest distance, best first: ranked by what the
/// rest could still become, and away from what the next player collects.
pub(crate) fn ranked_discards(
    view: &SeatView,
    memory: &Memory,
    cache: &mut Cache,
    limit: usize,
) -> (Vec<Tile>, u8) {
    let joker = joker(view);
    let tiles = rack_tiles(view);
    let hand = kinds(&tiles);
    let unseen = memory.unseen(view);
    let took = next(view).map_or(&[][..], |s| memory.took(s));
    let mut order: Vec<(u32, usize)> = Vec::new();
    for i in 0..hand.len() {
        if hand[..i].contains(&hand[i]) {
            continue;
        }
        let penalty = FEED * feeds(hand[i], took, joker);
        order.push((worth(&hand, i, joker, &unseen).saturating_add(penalty), i));
    }
    order.sort_unstable();
    // A draw lowers the distance by one at most, so with the rack before the draw known
    // one yes/no question gives the best distance after a discard.
    let best = match before_draw(&tiles, cache) {
        Some(d) if d > 0 && distance_at_most(&hand, joker, d - 1) => d - 1,
        Some(d) => d,
        None => distance(&hand, joker),
    };
    let mut ranked = Vec::new();
    // The loosest tiles first: the first that keeps the best distance is usually the first.
    for &(_, i) in &order {
        let mut rest = hand.clone();
        rest.remove(i);
        if distance_at_most(&rest, joker, best) {
            if ranked.is_empty() {
                let mut left = tiles.clone();
                left.remove(i);
                cache.remember(&left, best);
            }
            ranked.push(tiles[i]);
            if ranked.len() >= limit {
                break;
            }
        }
    }
    if ranked.is_empty() {
        ranked.extend(order.first().map(|&(_, i)| tiles[i]));
    }
    (ranked, best)
}

/// The distance of the rack before this turn's draw, when the cache holds that rack.
fn before_draw(tiles: &[Tile], cache: &Cache) -> Option<u8> {
    (cache.rest.len() + 1 == tiles.len() && cache.rest.iter().all(|t| tiles.contains(t)))
        .then_some(cache.distance)
}
