//! `okey review`: every decision of a seat in a finished Düz round, graded by the exact
//! analysis of what the seat could see then (okey-core's `review`), with the accuracy of
//! each seat per round and over the rounds reviewed.

use crate::datadir;
use crate::failure::{open_store, Failure};
use clap::Args;
use okey_core::review::{review_round, Decision, RoundReview};
use okey_core::{Match, Seat};
use okey_store::{MatchId, Variant};
use serde_json::{json, Value};
use std::io::{self, Write};
use std::path::PathBuf;

/// Extra help of `okey review`.
pub const REVIEW_HELP: &str = "\
Decisions: take or draw (when a discard was on offer), discard, finish, and a gösterge not
shown while it could be (a mistake). Grades: best, good (as close to a win, at least 3/4 of the best's outs),
inaccuracy (as close, fewer outs), mistake (one tile further than the best), blunder (two or
more, or a finish missed). The accuracy is the mean of 100, 85, 60, 30 and 0 over them
(docs/REVIEW.md). Only rounds that are over are reviewed; 101 matches are not reviewed yet.

--json prints {\"match\", \"rounds\": [{\"round\", \"seats\": [{\"seat\", \"accuracy\",
\"decisions\": [{\"turn\", \"kind\", \"rack\", \"indicator\", \"seen\", \"chosen\", \"best\",
\"grade\", \"outs\" (the faces whose draw would help after the choice), \"distance_after\",
\"best_distance_after\", \"outs_after\", \"best_outs_after\" (their unseen copies), \"fed_finish\"}]}]}],
\"accuracy\": [per seat over the rounds]}; tiles as tokens (R5, F), actions as the engine's.

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
    if store.variant(args.id).map_err(Failure::from_store)? == Variant::Okey101 {
        return Err(Failure::Input(format!(
            "match {} is Okey 101: only Düz rounds are reviewed so far",
            args.id
        )));
    }
    let game = store
        .resume_as::<Match>(args.id)
        .map_err(Failure::from_store)?;
    let log = game.state().log();
    let players = game.state().rules().players;
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
        let mut per_seat = Vec::new();
        for &seat in &seats {
            let review = review_round(start, actions, seat)
                .map_err(|e| Failure::Store(format!("match {} does not replay: {e}", args.id)))?;
            per_seat.push(review);
        }
        reviewed.push((span.round, per_seat));
    }
    let mut out = io::stdout().lock();
    if args.json {
        writeln!(out, "{}", as_json(args.id, &reviewed, &seats))?;
    } else {
        write_text(&mut out, args.id, &reviewed)?;
    }
    Ok(())
}

/// Each seat's accuracy over the rounds reviewed (the mean of its rounds').
fn overall(reviewed: &[(u32, Vec<RoundReview>)], seat: Seat) -> f64 {
    let all: Vec<f64> = reviewed
        .iter()
        .flat_map(|(_, seats)| seats.iter().filter(|r| r.seat == seat).map(|r| r.accuracy))
        .collect();
    all.iter().sum::<f64>() / all.len().max(1) as f64
}

fn decision_json(d: &Decision) -> Value {
    let tokens =
        |kinds: &[okey_core::Kind]| kinds.iter().map(ToString::to_string).collect::<Vec<_>>();
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

fn as_json(id: MatchId, reviewed: &[(u32, Vec<RoundReview>)], seats: &[Seat]) -> Value {
    let rounds: Vec<Value> = reviewed
        .iter()
        .map(|(round, per_seat)| {
            json!({
                "round": round,
                "seats": per_seat.iter().map(|r| json!({
                    "seat": r.seat,
                    "accuracy": r.accuracy,
                    "decisions": r.decisions.iter().map(decision_json).collect::<Vec<_>>(),
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    let accuracy: Vec<Value> = seats
        .iter()
        .map(|&s| json!({"seat": s, "accuracy": overall(reviewed, s)}))
        .collect();
    json!({"match": id, "rounds": rounds, "accuracy": accuracy})
}

fn write_text(
    out: &mut impl Write,
    id: MatchId,
    reviewed: &[(u32, Vec<RoundReview>)],
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
                writeln!(
                    out,
                    "  {:>4}  {:<11} {:<24} best {:<24} distance {} (best {}), outs {} (best {})",
                    d.turn + 1,
                    format!("{:?}", d.grade).to_lowercase(),
                    d.chosen.to_string(),
                    d.best.to_string(),
                    d.distance_after,
                    d.best_distance_after,
                    d.outs_after,
                    d.best_outs_after
                )?;
            }
        }
    }
    Ok(())
}
