//! Okey 101 bots (issue 21). A [`Bot101`] decides from one seat's [`SeatView101`] only: the
//! view lists the actions the seat may take, and every choice is one of them or an opening
//! built from the hand that the rules of R101-13..R101-15 accept. What it remembers (the
//! tiles it has seen go by, what its next player took from it) comes from the views it was
//! shown, as a player at the table remembers.
//!
//! Levels: `random` (uniform over the listed actions), `easy` (opens when it can, lays off
//! on its own melds only, often throws a random safe tile once opened), `medium` (plays for
//! series or pairs on the exact opening analysis, takes a discard that opens it, lays off
//! anywhere, avoids penalised and feeding discards, but overlooks okey swaps and discards it
//! could lay off once opened) and `hard` (every skill, with each discard weighed by sampling
//! the tiles its seat has not seen).

mod arena;
mod hand;
mod hard;
mod memory;
mod opening;
mod play;
mod policy;
mod race;
mod rollout;

pub use arena::{
    run_arena101, run_arena101_outside, Arena101Config, Arena101Error, Arena101Report,
    Level101Report, Points101,
};
pub use memory::Memory101;
pub use play::{next_move101, play_round101, Bot101Move, Play101Error};

use crate::bot::mix;
use crate::level::Level;
use crate::play::BotMove;
use crate::player::Player;
use okey_core::r101::{Action101, Match101, Rules101, SeatView101};
use okey_core::Seat;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// One 101 bot in one seat. It only ever sees that seat's views.
#[derive(Debug, Clone)]
pub struct Bot101 {
    level: Level,
    seed: u64,
    budget: u32,
    /// Rollouts of the whole table per hard discard; 0 for the race (the default).
    rollouts: u32,
    /// The rules of the table, when the bot has been told them (hard's rollouts need them).
    rules: Option<Rules101>,
    memory: Memory101,
    /// Choices that were not among the view's actions, replaced by a safe one.
    slips: u32,
}

impl Bot101 {
    /// Guessed draws per hard discard unless set otherwise (shared among its candidates).
    pub const DEFAULT_BUDGET: u32 = 600;

    /// A bot of `level` whose choices follow from `seed`.
    pub fn new(level: Level, seed: u64) -> Bot101 {
        Bot101 {
            level,
            seed,
            budget: Bot101::DEFAULT_BUDGET,
            rollouts: 0,
            rules: None,
            memory: Memory101::default(),
            slips: 0,
        }
    }

    /// The bot of `level` at `seat` of a match dealt from `match_seed`, seeded as
    /// [`crate::Bot::for_seat`] does: the same bot every time the match is resumed.
    pub fn for_seat(level: Level, match_seed: u64, seat: Seat) -> Bot101 {
        // A different salt from Düz's, so a 101 and a Düz bot of one seed do not share luck.
        let z =
            mix(match_seed ^ 0x0101 ^ (u64::from(seat.0) + 1).wrapping_mul(0xA24B_AED4_963E_E407));
        Bot101::new(level, z)
    }

    /// Sets the hard bot's budget in guessed draws per discard (at least 1): a count, not a
    /// time, so that a game replays on any machine.
    pub fn with_budget(mut self, n: u32) -> Bot101 {
        self.budget = n.max(1);
        self
    }

    /// Makes the hard bot weigh its discard by `n` rollouts of the whole table (the rest of the
    /// round played by medium's policy at every seat over guesses of the hidden tiles) instead
    /// of its race; 0 goes back to the race. A count, not a time, so games replay. Measured
    /// no stronger than the race so far (docs/BOTS.md), hence opt-in.
    pub fn with_rollouts(mut self, n: u32) -> Bot101 {
        self.rollouts = n;
        self
    }

    /// Tells the bot the table's rules (every player knows them). Without them hard's
    /// rollouts assume the default rules for the view's number of players.
    pub fn with_rules(mut self, rules: Rules101) -> Bot101 {
        self.rules = Some(rules);
        self
    }

    /// Tells the bot the table's rules in place (see [`Bot101::with_rules`]).
    pub fn know_rules(&mut self, rules: &Rules101) {
        self.rules = Some(*rules);
    }

    /// The bot's level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// What the bot remembers of the round.
    pub fn memory(&self) -> &Memory101 {
        &self.memory
    }

    /// Shows the bot its seat's view; call it after every action at the table.
    pub fn observe(&mut self, view: &SeatView101) {
        self.memory.observe(view);
    }

