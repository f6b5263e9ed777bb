//! The live 101 match: the match, the player's rack layout and the bots at the other seats.
//! Every action, the player's and each bot's, goes through [`Session101::apply`]; rack moves
//! and sorting change the layout only, which the engine does not keep.

use super::{seat_levels, seats_for, Plan, Snapshot, PLAYER};
use crate::error::AppError;
use crate::payload::TableUpdate101;
use okey_bots::r101::{rejoin101, Bot101};
use okey_bots::Level;
use okey_core::r101::assist::{assist101, joker_of, Assist101};
use okey_core::r101::rack::{self as rack101, RackGroup};
use okey_core::r101::{Action101, Event101, MeldId, Rules101, SeatView101, Side};
use okey_core::sort::Sort;
use okey_core::{Seat, Tile};
use okey_store::{MatchId, NewMatch101, SavedGame101, SeatKind, Store, StoreError};
use serde::{Deserialize, Serialize};

/// What the new-game screen asks for a 101 match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewGame101 {
    /// Every option of RULES-101.md's table.
    pub rules: Rules101,
    /// The bots' levels for seats 1, 2, ... in order; one per seat but the player's.
    pub bots: Vec<Level>,
}

impl NewGame101 {
    /// The seats of the match: the player, then the bots. Refuses rules that cannot be
    /// played, a wrong number of bots and the arena-only random level.
    pub fn seats(&self) -> Result<Vec<SeatKind>, AppError> {
        self.rules.validate()?;
        seats_for(self.rules.players, &self.bots)
    }
}

/// What the player asks for at the 101 table, after its arguments were checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request101 {
    /// Draw from the pile, optionally into a slot.
    Draw(Option<usize>),
    /// Take the previous discard, optionally into a slot (R101-13).
    Take(Option<usize>),
    /// Put the taken discard back and draw instead (R101-13).
    Return,
    /// Declare for pairs (R101-16).
    DeclarePairs,
    /// Open with these groups, or with the groups the rack shows when None (R101-14, 15).
    Open(Option<Vec<Vec<Tile>>>),
    /// Lay new melds after opening (R101-20).
    Meld(Vec<Vec<Tile>>),
    /// Lay a tile off on a table meld, at an end of a run for an okey (R101-21).
    LayOff(Tile, MeldId, Option<Side>),
    /// Put a tile in place of the okey on a table meld (R101-22).
    Swap(Tile, MeldId, Tile),
    /// Take back the last lay-off of this turn (R101-23).
    TakeBack,
    /// Discard a tile.
    Discard(Tile),
    /// Leave the last discard on an empty pile (R101-30).
    EndRound,
    /// Deal the next round.
    NextRound,
    /// The turn timer ran out: the assistant's moves until the turn ends.
    Auto,
    /// Move a tile on the rack from slot to slot (a tile there swaps back).
    Move(usize, usize),
    /// Sort the rack.
    Sort(Sort),
}

impl Request101 {
    /// Whether it only changes the rack layout, which no bot sees.
    pub fn layout_only(&self) -> bool {
        matches!(self, Request101::Move(..) | Request101::Sort(_))
    }
}

/// A 101 match against bots, saved action by action, its rack layout saved beside it.
pub struct Session101 {
    store: Store,
    game: SavedGame101,
    rack: Vec<Option<Tile>>,
    levels: Vec<Option<Level>>,
    bots: Vec<Option<Bot101>>,
}

impl Session101 {
    /// Creates and saves a new match dealt from `seed`.
    pub fn new(store: &Store, setup: &NewGame101, seed: u64) -> Result<Session101, AppError> {
        // Checked before anything is saved: the rules, the seats, the levels.
        setup.rules.validate()?;
        let seats = setup.seats()?;
        let game = store.create101(NewMatch101 {
            rules: setup.rules,
            seed,
            seats,
        })?;
        Session101::around(store, game, None)
    }

    /// Loads saved 101 match `id`, replayed and checked, with the rack as it was laid out;
    /// its bots remember the round as before. Only a match with the player at the bottom
    /// seat can be played in the app.
    pub fn resume(store: &Store, id: MatchId) -> Result<Session101, AppError> {
        let game = store.resume101(id)?;
        if game.seats().get(PLAYER.index()) != Some(&SeatKind::Human) {
            return Err(AppError::NotPlayable);
        }
        // A rack record that cannot be read costs only the layout: the hand is the match's.
        let rack = store.rack101(id).ok().flatten();
        Session101::around(store, game, rack)
    }

    fn around(
        store: &Store,
        game: SavedGame101,
        rack: Option<Vec<Option<Tile>>>,
    ) -> Result<Session101, AppError> {
        let levels = seat_levels(game.seats())?;
        let bots = rejoin101(&levels, game.state());
        let mut session = Session101 {
            store: store.clone(),
            game,
            rack: rack.unwrap_or_else(rack101::empty),
            levels,
            bots,
        };
        session.follow_hand(None);
        Ok(session)
    }

