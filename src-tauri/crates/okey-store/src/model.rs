//! What a saved match is made of: who sits where, its header (written once), its status
//! (rewritten when the round, the scores or the state change) and how each round ended.

use crate::id::MatchId;
use crate::record::to_json_as;
use crate::variant::{AnyRules, Variant};
use okey_core::analysis::WinKind;
use okey_core::r101::{EndKind, Match101, Rules101, ScoreLine};
use okey_core::{Match, RoundEnd, Rules, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Who sits in a seat.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum SeatKind {
    /// A person.
    Human,
    /// A bot, by the name of its level (`easy`, `hard`, …). The store keeps the name and
    /// nothing more: the bots are built and given their memory by okey-bots.
    Bot(String),
}

/// The longest bot level name a seat takes: a name, not a text.
const MAX_BOT_NAME: usize = 32;

impl SeatKind {
    /// `human` or the bot level's name.
    pub fn name(&self) -> &str {
        match self {
            SeatKind::Human => "human",
            SeatKind::Bot(level) => level,
        }
    }

    /// The bot's level name, or None for a person.
    pub fn level(&self) -> Option<&str> {
        match self {
            SeatKind::Human => None,
            SeatKind::Bot(level) => Some(level),
        }
    }
}

impl fmt::Display for SeatKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// `human`, or a bot level's name: a word of letters, digits, `-` or `_`, kept in lower
/// case. Which levels exist is for okey-bots to say when it builds the bot.
impl FromStr for SeatKind {
    type Err = String;

    fn from_str(s: &str) -> Result<SeatKind, String> {
        let name = s.trim().to_ascii_lowercase();
        if name == "human" {
            return Ok(SeatKind::Human);
        }
        let word = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
        if name.is_empty() || name.len() > MAX_BOT_NAME || !name.chars().all(word) {
            return Err(format!(
                "{s:?} is not a seat: human, or a bot level such as easy, medium or hard"
            ));
        }
        Ok(SeatKind::Bot(name))
    }
}

// Written as the plain name, so saves and exports read "human" and "medium".
impl Serialize for SeatKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

// Declared to TypeScript as what it is written as: the name.
#[cfg(feature = "ts")]
impl ts_rs::TS for SeatKind {
    type WithoutGenerics = Self;
    type OptionInnerType = Self;
    fn name(_: &ts_rs::Config) -> String {
        "string".to_owned()
    }
    fn inline(cfg: &ts_rs::Config) -> String {
        <Self as ts_rs::TS>::name(cfg)
    }
}

impl<'de> Deserialize<'de> for SeatKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<SeatKind, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// What a new match is made of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMatch {
    /// The rules.
    pub rules: Rules,
    /// The seed everything random comes from.
    pub seed: u64,
    /// Who sits where, one per player of the rules.
    pub seats: Vec<SeatKind>,
}

/// Whether a match goes on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "state")]
pub enum MatchState {
    /// Still being played.
    InPlay,
    /// Over.
    Finished {
        /// Who won.
        winners: Vec<Seat>,
        /// When it ended, in ms since the epoch.
        ended_ms: u64,
    },
}

/// What a new Okey 101 match is made of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMatch101 {
    /// The rules.
    pub rules: Rules101,
    /// The seed everything random comes from.
    pub seed: u64,
    /// Who sits where, one per player of the rules.
    pub seats: Vec<SeatKind>,
}

/// The part of a match written once: what it is. Written as JSON with the fields
/// `created_ms`, `rules`, `seed`, `seats`, and `variant` for a 101 match only (a header
/// without it is Düz, as every save from before 101 is).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Header {
    pub created_ms: u64,
    pub rules: AnyRules,
    pub seed: u64,
    pub seats: Vec<SeatKind>,
}

/// The JSON form of a [`Header`], field order as the first format wrote it.
#[derive(Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
struct HeaderForm<R> {
    created_ms: u64,
    #[serde(default, skip_serializing_if = "Variant::is_duz")]
    variant: Variant,
    rules: R,
    seed: u64,
    seats: Vec<SeatKind>,
}

impl Header {
    /// The match's variant.
    pub(crate) fn variant(&self) -> Variant {
        self.rules.variant()
    }

    /// The header as a JSON record, in its variant's format.
    pub(crate) fn encode(&self) -> Result<Vec<u8>, serde_json::Error> {
        to_json_as(self.variant().format(), self)
    }
}

