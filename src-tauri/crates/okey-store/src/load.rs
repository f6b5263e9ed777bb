//! Checking a match's records: the header decodes, the log runs 0, 1, 2, … without a gap,
//! every entry decodes and replays to its stored state hash, and the 106 tiles are all there.
//! Resume and restore both ask this before they trust a match.

use crate::hash::state_hash;
use crate::model::Header;
use crate::record::{from_json, DecodeError, LogEntry};
use okey_core::{Action, Match};

/// Why a match's records cannot be played.
#[derive(Debug)]
pub(crate) enum Unfit {
    /// A record was written by a newer store: not damage, left alone.
    Newer(DecodeError),
    /// What is wrong with them.
    Damaged(String),
}

impl From<DecodeError> for Unfit {
    fn from(e: DecodeError) -> Unfit {
        match e {
            DecodeError::Newer { .. } => Unfit::Newer(e),
            damaged => Unfit::Damaged(damaged.to_string()),
        }
    }
}

/// A match read and replayed from its records.
pub(crate) struct Loaded {
    pub header: Header,
    pub m: Match,
    /// The match as its current round was dealt.
    pub round_start: Match,
    /// When each action was saved.
    pub times: Vec<u64>,
}

/// Reads a match from its header and its log records (key, value), in key order.
pub(crate) fn check_match(
    head: &[u8],
    log: &[(impl AsRef<[u8]>, impl AsRef<[u8]>)],
) -> Result<Loaded, Unfit> {
    let header: Header = from_json("match header", head)?;
    let mut entries = Vec::with_capacity(log.len());
    for (n, (key, value)) in log.iter().enumerate() {
        let key = key.as_ref();
        // Keys run 0, 1, 2, … with no gap: a gap is a lost action.
        if key.len() != 12 || key[8..] != (n as u32).to_be_bytes() {
            return Err(Unfit::Damaged(format!("log entry {n} is missing")));
        }
        entries.push(LogEntry::decode(value.as_ref()).map_err(|e| at_entry(n, e))?);
    }
    replay_checked(header, entries).map_err(Unfit::Damaged)
}

fn at_entry(n: usize, e: DecodeError) -> DecodeError {
    match e {
        DecodeError::Malformed { what, detail } => DecodeError::Malformed {
            what,
            detail: format!("entry {n}: {detail}"),
        },
        newer => newer,
    }
}

/// Replays a log, checking each stored hash, then the tiles; the match is copied where its
/// current round was dealt.
fn replay_checked(header: Header, entries: Vec<LogEntry>) -> Result<Loaded, String> {
    if header.seats.len() != usize::from(header.rules.players) {
        return Err(format!(
            "{} seats for {} players",
            header.seats.len(),
            header.rules.players
        ));
    }
    let mut m = Match::new(header.rules, header.seed)
        .map_err(|e| format!("its rules cannot be played: {e}"))?;
    // The current round starts after the last NextRound: one copy of the match there.
    let current = entries
        .iter()
        .rposition(|e| e.action == Action::NextRound)
        .map_or(0, |i| i + 1);
    let mut round_start = None;
    for (n, entry) in entries.iter().enumerate() {
        if n == current {
            round_start = Some(m.clone());
        }
        m.apply(entry.seat, entry.action).map_err(|e| {
            format!(
                "action {} ({}: {}) does not replay: {e}",
                n + 1,
                entry.seat,
                entry.action
            )
        })?;
        if state_hash(&m) != entry.hash {
            return Err(format!(
                "after action {} ({}: {}) the state differs from the one saved",
                n + 1,
                entry.seat,
                entry.action
            ));
        }
    }
    let round_start = round_start.unwrap_or_else(|| m.clone());
    m.tile_census().map_err(|e| e.to_string())?;
    Ok(Loaded {
        times: entries.iter().map(|e| e.at_ms).collect(),
        header,
        m,
        round_start,
    })
}
