//! The most plain tiles of a hand that one winning 14 keeps: a branch-and-bound search.
//!
//! A winning 14 is a list of melds whose positions each stand for a face. A plain tile is
//! kept when a position of its face holds it; every other position is a "filler": one of
//! the hand's okeys or a tile from outside. A face needed at more than its two copies
//! overflows and needs an okey there; only two okeys exist, so overflow is at most 2. The
//! hand's okeys go to any filler position, so the hand keeps `P + min(okeys, 14 - P)`.
//!
//! The search takes the lowest plain tile left (colour by colour, 1 to 13) and either drops
//! it or builds, around it, every set or run it can be in; positions where the hand still has
//! the tile take it (swapping a tile for a filler never helps), others take fillers. Melds
//! that keep nothing are never built: a list of at most 11 positions can always be filled up
//! to 14 with filler melds placed where nothing overflows, so a finished list is valid with
//! exactly 14 positions or at most 11. For the same reason a run needs at most 4 fillers
//! below its lowest kept tile: with 5 or more, three of them could go and leave a run.

use super::counts::Counts;
use crate::tile::Face;

/// Most fillers below the lowest kept tile of a run.
const MAX_PREFIX: u8 = 4;

/// Positions put in the list by one step, to take back afterwards.
#[derive(Default)]
struct Placed {
    items: [(u8, bool); 13],
    len: usize,
}

impl Placed {
    fn push(&mut self, f: usize, took: bool) {
        self.items[self.len] = (f as u8, took);
        self.len += 1;
    }
}

struct Search {
    plain: [u8; Face::COUNT],
    need: [u8; Face::COUNT],
    overflow: u8,
    positions: u8,
    kept: u8,
    left: u8,
    best: u8,
    /// Stop as soon as `best` reaches this.
    goal: u8,
}

/// Whether one winning 14 keeps at least `goal` plain tiles. The search only follows
/// branches that can still reach the goal, so high goals are cheap to test.
pub(crate) fn keeps_at_least(c: &Counts, goal: u8) -> bool {
    if goal == 0 {
        return true;
    }
    let mut plain = [0u8; Face::COUNT];
    for (p, &n) in plain.iter_mut().zip(c.plain.iter()) {
        *p = n.min(2);
    }
    let left: u8 = plain.iter().sum();
    if goal > left.min(14) {
        return false;
    }
    let mut s = Search {
        plain,
        need: [0; Face::COUNT],
        overflow: 0,
        positions: 0,
        kept: 0,
        left,
        best: goal - 1,
        goal,
    };
    s.dfs(0);
    s.best >= goal
}

fn face(colour: usize, pos: u8) -> usize {
    // Position 14 is the 1 laid after 13.
    let n = if pos == 14 { 1 } else { pos };
    colour * 13 + n as usize - 1
}

impl Search {
    fn done(&self) -> bool {
        self.best >= self.goal
    }

    /// Whether this branch can still beat `best`.
    fn hopeful(&self) -> bool {
        self.kept + self.left > self.best && self.room()
    }

    /// Whether the fillers used so far still leave room to beat `best`.
    fn room(&self) -> bool {
        14 - (self.positions - self.kept) > self.best
    }

    fn dfs(&mut self, from: usize) {
        if self.done() || !self.hopeful() {
            return;
        }
        self.explore(from);
    }

    fn explore(&mut self, from: usize) {
        let Some(i) = (from..Face::COUNT).find(|&i| self.plain[i] > 0) else {
            if self.positions == 14 || self.positions <= 11 {
                self.best = self.best.max(self.kept);
            }
            return;
        };
        self.plain[i] -= 1;
        self.left -= 1;
        let (colour, number) = (i / 13, (i % 13) as u8 + 1);
        self.sets(i, colour, number);
        self.runs(i, colour, number);
        // Drop it.
        self.dfs(i);
        self.plain[i] += 1;
        self.left += 1;
    }

    /// Puts a position of face `f` in the list: the hand's tile if it has one, else a filler.
    /// Returns whether a tile was taken, or None when the face would overflow too far.
    fn occupy(&mut self, f: usize) -> Option<bool> {
        let over = self.need[f] >= 2;
        if over && self.overflow == 2 {
            return None;
        }
        self.need[f] += 1;
        self.overflow += over as u8;
        self.positions += 1;
        if self.plain[f] > 0 {
            self.plain[f] -= 1;
            self.left -= 1;
            self.kept += 1;
            Some(true)
        } else {
            Some(false)
        }
    }

