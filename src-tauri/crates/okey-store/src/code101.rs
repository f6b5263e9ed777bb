//! The bytes of a 101 action in the log: a fixed field of [`ACTION101_LEN`] bytes, owned by
//! the store rather than taken from the engine's serde form, so an engine refactor cannot
//! change what is on disk, and so every log entry of a 101 match (and every journal frame)
//! has one size and a journal's tail can be read without reading it all.
//!
//! Layout: byte 0 is the tag; the rest depends on it, and every byte not used is zero (a
//! reader refuses anything else, so damage is not read as an action).
//!
//! | tag | action | bytes after the tag |
//! |---|---|---|
//! | 1 | draw | — |
//! | 2 | take | — |
//! | 3 | return | — |
//! | 4 | declare pairs | — |
//! | 5 | open | meld count n (1..=11), n shape·length bytes, then the tiles of every meld in order |
//! | 6 | meld | one shape·length byte, then its tiles |
//! | 7 | lay off | tile, meld id (u16 BE), side (0 none, 1 low, 2 high) |
//! | 8 | swap | tile, meld id (u16 BE), the okey taken |
//! | 9 | take back | tile |
//! | 10 | discard | tile |
//! | 11 | end round | — |
//! | 12 | next round | — |
//!
//! A shape·length byte is the shape (1 set, 2 run, 3 pair) in the high nibble and the meld's
//! tile count (up to 15) in the low one. An opening holds at most 22 tiles (a starter's hand)
//! in at most 11 melds (pairs), so 1 + 1 + 11 + 22 = 35 bytes are enough.

use okey_core::r101::{Action101, Laid, MeldId, Shape, Side};
use okey_core::Tile;

/// Bytes of an encoded 101 action.
pub(crate) const ACTION101_LEN: usize = 48;
/// The most melds one opening lays: 11 pairs of a 22-tile hand.
const MAX_MELDS: usize = 11;
/// The most tiles in one meld the length nibble can say (a run has at most 13).
const MAX_MELD_LEN: usize = 15;

fn shape_byte(laid: &Laid) -> Result<u8, String> {
    let shape = match laid.shape {
        Shape::Set => 1,
        Shape::Run => 2,
        Shape::Pair => 3,
    };
    if laid.tiles.is_empty() || laid.tiles.len() > MAX_MELD_LEN {
        return Err(format!("a meld of {} tiles", laid.tiles.len()));
    }
    Ok(shape << 4 | laid.tiles.len() as u8)
}

fn shape_of(byte: u8) -> Result<(Shape, usize), String> {
    let shape = match byte >> 4 {
        1 => Shape::Set,
        2 => Shape::Run,
        3 => Shape::Pair,
        other => return Err(format!("unknown meld shape {other}")),
    };
    match usize::from(byte & 0x0F) {
        0 => Err("a meld of no tiles".into()),
        len => Ok((shape, len)),
    }
}

/// Writes the bytes of `action`; Err for one no hand can lay (more than 22 tiles or 11 melds),
/// which the engine never accepts.
pub(crate) fn encode(action: &Action101) -> Result<[u8; ACTION101_LEN], String> {
    let mut out = [0u8; ACTION101_LEN];
    let mut at = 1;
    let mut put = |out: &mut [u8; ACTION101_LEN], byte: u8| -> Result<(), String> {
        let slot = out
            .get_mut(at)
            .ok_or_else(|| format!("more than {ACTION101_LEN} bytes"))?;
        *slot = byte;
        at += 1;
        Ok(())
    };
    let tag = match action {
        Action101::Draw => 1,
        Action101::Take => 2,
        Action101::Return => 3,
        Action101::DeclarePairs => 4,
        Action101::Open(melds) => {
            if melds.is_empty() || melds.len() > MAX_MELDS {
                return Err(format!("an opening of {} melds", melds.len()));
            }
            put(&mut out, melds.len() as u8)?;
            for laid in melds {
                put(&mut out, shape_byte(laid)?)?;
            }
            for tile in melds.iter().flat_map(|l| &l.tiles) {
                put(&mut out, tile.id())?;
            }
            5
        }
        Action101::Meld(laid) => {
            put(&mut out, shape_byte(laid)?)?;
            for tile in &laid.tiles {
                put(&mut out, tile.id())?;
            }
            6
        }
        Action101::LayOff { tile, meld, side } => {
            put(&mut out, tile.id())?;
            for b in meld.0.to_be_bytes() {
                put(&mut out, b)?;
            }
            put(
                &mut out,
                match side {
                    None => 0,
                    Some(Side::Low) => 1,
                    Some(Side::High) => 2,
                },
            )?;
            7
        }
        Action101::Swap { tile, meld, okey } => {
            put(&mut out, tile.id())?;
            for b in meld.0.to_be_bytes() {
                put(&mut out, b)?;
            }
            put(&mut out, okey.id())?;
            8
        }
        Action101::TakeBack { tile } => {
            put(&mut out, tile.id())?;
            9
        }
        Action101::Discard(tile) => {
            put(&mut out, tile.id())?;
            10
        }
        Action101::EndRound => 11,
        Action101::NextRound => 12,
    };
    out[0] = tag;
    Ok(out)
}

