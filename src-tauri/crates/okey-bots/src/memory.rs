//! What a seat remembers of the round: every discard it saw land, who took which discard,
//! and which tiles other racks are known to hold. Built only from the views the seat was
//! shown, one after every action at the table, as a player watching the table would.

use crate::policy::after;
use okey_core::{Kind, Seat, SeatView, Tile};

/// One discard stack as remembered: its size, and its top tiles as far as they were seen.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Stack {
    count: usize,
    /// The top `known.len()` tiles, bottom first. All of them when the seat saw every discard.
    known: Vec<Tile>,
}

/// A seat's memory of the current round.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Memory {
    seat: Option<Seat>,
    round: u32,
    stacks: Vec<Stack>,
    /// Tiles each seat is known to hold: discards it took, a gösterge it showed.
    holds: Vec<Vec<Tile>>,
    /// Kinds each seat took from a discard this round: what it visibly collects.
    took: Vec<Vec<Kind>>,
    /// Every tile each seat was seen to discard this round, in order.
    discarded: Vec<Vec<Tile>>,
    gosterge_seen: bool,
}

impl Memory {
    /// Updates the memory from the seat's latest view. Views must come after every action
    /// for the memory to be complete; a gap only makes it forget, never wrong.
    pub fn observe(&mut self, view: &SeatView) {
        let fresh = self.seat != Some(view.seat)
            || self.round != view.round
            || self.stacks.len() != view.players.len();
        if fresh {
            *self = Memory {
                seat: Some(view.seat),
                round: view.round,
                stacks: vec![Stack::default(); view.players.len()],
                holds: vec![Vec::new(); view.players.len()],
                took: vec![Vec::new(); view.players.len()],
                discarded: vec![Vec::new(); view.players.len()],
                gosterge_seen: false,
            };
        }
        for (i, p) in view.players.iter().enumerate() {
            let d = &p.discards;
            let before = self.stacks[i].count;
            if d.count == before + 1 {
                if let Some(top) = d.top {
                    self.stacks[i].known.push(top);
                    self.discarded[i].push(top);
                    // The discarder no longer holds it.
                    self.holds[i].retain(|&t| t != top);
                }
            } else if d.count + 1 == before {
                if let Some(taken) = self.stacks[i].known.pop() {
                    let next = after(view, p.seat).map_or(i, |s| s.index());
                    self.holds[next].push(taken);
                    self.took[next].push(taken.kind());
                }
            } else if d.count != before {
                self.stacks[i].known.clear();
            }
            self.stacks[i].count = d.count;
            match &d.tiles {
                Some(all) => self.stacks[i].known = all.clone(),
                None if self.stacks[i].known.last().copied() != d.top => {
                    // Out of step (a missed view): keep only what is certain.
                    self.stacks[i].known = d.top.into_iter().collect();
                }
                None => {}
            }
        }
        if let (false, Some((seat, tile))) = (self.gosterge_seen, view.gosterge) {
            self.gosterge_seen = true;
            if seat != view.seat {
                if let Some(h) = self.holds.get_mut(seat.index()) {
                    h.push(tile);
                }
            }
        }
    }

    /// Kinds `seat` took from a discard this round.
    pub fn took(&self, seat: Seat) -> &[Kind] {
        self.took.get(seat.index()).map_or(&[], Vec::as_slice)
    }

    /// Tiles `seat` was seen to discard this round, first first.
    pub fn discarded(&self, seat: Seat) -> &[Tile] {
        self.discarded.get(seat.index()).map_or(&[], Vec::as_slice)
    }

    /// Tiles known to be in the rack of `seat`: the discards it took and still holds, a
    /// gösterge it showed.
    pub fn holds(&self, seat: Seat) -> &[Tile] {
        self.holds.get(seat.index()).map_or(&[], Vec::as_slice)
    }

    /// Every tile the seat knows is not in the pile or a hidden rack part: its own rack,
    /// the discards seen, tiles known in other racks, the indicator on the table and the
    /// finishing discard.
    pub fn known_tiles(&self, view: &SeatView) -> Vec<Tile> {
        let mut known: Vec<Tile> = view.rack.iter().flatten().copied().collect();
        for s in &self.stacks {
            known.extend(&s.known);
        }
        for (i, h) in self.holds.iter().enumerate() {
            if i != view.seat.index() {
                known.extend(h);
            }
        }
        known.extend(view.indicator_tile);
        known.extend(view.centre);
        known.sort_unstable();
        known.dedup();
        known
    }

    /// How many copies of each kind the seat has not seen anywhere (0..=2), by kind index.
    pub fn unseen(&self, view: &SeatView) -> [u8; Kind::COUNT] {
        let mut unseen = [2u8; Kind::COUNT];
        for t in self.known_tiles(view) {
            let u = &mut unseen[t.kind().index()];
            *u = u.saturating_sub(1);
        }
        unseen
    }

    /// Tiles of every discard stack not seen (the memory started late): how many per seat.
    pub fn unknown_in_stacks(&self) -> Vec<usize> {
        self.stacks
            .iter()
            .map(|s| s.count.saturating_sub(s.known.len()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use okey_core::{Action, Match, Phase, Rules};

    /// Plays `turns` turns where each seat takes the discard when it can, remembering as
    /// seat 0.
    fn watch(turns: usize) -> (Match, Memory) {
        let mut m = Match::new(Rules::default(), 5).unwrap();
        let mut memory = Memory::default();
        memory.observe(&m.view(Seat(0)).unwrap());
        for _ in 0..turns {
            let seat = m.round().turn().unwrap();
            if m.round().phase() == Some(Phase::Draw) {
                let take = m.legal_actions(seat).contains(&Action::TakeDiscard);
                let action = if take {
                    Action::TakeDiscard
                } else {
                    Action::Draw
                };
                m.apply(seat, action).unwrap();
                memory.observe(&m.view(Seat(0)).unwrap());
            }
            let tile = m.round().rack(seat).unwrap().tiles().nth(3).unwrap();
            m.apply(seat, Action::Discard(tile)).unwrap();
            memory.observe(&m.view(Seat(0)).unwrap());
        }
        (m, memory)
    }

    #[test]
    fn r15_memory_sees_every_discard_and_every_take() {
        let (m, memory) = watch(14);
        let round = m.round();
        for seat in round.seats() {
            let stack = round.discards(*seat);
            assert_eq!(memory.stacks[seat.index()].known, stack, "seat {seat:?}");
            // Everything a seat is known to hold is really in its rack.
            for t in memory.holds(*seat) {
                assert!(round.rack(*seat).unwrap().contains(*t));
            }
        }
        assert!(
            round.seats().iter().any(|&s| !memory.took(s).is_empty()),
            "takes were seen"
        );
        let view = m.view(Seat(0)).unwrap();
        // Every tile not known is really in the pile or another rack.
        let known = memory.known_tiles(&view);
        let hidden = 106 - known.len();
        let others: usize = round
            .seats()
            .iter()
            .filter(|&&s| s != Seat(0))
            .map(|&s| round.rack(s).unwrap().len() - memory.holds(s).len())
            .sum();
        assert_eq!(hidden, others + round.pile_len());
    }
}
