//! What the table offers (R101-21, R101-22, R101-25): where each tile can be laid off, which
//! okeys can be swapped out, and which discards are işlek.

use crate::r101::meld::{MeldId, Side, TableMeld};
use crate::tile::{Face, Joker, Kind, Role, Tile};

/// One place a tile can be laid off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LayoffSpot {
    /// The meld.
    pub meld: MeldId,
    /// The end of a run, for an okey; None for a plain tile or a set.
    pub side: Option<Side>,
    /// What the tile plays as there.
    pub as_face: Face,
}

/// One okey a tile can replace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SwapSpot {
    /// The meld.
    pub meld: MeldId,
    /// The okey on the table.
    pub okey: Tile,
}

/// Every place a tile of `kind` can be laid off on `table` (R101-21).
pub fn layoff_spots(table: &[TableMeld], kind: Kind, joker: Joker) -> Vec<LayoffSpot> {
    let sides: &[Option<Side>] = if joker.is_okey(kind) {
        &[Some(Side::Low), Some(Side::High)]
    } else {
        &[None]
    };
    let mut out = Vec::new();
    for m in table {
        let mut seen = Vec::new();
        for &side in sides {
            if let Some((at, as_face)) = m.lay_off(kind, side, joker) {
                // A set ignores the side: list it once.
                if !seen.contains(&(at, as_face)) {
                    seen.push((at, as_face));
                    let side = (m.shape == crate::r101::meld::Shape::Run)
                        .then_some(side)
                        .flatten();
                    out.push(LayoffSpot {
                        meld: m.id,
                        side,
                        as_face,
                    });
                }
            }
        }
    }
    out
}

/// Every okey on `table` that a tile of `kind` can replace (R101-22).
pub fn swap_spots(table: &[TableMeld], kind: Kind, joker: Joker) -> Vec<SwapSpot> {
    table
        .iter()
        .flat_map(|m| {
            (0..m.tiles.len())
                .filter(move |&i| m.swap_fits(i, kind, joker).is_some())
                .map(move |i| SwapSpot {
                    meld: m.id,
                    okey: m.tiles[i].tile,
                })
        })
        .collect()
}

/// Whether discarding a tile of `kind` costs 101 as işlek (R101-25): a plain tile that could
/// be laid off on a table set or run, or (swaps on) replace a table okey. Okeys are judged by
/// R101-24 only.
pub fn is_playable(table: &[TableMeld], kind: Kind, joker: Joker, swaps: bool) -> bool {
    if let Role::Wild = joker.role(kind) {
        return false;
    }
    !layoff_spots(table, kind, joker).is_empty()
        || (swaps && !swap_spots(table, kind, joker).is_empty())
}

/// Every işlek kind on `table` (R101-25), in kind order.
pub fn playable_kinds(table: &[TableMeld], joker: Joker, swaps: bool) -> Vec<Kind> {
    Kind::all()
        .filter(|&k| is_playable(table, k, joker, swaps))
        .collect()
}
