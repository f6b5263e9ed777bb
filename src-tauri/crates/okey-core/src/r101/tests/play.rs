//! Turns, openings and table play, R101-11..R101-30.

use super::*;
use crate::error::TurnError;
use crate::r101::action::Action101 as A;
use crate::r101::error::Error101 as E;
use crate::r101::round::{Cause, Event101};
use crate::r101::rules::{Exhaustion, LastPairs, TableErrors, TakeReturn};
use crate::r101::scoring::EndKind;

const FILL9: &str = "R1 R2 Y1 Y2 K10 K11 B1 B2 R6";

fn four(hand: &str, at: Seat) -> Vec<String> {
    let mut v = vec![String::new(); 4];
    v[at.index()] = hand.to_string();
    v
}

pub(super) fn rigged(rules: Rules101, hand: &str, at: Seat) -> Round101 {
    let hands = four(hand, at);
    let refs: Vec<&str> = hands.iter().map(String::as_str).collect();
    rig(rules, &refs, at)
}

/// Applies and expects a refusal that changes nothing; returns the error.
pub(super) fn refused(r: &mut Round101, seat: Seat, a: A) -> E {
    let before = r.clone();
    let e = r.apply(seat, &a).expect_err("refused");
    assert_eq!(*r, before, "a refusal changes nothing");
    e
}

#[test]
fn r101_14_worked_example_1_opening_at_exactly_101() {
    let hand = format!("B13 K13 R13 Y13 Y7 Y8 Y9 K3 K4 K5 K6 K7 {FILL9}");
    let mut r = rigged(Rules101::default(), &hand, BANU);
    r.apply(BANU, &A::Draw).unwrap();
    let open = vec![
        r.laid(BANU, Shape::Set, "B13 K13 R13 Y13"),
        r.laid(BANU, Shape::Run, "Y7 Y8 Y9"),
        r.laid(BANU, Shape::Run, "K3 K4 K5 K6 K7"),
    ];
    r.apply(BANU, &A::Open(open)).unwrap();
    assert_eq!(r.status(BANU), Status::Series { value: 101 });
    assert_eq!(r.hand(BANU).len(), 10);
    let t = r.hand(BANU)[0];
    r.apply(BANU, &A::Discard(t)).unwrap();
    assert_eq!(r.hand(BANU).len(), 9);
    assert_eq!(r.table().len(), 3);
}

#[test]
fn r101_14_worked_example_2_100_may_not_open() {
    let hand = format!("B13 K13 R13 Y13 Y7 Y8 Y9 Y10 B8 K8 R8 {FILL9}");
    let mut r = rigged(Rules101::default(), &hand, BANU);
    r.apply(BANU, &A::Draw).unwrap();
    let short = vec![
        r.laid(BANU, Shape::Set, "B13 K13 R13 Y13"),
        r.laid(BANU, Shape::Run, "Y7 Y8 Y9"),
        r.laid(BANU, Shape::Set, "B8 K8 R8"),
    ];
    let e = refused(&mut r, BANU, A::Open(short));
    assert_eq!(
        e,
        E::OpeningTooLow {
            value: 100,
            needed: 101
        }
    );
    assert_eq!(rule_of(&e), "R101-14");
    let p = crate::problem::Coded::problem(&e);
    assert_eq!(p.code(), "opening_too_low");
    assert_eq!(p.params()["rule"], "R101-14");
    let ok = vec![
        r.laid(BANU, Shape::Set, "B13 K13 R13 Y13"),
        r.laid(BANU, Shape::Run, "Y7 Y8 Y9 Y10"),
        r.laid(BANU, Shape::Set, "B8 K8 R8"),
    ];
    r.apply(BANU, &A::Open(ok)).unwrap();
    assert_eq!(r.status(BANU), Status::Series { value: 110 });
}

