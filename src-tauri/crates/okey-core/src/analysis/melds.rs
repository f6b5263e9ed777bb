//! The one enumeration of sets and runs behind every search over tile counts: the win check,
//! the winning arrangement, the distance search and the rack sorter's "most tiles in melds".
//!
//! Each of those searches takes the lowest plain tile left (colour by colour, 1 to 13), and
//! that tile is then the lowest of its colour: in a run only fillers (okeys, or tiles from
//! outside) can stand below it, unless it is a 1 laid after 13, which ends its run. This
//! module walks every set (R6) and run (R7) holding that tile and hands each one, built, to
//! the search, which says what a position costs ([`Builder::fill`]) and carries on with the
//! rest of the hand ([`Builder::built`]). The searches differ only in those answers.

use crate::line::{face_index, last_of_run_from, HIGH_ONE};
use crate::meld::MeldKind;

/// A meld built: a set of one number in some colours, or a run of one colour between two
/// places of its line (14 is a 1 after 13).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    /// The colours a bit each.
    Set {
        number: u8,
        colours: u8,
    },
    Run {
        colour: u8,
        start: u8,
        end: u8,
    },
}

impl Shape {
    pub(crate) fn kind(self) -> MeldKind {
        match self {
            Shape::Set { .. } => MeldKind::Set,
            Shape::Run { .. } => MeldKind::Run,
        }
    }

    /// Its positions.
    pub(crate) fn len(self) -> u8 {
        match self {
            Shape::Set { colours, .. } => colours.count_ones() as u8,
            Shape::Run { start, end, .. } => end + 1 - start,
        }
    }
}

/// A search that builds melds around the lowest tile left.
pub(crate) trait Builder {
    /// Puts a position of face `f` (an index) in the meld being built: Some(true) when a
    /// tile of the hand stands there, Some(false) for a filler, None when it cannot be
    /// filled (nothing is changed then).
    fn fill(&mut self, f: usize) -> Option<bool>;

    /// Takes back a position that [`Builder::fill`] put in.
    fn unfill(&mut self, f: usize, plain: bool);

    /// Puts the lowest tile itself, face `i`, in a meld of `kind`; false when it cannot be
    /// (nothing is changed then).
    fn own(&mut self, i: usize, kind: MeldKind) -> bool;

    /// Takes back what [`Builder::own`] put in.
    fn unown(&mut self, i: usize);

    /// Meld `shape` is built around face `i`: search the rest of the hand. True stops the
    /// enumeration (the search has its answer).
    fn built(&mut self, i: usize, shape: Shape) -> bool;

    /// Most fillers that may stand below the lowest tile in a run.
    fn most_below(&self) -> u8;

    /// Whether a run may grow by one more position.
    #[inline]
    fn may_extend(&self) -> bool {
        true
    }

    /// Whether only cores are wanted: melds with no filler beyond what they need, that is
    /// sets of 3, sets of 4 all of the hand's tiles, runs of 3, and longer runs with a tile
    /// of the hand at both ends. A search whose lists may be made up to more positions at
    /// their end (the distance search) adds those fillers there instead of searching every
    /// meld with them.
    #[inline]
    fn cores_only(&self) -> bool {
        false
    }

    /// The places of colour `colour` (bit n for number n, bit 14 for a 1 after 13) where
    /// the hand has a tile left; every place unless the builder tells. A builder of cores
    /// stops a run where no tile of the hand can end it.
    #[inline]
    fn line_left(&self, _colour: usize) -> u32 {
        u32::MAX
    }

    /// Whether longer runs are built before shorter ones.
    #[inline]
    fn longest_first(&self) -> bool {
        false
    }

    /// Whether the hand has a tile of face `f` left.
    #[inline]
    fn holds(&self, _f: usize) -> bool {
        false
    }

    /// Whether runs are built before sets around the lowest tile, face `i`. The order changes
    /// only which list a search finds first: the arranger keeps sets first, so the
    /// arrangement shown stays the same.
    #[inline]
    fn runs_first(&self, _i: usize) -> bool {
        false
    }
}

