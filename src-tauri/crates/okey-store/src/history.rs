//! History: where each round lies in a match's log, and replaying a round move by move.

use crate::error::StoreError;
use crate::game::SavedGame;
use okey_core::{Action, Event, Match, Seat};
use serde::Serialize;

/// Where a round lies in the log: actions `first..end` are played in it (the `NextRound`
/// that dealt it comes just before `first`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RoundSpan {
    /// The round number, from 1.
    pub round: u32,
    /// Index of its first action in the log.
    pub first: usize,
    /// One past its last action.
    pub end: usize,
}

/// One replayed action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Step {
    /// Its index in the match's log.
    pub index: usize,
    /// Who acted.
    pub seat: Seat,
    /// What they did.
    pub action: Action,
    /// What happened, as the engine reported it.
    pub events: Vec<Event>,
}

/// A round being replayed: the match as it stood after the last step, and the steps to go.
#[derive(Debug, Clone)]
pub struct RoundReplay {
    m: Match,
    span: RoundSpan,
    log: Vec<(Seat, Action)>,
    next: usize,
}

impl RoundReplay {
    /// The match as it stands in the replay: render it through `view` as during play.
    pub fn state(&self) -> &Match {
        &self.m
    }

    /// The round being replayed.
    pub fn span(&self) -> RoundSpan {
        self.span
    }

    /// Log index of the next action, `span().end` when done.
    pub fn position(&self) -> usize {
        self.next
    }

    /// Plays the next action of the round, or returns None at its end.
    pub fn step(&mut self) -> Result<Option<Step>, StoreError> {
        if self.next >= self.span.end {
            return Ok(None);
        }
        let Some(&(seat, action)) = self.log.get(self.next) else {
            return Ok(None);
        };
        let events = self.m.apply(seat, action)?;
        self.next += 1;
        Ok(Some(Step {
            index: self.next - 1,
            seat,
            action,
            events,
        }))
    }
}

impl SavedGame {
    /// Every round of the match with its place in the log, the current one last.
    pub fn rounds(&self) -> Vec<RoundSpan> {
        let log = self.m.log();
        let mut spans = Vec::new();
        let mut first = 0;
        let mut round = 1;
        for (i, (_, action)) in log.iter().enumerate() {
            if *action == Action::NextRound {
                spans.push(RoundSpan {
                    round,
                    first,
                    end: i,
                });
                round += 1;
                first = i + 1;
            }
        }
        spans.push(RoundSpan {
            round,
            first,
            end: log.len(),
        });
        spans
    }

    /// Starts a replay of round `round` from its deal. None if the match has no such round.
    pub fn replay_round(&self, round: u32) -> Result<Option<RoundReplay>, StoreError> {
        let Some(span) = self.rounds().into_iter().find(|s| s.round == round) else {
            return Ok(None);
        };
        let log = self.m.log().to_vec();
        // The log replayed when the match was loaded, so its prefix replays too.
        let m = okey_core::replay(*self.m.rules(), self.m.seed(), &log[..span.first])?;
        Ok(Some(RoundReplay {
            m,
            span,
            log,
            next: span.first,
        }))
    }
}
