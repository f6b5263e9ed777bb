//! The review's sanity check: over the same deals, the medium bot's accuracy is clearly
//! higher than the easy bot's and the random bot's (docs/REVIEW.md keeps the figures of a
//! longer run).

use okey_bots::{play_round, Bot, Level};
use okey_core::review::{review_round, DecisionKind, Grade};
use okey_core::Action;
use okey_core::{Match, Rules, Seat};

/// The mean accuracy of each of `levels` (one per seat) over `rounds` deals, each deal played
/// once per rotation of the levels round the table.
fn accuracies(levels: [Level; 3], rounds: u64) -> [f64; 3] {
    let rules = Rules {
        players: 3,
        ..Rules::default()
    };
    let mut sums = [0.0; 3];
    let mut counts = [0u32; 3];
    for deal in 0..rounds {
        for rotation in 0..3 {
            let start = Match::new(rules, 1_000 + deal).expect("a match");
            let mut m = start.clone();
            let level_of = |seat: usize| (seat + rotation) % 3;
            let mut bots: Vec<Option<Bot>> = (0..3)
                .map(|s| Some(Bot::new(levels[level_of(s)], deal * 7 + s as u64)))
                .collect();
            play_round(&mut m, &mut bots, |_| {}).expect("the round is played");
            for seat in 0..3 {
                let review =
                    review_round(&start, m.log(), Seat(seat as u8)).expect("the round replays");
                sums[level_of(seat)] += review.accuracy;
                counts[level_of(seat)] += 1;
            }
        }
    }
    [0, 1, 2].map(|i| sums[i] / f64::from(counts[i].max(1)))
}

#[test]
fn medium_plays_more_accurately_than_easy_and_random() {
    let rounds = std::env::var("OKEY_REVIEW_ROUNDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(6);
    let [medium, easy, random] = accuracies([Level::Medium, Level::Easy, Level::Random], rounds);
    eprintln!(
        "accuracy over {} rounds a level: medium {medium:.1}, easy {easy:.1}, random {random:.1}",
        rounds * 3
    );
    assert!(medium > easy + 5.0, "medium {medium:.1}, easy {easy:.1}");
    assert!(easy > random + 5.0, "easy {easy:.1}, random {random:.1}");
}

#[test]
fn r19_a_gosterge_not_shown_is_a_mistake_and_a_discard_that_fed_a_finish_is_marked() {
    let rules = Rules {
        players: 3,
        ..Rules::default()
    };
    let (mut missed, mut fed) = (0, 0);
    for deal in 0..12u64 {
        let start = Match::new(rules, 2_000 + deal).expect("a match");
        let mut m = start.clone();
        // Random bots never show the gösterge; medium ones always do.
        let levels = [Level::Random, Level::Medium, Level::Random];
        let mut bots: Vec<Option<Bot>> = (0..3)
            .map(|s| Some(Bot::new(levels[s], deal + s as u64)))
            .collect();
        play_round(&mut m, &mut bots, |_| {}).expect("the round is played");
        let log = m.log();
        for seat in 0..3u8 {
            let review = review_round(&start, log, Seat(seat)).expect("the round replays");
            for d in &review.decisions {
                if d.kind == DecisionKind::Gosterge {
                    assert_eq!((d.grade, d.best), (Grade::Mistake, Action::ShowIndicator));
                    assert_ne!(levels[usize::from(seat)], Level::Medium, "medium shows it");
                    missed += 1;
                }
                if d.fed_finish {
                    // The next seat's turn after it: the take of this discard, then a finish.
                    let next: Vec<&Action> = log[d.turn + 1..]
                        .iter()
                        .filter(|(by, a)| {
                            by.0 == (seat + 1) % 3 && !matches!(a, Action::Move { .. })
                        })
                        .map(|(_, a)| a)
                        .collect();
                    assert!(
                        matches!(next.as_slice(), [Action::TakeDiscard, Action::Finish(_)]),
                        "{next:?}"
                    );
                    fed += 1;
                }
            }
        }
    }
    eprintln!("12 rounds: {missed} gösterges missed, {fed} discards fed a finish");
    assert!(
        missed > 0,
        "random seats hold the indicator's copy now and then"
    );
}

#[test]
fn r10_a_finish_made_is_good_or_best_and_one_missed_is_a_blunder() {
    let rules = Rules {
        players: 3,
        ..Rules::default()
    };
    let (mut made, mut missed) = (0, 0);
    for deal in 0..30u64 {
        let start = Match::new(rules, 3_000 + deal).expect("a match");
        let mut m = start.clone();
        let mut bots: Vec<Option<Bot>> = (0..3)
            .map(|s| Some(Bot::new(Level::Medium, deal + s)))
            .collect();
        // Every other deal, the first seat that could finish discards the tile instead.
        let miss = deal % 2 == 0;
        while !m.round().is_over() {
            let seat = m.round().turn().expect("a seat to move");
            let finish = m
                .legal_actions(seat)
                .into_iter()
                .find(|a| matches!(a, Action::Finish(_)));
            if let (true, Some(Action::Finish(tile))) = (miss, finish) {
                m.apply(seat, Action::Discard(tile))
                    .expect("a discard is legal");
                let review = review_round(&start, m.log(), seat).expect("the round replays");
                let d = review.decisions.last().expect("the discard is graded");
                assert_eq!((d.kind, d.grade), (DecisionKind::Discard, Grade::Blunder));
                assert!(matches!(d.best, Action::Finish(_)), "{d:?}");
                missed += 1;
                break;
            }
            let mv = okey_bots::next_move(&m, &mut bots).expect("a bot moves");
            m.apply(mv.seat, mv.action).expect("a bot's move is legal");
        }
        if let Some(okey_core::RoundEnd::Finished { seat, .. }) = m.round().end() {
            let review = review_round(&start, m.log(), *seat).expect("the round replays");
            let d = review.decisions.last().expect("the finish is graded");
            assert_eq!(d.kind, DecisionKind::Finish);
            assert!(matches!(d.grade, Grade::Best | Grade::Good), "{d:?}");
            made += 1;
        }
    }
    eprintln!("30 deals: {made} finishes made, {missed} missed");
    assert!(made > 0 && missed > 0);
}
