//! The live match, written once for both games: a [`Session`] holds a saved match, the bots
//! at its other seats and what its game keeps beside it, and every action, the player's and
//! each bot's, goes through [`Session::apply`], which saves it before anything else hears of
//! it. What only one game does (Düz: finishes explained by the rack; 101: the rack layout
//! beside the match, openings from the rack's groups) is its [`TableGame`] impl, in
//! [`duz`] and [`r101`]. A bot's move is chosen on a copy of the table ([`Snapshot`],
//! [`Plan`]).

pub mod duz;
pub mod r101;

use crate::error::AppError;
use crate::payload::{next_rev, Assisted, TableUpdate, Update, UpdateOf};
use okey_bots::{ActionOf, Level, Player};
use okey_core::{Game, Seat, Tile};
use okey_store::{MatchId, SavedMatch, SeatKind, Store, StoreError};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The player's seat: the bottom of the table. Bots sit at every other seat.
pub const PLAYER: Seat = Seat(0);

/// What the app needs of a game beyond what the store does: its bot, the player's requests,
/// what it keeps beside the match, and the update and assistant the webview receives.
pub trait TableGame: okey_store::Game + Clone + Send + Sync + 'static {
    /// The bot that sits at this game's table.
    type Bot: Player<Game = Self>;
    /// What the player asks for at this table, its arguments checked.
    type Request;
    /// What the session keeps beside the saved match (101: the player's rack layout).
    type Beside: Send;

    /// Refuses rules that cannot be played.
    fn check(rules: &Self::Rules) -> Result<(), AppError>;
    /// The engine's refusal as the app's error.
    fn refusal(error: Self::Error) -> AppError;
    /// Whether an action changes the player's rack layout only, which no bot sees.
    fn layout_only(action: &Self::Action) -> bool;
    /// Every seat's tiles, in seat order (Düz: the rack slot by slot), for open replays.
    fn hands(&self) -> Vec<Vec<Option<Tile>>>;
    /// What the session keeps beside match `game` when it is put on the table.
    fn beside(store: &Store, game: &SavedMatch<Self>) -> Self::Beside;
    /// Keeps what is beside the match in step after an action landed.
    fn landed(_session: &mut Session<Self>) {}
    /// Does what the player asked, saved; the events of the actions it took.
    fn request(
        session: &mut Session<Self>,
        request: Self::Request,
    ) -> Result<Vec<Self::Event>, AppError>;
    /// The update the player's webview gets after `events` by `actor`.
    fn update(
        session: &Session<Self>,
        actor: Option<Seat>,
        events: Vec<Self::Event>,
    ) -> Result<Update, AppError>;
    /// The assistant's reading of the player's hand, from the player's view only.
    fn assist(session: &Session<Self>) -> Result<Assisted, AppError>;
}

/// What the new-game screen asks for: the rules of the game and the bots' levels for seats
/// 1, 2, ... in order, one per seat but the player's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct NewGame<R> {
    /// The rule set.
    pub rules: R,
    /// The bots' levels, seat by seat after the player's.
    pub bots: Vec<Level>,
}

/// The seats of a new match of game `G`: the player, then the bots. Refuses rules that
/// cannot be played, a wrong number of bots and the arena-only random level.
pub fn seats<G: TableGame>(setup: &NewGame<G::Rules>) -> Result<Vec<SeatKind>, AppError> {
    G::check(&setup.rules)?;
    let players = G::players(&setup.rules);
    let needed = usize::from(players).saturating_sub(1);
    if setup.bots.len() != needed {
        return Err(AppError::Seats {
            players,
            needed,
            given: setup.bots.len(),
        });
    }
    if let Some(level) = setup.bots.iter().find(|l| **l == Level::Random) {
        return Err(AppError::Level(level.to_string()));
    }
    let mut seats = vec![SeatKind::Human];
    seats.extend(setup.bots.iter().map(|l| SeatKind::Bot(l.name().into())));
    Ok(seats)
}

