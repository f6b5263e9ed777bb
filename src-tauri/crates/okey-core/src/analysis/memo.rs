//! Answers to "is the distance of this hand at most `d`?" kept for asking again: a bot's
//! look-ahead asks about the same hands over and over (every guess of the hidden tiles
//! starts from the same rack), and each answer is a search. A bot's next decision asks about
//! many of the same hands again (its rack changed by one tile, often by none), so the
//! answers of a few decisions are kept too ([`MemoHistory`]).
//!
//! An answer depends on the hand's counts alone (plain tiles per face, okeys), never on
//! which face the okey is, so remembered answers hold in any round.

use super::counts::Counts;
use super::distance::{keeps_more_than_shown, More};
use crate::tile::{Face, Joker, Kind, Role};
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

/// Answers by the packed counts and the distance asked about.
type Answers = HashMap<(u128, u8), More>;

/// What [`DistanceMemo::verdict`] says of a hand and a distance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The hand is farther from a win.
    Farther,
    /// The hand is that close or closer; with the tiles of a winning 14 that shows it, when
    /// it is one of melds (seven pairs show no such tiles).
    Within(Option<Witness>),
}

impl Verdict {
    /// Whether the hand is within the distance asked about.
    pub fn within(self) -> bool {
        self != Verdict::Farther
    }
}

/// Tiles of a hand that one winning 14 keeps: any hand holding them (its plain tiles and
/// at least its okeys, up to two) is as close to a win.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Witness {
    /// Plain tiles, two bits a face (by index).
    plain: u128,
    /// Okeys.
    wilds: u8,
}

impl Witness {
    /// The plain tiles `plain` (two bits a face) and the okeys of a hand holding `wilds`.
    pub(crate) fn new(plain: u128, wilds: u8) -> Witness {
        Witness {
            plain,
            wilds: wilds.min(2),
        }
    }

    /// How many tiles of `kind` these are: a hand that holds them and one more of that kind
    /// still holds them without it.
    pub fn keeps(&self, kind: Kind, joker: Joker) -> u8 {
        match joker.role(kind) {
            Role::Wild => self.wilds,
            Role::Plain(f) => (self.plain >> (2 * f.index()) & 3) as u8,
        }
    }
}

/// Remembered answers of [`distance_at_most`](super::distance_at_most), by the hand's plain
/// tiles per face and okeys, whatever the order of its tiles.
#[derive(Debug, Default, Clone)]
pub struct DistanceMemo {
    answers: Answers,
    /// Answers of earlier decisions, newest first, read only ([`MemoHistory::memo`]).
    earlier: Vec<Arc<Answers>>,
}

/// The answers of a bot's last few decisions, each decision's in one layer shared read-only
/// by the memos it hands out: cloning it (a bot is cloned for each move it plans) copies
/// no answers.
#[derive(Debug, Default, Clone)]
pub struct MemoHistory {
    /// Newest first.
    layers: VecDeque<Arc<Answers>>,
}

impl MemoHistory {
    /// Decisions whose answers are kept: older ones are about racks long gone.
    pub const KEPT: usize = 8;

    /// A fresh memo that knows the answers kept here.
    pub fn memo(&self) -> DistanceMemo {
        DistanceMemo {
            answers: Answers::default(),
            earlier: self.layers.iter().cloned().collect(),
        }
    }

    /// Keeps the new answers of `memos` (those of one decision, handed out by
    /// [`MemoHistory::memo`]) as the newest layer, forgetting the oldest beyond [`Self::KEPT`].
    pub fn keep(&mut self, memos: impl IntoIterator<Item = DistanceMemo>) {
        let mut layer = Answers::default();
        for memo in memos {
            if layer.is_empty() {
                layer = memo.answers;
            } else {
                layer.extend(memo.answers);
            }
        }
        if layer.is_empty() {
            return;
        }
        self.layers.push_front(Arc::new(layer));
        self.layers.truncate(Self::KEPT);
    }

    /// Answers kept, over all layers.
    pub fn len(&self) -> usize {
        self.layers.iter().map(|l| l.len()).sum()
    }

    /// Whether no answer is kept.
    pub fn is_empty(&self) -> bool {
        self.layers.is_empty()
    }
}

impl DistanceMemo {
    /// An empty memo.
    pub fn new() -> DistanceMemo {
        DistanceMemo::default()
    }

    /// The answer for `key`, from this memo or an earlier decision's.
    fn known(&self, key: &(u128, u8)) -> Option<More> {
        self.answers
            .get(key)
            .or_else(|| self.earlier.iter().find_map(|l| l.get(key)))
            .copied()
    }

    /// Whether the distance of `hand` is at most `d`, as
    /// [`distance_at_most`](super::distance_at_most) answers it; asked before, from memory.
    pub fn at_most(&mut self, hand: &[Kind], joker: Joker, d: u8) -> bool {
        self.verdict(hand, joker, d).within()
    }

