//! The 101 review's checks: over the same deals the medium bot's accuracy is clearly higher
//! than the random bot's; what the review marks holds on the table (a penalised discard was
//! charged, a fed discard was taken, an opening put off was legal, tiles missed could go).

use okey_bots::r101::next_move101;
use okey_bots::{Bot101, Level};
use okey_core::r101::review::{review_round101, DecisionKind101, Fed101};
use okey_core::r101::{Action101, Match101, Rules101};
use okey_core::review::Grade;
use okey_core::Seat;

/// Plays one round of `start` with one bot of `levels` a seat; the log of the round.
fn play(start: &Match101, levels: &[Level], seed: u64) -> Vec<(Seat, Action101)> {
    let mut m = start.clone();
    let mut bots: Vec<Option<Bot101>> = levels
        .iter()
        .enumerate()
        .map(|(s, &l)| Some(Bot101::new(l, seed ^ (s as u64) << 40)))
        .collect();
    while !m.round().is_over() {
        let mv = next_move101(&m, &mut bots).expect("a bot moves");
        m.apply(mv.seat, mv.action).expect("a bot's move is legal");
    }
    m.log().to_vec()
}

#[test]
fn r101_medium_plays_more_accurately_than_easy_and_random() {
    let rounds = std::env::var("OKEY_REVIEW_ROUNDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(12u64);
    let rules = Rules101::default();
    let levels = [Level::Medium, Level::Easy, Level::Random];
    let mut sums = [0.0; 3];
    let mut counts = [0u32; 3];
    for deal in 0..rounds {
        // Each deal once per rotation of the levels round the four seats.
        for rotation in 0..3 {
            let start = Match101::new(rules, 5_000 + deal).expect("a match");
            let at: Vec<Level> = (0..4).map(|s| levels[(s + rotation) % 3]).collect();
            let log = play(&start, &at, deal);
            for seat in 0..4u8 {
                let r = review_round101(&start, &log, Seat(seat)).expect("the round replays");
                let i = (usize::from(seat) + rotation) % 3;
                sums[i] += r.accuracy;
                counts[i] += 1;
            }
        }
    }
    let [medium, easy, random] = [0, 1, 2].map(|i| sums[i] / f64::from(counts[i].max(1)));
    eprintln!(
        "101 accuracy over {rounds} deals, {:?} seat-rounds a level: medium {medium:.1}, \
         easy {easy:.1}, random {random:.1}",
        counts
    );
    assert!(medium > easy + 2.0, "medium {medium:.1}, easy {easy:.1}");
    assert!(easy > random + 5.0, "easy {easy:.1}, random {random:.1}");
}

#[test]
fn r101_24_r101_25_what_the_review_marks_holds_on_the_table() {
    let rules = Rules101::default();
    let (mut penalised, mut fed, mut put_off, mut missed, mut finishes) = (0, 0, 0, 0, 0);
    for deal in 0..8u64 {
        let start = Match101::new(rules, 7_000 + deal).expect("a match");
        let levels = [Level::Random, Level::Medium, Level::Random, Level::Medium];
        let log = play(&start, &levels, deal);
        let mut end = start.clone();
        for (by, a) in &log {
            end.apply(*by, a.clone()).expect("the log replays");
        }
        for seat in 0..4u8 {
            let r = review_round101(&start, &log, Seat(seat)).expect("the round replays");
            let line = end.round().end().expect("over").lines[usize::from(seat)].clone();
            let left = r.end.as_ref().expect("every seat has a line");
            assert_eq!((left.total, &left.tiles), (line.total, &line.left));
            for d in &r.decisions {
                assert_eq!(log[d.turn].0, Seat(seat), "a decision is the seat's own");
                if d.penalised {
                    // R101-24/25: the penalty was charged; a free discard existed, so a blunder.
                    assert!(line.penalties > 0);
                    assert!(d.grade == Grade::Blunder || d.best == d.chosen, "{d:?}");
                    penalised += 1;
                }
                match d.fed {
                    Some(Fed101::Finish | Fed101::Opening) => {
                        let next = Seat((seat + 1) % 4);
                        let take = log[d.turn + 1..].iter().find(|(by, _)| *by == next);
                        assert_eq!(take.map(|(_, a)| a), Some(&Action101::Take));
                        fed += 1;
                    }
                    None => {}
                }
                match d.kind {
                    DecisionKind101::Open if matches!(d.chosen, Action101::Discard(_)) => {
                        assert_eq!(d.grade, Grade::Mistake);
                        assert!(matches!(d.best, Action101::Open(_)));
                        put_off += 1;
                    }
                    DecisionKind101::LayOff | DecisionKind101::Swap => {
                        assert!(!d.missed.is_empty());
                        assert!(matches!(
                            d.best,
                            Action101::LayOff { .. } | Action101::Swap { .. }
                        ));
                        missed += 1;
                    }
                    DecisionKind101::Finish => {
                        assert_eq!(d.grade, Grade::Best);
                        finishes += 1;
                    }
                    _ => {}
                }
            }
        }
    }
    eprintln!(
        "8 rounds: {penalised} penalised, {fed} fed, {put_off} openings put off, \
         {missed} table plays missed, {finishes} finishes"
    );
    assert!(
        put_off + missed + penalised > 0,
        "random seats slip now and then"
    );
}
