//! What the store needs of a game's engine, behind one small trait ([`Game`]) so that
//! saving, loading, checking and repairing are written once for Düz and Okey 101.

use crate::error::StoreError;
use crate::hash::{state_hash, state_hash101};
use crate::model::{RoundSummary, RoundSummary101, Status};
use crate::record::Act;
use crate::variant::{AnyRules, Variant};
use okey_core::r101::{Action101, Event101, Match101, Replay101Error, Rules101};
use okey_core::{Action, Event, Match, ReplayError, Rules, Seat};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt;
use std::path::Path;

/// What the store needs of a game's engine beyond [`okey_core::Game`]: hash and count the
/// state, say how the match and its rounds stand, and turn actions and rules into the
/// store's own log and header types. Implemented for [`Match`] (Düz) and [`Match101`]; it
/// cannot be implemented outside the store (its methods speak of the store's own log and
/// header types), so it is sealed by them.
// The private types in its methods are what seals it.
#[allow(private_interfaces)]
pub trait Game: okey_core::Game {
    /// How one round ended, as the `rounds` tree keeps it.
    type Summary: Serialize + DeserializeOwned + Clone + fmt::Debug + PartialEq;
    /// The variant.
    const VARIANT: Variant;

    /// A new match, refused rules said as the store says them.
    fn start(rules: Self::Rules, seed: u64) -> Result<Self, StoreError>;
    /// Applies an action; a refused one changes nothing, said as the store says it.
    fn play(&mut self, seat: Seat, action: Self::Action) -> Result<Vec<Self::Event>, StoreError>;
    /// The state hash stored after every action.
    fn hash(&self) -> u64;
    /// Whether every tile of the round is where it should be; Err says what is wrong.
    fn census(&self) -> Result<(), String>;
    /// The match's status record at `now`.
    fn status(&self, now: u64) -> Status;
    /// How the current round ended, at `ended_ms`; None while it goes on.
    fn summary(&self, ended_ms: u64) -> Option<Self::Summary>;
    /// The key number of a summary in the `rounds` tree.
    fn summary_key(summary: &Self::Summary) -> u32;
    /// The action as a log entry holds it.
    fn act(action: &Self::Action) -> Act;
    /// The action of a log entry, None if it is the other variant's.
    fn of_act(act: &Act) -> Option<Self::Action>;
    /// These rules as a header holds them.
    fn any_rules(rules: Self::Rules) -> AnyRules;
    /// The rules of a header, None if they are the other variant's.
    fn of_rules(rules: &AnyRules) -> Option<Self::Rules>;
    /// The error of an export (at `path`) whose action `index` did not replay.
    fn replay_failed(
        path: &Path,
        index: usize,
        seat: Seat,
        action: &Self::Action,
        error: StoreError,
    ) -> StoreError;
}

/// Whether `action` deals the next round (where a round's replay starts).
pub(crate) fn deals<G: Game>(action: &G::Action) -> bool {
    *action == G::next_round()
}

#[allow(private_interfaces)]
impl Game for Match {
    type Summary = RoundSummary;
    const VARIANT: Variant = Variant::Duz;

    fn start(rules: Rules, seed: u64) -> Result<Match, StoreError> {
        Ok(Match::new(rules, seed)?)
    }
    fn play(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, StoreError> {
        Ok(self.apply(seat, action)?)
    }
    fn hash(&self) -> u64 {
        state_hash(self)
    }
    fn census(&self) -> Result<(), String> {
        self.tile_census().map_err(|e| e.to_string())
    }
    fn status(&self, now: u64) -> Status {
        Status::of(self, now)
    }
    fn summary(&self, ended_ms: u64) -> Option<RoundSummary> {
        RoundSummary::of(self, ended_ms)
    }
    fn summary_key(summary: &RoundSummary) -> u32 {
        summary.round
    }
    fn act(action: &Action) -> Act {
        Act::Duz(*action)
    }
    fn of_act(act: &Act) -> Option<Action> {
        match act {
            Act::Duz(a) => Some(*a),
            Act::R101(_) => None,
        }
    }
    fn any_rules(rules: Rules) -> AnyRules {
        AnyRules::Duz(rules)
    }
    fn of_rules(rules: &AnyRules) -> Option<Rules> {
        match rules {
            AnyRules::Duz(r) => Some(*r),
            AnyRules::R101(_) => None,
        }
    }
    fn replay_failed(
        path: &Path,
        index: usize,
        seat: Seat,
        action: &Action,
        error: StoreError,
    ) -> StoreError {
        let error = match error {
            StoreError::Refused(error) => ReplayError::Refused {
                index,
                seat,
                action: *action,
                error,
            },
            StoreError::Rules(e) => ReplayError::Rules(e),
            other => return other,
        };
        StoreError::ExportReplay {
            path: path.to_path_buf(),
            error,
        }
    }
}

#[allow(private_interfaces)]
impl Game for Match101 {
    type Summary = RoundSummary101;
    const VARIANT: Variant = Variant::Okey101;

    fn start(rules: Rules101, seed: u64) -> Result<Match101, StoreError> {
        Ok(Match101::new(rules, seed)?)
    }
    fn play(&mut self, seat: Seat, action: Action101) -> Result<Vec<Event101>, StoreError> {
        Ok(self.apply(seat, action)?)
    }
    fn hash(&self) -> u64 {
        state_hash101(self)
    }
    fn census(&self) -> Result<(), String> {
        let tiles = self.round().census();
        let whole = tiles.len() == okey_core::Tile::COUNT
            && tiles
                .iter()
                .enumerate()
                .all(|(i, t)| usize::from(t.id()) == i);
        if whole {
            Ok(())
        } else {
            Err(format!(
                "the round holds {} tiles, not the 106 distinct ones",
                tiles.len()
            ))
        }
    }
    fn status(&self, now: u64) -> Status {
        Status::of101(self, now)
    }
    fn summary(&self, ended_ms: u64) -> Option<RoundSummary101> {
        RoundSummary101::of(self, ended_ms)
    }
    fn summary_key(summary: &RoundSummary101) -> u32 {
        summary.deal
    }
    fn act(action: &Action101) -> Act {
        Act::R101(action.clone())
    }
    fn of_act(act: &Act) -> Option<Action101> {
        match act {
            Act::R101(a) => Some(a.clone()),
            Act::Duz(_) => None,
        }
    }
    fn any_rules(rules: Rules101) -> AnyRules {
        AnyRules::R101(rules)
    }
    fn of_rules(rules: &AnyRules) -> Option<Rules101> {
        match rules {
            AnyRules::R101(r) => Some(*r),
            AnyRules::Duz(_) => None,
        }
    }
    fn replay_failed(
        path: &Path,
        index: usize,
        seat: Seat,
        action: &Action101,
        error: StoreError,
    ) -> StoreError {
        let error = match error {
            StoreError::Refused101(error) => Replay101Error::Refused {
                index,
                seat,
                action: action.clone(),
                error,
            },
            StoreError::Rules101(e) => Replay101Error::Rules(e),
            other => return other,
        };
        StoreError::ExportReplay101 {
            path: path.to_path_buf(),
            error,
        }
    }
}

/// Plays `moves` from the deal of a match of `rules` and `seed`.
pub(crate) fn replay_moves<G: Game>(
    rules: G::Rules,
    seed: u64,
    moves: &[(Seat, G::Action)],
) -> Result<G, StoreError> {
    let mut m = G::start(rules, seed)?;
    for (seat, action) in moves {
        m.play(*seat, action.clone())?;
    }
    Ok(m)
}
