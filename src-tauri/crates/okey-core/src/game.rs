//! A match (R12, R18, R23, R24): rounds one after another, the deal passing to the right,
//! scores, elimination and the end. Everything follows from the rules, the seed and the log
//! of actions, so a match replays exactly.

use crate::action::Action;
use crate::deal;
use crate::error::{ReplayError, RuleError, TurnError};
use crate::event::Event;
use crate::preset;
use crate::rack::Slot;
use crate::round::Round;
use crate::rules::{Rules, RulesError, Seat};
use crate::scoring::{self, ChargeReason, Payer, RoundLoss};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// A whole match: rules, seed, scores and the round being played, plus the log of every
/// accepted action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Match {
    rules: Rules,
    seed: u64,
    /// Scores by scoring unit: per seat, or per team in partnership.
    scores: Vec<i32>,
    /// Per seat: still in the match (R23 elimination).
    in_match: Vec<bool>,
    round: Round,
    winners: Option<Vec<Seat>>,
    log: Vec<(Seat, Action)>,
}

/// The random source of one part of a match: stream 0 picks the first dealer, stream `n`
/// deals round `n`. Separate streams keep every round independent of how long others ran.
fn rng(seed: u64, stream: u32) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(u64::from(stream));
    rng
}

/// The seats of a round in playing order: from the dealer's right round to the dealer (R12).
fn seating(in_match: &[bool], dealer: Seat) -> Vec<Seat> {
    let n = in_match.len();
    (1..=n)
        .map(|k| (dealer.index() + k) % n)
        .filter(|&i| in_match[i])
        .map(|i| Seat(i as u8))
        .collect()
}

impl Match {
    /// A new match; the first dealer is drawn from the seed (R12), or named by a preset deal
    /// (`preset`), and round 1 is dealt (no
    /// event is returned for it: read it from a view).
    pub fn new(rules: Rules, seed: u64) -> Result<Match, RulesError> {
        rules.validate()?;
        let in_match = vec![true; usize::from(rules.players)];
        let n = in_match.len();
        // A preset deal (Learn's lessons) names its dealer and its racks.
        let preset = preset::preset(seed).filter(|p| p.hands.len() == n);
        let dealer = preset
            .map(|p| p.dealer)
            .unwrap_or_else(|| Seat(rng(seed, 0).gen_range(0..rules.players)));
        let seats = seating(&in_match, dealer);
        let round = match preset.and_then(|p| p.order(&seats, 15).ok()) {
            Some(order) => Round::dealt(rules, 1, seats, deal::simple(order, n)),
            None => Round::new(rules, 1, seats, &mut rng(seed, 1)),
        };
        Ok(Match {
            rules,
            seed,
            scores: vec![i32::from(rules.start_points); scoring::units(&rules)],
            in_match,
            round,
            winners: None,
            log: Vec::new(),
        })
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The seed everything random comes from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Every accepted action in order; `replay` rebuilds the match from it.
    pub fn log(&self) -> &[(Seat, Action)] {
        &self.log
    }

    /// The round being played, or the last one once the match is over. Holds hidden
    /// information: give seats a `view`.
    pub fn round(&self) -> &Round {
        &self.round
    }

    /// Scores by scoring unit (see [`scoring::unit_of`]).
    pub fn scores(&self) -> &[i32] {
        &self.scores
    }

    /// The score a seat plays for (its team's in partnership), if the seat exists.
    pub fn score(&self, seat: Seat) -> Option<i32> {
        self.rules
            .has_seat(seat)
            .then(|| {
                self.scores
                    .get(scoring::unit_of(&self.rules, seat))
                    .copied()
            })
            .flatten()
    }

    /// Whether a seat is still in the match (R23 elimination).
    pub fn in_match(&self, seat: Seat) -> bool {
        self.in_match.get(seat.index()).copied().unwrap_or(false)
    }

    /// The winners, once the match is over (R23).
    pub fn winners(&self) -> Option<&[Seat]> {
        self.winners.as_deref()
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.winners.is_some()
    }

    /// What `seat` may do now: its round actions, or `NextRound` between rounds. Rack moves
    /// are allowed throughout a round and not listed.
    pub fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if self.is_over() || !self.in_match(seat) {
            Vec::new()
        } else if self.round.is_over() {
            vec![Action::NextRound]
        } else {
            self.round.legal_actions(seat)
        }
    }

