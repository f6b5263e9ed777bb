//! The most plain tiles of a hand that one winning 14 keeps: a branch-and-bound search.
//!
//! A winning 14 is a list of melds whose positions each stand for a face. A plain tile is
//! kept when a position of its face holds it; every other position is a "filler": one of
//! the hand's okeys or a tile from outside. A face needed at more than its two copies
//! overflows and needs an okey there; only two okeys exist, so overflow is at most 2. The
//! hand's okeys go to any filler position, so the hand keeps `P + min(okeys, 14 - P)`.
//!
//! The search takes the lowest plain tile left (colour by colour, in the order `colours`
//! chooses for the hand and goal, 1 to 13) and either drops
//! it or builds, around it, every set or run it can be in; positions where the hand still has
//! the tile take it (swapping a tile for a filler never helps), others take fillers. Melds
//! that keep nothing are never built: a list of at most 11 positions can always be filled up
//! to 14 with filler melds placed where nothing overflows, so a finished list is valid with
//! exactly 14 positions or at most 11.
//!
//! Fillers a meld does not need (a set's fourth colour, a run's places beyond its end tiles
//! once it has three) only make a list longer, so the search builds cores only
//! ([`Builder::cores_only`]) and makes a list of 12 or 13 positions up to 14 at its end
//! ([`Search::pad`]). Two copies of one face go to their two melds in one order only: the
//! other order reaches the same node.
//!
//! Other melds in another order reach the same node too: a node whose whole subtree reached
//! no list keeping the goal is noted, and the same node reached again keeping no more is cut;
//! so is a node whose lists, noted on another way to it, would add nothing ([`searched`]).

use super::colours::ColourOrder;
use super::counts::{faces_with, Counts};
use super::melds::{around, Builder, Shape};
use super::searched::{self, Below, Key, Searched};
use super::shares::{Suffixes, SHARES_CAP, SHARE_SCALE};
use crate::faces::{for_each_face, numbers_of, ALL_FACES, COLOUR_FACES, SAME_NUMBER};
use crate::line::{bits, face_index, last_of_run_from, number_at, positions_of, HIGH_ONE};
use crate::meld::MeldKind;
use crate::tile::Face;

/// Most fillers below the lowest kept tile of a run: two, to make a run of three; more
/// would only make the list longer, which [`Search::pad`] does at the list's end.
const MAX_PREFIX: u8 = 2;

/// Nodes with fewer plain tiles left than this are expanded without asking the tables of
/// nodes searched (see [`searched`]).
const LOOK_UP_FROM: u8 = 3;

/// Most melds in a list: 14 positions, at least 3 a meld.
const MAX_MELDS: usize = 4;

/// Per face index, the faces a set of three can hold with it: its number in the other colours.
const SET_PARTNERS: [u64; Face::COUNT] = {
    let mut table = [0u64; Face::COUNT];
    let mut f = 0;
    while f < Face::COUNT {
        table[f] = SAME_NUMBER << (f % 13) & !(1 << f);
        f += 1;
    }
    table
};

/// Per face index, the faces a run of three can hold with it: its colour up to two places
/// away on the line (12-13-1 included).
const RUN_PARTNERS: [u64; Face::COUNT] = {
    let mut table = [0u64; Face::COUNT];
    let mut f = 0;
    while f < Face::COUNT {
        let (colour, number) = (f / 13, (f % 13) as u8 + 1);
        let line = bits(number);
        let mut pos = 1u8;
        while pos <= HIGH_ONE {
            // Positions `pos - 2` to `pos + 2`.
            let near = line & (0b11111 << pos >> 2) != 0;
            if near && number_at(pos) != number {
                table[f] |= 1 << face_index(colour, pos);
            }
            pos += 1;
        }
        f += 1;
    }
    table
};

struct Search {
    /// A face whose tiles may not be dropped, or `Face::COUNT`.
    must: usize,
    /// In [`filler_faces`], the faces wanted: the search stops when all are found.
    collect: u64,
    /// Faces of `collect` found so far.
    marked: u64,
    /// Filler positions per face in the list.
    fill: [u8; Face::COUNT],
    /// Whether a list keeping `goal` in at most 11 positions was found (see [`filler_faces`]).
    short: bool,
    /// A face no filler may stand for, or `Face::COUNT`.
    forbid: usize,
    /// Faces with a tile dropped on the way to this node.
    dropped: u64,
    /// In [`best_lists`], the answers for the faces asked about.
    answers: Answers,
    /// The hand's filler shares, when the search cuts branches by them.
    suffixes: Option<Box<Suffixes>>,
    shares_on: bool,
    /// The hand's plain tiles not yet placed or dropped, per face (at most 2)...
    plain: [u8; Face::COUNT],
    /// ... the faces with at least one of them, and those with two.
    ones: u64,
    twos: u64,
    need: [u8; Face::COUNT],
    /// The faces with two positions or more in the list: one more overflows.
    crowded: u64,
    overflow: u8,
    positions: u8,
    kept: u8,
    left: u8,
    best: u8,
    /// Stop as soon as `best` reaches this.
    goal: u8,
    /// The hand's tiles the first list reaching `goal` keeps, two bits a face.
    kept_tiles: u128,
    /// The melds of the list, in the order built.
    melds: [Shape; MAX_MELDS],
    depth: usize,
    /// Two copies of a face go to two melds in either order, to the same node: the search
    /// takes the orders where the second copy's meld comes no earlier ([`order`]) and, when
    /// the first copy is dropped, drops the second too. Set by a first copy's branch for the
    /// node that takes the second: the face and the first copy's meld (None: dropped).
    pin: Option<(usize, Option<Shape>)>,
    /// At the node being expanded: the first copy's meld when this tile is the second...
    after: Option<Option<Shape>>,
    /// ... and whether this tile leaves a second copy.
    first_of_two: bool,
    /// The nodes searched so far...
    searched: Option<Searched>,
    /// ... the leaves reached keeping the goal (a subtree that adds none is dead)...
    reached: u32,
    /// ... and in a search that cuts spent nodes ([`Answers::spends`]), what the lists found
    /// below the node being searched hold (see [`searched`]).
    below: Below,
}

