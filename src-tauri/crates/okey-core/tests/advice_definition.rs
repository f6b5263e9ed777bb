//! R10, R18: `advise` agrees with its definition spelled out with `distance` alone (which
//! tests/exactness.rs checks against the reference solver): per distinct discard, the
//! distance of the 14 left; outs are the draws that lower it; finishes are distance 0.
//! Random and clustered hands, where advice takes its shortcuts most. `advise_best` is
//! `advise` cut to the discards of least distance.

mod reference;

use okey_core::analysis::{advise, advise_best, distance};
use okey_core::{Colour, Joker, Kind};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use reference::gen;

/// 15 tiles: uniformly random, or drawn from a few numbers and colours so melds half form.
fn hand(rng: &mut ChaCha8Rng, joker: Joker, clustered: bool) -> Vec<Kind> {
    let mut p = gen::pool(joker);
    p.shuffle(rng);
    if clustered {
        let colours: Vec<Colour> = Colour::ALL.choose_multiple(rng, 2).copied().collect();
        let low = rng.gen_range(1..=8);
        let near = |k: &Kind| match k {
            Kind::Face(f) => {
                colours.contains(&f.colour) && (low..low + 6).contains(&f.number.get())
            }
            Kind::FalseJoker => true,
        };
        let (mut close, far): (Vec<Kind>, Vec<Kind>) = p.into_iter().partition(near);
        close.truncate(11);
        close.extend(far.into_iter().take(15 - close.len()));
        close.shuffle(rng);
        close
    } else {
        p.truncate(15);
        p
    }
}

/// Checks `advise` on `h` against the definition: each discard's distance, its outs, the
/// best distance and the finishes.
fn matches_definition(h: &[Kind], joker: Joker) {
    let advice = advise(h, joker, &[]).expect("15 tiles");
    let mut expected_best = 14;
    for option in &advice.discards {
        let mut rest = h.to_vec();
        rest.remove(option.index);
        let d = distance(&rest, joker);
        assert_eq!(
            option.distance,
            d,
            "discard {} from {h:?} under {}",
            option.tile,
            joker.indicator()
        );
        expected_best = expected_best.min(d);
        let outs: Vec<Kind> = Kind::all()
            .filter(|&draw| {
                // An out can be drawn: a copy is in neither the hand nor the indicator.
                let gone = h.iter().filter(|&&k| k == draw).count()
                    + usize::from(draw == Kind::Face(joker.indicator()));
                d > 0 && gone < 2 && {
                    let mut more = rest.clone();
                    more.push(draw);
                    distance(&more, joker) < d
                }
            })
            .collect();
        let got: Vec<Kind> = option.outs.iter().map(|o| o.tile).collect();
        assert_eq!(
            got,
            outs,
            "outs of discard {} from {h:?} under {}",
            option.tile,
            joker.indicator()
        );
    }
    let mut distinct: Vec<Kind> = h.to_vec();
    distinct.sort();
    distinct.dedup();
    assert_eq!(advice.discards.len(), distinct.len());
    assert_eq!(advice.distance, expected_best);
    assert_eq!(advice.finishes.is_empty(), expected_best > 0);
}

#[test]
fn r10_advice_matches_its_definition_on_random_and_clustered_hands() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xad71ce);
    for round in 0..400 {
        let joker = gen::random_joker(&mut rng);
        let h = hand(&mut rng, joker, round % 2 == 1);
        matches_definition(&h, joker);
    }
}

