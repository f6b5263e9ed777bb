//! A hand as the analysers see it: how many plain tiles stand for each face, and the wilds.

use crate::faces::for_each_face;
use crate::tile::{Face, Joker, Kind, Role};

/// Plain tiles per face (index colour * 13 + number - 1) and the number of okeys.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Counts {
    pub plain: [u8; Face::COUNT],
    pub wilds: u8,
}

impl Counts {
    pub fn of(hand: &[Kind], joker: Joker) -> Counts {
        let mut c = Counts {
            plain: [0; Face::COUNT],
            wilds: 0,
        };
        for &k in hand {
            c.add(k, joker);
        }
        c
    }

    pub fn add(&mut self, kind: Kind, joker: Joker) {
        match joker.role(kind) {
            // Saturating: a caller may pass any slice, however long.
            Role::Wild => self.wilds = self.wilds.saturating_add(1),
            Role::Plain(f) => self.plain[f.index()] = self.plain[f.index()].saturating_add(1),
        }
    }

    pub fn remove(&mut self, kind: Kind, joker: Joker) {
        match joker.role(kind) {
            Role::Wild => self.wilds = self.wilds.saturating_sub(1),
            Role::Plain(f) => self.plain[f.index()] = self.plain[f.index()].saturating_sub(1),
        }
    }

    /// Whether the hand could exist: no face, and no more okeys, than two.
    pub fn is_real(&self) -> bool {
        self.wilds <= 2 && self.plain.iter().all(|&n| n <= 2)
    }

    pub fn len(&self) -> usize {
        self.plain.iter().map(|&n| n as usize).sum::<usize>() + self.wilds as usize
    }
}

/// The faces (a bit per index) with at least `n` (1 to 128) tiles in `plain`.
#[inline]
pub(crate) fn faces_with(plain: &[u8; Face::COUNT], n: u8) -> u64 {
    debug_assert!((1..=0x80).contains(&n));
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x80 * LOW;
    // Eight faces a word: a byte's high bit is set when it is at least `n`, and the eight
    // high bits are gathered into one byte by one product (searches ask this at each start).
    let add = (0x80 - u64::from(n)) * LOW;
    let mut faces = 0u64;
    for (k, chunk) in plain.chunks(8).enumerate() {
        let mut bytes = [0u8; 8];
        bytes[..chunk.len()].copy_from_slice(chunk);
        let x = u64::from_le_bytes(bytes);
        let high = (x | ((x & !HIGH) + add)) & HIGH;
        faces |= ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k);
    }
    faces
}

/// A hand on bits: the faces held (a bit per face index) and those held twice, and the
/// okeys; the quick refusals of the win checks read these.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Held {
    pub once: u64,
    pub twice: u64,
    /// Whether a face is held more than twice, which no real hand does.
    pub over: bool,
    pub wilds: u8,
}

impl Held {
    /// The plain tiles of `hand`, read straight from its kinds: cheaper than from counts
    /// for a hand of 15 tiles.
    pub fn of_hand(hand: &[Kind], joker: Joker) -> Held {
        let mut held = Held::default();
        for &k in hand {
            match joker.role(k) {
                Role::Wild => held.wilds = held.wilds.saturating_add(1),
                Role::Plain(f) => {
                    let bit = 1 << f.index();
                    held.over |= held.twice & bit != 0;
                    held.twice |= held.once & bit;
                    held.once |= bit;
                }
            }
        }
        held
    }

    pub fn of(c: &Counts) -> Held {
        Held {
            once: faces_with(&c.plain, 1),
            twice: faces_with(&c.plain, 2),
            over: faces_with(&c.plain, 3) != 0,
            wilds: c.wilds,
        }
    }

    /// Faces held exactly once.
    pub fn singles(&self) -> u32 {
        (self.once & !self.twice).count_ones()
    }

    /// The counts of a hand that holds no face more than twice (`over` false).
    pub fn counts(&self) -> Counts {
        debug_assert!(!self.over);
        let mut plain = [0; Face::COUNT];
        for_each_face(self.once, |f| plain[f] = 1 + (self.twice >> f & 1) as u8);
        Counts {
            plain,
            wilds: self.wilds,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::written;

    #[test]
    fn faces_with_reads_every_count_of_every_face() {
        let mut plain = [0u8; Face::COUNT];
        for seed in 0..2_000u64 {
            for (f, p) in plain.iter_mut().enumerate() {
                let r = (seed * 131 + f as u64 * 7919) ^ ((seed >> 3) * 2_654_435_761);
                *p = [0, 1, 2, 3, 127, 128, 200, 255][(r % 8) as usize];
            }
            for n in [1, 2, 3, 128] {
                let slow = (0..Face::COUNT)
                    .filter(|&f| plain[f] >= n)
                    .fold(0u64, |m, f| m | 1 << f);
                assert_eq!(faces_with(&plain, n), slow, "{plain:?} at least {n}");
            }
        }
    }

    #[test]
    fn r04_r05_held_reads_the_same_from_the_kinds_as_from_the_counts() {
        // Indicator R4: R5 is the okey (left out), the false jokers play as R5 (held twice).
        let (joker, hand) = written("R4", "R5 F F Y1 Y1 Y13 B7 K2 K2 K3 R5");
        let c = Counts::of(&hand, joker);
        let held = Held::of_hand(&hand, joker);
        assert_eq!(held, Held::of(&c));
        assert_eq!(held.counts(), c);
        let bits = |faces: &str| {
            faces.split_whitespace().fold(0u64, |m, t| {
                m | 1 << crate::notation::parse_indicator(t).unwrap().index()
            })
        };
        assert_eq!(held.once, bits("R5 Y1 Y13 B7 K2 K3"));
        assert_eq!(held.twice, bits("R5 Y1 K2"));
        assert_eq!(held.singles(), 3);
        assert!(!held.over);
    }
}