/// The answers of a [`best_lists`] search as they grow, per face asked about: the filler
/// faces of its lists that drop a tile of it (all empty in the other searches).
struct Answers {
    /// The faces asked about whose dropping lists count...
    dropping: u64,
    /// ... and whether faces whose keeping lists count are asked about too: they are
    /// answered from the fillers of every list, which the search then gathers.
    every: bool,
    /// The faces of `dropping` whose answers may still grow: not yet found short nor with
    /// every face of `full` among their fillers.
    open_dropping: u64,
    /// The faces of fillers an answer can hold that a caller reads: those the hand has fewer
    /// than two of (a face it has two of cannot be drawn).
    full: u64,
    /// The filler faces found per face of `dropping`...
    dropping_fills: [u64; Face::COUNT],
    /// ... the faces with a short list (of at most 11 positions) among them...
    dropping_short: u64,
    /// ... and the faces of `dropping` some list drops.
    seen_dropped: u64,
    /// In a search asked about keeping lists: the filler faces of every list found, and
    /// whether one had at most 11 positions.
    fills_any: u64,
    short_any: bool,
}

impl Answers {
    /// No answers yet for what `asked` asks, the dropping ones starting from what it knows.
    fn new(asked: Asked, full: u64) -> Answers {
        // Only a search asked about faces reads which answers are whole already.
        let open_dropping = if asked.dropping == 0 {
            0
        } else {
            asked.dropping & !settled(asked.known, full)
        };
        Answers {
            dropping: asked.dropping,
            every: asked.keeping != 0,
            open_dropping,
            full,
            dropping_fills: *asked.known,
            dropping_short: 0,
            seen_dropped: 0,
            fills_any: 0,
            short_any: false,
        }
    }

    /// Whether the search was asked about any face.
    fn asked(&self) -> bool {
        self.dropping != 0 || self.every
    }

    /// Whether the search notes spent nodes, and cuts them: one asked about dropping lists.
    fn spends(&self) -> bool {
        self.dropping != 0
    }

    /// Whether lists dropping no faces but those of `dropped`, with fillers at no faces but
    /// those of `fill`, one of them short when `short`, could add to the answers: to those of
    /// the faces they drop, to the faces seen dropped, or to the fillers of every list (of the
    /// faces of `full`, the only ones a caller reads). The faces seen dropped are read only
    /// beside the fillers of every list ([`best_lists`]); [`filler_faces_dropping`] reads
    /// the dropping answers alone.
    fn may_add(&self, dropped: u64, fill: u64, short: bool) -> bool {
        let every = self.every;
        let fill = fill & self.full;
        short && (self.open_dropping & dropped != 0 || every && !self.short_any)
            || every && self.dropping & dropped & !self.seen_dropped != 0
            || every && fill & !self.fills_any != 0
            || self.would_add(dropped, fill)
    }

    /// Whether a list dropping the faces of `dropped`, with fillers at the faces of `fill`,
    /// would add a face to the dropping answer of a face still open.
    fn would_add(&self, dropped: u64, fill: u64) -> bool {
        let mut adds = false;
        for_each_face(self.open_dropping & dropped, |f| {
            adds |= fill & !self.dropping_fills[f] != 0;
        });
        adds
    }

    /// Notes a list keeping the goal that drops the faces of `dropped` (of those still open),
    /// with fillers at the faces of `fill` (None for a short list). Returns whether every
    /// answer is whole.
    fn note(&mut self, dropped: u64, fill: Option<u64>) -> bool {
        match fill {
            Some(fill) => {
                // An answer holding every face of `full` (its own face aside, which is no
                // draw of the rest) can grow no more.
                let full = self.full;
                for_each_face(dropped, |f| {
                    self.dropping_fills[f] |= fill;
                    if !(self.dropping_fills[f] | 1 << f) & full == 0 {
                        self.open_dropping &= !(1 << f);
                    }
                });
            }
            None => {
                self.dropping_short |= dropped;
                self.open_dropping &= !dropped;
            }
        }
        self.open_dropping == 0
    }
}

/// The ways a meld grows by one filler position at an end: the face and the longer meld (a
/// run one place longer, below or above; a set of 3 with its fourth colour).
fn grown(shape: Shape) -> [Option<(usize, Shape)>; 2] {
    match shape {
        Shape::Run { colour, start, end } => {
            let c = colour as usize;
            [
                (start > 1 && last_of_run_from(start - 1) >= end).then(|| {
                    let start = start - 1;
                    (face_index(c, start), Shape::Run { colour, start, end })
                }),
                (end < last_of_run_from(start)).then(|| {
                    let end = end + 1;
                    (face_index(c, end), Shape::Run { colour, start, end })
                }),
            ]
        }
        Shape::Set { number, colours } => [
            (colours.count_ones() == 3).then(|| {
                let missing = (!colours & 0b1111).trailing_zeros() as usize;
                let colours = 0b1111;
                (face_index(missing, number), Shape::Set { number, colours })
            }),
            None,
        ],
    }
}

