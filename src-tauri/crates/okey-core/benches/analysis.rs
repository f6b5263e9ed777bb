//! Speed of the hand analysis on fixed seeded hand sets. Prints the median nanoseconds per
//! hand for each task, then lets criterion time whole sets.
//!
//! Sets: `random` hands are dealt uniformly from the 105 tiles beside the indicator;
//! `near` hands are wins built from random melds with 1 to 3 tiles swapped out, the hands a
//! player actually holds late in a round.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use okey_core::analysis::{advise, can_finish, distance, distance_at_most, improving_draws};
use okey_core::{Colour, Face, Joker, Kind};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

const HANDS: usize = 400;
const ADVICE_HANDS: usize = 100;

fn pool(joker: Joker) -> Vec<Kind> {
    Kind::all()
        .flat_map(|k| {
            let n = if k == Kind::Face(joker.indicator()) {
                1
            } else {
                2
            };
            std::iter::repeat_n(k, n)
        })
        .collect()
}

fn joker(rng: &mut ChaCha8Rng) -> Joker {
    Joker::new(
        Face::from_index(rng.gen_range(0..Face::COUNT))
            .unwrap_or(Face::new(Colour::Red, 4).unwrap()),
    )
}

fn random_hand(rng: &mut ChaCha8Rng, size: usize) -> (Joker, Vec<Kind>) {
    let j = joker(rng);
    let mut p = pool(j);
    p.shuffle(rng);
    p.truncate(size);
    (j, p)
}

/// A winning 14 from random runs and sets, then `swaps` tiles exchanged for random others,
/// plus `extra` drawn tiles.
fn near_hand(rng: &mut ChaCha8Rng, swaps: usize, extra: usize) -> (Joker, Vec<Kind>) {
    loop {
        let j = joker(rng);
        let mut left = pool(j);
        let mut hand: Vec<Kind> = Vec::new();
        let mut tries = 0;
        while hand.len() < 14 && tries < 200 {
            tries += 1;
            let room = 14 - hand.len();
            let len = if room <= 5 {
                room
            } else {
                rng.gen_range(3..=5.min(room - 3))
            };
            let meld: Vec<Kind> = if rng.gen_bool(0.5) && len <= 4 {
                let n = rng.gen_range(1..=13);
                let mut colours = Colour::ALL.to_vec();
                colours.shuffle(rng);
                colours[..len]
                    .iter()
                    .filter_map(|&c| Face::new(c, n))
                    .map(Kind::Face)
                    .collect()
            } else {
                let c = Colour::ALL[rng.gen_range(0..4)];
                let start = rng.gen_range(1..=(14 - len as u8));
                (start..start + len as u8)
                    .filter_map(|n| Face::new(c, if n == 14 { 1 } else { n }))
                    .map(Kind::Face)
                    .collect()
            };
            let ok = meld.iter().all(|k| {
                left.iter().filter(|&&x| x == *k).count()
                    >= meld.iter().filter(|&&x| x == *k).count()
            });
            if meld.len() == len && ok {
                for k in &meld {
                    if let Some(i) = left.iter().position(|x| x == k) {
                        left.swap_remove(i);
                    }
                }
                hand.extend(meld);
            }
        }
        if hand.len() != 14 {
            continue;
        }
        left.shuffle(rng);
        for _ in 0..swaps {
            let i = rng.gen_range(0..hand.len());
            if let Some(new) = left.pop() {
                left.push(hand[i]);
                hand[i] = new;
                left.shuffle(rng);
            }
        }
        hand.extend(left.iter().take(extra));
        return (j, hand);
    }
}

fn set(
    name: &str,
    make: impl Fn(&mut ChaCha8Rng) -> (Joker, Vec<Kind>),
) -> (String, Vec<(Joker, Vec<Kind>)>) {
    let mut rng = ChaCha8Rng::seed_from_u64(0x0ce7 + name.len() as u64);
    (
        name.to_string(),
        (0..HANDS).map(|_| make(&mut rng)).collect(),
    )
}