    /// Applies an action of `seat` and says what happened. On an error nothing has changed
    /// and nothing is logged.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, RuleError> {
        if !self.rules.has_seat(seat) {
            return Err(TurnError::NoSuchSeat(seat.0).into());
        }
        if self.is_over() {
            return Err(TurnError::MatchOver.into());
        }
        let events = match action {
            Action::NextRound => self.next_round(seat)?,
            _ => {
                let events = self.round.apply(seat, action)?;
                self.settle(events)
            }
        };
        self.log.push((seat, action));
        Ok(events)
    }

    /// Moves a tile on the seat's own rack; not a turn, but logged like one.
    pub fn move_tile(&mut self, seat: Seat, from: Slot, to: Slot) -> Result<(), RuleError> {
        self.apply(seat, Action::Move { from, to }).map(drop)
    }

    /// Once the round is over, what each seat lost in it and why: the round's actions
    /// played again from `round_start` (this match as the round was dealt), their charges
    /// sorted by cause. None while it is played, or when `round_start` is not this match's.
    pub fn round_losses(&self, round_start: &Match) -> Option<Vec<RoundLoss>> {
        if !self.round().is_over() {
            return None;
        }
        let mut m = round_start.clone();
        let rules = *m.rules();
        let mut losses = vec![RoundLoss::default(); usize::from(rules.players)];
        for &(seat, action) in self.log().get(m.log().len()..).unwrap_or_default() {
            let in_match: Vec<bool> = rules.seats().map(|s| m.in_match(s)).collect();
            // The log was checked when the match was loaded; a refusal here would mean the
            // breakdown is unknown, not that the game is wrong.
            let Ok(events) = m.apply(seat, action) else {
                return None;
            };
            for event in events {
                let Event::Charged(charge) = event else {
                    continue;
                };
                for (loss, s) in losses.iter_mut().zip(rules.seats()) {
                    let unit = |x: Seat| scoring::unit_of(&rules, x);
                    let pays = match charge.payer {
                        Payer::Seat(p) => unit(s) == unit(p),
                        Payer::OthersOf(p) => unit(s) != unit(p) && in_match[s.index()],
                    };
                    if !pays {
                        continue;
                    }
                    let cause = match charge.reason {
                        ChargeReason::Finish => &mut loss.finish,
                        ChargeReason::Gosterge => &mut loss.gosterge,
                        ChargeReason::OkeyDiscard | ChargeReason::FalseClaim => &mut loss.penalties,
                    };
                    *cause += charge.points;
                }
            }
        }
        Some(losses)
    }

    fn next_round(&mut self, seat: Seat) -> Result<Vec<Event>, RuleError> {
        if !self.round.is_over() {
            return Err(TurnError::RoundNotOver.into());
        }
        if !self.in_match(seat) {
            return Err(RuleError::NotPlaying(seat));
        }
        // The deal passes to the right: the next seat still in the match (R12).
        let last = self.round.dealer();
        let dealer = seating(&self.in_match, last)
            .first()
            .copied()
            .unwrap_or(last);
        let number = self.round.number() + 1;
        let seats = seating(&self.in_match, dealer);
        self.round = Round::new(self.rules, number, seats, &mut rng(self.seed, number));
        let r = &self.round;
        Ok(vec![Event::RoundStarted {
            round: number,
            dealer,
            starter: r.seats().first().copied().unwrap_or(dealer),
            indicator: r.joker().indicator(),
            dice: r.record().dice().cloned(),
        }])
    }

    /// Applies the charges among `events`, and closes the match when the round ended.
    fn settle(&mut self, events: Vec<Event>) -> Vec<Event> {
        let mut out = Vec::with_capacity(events.len());
        for event in events {
            if let Event::Charged(charge) = &event {
                scoring::apply(&self.rules, &self.in_match, charge, &mut self.scores);
            }
            let ended = matches!(event, Event::RoundEnded(_));
            out.push(event);
            if ended {
                out.extend(self.close_round());
            }
        }
        out
    }

    /// R23: after a round, anyone at 0 or less ends the match, or with elimination leaves it
    /// until one player (team) is left.
    fn close_round(&mut self) -> Vec<Event> {
        let rules = self.rules;
        let live: Vec<usize> = (0..scoring::units(&rules))
            .filter(|&u| {
                scoring::seats_of(&rules, u)
                    .iter()
                    .any(|&s| self.in_match(s))
            })
            .collect();
        let (down, up): (Vec<usize>, Vec<usize>) = live.iter().partition(|&&u| self.scores[u] <= 0);
        if down.is_empty() {
            return Vec::new();
        }
        let mut events = Vec::new();
        let winning_units = if !rules.elimination {
            // With 4 separate players the two highest win, otherwise the best one; a player
            // at 0 or less has lost, unless nobody is above 0.
            let places = if rules.players == 4 && !rules.partnership {
                2
            } else {
                1
            };
            if up.is_empty() {
                scoring::best(&self.scores, &live, 1)
            } else {
                scoring::best(&self.scores, &up, places)
            }
        } else {
            for &u in &down {
                for seat in scoring::seats_of(&rules, u) {
                    self.in_match[seat.index()] = false;
                    events.push(Event::Eliminated { seat });
                }
            }
            match up.len() {
                0 => scoring::best(&self.scores, &down, 1),
                1 => up,
                _ => return events,
            }
        };
        let winners: Vec<Seat> = winning_units
            .iter()
            .flat_map(|&u| scoring::seats_of(&rules, u))
            .collect();
        self.winners = Some(winners.clone());
        events.push(Event::MatchEnded { winners });
        events
    }
}

