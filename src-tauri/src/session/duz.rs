//! Düz at the table: the player's requests, and what only Düz does there. The rack layout is
//! part of the match (rack moves are actions in its log, which no bot sees); a tile picked up
//! is placed where the player dropped it; a finish the engine refuses is explained by the
//! groups the player laid out.

use super::{Session, TableGame, PLAYER};
use crate::error::AppError;
use crate::payload::{Assisted, DuzMark, DuzTable, Update};
use okey_bots::{Bot, Level};
use okey_core::layout::moves_between;
use okey_core::sort::{self, Sort};
use okey_core::{
    assist, Action, Event, Joker, Match, RuleError, Rules, Seat, Slot, Tile, TurnError,
};
use okey_store::{SavedGame, Store};

/// What the new-game screen asks for a Düz match.
pub type NewGame = super::NewGame<Rules>;

/// What the player asks for at the table, after its arguments were checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Request {
    /// Draw from the pile, optionally into a slot.
    Draw(Option<Slot>),
    /// Take the left discard, optionally into a slot.
    Take(Option<Slot>),
    /// Discard a tile.
    Discard(Tile),
    /// Finish with a tile (R10).
    Finish(Tile),
    /// Show the indicator (R19).
    Gosterge,
    /// Decline the last discard on an empty pile (R17).
    EndRound,
    /// Deal the next round.
    NextRound,
    /// Move a tile on the rack.
    Move(Slot, Slot),
    /// The turn timer ran out: play the player's turn as a medium bot would.
    Auto,
    /// Sort the rack.
    Sort(Sort),
}

impl Request {
    /// Whether it only changes the rack layout, which no bot sees.
    pub fn layout_only(&self) -> bool {
        matches!(self, Request::Move(..) | Request::Sort(_))
    }
}

impl TableGame for Match {
    type Bot = Bot;
    type Request = Request;
    type Beside = ();

    fn check(rules: &Rules) -> Result<(), AppError> {
        Ok(rules.validate()?)
    }

    fn refusal(error: RuleError) -> AppError {
        AppError::Rule(error)
    }

    fn layout_only(action: &Action) -> bool {
        matches!(action, Action::Move { .. })
    }

    fn hands(&self) -> Vec<Vec<Option<Tile>>> {
        let round = self.round();
        self.rules()
            .seats()
            .map(|s| {
                round
                    .rack(s)
                    .map(|r| r.slots().to_vec())
                    .unwrap_or_default()
            })
            .collect()
    }

    fn beside(_: &Store, _: &SavedGame) {}

    fn request(s: &mut Session<Match>, request: Request) -> Result<Vec<Event>, AppError> {
        match request {
            Request::Draw(to) => pick_up(s, Action::Draw, to),
            Request::Take(to) => pick_up(s, Action::TakeDiscard, to),
            Request::Discard(t) => s.apply(PLAYER, Action::Discard(t)),
            Request::Finish(t) => finish(s, t),
            Request::Gosterge => s.apply(PLAYER, Action::ShowIndicator),
            Request::EndRound => s.apply(PLAYER, Action::EndRound),
            Request::NextRound => next_round(s),
            Request::Move(from, to) => s.apply(PLAYER, Action::Move { from, to }),
            Request::Sort(sort) => sort_rack(s, sort),
            Request::Auto => auto_move(s),
        }
    }

    fn update(
        s: &Session<Match>,
        actor: Option<Seat>,
        events: Vec<Event>,
    ) -> Result<Update, AppError> {
        let table = DuzTable {
            variant: DuzMark::Duz,
            round_start_scores: scores(s.game.round_start()),
            round_losses: s.game().round_losses(s.game.round_start()),
        };
        Ok(s.table_update(actor, events, table)?.into())
    }

    fn assist(s: &Session<Match>) -> Result<Assisted, AppError> {
        Ok(Assisted::Duz(Box::new(assist::assist(&s.view()?))))
    }
}

