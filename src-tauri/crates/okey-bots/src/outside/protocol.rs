//! The messages of the line protocol, version [`PROTOCOL`]: what a referee sends a bot. The
//! bot's only answer is an action, in the JSON form of the game's actions (the same form
//! `legal` lists them in).

use okey_core::problem::Problem;
use serde::{Deserialize, Serialize};

/// The protocol's version, in `hello`.
pub const PROTOCOL: u32 = 1;

/// The longest line either side reads, in bytes: a longer one is refused, never read whole.
pub const MAX_LINE: usize = 1 << 20;

/// Which end a `end` message marks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndOf {
    /// A round is over.
    Round,
    /// The match is over (no message follows but the close of the input).
    Match,
}

/// Both ends an arena round has: the round, then its match (each is a match of its own).
pub(crate) const ENDS: [EndOf; 2] = [EndOf::Round, EndOf::Match];

/// A message to a bot: `R` the game's rules, `V` its seat view, `A` its actions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ToBot<R, V, A> {
    /// A match begins: the game (`duz` or `101`), its rules as `okey arena --rules` takes
    /// them, the bot's seat, and a seed it may use for its own randomness so runs repeat.
    Hello {
        /// [`PROTOCOL`].
        protocol: u32,
        /// `duz` or `101`.
        variant: String,
        /// The rules.
        rules: R,
        /// The bot's seat, from 0.
        seat: u8,
        /// The seed of the bot's own randomness.
        seed: u64,
    },
    /// What the seat sees after an action at the table; no answer. A bot that keeps a
    /// memory of the round (discards seen, discards taken) reads these.
    Observe {
        /// The seat's view.
        view: V,
    },
    /// The seat is to act: answer one action, one line.
    Decide {
        /// The seat's view, as the app's own player gets it: hidden information stripped.
        view: V,
        /// The seat's legal actions, each in the form an answer takes. (Düz rack moves and
        /// 101 openings of other melds are legal too; the rules judge every answer.)
        legal: Vec<A>,
        /// Why the last answer was refused, when it was: the same view is sent again.
        refused: Option<Problem>,
    },
    /// A round (or the match) is over: every seat's score.
    End {
        /// Round or match.
        of: EndOf,
        /// Each seat's score (Düz: points left; 101: running totals).
        scores: Vec<i64>,
    },
}
