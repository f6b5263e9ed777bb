//! The live match: a saved game of okey-store, the bots at its seats and who they are. Every
//! action at the table, the player's and each bot's, rack moves and sorting included, goes
//! through [`Session::apply`], which saves it durably before anything else hears of it.

use super::{seat_levels, seats_for, Plan, Snapshot, PLAYER};
use crate::error::AppError;
use crate::payload::TableUpdate;
use okey_bots::{Bot, Level};
use okey_core::layout::moves_between;
use okey_core::sort::{self, Sort};
use okey_core::{Action, Event, Joker, Match, Rules, Seat, SeatView, Slot, Tile};
use okey_store::{MatchId, NewMatch, SavedGame, SeatKind, Store, StoreError};
use serde::{Deserialize, Serialize};

/// What the new-game screen asks for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewGame {
    /// The rule set (R1-R24 options).
    pub rules: Rules,
    /// The bots' levels for seats 1, 2, ... in order; one per seat but the player's.
    pub bots: Vec<Level>,
}

impl NewGame {
    /// The seats of the match: the player, then the bots. Refuses rules that cannot be
    /// played, a wrong number of bots and the arena-only random level.
    pub fn seats(&self) -> Result<Vec<SeatKind>, AppError> {
        self.rules.validate()?;
        seats_for(self.rules.players, &self.bots)
    }
}

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

/// A match being played against bots, saved action by action.
pub struct Session {
    game: SavedGame,
    bots: Vec<Option<Bot>>,
    /// Per seat, the bot's level, None for the player.
    levels: Vec<Option<Level>>,
    round_start: Vec<i32>,
}

impl Session {
    /// Creates and saves a new match dealt from `seed`.
    pub fn new(store: &Store, setup: &NewGame, seed: u64) -> Result<Session, AppError> {
        let seats = setup.seats()?;
        if seats.get(usize::from(PLAYER.0)) != Some(&SeatKind::Human) {
            return Err(AppError::NotPlayable);
        }
        let game = store.create(NewMatch {
            rules: setup.rules,
            seed,
            seats,
        })?;
        Session::around(game)
    }

    /// Loads saved match `id`, replayed and checked; its bots remember the round as before.
    /// Only a match with the player at the bottom seat can be played in the app.
    pub fn resume(store: &Store, id: MatchId) -> Result<Session, AppError> {
        let game = store.resume(id)?;
        if game.seats().get(usize::from(PLAYER.0)) != Some(&SeatKind::Human) {
            return Err(AppError::NotPlayable);
        }
        Session::around(game)
    }

    /// The session of a saved game, its bots remembering the current round.
    fn around(game: SavedGame) -> Result<Session, AppError> {
        let levels = seat_levels(game.seats())?;
        let bots = okey_bots::rejoin(&levels, game.round_start(), game.state());
        let round_start = scores(game.round_start());
        Ok(Session {
            game,
            bots,
            levels,
            round_start,
        })
    }

    /// The saved match's id.
    pub fn id(&self) -> MatchId {
        self.game.id()
    }

    /// The match itself, for tests that compare what was sent with the hidden state.
    #[cfg(test)]
    pub fn game(&self) -> &Match {
        self.game.state()
    }

    /// The bots, for tests.
    #[cfg(test)]
    pub fn bots(&self) -> &[Option<Bot>] {
        &self.bots
    }

