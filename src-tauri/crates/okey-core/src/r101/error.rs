//! Why the 101 engine refused something: every refusal names its rule (a `rule` param such
//! as `"R101-13"`) and changes nothing.

use super::action::Action101;
use super::meld::{MeldFault, MeldId, Shape};
use super::rules::Rules101Error;
use crate::code::CoreCode;
use crate::problem::{params, Code, Coded, Problem};
use crate::rules::Seat;
use crate::tile::Tile;
use thiserror::Error;

/// Why a 101 action was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error101 {
    /// A seat beyond the table.
    #[error("there is no seat {0} at this table")]
    NoSuchSeat(u8),
    /// Another seat is to move.
    #[error("it is not your turn")]
    NotYourTurn,
    /// An action after the round ended.
    #[error("the round is over")]
    RoundOver,
    /// The next round before this one ended.
    #[error("the round is still being played")]
    RoundNotOver,
    /// An action after the match ended.
    #[error("the match is over")]
    MatchOver,
    /// A table action or discard before taking a tile.
    #[error("take a tile first: from the pile or the previous discard")]
    MustTakeFirst,
    /// A second take in one turn.
    #[error("you have already taken a tile this turn")]
    AlreadyTook,
    /// The starter's first turn is a discard only.
    #[error("on your first turn as starter you only discard")]
    StarterOnlyDiscards,
    /// No previous discard to take.
    #[error("there is no discard to take")]
    NoDiscard,
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

crate::error_codes! {
    /// The codes of the 101 engine's own refusals (those Düz's engine has too are [`CoreCode`]s).
    pub enum Code101 {
        /// See [`Error101`].
        MustTakeFirst = "must_take_first",
        /// See [`Error101`].
        AlreadyTook = "already_took",
        /// See [`Error101`].
        StarterOnlyDiscards = "starter_only_discards",
        /// See [`Error101`].
        TileTwice = "tile_twice",
        /// See [`Error101`].
        TakenNotUsed = "taken_not_used",
        /// See [`Error101`].
        TakenNotInOpening = "taken_not_in_opening",
        /// See [`Error101`].
        DeclaredNoTake = "declared_no_take",
        /// See [`Error101`].
        CannotReturn = "cannot_return",
        /// See [`Error101`].
        AlreadyOpened = "already_opened",
        /// See [`Error101`].
        NotOpened = "not_opened",
        /// See [`Error101`].
        OpeningTurn = "opening_turn",
        /// See [`Error101`].
        MixedOpening = "mixed_opening",
        /// See [`Error101`].
        OpeningTooLow = "opening_too_low",
        /// See [`Error101`].
        TooFewPairs = "too_few_pairs",
        /// See [`Error101`].
        LastPairs = "last_pairs",
        /// See [`Error101`].
        Declaration = "declaration",
        /// See [`Error101`].
        CannotDeclare = "cannot_declare",
        /// See [`Error101`].
        ShapeNotAllowed = "shape_not_allowed",
        /// See [`Error101`].
        BadMeld = "bad_meld",
        /// See [`Error101`].
        NoSuchMeld = "no_such_meld",
        /// See [`Error101`].
        DoesNotFit = "does_not_fit",
        /// See [`Error101`].
        LayoffLimit = "layoff_limit",
        /// See [`Error101`].
        SwapOff = "swap_off",
        /// See [`Error101`].
        SwapDoesNotFit = "swap_does_not_fit",
        /// See [`Error101`].
        CannotTakeBack = "cannot_take_back",
        /// See [`Error101`].
        HandWouldEmpty = "hand_would_empty",
        /// See [`Error101`].
        CannotEndRound = "cannot_end_round",
        /// [`super::practice::Practice101Error::Size`]: a rack to check is 1 to 22 tiles.
        RackSize = "rack_size",
        /// [`Rules101Error`]: params `field` (`players`, `rounds` or `partnership`), `value`.
        Rules101Invalid = "rules101_invalid",
        /// [`MeldFault::Size`]: params `shape`, `min`, `max`, `given`.
        MeldSize = "meld_size",
        /// [`MeldFault::SetNumbers`].
        SetNumbers = "set_numbers",
        /// [`MeldFault::SetColours`].
        SetColours = "set_colours",
        /// [`MeldFault::RunColours`].
        RunColours = "run_colours",
        /// [`MeldFault::RunOrder`].
        RunOrder = "run_order",
        /// [`MeldFault::NotAPair`].
        PairFaces = "pair_faces",
        /// [`MeldFault::OnlyOkeys`].
        OnlyOkeys = "only_okeys",
    }
}

/// The code of a 101 refusal: one the Düz engine declares too, for the same refusal with the
/// same params (so it is declared once, in [`CoreCode`], and worded once), or 101's own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Refusal101Code {
    /// A code of both engines.
    Shared(CoreCode),
    /// A code of 101 only.
    Own(Code101),
}

impl Code for Refusal101Code {
    fn as_str(self) -> &'static str {
        match self {
            Refusal101Code::Shared(c) => c.as_str(),
            Refusal101Code::Own(c) => c.as_str(),
        }
    }
}

