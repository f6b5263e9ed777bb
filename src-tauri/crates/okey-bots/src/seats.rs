//! Düz's bot as a [`Player`]; seating bots and rejoining a match in play are written once
//! for both games in [`crate::player`].

use crate::bot::Bot;
use crate::level::Level;
use crate::play::{next_move, BotMove};
use crate::player::Player;
use okey_core::{Match, Seat};

impl Player for Bot {
    type Game = Match;

    fn for_seat(level: Level, match_seed: u64, seat: Seat) -> Bot {
        Bot::for_seat(level, match_seed, seat)
    }
    fn seeded(level: Level, seed: u64) -> Bot {
        Bot::new(level, seed)
    }
    fn level(&self) -> Level {
        Bot::level(self)
    }
    fn observe(&mut self, view: &okey_core::SeatView) {
        Bot::observe(self, view)
    }
    fn decide(&mut self, view: &okey_core::SeatView) -> Option<okey_core::Action> {
        Bot::decide(self, view)
    }
    fn next_move(m: &Match, bots: &mut [Option<Bot>]) -> Option<BotMove> {
        next_move(m, bots)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::next_move;
    use crate::player::show_all;
    use okey_core::{Action, Rules};

    fn seat_bots(levels: &[Option<Level>], seed: u64) -> Vec<Option<Bot>> {
        crate::player::seat_bots(levels, seed)
    }

    fn rejoin(levels: &[Option<Level>], start: &Match, now: &Match) -> Vec<Option<Bot>> {
        Bot::rejoin(levels, start, now)
    }

    const LEVELS: [Option<Level>; 4] = [
        Some(Level::Medium),
        Some(Level::Easy),
        Some(Level::Medium),
        Some(Level::Random),
    ];

    /// Plays `n` bot actions on `m`.
    fn play(m: &mut Match, bots: &mut [Option<Bot>], n: usize) {
        for _ in 0..n {
            if m.is_over() {
                return;
            }
            let mv = next_move(m, bots).expect("a bot moves");
            m.apply(mv.seat, mv.action).expect("a legal action");
        }
    }

    /// The match as its current round was dealt, worked out from the log alone, as a
    /// resume that replays it does.
    fn round_start_of(m: &Match) -> Match {
        let log = m.log();
        let dealt = log
            .iter()
            .rposition(|&(_, a)| a == Action::NextRound)
            .map_or(0, |i| i + 1);
        okey_core::replay(*m.rules(), m.seed(), &log[..dealt]).expect("the log replays")
    }

    #[test]
    fn rejoined_bots_make_the_moves_an_uninterrupted_match_makes() {
        let mut straight = Match::new(Rules::default(), 21).unwrap();
        let mut bots = seat_bots(&LEVELS, 21);
        play(&mut straight, &mut bots, 420);
        let expected = straight.log();
        assert!(
            expected.iter().any(|&(_, a)| a == Action::NextRound),
            "the test crosses a round"
        );

        // Interrupted every 37 actions: the bots come back from the match alone.
        let mut m = Match::new(Rules::default(), 21).unwrap();
        while m.log().len() < expected.len() {
            let mut bots = rejoin(&LEVELS, &round_start_of(&m), &m);
            let left = expected.len() - m.log().len();
            play(&mut m, &mut bots, 37.min(left));
        }
        let first_difference = m.log().iter().zip(expected).position(|(a, b)| a != b);
        assert_eq!(first_difference, None, "the rejoined bots went another way");
    }

    #[test]
    fn rejoin_remembers_the_round_as_a_live_table_does() {
        let mut m = Match::new(Rules::default(), 5).unwrap();
        let mut live = seat_bots(&LEVELS, 5);
        play(&mut m, &mut live, 30);
        show_all(&m, &mut live);
        let back = rejoin(&LEVELS, &round_start_of(&m), &m);
        for (a, b) in live.iter().zip(&back) {
            let (a, b) = (a.as_ref().unwrap(), b.as_ref().unwrap());
            assert_eq!(a.memory(), b.memory());
        }
    }

    #[test]
    fn a_person_s_seat_gets_no_bot_and_a_foreign_log_is_not_replayed() {
        let levels = [None, Some(Level::Easy)];
        let rules = Rules {
            players: 2,
            ..Rules::default()
        };
        let start = Match::new(rules, 3).unwrap();
        let bots = rejoin(&levels, &start, &start);
        assert!(bots[0].is_none());
        assert_eq!(bots[1].as_ref().map(Bot::level), Some(Level::Easy));
        // A later match that is not this one: its actions do not replay and are left out.
        let mut other = Match::new(rules, 4).unwrap();
        let mut all = seat_bots(&[Some(Level::Easy), Some(Level::Easy)], 4);
        play(&mut other, &mut all, 5);
        assert_eq!(rejoin(&levels, &other, &start).len(), 2);
        assert_eq!(rejoin(&levels, &start, &other).len(), 2);
    }
}
