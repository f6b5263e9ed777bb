//! The 101 assistant: what a seat's own view says about its hand (the best opening and
//! whether it reaches the figure, the most pairs, where tiles can be laid off, which discards
//! cost 101) and a suggested action with its reason. Built only from [`SeatView101`] and the
//! seat's legal actions, so it never knows more than the player.

use super::action::Action101;
use super::analysis::{best_opening, best_pairs, layoff_spots, swap_spots};
use super::meld::{Laid, MeldId, Shape, Side};
use super::round::{Cause, Status};
use super::view::SeatView101;
use crate::tile::{Face, Joker, Kind, Role, Tile};
use serde::{Deserialize, Serialize};

/// One place a tile of the hand can go on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Spot101 {
    /// The tile from the hand.
    pub tile: Tile,
    /// The table meld.
    pub meld: MeldId,
    /// For an okey on a run, the end it goes to.
    pub side: Option<Side>,
    /// For a swap, the okey it takes out of the meld.
    pub okey: Option<Tile>,
}

/// Why the assistant suggests its action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Reason101 {
    /// The round is over: deal the next.
    NextRound,
    /// The previous discard can reach the table this turn.
    TakeUsable,
    /// Nothing better than the pile.
    Draw,
    /// The pile is out and nothing on offer helps.
    EndRound,
    /// The best series opening reaches the figure.
    OpenSeries {
        /// Its value.
        value: u16,
        /// The figure.
        needed: u16,
    },
    /// Enough pairs to open with pairs.
    OpenPairs {
        /// Pairs in the opening.
        pairs: u8,
        /// Pairs needed.
        needed: u8,
    },
    /// A new meld from the hand.
    Meld {
        /// Its value.
        value: u16,
    },
    /// A tile fits a table meld.
    LayOff,
    /// A tile replaces an okey on the table, which then comes to the hand.
    Swap,
    /// The taken discard cannot reach the table after all: put it back.
    ReturnTaken,
    /// The discard of least use, and not penalised.
    Discard,
    /// Every discard left is penalised; this one costs least to keep out of the hand.
    DiscardPenalised,
}

/// A suggested action and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Hint101 {
    /// The action.
    pub action: Action101,
    /// The reason.
    pub reason: Reason101,
}

/// The assistant's reading of a seat's hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Assist101 {
    /// The value of the best series opening the hand holds (R101-14).
    pub opening_value: u16,
    /// Its melds, as they would be laid.
    pub opening: Vec<Laid>,
    /// The figure and the pairs needed (R101-17).
    pub needed: (u16, u8),
    /// Whether the best opening reaches the figure.
    pub reaches: bool,
    /// The most pairs the hand holds (R101-15).
    pub pairs: u8,
    /// Whether they are enough to open with pairs.
    pub pairs_reach: bool,
    /// Whether the seat has opened (lay-offs count only then).
    pub opened: bool,
    /// Where hand tiles can be laid off or swapped in, once opened (R101-21, R101-22).
    pub spots: Vec<Spot101>,
    /// Tiles that cost 101 if discarded now (R101-24, R101-25).
    pub costly: Vec<(Tile, Cause)>,
    /// The suggested action, when the seat has one to make.
    pub hint: Option<Hint101>,
}

/// The assistant's reading of `view`, with `legal` the seat's legal actions now.
pub fn assist101(view: &SeatView101, legal: &[Action101]) -> Assist101 {
    let joker = joker_of(view);
    let kinds: Vec<Kind> = view.hand.iter().map(|t| t.kind()).collect();
    let best = best_opening(&kinds, joker).ok();
    let opening_value = best.as_ref().map_or(0, |b| b.value);
    let opening: Vec<Laid> = best
        .as_ref()
        .map(|b| b.laid(&view.hand))
        .unwrap_or_default();
    let pairs = u8::try_from(best_pairs(&kinds, joker).len()).unwrap_or(u8::MAX);
    let status = view
        .players
        .get(view.seat.index())
        .map(|p| p.status)
        .unwrap_or(Status::Unopened { declared: false });
    let opened = status.opened();
    let spots = if opened {
        spots_of(view, joker)
    } else {
        Vec::new()
    };
    Assist101 {
        opening_value,
        reaches: opening_value >= view.needed.0,
        pairs,
        pairs_reach: pairs >= view.needed.1,
        needed: view.needed,
        opened,
        spots,
        costly: view.discard_costs.clone(),
        hint: hint(view, legal, joker, &opening),
        opening,
    }
}

