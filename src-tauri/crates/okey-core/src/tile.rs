//! Tiles (R1): colours, numbers, faces, kinds and the 106 tile identities.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the four tile colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Colour {
    /// Red, written `R`.
    Red,
    /// Yellow, written `Y`.
    Yellow,
    /// Blue, written `B`.
    Blue,
    /// Black, written `K`.
    Black,
}

impl Colour {
    /// All colours in notation order.
    pub const ALL: [Colour; 4] = [Colour::Red, Colour::Yellow, Colour::Blue, Colour::Black];

    /// Index 0..4 in [`Colour::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The colour with index `i` (0..4).
    pub fn from_index(i: usize) -> Option<Colour> {
        Colour::ALL.get(i).copied()
    }

    /// The notation letter (R2).
    pub fn letter(self) -> char {
        match self {
            Colour::Red => 'R',
            Colour::Yellow => 'Y',
            Colour::Blue => 'B',
            Colour::Black => 'K',
        }
    }

    /// Whether the colour is red or black (R20, R21).
    pub fn is_red_or_black(self) -> bool {
        matches!(self, Colour::Red | Colour::Black)
    }
}

/// A tile number 1..=13.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(try_from = "u8", into = "u8")]
pub struct Number(u8);

impl Number {
    /// The number `n` if it is in 1..=13.
    pub fn new(n: u8) -> Option<Number> {
        (1..=13).contains(&n).then_some(Number(n))
    }

    /// The value 1..=13.
    pub fn get(self) -> u8 {
        self.0
    }

    /// The next number, with 1 after 13 (R3).
    pub fn next_cyclic(self) -> Number {
        Number(self.0 % 13 + 1)
    }
}

impl TryFrom<u8> for Number {
    type Error = String;
    fn try_from(n: u8) -> Result<Self, Self::Error> {
        Number::new(n).ok_or_else(|| format!("{n} is not a tile number (1-13)"))
    }
}

impl From<Number> for u8 {
    fn from(n: Number) -> u8 {
        n.0
    }
}

/// A numbered face: a colour and a number. There are 52 of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Face {
    /// The colour.
    pub colour: Colour,
    /// The number.
    pub number: Number,
}

impl Face {
    /// Number of numbered faces.
    pub const COUNT: usize = 52;

    /// Builds a face; `None` when `number` is not in 1..=13.
    pub fn new(colour: Colour, number: u8) -> Option<Face> {
        Number::new(number).map(|number| Face { colour, number })
    }

    /// Dense index 0..52: colour-major, number-minor.
    pub fn index(self) -> usize {
        self.colour.index() * 13 + (self.number.get() as usize - 1)
    }

    /// The face with dense index `i` (0..52).
    pub fn from_index(i: usize) -> Option<Face> {
        let colour = Colour::from_index(i / 13)?;
        Face::new(colour, (i % 13) as u8 + 1)
    }

    /// Every face in index order.
    pub fn all() -> impl Iterator<Item = Face> {
        (0..Face::COUNT).filter_map(Face::from_index)
    }

    /// The okey face for this face as indicator: same colour, next number, 1 after 13 (R3).
    pub fn okey_for_indicator(self) -> Face {
        Face {
            colour: self.colour,
            number: self.number.next_cyclic(),
        }
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.colour.letter(), self.number.get())
    }
}

/// What is printed on a tile: a numbered face or the false joker. There are 53 kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Kind {
    /// A numbered tile.
    Face(Face),
    /// A false joker (sahte okey), written `F` (R5).
    FalseJoker,
}

impl Kind {
    /// Number of kinds (52 faces and the false joker).
    pub const COUNT: usize = 53;

    /// Dense index 0..53; the false joker is 52.
    pub fn index(self) -> usize {
        match self {
            Kind::Face(f) => f.index(),
            Kind::FalseJoker => 52,
        }
    }

    /// The kind with dense index `i` (0..53).
    pub fn from_index(i: usize) -> Option<Kind> {
        if i == 52 {
            Some(Kind::FalseJoker)
        } else {
            Face::from_index(i).map(Kind::Face)
        }
    }

    /// Every kind in index order.
    pub fn all() -> impl Iterator<Item = Kind> {
        (0..Kind::COUNT).filter_map(Kind::from_index)
    }

    /// The numbered face, if any.
    pub fn face(self) -> Option<Face> {
        match self {
            Kind::Face(f) => Some(f),
            Kind::FalseJoker => None,
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Kind::Face(face) => face.fmt(f),
            Kind::FalseJoker => f.write_str("F"),
        }
    }
}

