//! Melds of 101 (R101-6..R101-10, R101-21, R101-22): checking a laid set, run or pair, what
//! each okey in it stands for, its value, and how a table meld grows by a lay-off or changes by
//! an okey swap. Runs go from 1 to 13 only: 101 has no 1 after 13 (R101-7).

use crate::problem::params;
use crate::rules::Seat;
use crate::tile::{Colour, Face, Joker, Kind, Role, Tile};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// What kind of meld a group is laid as; the player says which (R101-9: the engine takes the
/// layout as given).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    /// Same number, different colours, 3 or 4 tiles (R101-6).
    Set,
    /// Same colour, consecutive numbers within 1..13, in number order (R101-7).
    Run,
    /// Two tiles of one face (R101-8).
    Pair,
}

/// A group of tiles from the hand as a player lays it: for a run, in number order, so each
/// okey's place says what it stands for (R101-9).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Laid {
    /// Set, run or pair.
    pub shape: Shape,
    /// The tiles, a run's from its lowest number up.
    pub tiles: Vec<Tile>,
}

/// Which end of a run a tile is laid off at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// Below the lowest number.
    Low,
    /// Above the highest number.
    High,
}

/// The stable id of a table meld (R101-10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct MeldId(pub u16);

/// One tile on the table and the face it plays as: its own face, the okey's face for a false
/// joker, and for an okey the tile it stands for (R101-10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Placed {
    /// The physical tile.
    pub tile: Tile,
    /// What it plays as.
    pub as_face: Face,
}

/// A meld on the table: never split or merged, it grows by lay-offs and changes by swaps.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TableMeld {
    /// Stable id.
    pub id: MeldId,
    /// Who laid it.
    pub owner: Seat,
    /// Set, run or pair.
    pub shape: Shape,
    /// Its tiles in order (a run's from low to high).
    pub tiles: Vec<Placed>,
}

/// Why a group is not the meld it is laid as.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MeldFault {
    /// A set or run of the wrong size.
    #[error("a {shape:?} has {min} to {max} tiles, not {given}")]
    Size {
        /// The shape asked for.
        shape: Shape,
        /// Fewest tiles.
        min: usize,
        /// Most tiles.
        max: usize,
        /// Tiles given.
        given: usize,
    },
    /// A set whose numbers differ.
    #[error("a set is one number in different colours")]
    SetNumbers,
    /// A set with a colour twice.
    #[error("a set has each colour at most once")]
    SetColours,
    /// A run with two colours.
    #[error("a run is one colour")]
    RunColours,
    /// A run whose numbers do not follow on, or that leaves 1..13 (no 12-13-1, R101-7).
    #[error("a run's numbers follow on within 1 to 13 (12-13-1 is no run)")]
    RunOrder,
    /// Two tiles that are not a pair.
    #[error("a pair is two tiles of one face, or a tile and an okey")]
    NotAPair,
    /// A run or set made of okeys only.
    #[error("a meld needs at least one tile that is not an okey")]
    OnlyOkeys,
}

impl MeldFault {
    /// The rule the fault breaks.
    pub fn rule(&self) -> &'static str {
        match self {
            MeldFault::Size {
                shape: Shape::Pair, ..
            }
            | MeldFault::NotAPair => "R101-8",
            MeldFault::Size {
                shape: Shape::Set, ..
            }
            | MeldFault::SetNumbers
            | MeldFault::SetColours => "R101-6",
            _ => "R101-7",
        }
    }
}

