//! Why the 101 engine refused something: every refusal names its rule (a `rule` param such
//! as `"R101-13"`) and changes nothing.

use super::action::Action101;
use super::meld::{MeldFault, MeldId, Shape};
use super::rules::Rules101Error;
use crate::error::{RuleCode, TurnError};
use crate::practice::PracticeCode;
use crate::problem::{params, ParamsBuilder, Problem};
use crate::rules::Seat;
use crate::tile::Tile;
use thiserror::Error;

/// Why a 101 action was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error101 {
    /// A refusal Düz's engine makes too, in the same words.
    #[error(transparent)]
    Turn(#[from] TurnError),
    /// A table action or discard before taking a tile.
    #[error("take a tile first: from the pile or the previous discard")]
    MustTakeFirst,
    /// A second take in one turn.
    #[error("you have already taken a tile this turn")]
    AlreadyTook,
    /// The starter's first turn is a discard only.
    #[error("on your first turn as starter you only discard")]
    StarterOnlyDiscards,
    /// The pile is empty.
    #[error("the pile is empty")]
    PileEmpty,
    /// A tile not in the hand.
    #[error("{0} is not in your hand")]
    NotInHand(Tile),
    /// The same tile twice in one action.
    #[error("{0} is named twice")]
    TileTwice(Tile),
    /// A discard while the taken discard is still in hand.
    #[error("{0} was taken from the previous player and must be on the table before you discard")]
    TakenNotUsed(Tile),
    /// An opening without the taken discard.
    #[error("{0} was taken from the previous player, so your opening must contain it")]
    TakenNotInOpening(Tile),
    /// A declared, unopened pairs player taking the previous discard (R101-16, reading #4).
    #[error("having declared for pairs you cannot take the previous discard before you open")]
    DeclaredNoTake,
    /// Return without a taken discard, or after a table action.
    #[error("you can only put back a discard you took, before any table action")]
    CannotReturn,
    /// A second opening.
    #[error("you have already opened this round")]
    AlreadyOpened,
    /// Table play before opening.
    #[error("you have not opened yet")]
    NotOpened,
    /// Table play in the opening turn with `opening_turn_play` off.
    #[error("in the turn of your opening you lay only the opening")]
    OpeningTurn,
    /// An opening that mixes pairs with sets and runs, or is empty.
    #[error("an opening is sets and runs only, or pairs only")]
    MixedOpening,
    /// A series opening below the figure.
    #[error("the opening is worth {value}, it needs {needed}")]
    OpeningTooLow {
        /// What was laid.
        value: u16,
        /// What is needed.
        needed: u16,
    },
    /// A pairs opening with too few pairs.
    #[error("the opening has {pairs} pairs, it needs {needed}")]
    TooFewPairs {
        /// Pairs laid.
        pairs: u8,
        /// Pairs needed.
        needed: u8,
    },
    /// The last pairs opening with `last_pairs` refused.
    #[error("every other player opened with pairs, so you cannot")]
    LastPairs,
    /// Pairs opening without the declaration, or a series opening after it.
    #[error(
        "with pairs declared you open only with pairs, and only declared players open with pairs"
    )]
    Declaration,
    /// A declaration that is not allowed now.
    #[error("you cannot declare for pairs now")]
    CannotDeclare,
    /// A meld shape the player may not lay.
    #[error("you may not lay a {0:?} now")]
    ShapeNotAllowed(Shape),
    /// A group that is not the meld it is laid as.
    #[error("{0}")]
    Meld(MeldFault),
    /// An unknown meld id.
    #[error("there is no meld {} on the table", .0 .0)]
    NoSuchMeld(MeldId),
    /// A lay-off that does not fit.
    #[error("{tile} does not fit on meld {}", meld.0)]
    DoesNotFit {
        /// The tile.
        tile: Tile,
        /// The meld.
        meld: MeldId,
    },
    /// A pairs opener's lay-off beyond the limit.
    #[error("as a pairs opener you lay off at most 2 tiles a turn")]
    LayoffLimit,
    /// Okey swaps are off.
    #[error("okey swaps are not played with these rules")]
    SwapOff,
    /// A swap that does not fit.
    #[error("{tile} cannot replace {okey} on meld {}", meld.0)]
    SwapDoesNotFit {
        /// The tile offered.
        tile: Tile,
        /// The okey asked for.
        okey: Tile,
        /// The meld.
        meld: MeldId,
    },
    /// A take-back of anything but the last lay-off of this turn.
    #[error("only the tile you laid off last this turn can be taken back")]
    CannotTakeBack,
    /// A table action that would empty the hand.
    #[error("you must keep a tile to discard")]
    HandWouldEmpty,
    /// End of the round asked for when it is not the time.
    #[error("the round can end this way only when the pile ran out")]
    CannotEndRound,
    /// An action that only the match handles.
    #[error("{0} is not a move within a round")]
    NotARoundAction(Action101),
}

