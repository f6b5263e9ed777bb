//! The turn of the random, easy and medium levels: the take, the opening, the table actions
//! and the discard, each chosen from the view alone.

use super::hand::{joker_of, links, paired, plan, points, status, Plan};
use super::memory::Memory101;
use super::opening::open_with;
use okey_core::r101::analysis::{best_opening, best_value_using};
use okey_core::r101::{Action101, SeatView101, Shape, Status};
use okey_core::{Joker, Kind, Role, Tile};
use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Uniform over the listed actions, but never a take-back: undoing and redoing a lay-off
/// could fill a turn forever.
pub fn random(view: &SeatView101, rng: &mut ChaCha8Rng) -> Option<Action101> {
    let options: Vec<&Action101> = view
        .legal_actions
        .iter()
        .filter(|a| !matches!(a, Action101::TakeBack { .. }))
        .collect();
    options.choose(rng).map(|a| (*a).clone())
}

/// A safe action when a level's choice was not one it may make: draw, return, end the round,
/// or the cheapest discard.
pub fn fallback(view: &SeatView101) -> Action101 {
    let legal = &view.legal_actions;
    for a in [Action101::Draw, Action101::Return, Action101::EndRound] {
        if legal.contains(&a) {
            return a;
        }
    }
    legal
        .iter()
        .find(|a| matches!(a, Action101::Discard(t) if !costs(view, *t)))
        .or_else(|| legal.iter().find(|a| matches!(a, Action101::Discard(_))))
        .or_else(|| legal.first())
        .cloned()
        .unwrap_or(Action101::Draw)
}

/// How a level plays its turn. The levels differ in what they see at the table (measured in
/// docs/BOTS.md): laying off on other players' melds is worth most, then okey swaps and taking
/// a discard to lay off once opened.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    /// Takes a discard it can use at once to open.
    pub takes: bool,
    /// Takes a discard once opened, to lay it off or meld it.
    pub take_opened: bool,
    /// Plans for pairs when they are closer than the series.
    pub pairs: bool,
    /// Weighs discards with the exact best layout and the tiles seen.
    pub exact: bool,
    /// Lays off on other players' melds too (else on its own only).
    pub others_melds: bool,
    /// Swaps okeys out of table melds.
    pub swaps: bool,
    /// Chance, once opened, of throwing a random safe loose tile instead of the chosen one
    /// (an unopened seat never slips: every level plays its opening as well as it can).
    pub slip: f64,
}

/// How much a tile the next player discarded itself is preferred as a discard.
const SAFE: f32 = 6.0;

/// The easy level: opens as well as it can, then lays off on its own melds only and
/// throws a random safe tile four times in five.
pub const EASY: Style = Style {
    takes: true,
    take_opened: true,
    pairs: false,
    exact: false,
    others_melds: false,
    swaps: true,
    slip: 0.8,
};

/// The medium level: every table skill but two, which it overlooks: okey swaps, and taking
/// the previous discard once opened.
pub const MEDIUM: Style = Style {
    takes: true,
    take_opened: false,
    pairs: true,
    exact: true,
    others_melds: true,
    swaps: false,
    slip: 0.0,
};

/// Hard's take and table play: every skill (its discard is searched, `hard.rs`).
pub const HARD: Style = Style {
    take_opened: true,
    swaps: true,
    ..MEDIUM
};

/// The easy level's choice.
pub fn easy(view: &SeatView101, memory: &Memory101, rng: &mut ChaCha8Rng) -> Option<Action101> {
    turn(view, memory, EASY, rng)
}

/// The medium level's choice (deterministic: it needs no dice).
pub fn medium(view: &SeatView101, memory: &Memory101) -> Option<Action101> {
    steady(view, memory, MEDIUM)
}

/// The choice of a level that never slips (`style.slip` unused): medium,
/// and hard's turn before its searched discard.
pub fn steady(view: &SeatView101, memory: &Memory101, style: Style) -> Option<Action101> {
    table_action(view, style)
        .or_else(|| before_take(view, style))
        .or_else(|| discard(view, memory, style, None).map(Action101::Discard))
}