/// Every lay-off and swap spot of the hand's tiles on the table.
fn spots_of(view: &SeatView101, joker: Joker) -> Vec<Spot101> {
    let mut out = Vec::new();
    for &tile in &view.hand {
        for s in layoff_spots(&view.table, tile.kind(), joker) {
            out.push(Spot101 {
                tile,
                meld: s.meld,
                side: s.side,
                okey: None,
            });
        }
        for s in swap_spots(&view.table, tile.kind(), joker) {
            out.push(Spot101 {
                tile,
                meld: s.meld,
                side: None,
                okey: Some(s.okey),
            });
        }
    }
    out
}

/// The suggested action among `legal`, in the order a careful player thinks: the next round,
/// the take or the draw, the opening, new melds, swaps and lay-offs, then the discard.
fn hint(
    view: &SeatView101,
    legal: &[Action101],
    joker: Joker,
    opening: &[Laid],
) -> Option<Hint101> {
    let is = |a: &Action101| legal.contains(a);
    let say = |action: Action101, reason: Reason101| Some(Hint101 { action, reason });
    if is(&Action101::NextRound) {
        return say(Action101::NextRound, Reason101::NextRound);
    }
    if view.turn != Some(view.seat) || legal.is_empty() {
        return None;
    }
    let starter_first = !legal.iter().any(|a| {
        matches!(
            a,
            Action101::Draw | Action101::Take | Action101::EndRound | Action101::Return
        )
    }) && !view.taken;
    if !view.taken && !starter_first {
        if view.offered.is_some() && view.offered_use.is_none() && is(&Action101::Take) {
            return say(Action101::Take, Reason101::TakeUsable);
        }
        if is(&Action101::Draw) {
            return say(Action101::Draw, Reason101::Draw);
        }
        if is(&Action101::EndRound) {
            return say(Action101::EndRound, Reason101::EndRound);
        }
    }
    // Openings: the analysis offers the best series opening and the most pairs; the series
    // first, since a pairs opener doubles what the others lose and plays on with less.
    let mut opens: Vec<&Action101> = legal
        .iter()
        .filter(|a| matches!(a, Action101::Open(_)))
        .collect();
    opens.sort_by_key(|a| match a {
        Action101::Open(m) if m.iter().all(|l| l.shape == Shape::Pair) => 1,
        _ => 0,
    });
    if let Some(Action101::Open(melds)) = opens.first() {
        let reason = if melds.iter().all(|l| l.shape == Shape::Pair) {
            Reason101::OpenPairs {
                pairs: u8::try_from(melds.len()).unwrap_or(u8::MAX),
                needed: view.needed.1,
            }
        } else {
            Reason101::OpenSeries {
                value: melds_value(melds, joker),
                needed: view.needed.0,
            }
        };
        return say(Action101::Open(melds.clone()), reason);
    }
    if let Some(Action101::Meld(m)) = legal.iter().find(|a| matches!(a, Action101::Meld(_))) {
        let value = melds_value(std::slice::from_ref(m), joker);
        return say(Action101::Meld(m.clone()), Reason101::Meld { value });
    }
    if let Some(swap) = legal.iter().find(|a| matches!(a, Action101::Swap { .. })) {
        return say(swap.clone(), Reason101::Swap);
    }
    // A plain tile first: an okey laid off is an okey given away.
    let layoff = legal
        .iter()
        .filter(|a| matches!(a, Action101::LayOff { .. }))
        .min_by_key(|a| match a {
            Action101::LayOff { tile, .. } => joker.is_okey(tile.kind()),
            _ => true,
        });
    if let Some(Action101::LayOff { tile, .. }) = layoff {
        let okey = joker.is_okey(tile.kind());
        // Keep okeys unless the hand would otherwise be stuck with them at the end.
        if !okey || view.hand.len() <= 2 {
            return say(layoff.cloned()?, Reason101::LayOff);
        }
    }
    if view.pending.is_some() && is(&Action101::Return) {
        return say(Action101::Return, Reason101::ReturnTaken);
    }
    discard(view, legal, joker, opening)
}

