//! Openings that hold a taken discard (R101-13): the view lists the best opening of the hand,
//! which may leave the taken tile out even when another layout both holds it and reaches the
//! figure. These build such a layout, and check one before it is played.

use super::hand::status;
use okey_core::r101::analysis::{best_opening, best_pairs};
use okey_core::r101::meld::{place, value};
use okey_core::r101::{Action101, Laid, SeatView101, Shape, Status};
use okey_core::{Joker, Kind, Role, Tile};

/// An opening of `hand` that lays `pending` and reaches the figures `need`: series first,
/// then (when `pairs_ok`) pairs. None when neither is found.
pub fn open_with(
    hand: &[Tile],
    pending: Tile,
    joker: Joker,
    need: (u16, u8),
    pairs_ok: bool,
) -> Option<Vec<Laid>> {
    series_with(hand, pending, joker, need.0).or_else(|| {
        pairs_ok
            .then(|| pairs_with(hand, pending, joker, need.1))
            .flatten()
    })
}

/// Puts `pending` in place of a laid tile of its kind when the layout used the other copy.
fn hold(mut melds: Vec<Laid>, pending: Tile) -> Option<Vec<Laid>> {
    if melds.iter().any(|m| m.tiles.contains(&pending)) {
        return Some(melds);
    }
    let slot = melds
        .iter_mut()
        .flat_map(|m| m.tiles.iter_mut())
        .find(|t| t.kind() == pending.kind())?;
    *slot = pending;
    Some(melds)
}

/// Drops melds without `pending` until one tile is left for the discard, while the opening
/// still reaches `enough`; None if it cannot.
fn leave_one(
    mut melds: Vec<Laid>,
    hand_len: usize,
    pending: Tile,
    worth: impl Fn(&Laid) -> u16,
    enough: impl Fn(&[Laid]) -> bool,
) -> Option<Vec<Laid>> {
    let laid = |ms: &[Laid]| ms.iter().map(|m| m.tiles.len()).sum::<usize>();
    if laid(&melds) < hand_len {
        return Some(melds);
    }
    let mut order: Vec<usize> = (0..melds.len())
        .filter(|&i| !melds[i].tiles.contains(&pending))
        .collect();
    order.sort_by_key(|&i| worth(&melds[i]));
    let drop = order.into_iter().find(|&i| {
        let mut rest = melds.clone();
        rest.remove(i);
        enough(&rest)
    })?;
    melds.remove(drop);
    (laid(&melds) < hand_len).then_some(melds)
}

fn laid_value(m: &Laid, joker: Joker) -> u16 {
    let kinds: Vec<Kind> = m.tiles.iter().map(|t| t.kind()).collect();
    place(m.shape, &kinds, joker).map_or(0, |f| value(&f))
}

/// The best layout's melds as tiles of `hand`, `rack` the hand's indices it was found for
/// (every one of them in the hand).
fn as_laid(hand: &[Tile], rack: &[usize], o: &okey_core::r101::analysis::Opening) -> Vec<Laid> {
    let tiles: Vec<Tile> = rack.iter().filter_map(|&r| hand.get(r)).copied().collect();
    o.laid(&tiles)
}

fn series_with(hand: &[Tile], pending: Tile, joker: Joker, need: u16) -> Option<Vec<Laid>> {
    let kinds: Vec<Kind> = hand.iter().map(|t| t.kind()).collect();
    let all: Vec<usize> = (0..hand.len()).collect();
    let o = best_opening(&kinds, joker).ok()?;
    let mut best: Option<(u16, Vec<Laid>)> = None;
    if o.value >= need {
        if let Some(melds) = hold(as_laid(hand, &all, &o), pending) {
            best = Some((o.value, melds));
        }
    }
    if best.is_none() {
        // A meld of three around the taken tile, and the best of the rest.
        let others: Vec<usize> = (0..hand.len()).filter(|&i| hand[i] != pending).collect();
        for (x, &a) in others.iter().enumerate() {
            for &b in &others[x + 1..] {
                for (shape, tiles) in three(pending, hand[a], hand[b], joker) {
                    let rest: Vec<usize> = others
                        .iter()
                        .copied()
                        .filter(|&i| i != a && i != b)
                        .collect();
                    let rest_kinds: Vec<Kind> = rest.iter().map(|&i| kinds[i]).collect();
                    let meld = Laid { shape, tiles };
                    let v = laid_value(&meld, joker);
                    let (rv, mut melds) = match best_opening(&rest_kinds, joker) {
                        Ok(r) => (r.value, as_laid(hand, &rest, &r)),
                        Err(_) => (0, Vec::new()),
                    };
                    if best.as_ref().is_none_or(|(bv, _)| v + rv > *bv) {
                        melds.push(meld);
                        best = Some((v + rv, melds));
                    }
                }
            }
        }
    }
    let (total, melds) = best.filter(|(v, _)| *v >= need)?;
    let worth = |m: &Laid| laid_value(m, joker);
    leave_one(melds, hand.len(), pending, worth, |rest| {
        rest.iter().map(worth).sum::<u16>() >= need.min(total)
    })
}

