//! Speed of the 101 best opening on 22-tile racks. Prints the median and the worst time of
//! each set, one rack at a time, then lets criterion time the sets.
//!
//! Sets: `random` racks dealt uniformly from the 105 tiles beside the indicator; `narrow`
//! racks from two colours and a band of numbers, where runs and sets overlap most; and
//! `constructed` worst cases: both copies of long runs with both okeys, and four colours of
//! neighbouring numbers with both okeys (the most sets and runs sharing tiles).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use okey_core::notation::{parse_indicator, parse_kind};
use okey_core::r101::analysis::best_opening;
use okey_core::{Face, Joker, Kind, Tile};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

fn rack(rng: &mut ChaCha8Rng, narrow: bool) -> (Joker, Vec<Kind>) {
    let face = Face::from_index(rng.gen_range(0..52)).unwrap_or_else(|| unreachable!());
    let joker = Joker::new(face);
    let low = rng.gen_range(1..=5u8);
    let mut pool: Vec<Kind> = Tile::all()
        .map(|t| t.kind())
        .filter(|&k| {
            !narrow
                || joker.is_okey(k)
                || k.face().is_some_and(|f| {
                    f.colour.index() < 2 && (low..low + 9).contains(&f.number.get())
                })
        })
        .collect();
    // The indicator's face has one copy beside the indicator.
    if let Some(at) = pool.iter().position(|&k| k == Kind::Face(face)) {
        pool.remove(at);
    }
    pool.shuffle(rng);
    pool.truncate(22);
    (joker, pool)
}

fn written(indicator: &str, tiles: &str) -> (Joker, Vec<Kind>) {
    let joker = Joker::new(parse_indicator(indicator).unwrap_or_else(|e| panic!("{e}")));
    let kinds = tiles
        .split_whitespace()
        .map(|t| parse_kind(t).unwrap_or_else(|e| panic!("{e}")))
        .collect();
    (joker, kinds)
}

fn constructed() -> Vec<(Joker, Vec<Kind>)> {
    vec![
        written(
            "B4",
            "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 B5 B5",
        ),
        written(
            "B4",
            "R3 Y3 K3 B3 R4 Y4 K4 B4 R5 Y5 K5 R6 Y6 K6 B6 R3 Y3 K3 R4 Y4 B5 B5",
        ),
        written(
            "K13",
            "R6 R7 R8 R9 Y6 Y7 Y8 Y9 B6 B7 B8 B9 K6 K7 K8 K9 R7 Y7 B7 K7 K1 K1",
        ),
        written(
            "R12",
            "K1 K2 K3 K4 K5 K6 K7 K8 K9 K10 K11 K12 K13 K2 K3 K4 K5 K6 K7 R13 R13 F",
        ),
    ]
}

fn report(name: &str, racks: &[(Joker, Vec<Kind>)]) {
    let mut times: Vec<u128> = racks
        .iter()
        .map(|(j, r)| {
            let t = Instant::now();
            black_box(best_opening(r, *j).map(|o| o.value).unwrap_or(0));
            t.elapsed().as_nanos()
        })
        .collect();
    times.sort_unstable();
    let median = times[times.len() / 2];
    let worst = times[times.len() - 1];
    println!(
        "r101 best opening, {name} ({} of 22 tiles): median {:.1} µs, worst {:.1} µs",
        racks.len(),
        median as f64 / 1e3,
        worst as f64 / 1e3
    );
}

fn bench(c: &mut Criterion) {
    let mut rng = ChaCha8Rng::seed_from_u64(22);
    let random: Vec<_> = (0..1000).map(|_| rack(&mut rng, false)).collect();
    let narrow: Vec<_> = (0..1000).map(|_| rack(&mut rng, true)).collect();
    let built = constructed();
    report("random", &random);
    report("narrow", &narrow);
    report("constructed", &built);
    for (k, one) in built.iter().enumerate() {
        report(
            &format!("constructed #{}", k + 1),
            std::slice::from_ref(one),
        );
    }
    for (name, set) in [
        ("random", &random[..100]),
        ("narrow", &narrow[..100]),
        ("constructed", &built[..]),
    ] {
        c.bench_function(&format!("r101_best_opening_{name}"), |b| {
            b.iter(|| {
                for (j, r) in set {
                    black_box(best_opening(r, *j).map(|o| o.value).unwrap_or(0));
                }
            })
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