/// One physical tile: identity 0..106 (R1). The two copies of a face are distinct tiles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(try_from = "u8", into = "u8")]
pub struct Tile(u8);

impl Tile {
    /// Number of tiles in a set.
    pub const COUNT: usize = 106;

    /// The tile with identity `id` (0..106).
    pub fn new(id: u8) -> Option<Tile> {
        ((id as usize) < Tile::COUNT).then_some(Tile(id))
    }

    /// Copy `copy` (0 or 1) of `kind`.
    pub fn of(kind: Kind, copy: u8) -> Option<Tile> {
        (copy < 2).then(|| Tile(kind.index() as u8 * 2 + copy))
    }

    /// The identity 0..106.
    pub fn id(self) -> u8 {
        self.0
    }

    /// What is printed on the tile.
    pub fn kind(self) -> Kind {
        // Identities are kind * 2 + copy, and kind < 53 by construction.
        Kind::from_index(self.0 as usize / 2).unwrap_or(Kind::FalseJoker)
    }

    /// Which copy of its kind (0 or 1).
    pub fn copy(self) -> u8 {
        self.0 % 2
    }

    /// All 106 tiles.
    pub fn all() -> impl Iterator<Item = Tile> {
        (0..Tile::COUNT as u8).map(Tile)
    }
}

impl TryFrom<u8> for Tile {
    type Error = String;
    fn try_from(id: u8) -> Result<Self, Self::Error> {
        Tile::new(id).ok_or_else(|| format!("{id} is not a tile identity (0-105)"))
    }
}

impl From<Tile> for u8 {
    fn from(t: Tile) -> u8 {
        t.0
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.kind().fmt(f)
    }
}

/// The joker context of a round: the indicator and what it makes of each tile (R3-R5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Joker {
    indicator: Face,
}

/// What a tile is worth in a hand once the indicator is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    /// An okey: wild (R4).
    Wild,
    /// A plain tile standing for exactly this face (a false joker stands for the okey face, R5).
    Plain(Face),
}

impl Joker {
    /// The joker context for a face-up indicator.
    pub fn new(indicator: Face) -> Joker {
        Joker { indicator }
    }

    /// The indicator face.
    pub fn indicator(self) -> Face {
        self.indicator
    }

    /// The okey face (R3).
    pub fn okey(self) -> Face {
        self.indicator.okey_for_indicator()
    }

    /// Whether a tile of this kind is an okey.
    pub fn is_okey(self, kind: Kind) -> bool {
        kind == Kind::Face(self.okey())
    }

    /// The role of a tile of this kind (R4, R5).
    pub fn role(self, kind: Kind) -> Role {
        match kind {
            Kind::FalseJoker => Role::Plain(self.okey()),
            Kind::Face(f) if f == self.okey() => Role::Wild,
            Kind::Face(f) => Role::Plain(f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r01_106_distinct_tiles_two_of_each_kind() {
        let mut per_kind = [0u8; Kind::COUNT];
        for t in Tile::all() {
            per_kind[t.kind().index()] += 1;
            assert_eq!(Tile::of(t.kind(), t.copy()), Some(t));
        }
        assert_eq!(Tile::all().count(), 106);
        assert!(per_kind.iter().all(|&n| n == 2));
    }

    #[test]
    fn r03_okey_is_next_number_and_1_after_13() {
        let j = Joker::new(Face::new(Colour::Red, 4).unwrap());
        assert_eq!(j.okey(), Face::new(Colour::Red, 5).unwrap());
        let j = Joker::new(Face::new(Colour::Black, 13).unwrap());
        assert_eq!(j.okey(), Face::new(Colour::Black, 1).unwrap());
    }

    #[test]
    fn r05_false_joker_stands_for_okey_face() {
        let j = Joker::new(Face::new(Colour::Blue, 9).unwrap());
        assert_eq!(j.role(Kind::FalseJoker), Role::Plain(j.okey()));
        assert_eq!(j.role(Kind::Face(j.okey())), Role::Wild);
    }

    #[test]
    fn face_and_kind_indices_round_trip() {
        for i in 0..Kind::COUNT {
            assert_eq!(Kind::from_index(i).map(Kind::index), Some(i));
        }
        assert_eq!(Face::from_index(52), None);
        assert_eq!(Tile::new(106), None);
    }
}
