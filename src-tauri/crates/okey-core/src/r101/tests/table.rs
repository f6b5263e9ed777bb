//! Table play on worked example 6's table: lay-offs, swaps, take-back, işlek and okey
//! discards (R101-19..R101-25).

use super::play::{refused, rigged};
use super::*;
use crate::r101::action::Action101 as A;
use crate::r101::analysis::playable_kinds;
use crate::r101::error::Error101 as E;
use crate::r101::meld::Side;
use crate::r101::round::{Cause, Event101};
use crate::r101::scoring::EndKind;
use crate::tile::Kind;

/// Worked example 6's table: Ali's R5 R6 R7, Banu's K9 Y9 B9 and Y10 OK Y12.
fn example_6(rules: Rules101, hand: &str, at: Seat) -> (Round101, [MeldId; 3]) {
    let mut r = rigged(rules, hand, at);
    let ids = [
        r.table_meld(ALI, Shape::Run, "R5 R6 R7"),
        r.table_meld(BANU, Shape::Set, "K9 Y9 B9"),
        r.table_meld(BANU, Shape::Run, "Y10 OK Y12"),
    ];
    r.set_status(ALI, Status::Series { value: 120 });
    r.set_status(BANU, Status::Series { value: 130 });
    (r, ids)
}

#[test]
fn r101_25_worked_example_6_islek_tiles_cost_101_even_unopened() {
    let (mut r, _) = example_6(Rules101::default(), "R8 K5 Y8 B10 R1 R2", DERYA);
    let playable: Vec<String> = playable_kinds(r.table(), r.joker(), true)
        .iter()
        .map(Kind::to_string)
        .collect();
    assert_eq!(playable, ["R4", "R8", "R9", "Y9", "Y11", "Y13"]);
    r.apply(DERYA, &A::Draw).unwrap();
    let k5 = r.find(DERYA, "K5")[0];
    r.apply(DERYA, &A::Discard(k5)).unwrap();
    assert!(r.penalties(DERYA).is_empty());
    r.begin_turn(DERYA);
    r.apply(DERYA, &A::Draw).unwrap();
    let r8 = r.find(DERYA, "R8")[0];
    let events = r.apply(DERYA, &A::Discard(r8)).unwrap();
    assert!(events.contains(&Event101::Penalised(DERYA, Cause::PlayableDiscard)));
    assert_eq!(r.penalties(DERYA).len(), 1);
}

#[test]
fn r101_22_worked_example_6_okey_swap() {
    let (mut r, [_, _, yellow]) = example_6(Rules101::default(), "Y11 K11 R11 R1 R2", ALI);
    r.apply(ALI, &A::Draw).unwrap();
    let y11 = r.find(ALI, "Y11")[0];
    let okey = r.table()[2].tiles[1].tile;
    assert_eq!(r.table()[2].tiles[1].as_face.to_string(), "Y11");
    let wrong = r.find(ALI, "K11")[0];
    assert_eq!(
        refused(
            &mut r,
            ALI,
            A::Swap {
                tile: wrong,
                meld: yellow,
                okey
            }
        ),
        E::SwapDoesNotFit {
            tile: wrong,
            okey,
            meld: yellow
        }
    );
    r.apply(
        ALI,
        &A::Swap {
            tile: y11,
            meld: yellow,
            okey,
        },
    )
    .unwrap();
    assert!(r.hand(ALI).contains(&okey));
    assert_eq!(r.table()[2].tiles[1].tile, y11);
    let set = vec![okey, r.find(ALI, "K11")[0], r.find(ALI, "R11")[0]];
    r.apply(
        ALI,
        &A::Meld(Laid {
            shape: Shape::Set,
            tiles: set,
        }),
    )
    .unwrap();
    assert_eq!(r.table()[3].tiles[0].as_face.to_string(), "Y11");
    let off = Rules101 {
        okey_swap: false,
        ..Rules101::default()
    };
    let (mut r, [_, _, yellow]) = example_6(off, "Y11 R1 R2", ALI);
    r.apply(ALI, &A::Draw).unwrap();
    let y11 = r.find(ALI, "Y11")[0];
    let okey = r.table()[2].tiles[1].tile;
    assert_eq!(
        refused(
            &mut r,
            ALI,
            A::Swap {
                tile: y11,
                meld: yellow,
                okey
            }
        ),
        E::SwapOff
    );
}

