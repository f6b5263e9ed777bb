//! The player's 101 rack as laid out on screen: 2 rows of 16 slots holding the 21 or 22
//! tiles of the hand where the player put them. A 101 match keeps a hand as a plain list (the
//! rule book's table has no rack), so the layout is kept beside the match by its user (the
//! app saves it with the match); this module is where it is placed, followed, sorted and
//! read, with Düz's layout code (`layout.rs`, `sort.rs`), for "open with what the rack
//! shows".

use crate::layout::lay_out;
use crate::r101::analysis::{best_opening, best_pairs};
use crate::r101::meld::{place, value, Laid, Shape};
use crate::rack::{landing, Rack};
use crate::sort::{self, Sort};
use crate::tile::{Joker, Kind, Tile};
use serde::{Deserialize, Serialize};

/// One group of tiles side by side on the rack, read as the meld it can be.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RackGroup {
    /// The tiles, in slot order.
    pub tiles: Vec<Tile>,
    /// The meld it makes (a pair for two tiles), None when it makes none.
    pub shape: Option<Shape>,
    /// Its value as a set or run (R101-14); 0 for a pair or no meld.
    pub value: u16,
}

/// An empty layout.
pub fn empty() -> Vec<Option<Tile>> {
    vec![None; Rack::SLOTS]
}

/// Brings `rack` in step with `hand`: tiles gone from the hand leave their slot, new ones
/// land in `to` when given and free, else after the last tile of the top row, then of the
/// bottom row, so the groups laid out stay apart.
pub fn follow(rack: &mut Vec<Option<Tile>>, hand: &[Tile], mut to: Option<usize>) {
    rack.resize(Rack::SLOTS.max(rack.len()), None);
    for slot in rack.iter_mut() {
        if slot.is_some_and(|t| !hand.contains(&t)) {
            *slot = None;
        }
    }
    for &tile in hand {
        if rack.contains(&Some(tile)) {
            continue;
        }
        let at = to
            .take()
            .filter(|&i| rack.get(i) == Some(&None))
            .or_else(|| landing(rack));
        match at {
            Some(i) => rack[i] = Some(tile),
            // 22 tiles never fill 32 slots; growing keeps every tile rather than losing one.
            None => rack.push(Some(tile)),
        }
    }
}

/// The rack after a sorting helper: Runs and Pairs as in Düz; Best lays the opening of
/// greatest value first (R101-14), then the pairs among the rest, then the loose tiles.
pub fn sorted(rack: &[Option<Tile>], joker: Joker, how: Sort) -> Option<Vec<Option<Tile>>> {
    if how != Sort::Best {
        return sort::sorted(rack, joker, how);
    }
    let tiles: Vec<Tile> = rack.iter().flatten().copied().collect();
    let kinds: Vec<Kind> = tiles.iter().map(|t| t.kind()).collect();
    let best = best_opening(&kinds, joker).ok()?;
    let mut groups: Vec<Vec<Tile>> = best.laid(&tiles).into_iter().map(|l| l.tiles).collect();
    let rest: Vec<Tile> = best
        .left
        .iter()
        .filter_map(|&i| tiles.get(i))
        .copied()
        .collect();
    let rest_kinds: Vec<Kind> = rest.iter().map(|t| t.kind()).collect();
    let pairs = best_pairs(&rest_kinds, joker);
    let mut used = vec![false; rest.len()];
    for &(a, b) in &pairs {
        used[a] = true;
        used[b] = true;
    }
    // Pairs after the melds, on one line: they are kept for later melds or a pairs opening.
    let paired: Vec<Tile> = pairs
        .iter()
        .flat_map(|&(a, b)| [rest[a], rest[b]])
        .collect();
    let mut loose: Vec<Tile> = rest
        .iter()
        .zip(&used)
        .filter(|(_, u)| !**u)
        .map(|(t, _)| *t)
        .collect();
    loose.sort_by_key(|t| t.kind().index());
    let mut with_pairs = groups.clone();
    with_pairs.extend(paired.chunks(2).map(<[Tile]>::to_vec));
    lay_out(&with_pairs, &loose).or_else(|| {
        // Too many gaps for two rows: the pairs and loose tiles run on without gaps.
        let mut tail = paired.clone();
        tail.extend(&loose);
        groups.retain(|g| !g.is_empty());
        lay_out(&groups, &tail)
    })
}

/// The groups the rack shows: tiles in adjacent slots of a row, a gap or a row's end between
/// groups, each read as a meld (the shape worth most when it could be a set or a run).
pub fn groups(rack: &[Option<Tile>], joker: Joker) -> Vec<RackGroup> {
    let mut out = Vec::new();
    for row in rack.chunks(Rack::COLUMNS) {
        for run in row.split(Option::is_none) {
            let tiles: Vec<Tile> = run.iter().flatten().copied().collect();
            if tiles.is_empty() {
                continue;
            }
            let (shape, value) = read(&tiles, joker);
            out.push(RackGroup {
                tiles,
                shape,
                value,
            });
        }
    }
    out
}

