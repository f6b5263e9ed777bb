//! Replays of saved rounds, move by move, from the player's seat, either game: the store
//! replays the round and [`frame_of`] shows one moment of it. A Düz step is a turn action
//! (draw, take, discard, finish, gösterge), its rack moves replayed silently; a 101 step is
//! any action (each deal is a round). Only rounds that are over can be replayed, so opening
//! every hand never shows what is still hidden in play.

use crate::error::AppError;
use crate::session::{seat_levels, PLAYER};
use okey_bots::Level;
use okey_core::r101::{Action101, SeatView101};
use okey_core::{Action, Seat, SeatView, Tile};
use okey_store::{MatchId, RoundSpan, SavedGame101, Store, Variant};
use serde::Serialize;

/// One moment of a replayed round.
#[derive(Debug, Clone, Serialize)]
pub struct Frame {
    /// The round replayed.
    pub round: u32,
    /// Every round of the match that can be replayed (those that are over).
    pub rounds: Vec<u32>,
    /// Turn actions shown so far, 0 (the deal) to `steps`.
    pub step: usize,
    /// Turn actions in the round.
    pub steps: usize,
    /// The table from the player's seat at this moment.
    pub view: SeatView,
    /// Every seat's rack, slot by slot, when the hands are open.
    pub racks: Option<Vec<Vec<Option<Tile>>>>,
    /// The action that led here.
    pub last: Option<(Seat, Action)>,
    /// Per seat, the bot level, or None for a person.
    pub bots: Vec<Option<Level>>,
}

/// The frame of saved match `id`, round `round`, after `step` turn actions (clamped to the
/// round's length); with `open`, every rack is shown.
pub fn frame(
    store: &Store,
    id: MatchId,
    round: u32,
    step: usize,
    open: bool,
) -> Result<Frame, AppError> {
    let game = store.resume(id)?;
    let m = game.state();
    let spans = game.rounds();
    let current = spans.last().map_or(1, |s| s.round);
    let over = |r: u32| r < current || m.round().is_over() || m.is_over();
    let rounds: Vec<u32> = spans.iter().map(|s| s.round).filter(|&r| over(r)).collect();
    if !rounds.contains(&round) {
        return Err(AppError::NotReplayable(round));
    }
    let mut replay = game
        .replay_round(round)
        .map_err(AppError::Store)?
        .ok_or(AppError::NotReplayable(round))?;
    let span = replay.span();
    let log = &m.log()[span.first..span.end];
    let steps = log.iter().filter(|(_, a)| !is_rack_move(a)).count();
    let step = step.min(steps);
    let mut done = 0;
    let mut last = None;
    // Up to the step's action, then the rack moves right after it (how the hand was laid).
    while let Some(&(seat, action)) = log.get(replay.position() - span.first) {
        if !is_rack_move(&action) {
            if done == step {
                break;
            }
            done += 1;
            last = Some((seat, action));
        }
        replay.step().map_err(AppError::Store)?;
    }
    let state = replay.state();
    let view = state.view(PLAYER)?;
    let racks = open.then(|| {
        state
            .rules()
            .seats()
            .map(|s| {
                state
                    .round()
                    .rack(s)
                    .map(|r| r.slots().to_vec())
                    .unwrap_or_default()
            })
            .collect()
    });
    Ok(Frame {
        round,
        rounds,
        step,
        steps,
        view,
        racks,
        last,
        bots: seat_levels(game.seats())?,
    })
}

fn is_rack_move(action: &Action) -> bool {
    matches!(action, Action::Move { .. })
}

/// A replay frame of either variant.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum AnyFrame {
    /// A Düz round.
    Duz(Box<Frame>),
    /// A 101 round.
    Okey101(Box<Frame101>),
}

#[cfg(test)]
impl AnyFrame {
    /// The Düz frame; a 101 one fails the test.
    pub(crate) fn duz(self) -> Frame {
        match self {
            AnyFrame::Duz(f) => *f,
            AnyFrame::Okey101(_) => panic!("a Düz match replayed as 101"),
        }
    }
}

/// The frame of saved match `id`, whichever Okey it plays: see [`frame`] and [`frame101`].
pub fn frame_of(
    store: &Store,
    id: MatchId,
    round: u32,
    step: usize,
    open: bool,
) -> Result<AnyFrame, AppError> {
    Ok(match store.variant(id)? {
        Variant::Duz => AnyFrame::Duz(Box::new(frame(store, id, round, step, open)?)),
        Variant::Okey101 => AnyFrame::Okey101(Box::new(frame101(
            &store.resume101(id)?,
            round,
            step,
            open,
        )?)),
    })
}

/// One moment of a replayed 101 round.
#[derive(Debug, Clone, Serialize)]
pub struct Frame101 {
    /// Always `"101"`, so the screen knows which table to draw.
    pub variant: &'static str,
    /// The round replayed, counted from 1 (voided deals count: each is a round on the sheet).
    pub round: u32,
    /// Every round of the match that can be replayed (those that are over).
    pub rounds: Vec<u32>,
    /// Actions shown so far, 0 (the deal) to `steps`.
    pub step: usize,
    /// Actions in the round.
    pub steps: usize,
    /// The table from the player's seat at this moment.
    pub view: SeatView101,
    /// Every seat's hand, when the hands are open.
    pub hands: Option<Vec<Vec<Tile>>>,
    /// The action that led here.
    pub last: Option<(Seat, Action101)>,
    /// Per seat, the bot level, or None for a person.
    pub bots: Vec<Option<Level>>,
}

