//! The review of an Okey 101 round from one seat: its opening (the value opened against the
//! best the hand held, an opening put off while it was possible), its table play (lay-offs
//! and okey swaps left in the hand), each discard (a penalised one, and what it cost the hand:
//! the opening value reachable before opening, the pairs once declared for pairs, the points
//! at risk after opening), a discard the next seat took to open or finish, and the tiles left
//! at the end with what they cost. Everything is judged from the seat's own view and the
//! public table. Grades and their thresholds are in docs/REVIEW.md.

use super::action::Action101;
use super::analysis::{best_opening, best_pairs};
use super::assist::{joker_of, melds_value};
use super::error::Error101;
use super::meld::Shape;
use super::round::{Round101, Status};
use super::scoring::{hand_value, EndKind};
use super::view::SeatView101;
use super::{Match101, Rules101};
use crate::review::{accuracy, Grade, Graded, Reviewable, RoundReview};
use crate::rules::Seat;
use crate::tile::{Joker, Kind, Tile};
use serde::Serialize;

/// What kind of decision it was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum DecisionKind101 {
    /// The opening laid, or one put off (a discard made while an opening was legal).
    Open,
    /// Tiles that could go on table melds kept in the hand at the discard.
    LayOff,
    /// An okey swap left undone at the discard (with any lay-offs).
    Swap,
    /// A discard.
    Discard,
    /// The discard that finished the round.
    Finish,
}

/// What a discard is judged by, which depends on where the seat stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Measure101 {
    /// Unopened: the value of the best series opening the hand keeps (higher is better).
    Opening,
    /// Declared for pairs: the pairs the hand keeps (higher is better).
    Pairs,
    /// Opened: the points the hand would still count with every meld it holds laid (lower
    /// is better).
    AtRisk,
}

/// What a discard of this seat gave the next seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Fed101 {
    /// The next seat took it and opened that turn.
    Opening,
    /// The next seat took it and finished that turn.
    Finish,
}

/// One graded decision of the seat.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Decision101 {
    /// Its index among the round's actions, from 0.
    pub turn: usize,
    /// What kind of decision.
    pub kind: DecisionKind101,
    /// The seat's hand before it (tokens).
    pub rack: Vec<Kind>,
    /// The indicator.
    pub indicator: Kind,
    /// What the seat did.
    pub chosen: Action101,
    /// What the review finds best.
    pub best: Action101,
    /// The grade.
    pub grade: Grade,
    /// The value of the best series opening the hand held before the decision.
    pub opening_value: u16,
    /// The hand's points (H of R101-31) after the decision.
    pub at_risk: u16,
    /// For a discard, what it is judged by...
    pub measure: Option<Measure101>,
    /// ... its figure after the choice (an opening: the value or pairs opened) ...
    pub value_after: u16,
    /// ... and after the best choice.
    pub best_value_after: u16,
    /// Tiles that could have gone to the table and stayed in the hand.
    pub missed: Vec<Tile>,
    /// The discard cost a penalty of 101 (R101-24, R101-25).
    pub penalised: bool,
    /// The next seat took this discard and opened or finished with it.
    pub fed: Option<Fed101>,
}

impl Graded for Decision101 {
    fn turn(&self) -> usize {
        self.turn
    }
    fn grade(&self) -> Grade {
        self.grade
    }
}

/// What the round's end left the seat with.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Left101 {
    /// The tiles left in its hand.
    pub tiles: Vec<Tile>,
    /// Their points (H of R101-31).
    pub hand_value: u16,
    /// What the hand scored (R101-31, R101-32; lower is better).
    pub hand_score: i32,
    /// The penalties of the round.
    pub penalties: i32,
    /// The round's score.
    pub total: i32,
}

impl Reviewable for Match101 {
    type Decision = Decision101;
    type End = Option<Left101>;

    fn review_round(
        start: &Match101,
        actions: &[(Seat, Action101)],
        seat: Seat,
    ) -> Result<RoundReview<Decision101, Option<Left101>>, Error101> {
        review_round101(start, actions, seat)
    }
}

