//! `okey saves`: list, show, verify, export, import and delete saved matches, and the
//! player's statistics.

use crate::datadir;
use crate::failure::{open_store, Failure};
use clap::{Args, Subcommand};
use okey_bots::Level;
use okey_core::r101::{EndKind, Match101};
use okey_store::{
    format_utc, Game, MatchId, MatchState, MatchSummary, RoundSummary, RoundSummary101, SavedMatch,
    Statistics, Statistics101, Store, Variant,
};
use serde_json::json;
use std::io::{self, Write};
use std::path::PathBuf;

/// Extra help of `okey saves --help`.
pub const SAVES_HELP: &str = "\
The saved games live in --data-dir, else $OKEY_DATA_DIR, else the Okey app's data directory;
while the app runs they are locked and these commands say so. A match whose records are
damaged, or whose log no longer replays, is named and moved to quarantine (never deleted);
`okey saves quarantine` lists what is there, and `okey saves restore NAME` puts a match back
if its id is free and it replays (otherwise it says why and the match stays in quarantine).
Every match also has a journal (journal/<id>.okj) beside the database: damage to the
database is repaired from it when the saves open, and a match that lost actions is named with
how many. A database sled cannot read is set aside whole (okey.db.damaged-*) and rebuilt from
the journals; `okey saves salvage` brings back anything more it still holds.

Examples:
  okey saves list
  okey saves show 3 --round 2
  okey saves verify --json
  okey saves quarantine && okey saves restore 4
  okey saves salvage
  okey saves export 3 match3.json && okey saves import match3.json --data-dir /tmp/other

Every command but `import` needs saved games to be there: on a folder without them it says so
and creates nothing. `import` reads only a regular file (not a FIFO, directory or device) of
at most 8 MiB (the longest real match exports to about 0.5 MB), and refuses a match the saves
already hold (the same deal, start and seats), so the statistics never count it twice.

Exit status: 0 on success, 2 for bad input (unknown match, unreadable or refused file, no saved
games there), 1 when the saved games could not be opened or written (locked, disk full), or
`verify` found matches that fail.";

/// Arguments of `okey saves`.
#[derive(Debug, Args)]
pub struct SavesArgs {
    /// Where the saved games live (default: $OKEY_DATA_DIR, else the app's data directory).
    #[arg(long, value_name = "DIR", global = true)]
    pub data_dir: Option<PathBuf>,

    /// Print JSON instead of text.
    #[arg(long, global = true)]
    pub json: bool,

    /// What to do.
    #[command(subcommand)]
    pub command: SavesCommand,
}

/// The `okey saves` subcommands.
#[derive(Debug, Subcommand)]
pub enum SavesCommand {
    /// Every saved match, the most recently played first, with its round and scores.
    List,
    /// One match: its rules, seats, scores and rounds; with --round, that round move by move.
    Show {
        /// The match id, as `list` shows it.
        id: MatchId,
        /// Replay this round move by move.
        #[arg(long, value_name = "N")]
        round: Option<u32>,
    },
    /// Replay every match and check it; exits 1 naming any that fail (they go to quarantine).
    Verify,
    /// Write one match to a JSON file.
    Export {
        /// The match id.
        id: MatchId,
        /// The file to write.
        file: PathBuf,
    },
    /// Read a match from a JSON export; it gets a new id. A match already saved is refused.
    Import {
        /// The file to read.
        file: PathBuf,
    },
    /// Delete a match for good.
    Delete {
        /// The match id.
        id: MatchId,
    },
    /// The player's statistics over every saved match.
    Stats,
    /// What was set aside as damaged.
    Quarantine,
    /// Put a quarantined match back, if its id is free and it replays.
    Restore {
        /// The entry's name, as `quarantine` shows it (a match id).
        name: String,
    },
    /// Bring back every match a set-aside damaged database (`okey.db.damaged-*`) still
    /// holds, with the journals' help; the set-aside database is kept as it is.
    Salvage {
        /// The set-aside database (default: every one beside the saves).
        from: Option<PathBuf>,
    },
}

