//! Hand sets: seeded random hands and near-wins, and written cases with their known answers.

use crate::reference::gen::{self, parse};
use okey_core::{Joker, Kind};

/// `n` hands near a win (see `gen::near_win`), each under a random indicator.
pub fn near_wins(seed: u64, n: usize, max_swaps: usize, extra: usize) -> Vec<(Joker, Vec<Kind>)> {
    let mut rng = gen::rng(seed);
    (0..n)
        .map(|_| {
            let joker = gen::random_joker(&mut rng);
            (joker, gen::near_win(&mut rng, joker, max_swaps, extra))
        })
        .collect()
}

/// `n` uniformly random hands of `size` tiles, each under a random indicator.
pub fn random_hands(seed: u64, n: usize, size: usize) -> Vec<(Joker, Vec<Kind>)> {
    let mut rng = gen::rng(seed);
    (0..n)
        .map(|_| {
            let joker = gen::random_joker(&mut rng);
            (joker, gen::random_hand(&mut rng, joker, size))
        })
        .collect()
}

/// Written cases: rule, indicator, tiles, whether they win, their distance.
const CASES: &[(&str, &str, &str, bool, u8)] = &[
    // R7: a 1 after 13, and never both ends.
    (
        "R7",
        "K9",
        "R12 R13 R1 Y1 Y2 Y3 B5 B6 B7 B8 K1 K2 K3 K4",
        true,
        0,
    ),
    (
        "R7",
        "K9",
        "R11 R12 R13 R1 Y5 Y6 Y7 B9 B10 B11 K2 K3 K4 K5",
        true,
        0,
    ),
    (
        "R7",
        "K9",
        "R13 R1 R2 Y5 Y6 Y7 B9 B10 B11 K2 K3 K4 K5 K6",
        false,
        1,
    ),
    (
        "R7",
        "K9",
        "R12 R13 R1 R2 Y5 Y6 Y7 B9 B10 B11 K3 K4 K5 K6",
        false,
        1,
    ),
    (
        "R7",
        "K9",
        "Y1 Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10 Y11 Y12 Y13",
        true,
        0,
    ),
    (
        "R7",
        "K9",
        "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10 Y11 Y12 Y13 R5",
        false,
        1,
    ),
    (
        "R7",
        "K9",
        "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10 Y11 R5 B5 K5",
        true,
        0,
    ),
    (
        "R7",
        "K9",
        "Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10 Y11 Y12 Y13 Y1 B2 B2",
        false,
        2,
    ),
    (
        "R7",
        "K9",
        "B13 B1 B2 B13 B1 B2 R4 R5 R6 Y4 Y5 Y6 K7 K8",
        false,
        4,
    ),
    // R3: okey = 1 after a 13 indicator; a false joker is that 1 (low or high).
    (
        "R3",
        "K13",
        "K11 K12 K13 F Y1 Y2 Y3 R5 B5 Y5 R9 R10 R11 R12",
        true,
        0,
    ),
    (
        "R3",
        "K13",
        "F K2 K3 Y1 Y2 Y3 R5 B5 Y5 R9 R10 R11 R12 R13",
        true,
        0,
    ),
    (
        "R3",
        "K13",
        "K13 F K2 Y1 Y2 Y3 R5 B5 Y5 R9 R10 R11 R12 R13",
        false,
        1,
    ),
    (
        "R3",
        "K13",
        "K1 R7 B7 Y1 Y2 Y3 R5 B5 Y5 R9 R10 R11 R12 R13",
        true,
        0,
    ),
    (
        "R3",
        "K13",
        "K1 K1 K12 Y1 Y2 Y3 R5 B5 Y5 R9 R10 R11 R12 R13",
        true,
        0,
    ),
    // R5: a false joker is exactly the okey face (indicator R4: okey R5).
    (
        "R5",
        "R4",
        "R4 F R6 Y1 Y2 Y3 Y4 B7 B8 B9 K10 K11 K12 K13",
        true,
        0,
    ),
    (
        "R5",
        "R4",
        "F K5 B5 Y5 Y1 Y2 Y3 Y4 B7 B8 B9 K10 K11 K12",
        true,
        0,
    ),
    (
        "R5",
        "R4",
        "R3 R4 F F R6 R7 Y1 Y2 Y3 Y4 B10 B11 B12 B13",
        true,
        0,
    ),
    (
        "R5",
        "R4",
        "Y7 F Y9 Y1 Y2 Y3 Y4 B7 B8 B9 K10 K11 K12 K13",
        false,
        1,
    ),
    (
        "R5",
        "R4",
        "F F K5 B5 Y1 Y2 Y3 Y4 B7 B8 B9 K10 K11 K12",
        false,
        1,
    ),
    // R4: okeys fill sets and runs, at the ends too.
    (
        "R4",
        "R4",
        "R5 R5 K7 Y1 Y2 Y3 Y4 B4 B5 B6 K10 K11 K12 K13",
        true,
        0,
    ),
    (
        "R4",
        "R4",
        "B6 R5 R5 B9 Y1 Y2 Y3 Y4 K4 K5 K6 R10 R11 R12",
        true,
        0,
    ),
    (
        "R4",
        "R4",
        "K12 K13 R5 Y1 Y2 Y3 Y4 B4 B5 B6 R10 R11 R12 R13",
        true,
        0,
    ),
    (
        "R4",
        "R4",
        "K12 K13 R5 K2 Y1 Y2 Y3 B4 B5 B6 R10 R11 R12 R13",
        false,
        1,
    ),
    (
        "R4",
        "R4",
        "R3 R4 R5 Y1 Y2 Y3 Y4 B4 B5 B6 R10 R11 R12 R13",
        true,
        0,
    ),
    // R9: pairs with okeys and false jokers.
    (
        "R9",
        "R4",
        "R5 R5 K1 K1 Y2 Y2 B3 B3 K9 K9 Y13 Y13 B7 B7",
        true,
        0,
    ),
    (
        "R9",
        "R4",
        "R5 Y8 K1 K1 Y2 Y2 B3 B3 K9 K9 Y13 Y13 B7 B7",
        true,
        0,
    ),
    (
        "R9",
        "R4",
        "F F K1 K1 Y2 Y2 B3 B3 K9 K9 Y13 Y13 B7 B7",
        true,
        0,
    ),
    (
        "R9",
        "R4",
        "F R5 K1 K1 Y2 Y2 B3 B3 K9 K9 Y13 Y13 B7 B7",
        true,
        0,
    ),
    (
        "R9",
        "R4",
        "R5 R5 K1 Y6 Y2 Y2 B3 B3 K9 K9 Y13 Y13 B7 B7",
        true,
        0,
    ),
    (
        "R9",
        "R4",
        "R4 R5 K1 K1 Y2 Y2 B3 B3 K9 K9 Y13 Y13 B7 B7",
        true,
        0,
    ),
    (
        "R9",
        "R4",
        "R5 R5 R1 R1 R2 R2 Y5 Y5 Y6 Y6 Y7 Y7 B9 B9",
        true,
        0,
    ),
    (
        "R9",
        "K9",
        "K1 K2 K1 K3 Y2 Y2 B3 B3 K9 R9 Y13 Y13 B7 B7",
        false,
        2,
    ),
    (
        "R9",
        "K9",
        "R1 R2 Y2 Y2 B3 B3 R9 R9 Y13 Y13 B7 B7 K5 K5",
        false,
        1,
    ),
    // R8 and R9 at once: pairs preferred.
    (
        "R8R9",
        "K9",
        "R1 R1 R2 R2 R3 R3 R4 R4 Y5 Y5 Y6 Y6 Y7 Y7",
        true,
        0,
    ),
    (
        "R8R9",
        "R4",
        "R5 R5 R1 R1 R2 R2 R3 R3 Y5 Y5 Y6 Y6 Y7 Y7",
        true,
        0,
    ),
    // R6: sets of four, and a colour twice.
    (
        "R6",
        "K9",
        "R7 Y7 B7 K7 R8 Y8 B8 K8 R9 Y9 B9 R10 Y10 B10",
        true,
        0,
    ),
    (
        "R6",
        "K9",
        "R7 R7 B7 K7 R8 Y8 B8 K8 R9 Y9 B9 R10 Y10 B10",
        false,
        1,
    ),
];

/// Every written case, parsed.
pub fn cases() -> Vec<(Joker, Vec<Kind>, bool, u8)> {
    CASES
        .iter()
        .map(|&(_, ind, tiles, win, d)| {
            let (joker, hand) = parse(ind, tiles);
            assert_eq!(hand.len(), 14, "{tiles}");
            (joker, hand, win, d)
        })
        .collect()
}

/// The written cases of one rule.
pub fn written(rule: &str) -> Vec<(Joker, Vec<Kind>)> {
    CASES
        .iter()
        .filter(|c| c.0 == rule)
        .map(|&(_, ind, tiles, _, _)| parse(ind, tiles))
        .collect()
}
