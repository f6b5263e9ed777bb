//! Sets and runs (R6, R7): checking one group of tiles as laid on a rack.

use crate::line::{face_at, number_at, positions, HIGH_ONE, LONGEST_RUN};
use crate::problem::{params, Written};
use crate::tile::{Colour, Face, Joker, Kind, Number, Role};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The shape of a group in a winning hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum MeldKind {
    /// 3 or 4 tiles of one number in different colours (R6).
    Set,
    /// 3 to 13 consecutive numbers of one colour (R7).
    Run,
    /// Two identical tiles in a pairs hand (R9).
    Pair,
}

/// How a hand wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum WinKind {
    /// Sets and runs (R8).
    Melds,
    /// Seven pairs (R9).
    Pairs,
}

/// A valid group: its shape and the face every tile stands for, in the order given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Meld {
    /// Set or run.
    pub kind: MeldKind,
    /// The face each tile stands for (an okey's chosen face, a false joker's okey face).
    pub stands_for: Vec<Face>,
}

/// Why a group of tiles is not a set or a run, in words a player understands. The group is
/// kept as tiles, so an interface can name them in its own words.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MeldError {
    /// Fewer than 3 tiles.
    #[error("{} is too short: a set or run needs at least 3 tiles", Written(.group))]
    TooShort {
        /// The group as laid.
        group: Vec<Kind>,
    },
    /// A set with more than 4 tiles.
    #[error("{} is not a set: a set has 3 or 4 tiles of different colours", Written(.group))]
    SetTooLong {
        /// The group as laid.
        group: Vec<Kind>,
    },
    /// A set with a colour twice.
    #[error("{} is not a set: a set cannot hold two tiles of the same colour", Written(.group))]
    SetRepeatsColour {
        /// The group as laid.
        group: Vec<Kind>,
    },
    /// Same colour, but the numbers do not follow on.
    #[error("{} is not a run: a run is consecutive numbers of one colour, and 1 comes only before 2 or after 13, never both", Numbers(.numbers))]
    NotARun {
        /// The group as laid (for an interface to show).
        group: Vec<Kind>,
        /// The numbers of its plain tiles, e.g. 13, 1, 2.
        numbers: Vec<u8>,
    },
    /// Mixed colours and numbers.
    #[error("{} is neither a set nor a run", Written(.group))]
    Neither {
        /// The group as laid.
        group: Vec<Kind>,
    },
}

impl MeldError {
    /// The group the error is about, as laid.
    pub fn group(&self) -> &[Kind] {
        match self {
            MeldError::TooShort { group }
            | MeldError::SetTooLong { group }
            | MeldError::SetRepeatsColour { group }
            | MeldError::NotARun { group, .. }
            | MeldError::Neither { group } => group,
        }
    }
}

crate::coded_error! {
    /// The codes of [`MeldError`]: each names the group's tiles, a run also its numbers.
    pub enum MeldCode for MeldError as this {
        MeldError::TooShort { group } => GroupTooShort = "group_too_short",
            params().kinds("tiles", group);
        MeldError::SetTooLong { group } => SetTooLong = "set_too_long",
            params().kinds("tiles", group);
        MeldError::SetRepeatsColour { group } => SetRepeatsColour = "set_repeats_colour",
            params().kinds("tiles", group);
        MeldError::NotARun { group, numbers } => NotARun = "not_a_run",
            params().kinds("tiles", group).numbers("numbers", numbers);
        MeldError::Neither { group } => NotAGroup = "not_a_group", params().kinds("tiles", group);
    }
}

/// Numbers written with dashes, as a run is read: `13-1-2`.
struct Numbers<'a>(&'a [u8]);

impl std::fmt::Display for Numbers<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, n) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("-")?;
            }
            write!(f, "{n}")?;
        }
        Ok(())
    }
}