    /// The saved match's id.
    pub fn id(&self) -> MatchId {
        self.game.id()
    }

    /// The match, for tests that compare what was sent with the hidden state.
    #[cfg(test)]
    pub fn game(&self) -> &okey_core::r101::Match101 {
        self.game.state()
    }

    /// The player's view (R101-5).
    pub fn view(&self) -> Result<SeatView101, AppError> {
        self.game
            .state()
            .view(PLAYER)
            .map_err(|_| AppError::NoMatch)
    }

    /// The player's legal actions now.
    pub fn legal(&self) -> Vec<Action101> {
        self.game.state().legal_actions(PLAYER)
    }

    /// The assistant's reading of the player's view.
    pub fn assist(&self) -> Result<Assist101, AppError> {
        Ok(assist101(&self.view()?, &self.legal()))
    }

    /// The groups the rack shows, read as melds.
    pub fn groups(&self) -> Result<Vec<RackGroup>, AppError> {
        Ok(rack101::groups(&self.rack, joker_of(&self.view()?)))
    }

    /// Applies one action of `seat`: the single door every change of the match goes through.
    pub fn apply(&mut self, seat: Seat, action: Action101) -> Result<Vec<Event101>, AppError> {
        let events = self.game.apply(seat, action).map_err(refused)?;
        self.follow_hand(None);
        self.show_bots();
        Ok(events)
    }

    /// Every bot sees the table after an action, as `rejoin101` shows a resumed round, so
    /// live and resumed bots remember the same things.
    fn show_bots(&mut self) {
        okey_bots::show_all(self.game.state(), &mut self.bots);
    }

    /// Keeps the rack layout in step with the player's hand, a new tile going to `to`, and
    /// saves it when it changed. A layout that cannot be saved costs nothing but the layout
    /// after a restart (the next change saves it again), so the action it follows stands.
    fn follow_hand(&mut self, to: Option<usize>) {
        let hand = self.game.state().round().hand(PLAYER).to_vec();
        let before = self.rack.clone();
        rack101::follow(&mut self.rack, &hand, to);
        if self.rack != before {
            let _ = self.save_rack();
        }
    }

    fn save_rack(&self) -> Result<(), AppError> {
        Ok(self.store.put_rack101(self.id(), &self.rack)?)
    }

    /// Does what the player asked; the events of the actions it took.
    pub fn request(&mut self, request: Request101) -> Result<Vec<Event101>, AppError> {
        let joker = joker_of(&self.view()?);
        match request {
            Request101::Draw(to) => self.pick_up(Action101::Draw, to),
            Request101::Take(to) => self.pick_up(Action101::Take, to),
            Request101::Return => self.apply(PLAYER, Action101::Return),
            Request101::DeclarePairs => self.apply(PLAYER, Action101::DeclarePairs),
            Request101::Open(groups) => {
                let groups = match groups {
                    Some(g) => g,
                    None => self.shown_melds()?,
                };
                if groups.is_empty() {
                    return Err(AppError::NoMeldsShown);
                }
                self.apply(PLAYER, Action101::Open(rack101::laid(&groups, joker)))
            }
            Request101::Meld(groups) => {
                if groups.is_empty() {
                    return Err(AppError::NoMeldsShown);
                }
                let mut events = Vec::new();
                for laid in rack101::laid(&groups, joker) {
                    events.extend(self.apply(PLAYER, Action101::Meld(laid))?);
                }
                Ok(events)
            }
            Request101::LayOff(tile, meld, side) => {
                // An okey on a run needs an end: the one asked for, else the first that fits.
                let side = side.or_else(|| {
                    self.legal().into_iter().find_map(|a| match a {
                        Action101::LayOff {
                            tile: t,
                            meld: m,
                            side,
                        } if t == tile && m == meld => side,
                        _ => None,
                    })
                });
                self.apply(PLAYER, Action101::LayOff { tile, meld, side })
            }
            Request101::Swap(tile, meld, okey) => {
                self.apply(PLAYER, Action101::Swap { tile, meld, okey })
            }
            Request101::TakeBack => {
                let action = self
                    .legal()
                    .into_iter()
                    .find(|a| matches!(a, Action101::TakeBack { .. }))
                    .ok_or(AppError::Rule101(okey_core::r101::Error101::CannotTakeBack))?;
                self.apply(PLAYER, action)
            }
            Request101::Discard(tile) => self.apply(PLAYER, Action101::Discard(tile)),
            Request101::EndRound => self.apply(PLAYER, Action101::EndRound),
            Request101::NextRound => self.apply(PLAYER, Action101::NextRound),
            Request101::Auto => self.auto_move(),
            Request101::Move(from, to) => {
                let len = self.rack.len();
                if from >= len || to >= len {
                    return Err(AppError::NoSuchSlot(from.max(to) as i64));
                }
                if self.rack[from].is_none() {
                    return Err(AppError::Rule(okey_core::RuleError::EmptySlot(from as u8)));
                }
                self.rack.swap(from, to);
                self.save_rack()?;
                Ok(Vec::new())
            }
            Request101::Sort(how) => {
                if let Some(rack) = rack101::sorted(&self.rack, joker, how) {
                    self.rack = rack;
                    self.save_rack()?;
                }
                Ok(Vec::new())
            }
        }
    }

