//! The live match: the engine's `Match`, the bots at its seats and who they are. Every action
//! at the table, the player's and each bot's, rack moves and sorting included, goes through
//! [`Session::apply`], so that one function is where autosaving will hook in.

use crate::arrange::{self, Sort};
use crate::error::AppError;
use crate::payload::TableUpdate;
use okey_bots::{Bot, BotMove, Level};
use okey_core::layout::moves_between;
use okey_core::{Action, Event, Joker, Match, Rules, Seat, Slot, Tile};
use serde::{Deserialize, Serialize};

/// The player's seat: the bottom of the table. Bots sit at every other seat.
pub const PLAYER: Seat = Seat(0);

/// What the new-game screen asks for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewGame {
    /// The rule set (R1-R24 options).
    pub rules: Rules,
    /// The bots' levels for seats 1, 2, ... in order; one per seat but the player's.
    pub bots: Vec<Level>,
}

/// A match being played against bots.
pub struct Session {
    id: u64,
    game: Match,
    bots: Vec<Option<Bot>>,
    levels: Vec<Option<Level>>,
    round_start: Vec<i32>,
}

impl Session {
    /// A new match numbered `id`, dealt from `seed`. Refuses rules that cannot be played,
    /// a wrong number of bots and the arena-only random level.
    pub fn new(id: u64, setup: &NewGame, seed: u64) -> Result<Session, AppError> {
        let game = Match::new(setup.rules, seed)?;
        let players = setup.rules.players;
        let needed = usize::from(players) - 1;
        if setup.bots.len() != needed {
            return Err(AppError::Seats {
                players,
                needed,
                given: setup.bots.len(),
            });
        }
        if let Some(level) = setup.bots.iter().find(|l| **l == Level::Random) {
            return Err(AppError::Level(level.to_string()));
        }
        let mut levels = vec![None];
        levels.extend(setup.bots.iter().copied().map(Some));
        let bots = levels
            .iter()
            .enumerate()
            .map(|(seat, level)| {
                // Each bot its own stream of the match seed, so a match replays with its bots.
                level.map(|l| {
                    Bot::new(
                        l,
                        seed ^ (0x9e37_79b9_7f4a_7c15u64.wrapping_mul(seat as u64 + 1)),
                    )
                })
            })
            .collect();
        let round_start = scores(&game);
        Ok(Session {
            id,
            game,
            bots,
            levels,
            round_start,
        })
    }

    /// The match number, unique within a run of the app.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// The match itself, for tests that compare what was sent with the hidden state.
    #[cfg(test)]
    pub fn game(&self) -> &Match {
        &self.game
    }

    /// Applies one action of `seat`: the single door every change of the match goes
    /// through. Autosave belongs here, after the engine accepted the action and before the
    /// UI is told.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, AppError> {
        let events = self.game.apply(seat, action)?;
        if events
            .iter()
            .any(|e| matches!(e, Event::RoundStarted { .. }))
        {
            self.round_start = scores(&self.game);
        }
        Ok(events)
    }

    /// The update the player's webview gets after `events` by `actor`.
    pub fn update(&self, actor: Option<Seat>, events: Vec<Event>) -> Result<TableUpdate, AppError> {
        Ok(TableUpdate {
            game: self.id,
            seq: self.game.log().len(),
            view: self.game.view(PLAYER)?,
            bots: self.levels.clone(),
            round_start_scores: self.round_start.clone(),
            actor,
            events,
        })
    }

    /// The next bot action, if a bot is to act in a live round (bots observe the table
    /// first). Between rounds bots wait: the player decides when the next round is dealt.
    pub fn bot_move(&mut self) -> Option<BotMove> {
        if self.game.is_over() || self.game.round().is_over() {
            return None;
        }
        okey_bots::next_move(&self.game, &mut self.bots).filter(|mv| mv.action != Action::NextRound)
    }

    /// Draws from the pile or takes the left discard, and puts the tile in slot `to` when
    /// one is given (the player dropped it there).
    pub fn pick_up(&mut self, action: Action, to: Option<Slot>) -> Result<Vec<Event>, AppError> {
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
        let joker = Joker::new(self.game.round().joker().indicator());
        let Some(target) = arrange::sorted(&rack, joker, sort) else {
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
        let seat = self
            .game
            .rules()
            .seats()
            .find(|&s| self.game.in_match(s))
            .filter(|_| !self.game.in_match(PLAYER))
            .unwrap_or(PLAYER);
        self.apply(seat, Action::NextRound)
    }

    /// The player's rack, slot by slot.
    fn rack(&self) -> Vec<Option<Tile>> {
        self.game
            .round()
            .rack(PLAYER)
            .map(|r| r.slots().to_vec())
            .unwrap_or_default()
    }
}

/// Every seat's score, in seat order.
fn scores(game: &Match) -> Vec<i32> {
    game.rules()
        .seats()
        .map(|s| game.score(s).unwrap_or(0))
        .collect()
}