impl Serialize for Header {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        fn form<R>(h: &Header, variant: Variant, rules: R) -> HeaderForm<R> {
            HeaderForm {
                created_ms: h.created_ms,
                variant,
                rules,
                seed: h.seed,
                seats: h.seats.clone(),
            }
        }
        match self.rules {
            AnyRules::Duz(r) => form(self, Variant::Duz, r).serialize(s),
            AnyRules::R101(r) => form(self, Variant::Okey101, r).serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for Header {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Header, D::Error> {
        let form = HeaderForm::<serde_json::Value>::deserialize(d)?;
        let rules = match form.variant {
            Variant::Duz => serde_json::from_value(form.rules).map(AnyRules::Duz),
            Variant::Okey101 => serde_json::from_value(form.rules).map(AnyRules::R101),
        }
        .map_err(serde::de::Error::custom)?;
        Ok(Header {
            created_ms: form.created_ms,
            rules,
            seed: form.seed,
            seats: form.seats,
        })
    }
}

/// The part of a match rewritten when the round, the scores, the state or the turn change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Status {
    /// The round being played (Düz: its number; 101: the counted rounds played, plus the
    /// one in play).
    pub round: u32,
    /// Düz: scores by scoring unit; 101: each seat's total of penalty points.
    pub scores: Vec<i32>,
    /// 101 only: the rounds that counted so far (a voided deal does not).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub played: Option<u32>,
    /// In play or over.
    #[serde(flatten)]
    pub state: MatchState,
    /// Whose turn it is in the round in play; records saved before this was kept lack it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub turn: Option<Seat>,
}

impl Status {
    /// Whether `other` is this status but for the turn.
    pub(crate) fn turn_unknown(&self, other: &Status) -> bool {
        *self
            == Status {
                turn: self.turn,
                ..other.clone()
            }
    }

    /// The status of `m` as it stands; a match over ended at `now`.
    pub(crate) fn of(m: &Match, now: u64) -> Status {
        Status {
            round: m.round().number(),
            scores: m.scores().to_vec(),
            played: None,
            state: MatchState::of(m.winners().map(<[Seat]>::to_vec), now),
            turn: m.round().turn(),
        }
    }

    /// The status of the 101 match `m` as it stands; a match over ended at `now`.
    pub(crate) fn of101(m: &Match101, now: u64) -> Status {
        let played = u32::from(m.rounds_played());
        let in_play = u32::from(!m.round().is_over());
        Status {
            round: (played + in_play).clamp(1, u32::from(m.rules().rounds)),
            scores: m.totals().to_vec(),
            played: Some(played),
            state: MatchState::of(m.winners(), now),
            turn: m.round().turn(),
        }
    }
}

impl MatchState {
    fn of(winners: Option<Vec<Seat>>, now: u64) -> MatchState {
        match winners {
            Some(winners) => MatchState::Finished {
                winners,
                ended_ms: now,
            },
            None => MatchState::InPlay,
        }
    }
}

/// How one deal of a 101 match ended (R101-39's score sheet), kept for history and
/// statistics. Penalty points: lower is better.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RoundSummary101 {
    /// The deal, from 1, voided deals included (the key of the record).
    pub deal: u32,
    /// The counted round it was, from 1; None for a voided deal (R101-18).
    pub round: Option<u32>,
    /// How it ended.
    pub kind: EndKind,
    /// The multiplier (R101-32).
    pub multiplier: i32,
    /// One score line per seat: tiles left, hand value, penalties, round total.
    pub lines: Vec<ScoreLine>,
    /// Each seat's total after the deal.
    pub totals: Vec<i32>,
    /// When it ended, in ms since the epoch.
    pub ended_ms: u64,
}

impl RoundSummary101 {
    /// How the current deal of `m` ended, at `ended_ms`; None while it goes on.
    pub(crate) fn of(m: &Match101, ended_ms: u64) -> Option<RoundSummary101> {
        let end = m.round().end()?;
        Some(RoundSummary101 {
            deal: u32::try_from(m.results().len()).unwrap_or(u32::MAX),
            round: (end.kind != EndKind::Void).then(|| u32::from(m.rounds_played())),
            kind: end.kind,
            multiplier: end.multiplier,
            lines: end.lines.clone(),
            totals: m.totals().to_vec(),
            ended_ms,
        })
    }
}

/// How one round ended, kept for history and statistics.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RoundSummary {
    /// The round number, from 1.
    pub round: u32,
    /// Who finished, or None when the tiles ran out.
    pub finisher: Option<Seat>,
    /// How the finisher won.
    pub win: Option<WinKind>,
    /// The finish threw an okey (R18).
    pub okey_discard: bool,
    /// The finish was one colour (R21).
    pub one_colour: bool,
    /// Points every other player (team) lost to the finish.
    pub points: i32,
    /// Scores by scoring unit after the round.
    pub scores: Vec<i32>,
    /// When the round ended, in ms since the epoch.
    pub ended_ms: u64,
}