/// Reviews `seat` over a 101 round: `start` is the match as the round was dealt, `actions`
/// the round's actions in order.
pub fn review_round101(
    start: &Match101,
    actions: &[(Seat, Action101)],
    seat: Seat,
) -> Result<RoundReview<Decision101, Option<Left101>>, Error101> {
    // The view is asked for first: a seat not at the table fails here.
    start.view(seat)?;
    let mut m = start.clone();
    let mut decisions: Vec<Decision101> = Vec::new();
    // The seat's last discard (its decision's index), while the next seat may take it...
    let mut offered: Option<usize> = None;
    // ... and once taken, the taker and that decision.
    let mut taken_by: Option<(Seat, usize)> = None;
    for (turn, (by, action)) in actions.iter().enumerate() {
        if *by == seat && matches!(action, Action101::Open(_) | Action101::Discard(_)) {
            let view = m.view(seat)?;
            let rules = *m.rules();
            if let Action101::Discard(tile) = action {
                let mut after = m.clone();
                after.apply(seat, action.clone())?;
                let finished = finisher(after.round()) == Some(seat);
                decisions.extend(put_off(&view, &rules, turn, action));
                decisions.extend(table_left(m.round(), &view, &rules, turn, *tile));
                decisions.push(discard(&view, &rules, turn, *tile, finished));
                offered = Some(decisions.len() - 1);
            } else {
                decisions.extend(opening(&view, &rules, turn, action));
            }
        } else if *by != seat {
            match action {
                Action101::Take => taken_by = offered.map(|d| (*by, d)),
                Action101::Discard(_) | Action101::EndRound => offered = None,
                _ => {}
            }
        }
        let was_open = m.round().status(*by).opened();
        m.apply(*by, action.clone())?;
        // What the taker of the seat's discard did with it that turn.
        if let Some((taker, d)) = taken_by.filter(|(taker, _)| taker == by) {
            if finisher(m.round()) == Some(taker) {
                decisions[d].fed = Some(Fed101::Finish);
            } else if !was_open && m.round().status(taker).opened() {
                decisions[d].fed = Some(Fed101::Opening);
            }
            if matches!(action, Action101::Discard(_)) {
                taken_by = None;
            }
        }
    }
    let end = m.round().end().and_then(|e| {
        e.lines.iter().find(|l| l.seat == seat).map(|l| Left101 {
            tiles: l.left.clone(),
            hand_value: l.hand_value,
            hand_score: l.hand_score,
            penalties: l.penalties,
            total: l.total,
        })
    });
    Ok(RoundReview {
        seat,
        accuracy: accuracy(&decisions),
        decisions,
        end,
    })
}

/// The seat that finished round `r`, once it is over.
fn finisher(r: &Round101) -> Option<Seat> {
    match &r.end()?.kind {
        EndKind::Finished(f) => Some(f.seat),
        _ => None,
    }
}

/// The parts every decision of a view shares.
fn base(
    view: &SeatView101,
    rules: &Rules101,
    turn: usize,
    kind: DecisionKind101,
    chosen: &Action101,
) -> Decision101 {
    let joker = joker_of(view);
    let kinds = kinds_of(&view.hand);
    Decision101 {
        turn,
        kind,
        rack: kinds.clone(),
        indicator: view.indicator.kind(),
        chosen: chosen.clone(),
        best: chosen.clone(),
        grade: Grade::Best,
        opening_value: opening_value(&kinds, joker),
        at_risk: hand_value(rules, joker, &view.hand).0,
        measure: None,
        value_after: 0,
        best_value_after: 0,
        missed: Vec::new(),
        penalised: false,
        fed: None,
    }
}

fn kinds_of(tiles: &[Tile]) -> Vec<Kind> {
    tiles.iter().map(|t| t.kind()).collect()
}

/// The best series opening's value of `kinds` (0 when none, or for an empty hand).
fn opening_value(kinds: &[Kind], joker: Joker) -> u16 {
    best_opening(kinds, joker).map_or(0, |o| o.value)
}