impl Error101 {
    /// The rule of RULES-101.md the refusal enforces, e.g. `"R101-13"`.
    pub fn rule(&self) -> &'static str {
        use Error101 as E;
        match self {
            E::Turn(TurnError::NoSuchSeat(_) | TurnError::NotYourTurn) => "R101-3",
            E::Turn(TurnError::RoundOver) => "R101-28",
            E::Turn(TurnError::RoundNotOver | TurnError::MatchOver) => "R101-34",
            E::Turn(TurnError::NoDiscard) => "R101-13",
            E::TileTwice(_) => "R101-1",
            E::Meld(fault) => fault.rule(),
            E::NoSuchMeld(_) => "R101-10",
            E::StarterOnlyDiscards => "R101-11",
            E::MustTakeFirst
            | E::AlreadyTook
            | E::NotInHand(_)
            | E::HandWouldEmpty
            | E::NotARoundAction(_) => "R101-12",
            E::TakenNotUsed(_) | E::TakenNotInOpening(_) | E::CannotReturn => "R101-13",
            E::OpeningTooLow { .. } => "R101-14",
            E::AlreadyOpened | E::MixedOpening | E::TooFewPairs { .. } => "R101-15",
            E::DeclaredNoTake | E::Declaration | E::CannotDeclare => "R101-16",
            E::LastPairs => "R101-18",
            E::NotOpened | E::OpeningTurn => "R101-19",
            E::ShapeNotAllowed(_) => "R101-20",
            E::DoesNotFit { .. } | E::LayoffLimit => "R101-21",
            E::SwapOff | E::SwapDoesNotFit { .. } => "R101-22",
            E::CannotTakeBack => "R101-23",
            E::PileEmpty | E::CannotEndRound => "R101-30",
        }
    }

    /// The params every refusal of 101 starts with: its rule.
    fn ruled(&self) -> ParamsBuilder {
        params().text("rule", self.rule())
    }
}