#[test]
fn r101_13_take_discard_only_if_used() {
    // Worked example 4: Y13 from Ali makes Banu's 96 into 109.
    let hand = "K13 R13 B13 R10 R11 R12 K7 K8 K9 R1 R2 Y1 Y2 K10 K11 B1 B2 R6 Y6 Y4 K2";
    let mut r = rigged(Rules101::default(), hand, BANU);
    r.give(ALI, "Y13", true);
    assert_eq!(r.offered().map(|t| t.kind()), parse_kind("Y13").ok());
    r.apply(BANU, &A::Take).unwrap();
    let y13 = r.pending().unwrap();
    let other = r.find(BANU, "R1")[0];
    assert_eq!(
        refused(&mut r, BANU, A::Discard(other)),
        E::TakenNotUsed(y13)
    );
    assert_eq!(refused(&mut r, BANU, A::Discard(y13)), E::TakenNotUsed(y13));
    let without = vec![
        r.laid(BANU, Shape::Set, "K13 R13 B13"),
        r.laid(BANU, Shape::Run, "R10 R11 R12"),
        r.laid(BANU, Shape::Run, "K7 K8 K9"),
    ];
    assert_eq!(
        refused(&mut r, BANU, A::Open(without)),
        E::TakenNotInOpening(y13)
    );
    let with = vec![
        r.laid(BANU, Shape::Set, "B13 K13 R13 Y13"),
        r.laid(BANU, Shape::Run, "R10 R11 R12"),
        r.laid(BANU, Shape::Run, "K7 K8 K9"),
    ];
    r.apply(BANU, &A::Open(with)).unwrap();
    assert_eq!(r.status(BANU), Status::Series { value: 109 });
    assert_eq!(r.pending(), None);
    r.apply(BANU, &A::Discard(other)).unwrap();
}

#[test]
fn r101_13_an_unusable_discard_goes_back_free_or_for_101() {
    for (mode, charged) in [(TakeReturn::Free, 0), (TakeReturn::Penalty, 1)] {
        let rules = Rules101 {
            take_return: mode,
            ..Rules101::default()
        };
        let hand = "K13 R13 B13 R10 R11 R12 K7 K8 K9 R1 R2 Y1 Y2 K10 K11 B1 B2 R6 Y6 Y4 K2";
        let mut r = rigged(rules, hand, BANU);
        let y5 = r.give(ALI, "Y5", true)[0];
        r.apply(BANU, &A::Take).unwrap();
        r.apply(BANU, &A::Return).unwrap();
        assert_eq!(r.stack(ALI), &[y5]);
        assert_eq!(r.hand(BANU).len(), 22);
        assert_eq!(r.pending(), None);
        assert_eq!(r.penalties(BANU).len(), charged);
        assert_eq!(refused(&mut r, BANU, A::Return), E::CannotReturn);
    }
}

#[test]
fn r101_11_the_starter_only_discards_on_its_first_turn() {
    let mut r = Round101::new(Rules101::default(), Seat(2), 9);
    assert_eq!(r.turn(), Some(Seat(2)));
    assert_eq!(r.hand(Seat(2)).len(), 22);
    assert_eq!(refused(&mut r, Seat(2), A::Draw), E::StarterOnlyDiscards);
    assert_eq!(
        refused(&mut r, Seat(3), A::Draw),
        TurnError::NotYourTurn.into()
    );
    let t = r.hand(Seat(2))[0];
    r.apply(Seat(2), &A::Discard(t)).unwrap();
    assert_eq!(r.turn(), Some(Seat(3)));
    let first = r.hand(Seat(3))[0];
    assert_eq!(
        refused(&mut r, Seat(3), A::Discard(first)),
        E::MustTakeFirst
    );
    r.apply(Seat(3), &A::Take).unwrap();
    assert_eq!(r.hand(Seat(3)).len(), 22);
}