#[test]
fn r04_r10_r18_advice_matches_its_definition_on_finishing_hands() {
    // A win and a tile drawn, now and then with an okey for one of its tiles: the discards
    // that finish, and the outs of those that do not (one tile from a win).
    let mut rng = ChaCha8Rng::seed_from_u64(0xf1_15);
    let (mut finishing, mut with_okeys) = (0, 0);
    for round in 0..160 {
        let joker = gen::random_joker(&mut rng);
        let mut h = gen::random_melds_win(&mut rng, joker, 0.0);
        gen::add_tile(&mut rng, joker, &mut h);
        let okey = Kind::Face(joker.okey());
        if round % 3 == 0 && !h.contains(&okey) {
            h[rng.gen_range(0..15)] = okey;
        }
        h.shuffle(&mut rng);
        matches_definition(&h, joker);
        let finishes = !advise(&h, joker, &[])
            .expect("15 tiles")
            .finishes
            .is_empty();
        finishing += usize::from(finishes);
        with_okeys += usize::from(finishes && h.contains(&okey));
    }
    assert!(
        finishing >= 60 && with_okeys >= 10,
        "{finishing} finishing, {with_okeys} with okeys"
    );
}

#[test]
fn r04_r09_r10_advice_matches_its_definition_on_hands_of_pairs_with_okeys() {
    // Seven pairs (R9) may keep as much as melds here, and an okey thrown may cost nothing.
    let mut rng = ChaCha8Rng::seed_from_u64(0x9a_125);
    for round in 0..200 {
        let joker = gen::random_joker(&mut rng);
        let okey = Kind::Face(joker.okey());
        // Kinds once each, the okey's aside: no face more than twice in the hand.
        let mut p: Vec<Kind> = Kind::all()
            .filter(|&k| k != okey && k != Kind::Face(joker.indicator()))
            .collect();
        p.shuffle(&mut rng);
        let okeys = 1 + round % 2;
        let pairs = rng.gen_range(4..=6);
        let mut h: Vec<Kind> = p[..pairs].iter().flat_map(|&k| [k, k]).collect();
        h.extend(&p[pairs..pairs + 15 - okeys - 2 * pairs]);
        h.extend(std::iter::repeat_n(okey, okeys));
        h.shuffle(&mut rng);
        matches_definition(&h, joker);
    }
}

#[test]
fn r09_r10_advice_matches_its_definition_where_every_draw_is_an_out() {
    // Racks whose discards that every best 14 keeps leave a hand that any draw brings
    // closer (seven pairs take the faces held once, melds the rest): the search for their
    // outs stops early, and must still agree with the definition.
    for (indicator, tiles) in [
        ("Y8", "K3 R11 B11 Y4 K11 Y4 B2 R12 R9 K9 R5 R10 Y10 K13 K10"),
        ("K13", "K10 Y12 K8 Y10 K8 R8 B11 K2 B12 B10 Y5 B5 B2 B7 Y7"),
        ("R2", "Y13 Y2 Y1 R2 R5 R11 Y5 K10 B6 K11 K3 B1 K9 B4 Y8"),
        ("K10", "K1 K9 R11 Y5 R4 B3 F R6 K3 B5 Y5 Y7 K2 Y2 Y10"),
    ] {
        let (joker, h) = gen::parse(indicator, tiles);
        matches_definition(&h, joker);
    }
}

#[test]
fn r10_advise_best_is_advise_cut_to_the_least_distance() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xbe57);
    for round in 0..400 {
        let joker = gen::random_joker(&mut rng);
        let mut p = gen::pool(joker);
        p.shuffle(&mut rng);
        let h = hand(&mut rng, joker, round % 2 == 1);
        // Some tiles seen on the table, so live outs differ from copies left.
        let seen: Vec<Kind> = p
            .iter()
            .filter(|k| !h.contains(k))
            .take(round % 9)
            .copied()
            .collect();
        let every = advise(&h, joker, &seen).expect("15 tiles");
        let best = advise_best(&h, joker, &seen).expect("15 tiles");
        assert_eq!(best.distance, every.distance);
        assert_eq!(best.finishes, every.finishes);
        let least: Vec<_> = every
            .discards
            .iter()
            .filter(|d| d.distance == every.distance)
            .cloned()
            .collect();
        assert_eq!(best.discards, least, "{h:?} under {}", joker.indicator());
    }
}