impl Error101 {
    /// The code and the rule of RULES-101.md it enforces.
    pub fn code_and_rule(&self) -> (Refusal101Code, &'static str) {
        use Code101 as C;
        use Error101 as E;
        use Refusal101Code::{Own as O, Shared as S};
        match self {
            E::NoSuchSeat(_) => (S(CoreCode::NoSuchSeat), "R101-3"),
            E::NotYourTurn => (S(CoreCode::NotYourTurn), "R101-3"),
            E::RoundOver => (S(CoreCode::RoundOver), "R101-28"),
            E::RoundNotOver => (S(CoreCode::RoundNotOver), "R101-34"),
            E::MatchOver => (S(CoreCode::MatchOver), "R101-34"),
            E::MustTakeFirst => (O(C::MustTakeFirst), "R101-12"),
            E::AlreadyTook => (O(C::AlreadyTook), "R101-12"),
            E::StarterOnlyDiscards => (O(C::StarterOnlyDiscards), "R101-11"),
            E::NoDiscard => (S(CoreCode::NoDiscard), "R101-13"),
            E::PileEmpty => (S(CoreCode::PileEmpty), "R101-30"),
            E::NotInHand(_) => (S(CoreCode::NotInHand), "R101-12"),
            E::TileTwice(_) => (O(C::TileTwice), "R101-1"),
            E::TakenNotUsed(_) => (O(C::TakenNotUsed), "R101-13"),
            E::TakenNotInOpening(_) => (O(C::TakenNotInOpening), "R101-13"),
            E::DeclaredNoTake => (O(C::DeclaredNoTake), "R101-16"),
            E::CannotReturn => (O(C::CannotReturn), "R101-13"),
            E::AlreadyOpened => (O(C::AlreadyOpened), "R101-15"),
            E::NotOpened => (O(C::NotOpened), "R101-19"),
            E::OpeningTurn => (O(C::OpeningTurn), "R101-19"),
            E::MixedOpening => (O(C::MixedOpening), "R101-15"),
            E::OpeningTooLow { .. } => (O(C::OpeningTooLow), "R101-14"),
            E::TooFewPairs { .. } => (O(C::TooFewPairs), "R101-15"),
            E::LastPairs => (O(C::LastPairs), "R101-18"),
            E::Declaration | E::CannotDeclare => (
                O(if matches!(self, E::Declaration) {
                    C::Declaration
                } else {
                    C::CannotDeclare
                }),
                "R101-16",
            ),
            E::ShapeNotAllowed(_) => (O(C::ShapeNotAllowed), "R101-20"),
            E::Meld(fault) => (O(C::BadMeld), fault.rule()),
            E::NoSuchMeld(_) => (O(C::NoSuchMeld), "R101-10"),
            E::DoesNotFit { .. } => (O(C::DoesNotFit), "R101-21"),
            E::LayoffLimit => (O(C::LayoffLimit), "R101-21"),
            E::SwapOff => (O(C::SwapOff), "R101-22"),
            E::SwapDoesNotFit { .. } => (O(C::SwapDoesNotFit), "R101-22"),
            E::CannotTakeBack => (O(C::CannotTakeBack), "R101-23"),
            E::HandWouldEmpty => (O(C::HandWouldEmpty), "R101-12"),
            E::CannotEndRound => (O(C::CannotEndRound), "R101-30"),
            E::NotARoundAction(_) => (S(CoreCode::NotARoundAction), "R101-12"),
        }
    }

    /// The rule number, e.g. `"R101-13"`.
    pub fn rule(&self) -> &'static str {
        self.code_and_rule().1
    }
}

impl Coded for Error101 {
    fn problem(&self) -> Problem {
        let (code, rule) = self.code_and_rule();
        let mut p = params().text("rule", rule);
        p = match self {
            Error101::NoSuchSeat(s) => p.number("seat", *s),
            Error101::NotInHand(t)
            | Error101::TileTwice(t)
            | Error101::TakenNotUsed(t)
            | Error101::TakenNotInOpening(t) => p.number("id", t.id()).kind("tile", t.kind()),
            Error101::OpeningTooLow { value, needed } => {
                p.number("value", *value).number("needed", *needed)
            }
            Error101::TooFewPairs { pairs, needed } => {
                p.number("pairs", *pairs).number("needed", *needed)
            }
            Error101::ShapeNotAllowed(s) => p.value("shape", s),
            Error101::Meld(fault) => p.problem("fault", &fault.problem()),
            Error101::NoSuchMeld(m) => p.number("meld", m.0),
            Error101::DoesNotFit { tile, meld } => {
                p.kind("tile", tile.kind()).number("meld", meld.0)
            }
            Error101::SwapDoesNotFit { tile, okey, meld } => p
                .kind("tile", tile.kind())
                .number("okey", okey.id())
                .number("meld", meld.0),
            Error101::NotARoundAction(a) => p.value("action", a),
            _ => p,
        };
        Problem::new(code, p.build(), self)
    }
}

impl Coded for MeldFault {
    fn problem(&self) -> Problem {
        use Code101 as C;
        let p = params().text("rule", self.rule());
        let (code, p) = match self {
            MeldFault::Size {
                shape,
                min,
                max,
                given,
            } => (
                C::MeldSize,
                p.value("shape", shape)
                    .count("min", *min)
                    .count("max", *max)
                    .count("given", *given),
            ),
            MeldFault::SetNumbers => (C::SetNumbers, p),
            MeldFault::SetColours => (C::SetColours, p),
            MeldFault::RunColours => (C::RunColours, p),
            MeldFault::RunOrder => (C::RunOrder, p),
            MeldFault::NotAPair => (C::PairFaces, p),
            MeldFault::OnlyOkeys => (C::OnlyOkeys, p),
        };
        Problem::new(code, p.build(), self)
    }
}

impl Coded for Rules101Error {
    fn problem(&self) -> Problem {
        let (field, value) = match self {
            Rules101Error::Players(n) => ("players", *n),
            Rules101Error::Rounds(n) => ("rounds", *n),
            Rules101Error::Partnership(n) => ("partnership", *n),
        };
        Problem::new(
            Code101::Rules101Invalid,
            params().text("field", field).number("value", value).build(),
            self,
        )
    }
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