#[test]
fn r101_15_worked_example_5_pairs_and_no_mixing() {
    let hand = "R3 R3 K7 K7 Y1 Y1 B12 B12 K10 OK K4 K5 K6 R9 Y11 B2 K1 R13 Y8 B7 K12";
    let mut r = rigged(Rules101::default(), hand, CEM);
    r.apply(CEM, &A::Draw).unwrap();
    let four_pairs = ["R3 R3", "K7 K7", "Y1 Y1", "B12 B12"].map(|p| r.laid(CEM, Shape::Pair, p));
    let mut mixed = four_pairs.to_vec();
    mixed.push(r.laid(CEM, Shape::Run, "K4 K5 K6"));
    assert_eq!(refused(&mut r, CEM, A::Open(mixed)), E::MixedOpening);
    assert_eq!(
        refused(&mut r, CEM, A::Open(four_pairs.to_vec())),
        E::TooFewPairs {
            pairs: 4,
            needed: 5
        }
    );
    let mut five = four_pairs.to_vec();
    five.push(r.laid(CEM, Shape::Pair, "K10 OK"));
    r.apply(CEM, &A::Open(five)).unwrap();
    assert_eq!(r.status(CEM), Status::Pairs { pairs: 5 });
    // R101-20: next turn, pairs only.
    let t = r.find(CEM, "Y8")[0];
    r.apply(CEM, &A::Discard(t)).unwrap();
    r.begin_turn(CEM);
    r.apply(CEM, &A::Draw).unwrap();
    let run = r.laid(CEM, Shape::Run, "K4 K5 K6");
    assert_eq!(
        refused(&mut r, CEM, A::Meld(run)),
        E::ShapeNotAllowed(Shape::Run)
    );
}

#[test]
fn r101_17_rising_openings_count_separately() {
    let rules = Rules101 {
        rising_open: true,
        ..Rules101::default()
    };
    let hand = "R3 R3 K7 K7 Y1 Y1 B12 B12 K10 OK K4 K5 K6 R9 Y11 B2 K1 R13 Y8 B7 K12";
    let mut r = rigged(rules, hand, CEM);
    r.set_status(BANU, Status::Series { value: 109 });
    assert_eq!(r.needed(CEM), (110, 5));
    r.apply(CEM, &A::Draw).unwrap();
    let five =
        ["R3 R3", "K7 K7", "Y1 Y1", "B12 B12", "K10 OK"].map(|p| r.laid(CEM, Shape::Pair, p));
    r.apply(CEM, &A::Open(five.to_vec())).unwrap();
    assert_eq!(r.needed(DERYA), (110, 6));
    let off = Rules101::default();
    let mut plain = rigged(off, hand, CEM);
    plain.set_status(BANU, Status::Series { value: 109 });
    assert_eq!(plain.needed(CEM), (101, 5));
}

#[test]
fn r101_18_the_last_pairs_opening_is_refused_or_voids_the_round() {
    for (mode, voided) in [(LastPairs::Refused, false), (LastPairs::VoidRound, true)] {
        let rules = Rules101 {
            last_pairs: mode,
            ..Rules101::default()
        };
        let hand = "R3 R3 K7 K7 Y1 Y1 B12 B12 K10 K10 K4 K5 K6 R9 Y11 B2 K1 R13 Y8 B7 K12";
        let mut r = rigged(rules, hand, CEM);
        for s in [ALI, BANU, DERYA] {
            r.set_status(s, Status::Pairs { pairs: 5 });
        }
        r.apply(CEM, &A::Draw).unwrap();
        let five =
            ["R3 R3", "K7 K7", "Y1 Y1", "B12 B12", "K10 K10"].map(|p| r.laid(CEM, Shape::Pair, p));
        if voided {
            r.apply(CEM, &A::Open(five.to_vec())).unwrap();
            assert_eq!(r.end().map(|e| e.kind), Some(EndKind::Void));
        } else {
            assert_eq!(refused(&mut r, CEM, A::Open(five.to_vec())), E::LastPairs);
        }
    }
}

