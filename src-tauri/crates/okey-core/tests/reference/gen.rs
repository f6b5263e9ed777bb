//! Deterministic hand generators (seeded ChaCha) for the exactness tests. Every hand respects
//! the tile set: two of each kind, one of the indicator's face (R1, R5).

use super::{patterns, plain_kind, Pattern};
use okey_core::notation::{check_available, parse_hand, parse_indicator};
use okey_core::{Face, Joker, Kind};
use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// A seeded generator.
pub fn rng(seed: u64) -> ChaCha8Rng {
    rand::SeedableRng::seed_from_u64(seed)
}

/// A uniformly random indicator.
pub fn random_joker(rng: &mut ChaCha8Rng) -> Joker {
    Joker::new(Face::from_index(rng.gen_range(0..Face::COUNT)).expect("face"))
}

/// How many tiles of each kind exist beside the face-up indicator.
pub fn available(joker: Joker) -> [u8; Kind::COUNT] {
    let mut a = [2u8; Kind::COUNT];
    a[Kind::Face(joker.indicator()).index()] = 1;
    a
}

/// The 105 tiles beside the indicator, as kinds.
pub fn pool(joker: Joker) -> Vec<Kind> {
    let a = available(joker);
    Kind::all()
        .flat_map(|k| std::iter::repeat_n(k, a[k.index()] as usize))
        .collect()
}

/// `n` tiles drawn uniformly from the tiles beside the indicator.
pub fn random_hand(rng: &mut ChaCha8Rng, joker: Joker, n: usize) -> Vec<Kind> {
    let mut p = pool(joker);
    p.shuffle(rng);
    p.truncate(n);
    p
}

/// The tiles still available after `hand` is taken.
pub fn rest_of_pool(joker: Joker, hand: &[Kind]) -> Vec<Kind> {
    let mut a = available(joker);
    for &k in hand {
        a[k.index()] -= 1;
    }
    Kind::all()
        .flat_map(|k| std::iter::repeat_n(k, a[k.index()] as usize))
        .collect()
}

fn pick_pattern<'a>(rng: &mut ChaCha8Rng, joker: Joker, left: usize) -> Option<&'a Pattern> {
    let fits = |p: &&Pattern| {
        let l = p.faces.len();
        l <= left && (left - l == 0 || left - l >= 3)
    };
    let all: Vec<&Pattern> = patterns().iter().filter(fits).collect();
    let special = [joker.okey(), joker.indicator()];
    let roll: f64 = rng.gen();
    let pool: Vec<&Pattern> = if roll < 0.3 {
        // Melds through the okey face (false jokers) or the indicator's face.
        all.iter()
            .copied()
            .filter(|p| p.faces.iter().any(|f| special.contains(f)))
            .collect()
    } else if roll < 0.6 {
        all.iter().copied().filter(|p| !p.is_run).collect()
    } else if roll < 0.7 {
        // Runs through a 1, low or high.
        all.iter()
            .copied()
            .filter(|p| p.is_run && p.faces.iter().any(|f| f.number.get() == 1))
            .collect()
    } else {
        // Runs with a uniformly chosen length first, so long ones are not drowned out.
        let runs: Vec<&Pattern> = all.iter().copied().filter(|p| p.is_run).collect();
        let mut lens: Vec<usize> = runs.iter().map(|p| p.faces.len()).collect();
        lens.sort_unstable();
        lens.dedup();
        let &len = lens.choose(rng)?;
        runs.into_iter().filter(|p| p.faces.len() == len).collect()
    };
    let pool = if pool.is_empty() { all } else { pool };
    pool.choose(rng).copied()
}

/// A random melds win (R8), okeys standing in with probability `okey_p` where available.
pub fn random_melds_win(rng: &mut ChaCha8Rng, joker: Joker, okey_p: f64) -> Vec<Kind> {
    let okey = Kind::Face(joker.okey());
    'retry: loop {
        let mut a = available(joker);
        let mut hand = Vec::new();
        while hand.len() < 14 {
            let Some(p) = pick_pattern(rng, joker, 14 - hand.len()) else {
                continue 'retry;
            };
            for &f in &p.faces {
                let plain = plain_kind(f, joker);
                let choice = if a[okey.index()] > 0 && rng.gen_bool(okey_p) {
                    okey
                } else if a[plain.index()] > 0 {
                    plain
                } else if a[okey.index()] > 0 {
                    okey
                } else {
                    continue 'retry;
                };
                a[choice.index()] -= 1;
                hand.push(choice);
            }
        }
        hand.shuffle(rng);
        return hand;
    }
}