/// Checks one group, as laid left to right, under a joker context. Runs may be laid ascending
/// or descending; an okey stands for the face its position calls for (R4), a false joker for
/// the okey face (R5).
pub fn check_group(tiles: &[Kind], joker: Joker) -> Result<Meld, MeldError> {
    let roles: Vec<Role> = tiles.iter().map(|&k| joker.role(k)).collect();
    let plains: Vec<Face> = roles
        .iter()
        .filter_map(|r| match r {
            Role::Plain(f) => Some(*f),
            Role::Wild => None,
        })
        .collect();
    let written = || tiles.to_vec();
    if tiles.len() < 3 {
        return Err(MeldError::TooShort { group: written() });
    }
    let Some(first) = plains.first().copied() else {
        // Three or more wilds cannot happen with two okeys, but stay total anyway.
        return Err(MeldError::Neither { group: written() });
    };
    let one_number = plains.iter().all(|f| f.number == first.number);
    let one_colour = plains.iter().all(|f| f.colour == first.colour);
    if one_number && (!one_colour || plains.len() == 1 || tiles.len() == 4) {
        if let Ok(meld) = as_set(&roles, first.number, written) {
            return Ok(meld);
        }
    }
    if one_colour {
        if let Some(meld) =
            as_run(&roles, first.colour, false).or_else(|| as_run(&roles, first.colour, true))
        {
            return Ok(meld);
        }
        if !one_number {
            let numbers = plains.iter().map(|f| f.number.get()).collect();
            return Err(MeldError::NotARun {
                group: written(),
                numbers,
            });
        }
    }
    if one_number {
        return as_set(&roles, first.number, written);
    }
    Err(MeldError::Neither { group: written() })
}

fn as_set(
    roles: &[Role],
    number: Number,
    written: impl Fn() -> Vec<Kind>,
) -> Result<Meld, MeldError> {
    if roles.len() > 4 {
        return Err(MeldError::SetTooLong { group: written() });
    }
    let mut used = [false; 4];
    for r in roles {
        if let Role::Plain(f) = r {
            if std::mem::replace(&mut used[f.colour.index()], true) {
                return Err(MeldError::SetRepeatsColour { group: written() });
            }
        }
    }
    let mut free = Colour::ALL.into_iter().filter(|c| !used[c.index()]);
    let stands_for = roles
        .iter()
        .map(|r| match r {
            Role::Plain(f) => *f,
            // At most 4 tiles and distinct plain colours: a free colour always remains.
            Role::Wild => Face {
                colour: free.next().unwrap_or(Colour::Red),
                number,
            },
        })
        .collect();
    Ok(Meld {
        kind: MeldKind::Set,
        stands_for,
    })
}

