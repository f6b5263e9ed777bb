//! What each 101 level must achieve against the one below it, on fixed seeds in a small
//! duplicate arena (the same deals rotated through the seats): the results are deterministic,
//! so the margins below cannot flake; the full floors are measured in docs/BOTS.md.

use okey_bots::r101::{run_arena101, Arena101Config, Arena101Report};
use okey_bots::{Bot101, Level};
use okey_core::r101::Rules101;

fn arena(seats: [Level; 4], rounds: u32, seed: u64) -> Arena101Report {
    arena_budget(seats, rounds, seed, Bot101::DEFAULT_BUDGET)
}

fn arena_budget(seats: [Level; 4], rounds: u32, seed: u64, budget: u32) -> Arena101Report {
    run_arena101(&Arena101Config {
        seats: seats.map(Into::into).to_vec(),
        rounds,
        first: 0,
        seed,
        duplicate: true,
        rules: Rules101::default(),
        budget,
        rollouts: 0,
    })
    .unwrap()
}

/// Asserts that `strong` took at least `margin` penalty points a round fewer than `weak`,
/// and won more than the quarter of the rounds an equal bot gets among four.
fn assert_beats(r: &Arena101Report, strong: &str, weak: &str, margin: f64) {
    let (s, w) = (&r.bots[strong], &r.bots[weak]);
    assert!(
        s.own.points_mean + margin < w.own.points_mean,
        "{strong} {:.1} against {weak} {:.1} points a round",
        s.own.points_mean,
        w.own.points_mean
    );
    assert!(s.share > 0.25, "{strong} won {:.2} of the rounds", s.share);
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
        easy.own.points_ci95[1] < random.own.points_ci95[0],
        "easy {:.1} {:?} against random {:.1} {:?}",
        easy.own.points_mean,
        easy.own.points_ci95,
        random.own.points_mean,
        random.own.points_ci95
    );
}

#[test]
fn r101_medium_beats_three_easy_bots() {
    let r = arena(
        [Level::Medium, Level::Easy, Level::Easy, Level::Easy],
        96,
        11,
    );
    assert_beats(&r, "medium", "easy", 8.0);
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

#[test]
fn r101_hard_beats_three_medium_bots() {
    // A small budget keeps the debug build quick; the full one is measured in docs/BOTS.md.
    let seats = [Level::Hard, Level::Medium, Level::Medium, Level::Medium];
    let r = arena_budget(seats, 96, 5, 24);
    assert_beats(&r, "hard", "medium", 5.0);
}

/// What separates the levels at the table: easy lays off on its own melds only, medium
/// overlooks okey swaps and discards it could lay off once opened, hard does both.
#[test]
fn r101_levels_differ_in_what_they_see_at_the_table() {
    use okey_bots::r101::next_move101;
    use okey_core::r101::{Action101, Match101};
    use okey_core::Seat;
    let levels = [Level::Easy, Level::Medium, Level::Hard, Level::Medium];
    let (mut hard_swaps, mut hard_opened_takes, mut easy_layoffs) = (0, 0, 0);
    for seed in 0..12u64 {
        let mut m = Match101::new(Rules101::default(), seed).unwrap();
        let mut bots: Vec<Option<Bot101>> = (0..4u8)
            .map(|s| Some(Bot101::for_seat(levels[s as usize], seed, Seat(s)).with_budget(24)))
            .collect();
        let mut rounds = 0;
        while rounds < 2 {
            let mv = next_move101(&m, &mut bots).unwrap();
            if mv.action == Action101::NextRound {
                rounds += 1;
            }
            let round = m.round();
            let level = levels[mv.seat.index()];
            let opened = round.status(mv.seat).opened();
            // The tile just taken must reach the table, on whatever meld takes it.
            let pending = round.pending().is_some();
            match &mv.action {
                Action101::Swap { .. } => {
                    assert_ne!(level, Level::Medium, "medium swapped an okey");
                    if level == Level::Hard {
                        hard_swaps += 1;
                    }
                }
                Action101::Take if opened => {
                    assert_ne!(level, Level::Medium, "medium took a discard once opened");
                    if level == Level::Hard {
                        hard_opened_takes += 1;
                    }
                }
                Action101::LayOff { meld, .. } if level == Level::Easy && !pending => {
                    let owner = round.table().iter().find(|t| t.id == *meld).unwrap().owner;
                    assert_eq!(owner, mv.seat, "easy laid off on another player's meld");
                    easy_layoffs += 1;
                }
                _ => {}
            }
            m.apply(mv.seat, mv.action).unwrap();
        }
    }
    assert!(hard_swaps > 0, "hard never swapped an okey in 24 rounds");
    assert!(
        hard_opened_takes > 0,
        "hard never took a discard once opened"
    );
    assert!(easy_layoffs > 0, "easy never laid off");
}