#[test]
fn r101_21_lay_offs_and_the_pairs_openers_limit() {
    let (mut r, [red, set, _]) = example_6(Rules101::default(), "R4 R8 R9 R3 K2 K3", CEM);
    r.set_status(CEM, Status::Pairs { pairs: 5 });
    r.apply(CEM, &A::Draw).unwrap();
    let [r4, r8, r9, r3] = [0, 1, 2, 3].map(|i| r.find(CEM, "R4 R8 R9 R3")[i]);
    let k2 = r.find(CEM, "K2")[0];
    assert_eq!(
        refused(
            &mut r,
            CEM,
            A::LayOff {
                tile: k2,
                meld: red,
                side: None
            }
        ),
        E::DoesNotFit {
            tile: k2,
            meld: red
        }
    );
    r.apply(
        CEM,
        &A::LayOff {
            tile: r4,
            meld: red,
            side: None,
        },
    )
    .unwrap();
    r.apply(
        CEM,
        &A::LayOff {
            tile: r8,
            meld: red,
            side: None,
        },
    )
    .unwrap();
    assert_eq!(
        refused(
            &mut r,
            CEM,
            A::LayOff {
                tile: r9,
                meld: set,
                side: None
            }
        ),
        E::LayoffLimit
    );
    r.set_status(CEM, Status::Series { value: 101 });
    r.apply(
        CEM,
        &A::LayOff {
            tile: r9,
            meld: set,
            side: None,
        },
    )
    .unwrap();
    r.apply(
        CEM,
        &A::LayOff {
            tile: r3,
            meld: red,
            side: None,
        },
    )
    .unwrap();
    let faces: Vec<String> = r.table()[0].faces().iter().map(|f| f.to_string()).collect();
    assert_eq!(faces, ["R3", "R4", "R5", "R6", "R7", "R8"]);
    // R101-12: nothing may leave the hand empty.
    let k3 = r.find(CEM, "K3")[0];
    r.apply(CEM, &A::Discard(k3)).unwrap();
    r.begin_turn(CEM);
    let old = std::mem::take(&mut r.hands[CEM.index()]);
    r.pile.extend(old);
    r.give(CEM, "R2", false);
    r.turn.taken = true;
    let r2 = r.find(CEM, "R2")[0];
    assert_eq!(
        refused(
            &mut r,
            CEM,
            A::LayOff {
                tile: r2,
                meld: red,
                side: None
            }
        ),
        E::HandWouldEmpty
    );
}

#[test]
fn r101_21_an_okey_laid_on_a_run_needs_its_side() {
    let (mut r, [red, _, _]) = example_6(Rules101::default(), "OK R1 R2", ALI);
    r.apply(ALI, &A::Draw).unwrap();
    let okey = r.find(ALI, "OK")[0];
    assert_eq!(
        refused(
            &mut r,
            ALI,
            A::LayOff {
                tile: okey,
                meld: red,
                side: None
            }
        ),
        E::DoesNotFit {
            tile: okey,
            meld: red
        }
    );
    r.apply(
        ALI,
        &A::LayOff {
            tile: okey,
            meld: red,
            side: Some(Side::High),
        },
    )
    .unwrap();
    assert_eq!(r.table()[0].tiles[3].as_face.to_string(), "R8");
}

#[test]
fn r101_19_no_table_play_in_the_opening_turn_unless_allowed() {
    for allowed in [false, true] {
        let rules = Rules101 {
            opening_turn_play: allowed,
            ..Rules101::default()
        };
        let hand = "B13 K13 R13 Y13 Y7 Y8 Y9 K3 K4 K5 K6 K7 R4 R1 Y1";
        let (mut r, [red, _, _]) = example_6(rules, hand, DERYA);
        r.apply(DERYA, &A::Draw).unwrap();
        let open = vec![
            r.laid(DERYA, Shape::Set, "B13 K13 R13 Y13"),
            r.laid(DERYA, Shape::Run, "Y7 Y8 Y9"),
            r.laid(DERYA, Shape::Run, "K3 K4 K5 K6 K7"),
        ];
        let r4 = r.find(DERYA, "R4")[0];
        let lay = A::LayOff {
            tile: r4,
            meld: red,
            side: None,
        };
        assert_eq!(refused(&mut r, DERYA, lay.clone()), E::NotOpened);
        r.apply(DERYA, &A::Open(open)).unwrap();
        if allowed {
            r.apply(DERYA, &lay).unwrap();
        } else {
            assert_eq!(refused(&mut r, DERYA, lay), E::OpeningTurn);
        }
    }
}

