//! Hand analysis: win checks with an arrangement, the distance to a win, and discard advice
//! with outs. The assistant and the bots both use it.
//!
//! The distance of a hand is the fewest tiles that must be swapped for others to make a
//! winning 14, where the winning 14 never holds more than two tiles of a kind (two of each
//! face, two okeys, two false jokers).

mod advice;
mod colours;
mod counts;
mod cover;
mod distance;
mod groups;
mod melds;
mod memo;
mod most;
mod outs;
mod pairs;
mod search;
mod searched;
mod shares;
mod win;

pub use crate::meld::WinKind;
pub use advice::{
    advise, advise_best, Advice, AnalysisCode, AnalysisError, DiscardOption, Finish, Out,
};
pub use distance::{distance, distance_at_most};
pub use groups::{finishing_groups, winning_groups};
pub use memo::{DistanceMemo, MemoHistory, Verdict, Witness};
pub use most::most_in_melds;
pub use outs::improving_draws;
pub use win::{can_finish, find_win, find_win_of_kind, is_win, Arrangement, Group, Placed};
