//! A 101 match (R101-34, R101-35): rounds dealt from one seed, the starter moving right each
//! counted round, voided rounds dealt again, totals, the winners, and replay from the log.

use super::action::Action101;
use super::deal::simple;
use super::error::{Error101, Replay101Error};
use super::round::{Event101, Round101};
use super::rules::{Rules101, Rules101Error};
use super::scoring::{EndKind, RoundEnd101};
use super::view::SeatView101;
use crate::error::TurnError;
use crate::rules::Seat;

/// A match of 101.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match101 {
    rules: Rules101,
    seed: u64,
    log: Vec<(Seat, Action101)>,
    round: Round101,
    /// Deals made, voided ones included: each has its own seed.
    deals: u64,
    /// Rounds that count (not voided), finished.
    counted: u8,
    totals: Vec<i32>,
    results: Vec<RoundEnd101>,
}

/// The seed of deal `k` of a match seeded `seed`.
fn deal_seed(seed: u64, k: u64) -> u64 {
    seed ^ k.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl Match101 {
    /// A new match; seat 0 starts the first round.
    pub fn new(rules: Rules101, seed: u64) -> Result<Match101, Rules101Error> {
        rules.validate()?;
        // A preset deal (Learn's lessons) writes the racks; seat 0 starts either way.
        let seats: Vec<Seat> = (0..rules.players).map(Seat).collect();
        let preset = crate::preset::preset(seed)
            .filter(|p| p.hands.len() == seats.len())
            .and_then(|p| p.order(&seats, 22).ok());
        let round = match preset {
            Some(order) => Round101::dealt(rules, Seat(0), simple(order, seats.len())),
            None => Round101::new(rules, Seat(0), deal_seed(seed, 0)),
        };
        Ok(Match101 {
            rules,
            seed,
            log: Vec::new(),
            round,
            deals: 1,
            counted: 0,
            totals: vec![0; usize::from(rules.players)],
            results: Vec::new(),
        })
    }

    /// The rules.
    pub fn rules(&self) -> &Rules101 {
        &self.rules
    }
    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// Every accepted action in order.
    pub fn log(&self) -> &[(Seat, Action101)] {
        &self.log
    }
    /// The current round.
    pub fn round(&self) -> &Round101 {
        &self.round
    }
    /// Each seat's total so far (R101-34).
    pub fn totals(&self) -> &[i32] {
        &self.totals
    }
    /// The results of the rounds played, voided ones included.
    pub fn results(&self) -> &[RoundEnd101] {
        &self.results
    }
    /// Rounds that counted so far.
    pub fn rounds_played(&self) -> u8 {
        self.counted
    }
    /// Team totals in partnership: seats 0+2 and 1+3 (R101-35).
    pub fn team_totals(&self) -> Option<[i32; 2]> {
        self.rules.partnership.then(|| {
            [
                self.totals[0] + self.totals[2],
                self.totals[1] + self.totals[3],
            ]
        })
    }
    /// Whether the last round has been played.
    pub fn is_over(&self) -> bool {
        self.counted >= self.rules.rounds
    }
    /// The seats with the lowest total (their team's in partnership), once the match is over.
    pub fn winners(&self) -> Option<Vec<Seat>> {
        if !self.is_over() {
            return None;
        }
        let score = |s: Seat| match self.team_totals() {
            Some(t) => t[s.index() % 2],
            None => self.totals[s.index()],
        };
        let best = self.rules.seats().map(score).min()?;
        Some(self.rules.seats().filter(|&s| score(s) == best).collect())
    }

    /// What `seat` may see now (R101-5); refused for a seat not at the table, as Düz's
    /// [`Match::view`](crate::game::Match::view) is.
    pub fn view(&self, seat: Seat) -> Result<SeatView101, Error101> {
        let rounds = (self.rounds_played(), self.rules.rounds);
        SeatView101::build(
            &self.round,
            seat,
            &self.totals,
            rounds,
            self.legal_actions(seat),
        )
        .ok_or(TurnError::NoSuchSeat(seat.0).into())
    }

    /// The actions `seat` may take (see [`Round101::legal_actions`]), and the next round.
    pub fn legal_actions(&self, seat: Seat) -> Vec<Action101> {
        if self.round.is_over() {
            return if self.is_over() {
                Vec::new()
            } else {
                vec![Action101::NextRound]
            };
        }
        self.round.legal_actions(seat)
    }

    /// Applies an action; a refused one changes nothing.
    pub fn apply(&mut self, seat: Seat, action: Action101) -> Result<Vec<Event101>, Error101> {
        if self.is_over() {
            return Err(TurnError::MatchOver.into());
        }
        if seat.0 >= self.rules.players {
            return Err(TurnError::NoSuchSeat(seat.0).into());
        }
        let events = if action == Action101::NextRound {
            self.next_round()?;
            Vec::new()
        } else {
            let events = self.round.apply(seat, &action)?;
            if let Some(end) = self.round.end() {
                let end = end.clone();
                if end.kind != EndKind::Void {
                    self.counted += 1;
                    for line in &end.lines {
                        self.totals[line.seat.index()] += line.total;
                    }
                }
                self.results.push(end);
            }
            events
        };
        self.log.push((seat, action));
        Ok(events)
    }

    /// The current round, to rig it in tests.
    #[cfg(test)]
    pub(crate) fn round_mut(&mut self) -> &mut Round101 {
        &mut self.round
    }

    fn next_round(&mut self) -> Result<(), Error101> {
        let end = self.round.end().ok_or(TurnError::RoundNotOver)?;
        let n = self.rules.players;
        // A voided round is dealt again by the same starter (R101-18).
        let starter = match end.kind {
            EndKind::Void => self.round.starter(),
            _ => Seat((self.round.starter().0 + 1) % n),
        };
        self.round = Round101::new(self.rules, starter, deal_seed(self.seed, self.deals));
        self.deals += 1;
        Ok(())
    }
}

/// Replays a match from its seed and log.
pub fn replay101(
    rules: Rules101,
    seed: u64,
    log: &[(Seat, Action101)],
) -> Result<Match101, Replay101Error> {
    let mut m = Match101::new(rules, seed)?;
    for (index, (seat, action)) in log.iter().enumerate() {
        m.apply(*seat, action.clone())
            .map_err(|error| Replay101Error::Refused {
                index,
                seat: *seat,
                action: action.clone(),
                error,
            })?;
    }
    Ok(m)
}
