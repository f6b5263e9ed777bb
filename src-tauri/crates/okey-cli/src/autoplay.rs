//! `okey autoplay`: an all-bot match (Düz or Okey 101) with autosave, printing each action
//! once it is on disk.

use crate::datadir;
use crate::failure::{open_store, Failure};
use crate::variant::Variant;
use clap::Args;
use okey_bots::r101::next_move101;
use okey_bots::{Bot, Bot101, Level, MatchHost, PlayError, Player};
use okey_core::r101::{Match101, Rules101};
use okey_core::{Action, Match, Rules, Seat};
use okey_store::{
    Game, MatchId, NewMatch, NewMatch101, SavedGame, SavedGame101, SavedMatch, SeatKind, Store,
    StoreError,
};
use rand::RngCore;
use std::io::{self, Write};
use std::path::PathBuf;

/// Extra help of `okey autoplay --help`.
pub const AUTOPLAY_HELP: &str = "\
Plays a match between bots, saving every action before printing `saved <match-id> <n>`, where
n is the number of actions saved so far. Kill it at any moment: `--match ID` resumes the match
exactly where the last printed action left it, the bots included.

--variant 101 plays Okey 101 (default rules, 11 rounds, lowest total wins) instead of Düz; a
resumed match plays the variant it was saved as.

Without --rounds the match is played to its end. With --rounds N it stops once round N is over
(counting the rounds played before a resume; in 101 the rounds that counted, a voided deal
does not). The last line says how it stopped: `over <id> winners <seats>` or
`stopped <id> round <n>`.

Examples:
  okey autoplay --data-dir /tmp/okey --rounds 3
  okey autoplay --data-dir /tmp/okey --match 1 --rounds 5
  okey autoplay --bots hard,easy,easy --seed 42
  okey autoplay --variant 101 --rounds 2 --seed 7

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

    /// The game of a new match: duz or 101 (a resumed match keeps its own).
    #[arg(long, value_enum, default_value = "duz", conflicts_with = "match_id")]
    pub variant: Variant,
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
    let variant = match args.match_id {
        Some(id) => match store.variant(id).map_err(Failure::from_store)? {
            okey_store::Variant::Duz => Variant::Duz,
            okey_store::Variant::Okey101 => Variant::Okey101,
        },
        None => args.variant,
    };
    match variant {
        Variant::Duz => run_duz(&store, args),
        Variant::Okey101 => run101(&store, args),
    }
}

/// The seats of a new match: the bots asked for, else four medium ones.
fn new_seats(args: &AutoplayArgs) -> Result<(Vec<SeatKind>, u64), Failure> {
    let levels = if args.bots.is_empty() {
        vec![okey_bots::Level::Medium; 4]
    } else {
        args.bots.clone()
    };
    let seed = match args.seed {
        Some(seed) => seed,
        None => fresh_seed()?,
    };
    let seats = levels
        .into_iter()
        .map(|l| SeatKind::Bot(l.name().into()))
        .collect();
    Ok((seats, seed))
}

/// The match autoplay plays: resumed with `resume`, or created with `create` from the
/// seats and seed asked for; announced with the round `round_of` says it is in.
fn start<G: Game>(
    args: &AutoplayArgs,
    resume: impl FnOnce(MatchId) -> Result<SavedMatch<G>, StoreError>,
    create: impl FnOnce(Vec<SeatKind>, u64) -> Result<SavedMatch<G>, StoreError>,
    round_of: impl Fn(&G) -> u32,
) -> Result<SavedMatch<G>, Failure> {
    let game = match args.match_id {
        Some(id) => resume(id),
        None => {
            let (seats, seed) = new_seats(args)?;
            create(seats, seed)
        }
    }
    .map_err(Failure::from_store)?;
    let id = game.id();
    if game.seats().contains(&SeatKind::Human) {
        return Err(Failure::Input(format!(
            "match {id} has a human seat; autoplay plays bots only"
        )));
    }
    let how = if args.match_id.is_some() {
        "resumed"
    } else {
        "new"
    };
    let (actions, round) = (game.state().log().len(), round_of(game.state()));
    eprintln!("okey: match {id} ({how}), {actions} actions saved, round {round}");
    Ok(game)
}

