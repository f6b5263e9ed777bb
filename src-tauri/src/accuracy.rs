//! The player's average accuracy on the statistics screen: the mean of its review accuracy
//! (okey-core's `review`, from its own seat) over its last rounds that are over, one game at
//! a time. A round that is over never changes, so each round's figure is kept for the run.

use crate::error::AppError;
use crate::session::PLAYER;
use okey_core::review::Reviewable;
use okey_store::{MatchId, SavedMatch, SeatKind, Store, Variant};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Mutex;

/// How many of the player's last rounds the average covers.
pub const ACCURACY_ROUNDS: usize = 20;

/// The player's average accuracy in one game.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
pub struct Accuracy {
    /// The mean, 0 to 100.
    pub mean: f64,
    /// The rounds it covers (at most [`ACCURACY_ROUNDS`]).
    pub rounds: u32,
    /// The matches those rounds come from.
    pub matches: u32,
}

/// Each reviewed round's accuracy of the player, by match and round.
#[derive(Debug, Default)]
pub struct Accuracies(Mutex<HashMap<(MatchId, u32), f64>>);

impl Accuracies {
    /// The player's average over its last [`ACCURACY_ROUNDS`] rounds of `variant` that are
    /// over, newest matches first; None before the first such round. A match that cannot be
    /// replayed is left out (Saved games says what is wrong with it).
    pub fn average(&self, store: &Store, variant: Variant) -> Result<Option<Accuracy>, AppError> {
        let mut figures = Vec::new();
        let mut matches = 0;
        for m in store.list()?.matches {
            if figures.len() >= ACCURACY_ROUNDS {
                break;
            }
            if m.variant != variant || m.seats.get(PLAYER.index()) != Some(&SeatKind::Human) {
                continue;
            }
            let want = ACCURACY_ROUNDS - figures.len();
            let found = match variant {
                Variant::Duz => store.resume(m.id).map(|g| self.of_match(&g, want)),
                Variant::Okey101 => store.resume101(m.id).map(|g| self.of_match(&g, want)),
            };
            if let Ok(found) = found {
                matches += u32::from(!found.is_empty());
                figures.extend(found);
            }
        }
        Ok((!figures.is_empty()).then(|| Accuracy {
            mean: figures.iter().sum::<f64>() / figures.len() as f64,
            rounds: u32::try_from(figures.len()).unwrap_or(u32::MAX),
            matches,
        }))
    }

    /// The player's accuracy in up to `want` of the last rounds of `game` that are over.
    fn of_match<G: okey_store::Game + Reviewable>(
        &self,
        game: &SavedMatch<G>,
        want: usize,
    ) -> Vec<f64> {
        let log = game.state().log();
        let mut out = Vec::new();
        for span in game.finished_rounds().iter().rev().take(want) {
            let key = (game.id(), span.round);
            let kept = self.0.lock().ok().and_then(|k| k.get(&key).copied());
            let figure = kept.or_else(|| {
                let replay = game.replay_round(span.round).ok()??;
                let actions = log.get(span.first..span.end)?;
                let review = G::review_round(replay.state(), actions, PLAYER).ok()?;
                if let Ok(mut k) = self.0.lock() {
                    k.insert(key, review.accuracy);
                }
                Some(review.accuracy)
            });
            out.extend(figure);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use okey_store::NewMatch;

    #[test]
    fn the_average_is_the_players_rounds_and_is_kept() {
        let dir = tempfile::tempdir().expect("a folder");
        let store = Store::open(dir.path()).expect("a store");
        let acc = Accuracies::default();
        assert_eq!(acc.average(&store, Variant::Duz).expect("read"), None);
        let mut g = store
            .create(NewMatch {
                rules: okey_core::Rules::default(),
                seed: 5,
                seats: vec![
                    SeatKind::Human,
                    SeatKind::Bot("medium".into()),
                    SeatKind::Bot("medium".into()),
                    SeatKind::Bot("medium".into()),
                ],
            })
            .expect("a match");
        // Medium bots play every seat, the player's too, for two rounds.
        let mut bots: Vec<Option<okey_bots::Bot>> = (0..4)
            .map(|s| Some(okey_bots::Bot::new(okey_bots::Level::Medium, s)))
            .collect();
        for round in 0..2 {
            if round > 0 {
                g.apply(okey_core::Seat(0), okey_core::Action::NextRound)
                    .expect("next");
            }
            while !g.state().round().is_over() {
                let mv = okey_bots::next_move(g.state(), &mut bots).expect("a move");
                g.apply(mv.seat, mv.action).expect("legal");
            }
        }
        let a = acc
            .average(&store, Variant::Duz)
            .expect("read")
            .expect("two rounds");
        assert_eq!((a.rounds, a.matches), (2, 1));
        assert!(a.mean > 50.0 && a.mean <= 100.0, "{a:?}");
        assert_eq!(acc.0.lock().expect("kept").len(), 2);
        assert_eq!(acc.average(&store, Variant::Okey101).expect("read"), None);
    }
}
