//! The 101 round as a state machine (R101-3..R101-30): the deal, the turns, the table, the end.
//!
//! `Round101::apply` is the one door: it works on a copy and keeps it only when the action was
//! legal, so a refused action changes nothing. Split by concern: `turn` (take, return, discard),
//! `table` (opening, melds, lay-offs, swaps, take-back), `legal` (the actions a seat may take),
//! `guess` (a round rebuilt from one seat's view and a guess of the hidden tiles).

mod guess;

pub use guess::Guess101Error;
mod legal;
mod table;
mod turn;

use super::action::Action101;
use super::deal::{deal, DealRecord101, Dealt101};
use super::error::Error101;
use super::meld::{MeldId, TableMeld};
use super::rules::{Rules101, TableErrors};
use super::scoring::{score_round, Finish, RoundEnd101, SeatEnd};
pub use super::status::Status;
use crate::error::TurnError;
use crate::rules::Seat;
use crate::tile::{Joker, Tile};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// Why a player was charged 101 (R101-27).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    /// A taken discard put back under `take_return` penalty (R101-13).
    TakeReturn,
    /// An okey discarded (R101-24).
    OkeyDiscard,
    /// An işlek tile discarded (R101-25).
    PlayableDiscard,
    /// An invalid table action under `table_errors` penalize (R101-26), by its code.
    TableError(String),
}

/// One penalty of 101, with the turn it was charged in.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Penalty {
    /// Why.
    pub cause: Cause,
    /// The turn, counted from 0 in the round.
    pub turn: u32,
}

/// What happened, for interfaces to animate and announce; tiles drawn from the pile are
/// named only in [`Round101`], never here.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Event101 {
    /// A seat drew from the pile.
    Drew(Seat),
    /// A seat took the previous discard.
    Took(Seat, Tile),
    /// A seat put the taken discard back.
    Returned(Seat, Tile),
    /// A seat declared for pairs.
    Declared(Seat),
    /// A seat opened.
    Opened(Seat, Status),
    /// A meld was laid with this id.
    Laid(Seat, MeldId),
    /// A tile was laid off.
    LaidOff(Seat, Tile, MeldId),
    /// An okey was swapped out.
    Swapped(Seat, Tile, MeldId),
    /// A lay-off was taken back.
    TookBack(Seat, Tile),
    /// A discard.
    Discarded(Seat, Tile),
    /// A penalty.
    Penalised(Seat, Cause),
    /// The round ended.
    Ended,
}

/// Where the current turn stands.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct TurnState {
    /// A tile was taken this turn (or this is the starter's first turn, which has no take).
    pub taken: bool,
    /// The previous discard taken this turn, while it is still in the hand (R101-13).
    pub pending: Option<Tile>,
    /// The discard taken this turn, pending or not.
    pub took_discard: Option<Tile>,
    /// Some table action happened this turn.
    pub table_acted: bool,
    /// The seat opened this turn.
    pub opened_now: bool,
    /// Only the opening and own new melds so far this turn (R101-29 elden).
    pub own_only: bool,
    /// Lay-offs and swaps this turn (R101-21 limit).
    pub layoffs: u8,
    /// The last lay-off this turn, for R101-23.
    pub last_layoff: Option<(MeldId, Tile)>,
    /// This turn drew the last pile tile (R101-30).
    pub drew_last: bool,
    /// Somebody else had opened when this turn began (R101-29 scope).
    pub others_opened: bool,
}

