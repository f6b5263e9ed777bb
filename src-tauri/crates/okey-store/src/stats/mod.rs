//! Statistics over the saved history, from the player's side: the first human seat of each
//! match. Matches without a person (bots only) are counted apart and left out of the rest.
//! In partnership (R24) matches and points count for the player's team (partners share one
//! score), finishes and rounds won for the player's own seat, and the partner is not an
//! opponent in the results by level.

pub mod chart;
pub mod r101;
pub mod tally;

use crate::db::Store;
use crate::error::StoreError;
use crate::id::MatchId;
use crate::model::{Header, MatchState, RoundSummary, RoundSummary101, SeatKind, Status};
use crate::quarantine::{hex, Fault};
use crate::record::from_json;
use crate::variant::{AnyRules, Variant};
use okey_core::analysis::WinKind;
use okey_core::{scoring, Seat};
use r101::Statistics101;
use serde::Serialize;
use std::collections::BTreeMap;
use tally::Tally;

/// Matches against one bot level: those with at least one opponent of that level.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LevelRecord {
    /// Finished matches against the level.
    pub played: u32,
    /// Of those, won.
    pub won: u32,
}

/// What the player has done, over every saved match.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Statistics {
    /// Matches and rounds played and won.
    #[serde(flatten)]
    pub tally: Tally,
    /// Finishes with sets and runs.
    pub finishes_melds: u32,
    /// Finishes with seven pairs.
    pub finishes_pairs: u32,
    /// Finishes that threw an okey.
    pub finishes_okey_discard: u32,
    /// One-colour finishes.
    pub finishes_one_colour: u32,
    /// Rounds that ran out of tiles.
    pub rounds_no_tiles: u32,
    /// Points the others lost to the player's finishes.
    pub points_won: i64,
    /// Points the player (their team) lost, to finishes, göstergeler and penalties.
    pub points_lost: i64,
    /// Results against each bot level, by the level's name.
    pub by_level: BTreeMap<String, LevelRecord>,
    /// The most matches won one after another, in the order they ended.
    pub longest_winning_streak: u32,
    /// Matches won since the last one lost.
    pub current_winning_streak: u32,
    /// Matches left out because a record does not decode; nothing was moved.
    pub damaged: Vec<Fault>,
    /// The Okey 101 matches, counted apart: none of the fields above counts them.
    pub okey101: Statistics101,
}

/// What statistics read of a match: its header, round results and status.
type Records<R> = (Header, Vec<R>, Status);

/// The records of a match of either variant.
enum Read {
    Duz(Records<RoundSummary>),
    R101(Records<RoundSummary101>),
}