/// On a turn timer's time-out: the player's turn played as a medium bot would, from the
/// player's own view only (draw or take, then discard or finish). Every action is checked
/// by the engine like the player's own.
fn auto_move(s: &mut Session<Match>) -> Result<Vec<Event>, AppError> {
    let mut bot = Bot::for_seat(Level::Medium, s.game().seed(), PLAYER);
    let mut events = Vec::new();
    // A turn is a draw and a discard, with rack moves for a strict finish between: the bound
    // only guards against a policy that never ends the turn.
    for _ in 0..64 {
        let view = s.view()?;
        if view.turn != Some(PLAYER) || view.round_end.is_some() {
            break;
        }
        let Some(action) = bot.decide(&view) else {
            break;
        };
        events.extend(match action {
            Action::Draw | Action::TakeDiscard => pick_up(s, action, None)?,
            other => s.apply(PLAYER, other)?,
        });
    }
    if events.is_empty() {
        return Err(AppError::Rule(TurnError::NotYourTurn.into()));
    }
    Ok(events)
}

/// The player's finish with `tile`. A claim the engine refuses (the 14 left do not win) is
/// explained by the groups the player laid out on the rack: the first that is not a set,
/// run or pair, and why.
fn finish(s: &mut Session<Match>, tile: Tile) -> Result<Vec<Event>, AppError> {
    let refused = AppError::Rule(RuleError::NotAWin);
    match s.apply(PLAYER, Action::Finish(tile)) {
        Err(AppError::Rule(RuleError::NotAWin)) => {
            let round = s.game().round();
            let joker = Joker::new(round.joker().indicator());
            match round.rack(PLAYER).map(|r| r.shown_win(tile, joker)) {
                // The layout is no help when its fault is the same (tiles outside any group).
                Some(Err(RuleError::NotAWin)) | Some(Ok(_)) | None => Err(refused),
                Some(Err(fault)) => Err(AppError::wrong_finish(fault, joker.okey())),
            }
        }
        other => other,
    }
}

/// Draws from the pile or takes the left discard, and puts the tile in slot `to` when one
/// is given (the player dropped it there), else after the last tile of a row
/// (`Rack::landing_slot`), so the groups laid out stay apart. The placement is saved as a
/// rack move: the engine still puts a tile in the first empty slot, as every saved match
/// was recorded with that rule.
fn pick_up(
    s: &mut Session<Match>,
    action: Action,
    to: Option<Slot>,
) -> Result<Vec<Event>, AppError> {
    let to = to.or_else(|| s.game().round().rack(PLAYER).and_then(|r| r.landing_slot()));
    let before = rack(s);
    let mut events = s.apply(PLAYER, action)?;
    let landed = rack(s)
        .iter()
        .zip(before.iter().chain(std::iter::repeat(&None)))
        .position(|(a, b)| a.is_some() && a != b);
    if let (Some(from), Some(to)) = (landed, to) {
        let from = Slot(from as u8);
        if from != to {
            // The pick-up stands even if the placement fails; the engine says why.
            events.extend(s.apply(PLAYER, Action::Move { from, to })?);
        }
    }
    Ok(events)
}

/// Lays the player's rack out with a sorting helper, as ordinary rack moves.
fn sort_rack(s: &mut Session<Match>, sort: Sort) -> Result<Vec<Event>, AppError> {
    let rack = rack(s);
    let joker = Joker::new(s.game().round().joker().indicator());
    let Some(target) = sort::sorted(&rack, joker, sort) else {
        return Ok(Vec::new());
    };
    let mut events = Vec::new();
    for (from, to) in moves_between(&rack, &target) {
        events.extend(s.apply(PLAYER, Action::Move { from, to })?);
    }
    Ok(events)
}

/// Deals the next round: by the player, or when the player has left the match (R23
/// elimination), by the first seat still in it.
fn next_round(s: &mut Session<Match>) -> Result<Vec<Event>, AppError> {
    let m = s.game();
    let seat = m
        .rules()
        .seats()
        .find(|&seat| m.in_match(seat))
        .filter(|_| !m.in_match(PLAYER))
        .unwrap_or(PLAYER);
    s.apply(seat, Action::NextRound)
}

/// The player's rack, slot by slot.
fn rack(s: &Session<Match>) -> Vec<Option<Tile>> {
    let round = s.game().round();
    round
        .rack(PLAYER)
        .map(|r| r.slots().to_vec())
        .unwrap_or_default()
}

/// Every seat's score, in seat order.
fn scores(game: &Match) -> Vec<i32> {
    game.rules()
        .seats()
        .map(|s| game.score(s).unwrap_or(0))
        .collect()
}
