//! The two games the store saves, Düz and Okey 101, behind one small trait ([`Game`]) so
//! that saving, loading, checking and repairing are written once for both.
//!
//! A match's header records its variant (`"variant": "101"`); a header without one is Düz,
//! as every save written before 101 existed is.

use crate::error::StoreError;
use crate::hash::{state_hash, state_hash101};
use crate::model::{RoundSummary, RoundSummary101, Status};
use crate::record::{Act, FORMAT, FORMAT_101};
use okey_core::r101::{Action101, Event101, Match101, Replay101Error, Rules101};
use okey_core::{Action, Event, Match, ReplayError, Rules, Seat};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::Path;

/// Which Okey a match plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Variant {
    /// Düz Okey (the first engine; a save that names no variant is Düz).
    #[default]
    #[serde(rename = "duz")]
    Duz,
    /// Okey 101 (yüzbir).
    #[serde(rename = "101")]
    Okey101,
}

impl Variant {
    /// Its name in saves, exports and the CLI: `duz` or `101`.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Duz => "duz",
            Variant::Okey101 => "101",
        }
    }

    /// Whether this is Düz (a header leaves the variant out then).
    pub(crate) fn is_duz(&self) -> bool {
        *self == Variant::Duz
    }

    /// The format the records of a match of this variant are written in.
    pub(crate) fn format(self) -> u16 {
        match self {
            Variant::Duz => FORMAT,
            Variant::Okey101 => FORMAT_101,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The rules of a match of either variant, as its header holds them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AnyRules {
    /// Düz rules.
    Duz(Rules),
    /// 101 rules.
    R101(Rules101),
}

impl AnyRules {
    /// The variant these rules play.
    pub(crate) fn variant(&self) -> Variant {
        match self {
            AnyRules::Duz(_) => Variant::Duz,
            AnyRules::R101(_) => Variant::Okey101,
        }
    }

    /// Players at the table.
    pub(crate) fn players(&self) -> u8 {
        match self {
            AnyRules::Duz(r) => r.players,
            AnyRules::R101(r) => r.players,
        }
    }
}

/// What the store needs of a game's engine: start a match, apply and list actions, hash and
/// count the state, and say how the match and its rounds stand. Implemented for
/// [`Match`] (Düz) and [`Match101`]; it cannot be implemented outside the store (its
/// methods speak of the store's own log and header types), so it is sealed by them.
// The private types in its methods are what seals it.
#[allow(private_interfaces)]
pub trait Game: Clone + fmt::Debug + Send + Sync + Sized + 'static {
    /// The rule set.
    type Rules: Copy + Eq + fmt::Debug + Serialize + DeserializeOwned;
    /// One action.
    type Action: Clone + Eq + fmt::Debug + fmt::Display + Serialize + DeserializeOwned;
    /// What applying an action reports.
    type Event: Serialize;
    /// How one round ended, as the `rounds` tree keeps it.
    type Summary: Serialize + DeserializeOwned + Clone + fmt::Debug + PartialEq;
    /// The variant.
    const VARIANT: Variant;

    /// A new match.
    fn start(rules: Self::Rules, seed: u64) -> Result<Self, StoreError>;
    /// Its rules.
    fn rules_of(&self) -> Self::Rules;
    /// Its seed.
    fn seed_of(&self) -> u64;
    /// Players of a rule set.
    fn players(rules: &Self::Rules) -> u8;
    /// Applies an action; a refused one changes nothing.
    fn play(&mut self, seat: Seat, action: Self::Action) -> Result<Vec<Self::Event>, StoreError>;
    /// Every accepted action in order.
    fn moves(&self) -> &[(Seat, Self::Action)];
    /// The state hash stored after every action.
    fn hash(&self) -> u64;
    /// Whether every tile of the round is where it should be; Err says what is wrong.
    fn census(&self) -> Result<(), String>;
    /// Whether the action deals the next round (where a round's replay starts).
    fn deals(action: &Self::Action) -> bool;
    /// Whether the current round is over.
    fn round_over(&self) -> bool;
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

#[allow(private_interfaces)]
impl Game for Match {
    type Rules = Rules;
    type Action = Action;
    type Event = Event;
    type Summary = RoundSummary;
    const VARIANT: Variant = Variant::Duz;

    fn start(rules: Rules, seed: u64) -> Result<Match, StoreError> {
        Ok(Match::new(rules, seed)?)
    }
    fn rules_of(&self) -> Rules {
        *self.rules()
    }
    fn seed_of(&self) -> u64 {
        self.seed()
    }
    fn players(rules: &Rules) -> u8 {
        rules.players
    }
    fn play(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, StoreError> {
        Ok(self.apply(seat, action)?)
    }
    fn moves(&self) -> &[(Seat, Action)] {
        self.log()
    }
    fn hash(&self) -> u64 {
        state_hash(self)
    }
    fn census(&self) -> Result<(), String> {
        self.tile_census().map_err(|e| e.to_string())
    }
    fn deals(action: &Action) -> bool {
        *action == Action::NextRound
    }
    fn round_over(&self) -> bool {
        self.round().is_over()
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
    type Rules = Rules101;
    type Action = Action101;
    type Event = Event101;
    type Summary = RoundSummary101;
    const VARIANT: Variant = Variant::Okey101;

    fn start(rules: Rules101, seed: u64) -> Result<Match101, StoreError> {
        Ok(Match101::new(rules, seed)?)
    }
    fn rules_of(&self) -> Rules101 {
        *self.rules()
    }
    fn seed_of(&self) -> u64 {
        self.seed()
    }
    fn players(rules: &Rules101) -> u8 {
        rules.players
    }
    fn play(&mut self, seat: Seat, action: Action101) -> Result<Vec<Event101>, StoreError> {
        Ok(self.apply(seat, action)?)
    }
    fn moves(&self) -> &[(Seat, Action101)] {
        self.log()
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
    fn deals(action: &Action101) -> bool {
        *action == Action101::NextRound
    }
    fn round_over(&self) -> bool {
        self.round().is_over()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_read_and_write_as_duz_and_101() {
        let json = serde_json::to_string(&[Variant::Duz, Variant::Okey101]).unwrap();
        assert_eq!(json, r#"["duz","101"]"#);
        let back: Vec<Variant> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, [Variant::Duz, Variant::Okey101]);
        assert_eq!(Variant::default(), Variant::Duz);
        assert!(serde_json::from_str::<Variant>(r#""okey""#).is_err());
    }
}