/// Positions put in a meld by one step, to take back afterwards.
#[derive(Default)]
struct Filled {
    items: [(u8, bool); 13],
    len: usize,
}

impl Filled {
    /// Fills every face in turn; false as soon as one cannot be.
    #[inline]
    fn fill_all<B: Builder>(&mut self, b: &mut B, faces: impl Iterator<Item = usize>) -> bool {
        for f in faces {
            match b.fill(f) {
                Some(plain) => {
                    self.items[self.len] = (f as u8, plain);
                    self.len += 1;
                }
                None => return false,
            }
        }
        true
    }

    /// Whether every position filled holds a tile of the hand.
    #[inline]
    fn all_plain(&self) -> bool {
        self.items[..self.len].iter().all(|&(_, plain)| plain)
    }

    /// Whether the last position filled holds a tile of the hand (false when none is).
    #[inline]
    fn last_plain(&self) -> bool {
        self.len > 0 && self.items[self.len - 1].1
    }

    /// Whether the first position filled holds a tile of the hand (false when none is).
    #[inline]
    fn first_plain(&self) -> bool {
        self.len > 0 && self.items[0].1
    }

    /// Takes back the last position filled.
    #[inline]
    fn pop<B: Builder>(&mut self, b: &mut B) {
        self.len -= 1;
        let (f, plain) = self.items[self.len];
        b.unfill(f as usize, plain);
    }

    #[inline]
    fn undo<B: Builder>(&self, b: &mut B) {
        for &(f, plain) in self.items[..self.len].iter().rev() {
            b.unfill(f as usize, plain);
        }
    }
}

/// Every set and run holding the lowest tile left, of face index `i` (already taken from the
/// hand by the caller), each handed to [`Builder::built`]; true as soon as that says stop.
#[inline]
pub(crate) fn around<B: Builder>(b: &mut B, i: usize) -> bool {
    let (colour, number) = (i / 13, (i % 13) as u8 + 1);
    if b.runs_first(i) {
        return runs(b, i, colour, number) || sets(b, i, colour, number);
    }
    sets(b, i, colour, number) || runs(b, i, colour, number)
}

/// The sets around a tile, as masks of the three other colours, in the order tried by
/// which of those the hand holds (a mask too): the set of four first when all three are
/// held, else sets of three holding more of them first, the set of four last.
const SET_ORDER: [[u8; 4]; 8] = {
    let mut table = [[0u8; 4]; 8];
    let mut held = 0;
    while held < 8 {
        table[held] = if held == 0b111 {
            [0b111, 0b011, 0b101, 0b110]
        } else {
            let mut order = [0b011u8, 0b101, 0b110, 0b111];
            // Stable: by the held colours each set of three holds, most first.
            let mut i = 1;
            while i < 3 {
                let mut j = i;
                while j > 0
                    && (order[j] & held as u8).count_ones()
                        > (order[j - 1] & held as u8).count_ones()
                {
                    let t = order[j];
                    order[j] = order[j - 1];
                    order[j - 1] = t;
                    j -= 1;
                }
                i += 1;
            }
            order
        };
        held += 1;
    }
    table
};

/// Per mask of the three other colours, their places in it, lowest first.
const PICKS: [[u8; 3]; 8] = {
    let mut table = [[0u8; 3]; 8];
    let mut mask = 0;
    while mask < 8 {
        let (mut bit, mut n) = (0, 0);
        while bit < 3 {
            if mask >> bit & 1 != 0 {
                table[mask][n] = bit as u8;
                n += 1;
            }
            bit += 1;
        }
        mask += 1;
    }
    table
};