/// Rebuilds a match from its rules, seed and log. The result equals the match that wrote
/// the log.
pub fn replay(rules: Rules, seed: u64, log: &[(Seat, Action)]) -> Result<Match, ReplayError> {
    replay_each(rules, seed, log.iter().copied(), |_, _, _| {})
}

/// [`replay`], calling `each` after every action with its index in the log, the match as it
/// then stands and the action's events (to record what happened along the way).
pub fn replay_each(
    rules: Rules,
    seed: u64,
    log: impl IntoIterator<Item = (Seat, Action)>,
    mut each: impl FnMut(usize, &Match, &[Event]),
) -> Result<Match, ReplayError> {
    let mut m = Match::new(rules, seed)?;
    for (index, (seat, action)) in log.into_iter().enumerate() {
        let events = m
            .apply(seat, action)
            .map_err(|error| ReplayError::Refused {
                index,
                seat,
                action,
                error,
            })?;
        each(index, &m, &events);
    }
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::RoundEnd;
    use crate::round::rig::{rig, tile_of, WIN};

    /// Rigs the current round so its starter holds a win, and finishes with K3 (no okey).
    fn finish_round(m: &mut Match) -> Seat {
        if m.round.is_over() {
            let seat = m.rules.seats().find(|&s| m.in_match(s)).unwrap();
            m.apply(seat, Action::NextRound).unwrap();
        }
        rig(&mut m.round, "Y9", WIN);
        let starter = m.round.seats()[0];
        let k3 = tile_of(&m.round, starter, "K3");
        m.apply(starter, Action::Finish(k3)).unwrap();
        starter
    }

    #[test]
    fn r18_round_losses_name_what_each_seat_lost_to_the_finish() {
        let mut m = Match::new(Rules::default(), 21).unwrap();
        // Rigged before the copy, so the copy's replay finishes the same way.
        rig(&mut m.round, "Y9", WIN);
        let start = m.clone();
        assert_eq!(
            m.round_losses(&start),
            None,
            "none while the round is played"
        );
        let finisher = m.round.seats()[0];
        let k3 = tile_of(&m.round, finisher, "K3");
        m.apply(finisher, Action::Finish(k3)).unwrap();
        let losses = m.round_losses(&start).expect("the round is over");
        for s in m.rules.seats() {
            let lost = start.score(s).unwrap() - m.score(s).unwrap();
            let loss = losses[s.index()];
            assert_eq!(loss.finish + loss.gosterge + loss.penalties, lost, "{s}");
            assert_eq!((loss.gosterge, loss.penalties), (0, 0), "{s}");
            assert_eq!(loss.finish > 0, s != finisher, "{s}");
        }
    }

    #[test]
    fn r12_dealer_is_random_and_passes_to_the_right() {
        let dealers: std::collections::BTreeSet<Seat> = (0..40)
            .map(|seed| Match::new(Rules::default(), seed).unwrap().round().dealer())
            .collect();
        assert_eq!(dealers.len(), 4, "every seat deals first for some seed");
        let mut m = Match::new(Rules::default(), 3).unwrap();
        let first = m.round().dealer();
        assert_eq!(
            m.round().seats()[0],
            Seat((first.0 + 1) % 4),
            "the dealer's right starts"
        );
        finish_round(&mut m);
        let events = m.apply(first, Action::NextRound).unwrap();
        let second = m.round().dealer();
        assert_eq!(second, Seat((first.0 + 1) % 4));
        assert!(
            matches!(&events[0], Event::RoundStarted { round: 2, dealer, .. } if *dealer == second)
        );
    }

    #[test]
    fn r18_finish_costs_every_other_player() {
        let mut m = Match::new(Rules::default(), 4).unwrap();
        let winner = finish_round(&mut m);
        for seat in m.rules().seats() {
            let expected = if seat == winner { 20 } else { 18 };
            assert_eq!(m.score(seat), Some(expected));
        }
    }

    #[test]
    fn r23_match_ends_and_two_highest_win() {
        let rules = Rules {
            start_points: 2,
            ..Rules::default()
        };
        let mut m = Match::new(rules, 5).unwrap();
        let first = finish_round(&mut m);
        assert!(m.is_over(), "everyone else reached 0");
        let winners = m.winners().unwrap().to_vec();
        assert_eq!(winners, vec![first], "ties at 0 below the single 2");
        assert_eq!(
            m.apply(first, Action::NextRound),
            Err(TurnError::MatchOver.into())
        );
        assert!(m.legal_actions(first).is_empty());

        let rules = Rules {
            start_points: 4,
            ..Rules::default()
        };
        let mut m = Match::new(rules, 6).unwrap();
        let a = finish_round(&mut m);
        assert!(!m.is_over());
        let b = finish_round(&mut m);
        assert_ne!(a, b, "the deal moved on, so another seat starts");
        assert!(m.is_over());
        let mut winners = m.winners().unwrap().to_vec();
        winners.sort();
        let mut expected = vec![a, b];
        expected.sort();
        assert_eq!(winners, expected);
    }

    #[test]
    fn r23_elimination_plays_on_until_one_is_left() {
        let rules = Rules {
            start_points: 2,
            elimination: true,
            players: 3,
            ..Rules::default()
        };
        let mut m = Match::new(rules, 7).unwrap();
        let first = finish_round(&mut m);
        assert!(m.is_over());
        assert_eq!(m.winners(), Some(&[first][..]));
        let rules = Rules {
            start_points: 3,
            ..rules
        };
        let mut m = Match::new(rules, 8).unwrap();
        let a = finish_round(&mut m);
        assert!(!m.is_over());
        let b = finish_round(&mut m);
        // The third seat lost 2 twice and left; the two finishers stay on 1 each.
        let c = m.rules().seats().find(|&s| s != a && s != b).unwrap();
        let out: Vec<Seat> = m.rules().seats().filter(|&s| !m.in_match(s)).collect();
        assert_eq!(out, vec![c]);
        assert!(!m.is_over());
        m.apply(a, Action::NextRound).unwrap();
        assert_eq!(m.round().seats().len(), 2);
        assert!(!m.round().seats().contains(&c));
        assert_eq!(m.apply(c, Action::Draw), Err(RuleError::NotPlaying(c)));
    }

    #[test]
    fn r24_partners_share_score() {
        let rules = Rules {
            partnership: true,
            ..Rules::default()
        };
        let mut m = Match::new(rules, 9).unwrap();
        let winner = finish_round(&mut m);
        let partner = Seat((winner.0 + 2) % 4);
        let opponent = Seat((winner.0 + 1) % 4);
        assert_eq!(m.score(winner), Some(20));
        assert_eq!(m.score(partner), Some(20));
        assert_eq!(m.score(opponent), Some(18));
        assert_eq!(m.score(Seat((winner.0 + 3) % 4)), Some(18));
        assert_eq!(m.scores().len(), 2);
    }

    #[test]
    fn replay_rebuilds_the_same_match() {
        let mut m = Match::new(Rules::default(), 10).unwrap();
        for _ in 0..30 {
            let seat = m.round().turn().unwrap();
            let action = m.legal_actions(seat)[0];
            m.apply(seat, action).unwrap();
        }
        let slots = m.round().rack(Seat(0)).unwrap().slots();
        let full = slots.iter().position(Option::is_some).unwrap();
        m.move_tile(Seat(0), Slot(full as u8), Slot(31)).unwrap();
        let again = replay(*m.rules(), m.seed(), m.log()).unwrap();
        assert_eq!(again, m);
        let json = serde_json::to_string(&m).unwrap();
        assert_eq!(serde_json::from_str::<Match>(&json).unwrap(), m);
    }

    #[test]
    fn replay_names_the_refused_entry() {
        let err = replay(Rules::default(), 1, &[(Seat(7), Action::Draw)]).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("entry 0 (seat 7: draw) was refused: there is no seat 7"),
            "{err}"
        );
        let bad = Rules {
            players: 1,
            ..Rules::default()
        };
        assert!(matches!(replay(bad, 1, &[]), Err(ReplayError::Rules(_))));
    }

    #[test]
    fn match_refuses_bad_seats_and_early_next_round() {
        let mut m = Match::new(Rules::default(), 11).unwrap();
        assert_eq!(
            m.apply(Seat(4), Action::Draw),
            Err(TurnError::NoSuchSeat(4).into())
        );
        assert!(m.view(Seat(200)).is_err());
        assert_eq!(
            m.apply(Seat(0), Action::NextRound),
            Err(TurnError::RoundNotOver.into())
        );
        assert!(m.log().is_empty());
        finish_round(&mut m);
        assert!(matches!(m.round().end(), Some(RoundEnd::Finished { .. })));
        assert_eq!(m.legal_actions(Seat(1)), vec![Action::NextRound]);
    }
}
