//! The programs of an arena's outside seats: one line per `external` entry of the seats,
//! started when first needed, kept from round to round (the entry's bot moves round the
//! table with the duplicate rotation, and `hello` tells it its seat), started again at the
//! next round when it died (never in the middle of one).

use super::seat::{OutsideSeat, Seated};
use super::{Line, LineError, Spoken};
use crate::arena_loop::{Deal, Tallies};
use crate::entrant::Entrant;
use crate::player::Player;
use okey_core::{Game, Seat};

/// A line to no program: every message fails as if it had ended (the arena's default when
/// it is given no way to start one).
pub struct Unstarted;

impl Line for Unstarted {
    fn send(&mut self, _line: &str) -> Result<(), LineError> {
        Err(LineError::Closed)
    }
    fn receive(&mut self) -> Result<String, LineError> {
        Err(LineError::Closed)
    }
}

/// The lines of an arena's outside seats, by entry of the seats.
pub(crate) struct Lines<'a> {
    kept: Vec<Option<Box<dyn Line>>>,
    start: &'a mut dyn FnMut() -> Box<dyn Line>,
}

impl<'a> Lines<'a> {
    /// No line yet for any of `entries` seats; `start` starts a program.
    pub fn new(entries: usize, start: &'a mut dyn FnMut() -> Box<dyn Line>) -> Self {
        Lines {
            kept: (0..entries).map(|_| None).collect(),
            start,
        }
    }

    /// The outside bot of seats entry `entry`, seated at `seat` for a round of `rules`.
    pub fn seat<P: Player>(
        &mut self,
        entry: usize,
        rules: <P::Game as Game>::Rules,
        seat: Seat,
        seed: u64,
    ) -> Seated<P>
    where
        P::Game: Spoken,
    {
        let line = self.kept[entry].take().unwrap_or_else(|| (self.start)());
        Seated::Outside(OutsideSeat::new(line, rules, seat, seed))
    }

    /// After round `d`: each outside bot is told the round and its match are over, its
    /// counts go to the outside tally, and its line is kept unless it died.
    pub fn end_round<P: Player, X: Default>(
        &mut self,
        d: &Deal,
        seats: Vec<Option<Seated<P>>>,
        view: impl Fn(Seat) -> Option<<P::Game as Game>::View>,
        tallies: &mut Tallies<X>,
    ) where
        P::Game: Spoken,
    {
        for (s, seated) in seats.into_iter().enumerate() {
            let Some(Seated::Outside(seat)) = seated else {
                continue;
            };
            let view = view(Seat(s as u8));
            let (line, counts, dead) = seat.end(view.as_ref());
            tallies
                .entry(Entrant::Outside)
                .or_default()
                .outside
                .get_or_insert_with(Default::default)
                .add(counts);
            if !dead {
                self.kept[d.entry_of(s)] = Some(line);
            }
        }
    }
}