/// The faces the melds built at a node can hold, given the plain tiles left (`ones`, a bit
/// per face): in each colour with a tile left, the line from [`MAX_PREFIX`] below its lowest
/// tile up, and its 1 (laid after 13); and every face at the number of a tile left (sets).
fn reach(ones: u64) -> u64 {
    let mut numbers = 0u64;
    let mut lines = 0u64;
    for colour in 0..4 {
        let line = u64::from(numbers_of(ones, colour));
        if line != 0 {
            numbers |= line;
            let low = line.trailing_zeros().saturating_sub(u32::from(MAX_PREFIX));
            lines |= (COLOUR_FACES >> low << low | 1) << (13 * colour);
        }
    }
    lines | (numbers * SAME_NUMBER)
}

/// The order of melds around two copies of one face: sets (by their colours), then runs (by
/// their places).
fn order(shape: Shape) -> u16 {
    match shape {
        Shape::Set { colours, .. } => u16::from(colours),
        Shape::Run { start, end, .. } => 1 << 12 | u16::from(start) << 5 | u16::from(end),
    }
}

/// The plain tiles (two bits a face, by index) that one winning 14 keeping at least `goal`
/// of them keeps, when there is one: a winning 14 keeps as many of any hand holding them.
/// The search only follows branches that can still reach the goal, so high goals are cheap
/// to test. `shares` are the hand's filler shares when the caller has them (asking about
/// several goals of one hand), and come back with those the search worked out.
pub(crate) fn list_keeping(
    c: &Counts,
    goal: u8,
    shares: &mut Option<Box<Suffixes>>,
) -> Option<u128> {
    match run_with(c, goal, None, 0, NOTHING, None, shares.take()) {
        None => Some(0),
        Some(mut s) => {
            *shares = s.suffixes.take();
            (s.best >= goal).then_some(s.kept_tiles)
        }
    }
}

/// Whether one winning 14 keeps at least `goal` plain tiles, counting only winning 14s that
/// keep every tile of face `must` (an index), when given.
pub(crate) fn keeps_at_least_all_of(c: &Counts, goal: u8, must: Option<usize>) -> bool {
    let (order, moved, shares) = ordered(c, goal, must.map_or(0, |f| 1 << f));
    let must = must.map(|f| order.face(f));
    run_with(&moved, goal, must, 0, NOTHING, None, shares).is_none_or(|s| s.best >= goal)
}

/// For `c`, whose winning 14s keep at most `goal` plain tiles: the faces of `wanted` (a bit
/// per face index) that a filler position has in some winning 14 keeping `goal` made of 14
/// positions, or None when a list of at most 11 positions keeps `goal` too (it can be
/// filled up in many ways, so the caller must check draws one by one).
///
/// A draw of a face raises what `c` keeps exactly when such a filler exists: the draw takes
/// the filler's place; and a winning 14 that keeps more with the draw holds the draw, whose
/// place, given back to a filler, leaves a winning 14 keeping `goal`. Lists the search does
/// not build (a meld keeping nothing, five fillers below a run) shrink to lists of at most 11
/// positions keeping as much, which it does build.
///
/// With `forbid` (a face index), only the winning 14s without a filler of that face count.
pub(crate) fn filler_faces(
    c: &Counts,
    goal: u8,
    wanted: u64,
    forbid: Option<usize>,
) -> Option<u64> {
    if wanted == 0 {
        return Some(0);
    }
    let (order, moved, shares) = ordered(c, goal, 0);
    let (wanted, forbid) = (order.faces(wanted), forbid.map(|f| order.face(f)));
    let s = run_with(&moved, goal, None, wanted, NOTHING, forbid, shares)?;
    (!s.short).then_some(order.faces_back(s.marked & wanted))
}

/// [`filler_faces`] of `c` without a tile of face `f`, for many faces at once, when the
/// winning 14s of `c` keep at most `goal` plain tiles: one search over the lists of `c`
/// keeping `goal`, for the faces of `dropping`, whose lists without the tile keep `goal` too
/// (those lists are the lists of `c` that drop it). None for a face where a list of at most
/// 11 positions is among them. Each face's answer comes with the faces of `known` for it
/// (the caller's answer from other lists) added, and the search stops looking at a face
/// once the two hold every face a draw can have.
pub(crate) fn filler_faces_dropping(
    c: &Counts,
    goal: u8,
    dropping: u64,
    known: &[u64; Face::COUNT],
) -> [Option<u64>; Face::COUNT] {
    lists_from(c, goal, dropping, 0, known, dropping)
        .map_or([None; Face::COUNT], |lists| lists.dropping)
}

/// The faces whose `known` filler faces hold every face of `full` (their own aside).
fn settled(known: &[u64; Face::COUNT], full: u64) -> u64 {
    (0..Face::COUNT)
        .filter(|&f| !(known[f] | 1 << f) & full == 0)
        .fold(0, |m, f| m | 1 << f)
}

/// What a [`best_lists`] search asks about.
#[derive(Clone, Copy)]
struct Asked<'a> {
    /// The faces whose lists dropping a tile count...
    dropping: u64,
    /// ... those whose lists keeping a tile count...
    keeping: u64,
    /// ... and the filler faces already known per face of `dropping`.
    known: &'a [u64; Face::COUNT],
}

/// What the other searches ask: no faces.
const NOTHING: Asked<'static> = Asked {
    dropping: 0,
    keeping: 0,
    known: &[0; Face::COUNT],
};

/// What the lists of a hand keeping the most say about dropping each of its faces (see
/// [`best_lists`]).
pub(crate) struct BestLists {
    /// Per face asked about: the filler faces of the lists that drop a tile of it (None when
    /// a list of at most 11 positions is among them).
    pub dropping: [Option<u64>; Face::COUNT],
    /// Per face asked about that every list keeps a tile of: the filler faces of every list,
    /// and its own face, the filler its tile leaves (None as above, or when the search
    /// stopped before seeing every list).
    pub keeping: [Option<u64>; Face::COUNT],
    /// The faces asked about that some list drops a tile of (whole only when `keeping`
    /// asks about a face too: see [`Answers::may_add`]).
    pub dropped: u64,
    /// The filler faces of every list, when the search saw them all and none of at most 11
    /// positions: [`filler_faces`] of the hand at the same goal.
    pub fills: Option<u64>,
}