crate::coded_error! {
    /// The codes of the 101 engine's own refusals; each carries its rule as a `rule` param.
    pub enum Code101 for Error101 as this {
        Error101::MustTakeFirst => MustTakeFirst = "must_take_first", this.ruled();
        Error101::AlreadyTook => AlreadyTook = "already_took", this.ruled();
        Error101::StarterOnlyDiscards => StarterOnlyDiscards = "starter_only_discards",
            this.ruled();
        Error101::TileTwice(t) => TileTwice = "tile_twice", tile_params(this, t);
        Error101::TakenNotUsed(t) => TakenNotUsed = "taken_not_used", tile_params(this, t);
        Error101::TakenNotInOpening(t) => TakenNotInOpening = "taken_not_in_opening",
            tile_params(this, t);
        Error101::DeclaredNoTake => DeclaredNoTake = "declared_no_take", this.ruled();
        Error101::CannotReturn => CannotReturn = "cannot_return", this.ruled();
        Error101::AlreadyOpened => AlreadyOpened = "already_opened", this.ruled();
        Error101::NotOpened => NotOpened = "not_opened", this.ruled();
        Error101::OpeningTurn => OpeningTurn = "opening_turn", this.ruled();
        Error101::MixedOpening => MixedOpening = "mixed_opening", this.ruled();
        Error101::OpeningTooLow { value, needed } => OpeningTooLow = "opening_too_low",
            this.ruled().number("value", *value).number("needed", *needed);
        Error101::TooFewPairs { pairs, needed } => TooFewPairs = "too_few_pairs",
            this.ruled().number("pairs", *pairs).number("needed", *needed);
        Error101::LastPairs => LastPairs = "last_pairs", this.ruled();
        Error101::Declaration => Declaration = "declaration", this.ruled();
        Error101::CannotDeclare => CannotDeclare = "cannot_declare", this.ruled();
        Error101::ShapeNotAllowed(shape) => ShapeNotAllowed = "shape_not_allowed",
            this.ruled().value("shape", shape);
        Error101::Meld(fault) => BadMeld = "bad_meld",
            this.ruled().problem("fault", &fault.problem());
        Error101::NoSuchMeld(meld) => NoSuchMeld = "no_such_meld",
            this.ruled().number("meld", meld.0);
        Error101::DoesNotFit { tile, meld } => DoesNotFit = "does_not_fit",
            this.ruled().kind("tile", tile.kind()).number("meld", meld.0);
        Error101::LayoffLimit => LayoffLimit = "layoff_limit", this.ruled();
        Error101::SwapOff => SwapOff = "swap_off", this.ruled();
        Error101::SwapDoesNotFit { tile, okey, meld } => SwapDoesNotFit = "swap_does_not_fit",
            this.ruled()
                .kind("tile", tile.kind())
                .number("okey", okey.id())
                .number("meld", meld.0);
        Error101::CannotTakeBack => CannotTakeBack = "cannot_take_back", this.ruled();
        Error101::HandWouldEmpty => HandWouldEmpty = "hand_would_empty", this.ruled();
        Error101::CannotEndRound => CannotEndRound = "cannot_end_round", this.ruled();
    }
    // Refusals Düz's engine gives too keep its codes (declared there), with 101's rule added.
    passes {
        Error101::Turn(e) => e.problem().with_param("rule", this.rule());
        Error101::PileEmpty => Problem::new(RuleCode::PileEmpty, this.ruled().build(), this);
        Error101::NotInHand(t) => {
            Problem::new(PracticeCode::NotInHand, tile_params(this, t).build(), this)
        };
        Error101::NotARoundAction(action) => Problem::new(
            RuleCode::NotARoundAction,
            this.ruled().value("action", action).build(),
            this,
        );
    }
}

/// The params of a refusal about one tile of the hand: the rule, the tile's id and face.
fn tile_params(error: &Error101, tile: &Tile) -> ParamsBuilder {
    error
        .ruled()
        .number("id", tile.id())
        .kind("tile", tile.kind())
}

/// Why a 101 match log could not be replayed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Replay101Error {
    /// The rules cannot be played.
    #[error("the rules cannot be played: {0}")]
    Rules(#[from] Rules101Error),
    /// An entry was refused.
    #[error("entry {index} ({seat}: {action}) was refused: {error}")]
    Refused {
        /// Position in the log.
        index: usize,
        /// Who acted.
        seat: Seat,
        /// What was tried.
        action: Action101,
        /// Why.
        error: Error101,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Coded;

    #[test]
    fn r101_7_a_bad_meld_names_its_fault_as_a_code_not_as_english() {
        let problem = Error101::Meld(MeldFault::RunOrder).problem();
        let json = serde_json::to_value(&problem).expect("a problem serializes");
        assert_eq!(json["code"], "bad_meld");
        assert_eq!(json["params"]["rule"], "R101-7");
        assert_eq!(json["params"]["fault"]["code"], "run_order");
        let size = MeldFault::Size {
            shape: Shape::Set,
            min: 3,
            max: 4,
            given: 5,
        }
        .problem();
        let json = serde_json::to_value(&size).expect("a problem serializes");
        assert_eq!(json["code"], "meld_size");
        assert_eq!(json["params"]["rule"], "R101-6");
        assert_eq!(json["params"]["given"], 5);
    }

    #[test]
    fn r101_35_unplayable_rules_are_a_code_with_the_field_not_english() {
        let json = serde_json::to_value(Rules101Error::Partnership(3).problem())
            .expect("a problem serializes");
        assert_eq!(json["code"], "rules101_invalid");
        assert_eq!(json["params"]["field"], "partnership");
        assert_eq!(json["params"]["value"], 3);
    }
}
