//! Win checks (R8, R9): exact cover over the pattern universe, and pairing by trying every
//! partner (see the module docs of `reference`).

use super::{is, patterns, Is, Pattern};
use okey_core::{Joker, Kind};

/// A melds split found by [`standard_win`]: for each pattern, the hand index on each slot.
pub type Cover = Vec<(usize, Vec<usize>)>;

/// Whether 14 tiles win with sets and runs (R8), by exact cover; returns a split.
pub fn standard_win(hand: &[Kind], joker: Joker) -> Option<Cover> {
    if hand.len() != 14 {
        return None;
    }
    let roles: Vec<Is> = hand.iter().map(|&k| is(k, joker)).collect();
    let mut used = vec![false; hand.len()];
    let mut cover = Vec::new();
    cover_from(&roles, 0, &mut used, &mut cover).then_some(cover)
}

fn cover_from(roles: &[Is], start: usize, used: &mut Vec<bool>, cover: &mut Cover) -> bool {
    if used.iter().all(|&u| u) {
        return true;
    }
    // The lowest face of a plain tile still uncovered.
    let lowest = roles
        .iter()
        .zip(used.iter())
        .filter_map(|(r, &u)| match r {
            Is::Plain(f) if !u => Some(f.index()),
            _ => None,
        })
        .min()
        .unwrap_or(usize::MAX);
    let pats = patterns();
    for (j, pat) in pats.iter().enumerate().skip(start) {
        if pat.anchor > lowest {
            break;
        }
        let mut slots = Vec::new();
        if fill_slots(roles, pat, used, &mut slots, &mut |used, slots| {
            cover.push((j, slots.to_vec()));
            if cover_from(roles, j, used, cover) {
                return true;
            }
            cover.pop();
            false
        }) {
            return true;
        }
    }
    false
}

/// Tries every way to put unused tiles on the slots of `pat` (plain of the slot's face, or an
/// okey), calling `then` with each complete filling; stops at the first `true`.
fn fill_slots(
    roles: &[Is],
    pat: &Pattern,
    used: &mut Vec<bool>,
    slots: &mut Vec<usize>,
    then: &mut dyn FnMut(&mut Vec<bool>, &[usize]) -> bool,
) -> bool {
    let k = slots.len();
    if k == pat.faces.len() {
        return then(used, slots);
    }
    let want = pat.faces[k];
    let plain = (0..roles.len()).find(|&i| !used[i] && roles[i] == Is::Plain(want));
    let okey = (0..roles.len()).find(|&i| !used[i] && roles[i] == Is::Okey);
    for i in [plain, okey].into_iter().flatten() {
        used[i] = true;
        slots.push(i);
        let ok = fill_slots(roles, pat, used, slots, then);
        slots.pop();
        used[i] = false;
        if ok {
            return true;
        }
    }
    false
}

/// Whether 14 tiles are seven pairs (R9), by trying every pairing of the first tile left.
pub fn pairs_win(hand: &[Kind], joker: Joker) -> bool {
    if hand.len() != 14 {
        return false;
    }
    let roles: Vec<Is> = hand.iter().map(|&k| is(k, joker)).collect();
    let mut used = vec![false; hand.len()];
    pair_up(&roles, &mut used)
}

fn pair_up(roles: &[Is], used: &mut Vec<bool>) -> bool {
    let Some(a) = used.iter().position(|&u| !u) else {
        return true;
    };
    used[a] = true;
    for b in a + 1..roles.len() {
        let fits = roles[a] == Is::Okey || roles[b] == Is::Okey || roles[a] == roles[b];
        if !used[b] && fits {
            used[b] = true;
            if pair_up(roles, used) {
                used[b] = false;
                used[a] = false;
                return true;
            }
            used[b] = false;
        }
    }
    used[a] = false;
    false
}

/// Whether 14 tiles win either way (R8, R9).
pub fn is_win(hand: &[Kind], joker: Joker) -> bool {
    pairs_win(hand, joker) || standard_win(hand, joker).is_some()
}
