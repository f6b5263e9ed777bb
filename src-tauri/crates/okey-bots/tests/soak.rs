//! A randomized soak: every level under every rule option with 2 to 4 players. No bot may
//! choose an illegal action, panic or loop; every round must end with all 106 tiles in place.
//! Runs for a capped time so that it fits in CI.

use okey_bots::{next_move, Bot, Level};
use okey_core::{ColourDouble, DealKind, Event, Match, OneColourDouble, RoundEnd, Rules, Tile};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

/// Wall time the soak may take, and the rounds it must reach within it.
const CAP: Duration = Duration::from_secs(30);
const MIN_ROUNDS: usize = 1_000;
const MAX_ROUNDS: usize = 4_000;

fn random_rules(rng: &mut ChaCha8Rng) -> Rules {
    let players = rng.gen_range(2..=4);
    Rules {
        players,
        deal: if rng.gen() {
            DealKind::Stacks
        } else {
            DealKind::Simple
        },
        strict_rack: rng.gen_bool(0.3),
        indicator_last: rng.gen(),
        start_points: rng.gen_range(1..=20),
        gosterge: rng.gen(),
        colour_double: [
            ColourDouble::Off,
            ColourDouble::RedBlack,
            ColourDouble::RedBlackWithGosterge,
        ][rng.gen_range(0..3)],
        one_colour_double: [
            OneColourDouble::Off,
            OneColourDouble::Any,
            OneColourDouble::RedBlack,
        ][rng.gen_range(0..3)],
        okey_discard_penalty: rng.gen(),
        elimination: rng.gen(),
        partnership: players == 4 && rng.gen(),
    }
}

/// Every tile is in exactly one place: a rack, the pile, a discard stack, the centre or the
/// indicator on the table.
fn tiles_accounted(m: &Match) {
    let r = m.round();
    let mut all: Vec<Tile> = r.pile().collect();
    for &s in r.seats() {
        all.extend(r.rack(s).unwrap().tiles());
    }
    for s in m.rules().seats() {
        all.extend(r.discards(s));
    }
    all.extend(r.centre());
    // Under indicator_last (R16) the face-up indicator is also the pile's last tile.
    all.extend(
        r.indicator_on_table()
            .filter(|t| !r.pile().any(|p| p == *t)),
    );
    let set: BTreeSet<Tile> = all.iter().copied().collect();
    assert_eq!(set.len(), all.len(), "a tile is in two places");
    let missing = 106 - set.len();
    // Seats out of the match (R23) hold no tiles; nothing else may be missing.
    assert_eq!(missing, 0, "{missing} tiles are missing");
}

#[test]
fn soak_every_level_every_option_every_table_size() {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let start = Instant::now();
    let mut rounds = 0;
    let mut matches = 0;
    let mut strict_finishes = 0;
    let mut finished = 0;
    while rounds < MAX_ROUNDS && (rounds < MIN_ROUNDS || start.elapsed() < CAP) {
        let rules = random_rules(&mut rng);
        let mut m = Match::new(rules, rng.gen()).unwrap();
        let mut bots: Vec<Option<Bot>> = rules
            .seats()
            .map(|_| {
                // Hard thinks ~100 times longer than the rest: it sits in one seat in ten,
                // which keeps the soak within its time.
                let level = match rng.gen_range(0..10) {
                    0 => Level::Hard,
                    1 | 2 => Level::Random,
                    3..=5 => Level::Easy,
                    _ => Level::Medium,
                };
                Some(Bot::new(level, rng.gen()).with_budget(6))
            })
            .collect();
        // Up to three rounds of the match, so that rotation and elimination are met.
        let target = m.round().number() + rng.gen_range(0..3);
        let mut actions = 0;
        while !m.is_over() && (m.round().number() < target || !m.round().is_over()) {
            let mv = next_move(&m, &mut bots).expect("a bot has a move");
            let events = m
                .apply(mv.seat, mv.action)
                .unwrap_or_else(|e| panic!("{:?} refused: {e}", mv.action));
            actions += 1;
            assert!(
                actions < 20_000,
                "the match does not end: {rules:?}, last actions {:?}, levels {:?}",
                &m.log()[m.log().len() - 12..],
                bots.iter().flatten().map(Bot::level).collect::<Vec<_>>()
            );
            for e in &events {
                if let Event::RoundEnded(end) = e {
                    tiles_accounted(&m);
                    rounds += 1;
                    if let RoundEnd::Finished { .. } = end {
                        finished += 1;
                        strict_finishes += usize::from(rules.strict_rack);
                    }
                }
            }
        }
        for (s, bot) in bots.iter().enumerate() {
            let bot = bot.as_ref().unwrap();
            assert_eq!(
                bot.slips(),
                0,
                "seat {s} ({}) chose an illegal action",
                bot.level()
            );
        }
        matches += 1;
    }
    eprintln!(
        "soak: {rounds} rounds of {matches} matches in {:.1} s, {finished} won ({strict_finishes} under a strict rack)",
        start.elapsed().as_secs_f64()
    );
    assert!(rounds >= MIN_ROUNDS);
    assert!(
        strict_finishes > 0,
        "bots lay out and claim finishes under a strict rack"
    );
}
