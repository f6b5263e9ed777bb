//! Command-line arguments of `okey`, with the help text they print.

use crate::variant::Variant;
use clap::{Args, Parser, Subcommand};

/// Examples shown at the end of `okey --help`.
const TOP_EXAMPLES: &str = "\
Examples:
  okey check --indicator R4 R1 R2 R3 Y9 Y10 Y11 Y12 B1 B2 B3 K7 B7 Y7 R5
  okey check --indicator K13 R1 R1 Y6 Y6 B9 B9 K2 K2 R11 R11 Y13 Y13 F K1 --json
  okey check --batch --json < hands.txt

Run `okey check --help` for the notation, the JSON keys and batch mode.

Exit status: 0 when every hand was checked, 2 for bad input, 1 when output or input failed.";

/// Extra help of `okey check --help`.
const CHECK_HELP: &str = "\
Tiles are written as a colour letter and a number: R red, Y yellow, B blue, K black, 1-13
(R12, k1); F is a false joker. Case does not matter. The okey is the tile one above the
indicator in its colour (after 13 comes 1); it is wild. A false joker plays as the okey's face.

14 tiles: says whether they win (sets and runs, or seven pairs), shows the groups with what
each okey stands for, and gives the distance: the fewest tiles to swap for a winning 14.

15 tiles (your turn, before the discard): lists the discards that finish, the distance left
after the best discard, and every distinct discard, best first, with its outs: the tiles that
would bring it closer to a win and how many of each are still unseen. The indicator, your
tiles and --seen tiles count as seen.

Input that names more tiles than exist is refused: at most two of a face, two false jokers,
and one of the indicator's face (the indicator itself is on the table).

--json prints one object per hand with the keys indicator, okey, win, kind (\"melds\",
\"pairs\" or null), groups (tiles as you wrote them), distance and, for 15 tiles, finishes
([{discard, kind, okey_discard, points}]) and discards ([{tile, distance, outs}], best first).
For 15 tiles, win says whether some discard finishes, kind and groups come from the finish
worth most points (the first in hand order on a tie), and distance is the distance left after
the best discard. indicator, okey and outs are in canonical notation; tiles from the hand
keep your spelling.

--batch --json reads hands from stdin, one per line: the indicator, then 14 or 15 tiles,
separated by spaces. It writes one JSON object per hand, in order. Blank lines and lines
starting with # are skipped. A bad line gives {\"line\": N, \"error\": \"...\"} (N counts
every line from 1) and the rest go on; the exit status is then 2. A line that is not UTF-8
text, or is longer than 1024 bytes, is such a bad line.

