//! The library's advice for 15 tiles against the reference (R10, R18).

use crate::check::check_arrangement;
use crate::reference::{self, gen, gen::show};
use okey_core::analysis::{self, WinKind};
use okey_core::{Joker, Kind};
use rand::seq::SliceRandom;
use rand::Rng;

#[test]
fn r10_advice_matches_reference() {
    let mut rng = gen::rng(14);
    let mut bad = Vec::new();
    // The reference asks a full search for every discard and every draw, so this stays at a
    // few hundred hands, nearly all near a win, a few random.
    let total = 200;
    for i in 0..total {
        let joker = gen::random_joker(&mut rng);
        let hand = if i % 50 == 0 {
            gen::random_hand(&mut rng, joker, 15)
        } else {
            gen::near_win(&mut rng, joker, [0, 1, 2, 3][i % 4], 1)
        };
        let mut rest = gen::rest_of_pool(joker, &hand);
        rest.shuffle(&mut rng);
        let seen: Vec<Kind> = rest[..rng.gen_range(0..25)].to_vec();
        if let Err(e) = check_advice(&hand, joker, &seen) {
            bad.push(format!(
                "{} seen {:?} -- {e}",
                show(joker, &hand),
                seen.iter().map(|k| k.to_string()).collect::<Vec<_>>()
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {total} advices disagree, e.g.\n{}",
        bad.len(),
        bad[..bad.len().min(8)].join("\n")
    );
}

fn check_advice(hand: &[Kind], joker: Joker, seen: &[Kind]) -> Result<(), String> {
    let adv = analysis::advise(hand, joker, seen).map_err(|e| e.to_string())?;
    let want = reference::advise(hand, joker, seen);
    if adv.discards.len() != want.len() {
        return Err(format!(
            "{} discards, reference {}",
            adv.discards.len(),
            want.len()
        ));
    }
    for w in &want {
        let d = adv
            .discards
            .iter()
            .find(|d| d.tile == w.tile)
            .ok_or_else(|| format!("no option for discard {}", w.tile))?;
        if d.index != w.index || d.distance != w.distance {
            return Err(format!(
                "discard {}: index {} distance {}, reference {} {}",
                w.tile, d.index, d.distance, w.index, w.distance
            ));
        }
        let outs: Vec<(Kind, u8)> = d.outs.iter().map(|o| (o.tile, o.unseen)).collect();
        if outs != w.outs {
            let fmt = |v: &[(Kind, u8)]| {
                v.iter()
                    .map(|(k, n)| format!("{k}x{n}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            return Err(format!(
                "discard {}: outs [{}], reference [{}]",
                w.tile,
                fmt(&outs),
                fmt(&w.outs)
            ));
        }
        if (w.distance == 0) != (w.wins.0 || w.wins.1) {
            return Err(format!("reference inconsistent on discard {}", w.tile));
        }
    }
    let best = want.iter().map(|w| w.distance).min().expect("15 tiles");
    if adv.distance != best {
        return Err(format!(
            "advice distance {}, reference {best}",
            adv.distance
        ));
    }
    // Best first: lowest distance, then most unseen outs, then hand order.
    let key = |d: &analysis::DiscardOption| {
        let live: u32 = d.outs.iter().map(|o| u32::from(o.unseen)).sum();
        (d.distance, std::cmp::Reverse(live), d.index)
    };
    if adv.discards.windows(2).any(|w| key(&w[0]) > key(&w[1])) {
        return Err("discards not best first".into());
    }
    let finishing: Vec<&reference::RefDiscard> = want.iter().filter(|w| w.distance == 0).collect();
    if adv.finishes.len() != finishing.len() {
        return Err(format!(
            "{} finishes, reference {}",
            adv.finishes.len(),
            finishing.len()
        ));
    }
    for w in finishing {
        let f = adv
            .finishes
            .iter()
            .find(|f| f.discard == w.tile)
            .ok_or_else(|| format!("no finish discarding {}", w.tile))?;
        let kind = if w.wins.1 {
            WinKind::Pairs
        } else {
            WinKind::Melds
        };
        let okey = joker.is_okey(w.tile);
        let points = 2 * if okey { 2 } else { 1 } * if kind == WinKind::Pairs { 2 } else { 1 };
        if f.index != w.index
            || f.kind != kind
            || f.okey_discard != okey
            || f.points != points
            || f.arrangement.kind != kind
        {
            return Err(format!("finish {}: {f:?}", w.tile));
        }
        check_arrangement(hand, joker, &f.arrangement, Some(w.index))?;
    }
    Ok(())
}
