//! A colour's line of run positions (R7), the one place that knows a 1 may follow 13.
//!
//! Positions 1 to 13 are the numbers; position 14 is a 1 laid after 13. A run is 3 to 13
//! consecutive positions, so 12-13-1 is a run and 13-1-2 is not: nothing follows position 14.
//! Every run search, run check and "do these tiles work together" judgement goes through here.

use crate::tile::{Colour, Face};

/// The position of a 1 laid after 13.
pub const HIGH_ONE: u8 = 14;

/// The longest run: every number once.
pub const LONGEST_RUN: u8 = 13;

/// The number a tile at `pos` (1 to 14) must show.
#[inline]
pub const fn number_at(pos: u8) -> u8 {
    if pos == HIGH_ONE {
        1
    } else {
        pos
    }
}

/// The positions a tile of `number` may take: a 1 may stand low or high, any other number
/// only at its own.
#[inline]
pub fn positions(number: u8) -> &'static [u8] {
    const ALL: [u8; 14] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, HIGH_ONE];
    match number {
        1 => &[1, HIGH_ONE],
        n @ 2..=13 => &ALL[n as usize - 1..n as usize],
        _ => &[],
    }
}

/// The positions of `number` as bits of a line mask (bit `p` for position `p`).
#[inline]
pub const fn bits(number: u8) -> u32 {
    if number == 1 {
        1 << 1 | 1 << HIGH_ONE
    } else {
        1 << number
    }
}

/// The positions of a set of numbers (bit `n - 1` for number `n`) as a line mask: bit `n`
/// for number `n`, and a 1 at 14 too.
#[inline]
pub const fn positions_of(numbers: u32) -> u32 {
    numbers << 1 | (numbers & 1) << HIGH_ONE
}

/// The last position a run starting at `start` may reach.
#[inline]
pub const fn last_of_run_from(start: u8) -> u8 {
    let end = start + LONGEST_RUN - 1;
    if end < HIGH_ONE {
        end
    } else {
        HIGH_ONE
    }
}

/// The index of the face at `pos` of `colour`'s line, as the analysers count faces
/// (colour * 13 + number - 1).
#[inline]
pub const fn face_index(colour: usize, pos: u8) -> usize {
    colour * 13 + number_at(pos) as usize - 1
}

/// The face at `pos` of `colour`'s line; None for a position off the line.
pub fn face_at(colour: Colour, pos: u8) -> Option<Face> {
    if (1..=HIGH_ONE).contains(&pos) {
        Face::new(colour, number_at(pos))
    } else {
        None
    }
}

/// How many steps apart two numbers of one colour can stand in a run: 1 for neighbours
/// (13 and 1 included), 2 with one gap between, 0 for the same number; 12 at most.
pub fn steps_between(a: u8, b: u8) -> u8 {
    positions(a)
        .iter()
        .flat_map(|&p| positions(b).iter().map(move |&q| p.abs_diff(q)))
        .min()
        .unwrap_or(u8::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r07_a_1_follows_13_but_nothing_follows_that_1() {
        assert_eq!(steps_between(13, 1), 1);
        assert_eq!(steps_between(1, 2), 1);
        assert_eq!(steps_between(12, 1), 2);
        assert_eq!(steps_between(11, 13), 2);
        // 13-1-2 is no run: 13 and 2 are far apart.
        assert_eq!(steps_between(13, 2), 11);
        assert_eq!(steps_between(5, 5), 0);
        assert_eq!(number_at(HIGH_ONE), 1);
        assert_eq!(positions(1), &[1, 14]);
        assert_eq!(positions(7), &[7]);
        assert_eq!(last_of_run_from(1), 13);
        assert_eq!(last_of_run_from(2), 14);
        assert_eq!(last_of_run_from(12), 14);
        assert_eq!(face_index(1, HIGH_ONE), 13);
        assert_eq!(bits(1), 1 << 1 | 1 << 14);
    }
}