/// Runs `okey saves`.
pub fn run(args: &SavesArgs) -> Result<(), Failure> {
    let dir = datadir::resolve(args.data_dir.clone()).map_err(Failure::Input)?;
    // Only an import may start saves where there are none.
    if !matches!(args.command, SavesCommand::Import { .. }) {
        datadir::must_hold_saves(&dir).map_err(Failure::Input)?;
    }
    let store = open_store(&dir)?;
    let mut out = io::stdout().lock();
    let json = args.json;
    match &args.command {
        SavesCommand::List => list(&store, json, &mut out),
        SavesCommand::Show { id, round } => {
            let (id, round, out) = (*id, *round, &mut out);
            match store.variant(id).map_err(Failure::from_store)? {
                Variant::Duz => show::<okey_core::Match>(&store, id, round, json, out),
                Variant::Okey101 => show::<Match101>(&store, id, round, json, out),
            }
        }
        SavesCommand::Verify => verify(&store, json, &mut out),
        SavesCommand::Export { id, file } => {
            store
                .export_to_file(*id, file)
                .map_err(Failure::from_store)?;
            let text = format!("exported match {id} to {}", file.display());
            say(&mut out, json, json!({"exported": id, "file": file}), &text)
        }
        SavesCommand::Import { file } => {
            // Seats whose bots this program can play, as a new match takes them.
            let levels = Level::ALL.map(Level::name);
            let id = store
                .import_file(file, &levels)
                .map_err(Failure::from_store)?;
            let text = format!("imported {} as match {id}", file.display());
            say(&mut out, json, json!({"imported": id, "file": file}), &text)
        }
        SavesCommand::Delete { id } => {
            store.delete(*id).map_err(Failure::from_store)?;
            let text = format!("deleted match {id}");
            say(&mut out, json, json!({"deleted": id}), &text)
        }
        SavesCommand::Stats => {
            let stats = store.statistics().map_err(Failure::from_store)?;
            if json {
                writeln!(
                    out,
                    "{}",
                    serde_json::to_string(&stats).map_err(io::Error::other)?
                )?;
            } else {
                for fault in &stats.damaged {
                    eprintln!(
                        "okey: match {} is damaged ({}); it is left out of the statistics",
                        fault.name, fault.reason
                    );
                }
                write_stats(&stats, &mut out)?;
            }
            Ok(())
        }
        SavesCommand::Restore { name } => {
            let id = store.restore(name).map_err(Failure::from_store)?;
            let text = format!("restored match {id} from quarantine");
            say(&mut out, json, json!({"restored": id}), &text)
        }
        SavesCommand::Quarantine => quarantine(&store, json, &mut out),
        SavesCommand::Salvage { from } => salvage(&store, from.as_deref(), json, &mut out),
    }
}

/// Actions and rounds of a quarantined match entry, from its log records.
fn entry_holds(e: &okey_store::QuarantineEntry) -> (usize, usize) {
    let log = e.records.iter().filter(|r| r.tree == "log").count();
    let rounds = e.records.iter().filter(|r| r.tree == "rounds").count();
    (log, rounds)
}

/// What is set aside: quarantine entries (with the actions and finished rounds each
/// holds), damaged databases (match by match) and set-aside journals.
fn quarantine(store: &Store, json: bool, out: &mut impl Write) -> Result<(), Failure> {
    let entries = store.quarantined().map_err(Failure::from_store)?;
    let databases: Vec<_> = store
        .set_aside_databases()
        .into_iter()
        .map(|path| {
            let (holds, unreadable) = store.inspect_set_aside(&path);
            (path, holds, unreadable)
        })
        .collect();
    let journals = store.set_aside_journals();
    if json {
        let faults: Vec<_> = entries
            .iter()
            .map(|e| {
                let (actions, rounds) = entry_holds(e);
                json!({"name": e.fault.name, "reason": e.fault.reason, "at_ms": e.at_ms,
                       "records": e.records.len(), "actions": actions, "rounds_finished": rounds})
            })
            .collect();
        let dbs: Vec<_> = databases
            .iter()
            .map(|(p, holds, why)| json!({"path": p, "matches": holds, "unreadable": why}))
            .collect();
        writeln!(
            out,
            "{}",
            json!({"entries": faults, "databases": dbs, "journals": journals})
        )?;
        return Ok(());
    }
    if entries.is_empty() && databases.is_empty() && journals.is_empty() {
        writeln!(out, "nothing in quarantine")?;
    }
    for e in &entries {
        let (actions, rounds) = entry_holds(e);
        writeln!(
            out,
            "{}  {}  {} ({} records kept: {actions} actions, {rounds} rounds finished)",
            e.fault.name,
            format_utc(e.at_ms),
            e.fault.reason,
            e.records.len()
        )?;
    }
    for (path, holds, unreadable) in &databases {
        writeln!(out, "damaged database {}:", path.display())?;
        if let Some(why) = unreadable {
            writeln!(out, "  cannot be read itself: {why}")?;
        }
        for h in holds {
            writeln!(
                out,
                "  match {}: round {}, {} actions replay ({} confirmed)",
                h.id, h.rounds, h.actions, h.confirmed
            )?;
        }
        writeln!(out, "  (`okey saves salvage` brings these back)")?;
    }
    for path in &journals {
        writeln!(out, "journal set aside: {}", path.display())?;
    }
    Ok(())
}

