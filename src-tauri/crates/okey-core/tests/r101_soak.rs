//! A randomized soak of the 101 engine: thousands of rounds under random rule sets (every
//! option, 2 to 4 players, partnership) played with random legal actions, mixed with random
//! actions that may be illegal. After every step: 106 tiles across hands, table, stacks, pile
//! and indicator; every table meld still the meld it claims with each okey's face recorded;
//! a refused action changed nothing; no round runs on without end.

use okey_core::r101::meld::{place, Laid, MeldId, Shape, Side};
use okey_core::r101::rules::*;
use okey_core::r101::{Action101, Match101, Status};
use okey_core::rules::Seat;
use okey_core::Tile;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn pick<T: Copy>(rng: &mut ChaCha8Rng, options: &[T]) -> T {
    options[rng.gen_range(0..options.len())]
}

fn random_rules(rng: &mut ChaCha8Rng) -> Rules101 {
    let players = pick(rng, &[2u8, 3, 4, 4]);
    Rules101 {
        players,
        deal: pick(rng, &[Deal101::Simple, Deal101::Stacks]),
        take_return: pick(rng, &[TakeReturn::Free, TakeReturn::Penalty]),
        pairs_declaration: rng.gen(),
        rising_open: rng.gen(),
        last_pairs: pick(rng, &[LastPairs::Refused, LastPairs::VoidRound]),
        opening_turn_play: rng.gen(),
        series_pairs: pick(rng, &[SeriesPairs::IfPairsOpened, SeriesPairs::Never]),
        pairs_layoff_limit: pick(rng, &[PairsLayoffLimit::Two, PairsLayoffLimit::Unlimited]),
        okey_swap: rng.gen(),
        okey_discard_penalty: rng.gen(),
        playable_discard_penalty: rng.gen(),
        table_errors: pick(rng, &[TableErrors::Refuse, TableErrors::Penalize]),
        elden_scope: pick(rng, &[EldenScope::NobodyOpened, EldenScope::OnlySelf]),
        elden_threshold: pick(rng, &[EldenThreshold::Waived, EldenThreshold::Required]),
        exhaustion: pick(rng, &[Exhaustion::LastDiscard, Exhaustion::OneMoreTake]),
        okey_in_hand: pick(rng, &[OkeyInHand::Flat101, OkeyInHand::Face]),
        multipliers: pick(
            rng,
            &[Multipliers::Stack, Multipliers::Single, Multipliers::None],
        ),
        rounds: pick(rng, &[3u8, 5]),
        partnership: players == 4 && rng.gen(),
        rising_partner: pick(rng, &[RisingPartner::Counts, RisingPartner::Ignored]),
    }
}

/// An action that may well be illegal: a random tile of the 106, a random meld id.
fn junk(rng: &mut ChaCha8Rng, hand: &[Tile]) -> Action101 {
    let tile = |rng: &mut ChaCha8Rng| match hand.choose(rng) {
        Some(&t) if rng.gen_bool(0.8) => t,
        _ => Tile::new(rng.gen_range(0..106)).unwrap(),
    };
    let meld = MeldId(rng.gen_range(0..8));
    let shape = pick(rng, &[Shape::Set, Shape::Run, Shape::Pair]);
    let group = |rng: &mut ChaCha8Rng| Laid {
        shape,
        tiles: (0..rng.gen_range(2..5)).map(|_| tile(rng)).collect(),
    };
    match rng.gen_range(0..9) {
        0 => Action101::Discard(tile(rng)),
        1 => Action101::LayOff {
            tile: tile(rng),
            meld,
            side: pick(rng, &[None, Some(Side::Low), Some(Side::High)]),
        },
        2 => Action101::Swap {
            tile: tile(rng),
            meld,
            okey: tile(rng),
        },
        3 => Action101::Open((0..rng.gen_range(1..4)).map(|_| group(rng)).collect()),
        4 => Action101::Meld(group(rng)),
        5 => Action101::TakeBack { tile: tile(rng) },
        6 => Action101::Take,
        7 => Action101::Return,
        _ => Action101::EndRound,
    }
}

