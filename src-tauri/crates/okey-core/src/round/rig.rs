//! Test support: rounds dealt from a seed, and rounds rigged to a written rack, for the tests
//! of the round, the match and the census.

use super::Round;
use crate::notation::{parse_indicator, parse_kind};
use crate::rack::{Rack, Slot};
use crate::rules::{Rules, Seat};
use crate::tile::{Joker, Kind, Tile};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A winning rack layout (R8): finishing with K3 shows four groups, set apart by gaps.
pub(crate) const WIN: &str = "R1 R2 R3 . Y5 B5 K5 R5 . B9 B10 B11 B12 . . . Y7 Y8 Y9 K3";

/// Round 1 of `rules` dealt from `seed`, seat 1 starting.
pub(crate) fn round(rules: Rules, seed: u64) -> Round {
    let seats = (0..rules.players)
        .map(|i| Seat((i + 1) % rules.players))
        .collect();
    Round::new(rules, 1, seats, &mut ChaCha8Rng::seed_from_u64(seed))
}

/// Replaces the round's tiles: `indicator`, the rack of position 0 laid out as written
/// (`.` for an empty slot), and everything else dealt out again in identity order.
pub(crate) fn rig(r: &mut Round, indicator: &str, layout: &str) {
    let face = parse_indicator(indicator).unwrap();
    let ind = Tile::of(Kind::Face(face), 1).unwrap();
    let mut free: Vec<Tile> = Tile::all().filter(|&t| t != ind).collect();
    let mut rack = Rack::with_tiles(&[]);
    for (slot, token) in layout.split_whitespace().enumerate() {
        if token != "." {
            let kind = parse_kind(token).unwrap();
            let at = free.iter().position(|t| t.kind() == kind).unwrap();
            let put = rack.put(free.remove(at));
            rack.move_tile(put, Slot(slot as u8)).unwrap();
        }
    }
    r.joker = Joker::new(face);
    r.indicator = ind;
    let mut rest = free.into_iter();
    for (pos, r_rack) in r.racks.iter_mut().enumerate() {
        *r_rack = if pos == 0 {
            rack.clone()
        } else {
            Rack::with_tiles(&rest.by_ref().take(14).collect::<Vec<_>>())
        };
    }
    r.pile = rest.collect();
}

/// The first tile written `token` in the rack of `seat`.
pub(crate) fn tile_of(r: &Round, seat: Seat, token: &str) -> Tile {
    let kind = parse_kind(token).unwrap();
    r.rack(seat)
        .unwrap()
        .tiles()
        .find(|t| t.kind() == kind)
        .unwrap()
}
