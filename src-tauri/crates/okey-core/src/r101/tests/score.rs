//! Round scores (R101-31..R101-35), the worked examples 7 to 10, the match and the views.

use super::*;
use crate::error::TurnError;
use crate::r101::action::Action101;
use crate::r101::game::{replay101, Match101};
use crate::r101::round::Cause;
use crate::r101::rules::{Multipliers, OkeyInHand};
use crate::r101::scoring::{EndKind, Finish};
use crate::r101::view::SeatView101;

/// Ali, Banu, Cem, Derya holding what is left at the end, with these statuses.
fn ending(rules: Rules101, hands: [&str; 4], status: [Status; 4]) -> Round101 {
    let mut r = rig(rules, &hands, ALI);
    for (i, s) in status.into_iter().enumerate() {
        r.set_status(Seat(i as u8), s);
    }
    r
}

const SERIES: Status = Status::Series { value: 101 };
const PAIRS: Status = Status::Pairs { pairs: 5 };
const UNOPENED: Status = Status::Unopened { declared: false };

fn totals(r: &Round101) -> Vec<i32> {
    r.end().unwrap().lines.iter().map(|l| l.total).collect()
}

fn finish(seat: Seat, okey: bool, pairs: bool, elden: bool) -> Option<Finish> {
    Some(Finish {
        seat,
        okey,
        pairs,
        elden,
    })
}

#[test]
fn r101_33_worked_example_7_normal_finish() {
    let mut r = ending(
        Rules101::default(),
        ["", "K12 Y3 R7", "B9 Y4", "R1 R2"],
        [SERIES, SERIES, PAIRS, UNOPENED],
    );
    r.charge(DERYA, Cause::OkeyDiscard);
    r.finish(finish(ALI, false, false, false));
    assert_eq!(totals(&r), [-101, 22, 26, 303]);
    assert_eq!(r.end().unwrap().lines[1].hand_value, 22);
}

#[test]
fn r101_32_worked_example_8_okey_finish_doubles() {
    for (mult, want) in [
        (Multipliers::Stack, [-202, 131, 52, 505]),
        (Multipliers::None, [-101, 116, 26, 303]),
    ] {
        let rules = Rules101 {
            multipliers: mult,
            ..Rules101::default()
        };
        let mut r = ending(
            rules,
            ["", "K12 Y3 OK", "B9 Y4", "R1"],
            [SERIES, SERIES, PAIRS, UNOPENED],
        );
        r.charge(DERYA, Cause::PlayableDiscard);
        r.finish(finish(ALI, true, false, false));
        assert_eq!(totals(&r), want);
    }
}

#[test]
fn r101_32_worked_example_9_stacked_doubles() {
    for (mult, want) in [
        (Multipliers::Stack, [36, 40, -404, 808]),
        (Multipliers::Single, [18, 20, -202, 404]),
    ] {
        let rules = Rules101 {
            multipliers: mult,
            ..Rules101::default()
        };
        let mut r = ending(
            rules,
            ["K4 Y5", "R5", "", "R1"],
            [SERIES, PAIRS, PAIRS, UNOPENED],
        );
        r.finish(finish(CEM, true, true, false));
        assert_eq!(totals(&r), want);
    }
}

#[test]
fn r101_31_worked_example_10_exhaustion_and_okeys_in_hand() {
    let mut r = ending(
        Rules101::default(),
        ["Y6 R11", "K3", "R1 R2 R3", "K1 OK"],
        [SERIES, PAIRS, UNOPENED, SERIES],
    );
    r.finish(None);
    assert_eq!(r.end().unwrap().kind, EndKind::Exhausted);
    assert_eq!(totals(&r), [17, 6, 202, 102]);
    let face = Rules101 {
        okey_in_hand: OkeyInHand::Face,
        ..Rules101::default()
    };
    let mut r = ending(
        face,
        ["Y6 R11", "K3", "R1", "K1 OK"],
        [SERIES, PAIRS, UNOPENED, SERIES],
    );
    r.finish(None);
    assert_eq!(totals(&r)[3], 6);
}

#[test]
fn r101_35_worked_example_10_partnership_wipes_the_partners_hand() {
    let rules = Rules101 {
        partnership: true,
        ..Rules101::default()
    };
    let mut r = ending(
        rules,
        ["", "K12 R10", "K10 Y10 R10", "R1"],
        [SERIES, SERIES, SERIES, UNOPENED],
    );
    r.charge(CEM, Cause::PlayableDiscard);
    r.finish(finish(ALI, false, false, false));
    let t = totals(&r);
    assert_eq!(t[0] + t[2], 0);
    assert_eq!(t[1] + t[3], 224);
    assert!(r.end().unwrap().lines[2].wiped);
    let mut r = ending(
        rules,
        ["", "K12", "K10", "R1"],
        [SERIES, UNOPENED, SERIES, UNOPENED],
    );
    r.finish(finish(ALI, false, false, true));
    let t = totals(&r);
    assert_eq!(t[1] + t[3], 808);
}