/// One round of 101.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Round101 {
    pub(crate) rules: Rules101,
    pub(crate) starter: Seat,
    pub(crate) joker: Joker,
    pub(crate) indicator: Tile,
    /// Shared between copies: `apply` works on a copy, and the record never changes.
    pub(crate) record: std::sync::Arc<DealRecord101>,
    /// The pile, drawn from the end.
    pub(crate) pile: Vec<Tile>,
    pub(crate) hands: Vec<Vec<Tile>>,
    pub(crate) stacks: Vec<Vec<Tile>>,
    pub(crate) table: Vec<TableMeld>,
    pub(crate) next_id: u16,
    pub(crate) status: Vec<Status>,
    /// Openings in order, for R101-17.
    pub(crate) openings: Vec<(Seat, Status)>,
    pub(crate) penalties: Vec<Vec<Penalty>>,
    pub(crate) turn_seat: Seat,
    pub(crate) turn: TurnState,
    pub(crate) turns: u32,
    /// The starter has not yet made its first discard (R101-11).
    pub(crate) first_turn: bool,
    /// One_more_take: the pile is out and this turn may only take the last discard (R101-30).
    pub(crate) last_chance: bool,
    pub(crate) end: Option<RoundEnd101>,
}

impl Round101 {
    /// Deals a round with `starter` to move, from `seed`.
    pub fn new(rules: Rules101, starter: Seat, seed: u64) -> Round101 {
        let n = usize::from(rules.players);
        let dealt = deal(rules.deal, n, &mut ChaCha8Rng::seed_from_u64(seed));
        Round101::dealt(rules, starter, dealt)
    }

    /// A round with `starter` to move, from a deal already made.
    pub(crate) fn dealt(rules: Rules101, starter: Seat, dealt: Dealt101) -> Round101 {
        let n = usize::from(rules.players);
        // Hand 0 of the deal is the starter's; the others follow in playing order.
        let mut hands = vec![Vec::new(); n];
        for (pos, hand) in dealt.hands.into_iter().enumerate() {
            hands[(starter.index() + pos) % n] = hand;
        }
        let mut pile = dealt.pile;
        pile.reverse();
        Round101 {
            rules,
            starter,
            joker: Joker::new(dealt.face),
            indicator: dealt.indicator,
            record: std::sync::Arc::new(dealt.record),
            pile,
            hands,
            stacks: vec![Vec::new(); n],
            table: Vec::new(),
            next_id: 0,
            status: vec![Status::Unopened { declared: false }; n],
            openings: Vec::new(),
            penalties: vec![Vec::new(); n],
            turn_seat: starter,
            turn: TurnState {
                taken: true,
                own_only: true,
                ..TurnState::default()
            },
            turns: 0,
            first_turn: true,
            last_chance: false,
            end: None,
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules101 {
        &self.rules
    }
    /// The starter (R101-3).
    pub fn starter(&self) -> Seat {
        self.starter
    }
    /// The okey context (R101-1).
    pub fn joker(&self) -> Joker {
        self.joker
    }
    /// The face-up indicator.
    pub fn indicator(&self) -> Tile {
        self.indicator
    }
    /// How the round was dealt.
    pub fn record(&self) -> &DealRecord101 {
        &self.record
    }
    /// Tiles left in the pile.
    pub fn pile_len(&self) -> usize {
        self.pile.len()
    }
    /// The pile in drawing order (secret: for replays and tests).
    pub fn pile(&self) -> impl Iterator<Item = Tile> + '_ {
        self.pile.iter().rev().copied()
    }
    /// A seat's hand.
    pub fn hand(&self, seat: Seat) -> &[Tile] {
        self.hands.get(seat.index()).map_or(&[], Vec::as_slice)
    }
    /// A seat's discard stack, bottom first.
    pub fn stack(&self, seat: Seat) -> &[Tile] {
        self.stacks.get(seat.index()).map_or(&[], Vec::as_slice)
    }
    /// The table melds in the order laid.
    pub fn table(&self) -> &[TableMeld] {
        &self.table
    }
    /// A seat's status.
    pub fn status(&self, seat: Seat) -> Status {
        self.status[seat.index() % self.status.len()]
    }
    /// A seat's penalties so far.
    pub fn penalties(&self, seat: Seat) -> &[Penalty] {
        self.penalties.get(seat.index()).map_or(&[], Vec::as_slice)
    }
    /// Each seat's end of the round, in seat order, as scoring takes it.
    pub(crate) fn seat_ends(&self) -> Vec<SeatEnd> {
        self.rules
            .seats()
            .map(|seat| SeatEnd {
                seat,
                status: self.status(seat),
                left: self.hand(seat).to_vec(),
                penalties: self.penalties(seat).len(),
            })
            .collect()
    }
    /// Whose turn it is, unless the round is over.
    pub fn turn(&self) -> Option<Seat> {
        self.end.is_none().then_some(self.turn_seat)
    }
    /// Whether the seat to move has taken its tile (or needs none: the starter's first turn).
    pub fn has_taken(&self) -> bool {
        self.turn.taken
    }
    /// The previous discard taken this turn that must still reach the table (R101-13).
    pub fn pending(&self) -> Option<Tile> {
        self.turn.pending
    }
    /// The last lay-off of this turn, which may be taken back (R101-23).
    pub fn last_layoff(&self) -> Option<(MeldId, Tile)> {
        self.turn.last_layoff
    }
    /// Whether the pile ran out and only the last discard may still be taken (R101-30).
    pub fn last_chance(&self) -> bool {
        self.last_chance
    }
    /// Turns played.
    pub fn turns(&self) -> u32 {
        self.turns
    }
    /// How the round ended.
    pub fn end(&self) -> Option<&RoundEnd101> {
        self.end.as_ref()
    }
    /// Whether the round is over.
    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }
    /// The seat that plays before `seat` (R101-3).
    pub fn previous(&self, seat: Seat) -> Seat {
        let n = self.rules.players;
        Seat((seat.0 + n - 1) % n)
    }
    /// The previous player's last discard, which the seat to move may take.
    pub fn offered(&self) -> Option<Tile> {
        if self.turn.taken || self.end.is_some() || self.first_turn {
            return None;
        }
        self.stack(self.previous(self.turn_seat)).last().copied()
    }

