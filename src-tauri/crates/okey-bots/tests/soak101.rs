//! A randomized 101 soak: every level under every rule option with 2 to 4 players and
//! partnership. Every action a bot chooses must be one the engine accepts without a penalty
//! for a table error (R101-26), every round must end, every match must end, and all 106
//! tiles stay in place after every action.

use okey_bots::r101::next_move101;
use okey_bots::{Bot101, Level};
use okey_core::r101::rules::{
    Deal101, EldenScope, EldenThreshold, Exhaustion, LastPairs, Multipliers, OkeyInHand,
    PairsLayoffLimit, RisingPartner, SeriesPairs, TableErrors, TakeReturn,
};
use okey_core::r101::{Action101, Match101, Rules101};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn random_rules(rng: &mut ChaCha8Rng) -> Rules101 {
    let players = rng.gen_range(2..=4);
    let pick = |rng: &mut ChaCha8Rng| rng.gen_bool(0.5);
    Rules101 {
        players,
        deal: if pick(rng) {
            Deal101::Stacks
        } else {
            Deal101::Simple
        },
        take_return: if pick(rng) {
            TakeReturn::Penalty
        } else {
            TakeReturn::Free
        },
        pairs_declaration: pick(rng),
        rising_open: pick(rng),
        last_pairs: if pick(rng) {
            LastPairs::VoidRound
        } else {
            LastPairs::Refused
        },
        opening_turn_play: pick(rng),
        series_pairs: if pick(rng) {
            SeriesPairs::Never
        } else {
            SeriesPairs::IfPairsOpened
        },
        pairs_layoff_limit: if pick(rng) {
            PairsLayoffLimit::Unlimited
        } else {
            PairsLayoffLimit::Two
        },
        okey_swap: pick(rng),
        okey_discard_penalty: pick(rng),
        playable_discard_penalty: pick(rng),
        table_errors: if pick(rng) {
            TableErrors::Penalize
        } else {
            TableErrors::Refuse
        },
        elden_scope: if pick(rng) {
            EldenScope::OnlySelf
        } else {
            EldenScope::NobodyOpened
        },
        elden_threshold: if pick(rng) {
            EldenThreshold::Required
        } else {
            EldenThreshold::Waived
        },
        exhaustion: if pick(rng) {
            Exhaustion::OneMoreTake
        } else {
            Exhaustion::LastDiscard
        },
        okey_in_hand: if pick(rng) {
            OkeyInHand::Face
        } else {
            OkeyInHand::Flat101
        },
        multipliers: [Multipliers::Stack, Multipliers::Single, Multipliers::None]
            [rng.gen_range(0..3)],
        rounds: 3,
        partnership: players == 4 && pick(rng),
        rising_partner: if pick(rng) {
            RisingPartner::Ignored
        } else {
            RisingPartner::Counts
        },
    }
}

/// Plays a whole match, checking every action; returns the actions played.
fn play_match(rules: Rules101, seed: u64, levels: &[Level], budget: u32, rollouts: u32) -> usize {
    let mut m = Match101::new(rules, seed).unwrap();
    let mut bots: Vec<Option<Bot101>> = levels
        .iter()
        .enumerate()
        .map(|(s, &l)| {
            let bot = Bot101::new(l, seed ^ (s as u64) << 40).with_budget(budget);
            Some(bot.with_rollouts(rollouts))
        })
        .collect();
    let mut actions = 0;
    while !m.is_over() {
        let mv = next_move101(&m, &mut bots)
            .unwrap_or_else(|| panic!("{rules:?} seed {seed}: no bot moved"));
        let legal = match &mv.action {
            Action101::NextRound => m.legal_actions(mv.seat).contains(&Action101::NextRound),
            a => m.round().is_legal(mv.seat, a),
        };
        assert!(
            legal,
            "{rules:?} seed {seed} levels {levels:?}: {} chose {:?}; hand {:?}; table {:?}",
            mv.seat.0,
            mv.action,
            m.round().hand(mv.seat),
            m.round().table()
        );
        m.apply(mv.seat, mv.action).unwrap();
        assert_eq!(m.round().census().len(), 106);
        actions += 1;
        assert!(
            actions < 40_000,
            "{rules:?} seed {seed}: the match does not end"
        );
    }
    for b in bots.iter().flatten() {
        assert_eq!(b.slips(), 0, "{rules:?} seed {seed}: {} slipped", b.level());
    }
    actions
}

#[test]
fn r101_soak_every_level_every_option_every_table_size() {
    let mut rng = ChaCha8Rng::seed_from_u64(101);
    let matches = if cfg!(debug_assertions) { 24 } else { 400 };
    for _ in 0..matches {
        let rules = random_rules(&mut rng);
        let levels: Vec<Level> = (0..rules.players)
            .map(|_| Level::ALL[rng.gen_range(0..4)])
            .collect();
        play_match(rules, rng.gen(), &levels, 4, 0);
    }
}

#[test]
fn r101_soak_default_rules_every_level_plays_a_match_through() {
    for (i, level) in Level::ALL.into_iter().enumerate() {
        play_match(
            Rules101 {
                rounds: 3,
                ..Rules101::default()
            },
            i as u64,
            &[level; 4],
            4,
            0,
        );
    }
}

#[test]
fn r101_soak_hard_with_table_rollouts_plays_legally_under_every_option() {
    let mut rng = ChaCha8Rng::seed_from_u64(1010);
    let matches = if cfg!(debug_assertions) { 2 } else { 40 };
    for _ in 0..matches {
        let rules = random_rules(&mut rng);
        let mut levels = vec![Level::Medium; usize::from(rules.players)];
        levels[0] = Level::Hard;
        play_match(rules, rng.gen(), &levels, 4, 2);
    }
}