/// Median over the hands of the time one call takes, each call repeated `reps` times.
fn median_ns(hands: &[(Joker, Vec<Kind>)], reps: u32, f: &dyn Fn(Joker, &[Kind])) -> u128 {
    spread_ns(hands, reps, f).0
}

/// The median, the mean and the slowest over the hands of the time one call takes, each
/// call repeated `reps` times.
fn spread_ns(
    hands: &[(Joker, Vec<Kind>)],
    reps: u32,
    f: &dyn Fn(Joker, &[Kind]),
) -> (u128, u128, u128) {
    let mut times: Vec<u128> = hands
        .iter()
        .map(|(j, h)| {
            let t = Instant::now();
            for _ in 0..reps {
                f(*j, h);
            }
            t.elapsed().as_nanos() / reps as u128
        })
        .collect();
    times.sort_unstable();
    let mean = times.iter().sum::<u128>() / times.len() as u128;
    (times[times.len() / 2], mean, times[times.len() - 1])
}

fn bench(c: &mut Criterion) {
    let sets15 = [
        set("random15", |r| random_hand(r, 15)),
        set("near15 (1-3 swaps + 1 drawn)", |r| {
            let s = r.gen_range(1..=3);
            near_hand(r, s, 1)
        }),
        set("win15 (a win + 1 drawn)", |r| near_hand(r, 0, 1)),
    ];
    let sets14 = [
        set("random14", |r| random_hand(r, 14)),
        set("near14 (1-3 swaps)", |r| {
            let s = r.gen_range(1..=3);
            near_hand(r, s, 0)
        }),
    ];
    println!("median ns per hand ({HANDS} hands per set):");
    for (name, hands) in &sets15 {
        let ns = median_ns(hands, 5, &|j, h| {
            black_box(can_finish(h, j));
        });
        println!("  win check 15 tiles   {name:32} {ns:>10} ns");
    }
    for (name, hands) in &sets14 {
        let (ns, mean, worst) = spread_ns(hands, 3, &|j, h| {
            black_box(distance(h, j));
        });
        println!(
            "  distance 14 tiles    {name:32} {ns:>10} ns   (mean {mean} ns, slowest {worst} ns)"
        );
    }
    // The outs of a 14-tile hand whose distance is known: one search over its best lists,
    // against asking for each kind in turn.
    for (name, hands) in &sets14 {
        let mut fast = Vec::new();
        let mut slow = Vec::new();
        for (j, h) in hands {
            let d = distance(h, *j);
            let t = Instant::now();
            black_box(improving_draws(h, *j, d));
            fast.push(t.elapsed().as_nanos());
            let t = Instant::now();
            let mut with = h.to_vec();
            with.push(h[0]);
            for k in Kind::all() {
                with[14] = k;
                black_box(d > 0 && distance_at_most(&with, *j, d - 1));
            }
            slow.push(t.elapsed().as_nanos());
        }
        fast.sort_unstable();
        slow.sort_unstable();
        let (fast, slow) = (fast[fast.len() / 2], slow[slow.len() / 2]);
        println!("  outs 14 tiles        {name:32} {fast:>10} ns   (kind by kind {slow} ns)");
    }
    for (name, hands) in &sets15 {
        // Advice is the slow task: the first 100 hands of each set, once each.
        let (ns, mean, worst) = spread_ns(&hands[..ADVICE_HANDS], 1, &|j, h| {
            let _ = black_box(advise(h, j, &[]));
        });
        println!(
            "  advice 15 tiles      {name:32} {ns:>10} ns   ({ADVICE_HANDS} hands; mean {mean} ns, slowest {worst} ns)"
        );
    }

    let mut g = c.benchmark_group("analysis");
    g.sample_size(10);
    let (_, near15) = &sets15[1];
    g.bench_function("win check, 400 near 15-tile hands", |b| {
        b.iter(|| near15.iter().filter(|(j, h)| can_finish(h, *j)).count())
    });
    let (_, near14) = &sets14[1];
    g.bench_function("distance, 400 near 14-tile hands", |b| {
        b.iter(|| {
            near14
                .iter()
                .map(|(j, h)| distance(h, *j) as u32)
                .sum::<u32>()
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
