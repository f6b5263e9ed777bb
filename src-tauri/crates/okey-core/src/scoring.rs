//! Points (R18-R24): what a finish, a gösterge or a penalty costs, who pays, and who wins a
//! match. Scores are kept per scoring unit: a player, or a team in partnership.

use crate::meld::WinKind;
use crate::rules::{ColourDouble, OneColourDouble, Rules, Seat};
use crate::tile::{Joker, Kind, Role};
use serde::{Deserialize, Serialize};

/// Points a player loses for a false strict claim (R11) or an okey discarded in play (R22).
pub const PENALTY: i32 = 2;

/// Who loses points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Payer {
    /// This seat (its team, in partnership).
    Seat(Seat),
    /// Every player (team) still in the match except this seat's.
    OthersOf(Seat),
}

/// Why points were lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ChargeReason {
    /// Someone finished (R18, R20, R21).
    Finish,
    /// Someone showed the indicator's twin (R19).
    Gosterge,
    /// The payer discarded an okey during play (R22).
    OkeyDiscard,
    /// The payer claimed a finish its rack did not show (R11).
    FalseClaim,
}

/// A loss of points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Charge {
    /// Who pays.
    pub payer: Payer,
    /// How many points each payer loses.
    pub points: i32,
    /// Why.
    pub reason: ChargeReason,
}

/// Whether the indicator's colour doubles finishes under R20.
fn colour_doubles(rules: &Rules, joker: Joker) -> bool {
    rules.colour_double != ColourDouble::Off && joker.indicator().colour.is_red_or_black()
}

/// Points each other player loses for a finish (R18): 2, doubled for an okey as the final
/// discard, for pairs, for a one-colour hand (R21) and for a red or black indicator (R20).
pub fn finish_points(
    rules: &Rules,
    joker: Joker,
    win: WinKind,
    okey_discard: bool,
    one_colour: bool,
) -> i32 {
    let doubles = [
        okey_discard,
        win == WinKind::Pairs,
        one_colour && win == WinKind::Melds,
        colour_doubles(rules, joker),
    ];
    doubles
        .iter()
        .fold(2, |points, &d| if d { points * 2 } else { points })
}

/// Points each other player loses for a gösterge (R19, R20).
pub fn gosterge_points(rules: &Rules, joker: Joker) -> i32 {
    if rules.colour_double == ColourDouble::RedBlackWithGosterge && colour_doubles(rules, joker) {
        2
    } else {
        1
    }
}

/// Whether a winning hand counts as one colour under R21: every tile that is not an okey
/// stands for a face of one colour (a false joker for the okey's), red or black if required.
pub fn is_one_colour(rules: &Rules, hand: &[Kind], joker: Joker) -> bool {
    let mut colours = hand.iter().filter_map(|&k| match joker.role(k) {
        Role::Plain(face) => Some(face.colour),
        Role::Wild => None,
    });
    let Some(first) = colours.next() else {
        return false;
    };
    let single = colours.all(|c| c == first);
    match rules.one_colour_double {
        OneColourDouble::Off => false,
        OneColourDouble::Any => single,
        OneColourDouble::RedBlack => single && first.is_red_or_black(),
    }
}

/// Number of scores kept: one per player, or one per team in partnership (R24).
pub fn units(rules: &Rules) -> usize {
    if rules.partnership {
        2
    } else {
        usize::from(rules.players)
    }
}

/// The score a seat plays for. Partners sit opposite, so seats 0 and 2 share one, 1 and 3
/// the other (R24).
pub fn unit_of(rules: &Rules, seat: Seat) -> usize {
    if rules.partnership {
        seat.index() % 2
    } else {
        seat.index()
    }
}

/// The seats that play for a score.
pub fn seats_of(rules: &Rules, unit: usize) -> Vec<Seat> {
    rules
        .seats()
        .filter(|&s| unit_of(rules, s) == unit)
        .collect()
}

/// Applies a charge to the scores of the units still in the match.
pub(crate) fn apply(rules: &Rules, in_match: &[bool], charge: &Charge, scores: &mut [i32]) {
    let unit_in = |u: usize| {
        seats_of(rules, u)
            .iter()
            .any(|s| in_match.get(s.index()) == Some(&true))
    };
    for (u, score) in scores.iter_mut().enumerate() {
        let pays = match charge.payer {
            Payer::Seat(s) => unit_of(rules, s) == u,
            Payer::OthersOf(s) => unit_of(rules, s) != u && unit_in(u),
        };
        if pays {
            *score -= charge.points;
        }
    }
}