/// One step of a level's turn: take or draw, then table actions, then the discard.
pub fn turn(
    view: &SeatView101,
    memory: &Memory101,
    style: Style,
    rng: &mut ChaCha8Rng,
) -> Option<Action101> {
    table_action(view, style)
        .or_else(|| before_take(view, style))
        .or_else(|| discard(view, memory, style, Some(rng)).map(Action101::Discard))
}

/// Whether discarding `t` now costs 101 (R101-24, R101-25).
pub fn costs(view: &SeatView101, t: Tile) -> bool {
    view.discard_costs.iter().any(|(c, _)| *c == t)
}

/// Before the take: take the previous discard when it reaches the table at once and helps,
/// else draw (or, with the pile out, end the round).
pub fn before_take(view: &SeatView101, style: Style) -> Option<Action101> {
    if view.taken {
        return None;
    }
    let legal = &view.legal_actions;
    if style.takes && legal.contains(&Action101::Take) && wants_take(view, style) {
        return Some(Action101::Take);
    }
    [Action101::Draw, Action101::EndRound]
        .into_iter()
        .find(|a| legal.contains(a))
}

/// Whether the seat can use the offered discard at once (R101-13) in a way it wants: an
/// opened seat lays it off or melds it (its hand shrinks by one tile more than a draw
/// would let it), an unopened one opens with it, by a layout built here.
fn wants_take(view: &SeatView101, style: Style) -> bool {
    let Some(offered) = view.offered else {
        return false;
    };
    if view.offered_use.is_some() {
        return false;
    }
    match status(view) {
        Status::Unopened { declared: false } => {
            let mut hand = view.hand.clone();
            hand.push(offered);
            build_open(view, &hand, offered).is_some()
        }
        Status::Unopened { declared: true } => false,
        _ => style.take_opened,
    }
}

/// The opening that lays the taken discard `pending` from `hand`: pairs only when no series
/// can hold it (then the view's promise that it can be used means pairs are allowed).
fn build_open(
    view: &SeatView101,
    hand: &[Tile],
    pending: Tile,
) -> Option<Vec<okey_core::r101::Laid>> {
    let joker = joker_of(view);
    let kinds: Vec<Kind> = hand.iter().map(|t| t.kind()).collect();
    let at = hand.iter().position(|&t| t == pending)?;
    let series = best_value_using(&kinds, joker, at)
        .ok()
        .flatten()
        .is_some_and(|v| v >= view.needed.0);
    open_with(hand, pending, joker, view.needed, !series)
}

/// A table action after the take: use the taken discard, open, or lay melds, okey swaps and
/// lay-offs. None when the seat should discard (or has not taken yet).
pub fn table_action(view: &SeatView101, style: Style) -> Option<Action101> {
    if !view.taken {
        return None;
    }
    let legal = &view.legal_actions;
    if let Some(pending) = view.pending {
        return use_pending(view, pending).or_else(|| {
            legal
                .contains(&Action101::Return)
                .then_some(Action101::Return)
        });
    }
    let joker = joker_of(view);
    match status(view) {
        Status::Unopened { declared } => open_now(view, style, joker, declared),
        _ => lay_down(view, joker, style),
    }
}

fn use_pending(view: &SeatView101, pending: Tile) -> Option<Action101> {
    let legal = &view.legal_actions;
    if !status(view).opened() {
        return build_open(view, &view.hand, pending).map(Action101::Open);
    }
    let holds = |a: &&Action101| match a {
        Action101::Meld(l) => l.tiles.contains(&pending),
        Action101::Swap { tile, .. } | Action101::LayOff { tile, .. } => *tile == pending,
        _ => false,
    };
    let rank = |a: &Action101| match a {
        Action101::Meld(l) => l.tiles.len() + 10,
        Action101::Swap { .. } => 5,
        _ => 1,
    };
    legal.iter().filter(holds).max_by_key(|a| rank(a)).cloned()
}