crate::coded_error! {
    /// The codes of [`MeldFault`], each with the rule it breaks.
    pub enum MeldFaultCode for MeldFault as this {
        MeldFault::Size { shape, min, max, given } => MeldSize = "meld_size",
            params()
                .text("rule", this.rule())
                .value("shape", shape)
                .count("min", *min)
                .count("max", *max)
                .count("given", *given);
        MeldFault::SetNumbers => SetNumbers = "set_numbers", params().text("rule", this.rule());
        MeldFault::SetColours => SetColours = "set_colours", params().text("rule", this.rule());
        MeldFault::RunColours => RunColours = "run_colours", params().text("rule", this.rule());
        MeldFault::RunOrder => RunOrder = "run_order", params().text("rule", this.rule());
        MeldFault::NotAPair => PairFaces = "pair_faces", params().text("rule", this.rule());
        MeldFault::OnlyOkeys => OnlyOkeys = "only_okeys", params().text("rule", this.rule());
    }
}

/// Checks `kinds` laid as `shape` and gives the face each one plays as (R101-6..9).
pub fn place(shape: Shape, kinds: &[Kind], joker: Joker) -> Result<Vec<Face>, MeldFault> {
    let roles: Vec<Role> = kinds.iter().map(|&k| joker.role(k)).collect();
    let size = |min: usize, max: usize| {
        if (min..=max).contains(&kinds.len()) {
            Ok(())
        } else {
            Err(MeldFault::Size {
                shape,
                min,
                max,
                given: kinds.len(),
            })
        }
    };
    match shape {
        Shape::Pair => {
            size(2, 2)?;
            match (roles[0], roles[1]) {
                (Role::Plain(a), Role::Plain(b)) if a == b => Ok(vec![a, a]),
                (Role::Plain(a), Role::Wild) | (Role::Wild, Role::Plain(a)) => Ok(vec![a, a]),
                (Role::Wild, Role::Wild) => Ok(vec![joker.okey(); 2]),
                _ => Err(MeldFault::NotAPair),
            }
        }
        Shape::Set => {
            size(3, 4)?;
            let plain: Vec<Face> = plain_faces(&roles);
            let first = plain.first().ok_or(MeldFault::OnlyOkeys)?;
            if plain.iter().any(|f| f.number != first.number) {
                return Err(MeldFault::SetNumbers);
            }
            set_faces(&roles, first.number.get()).ok_or(MeldFault::SetColours)
        }
        Shape::Run => {
            size(3, 13)?;
            let (at, first) = roles
                .iter()
                .enumerate()
                .find_map(|(i, r)| match r {
                    Role::Plain(f) => Some((i, *f)),
                    Role::Wild => None,
                })
                .ok_or(MeldFault::OnlyOkeys)?;
            if plain_faces(&roles).iter().any(|f| f.colour != first.colour) {
                return Err(MeldFault::RunColours);
            }
            let start = i32::from(first.number.get()) - at as i32;
            let end = start + kinds.len() as i32 - 1;
            if start < 1 || end > 13 {
                return Err(MeldFault::RunOrder);
            }
            let faces: Vec<Face> = (start..=end)
                .filter_map(|n| Face::new(first.colour, n as u8))
                .collect();
            let fits = roles.iter().zip(&faces).all(|(r, f)| match r {
                Role::Plain(p) => p == f,
                Role::Wild => true,
            });
            if fits {
                Ok(faces)
            } else {
                Err(MeldFault::RunOrder)
            }
        }
    }
}

fn plain_faces(roles: &[Role]) -> Vec<Face> {
    roles
        .iter()
        .filter_map(|r| match r {
            Role::Plain(f) => Some(*f),
            Role::Wild => None,
        })
        .collect()
}

/// The faces of a set of `number`: plain tiles keep their colour, okeys take the colours the
/// set lacks in notation order. None when a colour repeats.
fn set_faces(roles: &[Role], number: u8) -> Option<Vec<Face>> {
    let plain = plain_faces(roles);
    let mut used = [false; 4];
    for f in &plain {
        if std::mem::replace(&mut used[f.colour.index()], true) {
            return None;
        }
    }
    let mut free = Colour::ALL.into_iter().filter(|c| !used[c.index()]);
    roles
        .iter()
        .map(|r| match r {
            Role::Plain(f) => Some(*f),
            Role::Wild => free.next().and_then(|c| Face::new(c, number)),
        })
        .collect()
}

