//! The review of a Düz round from one seat: every decision the seat made (take or draw, the
//! discard or the finish), graded by the exact analysis of what the seat could see at that
//! moment (its rack, every discard it saw, a gösterge shown). The numbers are those of the
//! assistant and of `okey check` for the same rack and seen tiles.

use super::{accuracy, Grade, Graded, Reviewable, RoundReview};
use crate::analysis::advise;
use crate::analysis::distance;
use crate::assist::{assist, seen_kinds, take_distance};
use crate::{Action, Joker, Kind, Match, Phase, RuleError, Seat, SeatView, Tile};
use serde::Serialize;

/// What kind of decision it was, by what the seat did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum DecisionKind {
    /// Took the left neighbour's discard (rather than draw).
    Take,
    /// Drew from the pile (rather than take the discard on offer).
    Draw,
    /// Threw a tile.
    Discard,
    /// Finished, or claimed to (R10).
    Finish,
    /// Did not show the indicator's copy while it could (R19): graded a mistake, at the
    /// first action it made while it could.
    Gosterge,
}

/// One graded decision of the seat.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Decision {
    /// Its index among the round's actions, from 0.
    pub turn: usize,
    /// Take or draw, or discard.
    pub kind: DecisionKind,
    /// The seat's tiles before it (tokens, rack order).
    pub rack: Vec<Kind>,
    /// The indicator.
    pub indicator: Kind,
    /// Tiles the seat had seen outside its rack (discards, a gösterge, the centre).
    pub seen: Vec<Kind>,
    /// What the seat did.
    pub chosen: Action,
    /// What the analysis finds best.
    pub best: Action,
    /// The grade.
    pub grade: Grade,
    /// Distance to a win after the choice (a draw: the distance before it).
    pub distance_after: u8,
    /// Distance after the best choice.
    pub best_distance_after: u8,
    /// The faces whose draw would lower the distance after the choice (discards only).
    pub outs: Vec<Kind>,
    /// Unseen copies of those faces, counted from the seat's view.
    pub outs_after: u32,
    /// The same after the best choice.
    pub best_outs_after: u32,
    /// A discard the next seat took and finished with, that same turn.
    pub fed_finish: bool,
}

/// Reviews `seat` over a round: `start` is the match as the round was dealt, `actions` the
/// round's actions in order. Fails when an action does not apply (not the same match).
pub fn review_round(
    start: &Match,
    actions: &[(Seat, Action)],
    seat: Seat,
) -> Result<RoundReview<Decision>, RuleError> {
    let mut m = start.clone();
    let mut decisions = Vec::new();
    // The first of the seat's actions made while it could have shown the indicator.
    let mut could_show: Option<(SeatView, usize, Action)> = None;
    let mut showed = false;
    for (turn, (by, action)) in actions.iter().enumerate() {
        if *by == seat {
            let view = m.view(seat)?;
            showed |= *action == Action::ShowIndicator;
            if could_show.is_none() && view.legal_actions.contains(&Action::ShowIndicator) {
                could_show = Some((view.clone(), turn, *action));
            }
            if let Some(d) = decision(&view, turn, *action) {
                decisions.push(d);
            }
        }
        m.apply(*by, *action)?;
    }
    if let (Some((view, turn, action)), false) = (could_show, showed) {
        let now = assist(&view).distance;
        decisions.push(missed_gosterge(&view, turn, action, now));
        decisions.sort_by_key(|d| d.turn);
    }
    mark_fed_finish(&m, actions, seat, &mut decisions);
    Ok(RoundReview {
        seat,
        accuracy: accuracy(&decisions),
        decisions,
        end: (),
    })
}

impl Graded for Decision {
    fn turn(&self) -> usize {
        self.turn
    }
    fn grade(&self) -> Grade {
        self.grade
    }
}

impl Reviewable for Match {
    type Decision = Decision;
    type End = ();

    fn review_round(
        start: &Match,
        actions: &[(Seat, Action)],
        seat: Seat,
    ) -> Result<RoundReview<Decision>, RuleError> {
        review_round(start, actions, seat)
    }
}