--variant 101 checks an Okey 101 rack of 1 to 22 tiles: the greatest opening value of sets
and runs (okeys counted as the tiles they stand for, placed where they are worth most), the
melds that make it, whether it reaches 101, the most pairs and whether they reach 5, and the
tiles left. With --json: {\"variant\": \"101\", \"indicator\", \"okey\", \"opening\": {\"value\",
\"melds\": [{\"tiles\", \"as\", \"value\"}]}, \"can_open\", \"pairs\", \"can_open_pairs\", \"left\"};
a meld's tiles are yours as written, \"as\" says what each plays as (an okey as the tile it
stands for, a false joker as the okey's face). --batch --json --variant 101 reads
\"INDICATOR TILE ...\" lines of 1 to 22 tiles. 12-13-1 is no run in 101.

Examples:
  # 101: the okey B5 plays as R12; 102 reaches 101
  okey check --variant 101 -i B4 R11 B5 R13 K9 R9 B5 Y10 Y11 Y12 K1 K2 K3 --json
  # 14 tiles that win: three runs and a set of 7s with the okey R5
  okey check --indicator R4 R1 R2 R3 Y9 Y10 Y11 Y12 B1 B2 B3 K7 B7 Y7 R5
  # 15 tiles, one Y12 already discarded by someone
  okey check -i R4 R1 R2 R3 Y9 Y10 Y11 K12 B1 B2 B3 K7 B7 Y7 R5 K1 --seen Y12
  # seven pairs; the okey K1 pairs with the false joker
  okey check -i K13 R1 R1 Y6 Y6 B9 B9 K2 K2 R11 R11 Y13 Y13 F K1 --json
  # many hands
  printf 'R4 R1 R2 R3 Y9 Y10 Y11 Y12 B1 B2 B3 K7 B7 Y7 R5\\n' | okey check --batch --json

Exit status: 0 when every hand was checked, 2 for bad input (also when some batch line was
bad), 1 when reading stdin or writing stdout failed.";

/// `okey`: Okey hands from the terminal.
#[derive(Debug, Parser)]
#[command(
    name = "okey",
    version,
    about = "Okey (the Turkish tile game) from the terminal: check hands for wins, distance and discards",
    after_help = TOP_EXAMPLES
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check a hand of 14 or 15 tiles: win or not, the groups, the distance, the discards.
    #[command(after_long_help = CHECK_HELP, after_help = "Run with --help for the notation, the JSON keys and examples.")]
    Check(CheckArgs),
    /// Play bots against each other and report each level's results.
    #[command(after_help = ARENA_HELP)]
    Arena(ArenaArgs),
    /// Compare two arena round logs round by round: how much a level's share moved.
    #[command(after_help = crate::arena::diff::ARENA_DIFF_HELP)]
    ArenaDiff(crate::arena::diff::ArenaDiffArgs),
    /// Play an all-bot match with autosave, printing each action once it is saved.
    /// One of this project's bots over the line protocol (docs/PROTOCOL.md), for any referee.
    #[command(after_help = BOT_HELP)]
    Bot(BotArgs),
    #[command(after_long_help = crate::autoplay::AUTOPLAY_HELP)]
    Autoplay(crate::autoplay::AutoplayArgs),
    /// Saved games: list, show, verify, export, import, delete, stats, quarantine, restore.
    #[command(after_long_help = crate::saves::SAVES_HELP)]
    Saves(crate::saves::SavesArgs),
    /// Review a saved Düz match: each decision of a finished round graded, with accuracies.
    #[command(after_long_help = crate::review::REVIEW_HELP)]
    Review(crate::review::ReviewArgs),
}

/// Extra help of `okey bot`.
const BOT_HELP: &str = "\
Reads protocol lines on standard input (hello, observe, decide, end) and answers each decide
with one action on standard output, until the input ends. The bot is seeded by hello's seed,
so a referee that sends the same lines gets the same answers.

Examples:
  okey arena --seats external,medium,medium,medium --external 'okey bot --level hard'
  okey arena --variant 101 --seats external,easy --external 'okey bot --variant 101'";

/// Arguments of `okey bot`.
#[derive(Debug, Args)]
pub struct BotArgs {
    /// The game: duz or 101.
    #[arg(long, value_enum, default_value = "duz")]
    pub variant: Variant,

    /// The bot's level: random, easy, medium or hard.
    #[arg(long, default_value = "medium")]
    pub level: okey_bots::Level,

    /// Look-ahead simulations per hard decision (the arena's default when not given).
    #[arg(long, value_name = "N")]
    pub budget: Option<u32>,

    /// With --variant 101: rollouts of the whole table per hard discard (default 0).
    #[arg(long, value_name = "N")]
    pub rollouts: Option<u32>,
}

/// Extra help of `okey arena`.
const ARENA_HELP: &str = "\
Each round is dealt from the seed and played to its end. --duplicate plays every deal once
per rotation of the seats, so the luck of the deal cancels. Per level (pooled when it sits in
several seats): rounds won, the share of all rounds won with a 95% confidence interval,
finishes by kind, points lost per seat and round, median and 95th percentile decision time.

Examples:
  okey arena --seats medium,easy,easy,easy --rounds 4000 --seed 1 --duplicate
  okey arena --seats hard,medium,medium,medium --rounds 2000 --seed 1 --duplicate --json
  okey arena --seats easy,random,random --rounds 300 --rules '{\"strict_rack\": true}'
  okey arena --seats hard,medium,medium,medium --rounds 2000 --seed 1 --duplicate \\
      --first 1000 --round-log hard-1000.log   # rounds 1000-1999 only, winners logged
  okey arena --variant 101 --seats medium,easy,easy,easy --rounds 2000 --seed 1 --duplicate --json
  okey arena --seats external,medium,medium,medium --external 'python3 examples/random_bot.py'