/// The engine's own state is sound: 106 tiles, and every table meld is what it claims.
fn check(m: &Match101) {
    let r = m.round();
    assert_eq!(r.census(), Tile::all().collect::<Vec<_>>(), "106 tiles");
    for meld in r.table() {
        let kinds: Vec<_> = meld.tiles.iter().map(|p| p.tile.kind()).collect();
        let faces = place(meld.shape, &kinds, r.joker()).expect("a table meld stays valid");
        let recorded: Vec<_> = meld.tiles.iter().map(|p| p.as_face).collect();
        if meld.shape == Shape::Set {
            // Okeys in a set take any colour the set lacks; the number is fixed.
            assert!(faces
                .iter()
                .zip(&recorded)
                .all(|(a, b)| a.number == b.number));
            let mut colours: Vec<_> = recorded.iter().map(|f| f.colour).collect();
            colours.sort();
            colours.dedup();
            assert_eq!(
                colours.len(),
                recorded.len(),
                "each okey of a set has its own colour"
            );
        } else {
            assert_eq!(faces, recorded, "each okey records what it stands for");
        }
        assert!(
            r.status(meld.owner).opened(),
            "only opened players own melds"
        );
    }
    for s in r.rules().seats() {
        if let Status::Pairs { .. } = r.status(s) {
            let own = r.table().iter().filter(|t| t.owner == s);
            assert!(
                own.clone().all(|t| t.shape == Shape::Pair),
                "pairs openers lay only pairs"
            );
        }
    }
}

fn is_table(a: &Action101) -> bool {
    matches!(
        a,
        Action101::Open(_)
            | Action101::Meld(_)
            | Action101::LayOff { .. }
            | Action101::Swap { .. }
            | Action101::TakeBack { .. }
    )
}

/// A random action from the engine's full list, table play preferred so rounds finish.
fn from_legal(m: &Match101, seat: Seat, in_turn: u32, rng: &mut ChaCha8Rng) -> Action101 {
    let legal = m.legal_actions(seat);
    if legal.is_empty() {
        let r = m.round();
        let hand: Vec<String> = r.hand(seat).iter().map(|t| t.to_string()).collect();
        panic!(
            "no legal action: {seat:?} taken {} pending {:?} status {:?} hand {hand:?} pile {} last_chance {} rules {:?} table {:?} okey {}",
            r.has_taken(), r.pending(), r.status(seat), r.pile_len(), r.last_chance(), r.rules(), r.table(), r.joker().okey()
        );
    }
    let table: Vec<&Action101> = legal
        .iter()
        .filter(|a| is_table(a) && in_turn <= 30)
        .collect();
    let quiet: Vec<&Action101> = legal.iter().filter(|a| !is_table(a)).collect();
    let pool = if !table.is_empty() && rng.gen_bool(0.8) {
        table
    } else if in_turn > 30 && !quiet.is_empty() {
        quiet
    } else {
        legal.iter().collect()
    };
    pool.choose(rng)
        .map(|a| (*a).clone())
        .unwrap_or(Action101::Draw)
}

/// A cheap guess at a good action, checked by the engine before it is returned: the best
/// opening, a lay-off, a meld of the best layout, a draw or take, a random discard.
fn quick(m: &Match101, seat: Seat, in_turn: u32, rng: &mut ChaCha8Rng) -> Option<Action101> {
    let r = m.round();
    if r.is_over() {
        return Some(Action101::NextRound);
    }
    if !r.has_taken() {
        let take = r.offered().is_some() && rng.gen_bool(0.2);
        let a = if take {
            Action101::Take
        } else {
            Action101::Draw
        };
        return r.is_legal(seat, &a).then_some(a);
    }
    let hand = r.hand(seat);
    let mut tries: Vec<Action101> = Vec::new();
    if in_turn <= 30 && r.pending().is_none() {
        let kinds: Vec<_> = hand.iter().map(|t| t.kind()).collect();
        if let Ok(o) = okey_core::r101::analysis::best_opening(&kinds, r.joker()) {
            let melds: Vec<Laid> = o
                .melds
                .iter()
                .map(|l| Laid {
                    shape: l.shape,
                    tiles: l.tiles.iter().map(|&i| hand[i]).collect(),
                })
                .collect();
            if !r.status(seat).opened() && !melds.is_empty() {
                tries.push(Action101::Open(melds.clone()));
                tries.push(Action101::Open(melds[..melds.len() - 1].to_vec()));
            }
            tries.extend(melds.into_iter().map(Action101::Meld));
        }
        if let Some(&t) = hand.choose(rng) {
            for spot in okey_core::r101::analysis::layoff_spots(r.table(), t.kind(), r.joker()) {
                tries.push(Action101::LayOff {
                    tile: t,
                    meld: spot.meld,
                    side: spot.side,
                });
            }
        }
    }
    if let Some(&t) = hand.choose(rng) {
        tries.push(Action101::Discard(t));
    }
    tries.into_iter().find(|a| r.is_legal(seat, a))
}

