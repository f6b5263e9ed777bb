//! The library's distance and finish check against the reference (R8, R9, R10), on 14 and
//! 15 tiles.

use crate::check::{check_distance, histogram, run_all};
use crate::hands::{near_wins, random_hands};
use crate::reference;
use okey_core::analysis;

#[test]
fn r08_r09_distance_matches_reference_14_tiles() {
    let mut hands = near_wins(7, 9000, 3, 0);
    hands.extend(near_wins(8, 2000, 6, 0));
    hands.extend(random_hands(9, 600, 14));
    let ds = run_all("distance 14", &hands, check_distance);
    eprintln!(
        "14 tiles: {} hands, distances {:?}",
        ds.len(),
        histogram(&ds)
    );
}

#[test]
fn r08_r09_distance_matches_reference_15_tiles() {
    let mut hands = near_wins(10, 6000, 3, 1);
    hands.extend(near_wins(12, 1000, 6, 1));
    hands.extend(random_hands(13, 400, 15));
    let ds = run_all("distance 15", &hands, check_distance);
    eprintln!(
        "15 tiles: {} hands, distances {:?}",
        ds.len(),
        histogram(&ds)
    );
}

#[test]
fn r10_can_finish_matches_reference() {
    // Wins plus a drawn tile, with up to two tiles swapped out, and random 15s.
    let mut hands = near_wins(16, 3000, 2, 1);
    hands.extend(random_hands(17, 300, 15));
    let finishes = run_all("can_finish", &hands, |hand, joker| {
        let want = (0..hand.len()).any(|i| {
            let mut rest = hand.to_vec();
            rest.remove(i);
            reference::standard_win(&rest, joker).is_some() || reference::pairs_win(&rest, joker)
        });
        let got = analysis::can_finish(hand, joker);
        if got == want {
            Ok(want)
        } else {
            Err(format!("can_finish {got}, reference {want}"))
        }
    });
    let n = finishes.iter().filter(|&&f| f).count();
    assert!(n > 800, "only {n} of {} hands finish", finishes.len());
}