#[test]
fn r101_16_a_declared_player_who_never_opens_pays_404() {
    let rules = Rules101 {
        pairs_declaration: true,
        ..Rules101::default()
    };
    let mut r = ending(
        rules,
        ["", "K1", "K2", "K3"],
        [SERIES, UNOPENED, UNOPENED, UNOPENED],
    );
    r.status[BANU.index()] = Status::Unopened { declared: true };
    r.finish(finish(ALI, false, false, false));
    assert_eq!(totals(&r), [-101, 404, 202, 202]);
}

/// Plays a match to its end with the first legal action that is not a take-back or return,
/// preferring discards of the last tile, so rounds end.
fn play_out(m: &mut Match101) {
    let mut steps = 0;
    while !m.is_over() {
        let seat = m.round().turn().unwrap_or(Seat(0));
        let actions = m.legal_actions(seat);
        let pick = actions
            .iter()
            .find(|a| {
                matches!(
                    a,
                    Action101::Open(_) | Action101::Meld(_) | Action101::LayOff { .. }
                )
            })
            .or_else(|| {
                actions
                    .iter()
                    .find(|a| matches!(a, Action101::Draw | Action101::NextRound))
            })
            .or_else(|| {
                actions
                    .iter()
                    .rev()
                    .find(|a| matches!(a, Action101::Discard(_)))
            })
            .cloned()
            .expect("some action is legal");
        m.apply(seat, pick).unwrap();
        steps += 1;
        assert!(steps < 20_000, "the match ends");
    }
}

#[test]
fn r101_34_a_match_counts_its_rounds_and_replays_from_its_log() {
    let rules = Rules101 {
        rounds: 3,
        ..Rules101::default()
    };
    let mut m = Match101::new(rules, 42).unwrap();
    play_out(&mut m);
    assert_eq!(m.rounds_played(), 3);
    let sum: Vec<i32> = (0..4)
        .map(|s| m.results().iter().map(|e| e.lines[s].total).sum())
        .collect();
    assert_eq!(m.totals(), &sum[..]);
    let winners = m.winners().unwrap();
    let best = *m.totals().iter().min().unwrap();
    assert!(winners.iter().all(|w| m.totals()[w.index()] == best));
    let again = replay101(rules, 42, m.log()).unwrap();
    assert_eq!(again, m);
    assert_eq!(
        m.apply(Seat(0), Action101::NextRound),
        Err(TurnError::MatchOver.into())
    );
}

#[test]
fn r101_5_a_seat_sees_its_own_hand_only() {
    let mut m = Match101::new(Rules101::default(), 7).unwrap();
    // The starter discards twice round the table so stacks hold tiles.
    for _ in 0..6 {
        let seat = m.round().turn().unwrap();
        if m.round().has_taken() {
            let t = m.round().hand(seat)[0];
            m.apply(seat, Action101::Discard(t)).unwrap();
        } else {
            m.apply(seat, Action101::Draw).unwrap();
        }
    }
    let viewer = Seat(1);
    let v = m.view(viewer).unwrap();
    let r = m.round();
    // Every field named, so a new one cannot slip past this test.
    let SeatView101 {
        seat,
        hand,
        indicator,
        okey,
        pile,
        players,
        table,
        turn,
        turns,
        taken,
        pending,
        offered,
        offered_use,
        discard_costs,
        needed,
        rounds,
        end,
        legal_actions,
    } = v;
    assert_eq!(seat, viewer);
    assert_eq!(hand, r.hand(viewer));
    assert_eq!((indicator, okey), (r.indicator(), r.joker().okey()));
    assert_eq!(pile, r.pile_len());
    assert_eq!(table, r.table());
    assert_eq!(turn, r.turn());
    assert_eq!(turns, r.turns());
    assert_eq!(needed, (101, 5));
    assert_eq!(rounds, (0, 11));
    assert!(end.is_none());
    assert_eq!(legal_actions, m.legal_actions(viewer));
    if turn != Some(viewer) {
        assert!(!taken && pending.is_none() && offered.is_none());
        assert!(offered_use.is_none() && discard_costs.is_empty());
    }
    for p in players {
        let crate::r101::view::PlayerView101 {
            seat: s,
            status,
            hand_size,
            stack,
            penalties,
            total,
        } = p;
        assert_eq!(hand_size, r.hand(s).len());
        assert_eq!(status, r.status(s));
        assert_eq!((penalties, total), (r.penalties(s).len(), 0));
        let full = r.stack(s);
        if s == viewer || s == r.previous(viewer) {
            assert_eq!(stack, full, "own and left stacks are seen whole (R15)");
        } else {
            assert_eq!(stack, full.last().copied().into_iter().collect::<Vec<_>>());
        }
    }
    assert_eq!(m.view(Seat(4)), Err(TurnError::NoSuchSeat(4).into()));
}