    /// What the bot does now: its turn's next action, the next round once a round is over,
    /// None when it has nothing to do.
    pub fn decide(&mut self, view: &SeatView101) -> Option<Action101> {
        self.observe(view);
        let legal = &view.legal_actions;
        if legal.is_empty() {
            return None;
        }
        if view.end.is_some() {
            return legal
                .contains(&Action101::NextRound)
                .then_some(Action101::NextRound);
        }
        if view.turn != Some(view.seat) {
            return None;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(self.decision_seed(view));
        let chosen = match self.level {
            Level::Random => policy::random(view, &mut rng),
            Level::Easy => policy::easy(view, &self.memory, &mut rng),
            Level::Medium => policy::medium(view, &self.memory),
            Level::Hard => {
                let search = if self.rollouts == 0 {
                    hard::Search::Race(self.budget)
                } else {
                    let rules = self.rules.unwrap_or_else(|| Rules101 {
                        players: u8::try_from(view.players.len()).unwrap_or(4),
                        ..Rules101::default()
                    });
                    hard::Search::Rollouts(self.rollouts, rules)
                };
                hard::decide(view, &self.memory, search, &mut rng)
            }
        };
        match chosen {
            Some(a) if legal.contains(&a) || opening::is_built(&a, view) => Some(a),
            _ => {
                // A policy's mistake must never reach the table; tests count it.
                self.slips += 1;
                Some(policy::fallback(view))
            }
        }
    }

    /// How many times the level's choice was not one it may make and a safe action was
    /// played instead. Always 0 unless a level has a bug.
    pub fn slips(&self) -> u32 {
        self.slips
    }

    /// A seed for this decision alone, from the bot's seed and the public state of the
    /// table, so the same position gets the same choice however the bot was restored.
    fn decision_seed(&self, view: &SeatView101) -> u64 {
        let mut h = self.seed ^ 0x5851_F42D_4C95_7F2D;
        let sizes = view
            .players
            .iter()
            .fold(0u64, |acc, p| acc.wrapping_mul(31) ^ p.hand_size as u64);
        for part in [
            u64::from(view.rounds.0),
            view.pile as u64,
            view.table.len() as u64,
            sizes,
            u64::from(view.taken),
        ] {
            h = mix(h ^ part);
        }
        h
    }
}

impl Player for Bot101 {
    type Game = Match101;

    fn for_seat(level: Level, match_seed: u64, seat: Seat) -> Bot101 {
        Bot101::for_seat(level, match_seed, seat)
    }
    fn seeded(level: Level, seed: u64) -> Bot101 {
        Bot101::new(level, seed)
    }
    fn know(&mut self, m: &Match101) {
        self.know_rules(m.rules());
    }
    fn level(&self) -> Level {
        Bot101::level(self)
    }
    fn observe(&mut self, view: &SeatView101) {
        Bot101::observe(self, view)
    }
    fn decide(&mut self, view: &SeatView101) -> Option<Action101> {
        Bot101::decide(self, view)
    }
    fn next_move(m: &Match101, bots: &mut [Option<Bot101>]) -> Option<BotMove<Action101>> {
        next_move101(m, bots)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use okey_core::r101::Rules101;

    #[test]
    fn rejoined_bots_sit_where_levels_are_given_and_play_on_legally() {
        let mut m = Match101::new(Rules101::default(), 9).unwrap();
        let mut bots: Vec<Option<Bot101>> = (0..4)
            .map(|s| Some(Bot101::for_seat(Level::Medium, 9, Seat(s))))
            .collect();
        for _ in 0..30 {
            let mv = next_move101(&m, &mut bots).unwrap();
            m.apply(mv.seat, mv.action).unwrap();
        }
        let levels = [
            Some(Level::Medium),
            None,
            Some(Level::Easy),
            Some(Level::Hard),
        ];
        let mut again = Bot101::rejoin(&levels, &m, &m);
        assert_eq!(
            again
                .iter()
                .map(|b| b.as_ref().map(Bot101::level))
                .collect::<Vec<_>>(),
            levels.to_vec()
        );
        again[1] = Some(Bot101::for_seat(Level::Random, 9, Seat(1)));
        for _ in 0..30 {
            let mv = next_move101(&m, &mut again).unwrap();
            assert!(m.round().is_legal(mv.seat, &mv.action), "{:?}", mv.action);
            m.apply(mv.seat, mv.action).unwrap();
            if m.round().is_over() {
                break;
            }
        }
        assert!(again.iter().flatten().all(|b| b.slips() == 0));
    }
}