/// The graded decision `action` at `view`, if it is one (rack moves, a gösterge and the
/// round's end are not graded).
fn decision(view: &SeatView, turn: usize, action: Action) -> Option<Decision> {
    let tiles: Vec<Tile> = view.rack.iter().flatten().copied().collect();
    let base = |kind, chosen, best, grade, outs: Vec<Kind>, after: (u8, u8, u32, u32)| Decision {
        turn,
        kind,
        rack: tiles.iter().map(|t| t.kind()).collect(),
        indicator: Kind::Face(view.indicator),
        seen: seen_kinds(view),
        chosen,
        best,
        grade,
        outs,
        fed_finish: false,
        distance_after: after.0,
        best_distance_after: after.1,
        outs_after: after.2,
        best_outs_after: after.3,
    };
    match (view.phase?, action) {
        // A draw with nothing on offer is no choice.
        (Phase::Draw, Action::Draw | Action::TakeDiscard) if view.offered().is_some() => {
            let joker = Joker::new(view.indicator);
            let kinds: Vec<Kind> = tiles.iter().map(|t| t.kind()).collect();
            let now = distance(&kinds, joker);
            // As the assistant judges it: taking is best when it brings the hand closer.
            let took = view
                .offered()
                .and_then(|offered| take_distance(joker, &tiles, &seen_kinds(view), offered))
                .unwrap_or(now);
            let best = if took < now {
                Action::TakeDiscard
            } else {
                Action::Draw
            };
            let chosen_after = if action == Action::TakeDiscard {
                took
            } else {
                now
            };
            let best_after = took.min(now);
            let grade = match chosen_after.saturating_sub(best_after) {
                0 if action == best => Grade::Best,
                0 => Grade::Good,
                1 => Grade::Mistake,
                _ => Grade::Blunder,
            };
            Some(base(
                if action == Action::TakeDiscard {
                    DecisionKind::Take
                } else {
                    DecisionKind::Draw
                },
                action,
                best,
                grade,
                Vec::new(),
                (chosen_after, best_after, 0, 0),
            ))
        }
        (Phase::Discard, Action::Discard(tile) | Action::Finish(tile)) if tiles.len() == 15 => {
            let joker = Joker::new(view.indicator);
            let kinds: Vec<Kind> = tiles.iter().map(|t| t.kind()).collect();
            let advice = advise(&kinds, joker, &seen_kinds(view)).ok()?;
            let outs = |d: &crate::analysis::DiscardOption| {
                d.outs.iter().map(|o| u32::from(o.unseen)).sum::<u32>()
            };
            if let Some(best) = advice
                .finishes
                .iter()
                .max_by_key(|f| (f.okey_discard, f.points))
            {
                let best_tile = tiles.get(best.index).copied()?;
                let finished = matches!(action, Action::Finish(_))
                    && advice.finishes.iter().any(|f| f.discard == tile.kind());
                let grade = if !finished {
                    Grade::Blunder
                } else if advice.finishes.iter().any(|f| {
                    f.discard == tile.kind()
                        && (f.okey_discard, f.points) >= (best.okey_discard, best.points)
                }) {
                    Grade::Best
                } else {
                    Grade::Good
                };
                let chosen_after = if finished { 0 } else { advice.distance.max(1) };
                return Some(base(
                    finish_or_discard(action),
                    action,
                    Action::Finish(best_tile),
                    grade,
                    Vec::new(),
                    (chosen_after, 0, 0, 0),
                ));
            }
            let best = advice.discards.first()?;
            let best_tile = tiles.get(best.index).copied()?;
            let chosen = advice.discards.iter().find(|d| d.tile == tile.kind())?;
            let (mine, theirs) = (outs(chosen), outs(best));
            let grade = match chosen.distance.saturating_sub(best.distance) {
                // A false finish is a discard that also costs the round's penalty (R10).
                _ if matches!(action, Action::Finish(_)) => Grade::Blunder,
                0 if mine >= theirs => Grade::Best,
                0 if 4 * mine >= 3 * theirs => Grade::Good,
                0 => Grade::Inaccuracy,
                1 => Grade::Mistake,
                _ => Grade::Blunder,
            };
            Some(base(
                finish_or_discard(action),
                action,
                Action::Discard(best_tile),
                grade,
                chosen.outs.iter().map(|o| o.tile).collect(),
                (chosen.distance, best.distance, mine, theirs),
            ))
        }
        _ => None,
    }
}

/// A finish (or a claim of one), or a plain discard.
fn finish_or_discard(action: Action) -> DecisionKind {
    if matches!(action, Action::Finish(_)) {
        DecisionKind::Finish
    } else {
        DecisionKind::Discard
    }
}

/// The gösterge the seat could have shown at `view` (R19) and did not: a mistake, since
/// showing it costs nothing and charges the others.
fn missed_gosterge(view: &SeatView, turn: usize, action: Action, now: u8) -> Decision {
    Decision {
        turn,
        kind: DecisionKind::Gosterge,
        rack: view.rack.iter().flatten().map(|t| t.kind()).collect(),
        indicator: Kind::Face(view.indicator),
        seen: seen_kinds(view),
        chosen: action,
        best: Action::ShowIndicator,
        grade: Grade::Mistake,
        outs: Vec::new(),
        distance_after: now,
        best_distance_after: now,
        outs_after: 0,
        best_outs_after: 0,
        fed_finish: false,
    }
}

/// Marks the seat's discard that the next seat took and finished with in the same turn.
fn mark_fed_finish(m: &Match, actions: &[(Seat, Action)], seat: Seat, decisions: &mut [Decision]) {
    let Some(crate::RoundEnd::Finished { seat: finisher, .. }) = m.round().end() else {
        return;
    };
    // The finisher's last turn: its take, then nothing but rack moves before the finish.
    let turn_actions: Vec<(usize, Action)> = actions
        .iter()
        .enumerate()
        .filter(|(_, (by, a))| by == finisher && !matches!(a, Action::Move { .. }))
        .map(|(i, (_, a))| (i, *a))
        .collect();
    let [.., (taken_at, Action::TakeDiscard), (_, Action::Finish(_))] = turn_actions.as_slice()
    else {
        return;
    };
    // The discard taken was the last one before the take: was it this seat's?
    let fed = actions[..*taken_at]
        .iter()
        .enumerate()
        .rev()
        .find(|(_, (_, a))| matches!(a, Action::Discard(_)));
    if let Some((at, (by, _))) = fed {
        if *by == seat {
            if let Some(d) = decisions.iter_mut().find(|d| d.turn == at) {
                d.fed_finish = true;
            }
        }
    }
}
