//! What one seat may see of a 101 round (R101-5, R101-37): its own hand, everybody's status,
//! hand size, table melds and penalties, the discard stacks as R15 allows, never another
//! hand or the pile.

use super::action::Action101;
use super::meld::TableMeld;
use super::round::{Cause, Round101, Status};
use super::scoring::RoundEnd101;
use crate::problem::{Coded, Problem};
use crate::rules::Seat;
use crate::tile::{Face, Tile};
use serde::{Deserialize, Serialize};

/// Another player as a seat sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayerView101 {
    /// The seat.
    pub seat: Seat,
    /// Its status (R101-5).
    pub status: Status,
    /// Tiles in its hand.
    pub hand_size: usize,
    /// Its discard stack as the viewer may see it, bottom first: the whole stack for the
    /// viewer's own and its previous player's, the top tile only for the others (R15).
    pub stack: Vec<Tile>,
    /// Penalties charged this round.
    pub penalties: usize,
    /// Its match total.
    pub total: i32,
}

/// Everything a seat may know of the match now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeatView101 {
    /// The viewer.
    pub seat: Seat,
    /// Its hand.
    pub hand: Vec<Tile>,
    /// The indicator and the okey face.
    pub indicator: Tile,
    /// The okey face.
    pub okey: Face,
    /// Tiles left in the pile.
    pub pile: usize,
    /// Every player, in seat order.
    pub players: Vec<PlayerView101>,
    /// The table melds, each okey with what it stands for.
    pub table: Vec<TableMeld>,
    /// Whose turn it is.
    pub turn: Option<Seat>,
    /// For the viewer on its turn: whether it has taken, and the discard it must still use.
    pub taken: bool,
    /// The taken discard still to be put on the table (R101-13).
    pub pending: Option<Tile>,
    /// The discard the viewer may take now.
    pub offered: Option<Tile>,
    /// Why the discard on offer could not reach the table this turn, when it could not
    /// (R101-38); None when nothing is offered or it could be used.
    pub offered_use: Option<Problem>,
    /// The viewer's tiles that would cost 101 if discarded now (R101-24, R101-25, R101-27),
    /// on its turn; the finishing discard costs nothing and is not listed.
    pub discard_costs: Vec<(Tile, Cause)>,
    /// The opening figure and pairs the viewer needs (R101-17).
    pub needed: (u16, u8),
    /// Rounds played and rounds in the match.
    pub rounds: (u8, u8),
    /// Turns played this round (each discard ends one; every player sees them go by).
    pub turns: u32,
    /// The end of the round, once over (hands are shown then, R101-39).
    pub end: Option<RoundEnd101>,
    /// What the viewer may do now ([`Match101::legal_actions`](crate::r101::Match101::legal_actions)): its turn's actions as
    /// [`Round101::legal_actions`] lists them, the next round once this one is over and the
    /// match is not; empty otherwise.
    pub legal_actions: Vec<Action101>,
}

impl SeatView101 {
    /// The view of `seat` in a round outside a match (a bot's rollout of a guessed round):
    /// as [`Match101::view`](crate::r101::Match101::view) but with the given match `totals` (one per seat) and `rounds`
    /// (played, in the match), and the round's own actions ([`Round101::legal_actions`]).
    /// None for a seat not at the table.
    pub fn of_round(
        r: &Round101,
        seat: Seat,
        totals: &[i32],
        rounds: (u8, u8),
    ) -> Option<SeatView101> {
        SeatView101::build(r, seat, totals, rounds, r.legal_actions(seat))
    }

    /// The view of `seat` in round `r` of a match whose seats have `totals` after `rounds`
    /// (played, in the match), the viewer's `legal_actions` given (a match adds the next
    /// round to the round's own). None for a seat not at the table.
    pub(crate) fn build(
        r: &Round101,
        seat: Seat,
        totals: &[i32],
        rounds: (u8, u8),
        legal_actions: Vec<Action101>,
    ) -> Option<SeatView101> {
        if seat.0 >= r.rules().players {
            return None;
        }
        let mine = r.turn() == Some(seat);
        let left = r.previous(seat);
        let players = r
            .rules()
            .seats()
            .map(|s| {
                let stack = r.stack(s);
                let stack = if s == seat || s == left {
                    stack.to_vec()
                } else {
                    stack.last().copied().into_iter().collect()
                };
                PlayerView101 {
                    seat: s,
                    status: r.status(s),
                    hand_size: r.hand(s).len(),
                    stack,
                    penalties: r.penalties(s).len(),
                    total: totals.get(s.index()).copied().unwrap_or(0),
                }
            })
            .collect();
        Some(SeatView101 {
            seat,
            hand: r.hand(seat).to_vec(),
            indicator: r.indicator(),
            okey: r.joker().okey(),
            pile: r.pile_len(),
            players,
            table: r.table().to_vec(),
            turn: r.turn(),
            turns: r.turns(),
            taken: mine && r.has_taken(),
            pending: if mine { r.pending() } else { None },
            offered: if mine { r.offered() } else { None },
            offered_use: if mine && r.offered().is_some() {
                r.offered_use(seat).err().map(|e| e.problem())
            } else {
                None
            },
            discard_costs: if mine && r.hand(seat).len() > 1 {
                r.hand(seat)
                    .iter()
                    .filter_map(|&t| r.discard_cost(t).map(|c| (t, c)))
                    .collect()
            } else {
                Vec::new()
            },
            needed: r.needed(seat),
            rounds,
            end: r.end().cloned(),
            legal_actions,
        })
    }
}
