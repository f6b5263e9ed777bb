//! The sorting helpers of the rack: "Runs" (seri diz), "Pairs" (çift diz) and "Best". Each
//! turns the tiles of a rack into groups that `okey_core::layout::lay_out` places with gaps,
//! leftovers after them; the session then replays the layout as ordinary rack moves, so the
//! engine stays the only owner of the rack.

use okey_core::layout::{finishing_groups, lay_out, winning_groups};
use okey_core::{Colour, Face, Joker, Role, Tile};
use serde::{Deserialize, Serialize};

/// Which sorting helper the player pressed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
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
    let mut at: [Option<usize>; 15] = [None; 15];
    for (i, p) in plains.iter().enumerate() {
        if !used[i] && p.face.colour == colour {
            let n = usize::from(p.face.number.get());
            at[n].get_or_insert(i);
        }
    }
    at[14] = at[1];
    let mut runs = Vec::new();
    let mut taken_one = false;
    let mut start = 1;
    while start <= 14 {
        let mut end = start;
        while end <= 14 && at[end].is_some() && !(end == 14 && taken_one) && end - start < 13 {
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

/// A search for the sets and runs that hold the most tiles, okeys filling gaps. Okeys are
/// only used inside a run or to bring a group up to 3, which never loses coverage and keeps
/// the search small; a node budget bounds it on any input.
struct MeldSearch<'a> {
    plains: &'a [Plain],
    used: Vec<bool>,
    wilds: usize,
    current: Vec<Vec<Option<usize>>>,
    best: Vec<Vec<Option<usize>>>,
    best_covered: usize,
    nodes: u32,
}

const NODE_BUDGET: u32 = 200_000;

impl MeldSearch<'_> {
    fn covered(groups: &[Vec<Option<usize>>]) -> usize {
        groups.iter().map(Vec::len).sum()
    }

    fn search(&mut self, from: usize) {
        self.nodes += 1;
        if self.nodes > NODE_BUDGET {
            return;
        }
        let covered = Self::covered(&self.current);
        let open = self.used.iter().filter(|u| !**u).count();
        if covered > self.best_covered {
            self.best_covered = covered;
            self.best = self.current.clone();
        }
        if covered + open + self.wilds <= self.best_covered {
            return;
        }
        let Some(i) = (from..self.plains.len()).find(|&i| !self.used[i]) else {
            return;
        };
        self.used[i] = true;
        for group in self.groups_with(i) {
            let wilds = group.iter().filter(|g| g.is_none()).count();
            if wilds > self.wilds {
                continue;
            }
            for &j in group.iter().flatten() {
                self.used[j] = true;
            }
            self.wilds -= wilds;
            self.current.push(group.clone());
            self.search(i + 1);
            self.current.pop();
            self.wilds += wilds;
            for &j in group.iter().flatten() {
                if j != i {
                    self.used[j] = false;
                }
            }
        }
        // Or the tile stays loose.
        self.search(i + 1);
        self.used[i] = false;
    }

    /// Every set and run holding plain tile `i` (already marked used) and other unused
    /// tiles; `None` marks an okey.
    fn groups_with(&self, i: usize) -> Vec<Vec<Option<usize>>> {
        let face = self.plains[i].face;
        let free = |colour: Colour, number: u8| -> Option<usize> {
            (0..self.plains.len()).find(|&j| {
                !self.used[j]
                    && self.plains[j].face.colour == colour
                    && self.plains[j].face.number.get() == number
            })
        };
        let mut groups = Vec::new();
        // Sets: the other colours present, okeys up to 3 tiles.
        let others: Vec<usize> = Colour::ALL
            .into_iter()
            .filter(|&c| c != face.colour)
            .filter_map(|c| free(c, face.number.get()))
            .collect();
        for mask in 0u8..(1 << others.len()) {
            let mut set: Vec<Option<usize>> = vec![Some(i)];
            set.extend(
                (0..others.len())
                    .filter(|b| mask & (1 << b) != 0)
                    .map(|b| Some(others[b])),
            );
            while set.len() < 3 {
                set.push(None);
            }
            groups.push(set);
        }
        // Runs through the tile's position (a 1 may also sit high, at 14).
        let n = usize::from(face.number.get());
        let positions: &[usize] = if n == 1 { &[1, 14] } else { &[n] };
        for &pos in positions {
            for start in pos.saturating_sub(12).max(1)..=pos {
                for end in pos.max(start + 2)..=(start + 12).min(14) {
                    let mut run = Vec::new();
                    for p in start..=end {
                        if p == pos {
                            run.push(Some(i));
                        } else {
                            let number = if p == 14 { 1 } else { p as u8 };
                            run.push(free(face.colour, number));
                        }
                    }
                    // An okey at either end of a run longer than 3 covers nothing a shorter
                    // run would not, so such runs are left out.
                    let ends_wild = run.first() == Some(&None) || run.last() == Some(&None);
                    if run.len() > 3 && ends_wild {
                        continue;
                    }
                    groups.push(run);
                }
            }
        }
        groups
    }
}

/// The layout with the most tiles in sets and runs.
fn most_in_melds(tiles: &[Tile], joker: Joker) -> Groups {
    let (plains, mut wilds) = split(tiles, joker);
    let mut search = MeldSearch {
        plains: &plains,
        used: vec![false; plains.len()],
        wilds: wilds.len(),
        current: Vec::new(),
        best: Vec::new(),
        best_covered: 0,
        nodes: 0,
    };
    search.search(0);
    let chosen = search.best;
    let mut in_group = vec![false; plains.len()];
    let mut groups = Vec::new();
    for group in chosen {
        let mut tiles = Vec::new();
        for member in group {
            match member {
                Some(j) => {
                    in_group[j] = true;
                    tiles.push(plains[j].tile);
                }
                // The search never uses more okeys than the hand holds.
                None => tiles.extend(wilds.pop()),
            }
        }
        groups.push(tiles);
    }
    let mut loose: Vec<Tile> = (0..plains.len())
        .filter(|&j| !in_group[j])
        .map(|j| plains[j].tile)
        .collect();
    loose.extend(wilds);
    (groups, loose)
}

#[cfg(test)]
mod tests {
    use super::*;
    use okey_core::meld::check_group;
    use okey_core::notation::{parse_indicator, parse_kind};
    use okey_core::Kind;

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
        assert!(okey_core::analysis::is_win(&kinds, joker), "{g:?}");
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