/// Per seat, the level of its bot (None for a person), read from the names the store keeps.
/// A name that is no level (a save from elsewhere) is refused.
pub fn seat_levels(seats: &[SeatKind]) -> Result<Vec<Option<Level>>, AppError> {
    seats
        .iter()
        .map(|s| {
            s.level()
                .map(|name| name.parse().map_err(|_| AppError::Level(name.into())))
                .transpose()
        })
        .collect()
}

/// A match of game `G` being played against bots, saved action by action.
pub struct Session<G: TableGame> {
    pub(crate) store: Store,
    pub(crate) game: SavedMatch<G>,
    bots: Vec<Option<G::Bot>>,
    /// Per seat, the bot's level, None for the player.
    levels: Vec<Option<Level>>,
    pub(crate) beside: G::Beside,
}

impl<G: TableGame> Session<G> {
    /// Creates and saves a new match of `setup` dealt from `seed`.
    pub fn new(store: &Store, setup: &NewGame<G::Rules>, seed: u64) -> Result<Self, AppError> {
        let seats = seats::<G>(setup)?;
        let game = store.create_as::<G>(setup.rules, seed, seats)?;
        Self::around(store, game)
    }

    /// Loads saved match `id`, replayed and checked; its bots remember the round as before.
    pub fn resume(store: &Store, id: MatchId) -> Result<Self, AppError> {
        Self::around(store, store.resume_as::<G>(id)?)
    }

    /// The session of a saved game, its bots remembering the current round. Only a match
    /// with the player at the bottom seat can be played in the app.
    fn around(store: &Store, game: SavedMatch<G>) -> Result<Self, AppError> {
        if game.seats().get(PLAYER.index()) != Some(&SeatKind::Human) {
            return Err(AppError::NotPlayable);
        }
        let levels = seat_levels(game.seats())?;
        let bots = G::Bot::rejoin(&levels, game.round_start(), game.state());
        let mut session = Session {
            store: store.clone(),
            beside: G::beside(store, &game),
            game,
            bots,
            levels,
        };
        G::landed(&mut session);
        Ok(session)
    }

    /// The saved match's id.
    pub fn id(&self) -> MatchId {
        self.game.id()
    }

    /// The match as it stands (what the player may see of it is [`Session::view`]).
    pub fn game(&self) -> &G {
        self.game.state()
    }

    /// The bots, for tests.
    #[cfg(test)]
    pub fn bots(&self) -> &[Option<G::Bot>] {
        &self.bots
    }

    /// The player's view of the table.
    pub fn view(&self) -> Result<G::View, AppError> {
        self.game().view(PLAYER).map_err(G::refusal)
    }

    /// Applies one action of `seat` and saves it: the single door every change of the match
    /// goes through. A refused action, or one that could not be saved, changes nothing.
    pub fn apply(&mut self, seat: Seat, action: G::Action) -> Result<Vec<G::Event>, AppError> {
        let seen = !G::layout_only(&action);
        let events = self.game.apply(seat, action).map_err(refused)?;
        G::landed(self);
        // Every bot sees the action land, as `Player::rejoin` shows a resumed round, so live
        // and resumed bots remember the same things. A rack move shows no bot anything new.
        if seen {
            okey_bots::show_all(self.game.state(), &mut self.bots);
        }
        Ok(events)
    }

    /// The table update after `events` by `actor`, with `table`, what only this game shows.
    pub(crate) fn table_update<X>(
        &self,
        actor: Option<Seat>,
        events: Vec<G::Event>,
        table: X,
    ) -> Result<UpdateOf<G, X>, AppError> {
        Ok(TableUpdate {
            game: self.id().0,
            seq: self.game().log().len(),
            rev: next_rev(),
            view: self.view()?,
            bots: self.levels.clone(),
            actor,
            events,
            table,
        })
    }

