//! Hand analysis: win checks with an arrangement, the distance to a win, and discard advice
//! with outs. The assistant and the bots both use it.
//!
//! The distance of a hand is the fewest tiles that must be swapped for others to make a
//! winning 14, where the winning 14 never holds more than two tiles of a kind (two of each
//! face, two okeys, two false jokers).

mod advice;
mod arrange;
mod counts;
mod cover;
mod distance;
mod pairs;
mod search;

pub use advice::{advise, Advice, AnalysisError, DiscardOption, Finish, Out};
pub use arrange::{
    can_finish, find_win, find_win_of_kind, is_win, Arrangement, Group, Placed, WinKind,
};
pub use distance::{distance, distance_at_most};