#[test]
fn r101_every_refusal_names_its_rule_and_has_a_code() {
    use crate::problem::Coded;
    use crate::r101::error::Error101 as E;
    let t = Tile::new(0).unwrap();
    let errors = [
        TurnError::NotYourTurn.into(),
        E::TakenNotUsed(t),
        E::OpeningTooLow {
            value: 96,
            needed: 101,
        },
        E::TooFewPairs {
            pairs: 4,
            needed: 5,
        },
        E::DoesNotFit {
            tile: t,
            meld: MeldId(3),
        },
        E::SwapDoesNotFit {
            tile: t,
            okey: t,
            meld: MeldId(1),
        },
        E::Meld(crate::r101::meld::MeldFault::RunOrder),
        E::LastPairs,
        E::CannotTakeBack,
    ];
    for e in errors {
        let p = e.problem();
        assert!(e.rule().starts_with("R101-"), "{e}");
        assert_eq!(p.params()["rule"], e.rule());
        assert!(crate::code::core_codes().any(|c| c == p.code()), "{e}");
        assert_eq!(p.message(), e.to_string());
    }
}

#[test]
fn r101_18_a_voided_round_does_not_count_and_the_same_starter_deals_again() {
    use crate::r101::rules::LastPairs;
    let rules = Rules101 {
        last_pairs: LastPairs::VoidRound,
        rounds: 3,
        ..Rules101::default()
    };
    let mut m = Match101::new(rules, 5).unwrap();
    let hand = "R3 R3 K7 K7 Y1 Y1 B12 B12 K10 K10 K4 K5 K6 R9 Y11 B2 K1 R13 Y8 B7 K12";
    let mut r = rig(rules, &["", "", hand, ""], CEM);
    r.starter = CEM;
    for s in [ALI, BANU, DERYA] {
        r.set_status(s, Status::Pairs { pairs: 5 });
    }
    *m.round_mut() = r;
    m.apply(CEM, Action101::Draw).unwrap();
    let five = ["R3 R3", "K7 K7", "Y1 Y1", "B12 B12", "K10 K10"]
        .map(|p| m.round().laid(CEM, Shape::Pair, p))
        .to_vec();
    m.apply(CEM, Action101::Open(five)).unwrap();
    assert_eq!(m.results().last().map(|e| e.kind), Some(EndKind::Void));
    assert_eq!(m.rounds_played(), 0);
    assert_eq!(m.totals(), &[0, 0, 0, 0]);
    m.apply(CEM, Action101::NextRound).unwrap();
    assert_eq!(m.round().starter(), CEM);
    assert_eq!(m.round().hand(CEM).len(), 22);
}

#[test]
fn r101_35_partners_share_the_win() {
    let rules = Rules101 {
        partnership: true,
        rounds: 3,
        ..Rules101::default()
    };
    let mut m = Match101::new(rules, 11).unwrap();
    play_out(&mut m);
    let teams = m.team_totals().unwrap();
    let winners = m.winners().unwrap();
    let best = teams.iter().min().copied().unwrap();
    assert!(winners.iter().all(|w| teams[w.index() % 2] == best));
    assert!(
        winners.len() == 2 || winners.len() == 4,
        "a team wins together"
    );
}

#[test]
fn r101_38_the_view_carries_the_turn_aids() {
    let mut m = Match101::new(Rules101::default(), 3).unwrap();
    let mut r = rig(Rules101::default(), &["", "R8 OK K1 K2", "", ""], BANU);
    r.table_meld(ALI, Shape::Run, "R5 R6 R7");
    r.set_status(ALI, Status::Series { value: 120 });
    r.give(ALI, "Y5", true);
    *m.round_mut() = r;
    let v = m.view(BANU).unwrap();
    assert_eq!(v.offered.map(|t| t.to_string()), Some("Y5".into()));
    let why = v.offered_use.expect("Y5 cannot open anything");
    assert_eq!(why.code(), "opening_too_low");
    let mut costs: Vec<(String, Cause)> = v
        .discard_costs
        .iter()
        .map(|(t, c)| (t.to_string(), c.clone()))
        .collect();
    costs.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(
        costs,
        [
            ("B5".to_string(), Cause::OkeyDiscard),
            ("R8".to_string(), Cause::PlayableDiscard)
        ]
    );
    assert!(m.view(ALI).unwrap().discard_costs.is_empty());
}
