//! Random matches under random rules: every step keeps the 106 tiles, no view leaks a hidden
//! tile, refused actions change nothing, and the log replays to the same match.

use okey_core::{
    replay, Action, ColourDouble, DealKind, Match, OneColourDouble, Phase, RoundEnd, Rules, Seat,
    Slot, Tile,
};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn random_rules(rng: &mut ChaCha8Rng) -> Rules {
    let players = rng.gen_range(2..=4);
    Rules {
        players,
        deal: *[DealKind::Stacks, DealKind::Simple].choose(rng).unwrap(),
        strict_rack: rng.gen(),
        indicator_last: rng.gen(),
        start_points: rng.gen_range(1..=4),
        gosterge: rng.gen(),
        colour_double: *[
            ColourDouble::Off,
            ColourDouble::RedBlack,
            ColourDouble::RedBlackWithGosterge,
        ]
        .choose(rng)
        .unwrap(),
        one_colour_double: *[
            OneColourDouble::Off,
            OneColourDouble::Any,
            OneColourDouble::RedBlack,
        ]
        .choose(rng)
        .unwrap(),
        okey_discard_penalty: rng.gen(),
        elimination: rng.gen(),
        partnership: players == 4 && rng.gen(),
    }
}

/// Anything at all, most of it illegal at any given moment.
fn random_action(rng: &mut ChaCha8Rng) -> Action {
    let tile = Tile::new(rng.gen_range(0..106)).unwrap();
    match rng.gen_range(0..8) {
        0 => Action::Discard(tile),
        1 => Action::Finish(tile),
        2 => Action::Draw,
        3 => Action::TakeDiscard,
        4 => Action::EndRound,
        5 => Action::ShowIndicator,
        6 => Action::Move {
            from: Slot(rng.gen_range(0..40)),
            to: Slot(rng.gen_range(0..40)),
        },
        _ => Action::NextRound,
    }
}

/// Tiles every seat has seen face up this round: discards (each is checked while it lies on
/// a stack, before anyone can take it back), the gösterge and the indicator.
fn note_public(m: &Match, public: &mut [bool; 106]) {
    let round = m.round();
    let shown = m
        .rules()
        .seats()
        .flat_map(|s| round.discards(s).iter().copied());
    for t in shown
        .chain(round.gosterge().map(|(_, t)| t))
        .chain([round.indicator()])
    {
        public[usize::from(t.id())] = true;
    }
}

fn check_views(m: &Match, public: &[bool; 106]) {
    let round = m.round();
    for seat in m.rules().seats() {
        let v = m.view(seat).unwrap();
        let mut seen: Vec<Tile> = v.rack.iter().flatten().copied().collect();
        for p in &v.players {
            seen.extend(p.discards.top);
            seen.extend(p.discards.tiles.iter().flatten());
            let open = p.seat == seat || Some(p.seat) == round.previous(seat);
            assert_eq!(
                p.discards.tiles.is_some(),
                open && round.rack(seat).is_some(),
                "R15"
            );
        }
        seen.extend(v.centre);
        seen.extend(v.indicator_tile);
        seen.extend(v.gosterge.map(|(_, t)| t));
        if let Some(RoundEnd::Finished {
            groups, discard, ..
        }) = &v.round_end
        {
            seen.extend(groups.iter().flatten());
            seen.push(*discard);
        }
        for other in m.rules().seats().filter(|&o| o != seat) {
            let shown_by = |t: Tile| {
                v.gosterge == Some((other, t))
                    || matches!(&v.round_end, Some(RoundEnd::Finished { seat: s, .. }) if *s == other)
            };
            for t in round
                .rack(other)
                .map(|r| r.tiles().collect::<Vec<_>>())
                .unwrap_or_default()
            {
                let known = public[usize::from(t.id())] || shown_by(t);
                assert!(
                    !seen.contains(&t) || known,
                    "{seat} sees {t} in {other}'s rack"
                );
            }
        }
        assert_eq!(v.rack.is_empty(), round.rack(seat).is_none());
        assert_eq!(v.legal_actions, m.legal_actions(seat));
    }
}

/// A step of a random player: finish when it can, else anything legal, now and then a rack
/// move, and sometimes a seat out of turn trying its luck.
fn play_step(m: &mut Match, rng: &mut ChaCha8Rng) {
    let players = m.rules().players;
    let seat = match m.round().turn() {
        Some(turn) if rng.gen_bool(0.9) => turn,
        _ => Seat(rng.gen_range(0..players)),
    };
    let legal = m.legal_actions(seat);
    let finish = legal
        .iter()
        .find(|a| matches!(a, Action::Finish(_)))
        .copied();
    let action = if let Some(finish) = finish {
        finish
    } else if rng.gen_bool(0.05) && m.round().rack(seat).is_some() && !m.round().is_over() {
        let slots = m.round().rack(seat).unwrap().slots();
        let full: Vec<usize> = (0..slots.len()).filter(|&i| slots[i].is_some()).collect();
        Action::Move {
            from: Slot(*full.choose(rng).unwrap() as u8),
            to: Slot(rng.gen_range(0..32)),
        }
    } else if let Some(&action) = legal.choose(rng) {
        action
    } else {
        return;
    };
    m.apply(seat, action)
        .unwrap_or_else(|e| panic!("{seat} listed {action} but was refused: {e}"));
}

/// Tries a random action from a random (possibly absent) seat; a refusal must change nothing.
fn poke(m: &mut Match, rng: &mut ChaCha8Rng) {
    let before = m.clone();
    let seat = Seat(rng.gen_range(0..6));
    let action = random_action(rng);
    match m.apply(seat, action) {
        Err(e) => {
            assert!(!e.to_string().is_empty());
            assert_eq!(
                *m, before,
                "{seat}: {action} was refused ({e}) yet changed the match"
            );
        }
        Ok(_) => assert_eq!(m.log().last(), Some(&(seat, action))),
    }
}

#[test]
fn random_matches_keep_every_invariant_and_replay() {
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let mut ended = 0;
    for game in 0..24 {
        let rules = random_rules(&mut rng);
        let seed = rng.gen();
        let mut m = Match::new(rules, seed).unwrap();
        let mut public = [false; 106];
        for _ in 0..4000 {
            if m.is_over() {
                break;
            }
            let round = m.round().number();
            if rng.gen_bool(0.2) {
                poke(&mut m, &mut rng);
            } else {
                play_step(&mut m, &mut rng);
            }
            if m.round().number() != round {
                public = [false; 106];
            }
            note_public(&m, &mut public);
            m.tile_census().expect("every tile exactly once");
            check_views(&m, &public);
        }
        ended += usize::from(m.is_over());
        if let Some(winners) = m.winners() {
            assert!(
                !winners.is_empty(),
                "game {game}: a finished match has winners"
            );
        }
        let again = replay(rules, seed, m.log()).unwrap();
        assert_eq!(again, m, "game {game} replays to the same state");
        let json = serde_json::to_string(&m).unwrap();
        assert_eq!(serde_json::from_str::<Match>(&json).unwrap(), m);
    }
    assert!(ended >= 6, "only {ended} of 24 random matches ended");
}

#[test]
fn random_play_reaches_every_phase_of_a_round() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut m = Match::new(Rules::default(), 99).unwrap();
    let mut phases = Vec::new();
    while !m.round().is_over() {
        phases.push(m.round().phase());
        play_step(&mut m, &mut rng);
    }
    assert!(phases.contains(&Some(Phase::Draw)) && phases.contains(&Some(Phase::Discard)));
    assert!(m.round().end().is_some());
}
