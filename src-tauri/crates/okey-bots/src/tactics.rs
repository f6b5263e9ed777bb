//! Quick judgements of single tiles that need no search: how well a tile connects to the
//! rest of a hand, and how much a discard could help the player who may take it.

use okey_core::line::steps_between;
use okey_core::{Face, Joker, Kind, Role};

/// What a tile stands for when plain; None for an okey.
pub(crate) fn face_of(kind: Kind, joker: Joker) -> Option<Face> {
    match joker.role(kind) {
        Role::Plain(f) => Some(f),
        Role::Wild => None,
    }
}

/// How closely two plain faces work together, in half points: a pair or a run neighbour
/// counts most, a one-gap run neighbour half, the same number in another colour (a set) as
/// much as a run neighbour.
pub(crate) fn bond(a: Face, b: Face) -> u32 {
    if a == b {
        return 4;
    }
    if a.colour == b.colour {
        match steps_between(a.number.get(), b.number.get()) {
            1 => return 6,
            2 => return 3,
            _ => {}
        }
    }
    if a.number == b.number && a.colour != b.colour {
        return 5;
    }
    0
}

/// How useful the tile at `i` is to `hand`: its bonds with the other tiles, plus a little for
/// each unseen tile that would bond with it (its chances to improve). Okeys are priceless.
pub(crate) fn worth(hand: &[Kind], i: usize, joker: Joker, unseen: &[u8; Kind::COUNT]) -> u32 {
    let Some(face) = face_of(hand[i], joker) else {
        return u32::MAX / 2;
    };
    let mut bonds = 0;
    for (j, &k) in hand.iter().enumerate() {
        if j != i {
            if let Some(g) = face_of(k, joker) {
                bonds += bond(face, g);
            }
        }
    }
    let mut chances = 0;
    for other in Face::all() {
        let b = bond(face, other);
        if b > 0 {
            chances += b * u32::from(unseen[Kind::Face(other).index()]);
        }
    }
    bonds * 8 + chances
}

/// How much the kind `tile` would help a player who visibly collects `took`: the strongest
/// bond with any of them.
pub(crate) fn feeds(tile: Kind, took: &[Kind], joker: Joker) -> u32 {
    let Some(face) = face_of(tile, joker) else {
        return 8;
    };
    took.iter()
        .filter_map(|&k| face_of(k, joker))
        .map(|g| bond(face, g))
        .max()
        .unwrap_or(0)
}

/// Extra chance, per unseen copy, that the previous player throws a kind it gets: it throws
/// loose tiles, and most tiles it draws are loose to it.
const THROWN: f64 = 0.3;
/// The same for a kind it threw before (it held nothing that bonds with it); half way between
/// for a kind bonding with what it threw, a third of [`THROWN`] for one bonding with what it
/// took.
const THROWN_AGAIN: f64 = 0.7;

/// How many outs an unseen copy of each kind is worth, by kind index, to the seat after a
/// player who `threw` and `took` these kinds this round: one for the chance to draw it, plus
/// the chance that player throws it (the seat may take it then). Okeys are kept by everyone.
pub(crate) fn reach(joker: Joker, threw: &[Kind], took: &[Kind]) -> [f64; Kind::COUNT] {
    // One out for the draw, for every kind; the chance of a throw comes on top.
    let mut reach = [1.0; Kind::COUNT];
    for k in Kind::all().filter(|&k| !joker.is_okey(k)) {
        // Bonds of 5 or more: run neighbours and set mates.
        reach[k.index()] += if feeds(k, took, joker) >= 5 {
            THROWN / 3.0
        } else if threw.contains(&k) {
            THROWN_AGAIN
        } else if feeds(k, threw, joker) >= 5 {
            (THROWN + THROWN_AGAIN) / 2.0
        } else {
            THROWN
        };
    }
    reach
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::kinds;
    use okey_core::notation::{parse_indicator, parse_kind};

    fn f(token: &str) -> Face {
        parse_kind(token).unwrap().face().unwrap()
    }

    #[test]
    fn r07_bonds_follow_the_run_rules() {
        assert_eq!(bond(f("R12"), f("R13")), 6);
        assert_eq!(bond(f("R13"), f("R1")), 6, "12-13-1 is a run");
        assert_eq!(bond(f("R12"), f("R1")), 3, "12-_-1 waits for 13");
        assert_eq!(bond(f("R5"), f("B5")), 5);
        assert_eq!(bond(f("R5"), f("B6")), 0);
        assert_eq!(bond(f("R2"), f("R4")), 3);
    }

    #[test]
    fn r15_kinds_the_previous_player_throws_count_for_more() {
        let joker = Joker::new(parse_indicator("K9").unwrap());
        let k = |t: &str| parse_kind(t).unwrap();
        let r = reach(joker, &[k("R5")], &[k("B2")]);
        let at = |t: &str| r[k(t).index()];
        assert!(at("R5") > at("R6") && at("R6") > at("Y9") && at("Y9") > at("B3"));
        assert_eq!(at("K10"), 1.0, "the okey");
    }

    #[test]
    fn r04_okeys_are_kept_and_loose_tiles_are_not() {
        let joker = Joker::new(parse_indicator("K9").unwrap());
        let hand = kinds("K10 R1 R2 R3 Y9");
        let unseen = [2u8; Kind::COUNT];
        let w: Vec<u32> = (0..hand.len())
            .map(|i| worth(&hand, i, joker, &unseen))
            .collect();
        assert!(w[0] > w[1] && w[2] > w[4] && w[1] > w[4], "{w:?}");
    }
}