/// The discard of least use: not penalised if any is free, never an okey while another tile
/// will do, outside the best opening's melds, the highest number (it weighs most in the hand).
fn discard(
    view: &SeatView101,
    legal: &[Action101],
    joker: Joker,
    opening: &[Laid],
) -> Option<Hint101> {
    let in_opening = |t: Tile| opening.iter().any(|l| l.tiles.contains(&t));
    let costly = |t: Tile| view.discard_costs.iter().any(|(c, _)| *c == t);
    let pairs_mate = |t: Tile| {
        view.hand
            .iter()
            .filter(|o| o.kind() == t.kind() && **o != t)
            .count()
    };
    let tiles = legal.iter().filter_map(|a| match a {
        Action101::Discard(t) => Some(*t),
        _ => None,
    });
    let best = tiles.min_by_key(|&t| {
        let number = match joker.role(t.kind()) {
            Role::Plain(f) => f.number.get(),
            Role::Wild => 0,
        };
        (
            costly(t),
            joker.is_okey(t.kind()),
            in_opening(t),
            pairs_mate(t),
            std::cmp::Reverse(number),
            t.id(),
        )
    })?;
    let reason = if costly(best) {
        Reason101::DiscardPenalised
    } else {
        Reason101::Discard
    };
    Some(Hint101 {
        action: Action101::Discard(best),
        reason,
    })
}

/// The joker of the round a view shows: the indicator's face, found from the okey face the
/// view names (an indicator is always a plain face, R101-4).
pub fn joker_of(view: &SeatView101) -> Joker {
    let indicator = view
        .indicator
        .kind()
        .face()
        .or_else(|| Face::all().find(|f| f.okey_for_indicator() == view.okey))
        .unwrap_or(view.okey);
    Joker::new(indicator)
}

/// The value of melds as laid (R101-14); melds that are not valid count nothing.
pub fn melds_value(melds: &[Laid], joker: Joker) -> u16 {
    melds
        .iter()
        .filter(|l| l.shape != Shape::Pair)
        .filter_map(|l| {
            let kinds: Vec<Kind> = l.tiles.iter().map(|t| t.kind()).collect();
            super::meld::place(l.shape, &kinds, joker).ok()
        })
        .map(|faces| super::meld::value(&faces))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::r101::{Match101, Rules101};
    use crate::rules::Seat;

    /// Plays a whole match where every seat follows the assistant's hint: each hint must be
    /// legal, and the match must end (the hint never loops on take-back or return).
    #[test]
    fn r101_12_every_hint_is_a_legal_action_and_a_match_of_hints_ends() {
        for seed in 0..6u64 {
            let rules = Rules101 {
                rounds: 3,
                ..Rules101::default()
            };
            let mut m = Match101::new(rules, seed).unwrap();
            let mut steps = 0;
            while !m.is_over() {
                steps += 1;
                assert!(steps < 20_000, "seed {seed}: no end");
                let seat = m.round().turn().unwrap_or(Seat(0));
                let view = m.view(seat).unwrap();
                let legal = m.legal_actions(seat);
                let a = assist101(&view, &legal);
                let hint = a.hint.expect("a hint on the seat's turn");
                assert!(legal.contains(&hint.action), "{:?}", hint.action);
                m.apply(seat, hint.action).unwrap();
            }
        }
    }

    #[test]
    fn r101_14_the_assistant_reports_the_best_opening_against_the_figure() {
        let m = Match101::new(Rules101::default(), 7).unwrap();
        let view = m.view(Seat(1)).unwrap();
        let a = assist101(&view, &[]);
        assert_eq!(a.needed, (101, 5));
        assert_eq!(a.reaches, a.opening_value >= 101);
        assert_eq!(melds_value(&a.opening, joker_of(&view)), a.opening_value);
        assert!(a.hint.is_none(), "not its turn");
        assert!(a.spots.is_empty(), "nobody has opened");
    }
}