#[test]
fn r101_16_declared_players_open_only_with_pairs() {
    let rules = Rules101 {
        pairs_declaration: true,
        ..Rules101::default()
    };
    let hand = "R3 R3 K7 K7 Y1 Y1 B12 B12 K10 K10 K4 K5 K6 R9 Y11 B2 K1 R13 Y8 B7 K12";
    let mut r = rigged(rules, hand, CEM);
    r.apply(CEM, &A::Draw).unwrap();
    let five =
        ["R3 R3", "K7 K7", "Y1 Y1", "B12 B12", "K10 K10"].map(|p| r.laid(CEM, Shape::Pair, p));
    assert_eq!(refused(&mut r, CEM, A::Open(five.to_vec())), E::Declaration);
    r.apply(CEM, &A::DeclarePairs).unwrap();
    assert_eq!(refused(&mut r, CEM, A::DeclarePairs), E::CannotDeclare);
    r.apply(CEM, &A::Open(five.to_vec())).unwrap();
    // Reading #4: a declared player who has not opened does not take the previous discard.
    let mut r = rigged(rules, hand, CEM);
    r.give(BANU, "R9", true);
    r.apply(CEM, &A::DeclarePairs).unwrap();
    let e = refused(&mut r, CEM, A::Take);
    assert_eq!(e, E::DeclaredNoTake);
    assert_eq!(e.rule(), "R101-16");
    assert_eq!(r.offered_use(CEM), Err(E::DeclaredNoTake));
    // Nor may a player declare once it took the discard.
    let mut r = rigged(rules, hand, CEM);
    r.give(BANU, "R9", true);
    r.apply(CEM, &A::Take).unwrap();
    assert_eq!(refused(&mut r, CEM, A::DeclarePairs), E::CannotDeclare);
}

#[test]
fn r101_38_whether_the_offered_discard_could_be_used() {
    // Worked example 4: Y13 lifts Banu's 96 to 109; Y5 helps nothing.
    let hand = "K13 R13 B13 R10 R11 R12 K7 K8 K9 R1 Y3 B6 K4 R8 Y10 B2 Y7 R5 B11 K1 Y12";
    let mut r = rigged(Rules101::default(), hand, BANU);
    r.give(ALI, "Y13", true);
    assert_eq!(r.offered_use(BANU), Ok(()));
    let mut r = rigged(Rules101::default(), hand, BANU);
    r.give(ALI, "Y5", true);
    assert_eq!(
        r.offered_use(BANU),
        Err(E::OpeningTooLow {
            value: 0,
            needed: 101
        })
    );
    assert_eq!(r.offered_use(CEM), Err(TurnError::NotYourTurn.into()));
    // Pairs: R1 R2 Y1 Y2 ... hold no pair; a sixth pair-maker is needed, so R1 does not help.
    let pairs = "R3 R3 K7 K7 Y1 Y1 B12 B12 K10 R1 R2 Y4 B2 K1 R13 Y8 B7 K12 Y9 B9 R8";
    let mut r = rigged(Rules101::default(), pairs, BANU);
    r.give(ALI, "K10", true);
    assert_eq!(r.offered_use(BANU), Ok(()));
    // Opened: a lay-off spot for the offered tile.
    let mut r = rigged(Rules101::default(), "K1 K2 Y3", BANU);
    r.table_meld(ALI, Shape::Run, "R5 R6 R7");
    r.set_status(BANU, Status::Series { value: 101 });
    r.give(ALI, "R8", true);
    assert_eq!(r.offered_use(BANU), Ok(()));
}

