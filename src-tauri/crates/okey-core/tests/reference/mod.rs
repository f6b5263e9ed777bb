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

mod advice;
mod distance;
pub mod gen;
mod win;

// One job a module; callers reach everything from here, each test crate only part of it.
#[allow(unused_imports)]
pub use advice::{advise, RefDiscard};
#[allow(unused_imports)]
pub use distance::{
    best_okey_choice_brute, best_okey_choice_formula, distance, keeps_at_least, kept, kept_melds,
    kept_pairs, melds_keep,
};
#[allow(unused_imports)]
pub use win::{is_win, pairs_win, standard_win, Cover};

use okey_core::{Colour, Face, Joker, Kind};
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
