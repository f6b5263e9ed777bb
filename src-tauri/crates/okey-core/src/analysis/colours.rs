//! The order in which a list search (see `search`) meets the colours.
//!
//! A search takes the tiles colour by colour, each colour from its lowest number up. Any
//! order of the colours gives the same lists: a set takes its other colours wherever they
//! come, and a run stays in its colour. How soon the search's bounds cut a way that cannot
//! reach its goal depends on the order, though, often by half. A search is run on the hand
//! with its colours reordered (faces, counts and answers moved with them) and its answers
//! moved back.

use super::counts::{faces_with, Counts};
use crate::faces::{for_each_face, numbers_of, COLOUR_FACES};
use crate::tile::Face;

/// What the tiles of one colour cost in fillers, from the whole hand's shares (see
/// `shares`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct ColourShares {
    /// The shares of its tiles, added up (scaled as the shares are).
    pub(crate) sum: u64,
    /// Its tiles.
    pub(crate) tiles: u32,
}

impl ColourShares {
    /// The mean share of its tiles (0 for none).
    fn mean(&self) -> u64 {
        self.sum.checked_div(u64::from(self.tiles)).unwrap_or(0)
    }
}

/// A search's colour `k` is the hand's colour `hand[k]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ColourOrder {
    hand: [usize; 4],
    /// The search's colour of each of the hand's.
    at: [usize; 4],
}

impl ColourOrder {
    /// The hand's own order.
    pub(crate) const SAME: ColourOrder = ColourOrder {
        hand: [0, 1, 2, 3],
        at: [0, 1, 2, 3],
    };

    fn new(hand: [usize; 4]) -> ColourOrder {
        let mut at = [0; 4];
        for (k, &colour) in hand.iter().enumerate() {
            at[colour] = k;
        }
        ColourOrder { hand, at }
    }

    /// The order for a search over `c` for lists keeping `goal` of its plain tiles, the
    /// colours holding most faces of `first` (a bit per face index) first: a search asked
    /// about those faces decides them sooner. `shares` are the whole hand's filler shares per
    /// colour, when the search has them.
    ///
    /// With at most one tile to spare (the plain tiles, two a face, less the goal), the
    /// tiles that no list can keep come first, where they spend the spare soonest and a way
    /// that cannot reach the goal ends early: the colours whose tiles cost most fillers on
    /// average, or without shares, those with fewest tiles that have a run partner (a tile
    /// of theirs within two numbers). With more to spare, the colours whose tiles cost
    /// fewest fillers come first: their melds are built first, and the tiles met later find
    /// the bound already tight (without shares, the colours with most neighbouring numbers
    /// held). Chosen by timing the distance search under all 24 orders on 11,000 hands of 14
    /// tiles, then comparing rules by instructions (README, Benchmarks).
    pub(crate) fn choose(
        c: &Counts,
        goal: u8,
        first: u64,
        shares: Option<[ColourShares; 4]>,
    ) -> ColourOrder {
        let held = faces_with(&c.plain, 1);
        let plain: u8 = c.plain.iter().map(|&n| n.min(2)).sum();
        let tight = plain.saturating_sub(goal) <= 1;
        let key = |colour: usize| {
            let asked = numbers_of(first, colour).count_ones();
            let h = numbers_of(held, colour);
            let by_goal = match shares {
                Some(shares) => {
                    let mean = i64::try_from(shares[colour].mean()).unwrap_or(i64::MAX);
                    if tight {
                        -mean
                    } else {
                        mean
                    }
                }
                None if tight => {
                    let near = h << 1 | h >> 1 | h << 2 | h >> 2;
                    i64::from((h & near).count_ones())
                }
                None => -i64::from((h & h >> 1).count_ones()),
            };
            (std::cmp::Reverse(asked), by_goal)
        };
        let mut hand = [0, 1, 2, 3];
        hand.sort_by_key(|&colour| key(colour));
        ColourOrder::new(hand)
    }

    /// Whether the order is the hand's own.
    pub(crate) fn is_same(&self) -> bool {
        *self == Self::SAME
    }

    /// The search's face index of the hand's face `f`.
    pub(crate) fn face(&self, f: usize) -> usize {
        13 * self.at[f / 13] + f % 13
    }

    /// The hand's faces `faces` (a bit per index) as the search's.
    pub(crate) fn faces(&self, faces: u64) -> u64 {
        (0..4).fold(0, |m, k| {
            m | (faces >> (13 * self.hand[k]) & COLOUR_FACES) << (13 * k)
        })
    }