#[test]
fn r101_26_penalize_mode_charges_101_and_keeps_the_tiles() {
    let rules = Rules101 {
        table_errors: TableErrors::Penalize,
        ..Rules101::default()
    };
    let hand = format!("B13 K13 R13 Y13 Y7 Y8 Y9 Y10 B8 K8 R8 {FILL9}");
    let mut r = rigged(rules, &hand, BANU);
    r.apply(BANU, &A::Draw).unwrap();
    let before = r.hand(BANU).to_vec();
    let short = vec![
        r.laid(BANU, Shape::Set, "B13 K13 R13 Y13"),
        r.laid(BANU, Shape::Run, "Y7 Y8 Y9"),
        r.laid(BANU, Shape::Set, "B8 K8 R8"),
    ];
    let events = r.apply(BANU, &A::Open(short)).unwrap();
    assert!(matches!(
        events[..],
        [Event101::Penalised(BANU, Cause::TableError(_))]
    ));
    assert_eq!(r.hand(BANU), &before[..]);
    assert_eq!(r.penalties(BANU).len(), 1);
    assert_eq!(r.status(BANU), Status::Unopened { declared: false });
    // Not a table error: still refused.
    assert_eq!(refused(&mut r, BANU, A::Draw), E::AlreadyTook);
}

#[test]
fn r101_29_worked_example_9_elden_finish() {
    let hand = "R1 R2 R3 R1 R2 R3 Y1 Y2 Y3 Y1 Y2 Y3 K1 K2 K3 K1 K2 K3 B1 B2 B3";
    let mut r = rigged(Rules101::default(), hand, DERYA);
    let k12 = take(&mut r.pile, "K12");
    r.pile.push(k12);
    r.apply(DERYA, &A::Draw).unwrap();
    let open: Vec<Laid> = [
        "R1 R2 R3", "R1 R2 R3", "Y1 Y2 Y3", "Y1 Y2 Y3", "K1 K2 K3", "K1 K2 K3", "B1 B2 B3",
    ]
    .iter()
    .map(|m| {
        let tiles = r.find(DERYA, m);
        Laid {
            shape: Shape::Run,
            tiles,
        }
    })
    .collect();
    // Distinct copies: find picks the first of each kind, so take the second run's copies.
    let mut open = open;
    open[1].tiles = r.find(DERYA, "R1 R2 R3 R1 R2 R3")[3..].to_vec();
    open[3].tiles = r.find(DERYA, "Y1 Y2 Y3 Y1 Y2 Y3")[3..].to_vec();
    open[5].tiles = r.find(DERYA, "K1 K2 K3 K1 K2 K3")[3..].to_vec();
    r.apply(DERYA, &A::Open(open)).unwrap();
    assert_eq!(r.status(DERYA), Status::Series { value: 42 });
    r.apply(DERYA, &A::Discard(k12)).unwrap();
    let end = r.end().unwrap();
    assert!(matches!(end.kind, EndKind::Finished(f) if f.elden));
    let totals: Vec<i32> = end.lines.iter().map(|l| l.total).collect();
    assert_eq!(totals, [404, 404, 404, -202]);
}

#[test]
fn r101_30_the_pile_runs_out() {
    for mode in [Exhaustion::LastDiscard, Exhaustion::OneMoreTake] {
        let rules = Rules101 {
            exhaustion: mode,
            ..Rules101::default()
        };
        let mut r = rigged(rules, "R1 R2 R3 K9", BANU);
        r.hands[CEM.index()] = r.give(CEM, "Y1 Y2", false);
        let keep = r.pile.pop().unwrap();
        r.stacks[ALI.index()].append(&mut r.pile);
        r.pile.push(keep);
        r.apply(BANU, &A::Draw).unwrap();
        let k9 = r.find(BANU, "K9")[0];
        r.apply(BANU, &A::Discard(k9)).unwrap();
        match mode {
            Exhaustion::LastDiscard => {
                assert_eq!(r.end().map(|e| e.kind), Some(EndKind::Exhausted));
                assert_eq!(r.end().unwrap().multiplier, 1);
            }
            Exhaustion::OneMoreTake => {
                assert!(r.last_chance());
                assert_eq!(refused(&mut r, CEM, A::Draw), E::PileEmpty);
                r.apply(CEM, &A::Take).unwrap();
                r.apply(CEM, &A::Return).unwrap();
                assert_eq!(r.end().map(|e| e.kind), Some(EndKind::Exhausted));
            }
        }
    }
}