    /// The melds the rack shows as groups of tiles: "open with what the rack shows". An
    /// opening is series only or pairs only (R101-15): the sets and runs, unless they fall
    /// short of the figure and the pairs shown are enough.
    fn shown_melds(&self) -> Result<Vec<Vec<Tile>>, AppError> {
        let groups = self.groups()?;
        let (pairs, series): (Vec<RackGroup>, Vec<RackGroup>) = groups
            .into_iter()
            .filter(|g| g.shape.is_some())
            .partition(|g| g.shape == Some(okey_core::r101::Shape::Pair));
        let value: u16 = series.iter().map(|g| g.value).sum();
        let (needed, needed_pairs) = self.view()?.needed;
        let chosen =
            if series.is_empty() || (value < needed && pairs.len() >= usize::from(needed_pairs)) {
                pairs
            } else {
                series
            };
        Ok(chosen.into_iter().map(|g| g.tiles).collect())
    }

    /// A draw or take, the tile going to slot `to` when given.
    fn pick_up(&mut self, action: Action101, to: Option<usize>) -> Result<Vec<Event101>, AppError> {
        let events = self.game.apply(PLAYER, action).map_err(refused)?;
        self.follow_hand(to);
        self.show_bots();
        Ok(events)
    }

    /// On a turn timer's time-out: the assistant's suggestions, from the player's own view,
    /// until the turn ends. Each is checked by the engine like the player's own.
    pub fn auto_move(&mut self) -> Result<Vec<Event101>, AppError> {
        let mut events = Vec::new();
        // A turn is a take, table actions and a discard: the bound only guards against a
        // suggestion that never ends the turn.
        for _ in 0..64 {
            let view = self.view()?;
            if view.turn != Some(PLAYER) || view.end.is_some() {
                break;
            }
            let Some(hint) = assist101(&view, &self.legal()).hint else {
                break;
            };
            events.extend(self.apply(PLAYER, hint.action)?);
        }
        if events.is_empty() {
            return Err(AppError::Rule101(okey_core::TurnError::NotYourTurn.into()));
        }
        Ok(events)
    }

    /// The update the player's webview gets after `events` by `actor`.
    pub fn update(
        &self,
        actor: Option<Seat>,
        events: Vec<Event101>,
    ) -> Result<TableUpdate101, AppError> {
        Ok(TableUpdate101 {
            variant: crate::payload::VARIANT_101.to_string(),
            game: self.id().0,
            seq: self.game.state().log().len(),
            view: self.view()?,
            rules: *self.game.state().rules(),
            rack: self.rack.clone(),
            groups: self.groups()?,
            bots: self.levels.clone(),
            actor,
            events,
            results: self.game.state().results().to_vec(),
            winners: self.game.state().winners(),
        })
    }

    /// What a bot needs to choose its move away from the table, if a bot is to act in a
    /// live round. Between rounds bots wait: the player deals the next.
    pub fn snapshot(&self) -> Option<Snapshot<Bot101>> {
        let m = self.game.state();
        if m.is_over() || m.round().is_over() {
            return None;
        }
        Some(Snapshot::new(
            self.id(),
            m.log().len(),
            m.clone(),
            self.bots.clone(),
        ))
    }

    /// Plays a bot move chosen on a snapshot, if the table has not changed since; Ok(None)
    /// when it has.
    pub fn play(&mut self, plan: Plan<Bot101>) -> Result<Option<Vec<Event101>>, AppError> {
        let Some((seat, action, bots)) = plan.take(self.id(), self.game.state().log().len()) else {
            return Ok(None);
        };
        // First, so that the bots then see the move land.
        self.bots = bots;
        self.apply(seat, action).map(Some)
    }
}

/// The store's refusal of an action the engine refused, as the engine's own error: nothing
/// was saved because nothing happened.
fn refused(e: StoreError) -> AppError {
    match e {
        StoreError::Refused101(rule) => AppError::Rule101(rule),
        other => AppError::Store(other),
    }
}