/// The value of a meld: the sum of the numbers its tiles play as (R101-9).
pub fn value(faces: &[Face]) -> u16 {
    faces.iter().map(|f| u16::from(f.number.get())).sum()
}

impl TableMeld {
    /// The faces the tiles play as.
    pub fn faces(&self) -> Vec<Face> {
        self.tiles.iter().map(|p| p.as_face).collect()
    }

    /// Where a tile of `kind` can be laid off, and what it plays as there (R101-21). A plain
    /// tile fits at most one place; an okey on a run needs `side`. Pairs take nothing.
    pub fn lay_off(&self, kind: Kind, side: Option<Side>, joker: Joker) -> Option<(usize, Face)> {
        let role = joker.role(kind);
        match self.shape {
            Shape::Pair => None,
            Shape::Set => {
                if self.tiles.len() >= 4 {
                    return None;
                }
                let number = self.tiles.first()?.as_face.number;
                let lacking = |c: Colour| self.plain_colours(joker).iter().all(|&u| u != c);
                match role {
                    Role::Plain(f) if f.number == number && lacking(f.colour) => {
                        Some((self.tiles.len(), f))
                    }
                    Role::Plain(_) => None,
                    Role::Wild => Colour::ALL
                        .into_iter()
                        .find(|&c| self.tiles.iter().all(|p| p.as_face.colour != c))
                        .map(|c| (self.tiles.len(), Face { colour: c, number })),
                }
            }
            Shape::Run => {
                let low = self.tiles.first()?.as_face;
                let high = self.tiles.last()?.as_face;
                let below = Face::new(low.colour, low.number.get().wrapping_sub(1));
                let above = Face::new(high.colour, high.number.get() + 1);
                match role {
                    Role::Plain(f) if Some(f) == below => Some((0, f)),
                    Role::Plain(f) if Some(f) == above => Some((self.tiles.len(), f)),
                    Role::Plain(_) => None,
                    Role::Wild => match side? {
                        Side::Low => below.map(|f| (0, f)),
                        Side::High => above.map(|f| (self.tiles.len(), f)),
                    },
                }
            }
        }
    }

    /// Colours of the set's tiles that are not okeys.
    fn plain_colours(&self, joker: Joker) -> Vec<Colour> {
        self.tiles
            .iter()
            .filter(|p| !joker.is_okey(p.tile.kind()))
            .map(|p| p.as_face.colour)
            .collect()
    }

    /// Puts a laid-off tile in place; okeys in a set take the colours it still lacks.
    pub fn insert(&mut self, at: usize, placed: Placed, joker: Joker) {
        self.tiles.insert(at.min(self.tiles.len()), placed);
        self.recolour(joker);
    }

    /// Whether the okey at `at` could be replaced by a tile of `kind`, and what that tile then
    /// plays as (R101-22): the face at its place in a run, the set's number in a colour the
    /// set's plain tiles lack, the other tile's face in a pair (never in a pair of two okeys).
    pub fn swap_fits(&self, at: usize, kind: Kind, joker: Joker) -> Option<Face> {
        let okey = self.tiles.get(at)?;
        if !joker.is_okey(okey.tile.kind()) {
            return None;
        }
        let Role::Plain(face) = joker.role(kind) else {
            return None;
        };
        match self.shape {
            Shape::Run => (face == okey.as_face).then_some(face),
            Shape::Pair => {
                let other = self.tiles.get(1 - at.min(1))?;
                let plain = !joker.is_okey(other.tile.kind());
                (plain && face == other.as_face).then_some(face)
            }
            Shape::Set => {
                let fits = face.number == okey.as_face.number
                    && !self.plain_colours(joker).contains(&face.colour);
                fits.then_some(face)
            }
        }
    }

