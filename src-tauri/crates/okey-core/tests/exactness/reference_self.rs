//! The reference checks itself: its pattern universe, its written cases, its okey formula, and
//! its distance against a search over every swap.

use crate::hands::{cases, near_wins};
use crate::reference;
use crate::reference::gen::{self, show};
use okey_core::{Joker, Kind};
use rand::seq::SliceRandom;
use rand::Rng;

#[test]
fn reference_patterns_are_373_melds() {
    let pats = reference::patterns();
    assert_eq!(pats.iter().filter(|p| !p.is_run).count(), 13 * 5);
    assert_eq!(
        pats.iter().filter(|p| p.is_run).count(),
        4 * (2..=12).sum::<usize>()
    );
}

#[test]
fn reference_written_cases_are_right() {
    for (joker, hand, win, d) in cases() {
        let shown = show(joker, &hand);
        assert_eq!(reference::is_win(&hand, joker), win, "{shown}");
        assert_eq!(reference::distance(&hand, joker), d, "{shown}");
    }
}

#[test]
fn reference_okey_formula_matches_brute_force() {
    let mut rng = gen::rng(11);
    let pats = reference::patterns();
    for _ in 0..3000 {
        let mut p = [0u8; reference::FACES];
        let mut slots = 0;
        while slots < 14 {
            let pat = pats.choose(&mut rng).expect("patterns");
            let left = 14 - slots;
            let l = pat.idx.len();
            if l > left || (l < left && left - l < 3) {
                continue;
            }
            if rng.gen_bool(0.5) {
                for &f in &pat.idx {
                    p[f] += 1;
                }
                slots += l;
            }
            // Repeat a small meld to make faces overflow now and then.
            if rng.gen_bool(0.2) && slots + l <= 14 && (14 - slots - l == 0 || 14 - slots - l >= 3)
            {
                for &f in &pat.idx {
                    p[f] += 1;
                }
                slots += l;
            }
        }
        let joker = gen::random_joker(&mut rng);
        let size = if rng.gen_bool(0.5) { 14 } else { 15 };
        let hand = gen::near_win(&mut rng, joker, 3, size - 14);
        let (plain, h) = reference::split(&hand, joker);
        assert_eq!(
            reference::best_okey_choice_brute(&p, &plain, h),
            reference::best_okey_choice_formula(&p, &plain, h),
            "{}",
            show(joker, &hand)
        );
    }
}

/// Whether swapping `k` tiles of `hand` for tiles of the set (a winning 14 keeps at most two
/// of a kind) can make a win, by trying every swap and the reference win checks.
fn wins_after_swaps(hand: &[Kind], joker: Joker, k: usize) -> bool {
    // Every multiset of k kinds to add (non-decreasing), and of k positions to remove.
    fn multisets(
        n: usize,
        k: usize,
        from: usize,
        out: &mut Vec<Vec<usize>>,
        cur: &mut Vec<usize>,
        repeat: bool,
    ) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for i in from..n {
            cur.push(i);
            multisets(n, k, if repeat { i } else { i + 1 }, out, cur, repeat);
            cur.pop();
        }
    }
    let (mut outs, mut adds) = (Vec::new(), Vec::new());
    multisets(hand.len(), k, 0, &mut outs, &mut Vec::new(), false);
    multisets(Kind::COUNT, k, 0, &mut adds, &mut Vec::new(), true);
    let mut tried = std::collections::HashSet::new();
    for out in &outs {
        let mut less: Vec<Kind> = hand
            .iter()
            .enumerate()
            .filter(|(i, _)| !out.contains(i))
            .map(|(_, &x)| x)
            .collect();
        less.sort();
        if !tried.insert(less.clone()) {
            continue;
        }
        for add in &adds {
            let mut more = less.clone();
            more.extend(add.iter().map(|&i| Kind::from_index(i).expect("kind")));
            if reference::kind_counts(&more).iter().all(|&n| n <= 2)
                && reference::is_win(&more, joker)
            {
                return true;
            }
        }
    }
    false
}

#[test]
fn reference_distance_matches_swap_search() {
    // Distance 0 and 1 on many hands, 2 on a few: the distance search agrees with the
    // exact-cover and pairs win checks applied to every possible swap.
    let mut hands = near_wins(21, 150, 2, 0);
    hands.extend(cases().into_iter().map(|(j, h, _, _)| (j, h)));
    let mut twos = 0;
    for (joker, hand) in &hands {
        let d = reference::distance(hand, *joker);
        let shown = show(*joker, hand);
        assert_eq!(d == 0, wins_after_swaps(hand, *joker, 0), "{shown}");
        if d >= 1 {
            assert_eq!(d == 1, wins_after_swaps(hand, *joker, 1), "{shown}");
        }
        if d >= 2 && twos < 2 {
            twos += 1;
            assert_eq!(d == 2, wins_after_swaps(hand, *joker, 2), "{shown}");
        }
    }
}
