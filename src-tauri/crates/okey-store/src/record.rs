//! How records are written: the format version every record carries, JSON for the records
//! written once in a while (headers, status, rounds, settings), and a compact binary entry
//! for the action log, which is written on every move.
//!
//! Compatibility rule: a change to any record layout bumps [`FORMAT`] and keeps a reader for
//! every older format; the fixture test in `tests/fixtures.rs` reads files written by each
//! released format so that a change cannot silently break old saves.

use crate::code101::{self, ACTION101_LEN};
use okey_core::r101::Action101;
use okey_core::{Action, Seat, Slot, Tile};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// The format of the database and of every record of a Düz match: unchanged since the first
/// release, so an older Okey still reads the Düz matches this one writes.
pub const FORMAT: u16 = 1;

/// The format of the records of an Okey 101 match (its header, log entries and export): a
/// store that only knows [`FORMAT`] reports such a match as newer and leaves it alone, rather
/// than taking it for damage.
pub const FORMAT_101: u16 = 2;

/// The newest format this store reads.
pub(crate) const NEWEST: u16 = FORMAT_101;

/// Why a record could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// The bytes are not a record of ours.
    #[error("{what} does not decode: {detail}")]
    Malformed {
        /// Which record.
        what: &'static str,
        /// What was wrong.
        detail: String,
    },
    /// The record was written by a newer store.
    #[error("{what} has format {found}, newer than this Okey reads ({NEWEST}); update Okey")]
    Newer {
        /// Which record.
        what: &'static str,
        /// Its format.
        found: u16,
    },
}

/// The envelope of every JSON record: its format first, then its fields.
#[derive(Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
struct Versioned<T> {
    format: u16,
    #[serde(flatten)]
    body: T,
}

/// Only the format of a JSON record, read before the rest so a newer record is told apart
/// from a damaged one.
#[derive(Deserialize)]
struct FormatOnly {
    format: u16,
}

/// A JSON record of format [`FORMAT`].
pub(crate) fn to_json<T: Serialize>(body: &T) -> Result<Vec<u8>, serde_json::Error> {
    to_json_as(FORMAT, body)
}

/// A JSON record of format `format`.
pub(crate) fn to_json_as<T: Serialize>(
    format: u16,
    body: &T,
) -> Result<Vec<u8>, serde_json::Error> {
    serde_json::to_vec(&Versioned { format, body })
}

/// Reads a JSON record of any format this store reads.
pub(crate) fn from_json<T: DeserializeOwned>(
    what: &'static str,
    bytes: &[u8],
) -> Result<T, DecodeError> {
    let malformed = |e: serde_json::Error| DecodeError::Malformed {
        what,
        detail: e.to_string(),
    };
    let format = serde_json::from_slice::<FormatOnly>(bytes)
        .map_err(malformed)?
        .format;
    check_format(what, format)?;
    serde_json::from_slice::<Versioned<T>>(bytes)
        .map(|v| v.body)
        .map_err(malformed)
}

fn check_format(what: &'static str, found: u16) -> Result<(), DecodeError> {
    match found {
        0 => Err(DecodeError::Malformed {
            what,
            detail: "format 0 was never written".into(),
        }),
        f if f > NEWEST => Err(DecodeError::Newer { what, found }),
        _ => Ok(()),
    }
}

/// An action of either variant, as a log entry holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Act {
    /// A Düz action.
    Duz(Action),
    /// An Okey 101 action.
    R101(Action101),
}

impl std::fmt::Display for Act {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Act::Duz(a) => a.fmt(f),
            Act::R101(a) => a.fmt(f),
        }
    }
}

/// One entry of a match's action log: who did what, when, and a hash of the whole match
/// state after it (see [`crate::state_hash`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LogEntry {
    pub seat: Seat,
    pub action: Act,
    /// When it was saved, in ms since the epoch.
    pub at_ms: u64,
    /// The state hash after the action.
    pub hash: u64,
}

/// Bytes of an encoded Düz log entry: format (2), seat, action (3), time (8), hash (8).
pub(crate) const ENTRY_LEN: usize = 2 + 1 + 3 + 8 + 8;
/// Bytes of an encoded 101 log entry: format (2), seat, action, time (8), hash (8).
pub(crate) const ENTRY101_LEN: usize = 2 + 1 + ACTION101_LEN + 8 + 8;

/// The action as a tag and two operands. Owned by the store rather than taken from the
/// engine's serde form, so an engine refactor cannot change what is on disk.
fn action_bytes(action: Action) -> [u8; 3] {
    match action {
        Action::ShowIndicator => [1, 0, 0],
        Action::Draw => [2, 0, 0],
        Action::TakeDiscard => [3, 0, 0],
        Action::Discard(t) => [4, t.id(), 0],
        Action::Finish(t) => [5, t.id(), 0],
        Action::EndRound => [6, 0, 0],
        Action::Move { from, to } => [7, from.0, to.0],
        Action::NextRound => [8, 0, 0],
    }
}

fn action_of(bytes: [u8; 3]) -> Result<Action, String> {
    let tile = |id: u8| Tile::new(id).ok_or_else(|| format!("{id} is not a tile"));
    Ok(match bytes {
        [1, 0, 0] => Action::ShowIndicator,
        [2, 0, 0] => Action::Draw,
        [3, 0, 0] => Action::TakeDiscard,
        [4, t, 0] => Action::Discard(tile(t)?),
        [5, t, 0] => Action::Finish(tile(t)?),
        [6, 0, 0] => Action::EndRound,
        [7, from, to] => Action::Move {
            from: Slot(from),
            to: Slot(to),
        },
        [8, 0, 0] => Action::NextRound,
        other => return Err(format!("unknown action bytes {other:?}")),
    })
}