/// `okey saves salvage`: every match of the set-aside databases back into the live one.
fn salvage(
    store: &Store,
    from: Option<&std::path::Path>,
    json: bool,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let sources = match from {
        Some(path) if path.is_dir() => vec![path.to_path_buf()],
        Some(path) => {
            return Err(Failure::Input(format!(
                "{} is not a saved-games database folder",
                path.display()
            )))
        }
        None => store.set_aside_databases(),
    };
    if sources.is_empty() {
        return say(
            out,
            json,
            json!({"salvaged": []}),
            "no damaged database is set aside; nothing to salvage",
        );
    }
    let mut reports = Vec::new();
    for source in sources {
        let done = store.salvage(&source).map_err(Failure::from_store)?;
        if !json {
            writeln!(out, "from {}:", source.display())?;
            if let Some(why) = &done.unreadable {
                writeln!(
                    out,
                    "  the database itself cannot be read ({why}); the journals were used"
                )?;
            }
            for r in &done.recovered {
                writeln!(out, "  {}", r.what)?;
            }
            for r in &done.already {
                writeln!(out, "  {}", r.what)?;
            }
            for f in &done.failed {
                writeln!(out, "  match {} could not be rebuilt: {}", f.name, f.reason)?;
            }
        }
        reports.push(json!({"from": source, "result": done}));
    }
    if json {
        writeln!(out, "{}", json!({"salvaged": reports}))?;
    }
    Ok(())
}

/// Prints what was done: the JSON value with --json, else the sentence.
fn say(
    out: &mut impl Write,
    json: bool,
    value: serde_json::Value,
    text: &str,
) -> Result<(), Failure> {
    if json {
        writeln!(out, "{value}")?;
    } else {
        writeln!(out, "{text}")?;
    }
    Ok(())
}

fn state_text(state: &MatchState) -> String {
    match state {
        MatchState::InPlay => "in play".into(),
        MatchState::Finished { winners, .. } => {
            let seats: Vec<String> = winners.iter().map(|s| s.0.to_string()).collect();
            format!("won by seat {}", seats.join("+"))
        }
    }
}