With --variant 101 each round is the first round of a 101 match of its own deal (default 101
rules unless --rules names 101 options); per level it adds points_mean, the penalty points a
seat scored per round (lower is better), with its 95% interval points_ci95.

An external seat is a program that speaks the line protocol of docs/PROTOCOL.md; its row adds
refusals, timeouts (past --external-timeout), crashes, and the fallbacks the random level
made for it.";

/// Arguments of `okey arena`.
#[derive(Debug, Args)]
pub struct ArenaArgs {
    /// Who plays each seat, in seat order: random, easy, medium, hard, or external (the
    /// program of --external) (2 to 4 seats).
    #[arg(long, value_name = "LEVELS", value_delimiter = ',', required = true)]
    pub seats: Vec<okey_bots::Entrant>,

    /// The program of the external seats, run through the shell, one process per external
    /// seat: it speaks the line protocol of docs/PROTOCOL.md on its standard input and
    /// output (`okey bot` is one).
    #[arg(long, value_name = "CMD")]
    pub external: Option<String>,

    /// Seconds an external bot has to answer each decision; past it the random level
    /// decides and the answer is counted as a timeout.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub external_timeout: f64,

    /// Rounds to play, numbered from 0; with --first, the rounds before it are skipped.
    #[arg(long, default_value_t = 1000)]
    pub rounds: u32,

    /// Seed of the deals and the bots.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// Play each deal once per rotation of the seats.
    #[arg(long)]
    pub duplicate: bool,

    /// Start at this round, skipping the ones before: split one arena over several
    /// processes, each round playing as it does in the whole.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub first: u32,

    /// Write each round's winner to FILE: a first line naming the arena, then one line per
    /// round, "ROUND LEVEL" (LEVEL is "none" when the pile ran out); `okey arena-diff`
    /// compares two such logs.
    #[arg(long, value_name = "FILE")]
    pub round_log: Option<std::path::PathBuf>,

    /// Look-ahead simulations per hard decision (default 480).
    #[arg(long, value_name = "N")]
    pub budget: Option<u32>,

    /// With --variant 101: hard weighs each discard by N rollouts of the whole table instead
    /// of its race (default 0, the race; docs/BOTS.md).
    #[arg(long, value_name = "N")]
    pub rollouts: Option<u32>,

    /// Rule options as JSON, e.g. '{"strict_rack": true}'; unnamed options keep their
    /// defaults and the number of players follows the seats.
    #[arg(long, value_name = "JSON")]
    pub rules: Option<String>,

    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,

    /// The game: duz or 101.
    #[arg(long, value_enum, default_value = "duz")]
    pub variant: Variant,
}

/// Arguments of `okey check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The face-up indicator tile (e.g. R4); it decides the okey.
    #[arg(short, long, value_name = "TILE", required_unless_present = "batch")]
    pub indicator: Option<String>,

    /// The hand: 14 or 15 tiles (1 to 22 with --variant 101), e.g. R1 R2 R3 K7 F.
    #[arg(value_name = "TILE", required_unless_present = "batch")]
    pub tiles: Vec<String>,

    /// Tiles seen elsewhere (discards, shown tiles), for counting unseen outs. Takes every
    /// tile after it, so put it last, or separate with commas: --seen K1,Y8.
    #[arg(long, value_name = "TILE", num_args = 1.., value_delimiter = ',')]
    pub seen: Vec<String>,

    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,

    /// The game: duz (14 or 15 tiles) or 101 (1 to 22 tiles: the best opening and pairs).
    #[arg(long, value_enum, default_value = "duz")]
    pub variant: Variant,

    /// Read one hand per stdin line ("INDICATOR TILE TILE ...") and print one JSON object each.
    #[arg(long, requires = "json", conflicts_with_all = ["indicator", "tiles", "seen"])]
    pub batch: bool,
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    #[test]
    fn arguments_are_consistent() {
        Cli::command().debug_assert();
    }
}
