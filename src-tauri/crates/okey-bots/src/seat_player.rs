//! Whoever sits at a seat, as the table deals with it: our bots ([`crate::Player`]) and bots
//! from outside ([`crate::outside`]) alike, so the play loops are written once for both.

use okey_core::problem::Problem;
use okey_core::Game;

/// Whoever sits at a seat of game `G`, as the table deals with it: shown the seat's views,
/// asked for the seat's actions, told when the table refused one. Every [`Player`](crate::Player) (our
/// bots) is one; an arena seat may also be a bot from outside ([`crate::outside`]).
pub trait SeatPlayer<G: Game> {
    /// Shown the match's public facts before its views (101 bots read the rules there).
    fn know(&mut self, _m: &G) {}
    /// Shown what its seat sees now.
    fn observe(&mut self, view: &G::View);
    /// Its next action from its seat's view; None when it has none to make.
    fn decide(&mut self, view: &G::View) -> Option<G::Action>;
    /// The table refused its last action with `problem`: true to be asked again (a seat
    /// that can be wrong), false when that is an error (our bots never are).
    fn refused(&mut self, _problem: &Problem) -> bool {
        false
    }
}
