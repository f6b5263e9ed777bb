//! Tiles that no set or run of a hand's own tiles can hold, the okeys filling gaps: they can
//! only stay out, so both games' searches set them aside before they start (Düz's win check,
//! the 101 best opening), and Düz's win check again at every step. Worked on one word, a bit
//! per face (index colour * 13 + number - 1), since it runs for every hand checked.

use crate::faces::{COLOUR_FACES, SAME_NUMBER};

/// Where a window of three numbers may start: 1 to 11 of each colour.
const WINDOW_STARTS: u64 = 0x7ff * SAME_NUMBER;

/// The faces of `held` (the faces a hand holds) that no set or run of the held tiles can
/// hold: fewer than two other colours of their number, and no three neighbouring numbers of
/// their colour around them held, `wilds` okeys filling the gaps. `wrap`: a run may end with
/// a 1 after 13 (Düz, R7; 101 has no such run). With two okeys every tile makes a set, so
/// none is alone.
#[inline]
pub(crate) fn lone(held: u64, wilds: u8, wrap: bool) -> u64 {
    if wilds >= 2 {
        return 0;
    }
    let h = held;
    // Per number, the colours holding it.
    let (a, b, x, y) = (
        h & COLOUR_FACES,
        h >> 13 & COLOUR_FACES,
        h >> 26 & COLOUR_FACES,
        h >> 39 & COLOUR_FACES,
    );
    // Windows of three places read at their first place; 12, 13 and a 1 after them read at
    // the 1's place.
    let (first, second, third) = (h, h >> 1, h >> 2);
    let (one, twelve, thirteen) = (
        h & SAME_NUMBER,
        h >> 11 & SAME_NUMBER,
        h >> 12 & SAME_NUMBER,
    );
    // Numbers held in enough colours for a set: three, or two with an okey. Windows holding
    // enough of their places: all three without okeys, two of them with one.
    let (set, starts, wrapped) = if wilds == 0 {
        (
            a & b & (x | y) | x & y & (a | b),
            first & second & third,
            one & twelve & thirteen,
        )
    } else {
        (
            a & (b | x | y) | b & (x | y) | x & y,
            first & second | first & third | second & third,
            one & twelve | one & thirteen | twelve & thirteen,
        )
    };
    let starts = starts & WINDOW_STARTS;
    let wrapped = if wrap { wrapped } else { 0 };
    // Every place of such a window is in a run.
    let run = starts | starts << 1 | starts << 2 | wrapped | wrapped << 11 | wrapped << 12;
    // A set's number, on the faces of all four colours.
    let set = set * SAME_NUMBER;
    h & !(run | set)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The faces of one colour (0 to 3) holding `numbers`.
    fn faces(colour: u32, numbers: &[u32]) -> u64 {
        numbers
            .iter()
            .fold(0, |w, n| w | 1 << (13 * colour + n - 1))
    }

    #[test]
    fn r07_r101_07_a_1_after_13_ends_a_run_in_duz_and_in_101_it_does_not() {
        let red = faces(0, &[12, 13, 1]);
        assert_eq!(lone(red, 0, true), 0);
        assert_eq!(lone(red, 0, false), red);
        // 13-1-2 is no run in either game.
        let red = faces(0, &[13, 1, 2]);
        assert_eq!(lone(red, 0, true), red);
        // One okey fills one gap: 11-_-13 is a run, 11-_-_-1 is none; 12-_-1 is in Düz.
        assert_eq!(lone(faces(0, &[11, 13]), 1, false), 0);
        assert_eq!(lone(faces(0, &[11, 1]), 1, true), faces(0, &[11, 1]));
        assert_eq!(lone(faces(2, &[12, 1]), 1, true), 0);
        assert_eq!(lone(faces(2, &[12, 1]), 1, false), faces(2, &[12, 1]));
    }

    #[test]
    fn r07_a_window_stays_in_its_colour() {
        // Red 12, 13 and yellow 1 are three neighbouring bits, not a run.
        let held = faces(0, &[12, 13]) | faces(1, &[1]);
        assert_eq!(lone(held, 0, true), held);
        assert_eq!(lone(faces(3, &[11, 12, 13]), 0, false), 0);
    }

    #[test]
    fn r06_a_set_needs_two_other_colours_or_one_and_an_okey() {
        let fives = faces(0, &[5]) | faces(1, &[5]) | faces(3, &[9]);
        assert_eq!(lone(fives, 0, true), fives);
        assert_eq!(lone(fives, 1, true), faces(3, &[9]));
        assert_eq!(lone(fives, 2, false), 0);
    }
}
