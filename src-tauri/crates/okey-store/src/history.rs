//! History: where each round lies in a match's log, and replaying a round move by move.

use crate::engine::replay_moves;
use crate::engine::Game;
use crate::error::StoreError;
use crate::game::SavedMatch;
use okey_core::{Match, Seat};
use serde::Serialize;

/// Where a round lies in the log: actions `first..end` are played in it (the `NextRound`
/// that dealt it comes just before `first`). In 101 a round is a deal: a voided deal has its
/// own span.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RoundSpan {
    /// The round number, from 1.
    pub round: u32,
    /// Index of its first action in the log.
    pub first: usize,
    /// One past its last action.
    pub end: usize,
}

/// One replayed action (of a Düz match unless `G` says otherwise).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(bound(serialize = "G::Action: Serialize, G::Event: Serialize"))]
pub struct Step<G: Game = Match> {
    /// Its index in the match's log.
    pub index: usize,
    /// Who acted.
    pub seat: Seat,
    /// What they did.
    pub action: G::Action,
    /// What happened, as the engine reported it.
    pub events: Vec<G::Event>,
}

/// A round being replayed: the match as it stood after the last step, and the steps to go.
#[derive(Debug, Clone)]
pub struct RoundReplay<G: Game = Match> {
    m: G,
    span: RoundSpan,
    log: Vec<(Seat, G::Action)>,
    next: usize,
}

impl<G: Game> RoundReplay<G> {
    /// The match as it stands in the replay: render it through `view` as during play.
    pub fn state(&self) -> &G {
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
    pub fn step(&mut self) -> Result<Option<Step<G>>, StoreError> {
        if self.next >= self.span.end {
            return Ok(None);
        }
        let Some((seat, action)) = self.log.get(self.next).cloned() else {
            return Ok(None);
        };
        let events = self.m.play(seat, action.clone())?;
        self.next += 1;
        Ok(Some(Step {
            index: self.next - 1,
            seat,
            action,
            events,
        }))
    }
}

impl<G: Game> SavedMatch<G> {
    /// Every round of the match with its place in the log, the current one last.
    pub fn rounds(&self) -> Vec<RoundSpan> {
        let log = self.m.log();
        let mut spans = Vec::new();
        let mut first = 0;
        let mut round = 1;
        for (i, (_, action)) in log.iter().enumerate() {
            if crate::engine::deals::<G>(action) {
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

    /// The rounds that are over, every round but the last and the last once it has ended:
    /// those a replay or a review may show, hands and all.
    pub fn finished_rounds(&self) -> Vec<RoundSpan> {
        let (m, played) = (&self.m, self.m.log().len());
        self.rounds()
            .into_iter()
            .filter(|s| s.end < played || m.round_over() || m.is_over())
            .collect()
    }

    /// Starts a replay of round `round` from its deal. None if the match has no such round.
    pub fn replay_round(&self, round: u32) -> Result<Option<RoundReplay<G>>, StoreError> {
        let Some(span) = self.rounds().into_iter().find(|s| s.round == round) else {
            return Ok(None);
        };
        let log = self.m.log().to_vec();
        // The log replayed when the match was loaded, so its prefix replays too.
        let m = replay_moves::<G>(*self.m.rules(), self.m.seed(), &log[..span.first])?;
        Ok(Some(RoundReplay {
            m,
            span,
            log,
            next: span.first,
        }))
    }
}
