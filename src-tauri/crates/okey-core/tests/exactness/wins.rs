//! The library's win checks against the reference (R4, R5, R7, R8, R9): random wins, near
//! wins, pairs with okeys, false jokers, a 1 after 13, and the written cases.

use crate::check::{check_distance, check_win, run_all};
use crate::hands::{cases, random_hands, written};
use crate::reference::gen;
use okey_core::{Face, Joker, Kind};
use rand::Rng;

#[test]
fn r08_win_check_matches_reference() {
    let mut rng = gen::rng(1);
    let mut hands = Vec::new();
    for i in 0..4000 {
        let joker = gen::random_joker(&mut rng);
        let mut hand = gen::random_win(&mut rng, joker);
        if i % 2 == 1 {
            let k = rng.gen_range(1..=2);
            gen::swap_tiles(&mut rng, joker, &mut hand, k);
        }
        hands.push((joker, hand));
    }
    hands.extend(random_hands(2, 500, 14));
    let wins = run_all("win check", &hands, check_win);
    let n = wins.iter().filter(|&&w| w).count();
    assert!(n > 2000, "only {n} wins");
}

#[test]
fn r09_pairs_with_okeys() {
    let mut rng = gen::rng(3);
    let mut hands = Vec::new();
    for i in 0..1500 {
        let joker = gen::random_joker(&mut rng);
        let mut hand = gen::random_pairs_win(&mut rng, joker);
        if i % 3 == 2 {
            gen::swap_tiles(&mut rng, joker, &mut hand, 1);
        }
        hands.push((joker, hand));
    }
    run_all("pairs", &hands, check_win);
    run_all("pairs distance", &hands, check_distance);
}

#[test]
fn written_cases_match_reference() {
    let hands: Vec<(Joker, Vec<Kind>)> = cases().into_iter().map(|(j, h, _, _)| (j, h)).collect();
    run_all("written cases win", &hands, check_win);
    run_all("written cases distance", &hands, check_distance);
}

#[test]
fn r07_one_after_thirteen_cases() {
    // Written cases with a 13 and a 1 of one colour, plus near-wins around them.
    let mut hands = written("R7");
    hands.extend(written("R3"));
    assert!(hands.len() >= 6);
    let mut rng = gen::rng(4);
    for _ in 0..400 {
        let joker = gen::random_joker(&mut rng);
        let mut hand = gen::random_melds_win(&mut rng, joker, 0.1);
        let through_one = |h: &[Kind]| {
            h.iter()
                .filter(|k| matches!(k, Kind::Face(f) if f.number.get() == 1))
                .count()
                >= 2
        };
        if !through_one(&hand) {
            continue;
        }
        if rng.gen_bool(0.5) {
            gen::swap_tiles(&mut rng, joker, &mut hand, 1);
        }
        hands.push((joker, hand));
    }
    run_all("1 after 13 win", &hands, check_win);
    run_all("1 after 13 distance", &hands, check_distance);
}

#[test]
fn r05_false_joker_cases() {
    let mut hands = written("R5");
    hands.extend(written("R3"));
    // Near-wins holding 1 or 2 false jokers, under indicators of every number.
    let mut rng = gen::rng(5);
    for n in 0..800 {
        let joker = Joker::new(Face::from_index(n % 52).expect("face"));
        let mut hand = gen::random_melds_win(&mut rng, joker, 0.1);
        let fj = hand.iter().filter(|&&k| k == Kind::FalseJoker).count();
        if fj == 0 && n % 4 != 0 {
            continue;
        }
        let k = rng.gen_range(0..=2);
        gen::swap_tiles(&mut rng, joker, &mut hand, k);
        hands.push((joker, hand));
    }
    assert!(hands.len() > 200, "{}", hands.len());
    run_all("false joker win", &hands, check_win);
    run_all("false joker distance", &hands, check_distance);
}

#[test]
fn r04_okey_counts_zero_one_two() {
    let mut rng = gen::rng(6);
    let mut per_count = [0usize; 3];
    let mut hands = Vec::new();
    while per_count.iter().any(|&n| n < 300) {
        let joker = gen::random_joker(&mut rng);
        let okey_p = [0.0, 0.1, 0.3][rng.gen_range(0..3)];
        let mut hand = gen::random_melds_win(&mut rng, joker, okey_p);
        let okeys = hand.iter().filter(|&&k| joker.is_okey(k)).count();
        if per_count[okeys] >= 300 {
            continue;
        }
        per_count[okeys] += 1;
        let k = rng.gen_range(0..=2);
        gen::swap_tiles(&mut rng, joker, &mut hand, k);
        hands.push((joker, hand));
    }
    run_all("okeys win", &hands, check_win);
    run_all("okeys distance", &hands, check_distance);
}