/// The opening to lay now, if any: the series that lays the most tiles, else pairs (after a
/// declaration where the rules want one).
fn open_now(view: &SeatView101, style: Style, joker: Joker, declared: bool) -> Option<Action101> {
    let legal = &view.legal_actions;
    let opens = legal.iter().filter_map(|a| match a {
        Action101::Open(m) => Some(m),
        _ => None,
    });
    let size = |m: &Vec<okey_core::r101::Laid>| m.iter().map(|l| l.tiles.len()).sum::<usize>();
    let series = opens
        .clone()
        .filter(|m| m.iter().all(|l| l.shape != Shape::Pair))
        .max_by_key(|m| size(m));
    if let Some(m) = series {
        return Some(Action101::Open(m.clone()));
    }
    if let Some(m) = opens
        .filter(|m| m.iter().all(|l| l.shape == Shape::Pair))
        .max_by_key(|m| size(m))
    {
        return Some(Action101::Open(m.clone()));
    }
    // Declaring makes sense only with the pairs in hand (an unopened declared hand costs 404).
    if !declared && style.pairs && legal.contains(&Action101::DeclarePairs) {
        let kinds: Vec<Kind> = view.hand.iter().map(|t| t.kind()).collect();
        let pairs = okey_core::r101::analysis::best_pairs(&kinds, joker).len();
        if pairs >= usize::from(view.needed.1) && plan(view, joker, &kinds) == Plan::Pairs {
            return Some(Action101::DeclarePairs);
        }
    }
    None
}

/// An opened seat's next table action: swap an okey out, lay a new meld, lay off (highest
/// tiles first, okeys last).
fn lay_down(view: &SeatView101, joker: Joker, style: Style) -> Option<Action101> {
    // Runs on every turn of every bot: the legal actions are filtered by reference.
    let reachable = |m: &okey_core::r101::MeldId| {
        style.others_melds
            || view
                .table
                .iter()
                .any(|t| t.id == *m && t.owner == view.seat)
    };
    let legal = || {
        view.legal_actions.iter().filter(move |a| match a {
            Action101::Swap { meld, .. } | Action101::LayOff { meld, .. } => reachable(meld),
            _ => true,
        })
    };
    if style.swaps {
        if let Some(a) = legal().find(|a| matches!(a, Action101::Swap { .. })) {
            return Some(a.clone());
        }
    }
    let meld = legal()
        .filter_map(|a| match a {
            Action101::Meld(l) => Some((
                l.tiles.iter().map(|t| points(t.kind(), joker)).sum::<i32>(),
                a,
            )),
            _ => None,
        })
        .max_by_key(|(v, _)| *v);
    if let Some((_, a)) = meld {
        return Some(a.clone());
    }
    legal()
        .filter_map(|a| match a {
            Action101::LayOff { tile, .. } => {
                let p = points(tile.kind(), joker);
                // An okey goes last: it may still be wanted in a meld of the hand.
                Some((if joker.is_okey(tile.kind()) { 0 } else { p }, a))
            }
            _ => None,
        })
        .max_by_key(|(p, _)| *p)
        .map(|(_, a)| a.clone())
}

/// The tile to discard: the one the hand misses least, never a penalised one or an okey
/// while another will do.
pub fn discard(
    view: &SeatView101,
    memory: &Memory101,
    style: Style,
    rng: Option<&mut ChaCha8Rng>,
) -> Option<Tile> {
    let options = discards(view);
    if options.len() <= 1 || view.hand.len() == 1 {
        return options.first().copied();
    }
    let joker = joker_of(view);
    if let Some(rng) = rng {
        if style.slip > 0.0 && status(view).opened() && rng.gen_bool(style.slip) {
            let safe: Vec<Tile> = options
                .iter()
                .copied()
                .filter(|&t| !dear(view, joker, t))
                .collect();
            if let Some(&t) = safe.choose(rng) {
                return Some(t);
            }
        }
    }
    ranked(view, memory, style, options).first().copied()
}

/// `options` ordered from the tile the hand misses least (a stable order: ties keep the
/// view's order).
pub fn ranked(
    view: &SeatView101,
    memory: &Memory101,
    style: Style,
    options: Vec<Tile>,
) -> Vec<Tile> {
    let keep = keep_scores(view, memory, style, joker_of(view));
    let mut ranked = options;
    ranked.sort_by(|a, b| keep_of(&keep, view, *a).total_cmp(&keep_of(&keep, view, *b)));
    ranked
}