/// A random pairs win (R9): pairs of a face, a face and an okey, two false jokers, two okeys.
pub fn random_pairs_win(rng: &mut ChaCha8Rng, joker: Joker) -> Vec<Kind> {
    let okey = Kind::Face(joker.okey());
    'retry: loop {
        let mut a = available(joker);
        let mut hand = Vec::new();
        for _ in 0..7 {
            let roll: f64 = rng.gen();
            let first = if roll < 0.08 {
                okey
            } else if roll < 0.16 {
                Kind::FalseJoker
            } else if roll < 0.24 {
                Kind::Face(joker.indicator())
            } else {
                Kind::Face(Face::from_index(rng.gen_range(0..Face::COUNT)).expect("face"))
            };
            if a[first.index()] == 0 {
                continue 'retry;
            }
            a[first.index()] -= 1;
            let second = if a[first.index()] > 0 && !rng.gen_bool(0.15) {
                first
            } else if a[okey.index()] > 0 {
                okey
            } else {
                continue 'retry;
            };
            a[second.index()] -= 1;
            hand.push(first);
            hand.push(second);
        }
        hand.shuffle(rng);
        return hand;
    }
}

/// A random win of either kind.
pub fn random_win(rng: &mut ChaCha8Rng, joker: Joker) -> Vec<Kind> {
    let roll: f64 = rng.gen();
    if roll < 0.2 {
        random_pairs_win(rng, joker)
    } else {
        let okey_p = [0.0, 0.05, 0.15, 0.3][rng.gen_range(0..4)];
        random_melds_win(rng, joker, okey_p)
    }
}

/// Swaps `k` random tiles of `hand` for `k` random tiles from the rest of the set.
pub fn swap_tiles(rng: &mut ChaCha8Rng, joker: Joker, hand: &mut Vec<Kind>, k: usize) {
    for _ in 0..k {
        let i = rng.gen_range(0..hand.len());
        hand.remove(i);
        let rest = rest_of_pool(joker, hand);
        hand.push(*rest.choose(rng).expect("tiles left"));
    }
    hand.shuffle(rng);
}

/// Adds one random tile from the rest of the set.
pub fn add_tile(rng: &mut ChaCha8Rng, joker: Joker, hand: &mut Vec<Kind>) {
    let rest = rest_of_pool(joker, hand);
    let t = *rest.choose(rng).expect("tiles left");
    let at = rng.gen_range(0..=hand.len());
    hand.insert(at, t);
}

/// A hand near a win: a random win with 0..=`max_swaps` tiles swapped, plus `extra` tiles.
pub fn near_win(rng: &mut ChaCha8Rng, joker: Joker, max_swaps: usize, extra: usize) -> Vec<Kind> {
    let mut hand = random_win(rng, joker);
    let k = rng.gen_range(0..=max_swaps);
    swap_tiles(rng, joker, &mut hand, k);
    for _ in 0..extra {
        add_tile(rng, joker, &mut hand);
    }
    hand
}

/// A written case: indicator and tiles (R2), checked against the tile set.
pub fn parse(indicator: &str, tiles: &str) -> (Joker, Vec<Kind>) {
    let face = parse_indicator(indicator).expect("indicator");
    let tokens: Vec<&str> = tiles.split_whitespace().collect();
    let hand = parse_hand(face, &tokens).unwrap_or_else(|e| panic!("{tiles}: {e}"));
    check_available(face, &hand).expect("available");
    (Joker::new(face), hand)
}

/// Writes a hand as tokens, e.g. `R4 | R1 R2 ...`.
pub fn show(joker: Joker, hand: &[Kind]) -> String {
    let tiles: Vec<String> = hand.iter().map(|k| k.to_string()).collect();
    format!("{} | {}", joker.indicator(), tiles.join(" "))
}
