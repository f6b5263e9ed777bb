//! Random racks for `okey check --batch`, so that batch timings can be repeated on the same
//! files: `cargo run --release -p okey-core --example racks -- COUNT TILES SEED`.
//!
//! Each line is an indicator and `TILES` tiles, written as `okey check` reads them. The
//! indicator is a uniformly random face; the tiles are dealt uniformly from the 105 others
//! (two of each face and the two false jokers, less the indicator).

use okey_core::{Face, Kind, Tile};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let numbers: Vec<Option<u64>> = args.iter().map(|a| a.parse().ok()).collect();
    let (count, tiles, seed) = match numbers[..] {
        [Some(count), Some(tiles @ 1..=105), Some(seed)] => (count, tiles as usize, seed),
        _ => {
            eprintln!("usage: racks COUNT TILES SEED (TILES from 1 to 105), got {args:?}");
            return ExitCode::from(2);
        }
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for _ in 0..count {
        let Some(indicator) = Face::from_index(rng.gen_range(0..Face::COUNT)) else {
            return ExitCode::FAILURE;
        };
        let mut pool: Vec<Kind> = Tile::all().map(Tile::kind).collect();
        if let Some(at) = pool.iter().position(|&k| k == Kind::Face(indicator)) {
            pool.swap_remove(at);
        }
        pool.shuffle(&mut rng);
        let line: Vec<String> = pool[..tiles].iter().map(|k| k.to_string()).collect();
        if writeln!(out, "{indicator} {}", line.join(" ")).is_err() {
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
