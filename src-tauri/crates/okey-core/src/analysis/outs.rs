//! The draws that lower a 14-tile hand's distance, all at once: one search over the hand's
//! best lists finds every plain face a filler stands for there (see `search::filler_faces`),
//! where asking kind by kind would be 53 searches.

use super::advice::{melds_outs, okey_draw_raises, plain_face};
use super::counts::Counts;
use super::distance::draw_keeps_more_than;
use super::pairs::raising_pairs;
use crate::tile::{Joker, Kind};

/// For each kind (by index), whether drawing it lowers the distance of the 14-tile `hand`,
/// that is whether [`distance_at_most`](super::distance_at_most)`(hand + draw, distance - 1)`.
/// `distance` must be the hand's own, as [`distance`](super::distance) gives it: the
/// answers follow from its best lists.
pub fn improving_draws(hand: &[Kind], joker: Joker, distance: u8) -> [bool; Kind::COUNT] {
    debug_assert_eq!(hand.len(), 14, "the outs of a 14-tile hand");
    let mut out = [false; Kind::COUNT];
    let Some(kept) = 14u8.checked_sub(distance).filter(|_| distance > 0) else {
        return out;
    };
    let mut counts = Counts::of(hand, joker);
    let faces = melds_outs(&counts, kept);
    let by_pairs = raising_pairs(&counts, kept);
    let by_okey = okey_draw_raises(&counts, kept);
    for draw in Kind::all() {
        let face = plain_face(draw, joker);
        out[draw.index()] = match (faces, face, by_okey) {
            (Some(faces), Some(f), _) => (faces | by_pairs) & 1 << f != 0,
            (_, None, Some(raises)) => raises,
            _ => {
                counts.add(draw, joker);
                let raises = draw_keeps_more_than(&counts, kept, face);
                counts.remove(draw, joker);
                raises
            }
        };
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{distance, distance_at_most};
    use crate::tile::Face;
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};

    #[test]
    fn r08_r09_every_draw_is_judged_as_the_distance_search_judges_it() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(32);
        for n in 0..60 {
            let joker = Joker::new(Face::from_index(rng.gen_range(0..Face::COUNT)).unwrap());
            let mut pool: Vec<Kind> = Kind::all().flat_map(|k| [k, k]).collect();
            pool.shuffle(&mut rng);
            // Random hands, and hands of pairs and near-pairs (R9) every fifth time.
            let hand: Vec<Kind> = if n % 5 == 0 {
                pool[..7]
                    .iter()
                    .flat_map(|&k| [k, k])
                    .take(13)
                    .chain([pool[8]])
                    .collect()
            } else {
                pool[..14].to_vec()
            };
            let d = distance(&hand, joker);
            let fast = improving_draws(&hand, joker, d);
            for draw in Kind::all() {
                let mut with = hand.clone();
                with.push(draw);
                let slow = d > 0 && distance_at_most(&with, joker, d - 1);
                assert_eq!(
                    fast[draw.index()],
                    slow,
                    "{hand:?} + {draw:?}, distance {d}"
                );
            }
        }
    }
}
