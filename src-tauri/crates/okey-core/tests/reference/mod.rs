//! A slow, independent reference for the hand analysis (R3-R9), written from the rules and not
//! from the library's algorithms. Shared by the integration tests; each test crate uses only
//! part of it.
//!
//! # The model
//!
//! * Joker context (R3-R5): with okey face `O`, a tile of kind `Face(O)` is an okey (wild); a
//!   false joker is a plain tile of face `O`; every other kind is a plain tile of its face.
//! * A *pattern* is a concrete meld written as the faces its slots stand for: a set (one
//!   number, 3 or 4 distinct colours, R6) or a run (one colour, positions `a..=b` of the line
//!   1..=14 where 14 is a 1 laid after 13, length 3..=13, R7; a length of at most 13 is exactly
//!   what forbids using the 1 at both ends). [`patterns`] lists all 373 of them; the test
//!   `melds_exhaustive` checks that list against `meld::check_group`.
//! * A 14-tile multiset wins by melds (R8) iff its tiles can be put one-to-one on the slots of
//!   some multiset of patterns, a plain tile only on a slot of its own face and an okey on any
//!   slot. It wins by pairs (R9) iff its tiles split into seven pairs of two identical plain
//!   tiles or of two tiles one of which is an okey.
//!
//! # Win check: exact cover over the pattern universe ([`standard_win`])
//!
//! Patterns are sorted by their *anchor*, the lowest face index they contain. A decomposition
//! is searched as a pattern list in non-decreasing list order (every multiset of patterns has
//! exactly one such order), each slot taking an unused plain tile of its face or an unused
//! okey (both are tried; among identical tiles the first unused one is taken, which loses
//! nothing because identical tiles are interchangeable). Pruning: patterns later in the list
//! only hold faces at or above their anchor, so the next pattern must have its anchor at or
//! below the lowest plain tile still uncovered, or that tile could never be covered.
//!
//! # Distance: search over the winning 14 ([`kept`])
//!
//! `distance(H) = 14 - max |H ∩ W|` over winning 14-tile multisets `W` with at most two tiles of
//! every kind (multiset intersection by kind). A melds `W` is a pattern multiset `P` (14 slots)
//! plus a choice of which `w <= 2` slots hold okeys; the other slots hold plain tiles, and no
//! face may then be held plainly more than twice. Write `H_f` for the plain tiles of face `f`
//! in `H` (at most 2), `h` for its okeys, `P_f` for the slots of face `f` and
//! `misses = Σ max(0, P_f - H_f)` (slots no plain tile of the hand can take). Then
//!
//! ```text
//! max over okey choices of |H ∩ W| = 14 - misses + min(h, misses, 2)
//! ```
//!
//! provided `Σ max(0, P_f - 2) <= 2` (otherwise no okey choice keeps every face at most twice,
//! and `P` is not a `W` at all). Upper bound: plain matches are at most `Σ min(H_f, P_f) = 14 -
//! misses`, okey matches at most `min(h, w) <= min(h, 2)`, and the total is at most 14. It is
//! reached by putting the okeys of `W` on missed slots: first the `P_f - 2` slots of each face
//! needed more than twice (those are misses since `H_f <= 2`), then more missed slots up to
//! `min(h, misses, 2)` okeys; no plain match is lost. ([`best_okey_choice_brute`] checks the
//! formula against brute force in a test.) So `|H ∩ W| >= t` iff
//! `misses <= 14 - t + min(h, 2)`.
//!
//! [`melds_keep`] asks whether some pattern list (again in non-decreasing order, exactly 14
//! slots, overflow at most 2) keeps `misses` within that budget; [`kept`] asks it for
//! `t = 14, 13, ...` down to just above the best pairs `W`. Pruning, all sound because `misses`
//! and the overflow only grow as patterns are added: a pattern that overshoots 14 slots or
//! leaves 1 or 2 (no pattern is that short) is skipped; hand tiles of faces below the next
//! pattern's anchor that are still unmatched can never be matched, so the matches are at most
//! the plain tiles minus those; and the slots still to fill beyond the hand tiles still
//! matchable are misses too. A state (next pattern allowed, slots, misses, overflow, slots of
//! the faces from that pattern's anchor up) fixes everything the rest of the search can do, so
//! states that failed once are remembered and not searched again.
//!
//! A pairs `W` is, per face, 0, 1 or 2 plain tiles plus `w <= 2` okeys, 14 tiles in all, with
//! at most `w` faces held once (each needs an okey; spare okeys pair with each other, and the
//! parity works out since the total is even). [`kept_pairs`] maximises `min(h, w) + Σ min(H_f,
//! c_f)` over exactly that by a plain table over the faces.
//!
//! The test `reference_distance_matches_swap_search` ties the two halves together: for
//! distance 0, 1 and 2 it swaps tiles of the hand for every possible set of outside tiles and
//! asks the exact-cover and pairs win checks.

