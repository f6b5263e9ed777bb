//! Why the engine refused something, in words a player understands.

use crate::action::Action;
use crate::meld::MeldError;
use crate::problem::{params, Written};
use crate::rules::Seat;
use crate::tile::{Face, Kind, Tile};
use thiserror::Error;

// The rule set's own error lives with the rules; this keeps its old path.
pub use crate::rules::RulesError;

/// A refusal both engines make in the same words and with the same params: Düz's
/// [`RuleError`] and 101's `Error101` wrap it (101 adds its rule).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum TurnError {
    /// A seat number beyond the table.
    #[error("there is no seat {0} at this table")]
    NoSuchSeat(u8),
    /// Another seat is to move.
    #[error("it is not your turn")]
    NotYourTurn,
    /// An action after the round ended.
    #[error("the round is over")]
    RoundOver,
    /// Starting the next round before this one ended.
    #[error("the round is still being played")]
    RoundNotOver,
    /// An action after the match ended.
    #[error("the match is over")]
    MatchOver,
    /// Taking a discard where there is none.
    #[error("there is no discard to take")]
    NoDiscard,
}

crate::coded_error! {
    /// The codes of [`TurnError`], the refusals of both engines.
    pub enum TurnCode for TurnError as this {
        TurnError::NoSuchSeat(seat) => NoSuchSeat = "no_such_seat", params().number("seat", *seat);
        TurnError::NotYourTurn => NotYourTurn = "not_your_turn";
        TurnError::RoundOver => RoundOver = "round_over";
        TurnError::RoundNotOver => RoundNotOver = "round_not_over";
        TurnError::MatchOver => MatchOver = "match_over";
        TurnError::NoDiscard => NoDiscard = "no_discard";
    }
}

/// Why an action was refused. Nothing changed when this is returned.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RuleError {
    /// A refusal 101's engine makes too.
    #[error(transparent)]
    Turn(#[from] TurnError),
    /// A seat that has left the match, or is not in this round.
    #[error("{0} is not playing in this round")]
    NotPlaying(Seat),
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
    /// Ending the round while tiles are left to draw (R17).
    #[error("the pile still has tiles: the round ends only when it is empty")]
    PileNotEmpty,
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

crate::coded_error! {
    /// The codes of [`RuleError`]'s own refusals.
    pub enum RuleCode for RuleError as this {
        RuleError::NotPlaying(seat) => NotPlaying = "not_playing", params().number("seat", seat.0);
        RuleError::MustDraw => MustDraw = "must_draw";
        RuleError::MustDiscard => MustDiscard = "must_discard";
        RuleError::NotInRack(tile) => NotInRack = "not_in_rack",
            params().kind("tile", tile.kind()).number("id", tile.id());
        RuleError::PileEmpty => PileEmpty = "pile_empty";
        RuleError::PileNotEmpty => PileNotEmpty = "pile_not_empty";
        RuleError::GostergeOff => GostergeOff = "gosterge_off";
        RuleError::GostergeTooLate => GostergeTooLate = "gosterge_too_late";
        RuleError::GostergeShown => GostergeShown = "gosterge_shown";
        RuleError::NoIndicatorTile(face) => NoIndicatorTile = "no_indicator_tile",
            params().face("face", *face);
        RuleError::NoSuchSlot(slot) => NoSuchSlot = "no_such_slot", params().number("slot", *slot);
        RuleError::EmptySlot(slot) => EmptySlot = "empty_slot", params().number("slot", *slot);
        RuleError::NotAWin => NotAWin = "not_a_win";
        RuleError::NotAPair(kinds) => NotAPair = "not_a_pair", params().kinds("tiles", kinds);
        RuleError::NotARoundAction(action) => NotARoundAction = "not_a_round_action",
            params().value("action", action);
    }
    passes {
        RuleError::Turn(e) => e.problem();
        // The group's own fault says more than "this group is wrong".
        RuleError::BadGroup(fault) => fault.problem();
    }
}

crate::coded_error! {
    /// The codes of [`ReplayError`].
    pub enum ReplayCode for ReplayError as this {
        ReplayError::Refused { index, seat, action, error } => ReplayRefused = "replay_refused",
            params()
                .count("index", *index)
                .number("seat", seat.0)
                .value("action", action)
                .problem("error", &error.problem());
    }
    passes {
        ReplayError::Rules(e) => e.problem().with_message(this);
    }
}
