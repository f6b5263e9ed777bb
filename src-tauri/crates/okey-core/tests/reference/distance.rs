//! The distance (R8, R9): the most tiles of a hand that one winning 14 keeps, by a search over
//! pattern lists for melds and a table over the faces for pairs (see the module docs of
//! `reference`), and the okey formula that search rests on with its brute-force check.

use super::{kind_counts, patterns, split, FACES};
use okey_core::{Joker, Kind};
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// The most tiles of `hand` (14 or 15 tiles, at most two of a kind) that one winning 14 with
/// at most two tiles of each kind contains: the best pairs `W`, unless a melds `W` does
/// better (asked from 14 down).
pub fn kept(hand: &[Kind], joker: Joker) -> u8 {
    let pairs = kept_pairs(hand, joker);
    (pairs + 1..=14)
        .rev()
        .find(|&t| melds_keep(hand, joker, t))
        .unwrap_or(pairs)
}

/// 14 minus [`kept`].
pub fn distance(hand: &[Kind], joker: Joker) -> u8 {
    14 - kept(hand, joker)
}

/// Whether some winning 14 keeps at least `target` tiles of `hand`.
pub fn keeps_at_least(hand: &[Kind], joker: Joker, target: u8) -> bool {
    kept_pairs(hand, joker) >= target || melds_keep(hand, joker, target)
}

fn check_hand(hand: &[Kind]) {
    assert!(
        kind_counts(hand).iter().all(|&n| n <= 2),
        "the reference assumes at most two tiles of a kind"
    );
}

/// Best pairs `W` (see the module docs).
pub fn kept_pairs(hand: &[Kind], joker: Joker) -> u8 {
    check_hand(hand);
    let (plain, h) = split(hand, joker);
    let mut best = 0;
    for w in 0..=2u8 {
        // table[total plain][faces held once] = most plain tiles of the hand matched.
        const NONE: i32 = -1;
        let mut table = [[NONE; 3]; 15];
        table[0][0] = 0;
        for &hf in plain.iter() {
            let mut next = [[NONE; 3]; 15];
            for (total, row) in table.iter().enumerate() {
                for (singles, &v) in row.iter().enumerate() {
                    if v == NONE {
                        continue;
                    }
                    for c in 0..=2usize {
                        let (t2, s2) = (total + c, singles + usize::from(c == 1));
                        if t2 < 15 && s2 < 3 {
                            let gain = v + (hf as usize).min(c) as i32;
                            next[t2][s2] = next[t2][s2].max(gain);
                        }
                    }
                }
            }
            table = next;
        }
        for &v in &table[14 - w as usize][..=w as usize] {
            if v != NONE {
                best = best.max(v as u8 + h.min(w));
            }
        }
    }
    best
}

/// Best melds `W` (see the module docs), trying targets from 14 down.
pub fn kept_melds(hand: &[Kind], joker: Joker) -> u8 {
    (0..=14u8)
        .rev()
        .find(|&t| melds_keep(hand, joker, t))
        .expect("some W keeps 0 tiles")
}

/// Whether some melds `W` keeps at least `target` tiles of `hand`.
pub fn melds_keep(hand: &[Kind], joker: Joker, target: u8) -> bool {
    check_hand(hand);
    if target > 14 {
        return false;
    }
    let (plain, h) = split(hand, joker);
    let budget = 14 + u32::from(h.min(2)) - u32::from(target);
    let mut s = Search {
        hand: plain,
        plain_total: plain.iter().map(|&n| u32::from(n)).sum(),
        budget,
        p: [0; FACES],
        failed: HashSet::default(),
    };
    s.go(0, 0, 0, 0)
}

/// A search state as far as its future goes: the next pattern allowed, slots, misses and
/// overflow so far, and the slots of the faces from that pattern's anchor up (no later
/// pattern touches a lower face, so the lower ones no longer matter).
type State = (usize, u32, u32, u32, [u8; FACES]);

struct Search {
    hand: [u8; FACES],
    plain_total: u32,
    budget: u32,
    /// Slots per face so far.
    p: [u8; FACES],
    /// States already searched without success.
    failed: HashSet<State, BuildHasherDefault<Fx>>,
}