impl LogEntry {
    /// The entry's bytes: format 1 for a Düz action, [`FORMAT_101`] for a 101 one. Err only
    /// for a 101 action no hand can lay (see [`code101::encode`]).
    pub fn encode(&self) -> Result<Vec<u8>, String> {
        let (format, action) = match &self.action {
            Act::Duz(a) => (FORMAT, action_bytes(*a).to_vec()),
            Act::R101(a) => (FORMAT_101, code101::encode(a)?.to_vec()),
        };
        let mut out = Vec::with_capacity(2 + 1 + action.len() + 16);
        out.extend_from_slice(&format.to_be_bytes());
        out.push(self.seat.0);
        out.extend_from_slice(&action);
        out.extend_from_slice(&self.at_ms.to_be_bytes());
        out.extend_from_slice(&self.hash.to_be_bytes());
        Ok(out)
    }

    /// Reads an entry of any format this store reads.
    pub fn decode(bytes: &[u8]) -> Result<LogEntry, DecodeError> {
        const WHAT: &str = "log entry";
        let malformed = |detail: String| DecodeError::Malformed { what: WHAT, detail };
        let format = bytes
            .get(..2)
            .map(|b| u16::from_be_bytes([b[0], b[1]]))
            .ok_or_else(|| malformed(format!("{} bytes, too short", bytes.len())))?;
        check_format(WHAT, format)?;
        let expected = if format == FORMAT_101 {
            ENTRY101_LEN
        } else {
            ENTRY_LEN
        };
        if bytes.len() != expected {
            return Err(malformed(format!(
                "{} bytes, expected {expected}",
                bytes.len()
            )));
        }
        let u64_at = |i: usize| {
            let mut b = [0; 8];
            b.copy_from_slice(&bytes[i..i + 8]);
            u64::from_be_bytes(b)
        };
        let action_end = expected - 16;
        let action = if format == FORMAT_101 {
            Act::R101(code101::decode(&bytes[3..action_end]).map_err(malformed)?)
        } else {
            Act::Duz(action_of([bytes[3], bytes[4], bytes[5]]).map_err(malformed)?)
        };
        Ok(LogEntry {
            seat: Seat(bytes[2]),
            action,
            at_ms: u64_at(action_end),
            hash: u64_at(action_end + 8),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_kind_round_trips_through_a_log_entry() {
        let t = Tile::new(105).unwrap();
        let actions = [
            Action::ShowIndicator,
            Action::Draw,
            Action::TakeDiscard,
            Action::Discard(t),
            Action::Finish(Tile::new(0).unwrap()),
            Action::EndRound,
            Action::Move {
                from: Slot(3),
                to: Slot(31),
            },
            Action::NextRound,
        ];
        for action in actions {
            let entry = LogEntry {
                seat: Seat(2),
                action: Act::Duz(action),
                at_ms: 1_795_314_245_123,
                hash: 0xDEAD_BEEF_0123_4567,
            };
            let bytes = entry.encode().unwrap();
            assert_eq!(bytes.len(), ENTRY_LEN);
            assert_eq!(LogEntry::decode(&bytes), Ok(entry));
        }
        for action in [Action101::Draw, Action101::Discard(t)] {
            let entry = LogEntry {
                seat: Seat(3),
                action: Act::R101(action),
                at_ms: 5,
                hash: 6,
            };
            let bytes = entry.encode().unwrap();
            assert_eq!((bytes.len(), bytes[1]), (ENTRY101_LEN, FORMAT_101 as u8));
            assert_eq!(LogEntry::decode(&bytes), Ok(entry));
        }
    }

    #[test]
    fn damaged_and_newer_entries_are_told_apart() {
        let entry = LogEntry {
            seat: Seat(0),
            action: Act::Duz(Action::Draw),
            at_ms: 1,
            hash: 2,
        };
        let mut bytes = entry.encode().unwrap();
        bytes[3] = 99;
        assert!(matches!(
            LogEntry::decode(&bytes),
            Err(DecodeError::Malformed { detail, .. }) if detail.contains("unknown action")
        ));
        let mut newer = entry.encode().unwrap();
        newer[1] = 7;
        assert_eq!(
            LogEntry::decode(&newer),
            Err(DecodeError::Newer {
                what: "log entry",
                found: 7
            })
        );
        assert!(LogEntry::decode(&[0]).is_err());
        // A discard of tile 200 names no tile.
        let mut bad_tile = entry.encode().unwrap();
        bad_tile[3..6].copy_from_slice(&[4, 200, 0]);
        assert!(LogEntry::decode(&bad_tile).is_err());
    }

    #[test]
    fn json_records_carry_their_format_and_refuse_newer_ones() {
        #[derive(Debug, PartialEq, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        struct Thing {
            name: String,
        }
        let bytes = to_json(&Thing { name: "x".into() }).unwrap();
        let text = String::from_utf8(bytes.clone()).unwrap();
        assert!(text.contains("\"format\":1"), "{text}");
        assert_eq!(
            from_json::<Thing>("thing", &bytes).unwrap(),
            Thing { name: "x".into() }
        );
        let newer = br#"{"format":9,"name":"x"}"#;
        assert!(matches!(
            from_json::<Thing>("thing", newer),
            Err(DecodeError::Newer { found: 9, .. })
        ));
        assert!(matches!(
            from_json::<Thing>("thing", b"{\"format\":1}"),
            Err(DecodeError::Malformed { .. })
        ));
    }
}