fn numbers<T: ToString>(values: &[T]) -> String {
    values
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The round column of the list: Düz's round number, 101's counted rounds of its total.
fn round_column(s: &MatchSummary) -> String {
    match (s.rounds_played, s.rounds_total) {
        (Some(played), Some(total)) => format!("{played}/{total}"),
        _ => s.round.to_string(),
    }
}

fn summary_json(s: &MatchSummary) -> serde_json::Value {
    let rules = match &s.rules101 {
        Some(r) => json!(r),
        None => json!(s.rules),
    };
    json!({
        "id": s.id,
        "variant": s.variant,
        "rounds_played": s.rounds_played,
        "rounds_total": s.rounds_total,
        "state": match &s.state { MatchState::InPlay => "in_play", MatchState::Finished { .. } => "finished" },
        "winners": match &s.state { MatchState::Finished { winners, .. } => json!(winners), MatchState::InPlay => json!(null) },
        "round": s.round,
        "scores": s.scores,
        "seats": s.seats,
        "actions": s.actions,
        "created_ms": s.created_ms,
        "last_played_ms": s.last_played_ms,
        "rules": rules,
    })
}

fn list(store: &Store, json: bool, out: &mut impl Write) -> Result<(), Failure> {
    let listing = store.list().map_err(Failure::from_store)?;
    for r in &listing.repaired {
        eprintln!("okey: {}", r.what);
    }
    for fault in &listing.set_aside {
        eprintln!(
            "okey: match {} is damaged ({}); it was moved to quarantine",
            fault.name, fault.reason
        );
    }
    if json {
        let matches: Vec<_> = listing.matches.iter().map(summary_json).collect();
        writeln!(
            out,
            "{}",
            json!({"matches": matches, "set_aside": listing.set_aside, "repaired": listing.repaired})
        )?;
        return Ok(());
    }
    if listing.matches.is_empty() {
        writeln!(out, "no saved matches in {}", store.dir().display())?;
        return Ok(());
    }
    writeln!(
        out,
        "{:>5}  {:<4} {:<18} {:>5}  {:<14} {:<30} LAST PLAYED",
        "ID", "GAME", "STATE", "ROUND", "SCORES", "SEATS"
    )?;
    for s in &listing.matches {
        writeln!(
            out,
            "{:>5}  {:<4} {:<18} {:>5}  {:<14} {:<30} {}",
            s.id.to_string(),
            s.variant.name(),
            state_text(&s.state),
            round_column(s),
            numbers(&s.scores),
            numbers(&s.seats),
            format_utc(s.last_played_ms)
        )?;
    }
    Ok(())
}

fn round_text(r: &RoundSummary) -> String {
    let how = match (r.finisher, r.win) {
        (Some(seat), win) => {
            let kind = match win {
                Some(okey_core::analysis::WinKind::Pairs) => "pairs",
                _ => "sets and runs",
            };
            let mut text = format!(
                "seat {} finished with {kind} for {} points",
                seat.0, r.points
            );
            if r.okey_discard {
                text.push_str(", throwing the okey");
            }
            if r.one_colour {
                text.push_str(", one colour");
            }
            text
        }
        (None, _) => "no tiles left".into(),
    };
    format!("round {:>3}: {how}; scores {}", r.round, numbers(&r.scores))
}

/// `show --json`: what both variants say, then the variant's own keys (`own`).
fn write_json<G: Game>(
    game: &SavedMatch<G>,
    standing: &Standing,
    rounds: serde_json::Value,
    moves: Option<Vec<serde_json::Value>>,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let (state, winners) = match &standing.state {
        MatchState::Finished { winners, .. } => ("finished", json!(winners)),
        MatchState::InPlay => ("in_play", json!(null)),
    };
    let m = game.state();
    let mut value = json!({
        "id": game.id(),
        "variant": G::VARIANT,
        "state": state,
        "winners": winners,
        "seats": game.seats(),
        "actions": m.log().len(),
        "created_ms": game.created_ms(),
        "rules": m.rules(),
        "seed": m.seed(),
        "rounds": rounds,
        "moves": moves,
    });
    if let (Some(all), Some(own)) = (value.as_object_mut(), standing.own.as_object()) {
        all.extend(own.clone());
    }
    writeln!(out, "{value}")?;
    Ok(())
}

fn write_shown<G: Game>(
    game: &SavedMatch<G>,
    standing: &Standing,
    moves: Option<Vec<serde_json::Value>>,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let m = game.state();
    writeln!(
        out,
        "match {} ({}): {}, round {}, {} actions",
        game.id(),
        G::VARIANT.name(),
        state_text(&standing.state),
        standing.round,
        m.log().len()
    )?;
    writeln!(out, "created {}", format_utc(game.created_ms()))?;
    if let Some(&last) = game.action_times().last() {
        writeln!(out, "last played {}", format_utc(last))?;
    }
    writeln!(out, "rules {}", json!(m.rules()))?;
    writeln!(out, "seed {}", m.seed())?;
    for (i, seat) in game.seats().iter().enumerate() {
        let score = standing.scores.get(i).copied().unwrap_or(0);
        writeln!(out, "seat {i}: {seat}, score {score}")?;
    }
    for line in &standing.results {
        writeln!(out, "{line}")?;
    }
    for line in moves.unwrap_or_default() {
        writeln!(out, "{}", line["text"].as_str().unwrap_or_default())?;
    }
    Ok(())
}

fn state_of(winners: Option<Vec<okey_core::Seat>>) -> MatchState {
    match winners {
        Some(winners) => MatchState::Finished {
            winners,
            ended_ms: 0,
        },
        None => MatchState::InPlay,
    }
}

/// Where a match stands, as its variant tells it.
struct Standing {
    state: MatchState,
    /// The round as the text says it.
    round: String,
    /// Each seat's score (Düz) or total (101).
    scores: Vec<i32>,
    /// One line per round result.
    results: Vec<String>,
    /// The variant's own keys of `show --json`.
    own: serde_json::Value,
}

/// A variant `show` can tell.
trait Told: Game {
    /// Where the match stands after `results`.
    fn standing(&self, results: &[Self::Summary]) -> Standing;
}

impl Told for okey_core::Match {
    fn standing(&self, results: &[RoundSummary]) -> Standing {
        Standing {
            state: state_of(self.winners().map(<[okey_core::Seat]>::to_vec)),
            round: self.round().number().to_string(),
            scores: self
                .rules()
                .seats()
                .map(|s| self.score(s).unwrap_or(0))
                .collect(),
            results: results.iter().map(round_text).collect(),
            own: json!({"round": self.round().number(), "scores": self.scores()}),
        }
    }
}

impl Told for Match101 {
    fn standing(&self, results: &[RoundSummary101]) -> Standing {
        let (played, total) = (self.rounds_played(), self.rules().rounds);
        Standing {
            state: state_of(self.winners()),
            round: format!("{played} of {total} played"),
            scores: self.totals().to_vec(),
            results: results.iter().map(deal_text).collect(),
            own: json!({"rounds_played": played, "rounds_total": total, "totals": self.totals()}),
        }
    }
}

/// A 101 deal's line: how it ended and the totals after it.
fn deal_text(r: &RoundSummary101) -> String {
    let how = match r.kind {
        EndKind::Finished(f) => format!("seat {} finished (multiplier {})", f.seat.0, r.multiplier),
        EndKind::Exhausted => "the pile ran out".into(),
        EndKind::Void => "voided (every player opened with pairs)".into(),
    };
    let scores: Vec<i32> = r.lines.iter().map(|l| l.total).collect();
    let round = r.round.map_or("-".into(), |n| n.to_string());
    format!(
        "deal {:>2} (round {round}): {how}; scored {}; totals {}",
        r.deal,
        numbers(&scores),
        numbers(&r.totals)
    )
}

/// `show` of a match of variant `G`.
fn show<G: Told>(
    store: &Store,
    id: MatchId,
    round: Option<u32>,
    json: bool,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let game = store.resume_as::<G>(id).map_err(Failure::from_store)?;
    let results = store
        .round_results_as::<G>(id)
        .map_err(Failure::from_store)?;
    let moves = round.map(|n| round_moves(&game, n)).transpose()?;
    let standing = game.state().standing(&results);
    if json {
        write_json(&game, &standing, json!(results), moves, out)
    } else {
        write_shown(&game, &standing, moves, out)
    }
}

/// The moves of one round, each with its events, as JSON with a `text` line.
fn round_moves<G: Game>(game: &SavedMatch<G>, n: u32) -> Result<Vec<serde_json::Value>, Failure> {
    let Some(mut replay) = game.replay_round(n).map_err(Failure::from_store)? else {
        return Err(Failure::Input(format!(
            "match {} has no round {n} (it has {})",
            game.id(),
            game.rounds().len()
        )));
    };
    let mut moves = Vec::new();
    while let Some(step) = replay.step().map_err(Failure::from_store)? {
        let events: Vec<String> = step
            .events
            .iter()
            .map(|e| serde_json::to_string(e).unwrap_or_default())
            .collect();
        let text = format!(
            "{:>5}  seat {}: {}{}",
            step.index + 1,
            step.seat.0,
            step.action,
            if events.is_empty() {
                String::new()
            } else {
                format!("  {}", events.join(" "))
            }
        );
        moves.push(json!({
            "index": step.index,
            "seat": step.seat,
            "action": step.action,
            "events": step.events,
            "text": text,
        }));
    }
    Ok(moves)
}

fn verify(store: &Store, json: bool, out: &mut impl Write) -> Result<(), Failure> {
    let verified = store.verify().map_err(Failure::from_store)?;
    for r in &verified.repaired {
        eprintln!("okey: {}", r.what);
    }
    if json {
        let good: Vec<_> = verified
            .good
            .iter()
            .map(|(id, actions, rounds)| json!({"id": id, "actions": actions, "rounds": rounds}))
            .collect();
        writeln!(
            out,
            "{}",
            json!({"good": good, "failed": verified.failed, "repaired": verified.repaired})
        )?;
    } else {
        for (id, actions, rounds) in &verified.good {
            writeln!(out, "ok {id} ({actions} actions, {rounds} rounds)")?;
        }
        for f in &verified.failed {
            writeln!(out, "FAILED {}: {}", f.name, f.reason)?;
        }
    }
    if verified.failed.is_empty() {
        return Ok(());
    }
    let names: Vec<&str> = verified.failed.iter().map(|f| f.name.as_str()).collect();
    Err(Failure::Store(format!(
        "{} saved match(es) failed to verify and were moved to quarantine: {}",
        names.len(),
        names.join(", ")
    )))
}

/// The lines both variants' statistics start and end with: matches, and those left out.
fn matches_line(out: &mut impl Write, indent: &str, counts: [u32; 3]) -> io::Result<()> {
    let [played, won, in_play] = counts;
    writeln!(
        out,
        "{indent}matches: {played} played, {won} won, {in_play} in play"
    )
}

fn bots_only_line(out: &mut impl Write, indent: &str, n: u32) -> io::Result<()> {
    if n > 0 {
        writeln!(out, "{indent}({n} matches with bots only are not counted)")?;
    }
    Ok(())
}

fn write_stats(s: &Statistics, out: &mut impl Write) -> io::Result<()> {
    let counts = [
        s.tally.matches_played,
        s.tally.matches_won,
        s.tally.matches_in_play,
    ];
    matches_line(out, "", counts)?;
    writeln!(
        out,
        "rounds: {} played, {} won, {} ran out of tiles",
        s.tally.rounds_played, s.tally.rounds_won, s.rounds_no_tiles
    )?;
    writeln!(
        out,
        "finishes: {} sets and runs, {} pairs, {} throwing the okey, {} one colour",
        s.finishes_melds, s.finishes_pairs, s.finishes_okey_discard, s.finishes_one_colour
    )?;
    writeln!(out, "points: {} won, {} lost", s.points_won, s.points_lost)?;
    // Weakest level first, as okey-bots orders them; a name it does not know comes last.
    let mut levels: Vec<_> = s.by_level.iter().collect();
    levels.sort_by_key(|(name, _)| match name.parse::<Level>() {
        Ok(level) => (0, Some(level)),
        Err(_) => (1, None),
    });
    for (level, r) in levels {
        writeln!(out, "against {level}: {} played, {} won", r.played, r.won)?;
    }
    writeln!(
        out,
        "winning streak: longest {}, current {}",
        s.longest_winning_streak, s.current_winning_streak
    )?;
    bots_only_line(out, "", s.tally.bot_only_matches)?;
    write_stats101(&s.okey101, out)
}

/// The 101 part of the statistics, when there is one: penalty points, lower is better.
fn write_stats101(s: &Statistics101, out: &mut impl Write) -> io::Result<()> {
    if *s == Statistics101::default() {
        return Ok(());
    }
    writeln!(out, "okey 101:")?;
    let counts = [
        s.tally.matches_played,
        s.tally.matches_won,
        s.tally.matches_in_play,
    ];
    matches_line(out, "  ", counts)?;
    let average = s.average_points.map_or("-".into(), |a| format!("{a:.1}"));
    writeln!(
        out,
        "  rounds: {} played, {} won; {} penalty points, {average} a round",
        s.tally.rounds_played, s.tally.rounds_won, s.points
    )?;
    writeln!(
        out,
        "  openings: {} with series, {} with pairs, {} rounds never opened",
        s.opened_series, s.opened_pairs, s.never_opened
    )?;
    writeln!(out, "  penalties: {}", s.penalties)?;
    if let Some(best) = s.best_match {
        writeln!(out, "  best match: {} with {} points", best.id, best.total)?;
    }
    bots_only_line(out, "  ", s.tally.bot_only_matches)
}