#![allow(dead_code)]

pub mod gen;

use okey_core::{Colour, Face, Joker, Kind};
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;

/// Number of faces.
pub const FACES: usize = 52;

/// A concrete meld: the face each slot stands for, runs in ascending order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pattern {
    /// Faces in laying order.
    pub faces: Vec<Face>,
    /// Face indices, same order.
    pub idx: Vec<usize>,
    /// Whether it is a run (otherwise a set).
    pub is_run: bool,
    /// Lowest face index held.
    pub anchor: usize,
    /// The faces as a bit set (no pattern holds a face twice).
    pub mask: u64,
}

/// The face at a position of the line 1..=14 (14 is a 1 laid after 13).
pub fn face_at(colour: Colour, pos: u8) -> Face {
    Face::new(colour, if pos == 14 { 1 } else { pos }).expect("position 1..=14")
}

/// Every set and run as concrete faces, sorted by anchor (stable).
pub fn patterns() -> &'static [Pattern] {
    static PATTERNS: OnceLock<Vec<Pattern>> = OnceLock::new();
    PATTERNS.get_or_init(|| {
        let mut out = Vec::new();
        let mut push = |faces: Vec<Face>, is_run: bool| {
            let idx: Vec<usize> = faces.iter().map(|f| f.index()).collect();
            let anchor = *idx.iter().min().expect("non-empty");
            let mask = idx.iter().fold(0u64, |m, &f| m | 1 << f);
            assert_eq!(mask.count_ones() as usize, idx.len(), "a face twice");
            out.push(Pattern {
                faces,
                idx,
                mask,
                is_run,
                anchor,
            });
        };
        for n in 1..=13u8 {
            for mask in 0u8..16 {
                if mask.count_ones() >= 3 {
                    let faces = Colour::ALL
                        .into_iter()
                        .filter(|c| mask & (1 << c.index()) != 0)
                        .map(|c| Face::new(c, n).expect("number"))
                        .collect();
                    push(faces, false);
                }
            }
        }
        for colour in Colour::ALL {
            for a in 1..=14u8 {
                for b in a + 2..=14u8 {
                    if b - a < 13 {
                        push((a..=b).map(|p| face_at(colour, p)).collect(), true);
                    }
                }
            }
        }
        out.sort_by_key(|p| p.anchor);
        out
    })
}

/// What a tile is in a hand, decided here from the okey face (not via `Joker::role`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Is {
    /// An okey (wild).
    Okey,
    /// A plain tile of this face.
    Plain(Face),
}

/// What a tile of `kind` is under `joker` (R4, R5).
pub fn is(kind: Kind, joker: Joker) -> Is {
    let okey = joker.okey();
    match kind {
        Kind::FalseJoker => Is::Plain(okey),
        Kind::Face(f) if f == okey => Is::Okey,
        Kind::Face(f) => Is::Plain(f),
    }
}

/// The kind a plain slot of face `f` holds (the false joker for the okey face).
pub fn plain_kind(f: Face, joker: Joker) -> Kind {
    if f == joker.okey() {
        Kind::FalseJoker
    } else {
        Kind::Face(f)
    }
}

/// Plain tiles per face index and the okeys of a hand.
pub fn split(hand: &[Kind], joker: Joker) -> ([u8; FACES], u8) {
    let mut plain = [0u8; FACES];
    let mut okeys = 0u8;
    for &k in hand {
        match is(k, joker) {
            Is::Okey => okeys += 1,
            Is::Plain(f) => plain[f.index()] += 1,
        }
    }
    (plain, okeys)
}

/// Count of every kind.
pub fn kind_counts(hand: &[Kind]) -> [u8; Kind::COUNT] {
    let mut c = [0u8; Kind::COUNT];
    for &k in hand {
        c[k.index()] += 1;
    }
    c
}

// ---------------------------------------------------------------------------------------
// Win checks.

/// A melds split found by [`standard_win`]: for each pattern, the hand index on each slot.
pub type Cover = Vec<(usize, Vec<usize>)>;

/// Whether 14 tiles win with sets and runs (R8), by exact cover; returns a split.
pub fn standard_win(hand: &[Kind], joker: Joker) -> Option<Cover> {
    if hand.len() != 14 {
        return None;
    }
    let roles: Vec<Is> = hand.iter().map(|&k| is(k, joker)).collect();
    let mut used = vec![false; hand.len()];
    let mut cover = Vec::new();
    cover_from(&roles, 0, &mut used, &mut cover).then_some(cover)
}

