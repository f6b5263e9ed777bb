//! The census of the 106 tiles: each is in exactly one place, so a saved or replayed round
//! can be trusted not to have lost or copied a tile.

use crate::game::Match;
use crate::round::Round;
use crate::tile::Tile;
use std::fmt;
use thiserror::Error;

/// Tiles out of place in a round: some in no place, some in two.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "round {round}: tiles missing [{}], tiles in two places [{}]",
    Tiles(missing),
    Tiles(doubled)
)]
pub struct CensusError {
    /// The round number.
    pub round: u32,
    /// Tiles found nowhere.
    pub missing: Vec<Tile>,
    /// Tiles found in more than one place (once each).
    pub doubled: Vec<Tile>,
}

/// Tiles as notation, separated by spaces.
struct Tiles<'a>(&'a [Tile]);

impl fmt::Display for Tiles<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, t) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{t}")?;
        }
        Ok(())
    }
}

/// Which tiles of a full set `tiles` lacks and which it holds more than once.
fn count(round: u32, tiles: impl Iterator<Item = Tile>) -> Result<(), CensusError> {
    let mut seen = [0u8; Tile::COUNT];
    for t in tiles {
        seen[usize::from(t.id())] = seen[usize::from(t.id())].saturating_add(1);
    }
    let with = |pred: fn(u8) -> bool| -> Vec<Tile> {
        Tile::all()
            .filter(|t| pred(seen[usize::from(t.id())]))
            .collect()
    };
    let missing = with(|n| n == 0);
    let doubled = with(|n| n > 1);
    if missing.is_empty() && doubled.is_empty() {
        Ok(())
    } else {
        Err(CensusError {
            round,
            missing,
            doubled,
        })
    }
}

impl Round {
    /// Every tile where it lies: racks, discard stacks, the pile, the centre, and the
    /// indicator when it is face up on the table rather than in the pile or a rack (R16).
    fn placed(&self) -> impl Iterator<Item = Tile> + '_ {
        let seats = self.seats().iter();
        seats
            .clone()
            .flat_map(|&s| self.rack(s).into_iter().flat_map(|r| r.tiles()))
            .chain(seats.flat_map(|&s| self.discards(s).iter().copied()))
            .chain(self.pile())
            .chain(self.centre())
            .chain((!self.indicator_drawn_last()).then_some(self.indicator()))
    }

    /// Checks that each of the 106 tiles is in exactly one place: a rack, a discard stack,
    /// the pile, the centre, or (the indicator, unless it is drawn last, R16) the table.
    pub fn tile_census(&self) -> Result<(), CensusError> {
        count(self.number(), self.placed())
    }
}

impl Match {
    /// The census of the current round's 106 tiles (see [`Round::tile_census`]).
    pub fn tile_census(&self) -> Result<(), CensusError> {
        self.round().tile_census()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::round::rig::round;
    use crate::rules::Rules;

    #[test]
    fn r1_census_names_a_missing_and_a_doubled_tile() {
        let r = round(Rules::default(), 3);
        assert_eq!(r.tile_census(), Ok(()));
        let mut tiles: Vec<Tile> = r.placed().collect();
        let lost = tiles.remove(0);
        tiles.push(tiles[0]);
        let e = count(r.number(), tiles.into_iter()).unwrap_err();
        assert_eq!(e.missing, vec![lost]);
        assert_eq!(e.doubled.len(), 1);
    }

    #[test]
    fn r16_indicator_on_the_table_is_counted_once() {
        let r = round(Rules::default(), 4);
        // Without the indicator the set is one short: it is not faked in.
        let without: Vec<Tile> = r.placed().filter(|&t| t != r.indicator()).collect();
        let e = count(r.number(), without.into_iter()).unwrap_err();
        assert_eq!(e.missing, vec![r.indicator()]);
    }

    #[test]
    fn r16_indicator_last_census_counts_106() {
        let rules = Rules {
            indicator_last: true,
            ..Rules::default()
        };
        let mut m = Match::new(rules, 9).unwrap();
        let indicator = m.round().indicator();
        let mut drawn = false;
        for _ in 0..2000 {
            if m.round().is_over() {
                break;
            }
            assert_eq!(m.round().placed().count(), Tile::COUNT);
            assert_eq!(m.tile_census(), Ok(()));
            let seat = m.round().turn().unwrap();
            let action = m.legal_actions(seat)[0];
            m.apply(seat, action).unwrap();
            let r = m.round();
            drawn |= r.pile_len() == 0
                && r.seats()
                    .iter()
                    .any(|&s| r.rack(s).is_some_and(|k| k.contains(indicator)));
        }
        assert_eq!(m.tile_census(), Ok(()));
        assert!(drawn, "the indicator was drawn from the pile into a rack");
    }
}
