//! The sorting helpers of the rack: "Runs" (seri diz), "Pairs" (çift diz) and "Best". Each
//! turns the tiles of a rack into groups that [`lay_out`] places with gaps, leftovers after
//! them; the app then replays the layout as ordinary rack moves, so the round stays the only
//! owner of the rack.

use crate::analysis::{self, finishing_groups, winning_groups};
use crate::layout::lay_out;
use crate::line::{number_at, HIGH_ONE, LONGEST_RUN};
use crate::tile::{Colour, Face, Joker, Kind, Role, Tile};
use serde::{Deserialize, Serialize};

/// Which sorting helper the player pressed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Sort {
    /// Runs of one colour first, then sets, leftovers and okeys last.
    Runs,
    /// Identical tiles side by side, leftovers and okeys last.
    Pairs,
    /// A winning layout when the hand holds one, otherwise whichever of melds or pairs
    /// covers the most tiles, okeys included.
    Best,
}

/// A plain tile with the face it stands for (a false joker stands for the okey face, R5).
#[derive(Debug, Clone, Copy)]
struct Plain {
    tile: Tile,
    face: Face,
}

/// The tiles of a rack split into plain tiles (sorted by colour, then number) and okeys.
fn split(tiles: &[Tile], joker: Joker) -> (Vec<Plain>, Vec<Tile>) {
    let mut plains = Vec::new();
    let mut wilds = Vec::new();
    for &tile in tiles {
        match joker.role(tile.kind()) {
            Role::Wild => wilds.push(tile),
            Role::Plain(face) => plains.push(Plain { tile, face }),
        }
    }
    plains.sort_by_key(|p| (p.face.colour.index(), p.face.number.get(), p.tile.id()));
    (plains, wilds)
}

/// The slots of the rack after sorting `rack` the way asked; None only if the tiles would
/// not fit on the rack, which 15 tiles always do.
pub fn sorted(rack: &[Option<Tile>], joker: Joker, sort: Sort) -> Option<Vec<Option<Tile>>> {
    let tiles: Vec<Tile> = rack.iter().flatten().copied().collect();
    let (groups, loose) = match sort {
        Sort::Runs => runs_first(&tiles, joker),
        Sort::Pairs => pairs(&tiles, joker, false),
        Sort::Best => best_groups(&tiles, joker),
    };
    // Many small groups could in theory not fit with their gaps; then keep the order alone.
    lay_out(&groups, &loose).or_else(|| {
        let all: Vec<Tile> = groups.iter().flatten().chain(&loose).copied().collect();
        lay_out(&[], &all)
    })
}

type Groups = (Vec<Vec<Tile>>, Vec<Tile>);

/// Runs of one colour (longest first, 12-13-1 included), then sets among what is left.
fn runs_first(tiles: &[Tile], joker: Joker) -> Groups {
    let (plains, wilds) = split(tiles, joker);
    let mut used = vec![false; plains.len()];
    let mut groups = Vec::new();
    // Two passes: the second copy of each face can make a second, parallel run.
    for _ in 0..2 {
        for colour in Colour::ALL {
            for run in runs_of(&plains, &used, colour) {
                for &i in &run {
                    used[i] = true;
                }
                groups.push(run.iter().map(|&i| plains[i].tile).collect());
            }
        }
    }
    for number in 1..=13u8 {
        let mut set: Vec<usize> = Vec::new();
        for colour in Colour::ALL {
            let found = (0..plains.len()).find(|&i| {
                !used[i] && plains[i].face.colour == colour && plains[i].face.number.get() == number
            });
            set.extend(found);
        }
        if set.len() >= 3 {
            for &i in &set {
                used[i] = true;
            }
            groups.push(set.iter().map(|&i| plains[i].tile).collect());
        }
    }
    let mut loose: Vec<Tile> = (0..plains.len())
        .filter(|&i| !used[i])
        .map(|i| plains[i].tile)
        .collect();
    loose.extend(wilds);
    (groups, loose)
}

