//! Bots from outside this project, over a line protocol (docs/PROTOCOL.md): JSON objects,
//! one a line, UTF-8. The arena seats a program as a player of either game
//! ([`OutsideSeat`]), and this project's bots answer the same protocol for any outside
//! referee ([`serve`]). Nothing here starts a program or reads a pipe: the command line
//! (okey-cli) gives the arena a [`Line`] to each program, and the app never does.

mod lines;
mod protocol;
mod seat;
mod serve;

pub(crate) use lines::Lines;
pub use lines::Unstarted;
pub use protocol::{EndOf, ToBot, MAX_LINE, PROTOCOL};
pub use seat::{OutsideSeat, Seated, REFUSALS};
pub use serve::{serve, ServeError};

use okey_core::r101::{Match101, SeatView101};
use okey_core::{Game, Match, SeatView};
use thiserror::Error;

/// A game as the protocol speaks it: the legal actions and the scores a seat's view shows.
pub trait Spoken: Game {
    /// The seat's legal actions, as the view lists them.
    fn legal(view: &Self::View) -> Vec<Self::Action>;
    /// Every seat's score as the view shows it: Düz's points left (R18), 101's running
    /// totals (R101-33).
    fn scores(view: &Self::View) -> Vec<i64>;
}

impl Spoken for Match {
    fn legal(view: &SeatView) -> Vec<Self::Action> {
        view.legal_actions.clone()
    }
    fn scores(view: &SeatView) -> Vec<i64> {
        view.players.iter().map(|p| i64::from(p.score)).collect()
    }
}

impl Spoken for Match101 {
    fn legal(view: &SeatView101) -> Vec<Self::Action> {
        view.legal_actions.clone()
    }
    fn scores(view: &SeatView101) -> Vec<i64> {
        view.players.iter().map(|p| i64::from(p.total)).collect()
    }
}

/// Why a line could not be sent or read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum LineError {
    /// The program ended (or its pipe closed).
    #[error("the program ended")]
    Closed,
    /// No answer in the time allowed.
    #[error("no answer in time")]
    TimedOut,
    /// A line longer than [`MAX_LINE`] bytes.
    #[error("a line longer than {MAX_LINE} bytes")]
    TooLong,
    /// A line that is not UTF-8.
    #[error("a line that is not UTF-8")]
    NotUtf8,
}

/// A two-way line to one outside bot: what the arena writes to it and reads from it.
pub trait Line: Send {
    /// Writes one line (a message, without its newline).
    fn send(&mut self, line: &str) -> Result<(), LineError>;
    /// The bot's next line, waiting at most the line's time limit.
    fn receive(&mut self) -> Result<String, LineError>;
}
