//! Why the engine refused something, in words a player understands.

use crate::action::Action;
pub use crate::code::CoreCode;
use crate::meld::MeldError;
use crate::problem::{params, Coded, Problem, Written};
use crate::rules::Seat;
use crate::tile::{Face, Kind, Tile};
use thiserror::Error;

// The rule set's own error lives with the rules; this keeps its old path.
pub use crate::rules::RulesError;

/// Why an action was refused. Nothing changed when this is returned.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RuleError {
    /// A seat number beyond the table.
    #[error("there is no seat {0} at this table")]
    NoSuchSeat(u8),
    /// A seat that has left the match, or is not in this round.
    #[error("{0} is not playing in this round")]
    NotPlaying(Seat),
    /// Another seat is to move.
    #[error("it is not your turn")]
    NotYourTurn,
    /// A discard or finish before drawing (R14).
    #[error("you must draw before you discard")]
    MustDraw,
    /// A draw while holding 15 tiles; the starter begins this way (R14).
    #[error("you hold 15 tiles: discard one or finish")]
    MustDiscard,
    /// A tile the seat does not hold.
    #[error("{0} is not in your rack")]
    NotInRack(Tile),
    /// A draw from the empty pile (R17).
    #[error("the pile is empty: take the previous discard or end the round")]
    PileEmpty,
    /// Taking a discard where there is none.
    #[error("there is no discard to take")]
    NoDiscard,
    /// Ending the round while tiles are left to draw (R17).
    #[error("the pile still has tiles: the round ends only when it is empty")]
    PileNotEmpty,
    /// An action after the round ended.
    #[error("the round is over")]
    RoundOver,
    /// Starting the next round before this one ended.
    #[error("the round is still being played")]
    RoundNotOver,
    /// An action after the match ended.
    #[error("the match is over")]
    MatchOver,
    /// Gösterge with the option off (R19).
    #[error("showing the indicator does not score with these rules")]
    GostergeOff,
    /// Gösterge after the seat's first draw, or the starter's first discard (R19).
    #[error("you can show the indicator only before your first draw (the starter: before its first discard)")]
    GostergeTooLate,
    /// Gösterge a second time.
    #[error("the indicator has already been shown this round")]
    GostergeShown,
    /// Gösterge without the tile.
    #[error("you do not hold a {0} to show")]
    NoIndicatorTile(Face),
    /// A rack slot that does not exist.
    #[error("there is no slot {0} on the rack (slots are 0 to 31)")]
    NoSuchSlot(u8),
    /// Moving from an empty slot.
    #[error("slot {0} is empty")]
    EmptySlot(u8),
    /// A finish whose 14 tiles do not win (R8, R9, R10).
    #[error("the 14 tiles left do not split into sets and runs, nor into seven pairs")]
    NotAWin,
    /// A group on the rack that is not a set or run (R11).
    #[error("{0}")]
    BadGroup(MeldError),
    /// Two tiles laid as a pair that are not one (R9, R11).
    #[error("{} is not a pair: a pair is two identical tiles, or a tile and an okey", Written(.0))]
    NotAPair(Vec<Kind>),
    /// An action that only the match, not a round, handles.
    #[error("{0} is not a move within a round")]
    NotARoundAction(Action),
}

/// Why a log could not be replayed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReplayError {
    /// The rules of the log are not playable.
    #[error("the rules cannot be played: {0}")]
    Rules(#[from] RulesError),
    /// An entry of the log was refused.
    #[error("entry {index} ({seat}: {action}) was refused: {error}")]
    Refused {
        /// Position in the log, from 0.
        index: usize,
        /// Who acted.
        seat: Seat,
        /// What was tried.
        action: Action,
        /// Why it was refused.
        error: RuleError,
    },
}

impl Coded for RuleError {
    fn problem(&self) -> Problem {
        use CoreCode as C;
        let none = params();
        let (code, p) = match self {
            RuleError::NoSuchSeat(seat) => (C::NoSuchSeat, none.number("seat", *seat)),
            RuleError::NotPlaying(seat) => (C::NotPlaying, none.number("seat", seat.0)),
            RuleError::NotYourTurn => (C::NotYourTurn, none),
            RuleError::MustDraw => (C::MustDraw, none),
            RuleError::MustDiscard => (C::MustDiscard, none),
            RuleError::NotInRack(tile) => (
                C::NotInRack,
                none.kind("tile", tile.kind()).number("id", tile.id()),
            ),
            RuleError::PileEmpty => (C::PileEmpty, none),
            RuleError::NoDiscard => (C::NoDiscard, none),
            RuleError::PileNotEmpty => (C::PileNotEmpty, none),
            RuleError::RoundOver => (C::RoundOver, none),
            RuleError::RoundNotOver => (C::RoundNotOver, none),
            RuleError::MatchOver => (C::MatchOver, none),
            RuleError::GostergeOff => (C::GostergeOff, none),
            RuleError::GostergeTooLate => (C::GostergeTooLate, none),
            RuleError::GostergeShown => (C::GostergeShown, none),
            RuleError::NoIndicatorTile(face) => (C::NoIndicatorTile, none.face("face", *face)),
            RuleError::NoSuchSlot(slot) => (C::NoSuchSlot, none.number("slot", *slot)),
            RuleError::EmptySlot(slot) => (C::EmptySlot, none.number("slot", *slot)),
            RuleError::NotAWin => (C::NotAWin, none),
            // The group's own fault says more than "this group is wrong".
            RuleError::BadGroup(fault) => return fault.problem(),
            RuleError::NotAPair(kinds) => (C::NotAPair, none.kinds("tiles", kinds)),
            RuleError::NotARoundAction(action) => {
                (C::NotARoundAction, none.value("action", action))
            }
        };
        Problem::new(code, p.build(), self)
    }
}

impl Coded for ReplayError {
    fn problem(&self) -> Problem {
        match self {
            ReplayError::Rules(e) => e.problem().with_message(self),
            ReplayError::Refused {
                index,
                seat,
                action,
                error,
            } => Problem::new(
                CoreCode::ReplayRefused,
                params()
                    .count("index", *index)
                    .number("seat", seat.0)
                    .value("action", action)
                    .problem("error", &error.problem())
                    .build(),
                self,
            ),
        }
    }
}
