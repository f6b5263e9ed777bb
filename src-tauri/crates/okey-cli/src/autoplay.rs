//! `okey autoplay`: an all-bot match with autosave, printing each action once it is on disk.

use crate::datadir;
use crate::failure::{open_store, Failure};
use clap::Args;
use okey_bots::{Bot, Level, MatchHost, PlayError};
use okey_core::{Action, Match, Rules, Seat};
use okey_store::{MatchId, NewMatch, SavedGame, SeatKind};
use rand::RngCore;
use std::io::{self, Write};
use std::path::PathBuf;

/// Extra help of `okey autoplay --help`.
pub const AUTOPLAY_HELP: &str = "\
Plays a match between bots, saving every action before printing `saved <match-id> <n>`, where
n is the number of actions saved so far. Kill it at any moment: `--match ID` resumes the match
exactly where the last printed action left it, the bots included.

Without --rounds the match is played to its end. With --rounds N it stops once round N is over
(counting the rounds played before a resume). The last line says how it stopped:
`over <id> winners <seats>` or `stopped <id> round <n>`.

Examples:
  okey autoplay --data-dir /tmp/okey --rounds 3
  okey autoplay --data-dir /tmp/okey --match 1 --rounds 5
  okey autoplay --bots hard,easy,easy --seed 42

Exit status: 0 when done, 2 for bad input (unknown match, bad bot list), 1 when the saved
games could not be opened or written.";

/// Arguments of `okey autoplay`.
#[derive(Debug, Args)]
pub struct AutoplayArgs {
    /// Where the saved games live (default: $OKEY_DATA_DIR, else the app's data directory).
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,

    /// Resume this saved match instead of starting one.
    #[arg(long = "match", value_name = "ID")]
    pub match_id: Option<MatchId>,

    /// The bots, one per seat (2 to 4): random, easy, medium or hard.
    #[arg(
        long,
        value_name = "LEVELS",
        value_delimiter = ',',
        conflicts_with = "match_id"
    )]
    pub bots: Vec<okey_bots::Level>,

    /// Stop once this round is over (default: play the match to its end).
    #[arg(long, value_name = "N")]
    pub rounds: Option<u32>,

    /// Seed of a new match (default: from the system's random source).
    #[arg(long, value_name = "SEED", conflicts_with = "match_id")]
    pub seed: Option<u64>,
}

/// Runs `okey autoplay`.
pub fn run(args: &AutoplayArgs) -> Result<(), Failure> {
    let dir = datadir::resolve(args.data_dir.clone()).map_err(Failure::Input)?;
    // Resuming needs saves: a mistyped folder must not be created to say the match is not
    // there.
    if args.match_id.is_some() {
        datadir::must_hold_saves(&dir).map_err(Failure::Input)?;
    }
    let store = open_store(&dir)?;
    let mut game = match args.match_id {
        Some(id) => store.resume(id).map_err(Failure::from_store)?,
        None => {
            let levels = if args.bots.is_empty() {
                vec![okey_bots::Level::Medium; 4]
            } else {
                args.bots.clone()
            };
            let rules = Rules {
                players: u8::try_from(levels.len()).unwrap_or(u8::MAX),
                ..Rules::default()
            };
            let new = NewMatch {
                rules,
                seed: match args.seed {
                    Some(seed) => seed,
                    None => fresh_seed()?,
                },
                seats: levels
                    .into_iter()
                    .map(|l| SeatKind::Bot(l.name().into()))
                    .collect(),
            };
            store.create(new).map_err(Failure::from_store)?
        }
    };
    if game.seats().contains(&SeatKind::Human) {
        return Err(Failure::Input(format!(
            "match {} has a human seat; autoplay plays bots only",
            game.id()
        )));
    }
    eprintln!(
        "okey: match {} ({}), {} actions saved, round {}",
        game.id(),
        if args.match_id.is_some() {
            "resumed"
        } else {
            "new"
        },
        game.state().log().len(),
        game.state().round().number()
    );
    play(&mut game, args.rounds)
}

/// A seed for a new match from the system's random source: unlike the clock, nothing
/// anyone can see narrows it down, so the deal cannot be worked out.
fn fresh_seed() -> Result<u64, Failure> {
    let mut bytes = [0; 8];
    rand::rngs::OsRng
        .try_fill_bytes(&mut bytes)
        .map_err(|e| Failure::Store(format!("the system's random source failed: {e}")))?;
    Ok(u64::from_le_bytes(bytes))
}

/// The game as autoplay plays it: each action saved, then printed and flushed, since
/// whoever reads the output may kill us right after a line.
struct Printing<'a, W: Write> {
    game: &'a mut SavedGame,
    out: W,
}

impl<W: Write> MatchHost for Printing<'_, W> {
    type Error = Failure;

    fn state(&self) -> &Match {
        self.game.state()
    }

    fn apply(&mut self, seat: Seat, action: Action) -> Result<(), Failure> {
        self.game.apply(seat, action).map_err(Failure::from_store)?;
        writeln!(
            self.out,
            "saved {} {}",
            self.game.id(),
            self.game.state().log().len()
        )?;
        self.out.flush()?;
        Ok(())
    }
}

/// The match's bots, remembering its current round as if never interrupted.
fn bots(game: &SavedGame) -> Result<Vec<Option<Bot>>, Failure> {
    let levels = game
        .seats()
        .iter()
        .map(|s| s.level().map(str::parse::<Level>).transpose())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| Failure::Input(format!("match {}: {e}", game.id())))?;
    Ok(okey_bots::rejoin(&levels, game.round_start(), game.state()))
}

fn play(game: &mut SavedGame, rounds: Option<u32>) -> Result<(), Failure> {
    let mut bots = bots(game)?;
    let id = game.id();
    let mut table = Printing {
        game,
        out: io::stdout().lock(),
    };
    loop {
        let m = table.game.state();
        if let Some(winners) = m.winners() {
            let seats: Vec<String> = winners.iter().map(|s| s.0.to_string()).collect();
            writeln!(table.out, "over {id} winners {}", seats.join(","))?;
            return Ok(());
        }
        let round = m.round();
        if round.is_over() && rounds.is_some_and(|n| round.number() >= n) {
            writeln!(table.out, "stopped {id} round {}", round.number())?;
            return Ok(());
        }
        okey_bots::play_round(&mut table, &mut bots, |_| {}).map_err(|e| match e {
            PlayError::Refused(failure) => failure,
            PlayError::Stuck { round } => {
                Failure::Store(format!("no bot had a move in round {round} of match {id}"))
            }
            PlayError::Endless { round, actions } => Failure::Store(format!(
                "round {round} of match {id} did not end after {actions} actions"
            )),
        })?;
    }
}
