//! A randomized soak: every level under every rule option with 2 to 4 players. No bot may
//! choose an illegal action, panic or loop; every round must end with all 106 tiles in place.
//! Runs for a capped time so that it fits in CI.

use okey_bots::{play_round, Bot, Level};
use okey_core::{ColourDouble, DealKind, Match, OneColourDouble, RoundEnd, Rules};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
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
        while !m.is_over() && (m.round().number() < target || !m.round().is_over()) {
            play_round(&mut m, &mut bots, |_| {}).unwrap_or_else(|e| {
                panic!(
                    "{rules:?}: {e}; last actions {:?}, levels {:?}",
                    &m.log()[m.log().len().saturating_sub(12)..],
                    bots.iter().flatten().map(Bot::level).collect::<Vec<_>>()
                )
            });
            m.tile_census().expect("every tile in exactly one place");
            rounds += 1;
            if let Some(RoundEnd::Finished { .. }) = m.round().end() {
                finished += 1;
                strict_finishes += usize::from(rules.strict_rack);
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
