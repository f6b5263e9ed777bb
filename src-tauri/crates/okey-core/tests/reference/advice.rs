//! Advice for 15 tiles (R10, R18): per distinct discard, the distance of the 14 left, the
//! draws that lower it and how many of each are unseen.

use super::distance::{keeps_at_least, kept};
use super::kind_counts;
use super::win::{pairs_win, standard_win};
use okey_core::{Joker, Kind};

/// What the reference expects for one distinct discard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefDiscard {
    /// The tile thrown.
    pub tile: Kind,
    /// Its first position.
    pub index: usize,
    /// Distance of the 14 left.
    pub distance: u8,
    /// Outs as (kind, unseen), in kind order.
    pub outs: Vec<(Kind, u8)>,
    /// Whether the 14 left win by melds, by pairs.
    pub wins: (bool, bool),
}

/// Reference advice for a 15-tile hand, per distinct discard in hand order.
pub fn advise(hand: &[Kind], joker: Joker, seen: &[Kind]) -> Vec<RefDiscard> {
    assert_eq!(hand.len(), 15);
    let in_hand = kind_counts(hand);
    let in_seen = kind_counts(seen);
    let indicator = Kind::Face(joker.indicator());
    let mut out = Vec::new();
    for (index, &tile) in hand.iter().enumerate() {
        if hand[..index].contains(&tile) {
            continue;
        }
        let mut rest = hand.to_vec();
        rest.remove(index);
        let kept_rest = kept(&rest, joker);
        let rest_counts = kind_counts(&rest);
        let mut outs = Vec::new();
        for t in Kind::all() {
            if rest_counts[t.index()] >= 2 {
                continue;
            }
            let gone = i32::from(in_hand[t.index()])
                + i32::from(in_seen[t.index()])
                + i32::from(t == indicator);
            // An out has a copy left to draw.
            if gone >= 2 {
                continue;
            }
            let mut more = rest.clone();
            more.push(t);
            if keeps_at_least(&more, joker, kept_rest + 1) {
                outs.push((t, (2 - gone) as u8));
            }
        }
        out.push(RefDiscard {
            tile,
            index,
            distance: 14 - kept_rest,
            outs,
            wins: (
                standard_win(&rest, joker).is_some(),
                pairs_win(&rest, joker),
            ),
        });
    }
    out
}