/// One search over the lists of `c` keeping `goal` plain tiles, for the faces of `dropping`
/// and `keeping` (a bit per index). For a discard whose rest keeps `goal` too (some list
/// drops it), the lists of the rest keeping `goal` are the lists of `c` that drop it: its
/// answer in [`BestLists::dropping`] is whole. For a discard whose rest keeps one less,
/// [`BestLists::keeping`] holds only the lists with a filler where the tile stood in a list
/// of `c`; the caller finds the others (lists one short that drop it) with
/// [`filler_faces_dropping`] one below. None when the goal is 0.
pub(crate) fn best_lists(c: &Counts, goal: u8, dropping: u64, keeping: u64) -> Option<BestLists> {
    lists_from(c, goal, dropping, keeping, NOTHING.known, 0)
}

/// [`best_lists`], the dropping answers starting from `known`, the colours of the faces of
/// `first` met first (see `colours`): the answers are the hand's.
fn lists_from(
    c: &Counts,
    goal: u8,
    dropping: u64,
    keeping: u64,
    known: &[u64; Face::COUNT],
    first: u64,
) -> Option<BestLists> {
    if dropping | keeping == 0 {
        return None;
    }
    let (order, moved, shares) = ordered(c, goal, first);
    let known = order.per_face(known, dropping);
    let asked = Asked {
        dropping: order.faces(dropping),
        keeping: order.faces(keeping),
        known: &known,
    };
    let lists = lists_in_order(&moved, goal, asked, shares)?;
    let back = |m: Option<u64>| m.map(|m| order.faces_back(m));
    Some(BestLists {
        dropping: order.per_face_back(&lists.dropping, dropping, back),
        keeping: order.per_face_back(&lists.keeping, keeping, back),
        dropped: order.faces_back(lists.dropped),
        fills: back(lists.fills),
    })
}

/// [`lists_from`] in the search's order, with the hand's shares when it has them.
fn lists_in_order(
    c: &Counts,
    goal: u8,
    asked: Asked,
    shares: Option<Box<Suffixes>>,
) -> Option<BestLists> {
    let (dropping, keeping) = (asked.dropping, asked.keeping);
    let s = run_with(c, goal, None, 0, asked, None, shares)?;
    let whole = |fills: &[u64; Face::COUNT], asked: u64, short: u64| {
        let mut found = [None; Face::COUNT];
        for_each_face(asked & !short, |f| found[f] = Some(fills[f]));
        found
    };
    let a = &s.answers;
    let fills = (!s.done() && !a.short_any && keeping != 0).then_some(a.fills_any);
    // A face no list drops is kept by every list.
    let mut kept = [None; Face::COUNT];
    if let Some(fills) = fills {
        for_each_face(keeping & !a.seen_dropped, |f| {
            kept[f] = Some(fills | 1 << f)
        });
    }
    Some(BestLists {
        dropping: whole(&a.dropping_fills, dropping, a.dropping_short),
        keeping: kept,
        dropped: a.seen_dropped,
        fills,
    })
}

/// The colour order for a search over `c` for lists keeping `goal`, the colours of the
/// faces of `first` met first (see `colours`); the hand in that order; and the hand's shares
/// in it, when the search cuts by them.
pub(crate) fn ordered(
    c: &Counts,
    goal: u8,
    first: u64,
) -> (ColourOrder, Counts, Option<Box<Suffixes>>) {
    let plain = c.plain.map(|n| n.min(2));
    let left: u8 = plain.iter().sum();
    let mut shares = cuts_by_shares(left, goal).then(|| Suffixes::new(&plain));
    let costs = shares.as_mut().map(|shares| shares.colour_shares());
    let order = ColourOrder::choose(c, goal, first, costs);
    if let Some(shares) = shares.as_mut() {
        shares.reorder(&order);
    }
    (order, order.counts(c), shares)
}

/// Whether a search with `left` plain tiles for lists keeping `goal` cuts by the shares:
/// with at most one tile to drop, counting tiles left is about as sharp.
fn cuts_by_shares(left: u8, goal: u8) -> bool {
    left > goal + 1 && left as usize <= SHARES_CAP
}

/// Runs one search and returns it; None when the goal is 0 and nothing needs searching.
fn run_with(
    c: &Counts,
    goal: u8,
    must: Option<usize>,
    collect: u64,
    asked: Asked,
    forbid: Option<usize>,
    suffixes: Option<Box<Suffixes>>,
) -> Option<Search> {
    if goal == 0 {
        if let Some(suffixes) = suffixes {
            suffixes.give_back();
        }
        return None;
    }
    let mut plain = [0u8; Face::COUNT];
    for (p, &n) in plain.iter_mut().zip(c.plain.iter()) {
        *p = n.min(2);
    }
    let left: u8 = plain.iter().sum();
    let goal_out_of_reach = goal > left.min(14);
    let shares_on = cuts_by_shares(left, goal);
    let suffixes = match suffixes {
        None if shares_on => Some(Suffixes::new(&plain)),
        given => given,
    };
    let twos = faces_with(&plain, 2);
    let full = !twos & ALL_FACES;
    let mut s = Search {
        must: must.unwrap_or(Face::COUNT),
        collect,
        marked: 0,
        fill: [0; Face::COUNT],
        short: false,
        forbid: forbid.unwrap_or(Face::COUNT),
        dropped: 0,
        answers: Answers::new(asked, full),
        suffixes,
        shares_on,
        plain,
        ones: faces_with(&plain, 1),
        twos,
        need: [0; Face::COUNT],
        crowded: 0,
        overflow: 0,
        positions: 0,
        kept: 0,
        left,
        best: goal - 1,
        goal,
        kept_tiles: 0,
        melds: [Shape::Set {
            number: 0,
            colours: 0,
        }; MAX_MELDS],
        depth: 0,
        pin: None,
        after: None,
        first_of_two: false,
        searched: None,
        reached: 0,
        below: Below::default(),
    };
    if !goal_out_of_reach {
        s.searched = Some(searched::for_search());
        s.dfs(0);
        if let Some(table) = s.searched.take() {
            searched::done_with(table);
        }
    }
    Some(s)
}

