//! `okey review`: every decision of a seat in a finished round of either game, graded from
//! what the seat could see then (okey-core's `review`), with the accuracy of each seat per
//! round and over the rounds reviewed.

use crate::datadir;
use crate::failure::{open_store, Failure};
use clap::Args;
use okey_core::r101::review::{Decision101, Left101};
use okey_core::r101::Match101;
use okey_core::review::{review_seats, Decision, ReviewOf, Reviewable, RoundReview};
use okey_core::{Match, Seat};
use okey_store::{MatchId, Store, Variant};
use serde_json::{json, Value};
use std::io::{self, Write};
use std::path::PathBuf;

/// Extra help of `okey review`.
pub const REVIEW_HELP: &str = "\
Düz decisions: take or draw (when a discard was on offer), discard, finish, and a gösterge
not shown while it could be (a mistake). Grades: best, good (as close to a win, at least 3/4
of the best's outs), inaccuracy (as close, fewer outs), mistake (one tile further than the
best), blunder (two or more, or a finish missed).
101 decisions: open (the value opened against the best, or an opening put off), lay_off and
swap (tiles that could go to the table kept), discard (penalised, or the opening value,
pairs or points at risk it cost), finish; the tiles left at the end and what they cost.
The accuracy is the mean of 100, 85, 60, 30 and 0 over the decisions (docs/REVIEW.md).
Only rounds that are over are reviewed.