impl Store {
    /// Statistics over every saved match. Only reads: a match whose records do not decode
    /// is left where it is, counted nowhere, and named in [`Statistics::damaged`] (listing
    /// or resuming it moves it to quarantine).
    pub fn statistics(&self) -> Result<Statistics, StoreError> {
        let mut stats = Statistics::default();
        // (ended, won) per finished match, for the streaks.
        let mut results: Vec<(u64, bool)> = Vec::new();
        for item in self.trees.matches.iter() {
            let (key, head) = item?;
            let Some(id) = MatchId::of_key(&key).filter(|_| key.len() == 8) else {
                stats.damaged.push(Fault {
                    name: format!("matches/{}", hex(&key)),
                    reason: "a key that is not a match id".into(),
                });
                continue;
            };
            let (header, rounds, status) = match self.read_match(id, &head)? {
                Ok(Read::Duz(read)) => read,
                Ok(Read::R101((header, rounds, status))) => {
                    match header.seats.iter().position(|s| *s == SeatKind::Human) {
                        Some(i) => stats.okey101.count(id, Seat(i as u8), &rounds, &status),
                        None => stats.okey101.tally.bot_only_matches += 1,
                    }
                    continue;
                }
                Err(reason) => {
                    stats.damaged.push(Fault {
                        name: id.to_string(),
                        reason,
                    });
                    continue;
                }
            };
            let Some(you) = header
                .seats
                .iter()
                .position(|s| *s == SeatKind::Human)
                .map(|i| Seat(i as u8))
            else {
                stats.tally.bot_only_matches += 1;
                continue;
            };
            let AnyRules::Duz(rules) = header.rules else {
                continue;
            };
            // Scores are per scoring unit: the player's team in partnership (R24).
            let unit = scoring::unit_of(&rules, you);
            let mut before = i64::from(rules.start_points);
            for r in rounds {
                stats.tally.rounds_played += 1;
                let after = r.scores.get(unit).map_or(before, |&s| i64::from(s));
                stats.points_lost += (before - after).max(0);
                before = after;
                match r.finisher {
                    None => stats.rounds_no_tiles += 1,
                    Some(seat) if seat == you => {
                        stats.tally.rounds_won += 1;
                        stats.points_won += i64::from(r.points);
                        match r.win {
                            Some(WinKind::Pairs) => stats.finishes_pairs += 1,
                            Some(WinKind::Melds) | None => stats.finishes_melds += 1,
                        }
                        stats.finishes_okey_discard += u32::from(r.okey_discard);
                        stats.finishes_one_colour += u32::from(r.one_colour);
                    }
                    Some(_) => {}
                }
            }
            match status.state {
                MatchState::Finished { winners, ended_ms } => {
                    let won = winners.iter().any(|&w| scoring::unit_of(&rules, w) == unit);
                    stats.tally.matches_played += 1;
                    stats.tally.matches_won += u32::from(won);
                    results.push((ended_ms, won));
                    let mut levels: Vec<&str> = header
                        .seats
                        .iter()
                        .enumerate()
                        .filter(|&(i, _)| scoring::unit_of(&rules, Seat(i as u8)) != unit)
                        .filter_map(|(_, s)| s.level())
                        .collect();
                    levels.sort();
                    levels.dedup();
                    for level in levels {
                        let rec = stats.by_level.entry(level.to_string()).or_default();
                        rec.played += 1;
                        rec.won += u32::from(won);
                    }
                }
                MatchState::InPlay => stats.tally.matches_in_play += 1,
            }
        }
        results.sort_by_key(|&(ended, _)| ended);
        let mut run = 0;
        for (_, won) in results {
            run = if won { run + 1 } else { 0 };
            stats.longest_winning_streak = stats.longest_winning_streak.max(run);
        }
        stats.current_winning_streak = run;
        Ok(stats)
    }

    /// A match's header, round results and status, or what does not decode. Moves nothing.
    fn read_match(&self, id: MatchId, head: &[u8]) -> Result<Result<Read, String>, StoreError> {
        let header = match from_json::<Header>("match header", head) {
            Ok(h) => h,
            Err(e) => return Ok(Err(e.to_string())),
        };
        let status = match self.trees.status.get(id.key())? {
            Some(bytes) => match from_json::<Status>("match status", &bytes) {
                Ok(s) => s,
                Err(e) => return Ok(Err(e.to_string())),
            },
            None => return Ok(Err("its status record is missing".into())),
        };
        Ok(match header.variant() {
            Variant::Duz => self
                .read_rounds(id)?
                .map(|rounds| Read::Duz((header, rounds, status))),
            Variant::Okey101 => self
                .read_rounds(id)?
                .map(|rounds| Read::R101((header, rounds, status))),
        })
    }

    /// A match's round results, or what does not decode.
    fn read_rounds<R: serde::de::DeserializeOwned>(
        &self,
        id: MatchId,
    ) -> Result<Result<Vec<R>, String>, StoreError> {
        let mut rounds = Vec::new();
        for item in self.trees.rounds.scan_prefix(id.key()) {
            let (_, value) = item?;
            match from_json::<R>("round result", &value) {
                Ok(r) => rounds.push(r),
                Err(e) => return Ok(Err(e.to_string())),
            }
        }
        Ok(Ok(rounds))
    }
}
