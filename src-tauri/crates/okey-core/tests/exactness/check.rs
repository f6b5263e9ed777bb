//! Checking one hand against the reference: the win checks with their arrangements, the
//! distance, and running a check over a hand set.

use crate::reference::gen::show;
use crate::reference::{self, Is};
use okey_core::analysis::{self, Arrangement, WinKind};
use okey_core::meld::{check_group, MeldKind};
use okey_core::{Face, Joker, Kind};

/// Checks that an arrangement splits `hand` (minus `skip`) into valid groups of its kind.
pub fn check_arrangement(
    hand: &[Kind],
    joker: Joker,
    arr: &Arrangement,
    skip: Option<usize>,
) -> Result<(), String> {
    let mut seen = vec![false; hand.len()];
    for g in &arr.groups {
        for p in &g.tiles {
            if p.index >= hand.len() || Some(p.index) == skip || seen[p.index] {
                return Err(format!("index {} misplaced or used twice", p.index));
            }
            seen[p.index] = true;
            if p.kind != hand[p.index] {
                return Err(format!(
                    "index {} is {} not {}",
                    p.index, hand[p.index], p.kind
                ));
            }
            if let Is::Plain(f) = reference::is(p.kind, joker) {
                if p.stands_for != f {
                    return Err(format!("plain {} stands for {}", p.kind, p.stands_for));
                }
            }
        }
        let kinds: Vec<Kind> = g.tiles.iter().map(|p| p.kind).collect();
        let faces: Vec<Face> = g.tiles.iter().map(|p| p.stands_for).collect();
        let written = kinds
            .iter()
            .map(|k| k.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        match g.meld {
            MeldKind::Pair => {
                if arr.kind != WinKind::Pairs || kinds.len() != 2 || faces[0] != faces[1] {
                    return Err(format!("bad pair {written}"));
                }
                let roles: Vec<Is> = kinds.iter().map(|&k| reference::is(k, joker)).collect();
                if !(roles.contains(&Is::Okey) || roles[0] == roles[1]) {
                    return Err(format!("not a pair: {written}"));
                }
            }
            MeldKind::Set | MeldKind::Run => {
                if arr.kind != WinKind::Melds {
                    return Err(format!("meld {written} in a pairs win"));
                }
                check_group(&kinds, joker)
                    .map_err(|e| format!("library refuses its own group: {e}"))?;
                let is_run = g.meld == MeldKind::Run;
                let matches = reference::patterns().iter().any(|p| {
                    p.is_run == is_run
                        && if is_run {
                            p.faces == faces
                        } else {
                            let mut sorted = faces.clone();
                            sorted.sort();
                            p.faces == sorted
                        }
                });
                if !matches {
                    let f: Vec<String> = faces.iter().map(|f| f.to_string()).collect();
                    return Err(format!(
                        "{written} standing for {} is not a {:?}",
                        f.join(" "),
                        g.meld
                    ));
                }
            }
        }
    }
    let wanted = hand.len() - usize::from(skip.is_some());
    if seen.iter().filter(|&&s| s).count() != wanted {
        return Err("not every tile is placed".into());
    }
    if arr.kind == WinKind::Pairs && arr.groups.len() != 7 {
        return Err("a pairs win has seven pairs".into());
    }
    Ok(())
}

/// Compares every win check of the library with the reference on a 14-tile hand.
pub fn check_win(hand: &[Kind], joker: Joker) -> Result<bool, String> {
    let melds = reference::standard_win(hand, joker).is_some();
    let pairs = reference::pairs_win(hand, joker);
    let win = melds || pairs;
    if analysis::is_win(hand, joker) != win {
        return Err(format!("is_win {} but reference {win}", !win));
    }
    match analysis::find_win(hand, joker) {
        None if win => return Err("find_win found nothing".into()),
        Some(_) if !win => return Err("find_win found a win that is not".into()),
        Some(arr) => {
            check_arrangement(hand, joker, &arr, None)?;
            let want = if pairs {
                WinKind::Pairs
            } else {
                WinKind::Melds
            };
            if arr.kind != want {
                return Err(format!("find_win gave {:?}, expected {want:?}", arr.kind));
            }
        }
        None => {}
    }
    for (kind, want) in [(WinKind::Melds, melds), (WinKind::Pairs, pairs)] {
        match analysis::find_win_of_kind(hand, joker, kind) {
            Some(arr) if want => {
                check_arrangement(hand, joker, &arr, None)?;
                if arr.kind != kind {
                    return Err(format!("asked {kind:?}, got {:?}", arr.kind));
                }
            }
            None if !want => {}
            got => {
                return Err(format!(
                    "find_win_of_kind({kind:?}) = {}, reference {want}",
                    got.is_some()
                ))
            }
        }
    }
    Ok(win)
}

/// Compares the library's distance with the reference.
pub fn check_distance(hand: &[Kind], joker: Joker) -> Result<u8, String> {
    let want = reference::distance(hand, joker);
    let got = analysis::distance(hand, joker);
    if got != want {
        return Err(format!("distance {got}, reference {want}"));
    }
    Ok(want)
}

/// Runs `check` on every hand, then fails listing the smallest failing hands.
pub fn run_all<T>(
    name: &str,
    hands: &[(Joker, Vec<Kind>)],
    check: impl Fn(&[Kind], Joker) -> Result<T, String>,
) -> Vec<T> {
    let mut out = Vec::new();
    let mut bad = Vec::new();
    for (joker, hand) in hands {
        match check(hand, *joker) {
            Ok(v) => out.push(v),
            Err(e) => bad.push(format!("{}  -- {e}", show(*joker, hand))),
        }
    }
    assert!(
        bad.is_empty(),
        "{name}: {} of {} hands disagree, e.g.\n{}",
        bad.len(),
        hands.len(),
        bad[..bad.len().min(12)].join("\n")
    );
    out
}

pub fn histogram(values: &[u8]) -> Vec<(u8, usize)> {
    let mut h = std::collections::BTreeMap::new();
    for &v in values {
        *h.entry(v).or_insert(0) += 1;
    }
    h.into_iter().collect()
}