--json prints {\"match\", \"variant\", \"rounds\": [{\"round\", \"seats\": [{\"seat\",
\"accuracy\", \"decisions\": [{\"turn\", \"kind\", \"rack\", \"indicator\", \"chosen\", \"best\",
\"grade\", ...}]}]}], \"accuracy\": [per seat over the rounds]}. Düz decisions add \"seen\",
\"outs\" (the faces whose draw would help after the choice), \"distance_after\",
\"best_distance_after\", \"outs_after\", \"best_outs_after\" (their unseen copies) and
\"fed_finish\"; 101 decisions add \"opening_value\", \"at_risk\", \"measure\", \"value_after\",
\"best_value_after\", \"missed\", \"penalised\" and \"fed\", and each 101 seat has \"left\"
(its tiles at the end, their points, and the round's score). Tiles as tokens (R5, F),
actions as the engine's.

Examples:
  okey review 3                    # every finished round of match 3, every seat
  okey review 3 --round 2 --seat 0 --json";

/// Arguments of `okey review`.
#[derive(Debug, Args)]
pub struct ReviewArgs {
    /// The saved match (`okey saves list`).
    pub id: MatchId,
    /// Only this round.
    #[arg(long, value_name = "N")]
    pub round: Option<u32>,
    /// Only this seat (0 is the player's).
    #[arg(long, value_name = "S")]
    pub seat: Option<u8>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Where the saves are (default: the app's data folder, or OKEY_DATA_DIR).
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
}

/// Runs `okey review`.
pub fn run(args: &ReviewArgs) -> Result<(), Failure> {
    let dir = datadir::resolve(args.data_dir.clone()).map_err(Failure::Input)?;
    datadir::must_hold_saves(&dir).map_err(Failure::Input)?;
    let store = open_store(&dir)?;
    match store.variant(args.id).map_err(Failure::from_store)? {
        Variant::Duz => review_as::<Match>(&store, args),
        Variant::Okey101 => review_as::<Match101>(&store, args),
    }
}

/// A game's review as `okey review` prints it.
trait Printed: okey_store::Game + Reviewable {
    /// One decision as a JSON object.
    fn decision_json(d: &Self::Decision) -> Value;
    /// One decision as a line of text.
    fn decision_line(d: &Self::Decision) -> String;
    /// The round's end for the seat, as JSON fields to add to the seat's object.
    fn end_json(end: &Self::End) -> Option<(&'static str, Value)>;
    /// The round's end for the seat, as a line of text.
    fn end_line(end: &Self::End) -> Option<String>;
}

/// Reviews match `args.id` of game `G`.
fn review_as<G: Printed>(store: &Store, args: &ReviewArgs) -> Result<(), Failure> {
    let game = store.resume_as::<G>(args.id).map_err(Failure::from_store)?;
    let log = game.state().log();
    let players = G::players(game.state().rules());
    let over = game.finished_rounds();
    let rounds: Vec<_> = match args.round {
        None => over.clone(),
        Some(n) => over.iter().filter(|s| s.round == n).copied().collect(),
    };
    if rounds.is_empty() {
        let finished: Vec<String> = over.iter().map(|s| s.round.to_string()).collect();
        return Err(Failure::Input(match args.round {
            Some(n) => format!(
                "match {} has no finished round {n} (finished: {})",
                args.id,
                if finished.is_empty() {
                    "none".into()
                } else {
                    finished.join(", ")
                }
            ),
            None => format!("match {} has no finished round yet", args.id),
        }));
    }
    let seats: Vec<Seat> = match args.seat {
        Some(s) if s >= players => {
            return Err(Failure::Input(format!(
                "seat {s} is not at match {}'s table (seats 0 to {})",
                args.id,
                players - 1
            )))
        }
        Some(s) => vec![Seat(s)],
        None => (0..players).map(Seat).collect(),
    };
    let mut reviewed = Vec::new();
    for span in &rounds {
        let replay = game
            .replay_round(span.round)
            .map_err(Failure::from_store)?
            .ok_or_else(|| {
                Failure::Store(format!("match {} has no round {}", args.id, span.round))
            })?;
        let start = replay.state();
        let actions = &log[span.first..span.end];
        let per_seat = review_seats(start, actions, &seats)
            .map_err(|e| Failure::Store(format!("match {} does not replay: {e}", args.id)))?;
        reviewed.push((span.round, per_seat));
    }
    let mut out = io::stdout().lock();
    if args.json {
        writeln!(out, "{}", as_json::<G>(args.id, &reviewed, &seats))?;
    } else {
        write_text::<G>(&mut out, args.id, &reviewed)?;
    }
    Ok(())
}

/// Each seat's accuracy over the rounds reviewed (the mean of its rounds').
fn overall<D, E>(reviewed: &[(u32, Vec<RoundReview<D, E>>)], seat: Seat) -> f64 {
    let all: Vec<f64> = reviewed
        .iter()
        .flat_map(|(_, seats)| seats.iter().filter(|r| r.seat == seat).map(|r| r.accuracy))
        .collect();
    all.iter().sum::<f64>() / all.len().max(1) as f64
}

/// The rounds reviewed of game `G`, as `--json` prints them.
type Reviews<G> = [(u32, Vec<ReviewOf<G>>)];

fn as_json<G: Printed>(id: MatchId, reviewed: &Reviews<G>, seats: &[Seat]) -> Value {
    let rounds: Vec<Value> = reviewed
        .iter()
        .map(|(round, per_seat)| {
            json!({
                "round": round,
                "seats": per_seat.iter().map(|r| {
                    let mut seat = json!({
                        "seat": r.seat,
                        "accuracy": r.accuracy,
                        "decisions": r.decisions.iter().map(G::decision_json).collect::<Vec<_>>(),
                    });
                    if let (Some((key, value)), Some(object)) = (G::end_json(&r.end), seat.as_object_mut()) {
                        object.insert(key.into(), value);
                    }
                    seat
                }).collect::<Vec<_>>(),
            })
        })
        .collect();
    let accuracy: Vec<Value> = seats
        .iter()
        .map(|&s| json!({"seat": s, "accuracy": overall(reviewed, s)}))
        .collect();
    json!({"match": id, "variant": G::NAME, "rounds": rounds, "accuracy": accuracy})
}

fn write_text<G: Printed>(
    out: &mut impl Write,
    id: MatchId,
    reviewed: &Reviews<G>,
) -> io::Result<()> {
    writeln!(out, "match {id}")?;
    for (round, per_seat) in reviewed {
        for r in per_seat {
            writeln!(
                out,
                "round {round}, seat {}: accuracy {:.0}",
                r.seat.0, r.accuracy
            )?;
            for d in &r.decisions {
                writeln!(out, "  {}", G::decision_line(d))?;
            }
            if let Some(line) = G::end_line(&r.end) {
                writeln!(out, "  {line}")?;
            }
        }
    }
    Ok(())
}

fn tokens<T: ToString>(items: &[T]) -> Vec<String> {
    items.iter().map(ToString::to_string).collect()
}

fn grade_word(g: okey_core::review::Grade) -> String {
    format!("{g:?}").to_lowercase()
}

impl Printed for Match {
    fn decision_json(d: &Decision) -> Value {
        json!({
            "turn": d.turn,
            "kind": d.kind,
            "rack": tokens(&d.rack),
            "indicator": d.indicator.to_string(),
            "seen": tokens(&d.seen),
            "chosen": d.chosen,
            "best": d.best,
            "grade": d.grade,
            "outs": tokens(&d.outs),
            "distance_after": d.distance_after,
            "best_distance_after": d.best_distance_after,
            "outs_after": d.outs_after,
            "best_outs_after": d.best_outs_after,
            "fed_finish": d.fed_finish,
        })
    }

    fn decision_line(d: &Decision) -> String {
        format!(
            "{:>4}  {:<11} {:<24} best {:<24} distance {} (best {}), outs {} (best {})",
            d.turn + 1,
            grade_word(d.grade),
            d.chosen.to_string(),
            d.best.to_string(),
            d.distance_after,
            d.best_distance_after,
            d.outs_after,
            d.best_outs_after
        )
    }

    fn end_json(_: &()) -> Option<(&'static str, Value)> {
        None
    }

    fn end_line(_: &()) -> Option<String> {
        None
    }
}

impl Printed for Match101 {
    fn decision_json(d: &Decision101) -> Value {
        json!({
            "turn": d.turn,
            "kind": d.kind,
            "rack": tokens(&d.rack),
            "indicator": d.indicator.to_string(),
            "chosen": d.chosen,
            "best": d.best,
            "grade": d.grade,
            "opening_value": d.opening_value,
            "at_risk": d.at_risk,
            "measure": d.measure,
            "value_after": d.value_after,
            "best_value_after": d.best_value_after,
            "missed": tokens(&d.missed.iter().map(|t| t.kind()).collect::<Vec<_>>()),
            "penalised": d.penalised,
            "fed": d.fed,
        })
    }

    fn decision_line(d: &Decision101) -> String {
        let kind = format!("{:?}", d.kind).to_lowercase();
        let mut line = format!(
            "{:>4}  {:<11} {:<8} {:<28} best {:<28} figure {} (best {})",
            d.turn + 1,
            grade_word(d.grade),
            kind,
            d.chosen.to_string(),
            d.best.to_string(),
            d.value_after,
            d.best_value_after
        );
        if d.penalised {
            line.push_str(", penalised");
        }
        if let Some(fed) = d.fed {
            line.push_str(&format!(
                ", fed the next seat's {}",
                format!("{fed:?}").to_lowercase()
            ));
        }
        line
    }

    fn end_json(end: &Option<Left101>) -> Option<(&'static str, Value)> {
        let left = end.as_ref()?;
        Some((
            "left",
            json!({
                "tiles": tokens(&left.tiles.iter().map(|t| t.kind()).collect::<Vec<_>>()),
                "hand_value": left.hand_value,
                "hand_score": left.hand_score,
                "penalties": left.penalties,
                "total": left.total,
            }),
        ))
    }

    fn end_line(end: &Option<Left101>) -> Option<String> {
        let left = end.as_ref()?;
        Some(format!(
            "left {} tiles worth {}: hand {}, penalties {}, round {}",
            left.tiles.len(),
            left.hand_value,
            left.hand_score,
            left.penalties,
            left.total
        ))
    }
}
