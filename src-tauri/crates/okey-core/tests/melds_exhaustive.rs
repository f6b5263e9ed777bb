//! `meld::check_group` (R4-R7) against a brute-force definition on every 3- and 4-tile group
//! of faces, okeys and false jokers, under indicators of every number and colour (13 through
//! 1 included), plus longer runs.
//!
//! Brute force, for a group as laid: it is a run iff for some colour, some start on the line
//! 1..=14 (14 is a 1 after 13) and one of the two directions, every tile fits its position
//! (an okey fits anything; a plain tile fits if its colour is the run's and its number is the
//! position, or 1 at position 14), with 3..=13 tiles. It is a set iff for some number there is
//! a way to give the tiles pairwise different colours such that every plain tile is that
//! colour and number, with 3 or 4 tiles.

mod reference;

use okey_core::meld::{check_group, MeldKind};
use okey_core::{Colour, Face, Joker, Kind};
use rand::seq::SliceRandom;
use rand::Rng;
use reference::{gen, is, Is};

fn fits(role: Is, colour: Colour, pos: u8) -> bool {
    match role {
        Is::Okey => true,
        Is::Plain(f) => {
            f.colour == colour && (f.number.get() == pos || (f.number.get() == 1 && pos == 14))
        }
    }
}

fn brute_run(roles: &[Is]) -> bool {
    let len = roles.len() as u8;
    if !(3..=13).contains(&len) {
        return false;
    }
    // All plain tiles share the run's colour, so only the first one's colour can work.
    let colours: Vec<Colour> = match roles.iter().find_map(|r| match r {
        Is::Plain(f) => Some(f.colour),
        Is::Okey => None,
    }) {
        Some(c) => vec![c],
        None => Colour::ALL.to_vec(),
    };
    colours.into_iter().any(|c| {
        (1..=15 - len).any(|start| {
            let asc = roles
                .iter()
                .enumerate()
                .all(|(i, &r)| fits(r, c, start + i as u8));
            let desc = roles
                .iter()
                .enumerate()
                .all(|(i, &r)| fits(r, c, start + len - 1 - i as u8));
            asc || desc
        })
    })
}

fn brute_set(roles: &[Is]) -> bool {
    let len = roles.len();
    if !(3..=4).contains(&len) {
        return false;
    }
    // All plain tiles have the set's number, so only the first one's number can work.
    let numbers: Vec<u8> = match roles.iter().find_map(|r| match r {
        Is::Plain(f) => Some(f.number.get()),
        Is::Okey => None,
    }) {
        Some(n) => vec![n],
        None => (1..=13).collect(),
    };
    // Every assignment of colours to the tiles (4^len), kept if pairwise different.
    numbers.into_iter().any(|n| {
        (0..4usize.pow(len as u32)).any(|code| {
            let mut colours = [0usize; 4];
            for (i, c) in colours.iter_mut().enumerate().take(len) {
                *c = code / 4usize.pow(i as u32) % 4;
            }
            let distinct = (0..len).all(|i| (i + 1..len).all(|j| colours[i] != colours[j]));
            distinct
                && roles.iter().zip(&colours).all(|(&r, &c)| match r {
                    Is::Okey => true,
                    Is::Plain(f) => f == Face::new(Colour::ALL[c], n).expect("face"),
                })
        })
    })
}

/// Compares one group; returns a description of the disagreement.
fn compare(kinds: &[Kind], joker: Joker) -> Result<bool, String> {
    let roles: Vec<Is> = kinds.iter().map(|&k| is(k, joker)).collect();
    let want = brute_run(&roles) || brute_set(&roles);
    let got = check_group(kinds, joker);
    let written = || {
        let tiles: Vec<String> = kinds.iter().map(|k| k.to_string()).collect();
        format!("{} | {}", joker.indicator(), tiles.join(" "))
    };
    match got {
        Err(e) if want => Err(format!("{}: refused ({e}) but valid", written())),
        Ok(_) if !want => Err(format!("{}: accepted but invalid", written())),
        Err(_) => Ok(false),
        Ok(m) => {
            // What each tile stands for must be a concrete meld of the kind said, in order.
            let own = roles.iter().zip(&m.stands_for).all(|(r, f)| match r {
                Is::Plain(p) => p == f,
                Is::Okey => true,
            });
            let concrete = reference::patterns().iter().any(|p| match m.kind {
                MeldKind::Run => {
                    let mut rev = p.faces.clone();
                    rev.reverse();
                    p.is_run && (p.faces == m.stands_for || rev == m.stands_for)
                }
                MeldKind::Set => {
                    let mut sorted = m.stands_for.clone();
                    sorted.sort();
                    !p.is_run && p.faces == sorted
                }
                MeldKind::Pair => false,
            });
            if own && concrete && m.stands_for.len() == kinds.len() {
                Ok(true)
            } else {
                Err(format!(
                    "{}: accepted as {:?} standing for {:?}",
                    written(),
                    m.kind,
                    m.stands_for
                ))
            }
        }
    }
}

/// One indicator per number, the colours taking turns (so 13 and every colour are included).
fn indicators() -> Vec<Joker> {
    (1..=13u8)
        .map(|n| Joker::new(Face::new(Colour::ALL[n as usize % 4], n).expect("face")))
        .collect()
}

fn within_tile_set(kinds: &[Kind]) -> bool {
    let c = reference::kind_counts(kinds);
    c.iter().all(|&n| n <= 2)
}