/// The opening laid, against the best the hand held: series by value, pairs by count. A
/// lower value that still opens is good (the rest stays in the hand); pairs where a series
/// opening was possible, or the other way round, are good too (the assistant prefers series).
fn opening(
    view: &SeatView101,
    rules: &Rules101,
    turn: usize,
    action: &Action101,
) -> Option<Decision101> {
    let Action101::Open(melds) = action else {
        return None;
    };
    let joker = joker_of(view);
    let kinds = kinds_of(&view.hand);
    let mut d = base(view, rules, turn, DecisionKind101::Open, action);
    let best_series = d.opening_value;
    let pairs = melds.iter().all(|l| l.shape == Shape::Pair);
    if pairs {
        let most = u16::try_from(best_pairs(&kinds, joker).len()).unwrap_or(u16::MAX);
        d.value_after = u16::try_from(melds.len()).unwrap_or(u16::MAX);
        d.best_value_after = most.max(d.value_after);
        d.grade = if best_series >= view.needed.0 {
            Grade::Good
        } else if d.value_after >= most {
            Grade::Best
        } else {
            Grade::Good
        };
    } else {
        d.value_after = melds_value(melds, joker);
        d.best_value_after = best_series.max(d.value_after);
        d.grade = match d.best_value_after - d.value_after {
            0 => Grade::Best,
            1..=10 => Grade::Good,
            _ => Grade::Inaccuracy,
        };
    }
    if d.grade != Grade::Best {
        d.best = best_open(view).unwrap_or_else(|| action.clone());
    }
    let laid: Vec<Tile> = melds.iter().flat_map(|l| l.tiles.iter().copied()).collect();
    let kept: Vec<Tile> = view
        .hand
        .iter()
        .copied()
        .filter(|t| !laid.contains(t))
        .collect();
    d.at_risk = hand_value(rules, joker, &kept).0;
    Some(d)
}

/// The opening the engine offers first: the best series, else the most pairs.
fn best_open(view: &SeatView101) -> Option<Action101> {
    let opens = view
        .legal_actions
        .iter()
        .filter(|a| matches!(a, Action101::Open(_)));
    opens
        .clone()
        .find(|a| matches!(a, Action101::Open(m) if m.iter().any(|l| l.shape != Shape::Pair)))
        .or_else(|| opens.clone().next())
        .cloned()
}

/// A discard made while an opening was legal: the opening was put off, a mistake (an
/// unopened hand pays double or more when another seat finishes).
fn put_off(
    view: &SeatView101,
    rules: &Rules101,
    turn: usize,
    action: &Action101,
) -> Option<Decision101> {
    let best = best_open(view)?;
    let mut d = base(view, rules, turn, DecisionKind101::Open, action);
    d.value_after = 0;
    d.best_value_after = match &best {
        Action101::Open(m) if m.iter().all(|l| l.shape == Shape::Pair) => {
            u16::try_from(m.len()).unwrap_or(u16::MAX)
        }
        Action101::Open(m) => melds_value(m, joker_of(view)),
        _ => 0,
    };
    d.best = best;
    d.grade = Grade::Mistake;
    Some(d)
}

/// Lay-offs and okey swaps of plain tiles the opened seat could still make at its discard
/// (played one after another on a copy of the round, as long as one tile is left to
/// discard): a finish missed is a blunder; tiles worth 10 or more left out a mistake, fewer an
/// inaccuracy. Laying off an okey is a choice, never counted as missed.
fn table_left(
    round: &Round101,
    view: &SeatView101,
    rules: &Rules101,
    turn: usize,
    discarded: Tile,
) -> Option<Decision101> {
    let seat = view.seat;
    if !round.status(seat).opened() {
        return None;
    }
    let joker = round.joker();
    let mut r = round.clone();
    let mut missed = Vec::new();
    let mut first = None;
    let mut swapped = false;
    // Each step lays one tile; the hand bounds the steps.
    for _ in 0..view.hand.len() {
        if r.hand(seat).len() <= 1 {
            break;
        }
        let next = r.legal_actions(seat).into_iter().find(|a| match a {
            // The discarded tile is judged by its discard (a penalised one).
            Action101::LayOff { tile, .. } | Action101::Swap { tile, .. } => {
                !joker.is_okey(tile.kind()) && *tile != discarded
            }
            _ => false,
        });
        let Some(next) = next else { break };
        if r.apply(seat, &next).is_err() {
            break;
        }
        if let Action101::LayOff { tile, .. } | Action101::Swap { tile, .. } = next {
            missed.push(tile);
        }
        swapped |= matches!(next, Action101::Swap { .. });
        first.get_or_insert(next);
    }
    let best = first?;
    let last = r.hand(seat).first().copied();
    let finish =
        r.hand(seat).len() == 1 && last.is_some_and(|t| r.is_legal(seat, &Action101::Discard(t)));
    let kind = if swapped {
        DecisionKind101::Swap
    } else {
        DecisionKind101::LayOff
    };
    let mut d = base(view, rules, turn, kind, &Action101::Discard(discarded));
    let points = hand_value(rules, joker, &missed).0;
    d.value_after = 0;
    d.best_value_after = points;
    d.grade = if finish {
        Grade::Blunder
    } else if points >= 10 || swapped {
        Grade::Mistake
    } else {
        Grade::Inaccuracy
    };
    d.missed = missed;
    d.best = best;
    Some(d)
}