    /// Reassigns set okeys to the colours the plain tiles lack, so each okey records a face
    /// the set can still take after a lay-off or swap.
    pub(crate) fn recolour(&mut self, joker: Joker) {
        if self.shape != Shape::Set {
            return;
        }
        let roles: Vec<Role> = self
            .tiles
            .iter()
            .map(|p| joker.role(p.tile.kind()))
            .collect();
        if let Some(number) = self.tiles.first().map(|p| p.as_face.number.get()) {
            if let Some(faces) = set_faces(&roles, number) {
                for (p, f) in self.tiles.iter_mut().zip(faces) {
                    p.as_face = f;
                }
            }
        }
    }

    /// Replaces the okey at `at` by `tile` playing as `face`; returns the okey.
    pub fn swap(&mut self, at: usize, tile: Tile, face: Face, joker: Joker) -> Option<Tile> {
        let slot = self.tiles.get_mut(at)?;
        let okey = slot.tile;
        *slot = Placed {
            tile,
            as_face: face,
        };
        self.recolour(joker);
        Some(okey)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{parse_indicator, parse_kind};

    fn b4() -> Joker {
        Joker::new(parse_indicator("B4").unwrap())
    }
    fn kinds(s: &str) -> Vec<Kind> {
        s.split_whitespace()
            .map(|t| parse_kind(t).unwrap())
            .collect()
    }
    fn worth(shape: Shape, s: &str) -> Result<u16, MeldFault> {
        place(shape, &kinds(s), b4()).map(|f| value(&f))
    }

    #[test]
    fn r101_7_no_run_through_13_to_1() {
        assert_eq!(worth(Shape::Run, "R12 R13 R1"), Err(MeldFault::RunOrder));
        assert_eq!(worth(Shape::Run, "R13 R1 R2"), Err(MeldFault::RunOrder));
        assert_eq!(worth(Shape::Run, "R12 R13 B5"), Err(MeldFault::RunOrder));
        assert_eq!(worth(Shape::Run, "B5 R1 R2"), Err(MeldFault::RunOrder));
        assert_eq!(worth(Shape::Run, "R1 R2 R3"), Ok(6));
    }

    #[test]
    fn r101_9_worked_example_3_okeys_count_as_what_they_replace() {
        // B5 is the okey under indicator B4; F plays as a plain B5.
        assert_eq!(worth(Shape::Run, "R11 B5 R13"), Ok(36));
        assert_eq!(worth(Shape::Set, "K9 R9 B5"), Ok(27));
        assert_eq!(worth(Shape::Run, "Y10 Y11 Y12"), Ok(33));
        assert_eq!(worth(Shape::Run, "K1 K2 K3"), Ok(6));
        assert_eq!(worth(Shape::Run, "B5 R10 R11"), Ok(30));
        assert_eq!(worth(Shape::Run, "R10 R11 B5"), Ok(33));
        assert_eq!(worth(Shape::Run, "F B6 B7"), Ok(18));
        assert_eq!(worth(Shape::Run, "R5 F R7"), Err(MeldFault::RunColours));
    }

    #[test]
    fn r101_6_sets_and_r101_8_pairs() {
        assert_eq!(worth(Shape::Set, "B13 K13 R13 Y13"), Ok(52));
        assert_eq!(worth(Shape::Set, "B13 K13 B13"), Err(MeldFault::SetColours));
        assert_eq!(worth(Shape::Set, "B13 K12 R13"), Err(MeldFault::SetNumbers));
        assert!(worth(Shape::Set, "B13 K13 R13 Y13 B5").is_err());
        assert_eq!(worth(Shape::Pair, "K10 B5"), Ok(20));
        assert_eq!(worth(Shape::Pair, "F F"), Ok(10));
        assert_eq!(worth(Shape::Pair, "B5 B5"), Ok(10));
        assert_eq!(worth(Shape::Pair, "R3 Y3"), Err(MeldFault::NotAPair));
    }
}