/// The frame of saved 101 match `game`, round `round`, after `step` actions (clamped to the
/// round's length); with `open`, every hand is shown. The store finds the round and replays
/// it, as it does for Düz.
pub fn frame101(
    game: &SavedGame101,
    round: u32,
    step: usize,
    open: bool,
) -> Result<Frame101, AppError> {
    let m = game.state();
    // Every round but the last is over; the last is over once its end is known.
    let over = |s: &RoundSpan| s.end < m.log().len() || m.round().end().is_some();
    let spans = game.rounds();
    let rounds: Vec<u32> = spans.iter().filter(|s| over(s)).map(|s| s.round).collect();
    if !rounds.contains(&round) {
        return Err(AppError::NotReplayable(round));
    }
    let mut replay = game
        .replay_round(round)?
        .ok_or(AppError::NotReplayable(round))?;
    let span = replay.span();
    let steps = span.end - span.first;
    let step = step.min(steps);
    let mut last = None;
    for _ in 0..step {
        last = replay.step()?.map(|s| (s.seat, s.action));
    }
    let state = replay.state();
    let view = state
        .view(PLAYER)
        .map_err(|_| AppError::NotReplayable(round))?;
    let hands = open.then(|| {
        state
            .rules()
            .seats()
            .map(|s| state.round().hand(s).to_vec())
            .collect()
    });
    Ok(Frame101 {
        variant: "101",
        round,
        rounds,
        step,
        steps,
        view,
        hands,
        last,
        bots: seat_levels(game.seats())?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use okey_bots::r101::Bot101;
    use okey_core::r101::{Match101, Rules101};
    use okey_store::{NewMatch101, SeatKind};

    /// `m` saved in `store` action by action, as the app saves a match it plays.
    fn saved(store: &Store, m: &Match101) -> SavedGame101 {
        let seats: Vec<SeatKind> = ["human", "easy", "medium", "hard"]
            .iter()
            .map(|s| s.parse().expect("a seat"))
            .collect();
        let mut game = store
            .create101(NewMatch101 {
                rules: *m.rules(),
                seed: m.seed(),
                seats,
            })
            .expect("created");
        for (seat, action) in m.log() {
            game.apply(*seat, action.clone()).expect("saved");
        }
        game
    }

    fn store() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let store = Store::open(dir.path()).expect("a fresh store");
        (dir, store)
    }

    /// A 3-round match of medium bots played to its end.
    fn played() -> Match101 {
        let rules = Rules101 {
            rounds: 3,
            ..Rules101::default()
        };
        let mut m = Match101::new(rules, 11).expect("valid rules");
        let mut bots: Vec<Bot101> = rules
            .seats()
            .map(|s| Bot101::for_seat(Level::Medium, 11, s))
            .collect();
        for _ in 0..20_000 {
            let Some((seat, action)) = rules.seats().find_map(|s| {
                let view = m.view(s).ok()?;
                bots[usize::from(s.0)].decide(&view).map(|a| (s, a))
            }) else {
                break;
            };
            m.apply(seat, action).expect("bots play legally");
        }
        m
    }

    #[test]
    fn r101_34_each_finished_round_replays_to_its_end_and_hides_nothing_early() {
        let (_dir, store) = store();
        let game = saved(&store, &played());
        let f = frame101(&game, 1, usize::MAX, true).expect("round 1 is over");
        assert!(f.rounds.len() >= 3, "{:?}", f.rounds);
        assert_eq!(f.step, f.steps);
        assert!(f.view.end.is_some(), "the last step shows the round's end");
        assert_eq!(f.hands.as_ref().map(Vec::len), Some(4));
        let start = frame101(&game, 2, 0, false).expect("round 2 is over");
        assert_eq!(start.step, 0);
        assert!(start.last.is_none() && start.hands.is_none());
        assert!(matches!(start.view.hand.len(), 21 | 22), "a dealt hand");
        assert!(matches!(
            frame101(&game, 99, 0, false),
            Err(AppError::NotReplayable(99))
        ));
    }

    #[test]
    fn a_saved_101_match_replays_as_101_with_its_seats() {
        let (_dir, store) = store();
        let game = saved(&store, &played());
        let id = game.id();
        let AnyFrame::Okey101(f) = frame_of(&store, id, 2, 3, false).expect("a frame") else {
            panic!("a 101 match replays as 101");
        };
        assert_eq!((f.round, f.step), (2, 3));
        assert_eq!(f.bots[0], None);
        assert_eq!(f.bots[3], Some(Level::Hard));
        let direct = frame101(&game, 2, 3, false).expect("the same frame");
        assert_eq!(f.view, direct.view, "the saved match replays as played");
    }

    #[test]
    fn r101_34_a_round_in_play_cannot_be_replayed() {
        let rules = Rules101::default();
        let mut m = Match101::new(rules, 5).expect("valid rules");
        let starter = m.round().turn().expect("someone starts");
        let view = m.view(starter).expect("a seat");
        let discard = view.hand[0];
        m.apply(starter, Action101::Discard(discard))
            .expect("the starter discards");
        let (_dir, store) = store();
        assert!(matches!(
            frame101(&saved(&store, &m), 1, 1, true),
            Err(AppError::NotReplayable(1))
        ));
    }
}