impl RoundSummary {
    /// How the current round of `m` ended, at `ended_ms`; None while it goes on.
    pub(crate) fn of(m: &Match, ended_ms: u64) -> Option<RoundSummary> {
        let round = m.round();
        let mut summary = RoundSummary {
            round: round.number(),
            finisher: None,
            win: None,
            okey_discard: false,
            one_colour: false,
            points: 0,
            scores: m.scores().to_vec(),
            ended_ms,
        };
        match round.end()? {
            RoundEnd::NoTilesLeft { .. } => {}
            RoundEnd::Finished {
                seat,
                win,
                okey_discard,
                one_colour,
                points,
                ..
            } => {
                summary.finisher = Some(*seat);
                summary.win = Some(*win);
                summary.okey_discard = *okey_discard;
                summary.one_colour = *one_colour;
                summary.points = *points;
            }
        }
        Some(summary)
    }
}

/// A match that damage reached and that was repaired or restored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Repair {
    /// The match.
    pub id: MatchId,
    /// Actions it holds now.
    pub actions: u32,
    /// Confirmed actions that could not be recovered (0: every one is back).
    pub lost: u32,
    /// What was wrong and what was done, in English, for a report.
    pub what: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::play_plainly;

    #[test]
    fn seats_read_and_write_as_plain_names() {
        assert_eq!("Human".parse(), Ok(SeatKind::Human));
        let hard: SeatKind = " Hard ".parse().unwrap();
        assert_eq!(hard, SeatKind::Bot("hard".into()));
        assert_eq!(hard.level(), Some("hard"));
        assert_eq!(SeatKind::Human.level(), None);
        let json = serde_json::to_string(&[SeatKind::Human, hard]).unwrap();
        assert_eq!(json, r#"["human","hard"]"#);
        let back: Vec<SeatKind> = serde_json::from_str(&json).unwrap();
        assert_eq!(back[1].to_string(), "hard");
    }

    #[test]
    fn a_seat_that_is_no_name_does_not_read() {
        for bad in ["", "  ", "two words", "é", &"x".repeat(MAX_BOT_NAME + 1)] {
            let err = bad.parse::<SeatKind>().unwrap_err();
            assert!(err.contains("is not a seat"), "{bad:?}: {err}");
            assert!(serde_json::from_str::<SeatKind>(&format!("{bad:?}")).is_err());
        }
    }

    #[test]
    fn a_round_that_goes_on_has_no_summary_and_one_that_ran_dry_has_no_finisher() {
        let mut m = Match::new(Rules::default(), 9).unwrap();
        assert_eq!(RoundSummary::of(&m, 5), None);
        let status = Status::of(&m, 5);
        assert_eq!((status.round, status.state), (1, MatchState::InPlay));
        // Drawing and throwing without ever finishing empties the pile.
        while !m.round().is_over() {
            play_plainly(&mut m);
        }
        let summary = RoundSummary::of(&m, 7).unwrap();
        assert_eq!(summary.round, 1);
        assert_eq!(
            (summary.finisher, summary.win, summary.points),
            (None, None, 0)
        );
        assert_eq!(summary.scores, m.scores());
        assert_eq!(summary.ended_ms, 7);
    }

    #[test]
    fn a_status_and_a_summary_round_trip_through_json() {
        let status = Status {
            round: 3,
            scores: vec![20, 14],
            played: None,
            state: MatchState::Finished {
                winners: vec![Seat(1)],
                ended_ms: 44,
            },
            turn: None,
        };
        let json = serde_json::to_string(&status).unwrap();
        assert!(json.contains(r#""state":"finished""#), "{json}");
        assert_eq!(serde_json::from_str::<Status>(&json).unwrap(), status);
    }

    #[test]
    fn a_status_saved_before_the_turn_was_kept_still_matches_its_replay() {
        let m = Match::new(Rules::default(), 9).unwrap();
        let now = Status::of(&m, 0);
        assert!(now.turn.is_some());
        let mut old = serde_json::to_value(&now).unwrap();
        old.as_object_mut().unwrap().remove("turn");
        let old: Status = serde_json::from_value(old).unwrap();
        assert_eq!(old.turn, None);
        assert!(old.turn_unknown(&now), "no repair for an old record");
        let other = Status {
            round: 2,
            ..now.clone()
        };
        assert!(!Status {
            turn: None,
            ..other
        }
        .turn_unknown(&now));
    }
}