/// The meld `tiles` make and its value: a pair for two, else the better of run and set.
pub fn read(tiles: &[Tile], joker: Joker) -> (Option<Shape>, u16) {
    let kinds: Vec<Kind> = tiles.iter().map(|t| t.kind()).collect();
    if kinds.len() == 2 {
        return match place(Shape::Pair, &kinds, joker) {
            Ok(_) => (Some(Shape::Pair), 0),
            Err(_) => (None, 0),
        };
    }
    [Shape::Run, Shape::Set]
        .into_iter()
        .filter_map(|shape| place(shape, &kinds, joker).ok().map(|f| (shape, value(&f))))
        .max_by_key(|&(_, v)| v)
        .map_or((None, 0), |(shape, v)| (Some(shape), v))
}

/// The opening the rack's `groups` show, "open with what the rack shows": an opening is
/// series only or pairs only (R101-15), so the sets and runs, unless they fall short of
/// `needed` points and the pairs shown reach `needed_pairs`.
pub fn shown_opening(groups: Vec<RackGroup>, needed: u16, needed_pairs: u8) -> Vec<Vec<Tile>> {
    let (pairs, series): (Vec<RackGroup>, Vec<RackGroup>) = groups
        .into_iter()
        .filter(|g| g.shape.is_some())
        .partition(|g| g.shape == Some(Shape::Pair));
    let value: u16 = series.iter().map(|g| g.value).sum();
    let chosen =
        if series.is_empty() || (value < needed && pairs.len() >= usize::from(needed_pairs)) {
            pairs
        } else {
            series
        };
    chosen.into_iter().map(|g| g.tiles).collect()
}

/// `groups` of tiles as melds to lay: each with the shape it makes, or, when it makes none,
/// as a run, so the engine names what is wrong with it.
pub fn laid(groups: &[Vec<Tile>], joker: Joker) -> Vec<Laid> {
    groups
        .iter()
        .map(|tiles| Laid {
            shape: read(tiles, joker).0.unwrap_or(if tiles.len() == 2 {
                Shape::Pair
            } else {
                Shape::Run
            }),
            tiles: tiles.clone(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::Face;

    fn t(id: u8) -> Tile {
        Tile::new(id).unwrap()
    }

    #[test]
    fn a_new_tile_lands_after_the_last_of_a_row_and_gone_tiles_leave() {
        let mut rack = empty();
        rack[0] = Some(t(0));
        rack[2] = Some(t(2));
        follow(&mut rack, &[t(0), t(2), t(4)], None);
        assert_eq!(rack[3], Some(t(4)), "after the last tile, not in the gap");
        follow(&mut rack, &[t(2), t(4), t(6)], Some(20));
        assert_eq!(rack[0], None);
        assert_eq!(rack[20], Some(t(6)), "where it was dropped");
        assert_eq!(rack.iter().flatten().count(), 3);
    }

    #[test]
    fn r101_9_rack_groups_read_as_the_melds_they_make() {
        // Indicator black 13: the okey is black 1, no okey among these.
        let joker = Joker::new(Face::new(crate::Colour::Black, 13).unwrap());
        // Red 5, 6, 7 (ids 2*kind), a gap, red 9 with yellow 9 and blue 9.
        let red = |n: u8| t((n - 1) * 2);
        let nine = |c: u8| t((c * 13 + 8) * 2);
        let mut rack = empty();
        rack[0] = Some(red(5));
        rack[1] = Some(red(6));
        rack[2] = Some(red(7));
        rack[4] = Some(nine(0));
        rack[5] = Some(nine(1));
        rack[6] = Some(nine(2));
        rack[8] = Some(red(1));
        let g = groups(&rack, joker);
        assert_eq!(g.len(), 3);
        assert_eq!((g[0].shape, g[0].value), (Some(Shape::Run), 18));
        assert_eq!((g[1].shape, g[1].value), (Some(Shape::Set), 27));
        assert_eq!(g[2].shape, None);
    }

    #[test]
    fn r101_15_the_rack_shows_series_or_pairs_never_both() {
        let group = |id: u8, shape, value| RackGroup {
            tiles: vec![t(id)],
            shape,
            value,
        };
        let shown = || {
            vec![
                group(0, Some(Shape::Run), 60),
                group(2, Some(Shape::Pair), 0),
                group(4, None, 0),
                group(6, Some(Shape::Pair), 0),
            ]
        };
        assert_eq!(
            shown_opening(shown(), 101, 5),
            vec![vec![t(0)]],
            "too few pairs"
        );
        assert_eq!(shown_opening(shown(), 101, 2), vec![vec![t(2)], vec![t(6)]]);
        assert_eq!(
            shown_opening(shown(), 60, 2),
            vec![vec![t(0)]],
            "series reach"
        );
        assert!(shown_opening(vec![group(4, None, 0)], 101, 5).is_empty());
    }
}