    /// [`DistanceMemo::at_most`], with the tiles of a winning 14 that show it when the
    /// answer is yes: a look-ahead then knows, without searching, that a hand still holding
    /// them is as close.
    pub fn verdict(&mut self, hand: &[Kind], joker: Joker, d: u8) -> Verdict {
        if d >= 14 {
            return Verdict::Within(None);
        }
        let c = Counts::of(hand, joker);
        let ask = |c: &Counts| keeps_more_than_shown(c, 13 - d);
        let more = match packed(&c) {
            Some(key) => match self.known(&(key, d)) {
                Some(known) => known,
                None => {
                    let answer = ask(&c);
                    self.answers.insert((key, d), answer);
                    answer
                }
            },
            // A hand no deal holds (four of a face, or four okeys): asked afresh each time.
            None => ask(&c),
        };
        match more {
            More::No => Verdict::Farther,
            More::ByPairs => Verdict::Within(None),
            More::ByMelds(plain) => Verdict::Within(Some(Witness::new(plain, c.wilds))),
        }
    }

    /// Answers remembered by this memo itself (not those of earlier decisions).
    pub fn len(&self) -> usize {
        self.answers.len()
    }

    /// Whether nothing is remembered yet.
    pub fn is_empty(&self) -> bool {
        self.answers.is_empty()
    }
}

/// The counts in two bits a face and two for the okeys, when each fits.
fn packed(c: &Counts) -> Option<u128> {
    if c.wilds > 3 || c.plain.iter().any(|&n| n > 3) {
        return None;
    }
    let mut key = u128::from(c.wilds) << (2 * Face::COUNT);
    for (f, &n) in c.plain.iter().enumerate() {
        key |= u128::from(n) << (2 * f);
    }
    Some(key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::distance_at_most;
    use crate::notation::written;

    #[test]
    fn r08_the_memo_answers_as_the_search_does_in_any_order() {
        let (joker, hand) = written("K9", "R1 R2 R3 Y5 Y6 Y7 B9 Y9 K9 K1 K2 K3 R6 B6 K10");
        let mut memo = DistanceMemo::new();
        for d in 0..4 {
            assert_eq!(
                memo.at_most(&hand, joker, d),
                distance_at_most(&hand, joker, d)
            );
        }
        let mut reversed = hand.clone();
        reversed.reverse();
        let before = memo.len();
        for d in 0..4 {
            assert_eq!(
                memo.at_most(&reversed, joker, d),
                distance_at_most(&hand, joker, d)
            );
        }
        assert_eq!(memo.len(), before, "the same hand, answered from memory");
    }

    #[test]
    fn r08_a_later_decision_reads_the_answers_of_the_last_few() {
        // One hand a decision, each with another last tile.
        let (joker, base) = written("B2", "R1 R2 R3 Y5 Y6 Y7 B9 Y9 K9 K1 K2 K3 R6");
        let hands: Vec<Vec<Kind>> = Kind::all()
            .take(MemoHistory::KEPT + 1)
            .map(|k| base.iter().copied().chain([k]).collect())
            .collect();
        let mut history = MemoHistory::default();
        for hand in &hands {
            let mut memo = history.memo();
            assert_eq!(
                memo.at_most(hand, joker, 5),
                distance_at_most(hand, joker, 5)
            );
            history.keep([memo]);
        }
        assert_eq!(history.len(), MemoHistory::KEPT, "one answer a decision");
        // The hands of the decisions kept are known; the first was forgotten.
        let mut memo = history.memo();
        for hand in &hands[1..] {
            assert_eq!(
                memo.at_most(hand, joker, 5),
                distance_at_most(hand, joker, 5)
            );
        }
        assert!(memo.is_empty(), "answered from the earlier decisions");
        memo.at_most(&hands[0], joker, 5);
        assert_eq!(memo.len(), 1, "the oldest hand is asked again");
    }

    #[test]
    fn r08_a_hand_that_keeps_the_tiles_shown_is_as_close() {
        use rand::seq::SliceRandom;
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
        let mut shown = 0;
        for _ in 0..200 {
            let joker = Joker::new(Face::from_index(rng.gen_range(0..Face::COUNT)).unwrap());
            let mut pool: Vec<Kind> = Kind::all().flat_map(|k| [k, k]).collect();
            pool.shuffle(&mut rng);
            let hand = &pool[..15];
            let d = crate::analysis::distance(hand, joker);
            let mut memo = DistanceMemo::new();
            let Verdict::Within(Some(witness)) = memo.verdict(hand, joker, d) else {
                continue;
            };
            for (i, &kind) in hand.iter().enumerate() {
                let copies = hand.iter().filter(|&&k| k == kind).count();
                if copies > usize::from(witness.keeps(kind, joker)) {
                    shown += 1;
                    let mut rest = hand.to_vec();
                    rest.remove(i);
                    assert!(
                        distance_at_most(&rest, joker, d),
                        "{hand:?} without {kind:?}"
                    );
                }
            }
        }
        assert!(shown > 200, "the shown tiles spare some discards ({shown})");
    }
}