    /// The search's faces `faces` as the hand's.
    pub(crate) fn faces_back(&self, faces: u64) -> u64 {
        (0..4).fold(0, |m, k| {
            m | (faces >> (13 * k) & COLOUR_FACES) << (13 * self.hand[k])
        })
    }

    /// The search's tiles `tiles` (two bits a face) as the hand's.
    pub(crate) fn tiles_back(&self, tiles: u128) -> u128 {
        const PAIRS: u128 = (1 << 26) - 1;
        (0..4).fold(0, |m, k| {
            m | (tiles >> (26 * k) & PAIRS) << (26 * self.hand[k])
        })
    }

    /// The hand `c` in the search's order.
    pub(crate) fn counts(&self, c: &Counts) -> Counts {
        Counts {
            plain: self.plain(&c.plain),
            wilds: c.wilds,
        }
    }

    /// Counts per face of the hand, `plain`, in the search's order.
    pub(crate) fn plain(&self, plain: &[u8; Face::COUNT]) -> [u8; Face::COUNT] {
        let mut moved = [0; Face::COUNT];
        for (k, &colour) in self.hand.iter().enumerate() {
            moved[13 * k..13 * k + 13].copy_from_slice(&plain[13 * colour..13 * colour + 13]);
        }
        moved
    }

    /// For the hand's faces of `faces` (a bit per index), the faces `per_face` holds for
    /// each, all moved to the search's (the other faces hold none).
    pub(crate) fn per_face(&self, per_face: &[u64; Face::COUNT], faces: u64) -> [u64; Face::COUNT] {
        let mut moved = [0; Face::COUNT];
        for_each_face(faces, |f| moved[self.face(f)] = self.faces(per_face[f]));
        moved
    }

    /// For the hand's faces of `faces`, what `per_face` (indexed by the search's faces) holds
    /// for each, its faces moved back by `back` (the other faces hold `T::default()`).
    pub(crate) fn per_face_back<T: Copy + Default>(
        &self,
        per_face: &[T; Face::COUNT],
        faces: u64,
        back: impl Fn(T) -> T,
    ) -> [T; Face::COUNT] {
        let mut moved = [T::default(); Face::COUNT];
        for_each_face(faces, |f| moved[f] = back(per_face[self.face(f)]));
        moved
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::written;

    #[test]
    fn faces_and_tiles_go_there_and_back() {
        let order = ColourOrder::new([2, 0, 3, 1]);
        for f in 0..Face::COUNT {
            let moved = order.face(f);
            assert_eq!(order.faces(1 << f), 1 << moved);
            assert_eq!(order.faces_back(1 << moved), 1 << f);
            assert_eq!(order.tiles_back(2u128 << (2 * moved)), 2u128 << (2 * f));
        }
        let (joker, kinds) = written("K10", "R1 R2 Y5 Y5 B13 K11");
        let c = Counts::of(&kinds, joker);
        let moved = order.counts(&c);
        for f in 0..Face::COUNT {
            assert_eq!(moved.plain[order.face(f)], c.plain[f]);
        }
        assert_eq!(moved.wilds, c.wilds);
    }

    #[test]
    fn dear_colours_first_when_tight_cheap_first_otherwise() {
        let (joker, kinds) = written("K10", "R1 R2 R3 Y5 B7 B9 K2 K4");
        let c = Counts::of(&kinds, joker);
        let cost = |sum: u64, tiles: u32| ColourShares { sum, tiles };
        // Mean shares: red 0 (a run), yellow 3, blue 1, black 2.
        let shares = [cost(0, 3), cost(6, 2), cost(2, 2), cost(4, 2)];
        // Eight tiles: keeping 7 leaves one to spare, keeping 5 three.
        assert_eq!(
            ColourOrder::choose(&c, 7, 0, Some(shares)).hand,
            [1, 3, 2, 0]
        );
        assert_eq!(
            ColourOrder::choose(&c, 5, 0, Some(shares)).hand,
            [0, 2, 3, 1]
        );
    }

    #[test]
    fn colours_asked_about_come_first() {
        let (joker, kinds) = written("K10", "R1 R2 R3 Y5 B7 B9 K2 K4");
        let c = Counts::of(&kinds, joker);
        let k4 = 13 * 3 + 3;
        let order = ColourOrder::choose(&c, 6, 1 << k4, None);
        assert_eq!(order.hand[0], 3);
        assert_eq!(order.face(k4), 3);
    }
}