/// Reads bytes written by [`encode`]: the tag's fields, and zeros after them.
pub(crate) fn decode(bytes: &[u8]) -> Result<Action101, String> {
    if bytes.len() != ACTION101_LEN {
        return Err(format!(
            "{} action bytes, expected {ACTION101_LEN}",
            bytes.len()
        ));
    }
    let mut at = 1;
    let mut next = || -> Result<u8, String> {
        let b = bytes
            .get(at)
            .copied()
            .ok_or("the action runs past its bytes")?;
        at += 1;
        Ok(b)
    };
    let tile = |id: u8| Tile::new(id).ok_or_else(|| format!("{id} is not a tile"));
    let action = match bytes[0] {
        1 => Action101::Draw,
        2 => Action101::Take,
        3 => Action101::Return,
        4 => Action101::DeclarePairs,
        5 => {
            let count = usize::from(next()?);
            if count == 0 || count > MAX_MELDS {
                return Err(format!("an opening of {count} melds"));
            }
            let shapes = (0..count)
                .map(|_| next().and_then(shape_of))
                .collect::<Result<Vec<_>, _>>()?;
            let mut melds = Vec::with_capacity(count);
            for (shape, len) in shapes {
                let tiles = (0..len)
                    .map(|_| next().and_then(tile))
                    .collect::<Result<Vec<_>, _>>()?;
                melds.push(Laid { shape, tiles });
            }
            Action101::Open(melds)
        }
        6 => {
            let (shape, len) = shape_of(next()?)?;
            let tiles = (0..len)
                .map(|_| next().and_then(tile))
                .collect::<Result<Vec<_>, _>>()?;
            Action101::Meld(Laid { shape, tiles })
        }
        7 => {
            let t = tile(next()?)?;
            let meld = MeldId(u16::from_be_bytes([next()?, next()?]));
            let side = match next()? {
                0 => None,
                1 => Some(Side::Low),
                2 => Some(Side::High),
                other => return Err(format!("unknown side {other}")),
            };
            Action101::LayOff {
                tile: t,
                meld,
                side,
            }
        }
        8 => {
            let t = tile(next()?)?;
            let meld = MeldId(u16::from_be_bytes([next()?, next()?]));
            let okey = tile(next()?)?;
            Action101::Swap {
                tile: t,
                meld,
                okey,
            }
        }
        9 => Action101::TakeBack {
            tile: tile(next()?)?,
        },
        10 => Action101::Discard(tile(next()?)?),
        11 => Action101::EndRound,
        12 => Action101::NextRound,
        other => return Err(format!("unknown 101 action tag {other}")),
    };
    if bytes[at..].iter().any(|&b| b != 0) {
        return Err("bytes after the action are not zero".into());
    }
    Ok(action)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(id: u8) -> Tile {
        Tile::new(id).unwrap()
    }

    #[test]
    fn every_101_action_kind_round_trips_through_its_bytes() {
        // The largest opening a hand holds: 11 pairs, 22 tiles.
        let pairs = (0..11)
            .map(|k| Laid {
                shape: Shape::Pair,
                tiles: vec![t(2 * k), t(2 * k + 1)],
            })
            .collect();
        let run = Laid {
            shape: Shape::Run,
            tiles: (0..13).map(t).collect(),
        };
        let actions = [
            Action101::Draw,
            Action101::Take,
            Action101::Return,
            Action101::DeclarePairs,
            Action101::Open(pairs),
            Action101::Open(vec![
                run.clone(),
                Laid {
                    shape: Shape::Set,
                    tiles: vec![t(100), t(101), t(102), t(103)],
                },
            ]),
            Action101::Meld(run),
            Action101::LayOff {
                tile: t(105),
                meld: MeldId(513),
                side: Some(Side::High),
            },
            Action101::LayOff {
                tile: t(0),
                meld: MeldId(0),
                side: None,
            },
            Action101::Swap {
                tile: t(7),
                meld: MeldId(3),
                okey: t(104),
            },
            Action101::TakeBack { tile: t(9) },
            Action101::Discard(t(55)),
            Action101::EndRound,
            Action101::NextRound,
        ];
        for action in actions {
            let bytes = encode(&action).unwrap();
            assert_eq!(decode(&bytes), Ok(action));
        }
    }

    #[test]
    fn damaged_101_action_bytes_do_not_read_as_an_action() {
        let mut bytes = encode(&Action101::Discard(t(4))).unwrap();
        bytes[2] = 1; // a stray byte after the tile
        assert!(decode(&bytes).is_err());
        let mut bytes = encode(&Action101::Discard(t(4))).unwrap();
        bytes[1] = 200; // no tile
        assert!(decode(&bytes).is_err());
        assert!(decode(&[0u8; ACTION101_LEN]).is_err());
        assert!(decode(&[1u8; 3]).is_err());
        // An opening of 12 melds names more than a hand holds.
        let mut bytes = [0u8; ACTION101_LEN];
        bytes[0] = 5;
        bytes[1] = 12;
        assert!(decode(&bytes).is_err());
    }

    #[test]
    fn an_action_no_hand_can_lay_does_not_encode() {
        let pair = Laid {
            shape: Shape::Pair,
            tiles: vec![t(0), t(1)],
        };
        assert!(encode(&Action101::Open(vec![pair; 12])).is_err());
        assert!(encode(&Action101::Open(Vec::new())).is_err());
        let long = Laid {
            shape: Shape::Run,
            tiles: (0..16).map(t).collect(),
        };
        assert!(encode(&Action101::Meld(long)).is_err());
    }
}