/// The hand's shares go back to the thread's room for the next hand.
impl Drop for Search {
    fn drop(&mut self) {
        if let Some(suffixes) = self.suffixes.take() {
            suffixes.give_back();
        }
    }
}

impl Search {
    fn done(&self) -> bool {
        self.best >= self.goal
    }

    /// Whether this branch can still beat `best`.
    fn hopeful(&self) -> bool {
        self.kept + self.left > self.best && self.room_for(0)
    }

    /// Whether the tiles left, all from face `i` up, can still keep enough with the fillers
    /// still allowed.
    fn shares_allow(&mut self, i: usize) -> bool {
        let Some(suffixes) = self.suffixes.as_mut() else {
            return true;
        };
        let shares = suffixes.from(i);
        let target = self.best + 1;
        let budget = (14 - target - (self.positions - self.kept)) as u32 * SHARE_SCALE;
        let mut need = u32::from(target.saturating_sub(self.kept));
        if need == 0 {
            return true;
        }
        // The `need` cheapest tiles left, group by group.
        let mut cost = 0u32;
        for g in shares.groups() {
            let left = (g.first & self.ones).count_ones() + (g.second & self.twos).count_ones();
            if left >= need {
                return cost + need * g.share <= budget;
            }
            cost += left * g.share;
            if cost > budget {
                return false;
            }
            need -= left;
        }
        false
    }

    /// Whether the fillers used so far, and `more` fillers, still leave room to beat `best`.
    #[inline]
    fn room_for(&self, more: u8) -> bool {
        14 - (self.positions + more - self.kept) > self.best
    }

    fn dfs(&mut self, from: usize) {
        if self.done() || !self.hopeful() || !self.can_drop_asked() {
            return;
        }
        self.explore(from);
    }

    fn explore(&mut self, from: usize) {
        let rest = self.ones >> from;
        let Some(i) = (rest != 0).then(|| from + rest.trailing_zeros() as usize) else {
            self.leaf();
            return;
        };
        // A meld built from here keeps one tile more than the goal: the one list an exact
        // search reads below drops every tile left.
        if self.kept == self.goal && self.exact() {
            let dropped = self.dropped;
            self.dropped |= self.ones;
            self.leaf();
            self.dropped = dropped;
            return;
        }
        // The shares cut more nodes than the tables do, and cost less than a key.
        if self.shares_on && !self.shares_allow(i) {
            return;
        }
        // Near the leaves a subtree costs less than looking it up.
        if self.left < LOOK_UP_FROM {
            self.expand(i);
            return;
        }
        let key = self.key(i);
        let Some(table) = self.searched.as_ref() else {
            self.expand(i);
            return;
        };
        if table.dead(&key, self.kept) {
            return;
        }
        let spent = self
            .answers
            .spends()
            .then(|| table.spent(&key, self.kept))
            .flatten();
        if let Some(lists) = spent.and_then(|b| self.adds_nothing(b)) {
            // Its lists are still there, for the nodes above.
            self.below.add(lists);
            self.reached += 1;
            return;
        }
        let (reached, above) = (self.reached, std::mem::take(&mut self.below));
        self.expand(i);
        let below = std::mem::replace(&mut self.below, above);
        self.below.add(below);
        if self.done() {
            return;
        }
        let kept = self.kept;
        if let Some(table) = self.searched.as_mut() {
            if self.reached == reached {
                table.note(key, kept);
            } else if self.answers.spends() {
                table.note_spent(key, kept, below);
            }
        }
    }

    /// Whether the search reads only the lists keeping its goal exactly: one asked about
    /// faces, or one collecting the faces of fillers (see [`filler_faces`], whose goal is the
    /// most a list keeps).
    #[inline]
    fn exact(&self) -> bool {
        self.collect != 0 || self.answers.asked()
    }

    /// A list: every tile placed or dropped.
    fn leaf(&mut self) {
        self.reached += u32::from(self.kept > self.best);
        if self.exact() {
            if self.kept >= self.goal {
                self.mark_fillers();
            }
        } else if self.kept > self.best
            && (self.positions == 14
                || self.positions <= 11
                || self.pad(14 - self.positions, 0, false).is_some())
        {
            if self.kept >= self.goal && self.best < self.goal {
                self.note_kept_tiles();
            }
            self.best = self.kept;
        }
    }

    /// The lists below this node, with the melds built and the tiles dropped so far, when
    /// they hold what `below` holds (noted on another way to the node) and could add nothing
    /// to the answers ([`Answers::may_add`]).
    fn adds_nothing(&self, below: Below) -> Option<Below> {
        let a = &self.answers;
        let grown = self.pad_reach(below.grown);
        let lists = Below {
            fill: self.list_faces(|_, fill| fill > 0) | below.fill | grown,
            // Below the node only its tiles left can be dropped.
            dropped: self.dropped | below.dropped & self.ones,
            ..below
        };
        (!a.may_add(lists.dropped, lists.fill, lists.short)).then_some(lists)
    }