fn check_all(groups: impl Iterator<Item = (Joker, Vec<Kind>)>) -> (usize, usize) {
    let (mut n, mut valid) = (0, 0);
    let mut bad = Vec::new();
    for (joker, g) in groups {
        if !within_tile_set(&g) {
            continue;
        }
        n += 1;
        match compare(&g, joker) {
            Ok(v) => valid += usize::from(v),
            Err(e) => bad.push(e),
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {n} groups disagree, e.g.\n{}",
        bad.len(),
        bad[..bad.len().min(12)].join("\n")
    );
    (n, valid)
}

/// Every sequence of `len` kinds from `alphabet`, lazily.
fn tuples(alphabet: &[Kind], len: usize) -> impl Iterator<Item = Vec<Kind>> + '_ {
    let n = alphabet.len();
    (0..n.pow(len as u32)).map(move |code| {
        (0..len)
            .map(|i| alphabet[code / n.pow(i as u32) % n])
            .collect()
    })
}

#[test]
fn r06_r07_every_three_tile_group() {
    let all: Vec<Kind> = Kind::all().collect();
    let (n, valid) = check_all(
        indicators()
            .into_iter()
            .flat_map(|j| tuples(&all, 3).map(move |g| (j, g))),
    );
    assert!(n > 1_500_000 && valid > 10_000, "{n} {valid}");
}

#[test]
fn r06_r07_every_four_tile_group_of_one_colour_or_number() {
    // Plain tiles of different colours and numbers never meld; every 4-tile group whose
    // faces share a colour or a number, with okeys and false jokers, is checked.
    let mut checked = 0;
    for joker in indicators() {
        let extra = [Kind::Face(joker.okey()), Kind::FalseJoker];
        let mut alphabets: Vec<Vec<Kind>> = Vec::new();
        for c in Colour::ALL {
            alphabets.push(
                (1..=13)
                    .map(|n| Kind::Face(Face::new(c, n).expect("face")))
                    .collect(),
            );
        }
        for n in 1..=13 {
            alphabets.push(
                Colour::ALL
                    .iter()
                    .map(|&c| Kind::Face(Face::new(c, n).expect("face")))
                    .collect(),
            );
        }
        for mut a in alphabets {
            for k in extra {
                if !a.contains(&k) {
                    a.push(k);
                }
            }
            let (n, _) = check_all(tuples(&a, 4).map(|g| (joker, g)));
            checked += n;
        }
    }
    assert!(checked > 2_000_000, "{checked}");
}

#[test]
fn r06_r07_every_four_tile_group_under_a_13_indicator() {
    // Everything, mixed colours and numbers included, for indicator K13 (okey K1, a false
    // joker is K1); mixed groups under the other indicators are sampled.
    let all: Vec<Kind> = Kind::all().collect();
    let (joker, _) = gen::parse("K13", "");
    let (n, valid) = check_all(tuples(&all, 4).map(|g| (joker, g)));
    assert!(n > 7_000_000 && valid > 3_000, "{n} {valid}");
    let mut rng = gen::rng(78);
    let sample = indicators().into_iter().flat_map(|j| {
        (0..40_000)
            .map(|_| {
                (
                    j,
                    (0..4)
                        .map(|_| *all.choose(&mut rng).expect("kinds"))
                        .collect(),
                )
            })
            .collect::<Vec<_>>()
    });
    check_all(sample);
}

#[test]
fn r07_every_pattern_with_okeys_and_longer_runs() {
    let mut rng = gen::rng(77);
    let mut groups = Vec::new();
    for joker in indicators() {
        let okey = Kind::Face(joker.okey());
        for p in reference::patterns() {
            let plain: Vec<Kind> = p
                .faces
                .iter()
                .map(|&f| reference::plain_kind(f, joker))
                .collect();
            for order in [false, true] {
                let mut g = plain.clone();
                if order {
                    g.reverse();
                }
                groups.push((joker, g.clone()));
                // One and two okeys in every place.
                for i in 0..g.len() {
                    let mut one = g.clone();
                    one[i] = okey;
                    groups.push((joker, one.clone()));
                    for j in i + 1..g.len() {
                        let mut two = one.clone();
                        two[j] = okey;
                        groups.push((joker, two));
                    }
                }
            }
        }
        // Random groups of 5..=14 tiles of one colour with okeys and false jokers.
        for _ in 0..20_000 {
            let c = Colour::ALL[rng.gen_range(0..4)];
            let len = rng.gen_range(5..=14);
            let mut alphabet: Vec<Kind> = (1..=13)
                .map(|n| Kind::Face(Face::new(c, n).expect("face")))
                .collect();
            alphabet.extend([okey, Kind::FalseJoker]);
            let mut g: Vec<Kind> = if rng.gen_bool(0.5) {
                // A stretch of the line 1..=14, maybe with a tile changed.
                let start = rng.gen_range(1..=15 - len as u8);
                let mut g: Vec<Kind> = (start..start + len as u8)
                    .map(|p| reference::plain_kind(reference::face_at(c, p), joker))
                    .collect();
                if rng.gen_bool(0.5) {
                    let i = rng.gen_range(0..g.len());
                    g[i] = *alphabet.choose(&mut rng).expect("kinds");
                }
                g
            } else {
                (0..len)
                    .map(|_| *alphabet.choose(&mut rng).expect("kinds"))
                    .collect()
            };
            if rng.gen_bool(0.3) {
                g.reverse();
            }
            groups.push((joker, g));
        }
    }
    let (n, valid) = check_all(groups.into_iter());
    assert!(n > 100_000 && valid > 50_000, "{n} {valid}");
}