/// A small fast hasher for the search states (speed only; any hasher is correct).
#[derive(Default)]
struct Fx(u64);

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.0 = (self.0.rotate_left(5) ^ u64::from_le_bytes(word))
                .wrapping_mul(0x517c_c1b7_2722_0a95);
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

impl Search {
    fn go(&mut self, start: usize, slots: u32, misses: u32, overflow: u32) -> bool {
        if slots == 14 {
            return true;
        }
        let Some(first) = patterns().get(start) else {
            return false;
        };
        let mut upper = self.p;
        upper[..first.anchor].fill(0);
        let state = (start, slots, misses, overflow, upper);
        if self.failed.contains(&state) {
            return false;
        }
        let found = self.expand(start, slots, misses, overflow);
        if !found {
            self.failed.insert(state);
        }
        found
    }

    fn expand(&mut self, start: usize, slots: u32, misses: u32, overflow: u32) -> bool {
        // below[a] = hand tiles of faces under a that no slot takes yet.
        let mut below = [0u32; FACES + 1];
        // Faces where one more slot would take a hand tile, and faces already held twice.
        let (mut can_hit, mut full) = (0u64, 0u64);
        for f in 0..FACES {
            below[f + 1] = below[f] + u32::from(self.hand[f].saturating_sub(self.p[f]));
            if self.p[f] < self.hand[f] {
                can_hit |= 1 << f;
            }
            if self.p[f] >= 2 {
                full |= 1 << f;
            }
        }
        let unmatched_total = below[FACES];
        let pats = patterns();
        for (j, pat) in pats.iter().enumerate().skip(start) {
            // Hand tiles below this anchor stay unmatched for good.
            let dead = below[pat.anchor];
            if (14 + dead).saturating_sub(self.plain_total) > self.budget {
                break;
            }
            let len = pat.idx.len() as u32;
            let left = match 14u32.checked_sub(slots + len) {
                Some(l) if l == 0 || l >= 3 => l,
                _ => continue,
            };
            // A pattern holds each face at most once, so one more slot per face.
            let hits = (pat.mask & can_hit).count_ones();
            let m = misses + len - hits;
            let o = overflow + (pat.mask & full).count_ones();
            let still_matchable = unmatched_total - dead - hits;
            let forced = left.saturating_sub(still_matchable);
            if m + forced > self.budget || o > 2 {
                continue;
            }
            for &f in &pat.idx {
                self.p[f] += 1;
            }
            let ok = self.go(j, slots + len, m, o);
            for &f in &pat.idx {
                self.p[f] -= 1;
            }
            if ok {
                return true;
            }
        }
        false
    }
}

/// For a slot multiset `p` (faces, 14 slots) and a hand, the best `|H ∩ W|` over every choice
/// of up to two okey slots, by brute force; `None` when no choice keeps every face at most
/// twice. Used to check the closed formula of the module docs.
pub fn best_okey_choice_brute(p: &[u8; FACES], hand: &[u8; FACES], h: u8) -> Option<u8> {
    let faces: Vec<usize> = (0..FACES).filter(|&f| p[f] > 0).collect();
    let mut best: Option<u8> = None;
    let mut consider = |o: &[usize]| {
        let mut w = *p;
        for &f in o {
            if w[f] == 0 {
                return;
            }
            w[f] -= 1;
        }
        if w.iter().any(|&n| n > 2) {
            return;
        }
        let plain: u32 = (0..FACES).map(|f| u32::from(w[f].min(hand[f]))).sum();
        let v = (plain + u32::from(h.min(o.len() as u8))) as u8;
        best = Some(best.map_or(v, |b| b.max(v)));
    };
    consider(&[]);
    for &a in &faces {
        consider(&[a]);
        for &b in &faces {
            consider(&[a, b]);
        }
    }
    best
}

/// The closed formula of the module docs for the same question.
pub fn best_okey_choice_formula(p: &[u8; FACES], hand: &[u8; FACES], h: u8) -> Option<u8> {
    let overflow: u32 = p.iter().map(|&n| u32::from(n.saturating_sub(2))).sum();
    if overflow > 2 {
        return None;
    }
    let misses: u32 = (0..FACES)
        .map(|f| u32::from(p[f].saturating_sub(hand[f])))
        .sum();
    let slots: u32 = p.iter().map(|&n| u32::from(n)).sum();
    Some((slots - misses + misses.min(u32::from(h)).min(2)) as u8)
}