    /// The node as the tables of nodes searched know it, the lowest tile left being face `i`:
    /// only the faces the melds built from here on can hold count (see [`reach`]).
    fn key(&self, i: usize) -> Key {
        let pin = match self.pin {
            Some((f, first)) if f == i => 1 + first.map_or(0, |s| 1 + u64::from(order(s))),
            _ => 0,
        };
        let asked_dropped = self.dropped & self.answers.open_dropping != 0;
        let small = i as u64
            | u64::from(self.positions) << 6
            | u64::from(self.overflow) << 11
            | u64::from(asked_dropped) << 13
            | pin << 14;
        let reach = reach(self.ones);
        Key::new(
            self.ones,
            self.twos,
            self.crowded & reach,
            self.dropped & reach,
            small,
        )
    }

    /// Expands a node whose lowest tile left is face `i`: drops it, or builds every meld
    /// around it.
    fn expand(&mut self, i: usize) {
        let after = match self.pin.take() {
            Some((f, first)) if f == i => Some(first),
            _ => None,
        };
        let outer = (self.after, self.first_of_two);
        self.after = after;
        self.first_of_two = self.plain[i] == 2;
        self.take(i);
        self.left -= 1;
        // A tile with no partner left is more often dropped than kept: a search that stops
        // at its first list finds one sooner trying that first (the order changes nothing
        // else). A second copy goes to a meld only when the first went to one.
        let drop_first = self.ones & (SET_PARTNERS[i] | RUN_PARTNERS[i]) == 0;
        if drop_first {
            self.drop_lowest(i);
        }
        if after != Some(None) && !self.done() {
            around(self, i);
        }
        if !drop_first {
            self.drop_lowest(i);
        }
        self.put(i);
        self.left += 1;
        (self.after, self.first_of_two) = outer;
    }

    /// Drops the lowest tile, face `i` (already taken), and searches on; not a tile that
    /// must be kept.
    fn drop_lowest(&mut self, i: usize) {
        if i == self.must || self.done() {
            return;
        }
        let dropped = self.dropped;
        self.dropped |= 1 << i;
        self.pin = self.first_of_two.then_some((i, None));
        self.dfs(i);
        self.pin = None;
        self.dropped = dropped;
    }

    /// At the first list reaching the goal: the hand's tiles it keeps, the positions of each
    /// face that are not fillers.
    fn note_kept_tiles(&mut self) {
        let mut tiles = 0u128;
        for_each_face(self.list_faces(|need, fill| need > fill), |f| {
            tiles |= u128::from(self.need[f] - self.fill[f]) << (2 * f);
        });
        self.kept_tiles = tiles;
    }

    /// In [`filler_faces_dropping`], whether this branch can still drop a tile of a face
    /// asked about: it has, or such a tile is left and there is a tile to spare.
    fn can_drop_asked(&self) -> bool {
        let a = &self.answers;
        if a.dropping == 0 || a.every || self.dropped & a.open_dropping != 0 {
            return true;
        }
        if self.kept + self.left <= self.goal {
            return false;
        }
        self.ones & a.open_dropping != 0
    }

    /// At a list keeping `goal`: notes its filler faces, or that it is short. A list of 12
    /// or 13 positions counts in every way it can be made up to 14.
    fn mark_fillers(&mut self) {
        if self.positions > 11 && self.positions < 14 {
            if self.answers.spends() {
                // However the list is made up, its fillers are among these: a node above is
                // noted with them, and reached another way adds the growths of that way's
                // melds (see `adds_nothing`).
                let fill =
                    self.list_faces(|_, fill| fill > 0) | self.pad_reach(14 - self.positions);
                self.below.add(Below {
                    fill,
                    dropped: self.dropped,
                    short: false,
                    grown: 14 - self.positions,
                });
                // A list whose fillers are already in the answers adds nothing: no need to
                // find the ways.
                if !self.answers.may_add(self.dropped, fill, false) {
                    return;
                }
            }
            // Every way keeps the same tiles, so the ways count as one list holding the
            // fillers of them all.
            if let Some(faces) = self.pad(14 - self.positions, 0, true) {
                let positions = self.positions;
                self.positions = 14;
                self.mark_list(faces);
                self.positions = positions;
            }
        } else {
            self.mark_list(0);
        }
    }

    /// Every face [`Search::pad`] may place a filler at, making the list up by `n` positions
    /// (0, 1 or 2): what [`grown`] gives, once, and twice over for two.
    fn pad_reach(&self, n: u8) -> u64 {
        let mut faces = 0u64;
        if n == 0 {
            return faces;
        }
        for &shape in &self.melds[..self.depth] {
            for (f, longer) in grown(shape).into_iter().flatten() {
                faces |= 1 << f;
                if n > 1 {
                    for (g, _) in grown(longer).into_iter().flatten() {
                        faces |= 1 << g;
                    }
                }
            }
        }
        faces
    }

    /// Makes the list up to `n` more positions, each a filler at an end of a meld (see
    /// [`grown`]): the faces of the fillers that some way places, or None when there is no
    /// way. With `every` false, the first way found answers. Cores (see
    /// [`Builder::cores_only`]) made up so are every list the search does not build itself.
    /// A way grows melds from `from` on only: the same growths in another order make the
    /// same list.
    fn pad(&mut self, n: u8, from: usize, every: bool) -> Option<u64> {
        if n == 0 {
            return Some(0);
        }
        let mut found = None;
        for m in from..self.depth {
            let shape = self.melds[m];
            for (f, longer) in grown(shape).into_iter().flatten() {
                if !self.may_fill(f) || !self.claim(f) {
                    continue;
                }
                self.fill[f] += 1;
                self.melds[m] = longer;
                if let Some(more) = self.pad(n - 1, m, every) {
                    found = Some(found.unwrap_or(0) | more | 1 << f);
                }
                self.melds[m] = shape;
                self.fill[f] -= 1;
                self.release(f);
                if found.is_some() && !every {
                    return found;
                }
            }
        }
        found
    }

