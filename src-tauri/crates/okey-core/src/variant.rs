//! One game abstraction: what every Okey this crate plays is, so that a tool written once
//! (the store, the bots' arena, the shell's live match, replays) works for each of them.
//!
//! Modelled on OpenSpiel's one `State` interface and shakmaty's `Position`: a match is made
//! from its rules and a seed, lists a seat's legal actions, applies an action (a refused one
//! changes nothing and returns a coded error), shows each seat only its own view, says
//! whether its round and the match are over, and replays from its action log. Düz
//! ([`Match`]) and Okey 101 ([`Match101`]) implement it; a third variant implements it in its
//! own module tree (see docs/ARCHITECTURE.md).

use crate::action::Action;
use crate::error::{ReplayError, RuleError};
use crate::event::{Event, RoundEnd};
use crate::game::Match;
use crate::problem::Coded;
use crate::r101::rules::Rules101Error;
use crate::r101::{
    replay101, Action101, Error101, Event101, Match101, Replay101Error, RoundEnd101, Rules101,
    SeatView101,
};
use crate::rules::{Rules, RulesError, Seat};
use crate::view::SeatView;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt;

/// A match of one Okey variant: the state machine every tool drives.
pub trait Game: Clone + fmt::Debug + Send + Sync + Sized + 'static {
    /// The rule set a match is played with.
    type Rules: Copy + Eq + fmt::Debug + Serialize + DeserializeOwned + Send + Sync;
    /// One action of a seat.
    type Action: Clone + Eq + fmt::Debug + fmt::Display + Serialize + DeserializeOwned + Send + Sync;
    /// What applying an action reports, as every seat may know it.
    type Event: Clone + Eq + fmt::Debug + Serialize + DeserializeOwned + Send;
    /// What one seat may see: the only thing about a match that leaves the engine for it.
    type View: Clone + Eq + fmt::Debug + Serialize + DeserializeOwned + Send;
    /// How a round ended.
    type RoundEnd: Clone + fmt::Debug + Serialize;
    /// Why an action was refused (nothing changed).
    type Error: std::error::Error + Coded + Clone + PartialEq + Send + Sync + 'static;
    /// Why a rule set cannot be played.
    type RulesError: std::error::Error + Coded + Clone + PartialEq + Send + Sync + 'static;
    /// Why a log could not be replayed.
    type ReplayError: std::error::Error + Clone + PartialEq + Send + Sync + 'static;

    /// The variant's name in saves, exports and commands (`duz`, `101`).
    const NAME: &'static str;

    /// A new match dealt from `seed`.
    fn new(rules: Self::Rules, seed: u64) -> Result<Self, Self::RulesError>;
    /// Replays a match from its rules, seed and log; the result equals the match that
    /// wrote the log.
    fn replay(
        rules: Self::Rules,
        seed: u64,
        log: &[(Seat, Self::Action)],
    ) -> Result<Self, Self::ReplayError>;
    /// Players at the table under `rules`.
    fn players(rules: &Self::Rules) -> u8;
    /// The action that deals the next round once one is over (where a round's replay
    /// starts).
    fn next_round() -> Self::Action;
    /// Whether an action picks a tile up (from the pile or a discard): the quick part of a
    /// turn, which a table paces faster than the rest.
    fn picks_up(action: &Self::Action) -> bool;

    /// The rules.
    fn rules(&self) -> &Self::Rules;
    /// The seed.
    fn seed(&self) -> u64;
    /// Every accepted action in order.
    fn log(&self) -> &[(Seat, Self::Action)];
    /// What `seat` may do now; empty when it has nothing to do.
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action>;
    /// Applies an action of `seat`; a refused one changes nothing and says why.
    fn apply(&mut self, seat: Seat, action: Self::Action) -> Result<Vec<Self::Event>, Self::Error>;
    /// What `seat` may see now; an error for a seat not at the table.
    fn view(&self, seat: Seat) -> Result<Self::View, Self::Error>;
    /// Whose turn it is in the round, None once it is over.
    fn to_move(&self) -> Option<Seat>;
    /// How the current round ended, None while it is played.
    fn round_end(&self) -> Option<&Self::RoundEnd>;
    /// Whether the current round is over.
    fn round_over(&self) -> bool {
        self.round_end().is_some()
    }
    /// Whether the match is over.
    fn is_over(&self) -> bool;
    /// The winners, once the match is over.
    fn winners(&self) -> Option<Vec<Seat>>;
}