/// Maximal runs of 3 or more among the unused tiles of one colour, as plain indices in
/// playing order. Position 14 is a 1 played high, after 13 (R7).
fn runs_of(plains: &[Plain], used: &[bool], colour: Colour) -> Vec<Vec<usize>> {
    const LAST: usize = HIGH_ONE as usize;
    // The first unused tile at each position of the colour's line (a 1 at both ends).
    let mut at: [Option<usize>; LAST + 1] = [None; LAST + 1];
    for (pos, slot) in at.iter_mut().enumerate().skip(1) {
        let number = number_at(pos as u8);
        *slot = (0..plains.len()).find(|&i| {
            !used[i] && plains[i].face.colour == colour && plains[i].face.number.get() == number
        });
    }
    let mut runs = Vec::new();
    let mut taken_one = false;
    let mut start = 1;
    while start <= LAST {
        let mut end = start;
        while end <= LAST
            && at[end].is_some()
            && !(end == LAST && taken_one)
            && end - start < LONGEST_RUN as usize
        {
            end += 1;
        }
        if end - start >= 3 {
            if start == 1 {
                taken_one = true;
            }
            runs.push((start..end).filter_map(|n| at[n]).collect());
        }
        start = end.max(start + 1);
    }
    runs
}

/// Pairs of identical tiles; with `pair_okeys` each okey also pairs with a leftover (R9).
fn pairs(tiles: &[Tile], joker: Joker, pair_okeys: bool) -> Groups {
    let mut sorted: Vec<Tile> = tiles
        .iter()
        .copied()
        .filter(|t| !joker.is_okey(t.kind()))
        .collect();
    sorted.sort_by_key(|t| (t.kind().index(), t.id()));
    let mut wilds: Vec<Tile> = tiles
        .iter()
        .copied()
        .filter(|t| joker.is_okey(t.kind()))
        .collect();
    let mut groups = Vec::new();
    let mut loose = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        if i + 1 < sorted.len() && sorted[i].kind() == sorted[i + 1].kind() {
            groups.push(vec![sorted[i], sorted[i + 1]]);
            i += 2;
        } else {
            loose.push(sorted[i]);
            i += 1;
        }
    }
    if pair_okeys {
        while let (Some(_), Some(_)) = (wilds.last(), loose.first()) {
            let (w, t) = (wilds.remove(0), loose.remove(0));
            groups.push(vec![t, w]);
        }
    }
    loose.extend(wilds);
    (groups, loose)
}

/// The win when the hand holds one (the okey thrown first, since it scores double, R18),
/// otherwise the better of the most tiles in melds and the most tiles in pairs. The
/// assistant shows these as the groups it sees and the loose tiles.
pub fn best_groups(tiles: &[Tile], joker: Joker) -> Groups {
    if let Some(win) = winning(tiles, joker) {
        return win;
    }
    let melds = most_in_melds(tiles, joker);
    let paired = pairs(tiles, joker, true);
    let covered = |g: &Groups| g.0.iter().map(Vec::len).sum::<usize>();
    if covered(&paired) > covered(&melds) {
        paired
    } else {
        melds
    }
}

/// A winning layout: 14 tiles that win, or 15 tiles with a discard that leaves a win (the
/// discard goes last, loose).
fn winning(tiles: &[Tile], joker: Joker) -> Option<Groups> {
    match tiles.len() {
        14 => winning_groups(tiles, joker).map(|(_, g)| (g, Vec::new())),
        15 => finishing_groups(tiles, joker).map(|(discard, _, g)| (g, vec![discard])),
        _ => None,
    }
}

