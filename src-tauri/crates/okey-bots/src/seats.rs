//! The bots at a match's seats: fresh ones for a new match, and ones that rejoin a match in
//! play (resumed from a save) remembering its current round as if they had never left.

use crate::bot::Bot;
use crate::level::Level;
use crate::play::{next_move, BotMove};
use crate::player::{show_all, Player};
use okey_core::{Match, Seat};

/// Fresh bots for the seats of a match dealt from `match_seed`: one entry per seat, a bot of
/// the level given, None for a person. The same seeds every time, so a resumed match plays
/// on as it would have ([`Bot::for_seat`]).
pub fn seat_bots(levels: &[Option<Level>], match_seed: u64) -> Vec<Option<Bot>> {
    (0u8..)
        .zip(levels)
        .map(|(i, level)| level.map(|level| Bot::for_seat(level, match_seed, Seat(i))))
        .collect()
}

/// The bots of a match in play, one entry per seat (None for a person): each has seen the
/// current round from its seat after every action, exactly as at a live table, so the match
/// goes on with the moves it would have made uninterrupted. `round_start` is the match as
/// its current round was dealt and `now` the same match later: its log goes on from
/// `round_start`'s, and those actions are replayed to the bots.
pub fn rejoin(levels: &[Option<Level>], round_start: &Match, now: &Match) -> Vec<Option<Bot>> {
    let mut bots = seat_bots(levels, now.seed());
    let mut m = round_start.clone();
    show_all(&m, &mut bots);
    let played = now.log().get(round_start.log().len()..).unwrap_or_default();
    for &(seat, action) in played {
        // `now` went through these actions, so none is refused unless the two matches are
        // not the same one: then the bots remember what could be replayed.
        if m.apply(seat, action).is_err() {
            break;
        }
        show_all(&m, &mut bots);
    }
    bots
}

impl Player for Bot {
    type Game = Match;

    fn for_seat(level: Level, match_seed: u64, seat: Seat) -> Bot {
        Bot::for_seat(level, match_seed, seat)
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
    fn rejoin(levels: &[Option<Level>], round_start: &Match, now: &Match) -> Vec<Option<Bot>> {
        rejoin(levels, round_start, now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::next_move;
    use okey_core::{Action, Rules};

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
