//! Round scores of 101 (R101-29..R101-35): penalty points, lower is better.

use super::rules::{Multipliers, OkeyInHand, Rules101, PENALTY};
use super::status::Status;
use crate::rules::Seat;
use crate::tile::{Joker, Tile};
use serde::{Deserialize, Serialize};

/// How a round was finished (R101-28, R101-29).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Finish {
    /// Who finished.
    pub seat: Seat,
    /// The finishing discard was an okey.
    pub okey: bool,
    /// The finisher opened with pairs.
    pub pairs: bool,
    /// Opened and laid everything as its own new melds in the finishing turn.
    pub elden: bool,
}

/// How a round ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum EndKind {
    /// Somebody finished.
    Finished(Finish),
    /// The pile ran out (R101-30).
    Exhausted,
    /// Every player opened with pairs under `last_pairs` void_round: no score (R101-18).
    Void,
}

/// One player's round score, line by line (R101-39).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ScoreLine {
    /// The player.
    pub seat: Seat,
    /// Its status at the end.
    pub status: Status,
    /// The tiles left in its hand.
    pub left: Vec<Tile>,
    /// H of R101-31.
    pub hand_value: u16,
    /// Okeys left in the hand.
    pub okeys: u8,
    /// The hand part: −101·m, H·m, 2·H·m or 202·m/404·m, plus okeys under flat_101.
    pub hand_score: i32,
    /// Wiped because the partner finished (R101-35).
    pub wiped: bool,
    /// The sum of its penalties (R101-27).
    pub penalties: i32,
    /// The round score.
    pub total: i32,
}

/// The end of a round with its scores.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RoundEnd101 {
    /// How it ended.
    pub kind: EndKind,
    /// The multiplier m (R101-32).
    pub multiplier: i32,
    /// One line per seat.
    pub lines: Vec<ScoreLine>,
}

impl RoundEnd101 {
    /// A voided round: no scores (R101-18).
    pub(crate) fn void(seats: Vec<SeatEnd>) -> RoundEnd101 {
        RoundEnd101 {
            kind: EndKind::Void,
            multiplier: 1,
            lines: seats
                .into_iter()
                .map(|end| ScoreLine {
                    seat: end.seat,
                    status: end.status,
                    left: end.left,
                    hand_value: 0,
                    okeys: 0,
                    hand_score: 0,
                    wiped: false,
                    penalties: 0,
                    total: 0,
                })
                .collect(),
        }
    }
}

/// The multiplier of a finish (R101-32).
pub fn multiplier(rules: &Rules101, finish: Option<&Finish>) -> i32 {
    let Some(f) = finish else { return 1 };
    let causes = [f.okey, f.pairs, f.elden].iter().filter(|&&c| c).count() as u32;
    match rules.multipliers {
        Multipliers::Stack => 1 << causes,
        Multipliers::Single => 1 + i32::from(causes > 0),
        Multipliers::None => 1,
    }
}

/// H and the okeys of a hand (R101-31).
pub fn hand_value(rules: &Rules101, joker: Joker, hand: &[Tile]) -> (u16, u8) {
    let mut h = 0u16;
    let mut okeys = 0u8;
    for t in hand {
        let okey = joker.is_okey(t.kind());
        if okey {
            okeys += 1;
            if rules.okey_in_hand == OkeyInHand::Flat101 {
                continue;
            }
        }
        h += match t.kind() {
            crate::tile::Kind::Face(f) => u16::from(f.number.get()),
            crate::tile::Kind::FalseJoker => u16::from(joker.okey().number.get()),
        };
    }
    (h, okeys)
}

/// What scoring needs of one seat when its round ends: data, not the round, so that scoring
/// stays below the round in the import order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SeatEnd {
    /// The seat.
    pub(crate) seat: Seat,
    /// Its standing.
    pub(crate) status: Status,
    /// The tiles left in its hand.
    pub(crate) left: Vec<Tile>,
    /// How many penalties of 101 it was charged this round.
    pub(crate) penalties: usize,
}

/// Scores the round that just ended (R101-33, R101-35), from each seat's end in seat order.
pub(crate) fn score_round(
    rules: &Rules101,
    joker: Joker,
    seats: Vec<SeatEnd>,
    finish: Option<Finish>,
) -> RoundEnd101 {
    let m = multiplier(rules, finish.as_ref());
    let finisher = finish.map(|f| f.seat);
    let wiped_seat = finisher.and_then(|s| rules.partner(s));
    let lines = seats
        .into_iter()
        .map(|end| {
            let SeatEnd {
                seat,
                status,
                left,
                penalties,
            } = end;
            let (h, okeys) = hand_value(rules, joker, &left);
            let h32 = i32::from(h);
            let mut hand_score = if Some(seat) == finisher {
                -PENALTY * m
            } else {
                let base = match status {
                    Status::Series { .. } => h32 * m,
                    Status::Pairs { .. } => 2 * h32 * m,
                    Status::Unopened { declared } => (if declared { 404 } else { 202 }) * m,
                };
                let flat = status.opened() && rules.okey_in_hand == OkeyInHand::Flat101;
                base + if flat { PENALTY * i32::from(okeys) } else { 0 }
            };
            let wiped = Some(seat) == wiped_seat;
            if wiped {
                hand_score = 0;
            }
            let penalties = PENALTY * penalties as i32;
            ScoreLine {
                seat,
                status,
                left,
                hand_value: h,
                okeys,
                hand_score,
                wiped,
                penalties,
                total: hand_score + penalties,
            }
        })
        .collect();
    RoundEnd101 {
        kind: finish.map_or(EndKind::Exhausted, EndKind::Finished),
        multiplier: m,
        lines,
    }
}