/// The best `places` of `candidates` by score; ties at the cut all win (R23).
pub(crate) fn best(scores: &[i32], candidates: &[usize], places: usize) -> Vec<usize> {
    let mut ranked: Vec<i32> = candidates
        .iter()
        .filter_map(|&u| scores.get(u).copied())
        .collect();
    ranked.sort_unstable_by(|a, b| b.cmp(a));
    let Some(&cut) = ranked.get(places.min(ranked.len()).saturating_sub(1)) else {
        return Vec::new();
    };
    candidates
        .iter()
        .copied()
        .filter(|&u| scores.get(u).is_some_and(|&s| s >= cut))
        .collect()
}

/// What one seat (its team, in partnership) lost in a round, by cause.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RoundLoss {
    /// Lost to another's finish (R18), doubles included (R20, R21).
    pub finish: i32,
    /// Lost to another's gösterge (R19).
    pub gosterge: i32,
    /// Penalties: an okey discarded in play (R22), a false finish claim (R11).
    pub penalties: i32,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{parse_hand, parse_indicator};

    fn joker(ind: &str) -> Joker {
        Joker::new(parse_indicator(ind).unwrap())
    }

    #[test]
    fn r18_standard_finish_scores_2_and_okey_discard_4() {
        let r = Rules::default();
        assert_eq!(
            finish_points(&r, joker("Y4"), WinKind::Melds, false, false),
            2
        );
        assert_eq!(
            finish_points(&r, joker("Y4"), WinKind::Melds, true, false),
            4
        );
        assert_eq!(
            finish_points(&r, joker("Y4"), WinKind::Pairs, false, false),
            4
        );
    }

    #[test]
    fn r18_pairs_with_okey_discard_scores_8() {
        let r = Rules::default();
        assert_eq!(
            finish_points(&r, joker("Y4"), WinKind::Pairs, true, false),
            8
        );
    }

    #[test]
    fn r20_colour_double_needs_red_or_black_indicator() {
        let r = Rules {
            colour_double: ColourDouble::RedBlack,
            ..Rules::default()
        };
        assert_eq!(
            finish_points(&r, joker("R4"), WinKind::Melds, false, false),
            4
        );
        assert_eq!(
            finish_points(&r, joker("K4"), WinKind::Pairs, true, false),
            16
        );
        assert_eq!(
            finish_points(&r, joker("Y4"), WinKind::Melds, false, false),
            2
        );
        assert_eq!(gosterge_points(&r, joker("R4")), 1);
        let r = Rules {
            colour_double: ColourDouble::RedBlackWithGosterge,
            ..Rules::default()
        };
        assert_eq!(gosterge_points(&r, joker("R4")), 2);
        assert_eq!(gosterge_points(&r, joker("B4")), 1);
    }

    #[test]
    fn r21_one_colour_counts_okeys_and_false_jokers() {
        let any = Rules {
            one_colour_double: OneColourDouble::Any,
            ..Rules::default()
        };
        let red_black = Rules {
            one_colour_double: OneColourDouble::RedBlack,
            ..Rules::default()
        };
        // Indicator B4: B5 is the okey (wild), F stands for B5.
        let j = joker("B4");
        let yellow = parse_hand(j.indicator(), &["Y1", "Y2", "Y3", "B5", "Y5", "Y6"]).unwrap();
        assert!(is_one_colour(&any, &yellow, j));
        assert!(!is_one_colour(&red_black, &yellow, j));
        assert!(!is_one_colour(&Rules::default(), &yellow, j));
        let with_false = parse_hand(j.indicator(), &["Y1", "Y2", "F"]).unwrap();
        assert!(!is_one_colour(&any, &with_false, j));
        let j = joker("K4");
        let black = parse_hand(j.indicator(), &["K1", "K2", "K3", "F", "K6"]).unwrap();
        assert!(is_one_colour(&red_black, &black, j));
        assert_eq!(finish_points(&any, j, WinKind::Melds, true, true), 8);
        // Pairs are not a standard finish: no one-colour double.
        assert_eq!(finish_points(&any, j, WinKind::Pairs, false, true), 4);
    }

    #[test]
    fn r24_partners_share_a_unit() {
        let r = Rules {
            partnership: true,
            ..Rules::default()
        };
        assert_eq!(units(&r), 2);
        assert_eq!(seats_of(&r, 0), vec![Seat(0), Seat(2)]);
        let mut scores = vec![20, 20];
        let charge = Charge {
            payer: Payer::OthersOf(Seat(1)),
            points: 1,
            reason: ChargeReason::Gosterge,
        };
        apply(&r, &[true; 4], &charge, &mut scores);
        assert_eq!(scores, vec![19, 20]);
    }

    #[test]
    fn r23_best_includes_ties_at_the_cut() {
        assert_eq!(best(&[5, 9, 5, 1], &[0, 1, 2, 3], 2), vec![0, 1, 2]);
        assert_eq!(best(&[5, 9, 6, 1], &[0, 1, 2, 3], 2), vec![1, 2]);
        assert_eq!(best(&[5, 9, 6, 1], &[0, 3], 1), vec![0]);
        assert!(best(&[5], &[], 1).is_empty());
    }
}