#[test]
fn r101_23_only_the_last_lay_off_comes_back() {
    let (mut r, [red, _, _]) = example_6(Rules101::default(), "R4 R8 K1 K2", ALI);
    r.apply(ALI, &A::Draw).unwrap();
    let [r4, r8] = [0, 1].map(|i| r.find(ALI, "R4 R8")[i]);
    r.apply(
        ALI,
        &A::LayOff {
            tile: r4,
            meld: red,
            side: None,
        },
    )
    .unwrap();
    r.apply(
        ALI,
        &A::LayOff {
            tile: r8,
            meld: red,
            side: None,
        },
    )
    .unwrap();
    assert_eq!(
        refused(&mut r, ALI, A::TakeBack { tile: r4 }),
        E::CannotTakeBack
    );
    r.apply(ALI, &A::TakeBack { tile: r8 }).unwrap();
    assert!(r.hand(ALI).contains(&r8));
    assert_eq!(
        refused(&mut r, ALI, A::TakeBack { tile: r4 }),
        E::CannotTakeBack
    );
    assert_eq!(r.table()[0].tiles.len(), 4);
}

#[test]
fn r101_24_an_okey_discard_costs_101_unless_it_finishes() {
    let (mut r, _) = example_6(Rules101::default(), "OK R1 K2", CEM);
    r.apply(CEM, &A::Draw).unwrap();
    let okey = r.find(CEM, "OK")[0];
    r.apply(CEM, &A::Discard(okey)).unwrap();
    assert_eq!(r.penalties(CEM)[0].cause, Cause::OkeyDiscard);
    // Ali, opened, with one tile after his take: an okey finish, no penalty.
    let (mut r, [red, _, _]) = example_6(Rules101::default(), "OK R8", ALI);
    r.apply(ALI, &A::Draw).unwrap();
    let drawn = *r.hand(ALI).last().unwrap();
    r.hands[ALI.index()].pop();
    r.pile.push(drawn);
    r.give(ALI, "R4", false);
    let [r8, r4] = [0, 1].map(|i| r.find(ALI, "R8 R4")[i]);
    r.apply(
        ALI,
        &A::LayOff {
            tile: r8,
            meld: red,
            side: None,
        },
    )
    .unwrap();
    r.apply(
        ALI,
        &A::LayOff {
            tile: r4,
            meld: red,
            side: None,
        },
    )
    .unwrap();
    let okey = r.find(ALI, "OK")[0];
    r.apply(ALI, &A::Discard(okey)).unwrap();
    assert!(r.penalties(ALI).is_empty());
    let end = r.end().unwrap();
    assert!(matches!(end.kind, EndKind::Finished(f) if f.okey && !f.elden && !f.pairs));
    assert_eq!(end.multiplier, 2);
}

#[test]
fn r101_13_a_table_action_may_not_strand_the_taken_discard() {
    let (mut r, [red, _, _]) = example_6(Rules101::default(), "R8 K1 K2 Y3", ALI);
    r.give(DERYA, "R8", true);
    r.apply(ALI, &A::Take).unwrap();
    let taken = r.pending().unwrap();
    let own = *r
        .hand(ALI)
        .iter()
        .find(|&&t| t != taken && t.kind() == taken.kind())
        .unwrap();
    // Laying the other R8 first would leave the taken one with nowhere to go.
    let e = refused(
        &mut r,
        ALI,
        A::LayOff {
            tile: own,
            meld: red,
            side: None,
        },
    );
    assert_eq!(e, E::TakenNotUsed(taken));
    assert_eq!(e.rule(), "R101-13");
    r.apply(
        ALI,
        &A::LayOff {
            tile: taken,
            meld: red,
            side: None,
        },
    )
    .unwrap();
    assert_eq!(r.pending(), None);
    assert!(r.turn_state().table_acted);
}