    /// The figure a series opening of `seat` must reach and the pairs a pairs opening needs
    /// (R101-14, R101-15, R101-17).
    pub fn needed(&self, seat: Seat) -> (u16, u8) {
        let mut value = super::rules::OPENING_VALUE;
        let mut pairs = super::rules::OPENING_PAIRS;
        if self.rules.rising_open {
            let ignored = match self.rules.rising_partner {
                super::rules::RisingPartner::Counts => None,
                super::rules::RisingPartner::Ignored => self.rules.partner(seat),
            };
            for &(who, opening) in &self.openings {
                if Some(who) == ignored {
                    continue;
                }
                match opening {
                    Status::Series { value: v } => value = value.max(v + 1),
                    Status::Pairs { pairs: p } => pairs = pairs.max(p + 1),
                    Status::Unopened { .. } => {}
                }
            }
        }
        (value, pairs)
    }

    /// Applies `action` by `seat`. A refused action returns why and changes nothing; under
    /// `table_errors` penalize an invalid table action is charged 101 instead (R101-26).
    pub fn apply(&mut self, seat: Seat, action: &Action101) -> Result<Vec<Event101>, Error101> {
        match self.checked(seat, action) {
            Ok((next, events)) => {
                *self = next;
                Ok(events)
            }
            Err(e) if self.rules.table_errors == TableErrors::Penalize && is_table_error(&e) => {
                let code = crate::problem::Coded::problem(&e).code().to_string();
                let cause = Cause::TableError(code);
                self.charge(seat, cause.clone());
                Ok(vec![Event101::Penalised(seat, cause)])
            }
            Err(e) => Err(e),
        }
    }

    /// Whether `action` would be accepted without a penalty for a table error.
    pub fn is_legal(&self, seat: Seat, action: &Action101) -> bool {
        self.checked(seat, action).is_ok()
    }