    fn vacate_all(&mut self, placed: &Placed) {
        for &(f, took) in placed.items[..placed.len].iter().rev() {
            self.vacate(f as usize, took);
        }
    }

    fn vacate(&mut self, f: usize, took: bool) {
        self.need[f] -= 1;
        self.overflow -= (self.need[f] >= 2) as u8;
        self.positions -= 1;
        if took {
            self.plain[f] += 1;
            self.left += 1;
            self.kept -= 1;
        }
    }

    /// Places the tile at `i` (already taken from the hand) itself.
    fn occupy_own(&mut self, i: usize) -> bool {
        let over = self.need[i] >= 2;
        if over && self.overflow == 2 {
            return false;
        }
        self.need[i] += 1;
        self.overflow += over as u8;
        self.positions += 1;
        self.kept += 1;
        true
    }

    fn vacate_own(&mut self, i: usize) {
        self.need[i] -= 1;
        self.overflow -= (self.need[i] >= 2) as u8;
        self.positions -= 1;
        self.kept -= 1;
    }

    fn sets(&mut self, i: usize, colour: usize, number: u8) {
        if self.positions + 3 > 14 || !self.occupy_own(i) {
            return;
        }
        let mut others = [0usize; 3];
        for (slot, c) in others.iter_mut().zip((0..4).filter(|&c| c != colour)) {
            *slot = c;
        }
        for mask in 1u8..8 {
            if mask.count_ones() < 2 || self.done() {
                continue;
            }
            let mut placed = Placed::default();
            let mut ok = true;
            for (bit, &c) in others.iter().enumerate() {
                if mask & (1 << bit) != 0 {
                    let f = face(c, number);
                    match self.occupy(f) {
                        Some(took) => placed.push(f, took),
                        None => {
                            ok = false;
                            break;
                        }
                    }
                    if !self.room() {
                        ok = false;
                        break;
                    }
                }
            }
            // A set must keep a second tile or it is a lone tile with two fillers; that is
            // still a meld, so it stays allowed.
            if ok && self.positions <= 14 {
                self.dfs(i);
            }
            self.vacate_all(&placed);
        }
        self.vacate_own(i);
    }

    fn runs(&mut self, i: usize, colour: usize, number: u8) {
        // Low placement: only fillers can stand below, since no lower tile of the colour is left.
        for below in 0..=MAX_PREFIX {
            if below >= number || self.done() {
                break;
            }
            self.runs_from(i, colour, number - below, number);
        }
        // A 1 laid after 13 ends its run; any tiles may stand below it.
        if number == 1 {
            for start in (2..=12).rev() {
                if self.done() {
                    break;
                }
                self.runs_from(i, colour, start, 14);
            }
        }
    }

    /// Every run from `start` holding the tile at `i` at position `pos`.
    fn runs_from(&mut self, i: usize, colour: usize, start: u8, pos: u8) {
        let mut placed = Placed::default();
        let mut ok = true;
        for p in start..pos {
            let f = face(colour, p);
            match self.occupy(f) {
                Some(took) => placed.push(f, took),
                None => {
                    ok = false;
                    break;
                }
            }
            if !self.room() {
                ok = false;
                break;
            }
        }
        if ok && self.occupy_own(i) {
            let max_end = (start + 12).min(14);
            let mut end = pos;
            let mut extra = Placed::default();
            loop {
                if end + 1 - start >= 3 && self.positions <= 14 {
                    self.dfs(i);
                }
                if end == max_end || self.positions >= 14 || self.done() {
                    break;
                }
                let f = face(colour, end + 1);
                match self.occupy(f) {
                    Some(took) => extra.push(f, took),
                    None => break,
                }
                end += 1;
                // Longer runs only add fillers or keep more; past the room they never help.
                if !self.room() {
                    break;
                }
            }
            self.vacate_all(&extra);
            self.vacate_own(i);
        }
        self.vacate_all(&placed);
    }
}