    /// [`Search::mark_fillers`] of a list of 14 positions or of at most 11, with fillers at
    /// the faces of `extra` too (those of the ways it was made up to 14).
    fn mark_list(&mut self, extra: u64) {
        if self.positions != 14 && self.positions > 11 {
            return;
        }
        if self.answers.asked() {
            if self.kept != self.goal {
                return;
            }
            // The faces of the list's fillers: the fillers of every list or the spent notes
            // read them.
            let faces = self.list_faces(|_, fill| fill > 0) | extra;
            if self.answers.every {
                if self.positions == 14 {
                    self.answers.fills_any |= faces;
                } else {
                    self.answers.short_any = true;
                }
            }
            // A list made up to 14 (`extra`) is there already, with every way
            // (`mark_fillers`).
            if self.answers.spends() && extra == 0 {
                self.below.add(Below {
                    fill: faces,
                    dropped: self.dropped,
                    short: self.positions <= 11,
                    grown: 0,
                });
            }
            let dropped = self.answers.open_dropping & self.dropped;
            self.answers.seen_dropped |= self.answers.dropping & self.dropped;
            if dropped == 0 {
                return;
            }
            let fill = (self.positions == 14).then_some(faces);
            // Every answer whole, and every face asked about seen dropped or not: the faces
            // still open are those no list has dropped yet.
            if self.answers.note(dropped, fill) {
                self.best = self.goal;
            }
            return;
        }
        if self.positions == 14 && self.kept == self.goal {
            self.marked |= self.list_faces(|_, fill| fill > 0) | extra;
            if self.marked & self.collect == self.collect {
                self.best = self.goal;
            }
        } else {
            // Stop: the caller checks each draw itself.
            self.short = true;
            self.best = self.goal;
        }
    }

    /// The faces of the list's positions (a bit per index) for which `pick` says yes, given
    /// the face's positions and its fillers; only the list's melds are read, not all 52 faces.
    #[inline]
    fn list_faces(&self, pick: impl Fn(u8, u8) -> bool) -> u64 {
        let mut faces = 0u64;
        let mut mark = |f: usize| faces |= u64::from(pick(self.need[f], self.fill[f])) << f;
        for shape in &self.melds[..self.depth] {
            match *shape {
                Shape::Set { number, colours } => {
                    let mut c = colours;
                    while c != 0 {
                        mark(face_index(c.trailing_zeros() as usize, number));
                        c &= c - 1;
                    }
                }
                Shape::Run { colour, start, end } => {
                    for pos in start..=end {
                        mark(face_index(colour as usize, pos));
                    }
                }
            }
        }
        faces
    }

    /// Takes a tile of face `f` (the hand has one) from the hand left.
    #[inline]
    fn take(&mut self, f: usize) {
        let n = self.plain[f];
        self.plain[f] = n - 1;
        if n == 1 {
            self.ones &= !(1 << f);
        } else {
            self.twos &= !(1 << f);
        }
    }

    /// Gives a tile of face `f` back to the hand left.
    #[inline]
    fn put(&mut self, f: usize) {
        let n = self.plain[f] + 1;
        self.plain[f] = n;
        if n == 1 {
            self.ones |= 1 << f;
        } else {
            self.twos |= 1 << f;
        }
    }

    /// Puts a position of face `f` in the list: the hand's tile if it has one, else a filler.
    /// Returns whether a tile was taken, or None when the face would overflow too far or a
    /// filler would leave no room to beat `best` (see [`Search::room_for`]: a node is searched
    /// only with room, every position put in keeps it, and a tile kept does not change it).
    #[inline]
    fn occupy(&mut self, f: usize) -> Option<bool> {
        if self.ones >> f & 1 != 0 {
            if !self.claim(f) {
                return None;
            }
            self.take(f);
            self.left -= 1;
            self.kept += 1;
            Some(true)
        } else {
            // Past the room no list beats `best`, however it goes on.
            if !self.may_fill(f) || !self.room_for(1) || !self.claim(f) {
                return None;
            }
            self.fill[f] += 1;
            Some(false)
        }
    }

    /// Whether a filler may stand for face `f`: not the face forbidden, nor a face whose
    /// tile was dropped. A list with a filler there keeps one more with the tile put back in
    /// its place, and the search builds that list too; so no list it looks for is lost: not
    /// the first list reaching a goal, nor a list keeping the most (it would keep more), nor
    /// a list one short that drops a tile every list keeping the most keeps (put back, a tile
    /// other than that one gives such a list without it; that tile itself gives a list keeping
    /// the most with a filler where it stood, which [`best_lists`] marks there).
    #[inline]
    fn may_fill(&self, f: usize) -> bool {
        f != self.forbid && self.dropped >> f & 1 == 0
    }

    /// Adds a position of face `f` to the list, unless that would overflow too far.
    #[inline]
    fn claim(&mut self, f: usize) -> bool {
        let over = self.need[f] >= 2;
        if over && self.overflow == 2 {
            return false;
        }
        self.need[f] += 1;
        self.crowded |= u64::from(self.need[f] == 2) << f;
        self.overflow += over as u8;
        self.positions += 1;
        true
    }

    /// Takes back a position of face `f`.
    #[inline]
    fn release(&mut self, f: usize) {
        self.crowded &= !(u64::from(self.need[f] == 2) << f);
        self.need[f] -= 1;
        self.overflow -= (self.need[f] >= 2) as u8;
        self.positions -= 1;
    }

    #[inline]
    fn vacate(&mut self, f: usize, took: bool) {
        self.release(f);
        if took {
            self.put(f);
            self.left += 1;
            self.kept -= 1;
        } else {
            self.fill[f] -= 1;
        }
    }