impl Game for Match {
    type Rules = Rules;
    type Action = Action;
    type Event = Event;
    type View = SeatView;
    type RoundEnd = RoundEnd;
    type Error = RuleError;
    type RulesError = RulesError;
    type ReplayError = ReplayError;
    const NAME: &'static str = "duz";

    fn new(rules: Rules, seed: u64) -> Result<Match, RulesError> {
        Match::new(rules, seed)
    }
    fn replay(rules: Rules, seed: u64, log: &[(Seat, Action)]) -> Result<Match, ReplayError> {
        crate::game::replay(rules, seed, log)
    }
    fn players(rules: &Rules) -> u8 {
        rules.players
    }
    fn next_round() -> Action {
        Action::NextRound
    }
    fn picks_up(action: &Action) -> bool {
        matches!(action, Action::Draw | Action::TakeDiscard)
    }
    fn rules(&self) -> &Rules {
        Match::rules(self)
    }
    fn seed(&self) -> u64 {
        Match::seed(self)
    }
    fn log(&self) -> &[(Seat, Action)] {
        Match::log(self)
    }
    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        Match::legal_actions(self, seat)
    }
    fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, RuleError> {
        Match::apply(self, seat, action)
    }
    fn view(&self, seat: Seat) -> Result<SeatView, RuleError> {
        Match::view(self, seat)
    }
    fn to_move(&self) -> Option<Seat> {
        self.round().turn()
    }
    fn round_end(&self) -> Option<&RoundEnd> {
        self.round().end()
    }
    fn is_over(&self) -> bool {
        Match::is_over(self)
    }
    fn winners(&self) -> Option<Vec<Seat>> {
        Match::winners(self).map(<[Seat]>::to_vec)
    }
}

impl Game for Match101 {
    type Rules = Rules101;
    type Action = Action101;
    type Event = Event101;
    type View = SeatView101;
    type RoundEnd = RoundEnd101;
    type Error = Error101;
    type RulesError = Rules101Error;
    type ReplayError = Replay101Error;
    const NAME: &'static str = "101";

    fn new(rules: Rules101, seed: u64) -> Result<Match101, Rules101Error> {
        Match101::new(rules, seed)
    }
    fn replay(
        rules: Rules101,
        seed: u64,
        log: &[(Seat, Action101)],
    ) -> Result<Match101, Replay101Error> {
        replay101(rules, seed, log)
    }
    fn players(rules: &Rules101) -> u8 {
        rules.players
    }
    fn next_round() -> Action101 {
        Action101::NextRound
    }
    fn picks_up(action: &Action101) -> bool {
        matches!(action, Action101::Draw | Action101::Take)
    }
    fn rules(&self) -> &Rules101 {
        Match101::rules(self)
    }
    fn seed(&self) -> u64 {
        Match101::seed(self)
    }
    fn log(&self) -> &[(Seat, Action101)] {
        Match101::log(self)
    }
    fn legal_actions(&self, seat: Seat) -> Vec<Action101> {
        Match101::legal_actions(self, seat)
    }
    fn apply(&mut self, seat: Seat, action: Action101) -> Result<Vec<Event101>, Error101> {
        Match101::apply(self, seat, action)
    }
    fn view(&self, seat: Seat) -> Result<SeatView101, Error101> {
        Match101::view(self, seat)
    }
    fn to_move(&self) -> Option<Seat> {
        self.round().turn()
    }
    fn round_end(&self) -> Option<&RoundEnd101> {
        self.round().end()
    }
    fn is_over(&self) -> bool {
        Match101::is_over(self)
    }
    fn winners(&self) -> Option<Vec<Seat>> {
        Match101::winners(self)
    }
}
