//! `distance_at_most` answers the same as comparing `distance`, for 14 and 15 tiles.

use okey_core::analysis::{distance, distance_at_most};
use okey_core::{Face, Joker, Kind};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[test]
fn distance_at_most_agrees_with_distance() {
    let mut rng = ChaCha8Rng::seed_from_u64(77);
    let all: Vec<Kind> = Kind::all().flat_map(|k| [k, k]).collect();
    for round in 0..3000 {
        let indicator = Face::from_index(rng.gen_range(0..52)).unwrap();
        let joker = Joker::new(indicator);
        let mut tiles = all.clone();
        tiles.shuffle(&mut rng);
        // Clustered hands half the time: one colour's tiles, where melds are many.
        if round % 2 == 1 {
            let colour = rng.gen_range(0..4);
            tiles.sort_by_key(|k| k.face().is_none_or(|f| f.colour.index() != colour));
            tiles[..30].shuffle(&mut rng);
        }
        let size = 14 + round % 2;
        let hand = &tiles[..size];
        let d = distance(hand, joker);
        for q in 0..=14 {
            assert_eq!(
                distance_at_most(hand, joker, q),
                d <= q,
                "hand {hand:?} indicator {indicator:?}: distance {d}, asked {q}"
            );
        }
    }
}