    /// Does what the player asked, saved, and returns the table after it.
    pub fn act(&mut self, request: G::Request) -> Result<Update, AppError> {
        let events = G::request(self, request)?;
        self.update(Some(PLAYER), events)
    }

    /// The update the player's webview gets after `events` by `actor`.
    pub fn update(&self, actor: Option<Seat>, events: Vec<G::Event>) -> Result<Update, AppError> {
        G::update(self, actor, events)
    }

    /// The assistant's reading of the player's hand, from the player's view only.
    pub fn assist(&self) -> Result<Assisted, AppError> {
        G::assist(self)
    }

    /// What a bot needs to choose its move away from the table, if a bot is to act in a
    /// live round. Between rounds bots wait: the player decides when the next is dealt.
    pub fn snapshot(&self) -> Option<Snapshot<G::Bot>> {
        let m = self.game();
        if m.is_over() || m.round_over() {
            return None;
        }
        Some(Snapshot {
            game: self.id(),
            stamp: stamp(m),
            state: m.clone(),
            bots: self.bots.clone(),
        })
    }

    /// Plays a bot move chosen on a snapshot, if the table has not changed since but for
    /// rack moves (which no bot sees), and returns the table after it; Ok(None) when it has.
    /// The bots take the memory they built while choosing.
    pub fn play(&mut self, plan: Plan<G::Bot>) -> Result<Option<Update>, AppError> {
        if plan.game != self.id() || plan.stamp != stamp(self.game()) {
            return Ok(None);
        }
        // First, so that the bots then see the move land.
        self.bots = plan.bots;
        let events = self.apply(plan.seat, plan.action)?;
        self.update(Some(plan.seat), events).map(Some)
    }
}

/// The actions of the log that a bot can see happen: all but rack moves.
fn stamp<G: TableGame>(m: &G) -> usize {
    m.log().iter().filter(|(_, a)| !G::layout_only(a)).count()
}

/// The store's refusal of an action the engine refused, as the engine's own error: nothing
/// was saved because nothing happened.
fn refused(e: StoreError) -> AppError {
    match e {
        StoreError::Refused(rule) => AppError::Rule(rule),
        StoreError::Refused101(rule) => AppError::Rule101(rule),
        other => AppError::Store(other),
    }
}

/// A copy of the table for a bot to think on while the player goes on moving tiles; each
/// bot is shown its own seat's view only ([`Player::next_move`]).
pub struct Snapshot<P: Player> {
    game: MatchId,
    stamp: usize,
    state: P::Game,
    bots: Vec<Option<P>>,
}

impl<P: Player> Snapshot<P> {
    /// The move of the bot whose turn it is; dealing the next round is the player's call.
    /// Hard bots think for a while: call it off the UI thread.
    pub fn decide(mut self) -> Option<Plan<P>> {
        let mv = P::next_move(&self.state, &mut self.bots)
            .filter(|mv| mv.action != P::Game::next_round())?;
        Some(Plan {
            game: self.game,
            stamp: self.stamp,
            seat: mv.seat,
            action: mv.action,
            thinking: mv.thinking,
            bots: self.bots,
        })
    }
}

/// A bot action chosen on a [`Snapshot`], to be played after the pause of the current speed
/// if the table has not changed since.
pub struct Plan<P: Player> {
    game: MatchId,
    stamp: usize,
    seat: Seat,
    action: ActionOf<P>,
    thinking: Duration,
    bots: Vec<Option<P>>,
}

impl<P: Player> Plan<P> {
    /// How long to wait before playing it after a `pause` (the speed's): a pick-up is
    /// quicker than the moves that follow it, and the bot's thinking counts towards it.
    pub fn pause(&self, pause: Duration) -> Duration {
        let pause = if P::Game::picks_up(&self.action) {
            pause / 2
        } else {
            pause
        };
        pause.saturating_sub(self.thinking)
    }
}