    /// Applies one action of `seat` and saves it: the single door every change of the
    /// match goes through. When saving fails the action is undone and the error says why.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, AppError> {
        let events = self.game.apply(seat, action).map_err(|e| match e {
            // The engine's own sentence: nothing was saved because nothing happened.
            StoreError::Refused(rule) => AppError::Rule(rule),
            other => AppError::Store(other),
        })?;
        if events
            .iter()
            .any(|e| matches!(e, Event::RoundStarted { .. }))
        {
            self.round_start = scores(self.game.state());
        }
        // Every bot sees the action land, as `okey_bots::rejoin` shows a resumed round, so
        // live and resumed bots remember the same things (a discard taken at once is only
        // seen here). A rack move shows no bot anything new.
        if !matches!(action, Action::Move { .. }) {
            okey_bots::show_all(self.game.state(), &mut self.bots);
        }
        Ok(events)
    }

    /// Does what the player asked, saved; the events of the actions it took.
    pub fn request(&mut self, request: Request) -> Result<Vec<Event>, AppError> {
        match request {
            Request::Draw(to) => self.pick_up(Action::Draw, to),
            Request::Take(to) => self.pick_up(Action::TakeDiscard, to),
            Request::Discard(t) => self.apply(PLAYER, Action::Discard(t)),
            Request::Finish(t) => self.finish(t),
            Request::Gosterge => self.apply(PLAYER, Action::ShowIndicator),
            Request::EndRound => self.apply(PLAYER, Action::EndRound),
            Request::NextRound => self.next_round(),
            Request::Move(from, to) => self.apply(PLAYER, Action::Move { from, to }),
            Request::Sort(sort) => self.sort(sort),
            Request::Auto => self.auto_move(),
        }
    }

    /// The player's view of the table (R15).
    pub fn view(&self) -> Result<SeatView, AppError> {
        Ok(self.game.state().view(PLAYER)?)
    }

    /// The update the player's webview gets after `events` by `actor`.
    pub fn update(&self, actor: Option<Seat>, events: Vec<Event>) -> Result<TableUpdate, AppError> {
        let m = self.game.state();
        Ok(TableUpdate {
            game: self.id().0,
            seq: m.log().len(),
            view: self.view()?,
            bots: self.levels.clone(),
            round_start_scores: self.round_start.clone(),
            actor,
            events,
            round_losses: self.game.state().round_losses(self.game.round_start()),
        })
    }

    /// On a turn timer's time-out: the player's turn played as a medium bot would, from the
    /// player's own view only (draw or take, then discard or finish). Every action is
    /// checked by the engine like the player's own.
    pub fn auto_move(&mut self) -> Result<Vec<Event>, AppError> {
        let seed = self.game.state().seed();
        let mut bot = Bot::for_seat(Level::Medium, seed, PLAYER);
        let mut events = Vec::new();
        // A turn is a draw and a discard, with rack moves for a strict finish between:
        // the bound only guards against a policy that never ends the turn.
        for _ in 0..64 {
            let view = self.view()?;
            if view.turn != Some(PLAYER) || view.round_end.is_some() {
                break;
            }
            let Some(action) = bot.decide(&view) else {
                break;
            };
            events.extend(match action {
                Action::Draw | Action::TakeDiscard => self.pick_up(action, None)?,
                other => self.apply(PLAYER, other)?,
            });
        }
        if events.is_empty() {
            return Err(AppError::Rule(okey_core::TurnError::NotYourTurn.into()));
        }
        Ok(events)
    }

    /// What a bot needs to choose its move away from the table, if a bot is to act in a
    /// live round. Between rounds bots wait: the player decides when the next is dealt.
    pub fn snapshot(&self) -> Option<Snapshot<Bot>> {
        let m = self.game.state();
        if m.is_over() || m.round().is_over() {
            return None;
        }
        Some(Snapshot::new(
            self.id(),
            stamp(m),
            m.clone(),
            self.bots.clone(),
        ))
    }

    /// Plays a bot move chosen on a snapshot, if the table has not changed since but for
    /// rack moves (which no bot sees); Ok(None) when it has. The bots take the memory they
    /// built while choosing.
    pub fn play(&mut self, plan: Plan<Bot>) -> Result<Option<Vec<Event>>, AppError> {
        let Some((seat, action, bots)) = plan.take(self.id(), stamp(self.game.state())) else {
            return Ok(None);
        };
        // First, so that the bots then see the move land.
        self.bots = bots;
        let events = self.apply(seat, action)?;
        Ok(Some(events))
    }

    /// The player's finish with `tile`. A claim the engine refuses (the 14 left do not win)
    /// is explained by the groups the player laid out on the rack: the first that is not a
    /// set, run or pair, and why.
    pub fn finish(&mut self, tile: Tile) -> Result<Vec<Event>, AppError> {
        match self.apply(PLAYER, Action::Finish(tile)) {
            Err(AppError::Rule(okey_core::RuleError::NotAWin)) => Err(self.explain_finish(tile)),
            other => other,
        }
    }

    fn explain_finish(&self, tile: Tile) -> AppError {
        let m = self.game.state();
        let joker = Joker::new(m.round().joker().indicator());
        let refused = AppError::Rule(okey_core::RuleError::NotAWin);
        let Some(Err(fault)) = m.round().rack(PLAYER).map(|r| r.shown_win(tile, joker)) else {
            return refused;
        };
        if fault == okey_core::RuleError::NotAWin {
            // The layout is no help either (tiles outside any group): the plain refusal.
            return refused;
        }
        AppError::wrong_finish(fault, joker.okey())
    }

    /// Draws from the pile or takes the left discard, and puts the tile in slot `to` when
    /// one is given (the player dropped it there), else after the last tile of a row
    /// (`Rack::landing_slot`), so the groups laid out stay apart. The placement is saved as
    /// a rack move: the engine still puts a tile in the first empty slot, as every saved
    /// match was recorded with that rule.
    pub fn pick_up(&mut self, action: Action, to: Option<Slot>) -> Result<Vec<Event>, AppError> {
        let to = to.or_else(|| {
            let round = self.game.state().round();
            round.rack(PLAYER).and_then(|r| r.landing_slot())
        });
        let before = self.rack();
        let mut events = self.apply(PLAYER, action)?;
        let after = self.rack();
        let landed = after
            .iter()
            .zip(before.iter().chain(std::iter::repeat(&None)))
            .position(|(a, b)| a.is_some() && a != b);
        if let (Some(from), Some(to)) = (landed, to) {
            let from = Slot(from as u8);
            if from != to {
                // The pick-up stands even if the placement fails; the engine says why.
                events.extend(self.apply(PLAYER, Action::Move { from, to })?);
            }
        }
        Ok(events)
    }

    /// Lays the player's rack out with a sorting helper, as ordinary rack moves.
    pub fn sort(&mut self, sort: Sort) -> Result<Vec<Event>, AppError> {
        let rack = self.rack();
        let joker = Joker::new(self.game.state().round().joker().indicator());
        let Some(target) = sort::sorted(&rack, joker, sort) else {
            return Ok(Vec::new());
        };
        let mut events = Vec::new();
        for (from, to) in moves_between(&rack, &target) {
            events.extend(self.apply(PLAYER, Action::Move { from, to })?);
        }
        Ok(events)
    }

    /// Deals the next round: by the player, or when the player has left the match (R23
    /// elimination), by the first seat still in it.
    pub fn next_round(&mut self) -> Result<Vec<Event>, AppError> {
        let m = self.game.state();
        let seat = m
            .rules()
            .seats()
            .find(|&s| m.in_match(s))
            .filter(|_| !m.in_match(PLAYER))
            .unwrap_or(PLAYER);
        self.apply(seat, Action::NextRound)
    }

    /// The player's rack, slot by slot.
    fn rack(&self) -> Vec<Option<Tile>> {
        self.game
            .state()
            .round()
            .rack(PLAYER)
            .map(|r| r.slots().to_vec())
            .unwrap_or_default()
    }
}

/// The actions of the log that a bot can see happen: all but rack moves.
fn stamp(m: &Match) -> usize {
    m.log()
        .iter()
        .filter(|(_, a)| !matches!(a, Action::Move { .. }))
        .count()
}

/// Every seat's score, in seat order.
fn scores(game: &Match) -> Vec<i32> {
    game.rules()
        .seats()
        .map(|s| game.score(s).unwrap_or(0))
        .collect()
}