/// The tiles the view lists as discards, one of each kind.
pub fn discards(view: &SeatView101) -> Vec<Tile> {
    view.legal_actions
        .iter()
        .filter_map(|a| match a {
            Action101::Discard(t) => Some(*t),
            _ => None,
        })
        .collect()
}

/// Whether a tile is penalised to discard now, or an okey: never thrown while another will do.
pub fn dear(view: &SeatView101, joker: Joker, t: Tile) -> bool {
    costs(view, t) || joker.is_okey(t.kind())
}

fn keep_of(keep: &[f32], view: &SeatView101, t: Tile) -> f32 {
    view.hand
        .iter()
        .position(|&h| h == t)
        .and_then(|i| keep.get(i).copied())
        .unwrap_or(f32::MAX)
}

/// How much the hand wants to keep each of its tiles (higher keeps).
pub fn keep_scores(view: &SeatView101, memory: &Memory101, style: Style, joker: Joker) -> Vec<f32> {
    let kinds: Vec<Kind> = view.hand.iter().map(|t| t.kind()).collect();
    let st = status(view);
    let opened = st.opened();
    let the_plan = if style.pairs {
        plan(view, joker, &kinds)
    } else if matches!(st, Status::Pairs { .. }) {
        Plan::Pairs
    } else {
        Plan::Series
    };
    let mut in_meld = vec![false; kinds.len()];
    if style.exact && the_plan == Plan::Series {
        if let Ok(o) = best_opening(&kinds, joker) {
            for m in &o.melds {
                for &i in &m.tiles {
                    in_meld[i] = true;
                }
            }
        }
    }
    let next = view
        .players
        .iter()
        .find(|p| p.seat.0 == (view.seat.0 + 1) % view.players.len() as u8);
    let next_open = next.is_some_and(|p| p.status.opened());
    let late = if style.exact {
        (view.pile as f32 / (4.0 * view.players.len() as f32)).clamp(0.1, 1.0)
    } else {
        1.0
    };
    (0..kinds.len())
        .map(|i| {
            let k = kinds[i];
            let p = points(k, joker) as f32;
            if joker.is_okey(k) {
                return 1000.0;
            }
            let mut keep = match the_plan {
                Plan::Series => {
                    let l = links(&kinds, joker, i);
                    let meld = if in_meld[i] { 60.0 } else { 0.0 };
                    if opened {
                        // Partners pay off only with draws to come: near the end of the
                        // pile an opened hand sheds its highest tiles.
                        meld + l * 10.0 * late - p
                    } else {
                        meld + l * 10.0 + p * 0.5
                    }
                }
                Plan::Pairs => {
                    if paired(&kinds, joker, i) {
                        80.0
                    } else {
                        let live = if style.exact {
                            f32::from(memory.unseen(k))
                        } else {
                            1.0
                        };
                        live * 8.0
                            + links(&kinds, joker, i)
                            + if opened { -2.0 * p } else { 0.2 * p }
                    }
                }
            };
            if costs(view, view.hand[i]) {
                keep += 500.0;
            }
            if style.exact && next_open && feeds(memory.fed(), k, joker) {
                keep += 12.0;
            }
            // What the next player threw itself, it does not collect: a safe discard.
            if style.exact && next.is_some_and(|p| memory.discards_of(p.seat.index()).contains(&k))
            {
                keep -= SAFE;
            }
            keep
        })
        .collect()
}

/// Whether a tile is near what the next player took from this seat: the same face, or a
/// neighbour for its sets and runs.
fn feeds(fed: &[Kind], k: Kind, joker: Joker) -> bool {
    let plain = |k: Kind| match joker.role(k) {
        Role::Plain(f) => Some(f),
        Role::Wild => None,
    };
    let Some(f) = plain(k) else {
        return false;
    };
    fed.iter().filter_map(|&g| plain(g)).any(|g| {
        g.number == f.number
            || (g.colour == f.colour && g.number.get().abs_diff(f.number.get()) <= 2)
    })
}