    /// Places the tile at `i` (already taken from the hand) itself.
    fn occupy_own(&mut self, i: usize) -> bool {
        let claimed = self.claim(i);
        self.kept += claimed as u8;
        claimed
    }

    fn vacate_own(&mut self, i: usize) {
        self.release(i);
        self.kept -= 1;
    }
}

/// Positions the hand has a tile for take it (swapping a tile for a filler never helps);
/// others take fillers, as long as the list can still beat `best`.
impl Builder for Search {
    #[inline]
    fn fill(&mut self, f: usize) -> Option<bool> {
        self.occupy(f)
    }

    #[inline]
    fn unfill(&mut self, f: usize, took: bool) {
        self.vacate(f, took);
    }

    #[inline]
    fn own(&mut self, i: usize, kind: MeldKind) -> bool {
        if kind == MeldKind::Set && self.positions + 3 > 14 {
            return false;
        }
        self.occupy_own(i)
    }

    #[inline]
    fn unown(&mut self, i: usize) {
        self.vacate_own(i);
    }

    #[inline]
    fn built(&mut self, i: usize, shape: Shape) -> bool {
        let in_order = match self.after {
            Some(Some(first)) => order(first) <= order(shape),
            _ => true,
        };
        if in_order && self.positions <= 14 && self.depth < MAX_MELDS {
            self.melds[self.depth] = shape;
            self.depth += 1;
            self.pin = self.first_of_two.then_some((i, Some(shape)));
            self.dfs(i);
            self.pin = None;
            self.depth -= 1;
        }
        self.done()
    }

    #[inline]
    fn most_below(&self) -> u8 {
        MAX_PREFIX
    }

    #[inline]
    fn may_extend(&self) -> bool {
        self.positions < 14
    }

    #[inline]
    fn cores_only(&self) -> bool {
        true
    }

    /// A search that stops at its first list finds one sooner with longer runs first: a
    /// core run keeps more of the hand's tiles the longer it is.
    #[inline]
    fn longest_first(&self) -> bool {
        true
    }

    #[inline]
    fn holds(&self, f: usize) -> bool {
        self.ones >> f & 1 != 0
    }

    #[inline]
    fn line_left(&self, colour: usize) -> u32 {
        positions_of(numbers_of(self.ones, colour))
    }

    /// A search that stops at its first list reaching the goal finds one sooner with the
    /// melds of the tile's partners left first: runs, unless only a set has one.
    #[inline]
    fn runs_first(&self, i: usize) -> bool {
        self.ones & SET_PARTNERS[i] == 0 || self.ones & RUN_PARTNERS[i] != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::written;

    fn kept(indicator: &str, tiles: &str) -> u8 {
        let (joker, kinds) = written(indicator, tiles);
        let c = Counts::of(&kinds, joker);
        (1..=14)
            .rev()
            .find(|&g| list_keeping(&c, g, &mut None).is_some())
            .unwrap_or(0)
    }

    #[test]
    fn r06_r07_partners_are_the_faces_a_meld_of_three_can_share() {
        let face = |colour: usize, number: u8| face_index(colour, number);
        let faces = |list: &[(usize, u8)]| list.iter().fold(0u64, |m, &(c, n)| m | 1 << face(c, n));
        // A 1 runs with 2 and 3, and after 13 with 12 and 13 (R7: 12-13-1).
        assert_eq!(
            RUN_PARTNERS[face(0, 1)],
            faces(&[(0, 2), (0, 3), (0, 12), (0, 13)])
        );
        // A 13 runs with 11, 12 and a 1 after it, but not with 2 (13-1-2 is no run).
        assert_eq!(
            RUN_PARTNERS[face(1, 13)],
            faces(&[(1, 11), (1, 12), (1, 1)])
        );
        assert_eq!(
            RUN_PARTNERS[face(2, 7)],
            faces(&[(2, 5), (2, 6), (2, 8), (2, 9)])
        );
        // A set holds the other colours of the number (R6).
        assert_eq!(SET_PARTNERS[face(3, 4)], faces(&[(0, 4), (1, 4), (2, 4)]));
    }

    #[test]
    fn r08_a_list_of_12_positions_counts_once_made_up_to_14() {
        // Four sets of three keep 12 tiles in 12 positions; two fourth colours make it 14
        // (the K3 and K7 would each cost two fillers). The search builds no set of four
        // with a filler: it makes the list up at its end.
        let sets = "R1 Y1 B1 R5 Y5 B5 R9 Y9 B9 R13 Y13 B13";
        assert_eq!(kept("K10", &format!("{sets} K3 K7")), 12);
        // Runs of three grow by a filler at either end the same way.
        let runs = "R5 R6 R7 R9 R10 R11 Y5 Y6 Y7 Y9 Y10 Y11";
        assert_eq!(kept("K10", &format!("{runs} K3 B13")), 12);
    }

    #[test]
    fn r08_two_copies_of_a_face_go_to_two_melds_whichever_comes_first() {
        // The search tries the copies' melds in one order only: both R5s in runs (3-5 and
        // 5-7), and an R5 in a set and the other in a run, still win.
        let runs = "R3 R4 R5 R5 R6 R7 Y5 B5 K5 Y9 Y10 Y11 Y12 Y13";
        assert_eq!(kept("K10", runs), 14);
        let set_and_run = "R5 Y5 B5 R5 R6 R7 B9 B10 B11 B12 Y1 Y2 Y3 Y4";
        assert_eq!(kept("K10", set_and_run), 14);
        // One R5 in the run and the other left out (it would cost two fillers): 12.
        assert_eq!(
            kept("K10", "R5 R5 R6 R7 B9 B10 B11 Y1 Y2 Y3 K12 K13 K1 B2"),
            12
        );
    }
}
