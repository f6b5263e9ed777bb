//! What each 101 level must achieve against the one below it, on fixed seeds in a small
//! duplicate arena (the same deals rotated through the seats): the results are deterministic,
//! so the margins below cannot flake; the full floors are measured in docs/BOTS.md.

use okey_bots::r101::{run_arena101, Arena101Config, Arena101Report};
use okey_bots::{Bot101, Level};
use okey_core::r101::Rules101;

fn arena(seats: [Level; 4], rounds: u32, seed: u64) -> Arena101Report {
    run_arena101(&Arena101Config {
        seats: seats.to_vec(),
        rounds,
        first: 0,
        seed,
        duplicate: true,
        rules: Rules101::default(),
        budget: Bot101::DEFAULT_BUDGET,
        rollouts: 0,
    })
    .unwrap()
}

#[test]
fn r101_easy_beats_three_random_bots() {
    let r = arena(
        [Level::Easy, Level::Random, Level::Random, Level::Random],
        96,
        7,
    );
    let (easy, random) = (&r.bots["easy"], &r.bots["random"]);
    // Random opens in about one round in five; easy in most.
    assert!(easy.share > 0.5, "easy won {:.2} of the rounds", easy.share);
    assert!(
        easy.points_ci95[1] < random.points_ci95[0],
        "easy {:.1} {:?} against random {:.1} {:?}",
        easy.points_mean,
        easy.points_ci95,
        random.points_mean,
        random.points_ci95
    );
}

#[test]
fn r101_medium_beats_three_easy_bots() {
    let r = arena(
        [Level::Medium, Level::Easy, Level::Easy, Level::Easy],
        96,
        11,
    );
    let (medium, easy) = (&r.bots["medium"], &r.bots["easy"]);
    assert!(
        medium.points_mean + 8.0 < easy.points_mean,
        "medium {:.1} against easy {:.1} points a round",
        medium.points_mean,
        easy.points_mean
    );
    // A quarter of the wins is what an equal bot gets among four.
    assert!(
        medium.share > 0.25,
        "medium won {:.2} of the rounds",
        medium.share
    );
}

#[test]
fn r101_arena_counts_every_round_once() {
    let r = arena(
        [Level::Medium, Level::Easy, Level::Medium, Level::Random],
        10,
        3,
    );
    assert_eq!(r.rounds, 12, "rounded up to whole rotations");
    let wins: u32 = r.bots.values().map(|b| b.wins).sum();
    assert_eq!(wins + r.no_winner, 12);
    assert_eq!(r.bots["medium"].seats, 2);
}
