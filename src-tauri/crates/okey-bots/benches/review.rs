//! Speed of the review of a finished round, both games: rounds played by medium bots, then
//! each reviewed from one seat and from every seat. Prints the median and the worst time of
//! a round, and a 12-round match's total estimated from the rounds, then lets criterion time
//! one round of each game.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use okey_bots::r101::next_move101;
use okey_bots::{play_round, Bot, Bot101, Level};
use okey_core::r101::{Action101, Match101, Rules101};
use okey_core::review::{review_seats, Reviewable};
use okey_core::{Action, Game, Match, Rules, Seat};
use std::time::Instant;

/// A round of each seed: the match as dealt and the round's log.
type Played<G> = Vec<(G, Vec<(Seat, <G as Game>::Action)>)>;

fn duz_rounds(n: u64) -> Played<Match> {
    (0..n)
        .map(|seed| {
            let start = Match::new(Rules::default(), 900 + seed).expect("a match");
            let mut m = start.clone();
            let mut bots: Vec<Option<Bot>> = (0..4)
                .map(|s| Some(Bot::new(Level::Medium, seed * 4 + s)))
                .collect();
            play_round(&mut m, &mut bots, |_| {}).expect("a round");
            let log: Vec<(Seat, Action)> = m.log().to_vec();
            (start, log)
        })
        .collect()
}

fn rounds101(n: u64) -> Played<Match101> {
    (0..n)
        .map(|seed| {
            let start = Match101::new(Rules101::default(), 900 + seed).expect("a match");
            let mut m = start.clone();
            let mut bots: Vec<Option<Bot101>> = (0..4)
                .map(|s| Some(Bot101::new(Level::Medium, seed * 4 + s)))
                .collect();
            while !m.round().is_over() {
                let mv = next_move101(&m, &mut bots).expect("a bot moves");
                m.apply(mv.seat, mv.action).expect("a legal move");
            }
            let log: Vec<(Seat, Action101)> = m.log().to_vec();
            (start, log)
        })
        .collect()
}

/// Milliseconds of reviewing each round from `seats` (side by side, as the app does).
fn times<G: Reviewable>(rounds: &Played<G>, seats: &[Seat]) -> Vec<f64> {
    rounds
        .iter()
        .map(|(start, log)| {
            let t = Instant::now();
            black_box(review_seats(start, log, seats).expect("a review"));
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect()
}

fn report<G: Reviewable>(name: &str, rounds: &Played<G>) {
    let all: Vec<Seat> = (0..4).map(Seat).collect();
    for (who, seats) in [("one seat", &[Seat(0)][..]), ("four seats", &all[..])] {
        let mut t = times(rounds, seats);
        t.sort_by(f64::total_cmp);
        let median = t[t.len() / 2];
        let worst = t[t.len() - 1];
        let mean = t.iter().sum::<f64>() / t.len() as f64;
        println!(
            "review {name}, {who}: a round median {median:.2} ms, worst {worst:.2} ms; \
             a 12-round match about {:.0} ms ({} rounds)",
            mean * 12.0,
            t.len()
        );
    }
}

fn bench(c: &mut Criterion) {
    let duz = duz_rounds(24);
    let r101 = rounds101(24);
    report("duz", &duz);
    report("101", &r101);
    c.bench_function("review duz round, one seat", |b| {
        b.iter(|| Match::review_round(&duz[0].0, &duz[0].1, Seat(0)))
    });
    c.bench_function("review 101 round, one seat", |b| {
        b.iter(|| Match101::review_round(&r101[0].0, &r101[0].1, Seat(0)))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