/// The sets and runs of exactly these three tiles, with the first in them.
fn three(p: Tile, a: Tile, b: Tile, joker: Joker) -> Vec<(Shape, Vec<Tile>)> {
    let near = |t: Tile| match (joker.role(p.kind()), joker.role(t.kind())) {
        (Role::Plain(x), Role::Plain(y)) => {
            x.number == y.number
                || (x.colour == y.colour && x.number.get().abs_diff(y.number.get()) <= 2)
        }
        _ => true,
    };
    if !near(a) || !near(b) {
        return Vec::new();
    }
    let fits = |shape: Shape, tiles: &[Tile]| {
        let kinds: Vec<Kind> = tiles.iter().map(|t| t.kind()).collect();
        place(shape, &kinds, joker).is_ok()
    };
    let mut out = Vec::new();
    if fits(Shape::Set, &[p, a, b]) {
        out.push((Shape::Set, vec![p, a, b]));
    }
    let orders = [
        [p, a, b],
        [p, b, a],
        [a, p, b],
        [b, p, a],
        [a, b, p],
        [b, a, p],
    ];
    if let Some(run) = orders.iter().find(|o| fits(Shape::Run, &o[..])) {
        out.push((Shape::Run, run.to_vec()));
    }
    out
}

fn pairs_with(hand: &[Tile], pending: Tile, joker: Joker, need: u8) -> Option<Vec<Laid>> {
    let kinds: Vec<Kind> = hand.iter().map(|t| t.kind()).collect();
    let melds: Vec<Laid> = best_pairs(&kinds, joker)
        .into_iter()
        .map(|(a, b)| Laid {
            shape: Shape::Pair,
            tiles: vec![hand[a], hand[b]],
        })
        .collect();
    let melds = hold(melds, pending)?;
    let enough = |ms: &[Laid]| ms.len() >= usize::from(need);
    if !enough(&melds) {
        return None;
    }
    leave_one(melds, hand.len(), pending, |m| laid_value(m, joker), enough)
}

/// Whether `action` is an opening these builders made that the view's seat may play now:
/// unopened and undeclared (a declared seat never takes), every tile in the hand once, the
/// taken tile in it, one tile left, each meld valid, all pairs or none, and the figure met.
pub fn is_built(action: &Action101, view: &SeatView101) -> bool {
    let Action101::Open(melds) = action else {
        return false;
    };
    let Some(pending) = view.pending else {
        return false;
    };
    let undeclared = status(view) == Status::Unopened { declared: false };
    if !undeclared || view.turn != Some(view.seat) || melds.is_empty() {
        return false;
    }
    let joker = super::hand::joker_of(view);
    let tiles: Vec<Tile> = melds.iter().flat_map(|m| m.tiles.iter().copied()).collect();
    let mut sorted = tiles.clone();
    sorted.sort();
    sorted.dedup();
    let pairs = melds.iter().filter(|m| m.shape == Shape::Pair).count();
    let whole = sorted.len() == tiles.len()
        && tiles.len() < view.hand.len()
        && tiles.iter().all(|t| view.hand.contains(t))
        && tiles.contains(&pending)
        && (pairs == 0 || pairs == melds.len());
    if !whole {
        return false;
    }
    let mut total = 0;
    for m in melds {
        let kinds: Vec<Kind> = m.tiles.iter().map(|t| t.kind()).collect();
        match place(m.shape, &kinds, joker) {
            Ok(f) => total += value(&f),
            Err(_) => return false,
        }
    }
    if pairs > 0 {
        pairs >= usize::from(view.needed.1)
    } else {
        total >= view.needed.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::kinds;
    use okey_core::notation::parse_indicator;

    /// Tiles for `text`, a second copy where a kind is named twice.
    fn tiles(text: &str) -> Vec<Tile> {
        let mut out: Vec<Tile> = Vec::new();
        for k in kinds(text) {
            let copy = out.iter().filter(|t| t.kind() == k).count() as u8;
            out.push(Tile::of(k, copy).expect("two copies at most"));
        }
        out
    }

    fn check(melds: &[Laid], hand: &[Tile], pending: Tile, joker: Joker) -> u16 {
        let laid: Vec<Tile> = melds.iter().flat_map(|m| m.tiles.clone()).collect();
        assert!(laid.contains(&pending), "the taken tile is laid");
        assert!(laid.len() < hand.len(), "one tile is left for the discard");
        assert!(laid.iter().all(|t| hand.contains(t)));
        melds.iter().map(|m| laid_value(m, joker)).sum()
    }

    #[test]
    fn r101_13_a_series_opening_built_around_the_taken_discard_holds_that_tile() {
        let joker = Joker::new(parse_indicator("B4").unwrap());
        let hand = tiles("R10 R11 R12 R13 K10 K11 K12 Y9 Y10 Y11 K1 Y5 B8 R2 R9");
        let pending = hand[hand.len() - 1];
        let melds = open_with(&hand, pending, joker, (101, 5), false).expect("an opening");
        assert!(check(&melds, &hand, pending, joker) >= 101);
        // The other copy of the kind in the hand: the opening must lay the taken one.
        let hand = tiles("R9 R10 R11 R12 R13 K10 K11 K12 Y9 Y10 Y11 K1 Y5 B8 R2 R9");
        let pending = hand[hand.len() - 1];
        let melds = open_with(&hand, pending, joker, (101, 5), false).expect("an opening");
        assert!(check(&melds, &hand, pending, joker) >= 101);
    }

    #[test]
    fn r101_15_a_pairs_opening_built_around_the_taken_discard_holds_that_tile() {
        let joker = Joker::new(parse_indicator("B4").unwrap());
        let hand = tiles("R1 R1 Y2 Y2 K3 K3 B7 B7 R8 K9 Y12 R8");
        let pending = hand[hand.len() - 1];
        assert!(
            open_with(&hand, pending, joker, (101, 5), false).is_none(),
            "no series"
        );
        let melds = open_with(&hand, pending, joker, (101, 5), true).expect("five pairs");
        check(&melds, &hand, pending, joker);
        assert!(melds.iter().all(|m| m.shape == Shape::Pair) && melds.len() >= 5);
    }
}