/// Players of a new match: one per seat asked for.
fn players(seats: &[SeatKind]) -> u8 {
    u8::try_from(seats.len()).unwrap_or(u8::MAX)
}

fn run_duz(store: &Store, args: &AutoplayArgs) -> Result<(), Failure> {
    let mut game = start(
        args,
        |id| store.resume(id),
        |seats, seed| {
            let rules = Rules {
                players: players(&seats),
                ..Rules::default()
            };
            store.create(NewMatch { rules, seed, seats })
        },
        |m: &Match| m.round().number(),
    )?;
    play(&mut game, args.rounds)
}

fn run101(store: &Store, args: &AutoplayArgs) -> Result<(), Failure> {
    let mut game = start(
        args,
        |id| store.resume101(id),
        |seats, seed| {
            let rules = Rules101 {
                players: players(&seats),
                ..Rules101::default()
            };
            store.create101(NewMatch101 { rules, seed, seats })
        },
        |m: &Match101| u32::from(m.rounds_played()) + u32::from(!m.round().is_over()),
    )?;
    play101(&mut game, args.rounds)
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

/// The bot level of each seat (None for a person); a level okey-bots does not know is bad
/// input, named.
fn levels(id: MatchId, seats: &[SeatKind]) -> Result<Vec<Option<Level>>, Failure> {
    seats
        .iter()
        .map(|s| s.level().map(str::parse::<Level>).transpose())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| Failure::Input(format!("match {id}: {e}")))
}

/// The match's bots, remembering its current round as if never interrupted.
fn bots(game: &SavedGame) -> Result<Vec<Option<Bot>>, Failure> {
    let levels = levels(game.id(), game.seats())?;
    Ok(Bot::rejoin(&levels, game.round_start(), game.state()))
}

/// The most actions one 101 deal may take before autoplay calls it endless: far more than
/// a deal's pile and table allow.
const MAX_DEAL_ACTIONS: usize = 5000;

/// Plays a 101 match with its bots, each action saved, then printed and flushed.
fn play101(game: &mut SavedGame101, rounds: Option<u32>) -> Result<(), Failure> {
    let mut bots = Bot101::rejoin(
        &levels(game.id(), game.seats())?,
        game.round_start(),
        game.state(),
    );
    let id = game.id();
    let mut out = io::stdout().lock();
    let mut in_deal = 0;
    loop {
        let m = game.state();
        if let Some(winners) = m.winners() {
            let seats: Vec<String> = winners.iter().map(|s| s.0.to_string()).collect();
            writeln!(out, "over {id} winners {}", seats.join(","))?;
            return Ok(());
        }
        let played = u32::from(m.rounds_played());
        if m.round().is_over() && rounds.is_some_and(|n| played >= n) {
            writeln!(out, "stopped {id} round {played}")?;
            return Ok(());
        }
        let mv = next_move101(m, &mut bots).ok_or_else(|| {
            Failure::Store(format!(
                "no bot had a move in match {id} after {} actions",
                m.log().len()
            ))
        })?;
        in_deal = if mv.action == okey_core::r101::Action101::NextRound {
            0
        } else {
            in_deal + 1
        };
        if in_deal > MAX_DEAL_ACTIONS {
            return Err(Failure::Store(format!(
                "a deal of match {id} did not end after {MAX_DEAL_ACTIONS} actions"
            )));
        }
        game.apply(mv.seat, mv.action)
            .map_err(Failure::from_store)?;
        writeln!(out, "saved {id} {}", game.state().log().len())?;
        out.flush()?;
    }
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
