//! Sets of faces as one word: a bit per face index (colour * 13 + number - 1). Both games'
//! analysers work on these: Düz's searches and win checks, and the tiles that no meld can
//! hold ([`crate::lone`]), which the 101 best opening reads too.

use crate::tile::Face;

/// Every face.
pub(crate) const ALL_FACES: u64 = (1 << Face::COUNT) - 1;

/// The faces of number 1 in the four colours; shifted by `number - 1`, those of any number.
pub(crate) const SAME_NUMBER: u64 = 1 | 1 << 13 | 1 << 26 | 1 << 39;

/// The 13 faces of the first colour; shifted by `13 * colour`, those of any colour.
pub(crate) const COLOUR_FACES: u64 = 0x1fff;

/// The numbers of `colour` among `faces`: bit n - 1 for number n.
#[inline]
pub(crate) fn numbers_of(faces: u64, colour: usize) -> u32 {
    (faces >> (13 * colour) & COLOUR_FACES) as u32
}

/// Calls `at` with every face (index) of `faces`, lowest first.
#[inline]
pub(crate) fn for_each_face(mut faces: u64, mut at: impl FnMut(usize)) {
    while faces != 0 {
        at(faces.trailing_zeros() as usize);
        faces &= faces - 1;
    }
}
