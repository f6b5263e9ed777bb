//! Okey 101 at the table: the player's requests, and what only 101 does there. The engine
//! keeps hands, not racks, so the player's rack layout is kept beside the match (and saved
//! in the store's rack record); openings and new melds may be read from the rack's groups.

use super::{Session, TableGame, PLAYER};
use crate::error::AppError;
use crate::payload::{Assisted, Mark101, Table101, Update};
use okey_bots::Bot101;
use okey_core::r101::assist::assist101;
use okey_core::r101::rack::{self as rack101, RackGroup};
use okey_core::r101::{Action101, Error101, Event101, Match101, MeldId, Rules101, Side};
use okey_core::sort::Sort;
use okey_core::{RuleError, Seat, Tile, TurnError};
use okey_store::{SavedGame101, Store};

/// What the new-game screen asks for a 101 match.
pub type NewGame101 = super::NewGame<Rules101>;

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

/// The player's rack layout, kept beside the match (the engine keeps hands, not racks).
pub struct Layout {
    /// Slot by slot (2 rows of 16).
    slots: Vec<Option<Tile>>,
    /// Where the tile of the pick-up under way goes, when the player dropped it on a slot.
    landing: Option<usize>,
}

impl TableGame for Match101 {
    type Bot = Bot101;
    type Request = Request101;
    type Beside = Layout;

    fn check(rules: &Rules101) -> Result<(), AppError> {
        Ok(rules.validate()?)
    }

    fn refusal(error: Error101) -> AppError {
        AppError::Rule101(error)
    }

    fn layout_only(_: &Action101) -> bool {
        false
    }

    fn hands(&self) -> Vec<Vec<Option<Tile>>> {
        let round = self.round();
        self.rules()
            .seats()
            .map(|s| round.hand(s).iter().copied().map(Some).collect())
            .collect()
    }

    /// The rack as it was laid out; a record that cannot be read costs only the layout (the
    /// hand is the match's).
    fn beside(store: &Store, game: &SavedGame101) -> Layout {
        let slots = store.rack101(game.id()).ok().flatten();
        Layout {
            slots: slots.unwrap_or_else(rack101::empty),
            landing: None,
        }
    }

    /// The rack follows the hand: tiles gone leave their slot, a new one lands where the
    /// player dropped it, else after a row.
    fn landed(s: &mut Session<Match101>) {
        let before = s.beside.slots.clone();
        let to = s.beside.landing.take();
        rack101::follow(&mut s.beside.slots, s.game.state().round().hand(PLAYER), to);
        if s.beside.slots != before {
            // A layout that cannot be saved costs only the layout after a restart (the next
            // change saves it again), so the action it follows stands.
            let _ = save_rack(s);
        }
    }