/// Sets of 3 or 4: two of the three other colours, or all three.
#[inline]
fn sets<B: Builder>(b: &mut B, i: usize, colour: usize, number: u8) -> bool {
    if !b.own(i, MeldKind::Set) {
        return false;
    }
    let others: [usize; 3] = match colour {
        0 => [1, 2, 3],
        1 => [0, 2, 3],
        2 => [0, 1, 3],
        _ => [0, 1, 2],
    };
    // Sets keeping more of the hand's tiles first, for a search that stops at its first
    // list; a builder that tells no tiles keeps the plain order.
    let held = others.iter().enumerate().fold(0u8, |m, (bit, &o)| {
        m | u8::from(b.holds(face_index(o, number))) << bit
    });
    let mut stop = false;
    let faces = others.map(|o| face_index(o, number));
    for mask in SET_ORDER[held as usize] {
        let mut filled = Filled::default();
        let colours = (0..3).fold(1u8 << colour, |m, bit| m | (mask >> bit & 1) << others[bit]);
        // The faces picked, read from a table: a test per colour is what a search cannot
        // predict.
        let picks = &PICKS[mask as usize];
        let chosen = picks.iter().take(mask.count_ones() as usize);
        if filled.fill_all(b, chosen.map(|&at| faces[at as usize]))
            && (mask != 0b111 || !b.cores_only() || filled.all_plain())
        {
            stop = b.built(i, Shape::Set { number, colours });
        }
        filled.undo(b);
        if stop {
            break;
        }
    }
    b.unown(i);
    stop
}

/// Runs with the tile low (fillers only below it) and, for a 1, runs ending in it after 13.
#[inline]
fn runs<B: Builder>(b: &mut B, i: usize, colour: usize, number: u8) -> bool {
    for below in 0..=b.most_below().min(number - 1) {
        match runs_from(b, i, colour, number - below, number) {
            Run::Stop => return true,
            // More fillers below cannot be placed either.
            Run::NoRoom => break,
            Run::Next => {}
        }
    }
    if number == 1 {
        // Shortest first; a longer run needs every position of a shorter one below the 1.
        for start in (2..=12).rev() {
            match runs_from(b, i, colour, start, HIGH_ONE) {
                Run::Stop => return true,
                Run::NoRoom => break,
                Run::Next => {}
            }
        }
    }
    false
}

/// What trying the runs from one start gave.
enum Run {
    /// The search has its answer.
    Stop,
    /// The positions below the tile could not be filled.
    NoRoom,
    /// Go on with the next start.
    Next,
}

/// Every run from `start` holding the tile at `i` at position `pos`, growing upwards one
/// position at a time.
#[inline]
fn runs_from<B: Builder>(b: &mut B, i: usize, colour: usize, start: u8, pos: u8) -> Run {
    let mut below = Filled::default();
    if !below.fill_all(b, (start..pos).map(|p| face_index(colour, p))) {
        below.undo(b);
        return Run::NoRoom;
    }
    let mut outcome = Run::Next;
    if b.own(i, MeldKind::Run) {
        let cores = b.cores_only();
        // Past three positions a core run has the hand's tiles at both ends.
        let low_plain = start == pos || below.first_plain();
        let mut last = last_of_run_from(start);
        if cores && !low_plain {
            last = last.min(start + 2);
        } else if cores {
            // Past three places a core run ends in a tile of the hand: none above, no core.
            let held = b.line_left(colour) & ((2u32 << last) - 1);
            let top = held.checked_ilog2().map_or(0, |top| top as u8);
            last = last.min(top.max(start + 2));
        }
        let run = |end| Shape::Run {
            colour: colour as u8,
            start,
            end,
        };
        let mut end = pos;
        let mut above = Filled::default();
        // A builder wanting longer runs first extends as far as it can, noting the ends a run
        // may have, then builds them from the last back.
        let longest = b.longest_first();
        let mut ends = [0u8; 14];
        let mut found = 0;
        loop {
            let len = end + 1 - start;
            let core = !cores || len == 3 || low_plain && (end == pos || above.last_plain());
            if len >= 3 && core {
                if longest {
                    ends[found] = end;
                    found += 1;
                } else if b.built(i, run(end)) {
                    outcome = Run::Stop;
                    break;
                }
            }
            if end >= last
                || !b.may_extend()
                || !above.fill_all(b, std::iter::once(face_index(colour, end + 1)))
            {
                break;
            }
            end += 1;
        }
        for &at in ends[..found].iter().rev() {
            while end > at {
                above.pop(b);
                end -= 1;
            }
            if b.built(i, run(end)) {
                outcome = Run::Stop;
                break;
            }
        }
        above.undo(b);
        b.unown(i);
    }
    below.undo(b);
    outcome
}
