//! Tiles that no set or run of a hand's own tiles can hold, the okeys filling gaps: they can
//! only stay out, so both games' searches set them aside before they start (Düz's win check,
//! the 101 best opening). Worked on bits, a colour's numbers to a word (bit n for number n,
//! 1 to 13), since it runs for every hand checked.

/// Numbers 1 to 13 as bits 1 to 13.
const NUMBERS: u32 = 0b11_1111_1111_1110;

/// Places 1 to 12 of a colour's line, where a window of three may start.
const WINDOW_STARTS: u32 = 0b1_1111_1111_1110;

/// Per colour, the numbers of `held` (per colour, the numbers the hand holds) that no set
/// or run of the held tiles can hold: fewer than two other colours of their number, and no
/// three neighbouring numbers of their colour around them held, `wilds` okeys filling the
/// gaps. `wrap`: a run may end with a 1 after 13 (Düz, R7; 101 has no such run). With two
/// okeys every tile makes a set, so none is alone.
pub(crate) fn lone(held: [u32; 4], wilds: u8, wrap: bool) -> [u32; 4] {
    if wilds >= 2 {
        return [0; 4];
    }
    // Numbers held in enough colours for a set: three, or two with an okey.
    let [a, b, x, y] = held;
    let set = if wilds == 0 {
        a & b & (x | y) | x & y & (a | b)
    } else {
        a & (b | x | y) | b & (x | y) | x & y
    };
    held.map(|h| {
        // The line: with the wrap, a 1 also stands after 13, at place 14.
        let line = if wrap { h | (h & 2) << 13 } else { h };
        let (first, second, third) = (line, line >> 1, line >> 2);
        // Windows of three holding enough of their places: all three without okeys, two of
        // them with one; every place of such a window is in a run.
        let starts = if wilds == 0 {
            first & second & third
        } else {
            first & second | first & third | second & third
        } & WINDOW_STARTS;
        let run = starts | starts << 1 | starts << 2;
        let run = run | (run >> 13) & 2;
        h & !(run | set) & NUMBERS
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A colour's word holding `numbers`.
    fn word(numbers: &[u32]) -> u32 {
        numbers.iter().fold(0, |w, n| w | 1 << n)
    }

    #[test]
    fn r07_r101_07_a_1_after_13_ends_a_run_in_duz_and_in_101_it_does_not() {
        let red = [word(&[12, 13, 1]), 0, 0, 0];
        assert_eq!(lone(red, 0, true), [0; 4]);
        assert_eq!(lone(red, 0, false), red);
        // 13-1-2 is no run in either game.
        let red = [word(&[13, 1, 2]), 0, 0, 0];
        assert_eq!(lone(red, 0, true), red);
        // One okey fills one gap: 11-_-13 is a run, 11-_-_-1 is none.
        assert_eq!(lone([word(&[11, 13]), 0, 0, 0], 1, false), [0; 4]);
        assert_eq!(
            lone([word(&[11, 1]), 0, 0, 0], 1, true),
            [word(&[11, 1]), 0, 0, 0]
        );
    }

    #[test]
    fn r06_a_set_needs_two_other_colours_or_one_and_an_okey() {
        let fives = [word(&[5]), word(&[5]), 0, word(&[9])];
        assert_eq!(lone(fives, 0, true), fives);
        assert_eq!(lone(fives, 1, true), [0, 0, 0, word(&[9])]);
        assert_eq!(lone(fives, 2, false), [0; 4]);
    }
}
