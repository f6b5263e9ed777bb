//! Reading a 101 hand: the joker of the view, what each tile is worth to the hand, and which
//! plan (series or pairs) the hand is on.

use okey_core::r101::analysis::{best_opening, best_pairs};
use okey_core::r101::{SeatView101, Status};
use okey_core::{Face, Joker, Kind, Role};

/// The joker context of the view's deal.
pub fn joker_of(view: &SeatView101) -> Joker {
    let indicator = view.indicator.kind().face().or_else(|| {
        // A false joker is never the indicator (R101-4), but the okey face names it anyway.
        Face::all().find(|f| f.okey_for_indicator() == view.okey)
    });
    // Face::all() always holds the face whose okey is view.okey.
    Joker::new(indicator.unwrap_or(view.okey))
}

/// The viewer's status.
pub fn status(view: &SeatView101) -> Status {
    view.players
        .iter()
        .find(|p| p.seat == view.seat)
        .map_or(Status::Unopened { declared: false }, |p| p.status)
}

/// The plan an unopened hand plays for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plan {
    /// Sets and runs worth the opening figure.
    Series,
    /// Five (or more) pairs.
    Pairs,
}

/// Series or pairs for this hand: pairs when they are close and the series far.
pub fn plan(view: &SeatView101, joker: Joker, kinds: &[Kind]) -> Plan {
    match status(view) {
        Status::Pairs { .. } | Status::Unopened { declared: true } => return Plan::Pairs,
        Status::Series { .. } => return Plan::Series,
        Status::Unopened { declared: false } => {}
    }
    if kinds.is_empty() {
        return Plan::Series;
    }
    let pairs = best_pairs(kinds, joker).len() as i32;
    let value = best_opening(kinds, joker).map_or(0, |o| i32::from(o.value));
    let (need_value, need_pairs) = view.needed;
    let pairs_gap = i32::from(need_pairs) - pairs;
    let value_gap = i32::from(need_value) - value;
    if pairs_gap <= 1 && value_gap > 25 || pairs_gap <= 0 && value_gap > 0 {
        Plan::Pairs
    } else {
        Plan::Series
    }
}

/// How well a tile connects to the rest of the hand for series: partners for a set (same
/// number, other colour) and for a run (same colour, one or two apart). Okeys connect
/// everything and are never counted here.
pub fn links(kinds: &[Kind], joker: Joker, i: usize) -> f32 {
    let Role::Plain(f) = joker.role(kinds[i]) else {
        return 4.0;
    };
    let mut set_colours = [false; 4];
    let mut near = [false; 5];
    for (j, &k) in kinds.iter().enumerate() {
        if j == i {
            continue;
        }
        if let Role::Plain(g) = joker.role(k) {
            if g.number == f.number && g.colour != f.colour {
                set_colours[g.colour.index()] = true;
            } else if g.colour == f.colour {
                let d = i32::from(g.number.get()) - i32::from(f.number.get());
                if d != 0 && d.abs() <= 2 {
                    near[(d + 2) as usize] = true;
                }
            }
        }
    }
    let set = set_colours.iter().filter(|&&b| b).count() as f32;
    let run = [near[1], near[3]].iter().filter(|&&b| b).count() as f32
        + 0.5 * [near[0], near[4]].iter().filter(|&&b| b).count() as f32;
    set + run
}

/// The points a tile counts in a hand at the end (R101-31), an okey as 101 flat.
pub fn points(kind: Kind, joker: Joker) -> i32 {
    if joker.is_okey(kind) {
        return 101;
    }
    match kind {
        Kind::Face(f) => i32::from(f.number.get()),
        Kind::FalseJoker => i32::from(joker.okey().number.get()),
    }
}

/// Whether a tile of `kind` has its twin in the hand (a pair for the pairs plan).
pub fn paired(kinds: &[Kind], joker: Joker, i: usize) -> bool {
    let me = joker.role(kinds[i]);
    kinds
        .iter()
        .enumerate()
        .any(|(j, &k)| j != i && joker.role(k) == me)
}
