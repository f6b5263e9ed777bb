//! A fast stand-in for the rest of a round, for the hard bot's look-ahead: hands as kinds,
//! only the top of each discard stack, and a quick plain policy for every player. It never
//! sees the real game: it plays out one guess of the hidden tiles.

use crate::tactics::{bond, face_of};
use okey_core::analysis::can_finish;
use okey_core::{Face, Joker, Kind};
use rand::Rng;

/// One guess of the whole table, players by position from the bot (position 0) in playing
/// order.
#[derive(Debug, Clone)]
pub(crate) struct World {
    pub joker: Joker,
    pub hands: Vec<Vec<Kind>>,
    /// The pile, top last.
    pub pile: Vec<Kind>,
    /// The top of each position's discard stack.
    pub tops: Vec<Option<Kind>>,
}

/// How a played-out round ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// The player at this position finished.
    Won(usize),
    /// The pile ran out first.
    Nobody,
}

impl World {
    /// Plays on from `pos`, which is to draw, until someone finishes or the pile runs out.
    pub(crate) fn play_out(&mut self, mut pos: usize, rng: &mut impl Rng) -> Outcome {
        let n = self.hands.len();
        // Taking discards does not shrink the pile: at a table of two, both players can keep
        // taking back what the other threw, forever. A real round has about 100 turns, so a
        // round this long is called a draw.
        for _ in 0..MAX_TURNS {
            let prev = (pos + n - 1) % n;
            let take = self.tops[prev].filter(|&t| wants(&self.hands[pos], t, self.joker));
            match take {
                Some(t) => {
                    self.tops[prev] = None;
                    self.hands[pos].push(t);
                }
                None => match self.pile.pop() {
                    Some(t) => self.hands[pos].push(t),
                    None => return Outcome::Nobody,
                },
            }
            if can_finish(&self.hands[pos], self.joker) {
                return Outcome::Won(pos);
            }
            let i = loosest(&self.hands[pos], self.joker, rng);
            let thrown = self.hands[pos].swap_remove(i);
            self.tops[pos] = Some(thrown);
            pos = (pos + 1) % n;
        }
        Outcome::Nobody
    }
}

/// Turns after which a played-out round counts as ending with nobody finishing.
const MAX_TURNS: usize = 400;

/// Whether the quick policy takes `top`: an okey, or a tile that makes a group with two
/// tiles of the hand (or with one and an okey).
fn wants(hand: &[Kind], top: Kind, joker: Joker) -> bool {
    let Some(f) = face_of(top, joker) else {
        return true;
    };
    let mut have = [false; Face::COUNT];
    let mut wilds = 0;
    for &k in hand {
        match face_of(k, joker) {
            Some(g) => have[g.index()] = true,
            None => wilds += 1,
        }
    }
    let at = |colour: usize, number: i32| -> bool {
        // 14 is the 1 after 13 (12-13-1).
        let n = if number == 14 { 1 } else { number };
        (1..=13).contains(&n) && have[colour * 13 + (n as usize - 1)]
    };
    let (c, n) = (f.colour.index(), i32::from(f.number.get()));
    let colours = (0..4).filter(|&o| o != c && at(o, n)).count();
    let neighbours = [(n - 2, n - 1), (n - 1, n + 1), (n + 1, n + 2)]
        .iter()
        .filter(|&&(a, b)| a >= 1 && b <= 14 && at(c, a) && at(c, b))
        .count()
        + usize::from(n == 1 && at(c, 12) && at(c, 13));
    let near = at(c, n - 1) || at(c, n + 1) || colours > 0;
    colours >= 2 || neighbours > 0 || (wilds > 0 && near)
}

/// The quick policy's discard: the tile with the fewest bonds, ties broken at random.
fn loosest(hand: &[Kind], joker: Joker, rng: &mut impl Rng) -> usize {
    let faces: Vec<Option<Face>> = hand.iter().map(|&k| face_of(k, joker)).collect();
    let mut best = (u32::MAX, 0usize, 0u32);
    for (i, f) in faces.iter().enumerate() {
        let Some(f) = f else { continue };
        let score: u32 = faces
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .filter_map(|(_, g)| g.map(|g| bond(*f, g)))
            .sum();
        let tie: u32 = rng.gen();
        if (score, tie) < (best.0, best.2) {
            best = (score, i, tie);
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;
    use okey_core::notation::{parse_indicator, parse_kind};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn hand(text: &str) -> Vec<Kind> {
        text.split(' ').map(|t| parse_kind(t).unwrap()).collect()
    }

    #[test]
    fn r07_quick_policy_takes_what_makes_a_group() {
        let joker = Joker::new(parse_indicator("K9").unwrap());
        let h = hand("R5 R6 Y9 B9 K1");
        assert!(wants(&h, hand("R7")[0], joker));
        assert!(wants(&h, hand("R4")[0], joker));
        assert!(wants(&h, hand("K9")[0], joker), "K9 with Y9 B9");
        assert!(wants(&h, hand("R9")[0], joker), "R9 Y9 B9");
        assert!(!wants(&h, hand("Y2")[0], joker));
        assert!(wants(&h, hand("K10")[0], joker), "the okey");
        assert!(wants(&hand("R12 R13"), hand("R1")[0], joker), "12-13-1");
        assert!(
            !wants(&hand("R13 R1"), hand("R2")[0], joker),
            "13-1-2 is not a run"
        );
    }

    #[test]
    fn r12_a_played_out_round_of_two_ends_even_when_both_keep_taking() {
        let joker = Joker::new(parse_indicator("K9").unwrap());
        // Okeys are always taken, and a hand of okeys can only throw an okey: the two would
        // pass them back and forth without ever drawing.
        let mut w = World {
            joker,
            hands: vec![hand("K10"), hand("K10")],
            pile: hand("B1 B2 B3"),
            tops: vec![None, Some(hand("K10")[0])],
        };
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let outcome = w.play_out(0, &mut rng);
        assert!(matches!(outcome, Outcome::Won(_) | Outcome::Nobody));
    }

    #[test]
    fn r10_a_played_out_round_ends() {
        let joker = Joker::new(parse_indicator("K9").unwrap());
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut tiles: Vec<Kind> = Kind::all().flat_map(|k| [k, k]).collect();
        for _ in 0..20 {
            use rand::seq::SliceRandom;
            tiles.shuffle(&mut rng);
            let mut w = World {
                joker,
                hands: (0..4)
                    .map(|p| tiles[p * 14..p * 14 + 14].to_vec())
                    .collect(),
                pile: tiles[56..104].to_vec(),
                tops: vec![None; 4],
            };
            match w.play_out(0, &mut rng) {
                Outcome::Won(p) => assert!(p < 4),
                Outcome::Nobody => assert!(w.pile.is_empty()),
            }
        }
    }
}