fn cover_from(roles: &[Is], start: usize, used: &mut Vec<bool>, cover: &mut Cover) -> bool {
    if used.iter().all(|&u| u) {
        return true;
    }
    // The lowest face of a plain tile still uncovered.
    let lowest = roles
        .iter()
        .zip(used.iter())
        .filter_map(|(r, &u)| match r {
            Is::Plain(f) if !u => Some(f.index()),
            _ => None,
        })
        .min()
        .unwrap_or(usize::MAX);
    let pats = patterns();
    for (j, pat) in pats.iter().enumerate().skip(start) {
        if pat.anchor > lowest {
            break;
        }
        let mut slots = Vec::new();
        if fill_slots(roles, pat, used, &mut slots, &mut |used, slots| {
            cover.push((j, slots.to_vec()));
            if cover_from(roles, j, used, cover) {
                return true;
            }
            cover.pop();
            false
        }) {
            return true;
        }
    }
    false
}

/// Tries every way to put unused tiles on the slots of `pat` (plain of the slot's face, or an
/// okey), calling `then` with each complete filling; stops at the first `true`.
fn fill_slots(
    roles: &[Is],
    pat: &Pattern,
    used: &mut Vec<bool>,
    slots: &mut Vec<usize>,
    then: &mut dyn FnMut(&mut Vec<bool>, &[usize]) -> bool,
) -> bool {
    let k = slots.len();
    if k == pat.faces.len() {
        return then(used, slots);
    }
    let want = pat.faces[k];
    let plain = (0..roles.len()).find(|&i| !used[i] && roles[i] == Is::Plain(want));
    let okey = (0..roles.len()).find(|&i| !used[i] && roles[i] == Is::Okey);
    for i in [plain, okey].into_iter().flatten() {
        used[i] = true;
        slots.push(i);
        let ok = fill_slots(roles, pat, used, slots, then);
        slots.pop();
        used[i] = false;
        if ok {
            return true;
        }
    }
    false
}

/// Whether 14 tiles are seven pairs (R9), by trying every pairing of the first tile left.
pub fn pairs_win(hand: &[Kind], joker: Joker) -> bool {
    if hand.len() != 14 {
        return false;
    }
    let roles: Vec<Is> = hand.iter().map(|&k| is(k, joker)).collect();
    let mut used = vec![false; hand.len()];
    pair_up(&roles, &mut used)
}

fn pair_up(roles: &[Is], used: &mut Vec<bool>) -> bool {
    let Some(a) = used.iter().position(|&u| !u) else {
        return true;
    };
    used[a] = true;
    for b in a + 1..roles.len() {
        let fits = roles[a] == Is::Okey || roles[b] == Is::Okey || roles[a] == roles[b];
        if !used[b] && fits {
            used[b] = true;
            if pair_up(roles, used) {
                used[b] = false;
                used[a] = false;
                return true;
            }
            used[b] = false;
        }
    }
    used[a] = false;
    false
}

/// Whether 14 tiles win either way (R8, R9).
pub fn is_win(hand: &[Kind], joker: Joker) -> bool {
    pairs_win(hand, joker) || standard_win(hand, joker).is_some()
}

// ---------------------------------------------------------------------------------------
// Distance.

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

// ---------------------------------------------------------------------------------------
// Advice.

/// What the reference expects for one distinct discard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefDiscard {
    /// The tile thrown.
    pub tile: Kind,
    /// Its first position.
    pub index: usize,
    /// Distance of the 14 left.
    pub distance: u8,
    /// Outs as (kind, unseen), in kind order.
    pub outs: Vec<(Kind, u8)>,
    /// Whether the 14 left win by melds, by pairs.
    pub wins: (bool, bool),
}

/// Reference advice for a 15-tile hand, per distinct discard in hand order.
pub fn advise(hand: &[Kind], joker: Joker, seen: &[Kind]) -> Vec<RefDiscard> {
    assert_eq!(hand.len(), 15);
    let in_hand = kind_counts(hand);
    let in_seen = kind_counts(seen);
    let indicator = Kind::Face(joker.indicator());
    let mut out = Vec::new();
    for (index, &tile) in hand.iter().enumerate() {
        if hand[..index].contains(&tile) {
            continue;
        }
        let mut rest = hand.to_vec();
        rest.remove(index);
        let kept_rest = kept(&rest, joker);
        let rest_counts = kind_counts(&rest);
        let mut outs = Vec::new();
        for t in Kind::all() {
            if rest_counts[t.index()] >= 2 {
                continue;
            }
            let mut more = rest.clone();
            more.push(t);
            if keeps_at_least(&more, joker, kept_rest + 1) {
                let gone = i32::from(in_hand[t.index()])
                    + i32::from(in_seen[t.index()])
                    + i32::from(t == indicator);
                outs.push((t, (2 - gone).max(0) as u8));
            }
        }
        out.push(RefDiscard {
            tile,
            index,
            distance: 14 - kept_rest,
            outs,
            wins: (
                standard_win(&rest, joker).is_some(),
                pairs_win(&rest, joker),
            ),
        });
    }
    out
}
