//! This project's bots over the line protocol, for any outside referee (`okey bot`): read
//! `hello`, `observe`, `decide` and `end`, answer each `decide` with one action.

use super::protocol::{ToBot, MAX_LINE, PROTOCOL};
use super::Spoken;
use crate::level::Level;
use crate::player::Player;
use okey_core::Game;
use std::io::{self, BufRead, Read, Write};
use thiserror::Error;

/// Why serving stopped before the referee closed the input.
#[derive(Debug, Error)]
pub enum ServeError {
    /// Reading or writing failed.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// A line the protocol does not have.
    #[error("line {line} is not a message of the protocol: {error}")]
    Unreadable {
        /// Its number, from 1.
        line: usize,
        /// What the reader said.
        error: String,
    },
    /// A line longer than [`MAX_LINE`] bytes.
    #[error("line {line} is longer than {MAX_LINE} bytes")]
    TooLong {
        /// Its number, from 1.
        line: usize,
    },
    /// `hello` for another protocol version or game.
    #[error("hello asks for protocol {protocol} and {variant}; this bot speaks protocol {PROTOCOL} and {expected}")]
    Hello {
        /// The version asked for.
        protocol: u32,
        /// The game asked for.
        variant: String,
        /// The game served.
        expected: &'static str,
    },
    /// `decide` or `observe` before `hello`.
    #[error("line {line} comes before hello")]
    NoHello {
        /// Its number, from 1.
        line: usize,
    },
}

/// Serves the bot of `level` (made by `make` from its level and `hello`'s seed) for game
/// `P::Game` until `input` ends: each `decide` is answered on `output` with one line.
pub fn serve<P: Player>(
    level: Level,
    make: impl Fn(Level, u64) -> P,
    input: impl BufRead,
    mut output: impl Write,
) -> Result<(), ServeError>
where
    P::Game: Spoken,
{
    type Message<G> = ToBot<<G as Game>::Rules, <G as Game>::View, <G as Game>::Action>;
    let mut bot: Option<P> = None;
    let mut input = input;
    let mut buffer = Vec::new();
    for number in 1.. {
        buffer.clear();
        // At most one byte past the limit is read, so a huge line is never held whole.
        let read = input
            .by_ref()
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buffer)?;
        if read == 0 {
            return Ok(());
        }
        if buffer.len() > MAX_LINE {
            return Err(ServeError::TooLong { line: number });
        }
        let text = String::from_utf8_lossy(&buffer);
        if text.trim().is_empty() {
            continue;
        }
        let message: Message<P::Game> =
            serde_json::from_str(text.trim()).map_err(|e| ServeError::Unreadable {
                line: number,
                error: e.to_string(),
            })?;
        match message {
            ToBot::Hello {
                protocol,
                variant,
                seed,
                ..
            } => {
                if protocol != PROTOCOL || variant != <P::Game as Game>::NAME {
                    return Err(ServeError::Hello {
                        protocol,
                        variant,
                        expected: <P::Game as Game>::NAME,
                    });
                }
                bot = Some(make(level, seed));
            }
            ToBot::Observe { view } => {
                bot.as_mut()
                    .ok_or(ServeError::NoHello { line: number })?
                    .observe(&view);
            }
            ToBot::Decide {
                view,
                legal,
                refused,
            } => {
                let bot = bot.as_mut().ok_or(ServeError::NoHello { line: number })?;
                // Our bots choose legal actions; a refused one is replaced by the first listed.
                let chosen = match refused {
                    None => bot.decide(&view),
                    Some(_) => None,
                };
                let action = chosen.or_else(|| legal.first().cloned());
                serde_json::to_writer(&mut output, &action).map_err(io::Error::other)?;
                output.write_all(b"\n")?;
                output.flush()?;
            }
            ToBot::End { .. } => {}
        }
    }
    Ok(())
}