/// The layout with the most tiles in sets and runs.
fn most_in_melds(tiles: &[Tile], joker: Joker) -> Groups {
    let kinds: Vec<Kind> = tiles.iter().map(|t| t.kind()).collect();
    let mut in_group = vec![false; tiles.len()];
    let groups = analysis::most_in_melds(&kinds, joker)
        .iter()
        .map(|g| {
            g.tiles
                .iter()
                .filter_map(|p| {
                    in_group[p.index] = true;
                    tiles.get(p.index).copied()
                })
                .collect()
        })
        .collect();
    let loose = tiles
        .iter()
        .zip(&in_group)
        .filter(|(_, &used)| !used)
        .map(|(&t, _)| t)
        .collect();
    (groups, loose)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::meld::check_group;
    use crate::notation::{parse_indicator, parse_kind};

    /// Tiles for tokens, copy 0 first and copy 1 for a repeat.
    fn hand(tokens: &str) -> Vec<Tile> {
        let mut out: Vec<Tile> = Vec::new();
        for token in tokens.split_whitespace() {
            let kind = parse_kind(token).unwrap();
            let copy = out.iter().filter(|t| t.kind() == kind).count() as u8;
            out.push(Tile::of(kind, copy).unwrap());
        }
        out
    }

    fn rack_of(tiles: &[Tile]) -> Vec<Option<Tile>> {
        let mut rack: Vec<Option<Tile>> = tiles.iter().copied().map(Some).collect();
        rack.resize(32, None);
        rack
    }

    /// The groups of a laid-out rack (split at gaps and row ends), as tokens.
    fn groups(slots: &[Option<Tile>]) -> Vec<String> {
        slots
            .chunks(16)
            .flat_map(|row| row.split(Option::is_none))
            .filter(|g| !g.is_empty())
            .map(|g| {
                g.iter()
                    .flatten()
                    .map(|t| t.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    fn same_tiles(a: &[Option<Tile>], b: &[Option<Tile>]) {
        let mut x: Vec<Tile> = a.iter().flatten().copied().collect();
        let mut y: Vec<Tile> = b.iter().flatten().copied().collect();
        x.sort();
        y.sort();
        assert_eq!(x, y, "sorting must keep exactly the same tiles");
    }

    #[test]
    fn runs_sort_groups_runs_then_sets_and_leaves_the_rest() {
        let joker = Joker::new(parse_indicator("K9").unwrap());
        let tiles = hand("Y5 R3 R1 K2 R2 B5 R5 B12 K5 B13 B1 Y9 K10 R12");
        let rack = rack_of(&tiles);
        let out = sorted(&rack, joker, Sort::Runs).unwrap();
        same_tiles(&rack, &out);
        let g = groups(&out);
        assert_eq!(g[0], "R1 R2 R3", "{g:?}");
        assert_eq!(g[1], "B12 B13 B1", "a high 1 ends a run (R7): {g:?}");
        assert_eq!(g[2], "R5 Y5 B5 K5", "{g:?}");
        // Leftovers, then the okey (K10) last.
        let last = out.iter().flatten().last().map(|t| t.to_string());
        assert_eq!(last.as_deref(), Some("K10"), "{g:?}");
    }

    #[test]
    fn pairs_sort_puts_identical_tiles_together() {
        let joker = Joker::new(parse_indicator("K9").unwrap());
        let tiles = hand("R1 Y3 R1 B7 Y3 K2 B7 F F R12 K10 Y4");
        let rack = rack_of(&tiles);
        let out = sorted(&rack, joker, Sort::Pairs).unwrap();
        same_tiles(&rack, &out);
        let g = groups(&out);
        for pair in ["R1 R1", "Y3 Y3", "B7 B7", "F F"] {
            assert!(g.contains(&pair.to_string()), "{pair} missing in {g:?}");
        }
    }

    #[test]
    fn best_lays_out_a_win_with_the_discard_last() {
        // R8: three melds and a four-run plus the okey K10 as the spare 15th.
        let joker = Joker::new(parse_indicator("K9").unwrap());
        let tiles = hand("Y9 R1 Y10 R2 R3 Y11 B1 B2 B3 K7 B7 Y7 R5 Y12 K10");
        let rack = rack_of(&tiles);
        let out = sorted(&rack, joker, Sort::Best).unwrap();
        same_tiles(&rack, &out);
        let g = groups(&out);
        let last = out.iter().flatten().last().unwrap();
        let shown: Vec<Tile> = out
            .iter()
            .flatten()
            .copied()
            .filter(|t| t != last)
            .collect();
        let kinds: Vec<Kind> = shown.iter().map(|t| t.kind()).collect();
        assert!(crate::analysis::is_win(&kinds, joker), "{g:?}");
    }

    #[test]
    fn best_without_a_win_groups_only_valid_melds() {
        let joker = Joker::new(parse_indicator("K9").unwrap());
        let tiles = hand("R1 R2 R4 K10 Y6 B6 K6 Y11 Y12 B3 K1 R9 B9 Y2");
        let rack = rack_of(&tiles);
        let out = sorted(&rack, joker, Sort::Best).unwrap();
        same_tiles(&rack, &out);
        let g = groups(&out);
        // R1 R2 (okey) R4 is a run with the okey as R3, and Y6 B6 K6 a set: 7 tiles in melds.
        let melds: Vec<&String> = g
            .iter()
            .filter(|s| {
                let kinds: Vec<Kind> = s.split(' ').map(|t| parse_kind(t).unwrap()).collect();
                check_group(&kinds, joker).is_ok()
            })
            .collect();
        let in_melds: usize = melds.iter().map(|s| s.split(' ').count()).sum();
        assert!(in_melds >= 7, "{g:?}");
    }
}