/// The discard itself, against the other legal discards by the seat's measure; a penalised
/// discard where a free one existed is a blunder (it costs 101).
fn discard(
    view: &SeatView101,
    rules: &Rules101,
    turn: usize,
    tile: Tile,
    finished: bool,
) -> Decision101 {
    let kind = if finished {
        DecisionKind101::Finish
    } else {
        DecisionKind101::Discard
    };
    let chosen = Action101::Discard(tile);
    let mut d = base(view, rules, turn, kind, &chosen);
    let joker = joker_of(view);
    let without = |t: Tile| -> Vec<Tile> {
        let mut rest = view.hand.clone();
        if let Some(i) = rest.iter().position(|&h| h == t) {
            rest.remove(i);
        }
        rest
    };
    d.at_risk = hand_value(rules, joker, &without(tile)).0;
    if finished {
        return d;
    }
    let costly = |t: Tile| view.discard_costs.iter().any(|(c, _)| *c == t);
    d.penalised = costly(tile);
    let status = view
        .players
        .get(view.seat.index())
        .map_or(Status::Unopened { declared: false }, |p| p.status);
    let measure = match status {
        Status::Unopened { declared: false } => Measure101::Opening,
        Status::Unopened { declared: true } => Measure101::Pairs,
        _ => Measure101::AtRisk,
    };
    d.measure = Some(measure);
    // Higher is better for every measure: points at risk count negative.
    let figure = |t: Tile| -> (u16, i32) {
        let rest = without(t);
        let kinds = kinds_of(&rest);
        match measure {
            Measure101::Opening => {
                let v = opening_value(&kinds, joker);
                (v, i32::from(v))
            }
            Measure101::Pairs => {
                let p = u16::try_from(best_pairs(&kinds, joker).len()).unwrap_or(u16::MAX);
                (p, i32::from(p))
            }
            Measure101::AtRisk => {
                let h = hand_value(rules, joker, &rest).0;
                let risk = h.saturating_sub(opening_value(&kinds, joker));
                (risk, -i32::from(risk))
            }
        }
    };
    let options: Vec<Tile> = view
        .legal_actions
        .iter()
        .filter_map(|a| match a {
            Action101::Discard(t) => Some(*t),
            _ => None,
        })
        .collect();
    let free: Vec<Tile> = options.iter().copied().filter(|&t| !costly(t)).collect();
    let pool = if free.is_empty() { &options } else { &free };
    let mine = figure(tile);
    // The first best in the engine's order keeps the choice stable.
    let best = pool
        .iter()
        .map(|&t| (t, figure(t)))
        .fold(None::<(Tile, (u16, i32))>, |acc, x| match acc {
            Some(a) if a.1 .1 >= x.1 .1 => Some(a),
            _ => Some(x),
        });
    let Some((best_tile, best_figure)) = best else {
        return d;
    };
    d.value_after = mine.0;
    d.best_value_after = best_figure.0;
    let needless_penalty = d.penalised && !free.is_empty();
    let chosen_best = mine.1 >= best_figure.1 && !needless_penalty;
    d.best = if chosen_best {
        chosen
    } else {
        Action101::Discard(best_tile)
    };
    let loss = best_figure.1.saturating_sub(mine.1).max(0);
    d.grade = if needless_penalty {
        Grade::Blunder
    } else if measure == Measure101::Pairs {
        match loss {
            0 => Grade::Best,
            1 => Grade::Mistake,
            _ => Grade::Blunder,
        }
    } else {
        match loss {
            0 => Grade::Best,
            1..=5 => Grade::Good,
            6..=12 => Grade::Inaccuracy,
            13..=25 => Grade::Mistake,
            _ => Grade::Blunder,
        }
    };
    d
}