    fn request(s: &mut Session<Match101>, request: Request101) -> Result<Vec<Event101>, AppError> {
        let joker = s.game().round().joker();
        match request {
            Request101::Draw(to) => pick_up(s, Action101::Draw, to),
            Request101::Take(to) => pick_up(s, Action101::Take, to),
            Request101::Return => s.apply(PLAYER, Action101::Return),
            Request101::DeclarePairs => s.apply(PLAYER, Action101::DeclarePairs),
            Request101::Open(asked) => {
                let groups = match asked {
                    Some(g) => g,
                    None => {
                        let (needed, pairs) = s.view()?.needed;
                        rack101::shown_opening(shown(s), needed, pairs)
                    }
                };
                if groups.is_empty() {
                    return Err(AppError::NoMeldsShown);
                }
                s.apply(PLAYER, Action101::Open(rack101::laid(&groups, joker)))
            }
            Request101::Meld(groups) => {
                if groups.is_empty() {
                    return Err(AppError::NoMeldsShown);
                }
                let mut events = Vec::new();
                for laid in rack101::laid(&groups, joker) {
                    events.extend(s.apply(PLAYER, Action101::Meld(laid))?);
                }
                Ok(events)
            }
            Request101::LayOff(tile, meld, side) => {
                // An okey on a run needs an end: the one asked for, else the first that fits.
                let side = side.or_else(|| {
                    legal(s).into_iter().find_map(|a| match a {
                        Action101::LayOff {
                            tile: t,
                            meld: m,
                            side,
                        } if t == tile && m == meld => side,
                        _ => None,
                    })
                });
                s.apply(PLAYER, Action101::LayOff { tile, meld, side })
            }
            Request101::Swap(tile, meld, okey) => {
                s.apply(PLAYER, Action101::Swap { tile, meld, okey })
            }
            Request101::TakeBack => {
                let action = legal(s)
                    .into_iter()
                    .find(|a| matches!(a, Action101::TakeBack { .. }))
                    .ok_or(AppError::Rule101(Error101::CannotTakeBack))?;
                s.apply(PLAYER, action)
            }
            Request101::Discard(tile) => s.apply(PLAYER, Action101::Discard(tile)),
            Request101::EndRound => s.apply(PLAYER, Action101::EndRound),
            Request101::NextRound => s.apply(PLAYER, Action101::NextRound),
            Request101::Auto => auto_move(s),
            Request101::Move(from, to) => {
                let len = s.beside.slots.len();
                if from >= len || to >= len {
                    return Err(AppError::NoSuchSlot(from.max(to) as i64));
                }
                if s.beside.slots[from].is_none() {
                    return Err(AppError::Rule(RuleError::EmptySlot(from as u8)));
                }
                s.beside.slots.swap(from, to);
                save_rack(s)?;
                Ok(Vec::new())
            }
            Request101::Sort(how) => {
                if let Some(rack) = rack101::sorted(&s.beside.slots, joker, how) {
                    s.beside.slots = rack;
                    save_rack(s)?;
                }
                Ok(Vec::new())
            }
        }
    }

    fn update(
        s: &Session<Match101>,
        actor: Option<Seat>,
        events: Vec<Event101>,
    ) -> Result<Update, AppError> {
        let m = s.game();
        let table = Table101 {
            variant: Mark101::R101,
            rules: *m.rules(),
            rack: s.beside.slots.clone(),
            groups: shown(s),
            results: m.results().to_vec(),
            winners: m.winners(),
        };
        Ok(s.table_update(actor, events, table)?.into())
    }

    fn assist(s: &Session<Match101>) -> Result<Assisted, AppError> {
        Ok(Assisted::R101(Box::new(assist101(&s.view()?, &legal(s)))))
    }
}

/// The player's legal actions now.
fn legal(s: &Session<Match101>) -> Vec<Action101> {
    s.game().legal_actions(PLAYER)
}

/// The groups the rack shows, read as melds.
fn shown(s: &Session<Match101>) -> Vec<RackGroup> {
    rack101::groups(&s.beside.slots, s.game().round().joker())
}

fn save_rack(s: &Session<Match101>) -> Result<(), AppError> {
    Ok(s.store.put_rack101(s.id(), &s.beside.slots)?)
}

/// A draw or take, the tile going to slot `to` when given and free.
fn pick_up(
    s: &mut Session<Match101>,
    action: Action101,
    to: Option<usize>,
) -> Result<Vec<Event101>, AppError> {
    s.beside.landing = to;
    let picked = s.apply(PLAYER, action);
    // Refused, the landing slot is not kept for a later action.
    s.beside.landing = None;
    picked
}

/// On a turn timer's time-out: the assistant's suggestions, from the player's own view,
/// until the turn ends. Each is checked by the engine like the player's own.
fn auto_move(s: &mut Session<Match101>) -> Result<Vec<Event101>, AppError> {
    let mut events = Vec::new();
    // A turn is a take, table actions and a discard: the bound only guards against a
    // suggestion that never ends the turn.
    for _ in 0..64 {
        let view = s.view()?;
        if view.turn != Some(PLAYER) || view.end.is_some() {
            break;
        }
        let Some(hint) = assist101(&view, &legal(s)).hint else {
            break;
        };
        events.extend(s.apply(PLAYER, hint.action)?);
    }
    if events.is_empty() {
        return Err(AppError::Rule101(TurnError::NotYourTurn.into()));
    }
    Ok(events)
}