    fn checked(
        &self,
        seat: Seat,
        action: &Action101,
    ) -> Result<(Round101, Vec<Event101>), Error101> {
        if self.end.is_some() {
            return Err(TurnError::RoundOver.into());
        }
        if seat.0 >= self.rules.players {
            return Err(TurnError::NoSuchSeat(seat.0).into());
        }
        if seat != self.turn_seat {
            return Err(TurnError::NotYourTurn.into());
        }
        let mut next = self.clone();
        let events = next.act(seat, action)?;
        Ok((next, events))
    }

    fn act(&mut self, seat: Seat, action: &Action101) -> Result<Vec<Event101>, Error101> {
        if let Action101::DeclarePairs = action {
            return self.declare(seat);
        }
        if !self.turn.taken {
            return match action {
                Action101::Draw => self.draw(seat),
                Action101::Take => self.take(seat),
                Action101::EndRound if self.last_chance => {
                    self.finish(None);
                    Ok(vec![Event101::Ended])
                }
                Action101::EndRound => Err(Error101::CannotEndRound),
                Action101::NextRound => Err(Error101::NotARoundAction(action.clone())),
                _ => Err(Error101::MustTakeFirst),
            };
        }
        if self.first_turn && !matches!(action, Action101::Discard(_)) {
            return Err(if matches!(action, Action101::NextRound) {
                Error101::NotARoundAction(action.clone())
            } else {
                Error101::StarterOnlyDiscards
            });
        }
        let events = match action {
            Action101::Draw | Action101::Take => return Err(Error101::AlreadyTook),
            Action101::EndRound => return Err(Error101::CannotEndRound),
            Action101::NextRound => return Err(Error101::NotARoundAction(action.clone())),
            Action101::DeclarePairs => return self.declare(seat),
            Action101::Return => return self.give_back(seat),
            Action101::Discard(tile) => return self.discard(seat, *tile),
            Action101::Open(melds) => self.open(seat, melds)?,
            Action101::Meld(laid) => self.meld(seat, laid)?,
            Action101::LayOff { tile, meld, side } => self.lay_off(seat, *tile, *meld, *side)?,
            Action101::Swap { tile, meld, okey } => self.swap(seat, *tile, *meld, *okey)?,
            Action101::TakeBack { tile } => self.take_back(seat, *tile)?,
        };
        self.turn.table_acted = true;
        if let Some(taken) = self.turn.pending {
            if !self.taken_usable(seat, taken) {
                return Err(Error101::TakenNotUsed(taken));
            }
        }
        Ok(events)
    }

    pub(crate) fn charge(&mut self, seat: Seat, cause: Cause) {
        let turn = self.turns;
        self.penalties[seat.index()].push(Penalty { cause, turn });
    }

    pub(crate) fn finish(&mut self, finish: Option<Finish>) {
        self.end = Some(score_round(
            &self.rules,
            self.joker(),
            self.seat_ends(),
            finish,
        ));
    }

    /// Every tile of the round: hands, table, stacks, pile and indicator (106 of them).
    pub fn census(&self) -> Vec<Tile> {
        let mut all: Vec<Tile> = self.hands.iter().flatten().copied().collect();
        all.extend(
            self.table
                .iter()
                .flat_map(|m| m.tiles.iter().map(|p| p.tile)),
        );
        all.extend(self.stacks.iter().flatten());
        all.extend(&self.pile);
        all.push(self.indicator);
        all.sort();
        all
    }
}

/// The refusals that `table_errors` penalize charges instead (R101-26).
fn is_table_error(e: &Error101) -> bool {
    matches!(
        e,
        Error101::Meld(_)
            | Error101::OpeningTooLow { .. }
            | Error101::TooFewPairs { .. }
            | Error101::MixedOpening
            | Error101::DoesNotFit { .. }
            | Error101::SwapDoesNotFit { .. }
            | Error101::CannotTakeBack
    )
}
