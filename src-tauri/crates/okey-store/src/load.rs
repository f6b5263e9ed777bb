//! Checking a match's records: the header decodes, the log runs 0, 1, 2, … without a gap,
//! every entry decodes and replays to its stored state hash, and the 106 tiles are all there.
//! Resume and restore both ask this before they trust a match.

use crate::engine::Game;
use crate::model::Header;
use crate::record::{from_json, DecodeError, LogEntry};
use crate::variant::Variant;

/// Why a match's records cannot be played.
#[derive(Debug)]
pub(crate) enum Unfit {
    /// A record was written by a newer store: not damage, left alone.
    Newer(DecodeError),
    /// What is wrong with them.
    Damaged(String),
    /// A match of the other variant: not damage, asked for as the wrong game.
    Other(Variant),
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
pub(crate) struct Loaded<G> {
    pub header: Header,
    pub m: G,
    /// The match as its current round was dealt.
    pub round_start: G,
    /// When each action was saved.
    pub times: Vec<u64>,
}

/// Reads a match of either variant and checks it as [`check_match`] does; its variant.
pub(crate) fn check_any(
    head: &[u8],
    log: &[(impl AsRef<[u8]>, impl AsRef<[u8]>)],
) -> Result<Variant, Unfit> {
    let header: Header = from_json("match header", head)?;
    let variant = header.variant();
    match variant {
        Variant::Duz => check_match::<okey_core::Match>(head, log).map(drop),
        Variant::Okey101 => check_match::<okey_core::r101::Match101>(head, log).map(drop),
    }?;
    Ok(variant)
}

/// Reads a match from its header and its log records (key, value), in key order.
pub(crate) fn check_match<G: Game>(
    head: &[u8],
    log: &[(impl AsRef<[u8]>, impl AsRef<[u8]>)],
) -> Result<Loaded<G>, Unfit> {
    let header: Header = from_json("match header", head)?;
    if header.variant() != G::VARIANT {
        return Err(Unfit::Other(header.variant()));
    }
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
fn replay_checked<G: Game>(header: Header, entries: Vec<LogEntry>) -> Result<Loaded<G>, String> {
    if header.seats.len() != usize::from(header.rules.players()) {
        return Err(format!(
            "{} seats for {} players",
            header.seats.len(),
            header.rules.players()
        ));
    }
    let rules = G::of_rules(&header.rules).ok_or("its rules are the other variant's")?;
    let mut m =
        G::start(rules, header.seed).map_err(|e| format!("its rules cannot be played: {e}"))?;
    let actions = entries
        .iter()
        .enumerate()
        .map(|(n, e)| {
            G::of_act(&e.action).ok_or_else(|| format!("action {} is the other variant's", n + 1))
        })
        .collect::<Result<Vec<_>, _>>()?;
    // The current round starts after the last NextRound: one copy of the match there.
    let current = actions
        .iter()
        .rposition(crate::engine::deals::<G>)
        .map_or(0, |i| i + 1);
    let mut round_start = None;
    for (n, (entry, action)) in entries.iter().zip(actions).enumerate() {
        if n == current {
            round_start = Some(m.clone());
        }
        m.play(entry.seat, action).map_err(|e| {
            format!(
                "action {} ({}: {}) does not replay: {e}",
                n + 1,
                entry.seat,
                entry.action
            )
        })?;
        if m.hash() != entry.hash {
            return Err(format!(
                "after action {} ({}: {}) the state differs from the one saved",
                n + 1,
                entry.seat,
                entry.action
            ));
        }
    }
    let round_start = round_start.unwrap_or_else(|| m.clone());
    m.census()?;
    Ok(Loaded {
        times: entries.iter().map(|e| e.at_ms).collect(),
        header,
        m,
        round_start,
    })
}