fn soak(seed: u64, matches: usize) -> (usize, usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut rounds, mut finished) = (0, 0);
    for _ in 0..matches {
        let rules = random_rules(&mut rng);
        let mut m = Match101::new(rules, rng.gen()).unwrap();
        let mut steps_in_round = 0;
        let (mut last_turn, mut in_turn) = (u32::MAX, 0);
        while !m.is_over() {
            let seat = m.round().turn().unwrap_or(Seat(0));
            if rng.gen_bool(0.3) {
                let bad = junk(&mut rng, m.round().hand(seat));
                let wrong_seat = Seat(rng.gen_range(0..rules.players));
                let who = if rng.gen_bool(0.9) { seat } else { wrong_seat };
                let before = m.round().clone();
                let logged = m.log().len();
                let penalties: usize = rules.seats().map(|s| m.round().penalties(s).len()).sum();
                let table_action = matches!(
                    bad,
                    Action101::Open(_)
                        | Action101::Meld(_)
                        | Action101::LayOff { .. }
                        | Action101::Swap { .. }
                        | Action101::TakeBack { .. }
                );
                match m.apply(who, bad) {
                    Err(_) => {
                        assert_eq!(*m.round(), before, "a refusal changes nothing");
                        assert_eq!(m.log().len(), logged);
                    }
                    Ok(_) => {
                        let after: usize =
                            rules.seats().map(|s| m.round().penalties(s).len()).sum();
                        let charged = after > penalties;
                        let hands_same = rules.seats().all(|s| m.round().hand(s) == before.hand(s));
                        // Accepted junk is either legal play or a charged table error that
                        // moved no tile (R101-26).
                        assert!(!(charged && table_action) || hands_same);
                    }
                }
                check(&m);
                continue;
            }
            // A player may lay off and take back forever within one turn; this one stops
            // playing on the table after a while (the turn count below is the engine's bound).
            let turn = m.round().turns();
            if turn != last_turn {
                (last_turn, in_turn) = (turn, 0);
            }
            in_turn += 1;
            let action = match quick(&m, seat, in_turn, &mut rng) {
                Some(a) if rng.gen_bool(0.85) => a,
                _ => from_legal(&m, seat, in_turn, &mut rng),
            };
            let was_over = m.round().is_over();
            m.apply(seat, action).expect("a chosen action is accepted");
            check(&m);
            steps_in_round += 1;
            if m.round().is_over() && !was_over {
                rounds += 1;
                finished += usize::from(matches!(
                    m.round().end().map(|e| e.kind),
                    Some(okey_core::r101::EndKind::Finished(_))
                ));
                steps_in_round = 0;
            }
            assert!(steps_in_round < 20_000, "a round ends");
            assert!(
                m.round().turns() < 300,
                "a round ends within the pile's turns"
            );
        }
        let sum: i32 = m.totals().iter().sum();
        let from_results: i32 = m
            .results()
            .iter()
            .flat_map(|e| e.lines.iter().map(|l| l.total))
            .sum();
        assert_eq!(sum, from_results);
        let again = okey_core::r101::replay101(rules, m.seed(), m.log()).unwrap();
        assert_eq!(again, m, "replay from seed and log reproduces the match");
    }
    (rounds, finished)
}

#[test]
fn r101_soak_random_legal_play_under_every_option() {
    let (rounds, finished) = soak(2026, 500);
    eprintln!("soak: {rounds} rounds, {finished} finished");
    assert!(rounds >= 1800, "{rounds} rounds");
    assert!(
        finished > rounds / 20,
        "some rounds are finished, not only run out: {finished}"
    );
}
