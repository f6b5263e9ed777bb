//! A bot: a level, a seed, a budget, and what its seat has seen.

use crate::level::Level;
use crate::memory::Memory;
use crate::policy::{easy, hard, medium, random};
use okey_core::{Action, Phase, Seat, SeatView};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// One bot in one seat. It only ever sees that seat's views.
#[derive(Debug, Clone)]
pub struct Bot {
    level: Level,
    seed: u64,
    budget: u32,
    memory: Memory,
    cache: medium::Cache,
    /// Choices the table would have refused, replaced by the first legal action.
    slips: u32,
}

impl Bot {
    /// Look-ahead simulations per hard decision unless set otherwise.
    pub const DEFAULT_BUDGET: u32 = 480;

    /// A bot of `level` whose choices follow from `seed`.
    pub fn new(level: Level, seed: u64) -> Bot {
        Bot {
            level,
            seed,
            budget: Bot::DEFAULT_BUDGET,
            memory: Memory::default(),
            cache: medium::Cache::default(),
            slips: 0,
        }
    }

    /// The bot of `level` at `seat` of a match dealt from `match_seed`: seats get seeds
    /// that differ well, and the same ones every time the match is resumed, wherever it is
    /// played (the app, `okey autoplay`).
    pub fn for_seat(level: Level, match_seed: u64, seat: Seat) -> Bot {
        // splitmix64's finaliser over the match seed and the seat.
        let mut z = match_seed ^ (u64::from(seat.0) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Bot::new(level, z ^ (z >> 31))
    }

    /// Sets the hard bot's budget in look-ahead simulations per decision (at least 1). A count,
    /// not a time, so that a game replays on any machine.
    pub fn with_budget(mut self, simulations: u32) -> Bot {
        self.budget = simulations.max(1);
        self
    }

    /// The bot's level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// What the bot remembers of the round.
    pub fn memory(&self) -> &Memory {
        &self.memory
    }

    /// Shows the bot its seat's view; call it after every action at the table so that it
    /// sees every discard land and every take.
    pub fn observe(&mut self, view: &SeatView) {
        self.memory.observe(view);
    }

    /// What the bot does now, if anything: a gösterge when it may show one, its turn, the
    /// rack moves that lay out a finish under a strict rack, or the next round. Always an
    /// action the view lists as legal (or a rack move).
    pub fn decide(&mut self, view: &SeatView) -> Option<Action> {
        self.observe(view);
        let legal = &view.legal_actions;
        if view.winners.is_some() || legal.is_empty() {
            return None;
        }
        if view.round_end.is_some() {
            return legal
                .contains(&Action::NextRound)
                .then_some(Action::NextRound);
        }
        // A gösterge only costs the others (R19).
        if self.level != Level::Random && legal.contains(&Action::ShowIndicator) {
            return Some(Action::ShowIndicator);
        }
        if view.turn != Some(view.seat) {
            return None;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(self.decision_seed(view));
        let chosen = match self.level {
            Level::Random => random::decide(view, &mut rng),
            Level::Easy => easy::decide(view, &self.memory, &mut rng),
            Level::Medium => medium::decide(view, &self.memory, &mut self.cache),
            Level::Hard => hard::decide(view, &self.memory, &mut self.cache, self.budget, &mut rng),
        };
        // A policy's mistake must never become an illegal move at the table; it is counted
        // so that tests see it.
        match chosen {
            Some(a @ Action::Move { .. }) => Some(a),
            Some(a) if legal.contains(&a) => Some(a),
            _ => {
                self.slips += 1;
                legal.first().copied()
            }
        }
    }

    /// How many times the level's choice was not legal and the bot fell back to the first
    /// legal action. Always 0 unless a level has a bug.
    pub fn slips(&self) -> u32 {
        self.slips
    }

    /// A seed for this decision alone, from the bot's seed and the public state of the table,
    /// so the same position gets the same choice however the bot was restored.
    fn decision_seed(&self, view: &SeatView) -> u64 {
        let phase = match view.phase {
            Some(Phase::Draw) => 1,
            Some(Phase::Discard) => 2,
            None => 3,
        };
        let mut h = self.seed ^ 0x9E37_79B9_7F4A_7C15;
        for part in [u64::from(view.round), u64::from(view.plays), phase] {
            h = mix(h ^ part);
        }
        h
    }
}

/// A 64-bit mixer (the finaliser of splitmix64).
pub(crate) fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