/// Positions on the run line (see [`crate::line`]).
fn as_run(roles: &[Role], colour: Colour, descending: bool) -> Option<Meld> {
    let len = roles.len() as i32;
    if len > i32::from(LONGEST_RUN) {
        return None;
    }
    let step = |i: usize| {
        if descending {
            len - 1 - i as i32
        } else {
            i as i32
        }
    };
    // The low end of the run on the extended line, fixed by the first plain tile.
    let mut start = None;
    for (i, r) in roles.iter().enumerate() {
        if let Role::Plain(f) = r {
            let fits = |s: i32| (1..=i32::from(HIGH_ONE) - len + 1).contains(&s);
            let found = positions(f.number.get())
                .iter()
                .map(|&v| i32::from(v) - step(i))
                .find(|&s| fits(s) && run_accepts(roles, s, step, colour));
            start = Some(found?);
            break;
        }
    }
    let start = start?;
    let stands_for = (0..roles.len())
        .map(|i| {
            let v = u8::try_from(start + step(i)).ok()?;
            face_at(colour, v)
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Meld {
        kind: MeldKind::Run,
        stands_for,
    })
}

fn run_accepts(roles: &[Role], start: i32, step: impl Fn(usize) -> i32, colour: Colour) -> bool {
    roles.iter().enumerate().all(|(i, r)| match r {
        Role::Wild => true,
        Role::Plain(f) => {
            let v = start + step(i);
            f.colour == colour && u8::try_from(v).is_ok_and(|v| number_at(v) == f.number.get())
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{parse_indicator, parse_kind};

    fn group(indicator: &str, tokens: &str) -> Result<Meld, MeldError> {
        let joker = Joker::new(parse_indicator(indicator).unwrap());
        let kinds: Vec<Kind> = tokens
            .split_whitespace()
            .map(|t| parse_kind(t).unwrap())
            .collect();
        check_group(&kinds, joker)
    }

    fn faces(m: &Meld) -> String {
        m.stands_for
            .iter()
            .map(|f| f.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn r06_sets_of_three_and_four_distinct_colours() {
        assert_eq!(group("K9", "R7 Y7 B7").unwrap().kind, MeldKind::Set);
        assert_eq!(group("K9", "R7 Y7 B7 K7").unwrap().kind, MeldKind::Set);
        assert!(matches!(
            group("K9", "R7 R7 B7"),
            Err(MeldError::SetRepeatsColour { .. })
        ));
        assert!(group("K9", "R7 Y7").is_err());
    }

    #[test]
    fn r06_okey_fills_a_set_colour() {
        // Indicator R4: R5 is the okey.
        let m = group("R4", "Y10 K10 R5").unwrap();
        assert_eq!(m.kind, MeldKind::Set);
        assert_eq!(faces(&m), "Y10 K10 R10");
    }

    #[test]
    fn r07_runs_low_and_high_one() {
        assert_eq!(group("K9", "B1 B2 B3").unwrap().kind, MeldKind::Run);
        assert_eq!(group("K9", "Y12 Y13 Y1").unwrap().kind, MeldKind::Run);
        assert_eq!(group("K9", "Y1 Y13 Y12").unwrap().kind, MeldKind::Run);
    }

    #[test]
    fn r07_run_13_1_2_invalid() {
        let err = group("K9", "R13 R1 R2").unwrap_err();
        assert!(matches!(&err, MeldError::NotARun { numbers, .. } if numbers == &[13, 1, 2]));
        assert!(err.to_string().starts_with("13-1-2 is not a run"));
        assert!(group("K9", "R12 R13 R1 R2").is_err());
        assert!(group("K9", "R3 R5 R6").is_err());
    }

    #[test]
    fn r07_okey_fills_gaps_and_high_end() {
        // Indicator R4: R5 okeys; G6 R5 R5 G9 from the seed becomes B6 B7 B8 B9.
        let m = group("R4", "B6 R5 R5 B9").unwrap();
        assert_eq!(faces(&m), "B6 B7 B8 B9");
        let m = group("R4", "K11 K12 K13 R5").unwrap();
        assert_eq!(faces(&m), "K11 K12 K13 K1");
        assert!(group("R4", "K12 K13 R5 K2").is_err());
    }

    #[test]
    fn r07_longest_run_is_13() {
        let all: Vec<String> = (1..=13).map(|n| format!("Y{n}")).collect();
        assert!(group("K9", &all.join(" ")).is_ok());
        let high: Vec<String> = (2..=13)
            .map(|n| format!("Y{n}"))
            .chain(["Y1".into()])
            .collect();
        assert!(group("K9", &high.join(" ")).is_ok());
        let too_long: Vec<String> = (1..=13)
            .map(|n| format!("Y{n}"))
            .chain(["Y1".into()])
            .collect();
        assert!(group("K9", &too_long.join(" ")).is_err());
    }

    #[test]
    fn r05_false_joker_plays_as_okey_face() {
        // Indicator R4: F is R5.
        assert_eq!(faces(&group("R4", "R4 F R6").unwrap()), "R4 R5 R6");
        assert_eq!(group("R4", "K5 B5 Y5 F").unwrap().kind, MeldKind::Set);
        assert!(group("R4", "Y7 F Y9").is_err());
    }
}
