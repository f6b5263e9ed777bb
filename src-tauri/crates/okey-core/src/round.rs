//! One round as a state machine (R10-R22): the deal, the turns, the gösterge, the finish.
//!
//! Players are held by position: position 0 is the starter (the dealer's right neighbour),
//! the last position is the dealer, and play goes up the positions, i.e. anticlockwise
//! (R12). The discard stack of a position lies to its right, in front of the next position,
//! which is the only one that may take from it (R15).

use crate::analysis::{can_finish, winning_groups};
use crate::deal::{self, DealRecord, Dice};
use crate::error::RuleError;
use crate::meld::WinKind;
use crate::rack::{Rack, Slot};
use crate::rules::{Rules, Seat};
use crate::scoring::{self, Charge, ChargeReason, Payer, PENALTY};
use crate::tile::{Face, Joker, Kind, Role, Tile};
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::fmt;

/// What the player to move must do next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Draw from the pile or take the previous discard (or end the round, R17).
    Draw,
    /// Discard a tile or finish; the starter begins here (R14).
    Discard,
}

/// Everything a seat can do. All but `Move` and `ShowIndicator` are turn actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Show a tile equal to the indicator before the first draw (R19). Allowed out of turn.
    ShowIndicator,
    /// Draw the top tile of the pile (R14).
    Draw,
    /// Take the previous player's last discard (R14, R15).
    TakeDiscard,
    /// Discard this tile onto the stack to the right (R14).
    Discard(Tile),
    /// Discard this tile onto the centre and show the 14 left as a win (R10). Under a strict
    /// rack (R11) a claim the layout does not show is accepted as a false claim: it costs the
    /// claimer 2 points and the turn goes on.
    Finish(Tile),
    /// Decline the previous discard when the pile is empty: the round ends (R17).
    EndRound,
    /// Rearrange the own rack: not a turn, allowed at any time in a round.
    Move {
        /// The slot holding the tile.
        from: Slot,
        /// Where it goes; a tile there swaps back.
        to: Slot,
    },
    /// Deal the next round once this one is over. Any seat still in the match may.
    NextRound,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::ShowIndicator => f.write_str("show the indicator"),
            Action::Draw => f.write_str("draw"),
            Action::TakeDiscard => f.write_str("take the discard"),
            Action::Discard(t) => write!(f, "discard {t}"),
            Action::Finish(t) => write!(f, "finish with {t}"),
            Action::EndRound => f.write_str("end the round"),
            Action::Move { from, to } => write!(f, "move slot {} to {}", from.0, to.0),
            Action::NextRound => f.write_str("next round"),
        }
    }
}

/// How a round ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoundEnd {
    /// A player finished (R10).
    Finished {
        /// Who finished.
        seat: Seat,
        /// The tile thrown onto the centre.
        discard: Tile,
        /// Sets and runs, or pairs.
        win: WinKind,
        /// The 14 tiles shown, in their groups.
        groups: Vec<Vec<Tile>>,
        /// The final discard was an okey (R18).
        okey_discard: bool,
        /// The hand counts as one colour (R21).
        one_colour: bool,
        /// Points every other player (team) lost.
        points: i32,
    },
    /// The pile was empty and the player to move declined the discard: no score (R17).
    NoTilesLeft {
        /// Who declined.
        seat: Seat,
    },
}

/// What happened, as every seat may know it: a drawn tile is never named.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// A round was dealt.
    RoundStarted {
        /// Round number, from 1.
        round: u32,
        /// The dealer.
        dealer: Seat,
        /// Who discards first.
        starter: Seat,
        /// The indicator face.
        indicator: Face,
        /// The dice of a stacks deal.
        dice: Option<Dice>,
    },
    /// A gösterge (R19).
    IndicatorShown {
        /// Who showed it.
        seat: Seat,
        /// The tile shown.
        tile: Tile,
    },
    /// A draw from the pile.
    Drew {
        /// Who drew.
        seat: Seat,
    },
    /// The previous discard was taken.
    TookDiscard {
        /// Who took it.
        seat: Seat,
        /// The tile.
        tile: Tile,
    },
    /// A discard.
    Discarded {
        /// Who discarded.
        seat: Seat,
        /// The tile.
        tile: Tile,
    },
    /// A finish the rack layout did not show (R11); play goes on.
    FalseClaim {
        /// Who claimed.
        seat: Seat,
        /// What was wrong.
        reason: String,
    },
    /// Points lost.
    Charged(Charge),
    /// The round ended.
    RoundEnded(RoundEnd),
    /// A player (team) reached 0 or less and left (R23).
    Eliminated {
        /// The seat that left.
        seat: Seat,
    },
    /// The match ended (R23).
    MatchEnded {
        /// The winning seats.
        winners: Vec<Seat>,
    },
}

/// The full state of a round, hidden information included. Seats only ever see a view.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    rules: Rules,
    number: u32,
    /// Seats by position: the starter first, the dealer last.
    seats: Vec<Seat>,
    joker: Joker,
    indicator: Tile,
    record: DealRecord,
    /// The pile, the next tile to draw last.
    pile: Vec<Tile>,
    racks: Vec<Rack>,
    /// Discard stacks by position, the top last.
    discards: Vec<Vec<Tile>>,
    turn: usize,
    phase: Phase,
    /// Whether each position has drawn (the starter: discarded), closing its gösterge (R19).
    opened: Vec<bool>,
    gosterge: Option<(Seat, Tile)>,
    centre: Option<Tile>,
    end: Option<RoundEnd>,
    /// Turn actions played this round (draws, takes, discards, finish claims).
    #[serde(default)]
    plays: u32,
}

impl Round {
    /// Deals round `number` for `seats` in playing order, the starter first and the dealer last.
    pub(crate) fn new(rules: Rules, number: u32, seats: Vec<Seat>, rng: &mut impl Rng) -> Round {
        let dealt = deal::deal(rules.deal, seats.len(), rng);
        let mut pile = dealt.pile;
        if rules.indicator_last {
            pile.push(dealt.indicator);
        }
        pile.reverse();
        let n = seats.len();
        Round {
            rules,
            number,
            seats,
            joker: Joker::new(dealt.face),
            indicator: dealt.indicator,
            record: dealt.record,
            pile,
            racks: dealt.hands.iter().map(|h| Rack::with_tiles(h)).collect(),
            discards: vec![Vec::new(); n],
            turn: 0,
            phase: Phase::Discard,
            opened: vec![false; n],
            gosterge: None,
            centre: None,
            end: None,
            plays: 0,
        }
    }

    /// The round number, from 1.
    pub fn number(&self) -> u32 {
        self.number
    }

    /// The seats playing, in playing order from the starter to the dealer.
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// The dealer.
    pub fn dealer(&self) -> Seat {
        self.seats.last().copied().unwrap_or(Seat(0))
    }

    /// The joker context: indicator and okey (R3).
    pub fn joker(&self) -> Joker {
        self.joker
    }

    /// The indicator tile.
    pub fn indicator(&self) -> Tile {
        self.indicator
    }

    /// The indicator if it lies face up on the table, not in the pile or a rack (R16).
    pub fn indicator_on_table(&self) -> Option<Tile> {
        let in_pile_or_drawn = self.rules.indicator_last;
        (!in_pile_or_drawn || !self.pile.is_empty()).then_some(self.indicator)
    }

    /// Whether the indicator is the pile's last tile rather than on the table (R16).
    pub(crate) fn indicator_drawn_last(&self) -> bool {
        self.rules.indicator_last
    }

    /// How the round was dealt.
    pub fn record(&self) -> &DealRecord {
        &self.record
    }

    /// Tiles left to draw.
    pub fn pile_len(&self) -> usize {
        self.pile.len()
    }

    /// The pile in drawing order. Hidden from every seat.
    pub fn pile(&self) -> impl Iterator<Item = Tile> + '_ {
        self.pile.iter().rev().copied()
    }

    /// A seat's rack, if it plays this round.
    pub fn rack(&self, seat: Seat) -> Option<&Rack> {
        self.position(seat).ok().map(|p| &self.racks[p])
    }

    /// A seat's discard stack, bottom first (empty if it does not play).
    pub fn discards(&self, seat: Seat) -> &[Tile] {
        self.position(seat)
            .map(|p| self.discards[p].as_slice())
            .unwrap_or(&[])
    }

    /// The seat whose discards `seat` may take: the one before it in play (R15).
    pub fn previous(&self, seat: Seat) -> Option<Seat> {
        let p = self.position(seat).ok()?;
        self.seats.get(self.prev(p)).copied()
    }

    /// The seat to move, while the round lasts.
    pub fn turn(&self) -> Option<Seat> {
        self.end.is_none().then(|| self.seats[self.turn])
    }

    /// What the seat to move must do, while the round lasts.
    pub fn phase(&self) -> Option<Phase> {
        self.end.is_none().then_some(self.phase)
    }

    /// The gösterge shown this round, if any (R19).
    pub fn gosterge(&self) -> Option<(Seat, Tile)> {
        self.gosterge
    }

    /// The finishing discard on the centre, if any (R10).
    pub fn centre(&self) -> Option<Tile> {
        self.centre
    }

    /// How the round ended, once it has.
    pub fn end(&self) -> Option<&RoundEnd> {
        self.end.as_ref()
    }

    /// Whether the round has ended.
    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    fn position(&self, seat: Seat) -> Result<usize, RuleError> {
        self.seats
            .iter()
            .position(|&s| s == seat)
            .ok_or(RuleError::NotPlaying(seat))
    }

    fn prev(&self, pos: usize) -> usize {
        (pos + self.seats.len() - 1) % self.seats.len()
    }

    /// The turn actions `seat` may take now, and the gösterge when it may show one. Rack
    /// moves are always allowed in a live round and not listed. A finish is listed only when
    /// it wins (under R11, when the layout shows it).
    pub fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        let Ok(pos) = self.position(seat) else {
            return Vec::new();
        };
        if self.end.is_some() {
            return Vec::new();
        }
        let mut actions = Vec::new();
        if self.gosterge_tile(pos).is_ok() {
            actions.push(Action::ShowIndicator);
        }
        if pos != self.turn {
            return actions;
        }
        match self.phase {
            Phase::Draw => {
                if !self.pile.is_empty() {
                    actions.push(Action::Draw);
                }
                if !self.discards[self.prev(pos)].is_empty() {
                    actions.push(Action::TakeDiscard);
                }
                if self.pile.is_empty() {
                    actions.push(Action::EndRound);
                }
            }
            Phase::Discard => {
                let rack = &self.racks[pos];
                actions.extend(rack.tiles().map(Action::Discard));
                // One search says whether any discard finishes; most turns none does.
                let kinds: Vec<Kind> = rack.tiles().map(|t| t.kind()).collect();
                if !self.rules.strict_rack && !can_finish(&kinds, self.joker) {
                    return actions;
                }
                // Copies of a kind finish alike unless the layout differs (R11).
                let mut tried: Vec<(Kind, bool)> = Vec::new();
                for t in rack.tiles() {
                    let wins = match tried
                        .iter()
                        .find(|(k, _)| *k == t.kind() && !self.rules.strict_rack)
                    {
                        Some(&(_, wins)) => wins,
                        None => self.verdict(pos, t).is_ok(),
                    };
                    tried.push((t.kind(), wins));
                    if wins {
                        actions.push(Action::Finish(t));
                    }
                }
            }
        }
        actions
    }

    /// Applies an action of `seat`. On an error nothing has changed.
    pub(crate) fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, RuleError> {
        let pos = self.position(seat)?;
        if self.end.is_some() {
            return Err(RuleError::RoundOver);
        }
        let events = match action {
            Action::ShowIndicator => return self.show_indicator(pos),
            Action::Move { from, to } => {
                return self.racks[pos].move_tile(from, to).map(|()| Vec::new())
            }
            Action::NextRound => return Err(RuleError::NotARoundAction(action)),
            _ if pos != self.turn => return Err(RuleError::NotYourTurn),
            Action::Draw => self.draw(pos),
            Action::TakeDiscard => self.take_discard(pos),
            Action::EndRound => self.end_round(pos),
            Action::Discard(tile) => self.discard(pos, tile),
            Action::Finish(tile) => self.finish(pos, tile),
        }?;
        self.plays += 1;
        Ok(events)
    }

    /// Turn actions played this round: draws, takes, discards and finish claims. Public
    /// knowledge, and it tells apart positions that otherwise repeat (a discard passed round).
    pub fn plays(&self) -> u32 {
        self.plays
    }

    /// The tile `pos` could show as gösterge now, or why not (R19).
    fn gosterge_tile(&self, pos: usize) -> Result<Tile, RuleError> {
        if !self.rules.gosterge {
            return Err(RuleError::GostergeOff);
        }
        if self.gosterge.is_some() {
            return Err(RuleError::GostergeShown);
        }
        if self.opened[pos] {
            return Err(RuleError::GostergeTooLate);
        }
        let face = self.joker.indicator();
        self.racks[pos]
            .tiles()
            .find(|t| t.kind() == Kind::Face(face))
            .ok_or(RuleError::NoIndicatorTile(face))
    }

    fn show_indicator(&mut self, pos: usize) -> Result<Vec<Event>, RuleError> {
        let tile = self.gosterge_tile(pos)?;
        let seat = self.seats[pos];
        self.gosterge = Some((seat, tile));
        Ok(vec![
            Event::IndicatorShown { seat, tile },
            Event::Charged(Charge {
                payer: Payer::OthersOf(seat),
                points: scoring::gosterge_points(&self.rules, self.joker),
                reason: ChargeReason::Gosterge,
            }),
        ])
    }

    fn must_draw(&self) -> Result<(), RuleError> {
        match self.phase {
            Phase::Draw => Ok(()),
            Phase::Discard => Err(RuleError::MustDiscard),
        }
    }

    fn must_discard(&self) -> Result<(), RuleError> {
        match self.phase {
            Phase::Discard => Ok(()),
            Phase::Draw => Err(RuleError::MustDraw),
        }
    }

    fn draw(&mut self, pos: usize) -> Result<Vec<Event>, RuleError> {
        self.must_draw()?;
        let tile = self.pile.pop().ok_or(RuleError::PileEmpty)?;
        self.racks[pos].put(tile);
        self.opened[pos] = true;
        self.phase = Phase::Discard;
        Ok(vec![Event::Drew {
            seat: self.seats[pos],
        }])
    }

    fn take_discard(&mut self, pos: usize) -> Result<Vec<Event>, RuleError> {
        self.must_draw()?;
        let prev = self.prev(pos);
        let tile = self.discards[prev].pop().ok_or(RuleError::NoDiscard)?;
        self.racks[pos].put(tile);
        self.opened[pos] = true;
        self.phase = Phase::Discard;
        Ok(vec![Event::TookDiscard {
            seat: self.seats[pos],
            tile,
        }])
    }

    fn end_round(&mut self, pos: usize) -> Result<Vec<Event>, RuleError> {
        self.must_draw()?;
        if !self.pile.is_empty() {
            return Err(RuleError::PileNotEmpty);
        }
        let end = RoundEnd::NoTilesLeft {
            seat: self.seats[pos],
        };
        self.end = Some(end.clone());
        Ok(vec![Event::RoundEnded(end)])
    }

    fn is_okey(&self, tile: Tile) -> bool {
        self.joker.role(tile.kind()) == Role::Wild
    }

    fn discard(&mut self, pos: usize, tile: Tile) -> Result<Vec<Event>, RuleError> {
        self.must_discard()?;
        if !self.racks[pos].take(tile) {
            return Err(RuleError::NotInRack(tile));
        }
        let seat = self.seats[pos];
        self.discards[pos].push(tile);
        self.opened[pos] = true;
        self.turn = (pos + 1) % self.seats.len();
        self.phase = Phase::Draw;
        let mut events = vec![Event::Discarded { seat, tile }];
        if self.rules.okey_discard_penalty && self.is_okey(tile) {
            events.push(Event::Charged(Charge {
                payer: Payer::Seat(seat),
                points: PENALTY,
                reason: ChargeReason::OkeyDiscard,
            }));
        }
        Ok(events)
    }

    /// Whether `pos` finishes by throwing `tile`: how it wins and the groups shown.
    fn verdict(&self, pos: usize, tile: Tile) -> Result<(WinKind, Vec<Vec<Tile>>), RuleError> {
        let rack = &self.racks[pos];
        if self.rules.strict_rack {
            return rack.shown_win(tile, self.joker);
        }
        let hand: Vec<Tile> = rack.tiles().filter(|&t| t != tile).collect();
        winning_groups(&hand, self.joker).ok_or(RuleError::NotAWin)
    }

    fn finish(&mut self, pos: usize, tile: Tile) -> Result<Vec<Event>, RuleError> {
        self.must_discard()?;
        if !self.racks[pos].contains(tile) {
            return Err(RuleError::NotInRack(tile));
        }
        let seat = self.seats[pos];
        let (win, groups) = match self.verdict(pos, tile) {
            Ok(found) => found,
            // R11: under a strict rack a wrong claim is not refused but costs the claimer.
            Err(reason) if self.rules.strict_rack => {
                return Ok(vec![
                    Event::FalseClaim {
                        seat,
                        reason: reason.to_string(),
                    },
                    Event::Charged(Charge {
                        payer: Payer::Seat(seat),
                        points: PENALTY,
                        reason: ChargeReason::FalseClaim,
                    }),
                ]);
            }
            Err(reason) => return Err(reason),
        };
        self.racks[pos].take(tile);
        self.centre = Some(tile);
        let kinds: Vec<Kind> = groups.iter().flatten().map(|t| t.kind()).collect();
        let okey_discard = self.is_okey(tile);
        let one_colour =
            win == WinKind::Melds && scoring::is_one_colour(&self.rules, &kinds, self.joker);
        let points = scoring::finish_points(&self.rules, self.joker, win, okey_discard, one_colour);
        let end = RoundEnd::Finished {
            seat,
            discard: tile,
            win,
            groups,
            okey_discard,
            one_colour,
            points,
        };
        self.end = Some(end.clone());
        Ok(vec![
            Event::Charged(Charge {
                payer: Payer::OthersOf(seat),
                points,
                reason: ChargeReason::Finish,
            }),
            Event::RoundEnded(end),
        ])
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::notation::{parse_indicator, parse_kind};
    use crate::rules::{DealKind, OneColourDouble};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    pub(crate) fn round(rules: Rules, seed: u64) -> Round {
        let seats = (0..rules.players)
            .map(|i| Seat((i + 1) % rules.players))
            .collect();
        Round::new(rules, 1, seats, &mut ChaCha8Rng::seed_from_u64(seed))
    }

    /// Replaces the round's tiles: `indicator`, the rack of position 0 laid out as written
    /// (`.` for an empty slot), and everything else dealt out again in identity order.
    pub(crate) fn rig(r: &mut Round, indicator: &str, layout: &str) {
        let face = parse_indicator(indicator).unwrap();
        let ind = Tile::of(Kind::Face(face), 1).unwrap();
        let mut free: Vec<Tile> = Tile::all().filter(|&t| t != ind).collect();
        let mut rack = Rack::with_tiles(&[]);
        for (slot, token) in layout.split_whitespace().enumerate() {
            if token != "." {
                let kind = parse_kind(token).unwrap();
                let at = free.iter().position(|t| t.kind() == kind).unwrap();
                let put = rack.put(free.remove(at));
                rack.move_tile(put, Slot(slot as u8)).unwrap();
            }
        }
        r.joker = Joker::new(face);
        r.indicator = ind;
        let mut rest = free.into_iter();
        for (pos, r_rack) in r.racks.iter_mut().enumerate() {
            *r_rack = if pos == 0 {
                rack.clone()
            } else {
                Rack::with_tiles(&rest.by_ref().take(14).collect::<Vec<_>>())
            };
        }
        r.pile = rest.collect();
    }

    pub(crate) fn tile_of(r: &Round, seat: Seat, token: &str) -> Tile {
        let kind = parse_kind(token).unwrap();
        r.rack(seat)
            .unwrap()
            .tiles()
            .find(|t| t.kind() == kind)
            .unwrap()
    }

    const WIN: &str = "R1 R2 R3 . Y5 B5 K5 R5 . B9 B10 B11 B12 . . . Y7 Y8 Y9 K3";

    #[test]
    fn r14_starter_discards_without_drawing() {
        let mut r = round(Rules::default(), 1);
        let starter = r.seats()[0];
        assert_eq!(r.turn(), Some(starter));
        assert_eq!(r.apply(starter, Action::Draw), Err(RuleError::MustDiscard));
        let legal = r.legal_actions(starter);
        assert!(!legal.contains(&Action::Draw) && !legal.contains(&Action::TakeDiscard));
        let tile = r.rack(starter).unwrap().tiles().next().unwrap();
        r.apply(starter, Action::Discard(tile)).unwrap();
        let next = r.seats()[1];
        assert_eq!(r.turn(), Some(next));
        let any = r.rack(next).unwrap().tiles().next().unwrap();
        assert_eq!(
            r.apply(next, Action::Discard(any)),
            Err(RuleError::MustDraw)
        );
        assert_eq!(r.apply(starter, Action::Draw), Err(RuleError::NotYourTurn));
        r.apply(next, Action::TakeDiscard).unwrap();
        assert!(r.rack(next).unwrap().contains(tile));
        assert_eq!(r.rack(next).unwrap().len(), 15);
    }

    #[test]
    fn r14_draws_go_to_the_first_empty_slot() {
        let mut r = round(Rules::default(), 2);
        let starter = r.seats()[0];
        let first = r.rack(starter).unwrap().slots()[0].unwrap();
        r.apply(starter, Action::Discard(first)).unwrap();
        let next = r.seats()[1];
        let top = r.pile().next().unwrap();
        r.apply(next, Action::Draw).unwrap();
        assert_eq!(r.rack(next).unwrap().slots()[14], Some(top));
    }

    #[test]
    fn r15_only_the_previous_discard_can_be_taken() {
        let mut r = round(Rules::default(), 3);
        let [a, b, c, _] = [r.seats()[0], r.seats()[1], r.seats()[2], r.seats()[3]];
        let ta = r.rack(a).unwrap().tiles().next().unwrap();
        r.apply(a, Action::Discard(ta)).unwrap();
        r.apply(b, Action::Draw).unwrap();
        let tb = r.rack(b).unwrap().tiles().next().unwrap();
        r.apply(b, Action::Discard(tb)).unwrap();
        r.apply(c, Action::TakeDiscard).unwrap();
        assert!(r.rack(c).unwrap().contains(tb));
        assert_eq!(r.discards(a), &[ta]);
        assert_eq!(r.previous(c), Some(b));
        assert_eq!(r.previous(a), Some(r.dealer()));
    }

    #[test]
    fn r16_indicator_last_is_drawn_last() {
        let rules = Rules {
            indicator_last: true,
            ..Rules::default()
        };
        let r = round(rules, 4);
        assert_eq!(r.pile().last(), Some(r.indicator()));
        assert_eq!(r.indicator_on_table(), Some(r.indicator()));
        let plain = round(Rules::default(), 4);
        assert!(plain.pile().all(|t| t != plain.indicator()));
    }

    #[test]
    fn r17_empty_pile_ends_round_without_score() {
        let mut r = round(Rules::default(), 5);
        let starter = r.seats()[0];
        let t = r.rack(starter).unwrap().tiles().next().unwrap();
        r.apply(starter, Action::Discard(t)).unwrap();
        let next = r.seats()[1];
        assert_eq!(
            r.apply(next, Action::EndRound),
            Err(RuleError::PileNotEmpty)
        );
        r.pile.clear();
        assert_eq!(r.apply(next, Action::Draw), Err(RuleError::PileEmpty));
        assert_eq!(
            r.legal_actions(next),
            vec![Action::TakeDiscard, Action::EndRound]
        );
        let events = r.apply(next, Action::EndRound).unwrap();
        assert_eq!(
            events,
            vec![Event::RoundEnded(RoundEnd::NoTilesLeft { seat: next })]
        );
        assert!(!events.iter().any(|e| matches!(e, Event::Charged(_))));
        assert_eq!(r.turn(), None);
        assert_eq!(
            r.apply(next, Action::TakeDiscard),
            Err(RuleError::RoundOver)
        );
    }

    #[test]
    fn r17_empty_pile_still_allows_taking_the_discard() {
        let mut r = round(Rules::default(), 6);
        let starter = r.seats()[0];
        let t = r.rack(starter).unwrap().tiles().next().unwrap();
        r.apply(starter, Action::Discard(t)).unwrap();
        r.pile.clear();
        r.apply(r.seats()[1], Action::TakeDiscard).unwrap();
        assert_eq!(r.phase(), Some(Phase::Discard));
    }

    #[test]
    fn r19_gosterge_only_before_first_draw() {
        let mut r = round(Rules::default(), 7);
        rig(
            &mut r,
            "Y6",
            "Y6 R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 K1",
        );
        let [a, b] = [r.seats()[0], r.seats()[1]];
        // Nobody else holds a Y6: the other copy is the indicator.
        assert_eq!(
            r.apply(b, Action::ShowIndicator),
            Err(RuleError::NoIndicatorTile(r.joker().indicator()))
        );
        assert!(r.legal_actions(a).contains(&Action::ShowIndicator));
        let events = r.apply(a, Action::ShowIndicator).unwrap();
        assert!(
            matches!(events[1], Event::Charged(Charge { payer: Payer::OthersOf(s), points: 1, .. }) if s == a)
        );
        assert_eq!(
            r.apply(a, Action::ShowIndicator),
            Err(RuleError::GostergeShown)
        );

        // The starter's window closes with its first discard.
        let mut r = round(Rules::default(), 7);
        rig(
            &mut r,
            "Y6",
            "Y6 R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 K1",
        );
        let k1 = tile_of(&r, a, "K1");
        r.apply(a, Action::Discard(k1)).unwrap();
        assert_eq!(
            r.apply(a, Action::ShowIndicator),
            Err(RuleError::GostergeTooLate)
        );

        let rules = Rules {
            gosterge: false,
            ..Rules::default()
        };
        let mut r = round(rules, 7);
        rig(
            &mut r,
            "Y6",
            "Y6 R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 K1",
        );
        assert_eq!(
            r.apply(a, Action::ShowIndicator),
            Err(RuleError::GostergeOff)
        );
    }

    #[test]
    fn r20_gosterge_doubles_with_red_black_with_gosterge() {
        let rules = Rules {
            colour_double: crate::rules::ColourDouble::RedBlackWithGosterge,
            ..Rules::default()
        };
        let mut r = round(rules, 7);
        rig(
            &mut r,
            "R6",
            "R6 R1 R2 R3 R4 R5 R7 R8 R9 R10 R11 R12 R13 K1 K2",
        );
        let a = r.seats()[0];
        let events = r.apply(a, Action::ShowIndicator).unwrap();
        assert!(matches!(
            events[1],
            Event::Charged(Charge { points: 2, .. })
        ));
    }

    #[test]
    fn r19_gosterge_closes_at_a_players_first_draw() {
        let mut r = round(Rules::default(), 8);
        let [a, b] = [r.seats()[0], r.seats()[1]];
        // Give position 1 the twin of the indicator.
        rig(
            &mut r,
            "Y6",
            "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 K1 K2",
        );
        let twin = Tile::of(Kind::Face(r.joker().indicator()), 0).unwrap();
        r.racks[1] = Rack::with_tiles(&[twin]);
        assert!(
            r.legal_actions(b).contains(&Action::ShowIndicator),
            "allowed out of turn"
        );
        r.apply(a, Action::Discard(tile_of(&r, a, "K1"))).unwrap();
        r.apply(b, Action::Draw).unwrap();
        assert_eq!(
            r.apply(b, Action::ShowIndicator),
            Err(RuleError::GostergeTooLate)
        );
    }

    #[test]
    fn r10_finish_shows_14_and_ends_the_round() {
        let mut r = round(Rules::default(), 9);
        rig(&mut r, "K9", WIN);
        let a = r.seats()[0];
        let k3 = tile_of(&r, a, "K3");
        assert!(r.legal_actions(a).contains(&Action::Finish(k3)));
        let r5 = tile_of(&r, a, "R5");
        assert_eq!(r.apply(a, Action::Finish(r5)), Err(RuleError::NotAWin));
        let events = r.apply(a, Action::Finish(k3)).unwrap();
        assert_eq!(r.centre(), Some(k3));
        let Some(RoundEnd::Finished {
            points,
            groups,
            win,
            ..
        }) = r.end()
        else {
            panic!("finished")
        };
        assert_eq!((*points, *win), (2, WinKind::Melds));
        assert_eq!(groups.iter().map(Vec::len).sum::<usize>(), 14);
        assert!(events.contains(&Event::Charged(Charge {
            payer: Payer::OthersOf(a),
            points: 2,
            reason: ChargeReason::Finish
        })));
    }

    #[test]
    fn r10_nobody_is_forced_to_finish() {
        let mut r = round(Rules::default(), 10);
        rig(&mut r, "K9", WIN);
        let a = r.seats()[0];
        r.apply(a, Action::Discard(tile_of(&r, a, "K3"))).unwrap();
        assert_eq!(r.turn(), Some(r.seats()[1]));
    }

    #[test]
    fn r18_finishing_with_an_okey_doubles() {
        // Indicator K2: K3 is the okey; the run Y7 Y8 Y9 stands without it.
        let mut r = round(Rules::default(), 11);
        rig(&mut r, "K2", WIN);
        let a = r.seats()[0];
        r.apply(a, Action::Finish(tile_of(&r, a, "K3"))).unwrap();
        let Some(RoundEnd::Finished {
            points,
            okey_discard,
            ..
        }) = r.end()
        else {
            panic!("finished")
        };
        assert!(*okey_discard);
        assert_eq!(*points, 4);
    }

    #[test]
    fn r18_pairs_with_okey_discard_scores_8_in_play() {
        // Indicator K2: the two K3 are okeys; one pairs with Y4, the other is thrown.
        let mut r = round(Rules::default(), 12);
        rig(&mut r, "K2", "R1 R1 Y3 Y3 B7 B7 K7 K7 Y4 K3 F F R12 R12 K3");
        let a = r.seats()[0];
        let okey = r.rack(a).unwrap().slots()[14].unwrap();
        r.apply(a, Action::Finish(okey)).unwrap();
        let Some(RoundEnd::Finished { points, win, .. }) = r.end() else {
            panic!("finished")
        };
        assert_eq!((*win, *points), (WinKind::Pairs, 8));
    }

    #[test]
    fn r21_one_colour_finish_doubles() {
        let rules = Rules {
            one_colour_double: OneColourDouble::Any,
            ..Rules::default()
        };
        let mut r = round(rules, 13);
        rig(
            &mut r,
            "K9",
            "B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13 B1 R4",
        );
        let a = r.seats()[0];
        r.apply(a, Action::Finish(tile_of(&r, a, "R4"))).unwrap();
        let Some(RoundEnd::Finished {
            points, one_colour, ..
        }) = r.end()
        else {
            panic!("finished")
        };
        assert!(*one_colour);
        assert_eq!(*points, 4);
    }

    #[test]
    fn r22_okey_discard_in_play_costs_2() {
        let rules = Rules {
            okey_discard_penalty: true,
            ..Rules::default()
        };
        let mut r = round(rules, 14);
        rig(&mut r, "K2", WIN);
        let a = r.seats()[0];
        let events = r.apply(a, Action::Discard(tile_of(&r, a, "K3"))).unwrap();
        assert!(events.contains(&Event::Charged(Charge {
            payer: Payer::Seat(a),
            points: 2,
            reason: ChargeReason::OkeyDiscard
        })));
        let mut r = round(Rules::default(), 14);
        rig(&mut r, "K2", WIN);
        let events = r.apply(a, Action::Discard(tile_of(&r, a, "K3"))).unwrap();
        assert_eq!(events.len(), 1);
    }

    #[test]
    fn r11_strict_rack_false_claim_costs_2_and_play_goes_on() {
        let rules = Rules {
            strict_rack: true,
            ..Rules::default()
        };
        let mut r = round(rules, 15);
        // The same winning tiles, but two groups touch.
        rig(
            &mut r,
            "K9",
            "R1 R2 R3 Y5 B5 K5 R5 . . B9 B10 B11 B12 . . . Y7 Y8 Y9 K3",
        );
        let a = r.seats()[0];
        let k3 = tile_of(&r, a, "K3");
        assert!(!r.legal_actions(a).contains(&Action::Finish(k3)));
        let events = r.apply(a, Action::Finish(k3)).unwrap();
        assert!(
            matches!(&events[0], Event::FalseClaim { reason, .. } if reason.contains("neither a set nor a run"))
        );
        assert!(
            matches!(events[1], Event::Charged(Charge { payer: Payer::Seat(s), points: 2, .. }) if s == a)
        );
        assert_eq!(r.phase(), Some(Phase::Discard));
        assert!(r.rack(a).unwrap().contains(k3));
        // Opening a gap between the groups makes the claim good.
        r.apply(
            a,
            Action::Move {
                from: Slot(6),
                to: Slot(7),
            },
        )
        .unwrap();
        r.apply(
            a,
            Action::Move {
                from: Slot(5),
                to: Slot(6),
            },
        )
        .unwrap();
        r.apply(
            a,
            Action::Move {
                from: Slot(4),
                to: Slot(5),
            },
        )
        .unwrap();
        r.apply(
            a,
            Action::Move {
                from: Slot(3),
                to: Slot(4),
            },
        )
        .unwrap();
        assert!(r.legal_actions(a).contains(&Action::Finish(k3)));
        r.apply(a, Action::Finish(k3)).unwrap();
        assert!(r.is_over());
    }

    #[test]
    fn r13_simple_and_stacks_deals_start_with_15_for_the_starter() {
        for deal in [DealKind::Stacks, DealKind::Simple] {
            let rules = Rules {
                deal,
                players: 3,
                ..Rules::default()
            };
            let r = round(rules, 16);
            assert_eq!(r.rack(r.seats()[0]).unwrap().len(), 15);
            assert_eq!(r.rack(r.dealer()).unwrap().len(), 14);
            assert_eq!(r.pile_len(), 106 - 43 - 1);
        }
    }

    #[test]
    fn round_refuses_what_the_seat_cannot_do() {
        let mut r = round(Rules::default(), 17);
        let a = r.seats()[0];
        let b = r.seats()[1];
        let foreign = r.rack(b).unwrap().tiles().next().unwrap();
        assert_eq!(
            r.apply(a, Action::Discard(foreign)),
            Err(RuleError::NotInRack(foreign))
        );
        assert_eq!(
            r.apply(a, Action::Finish(foreign)),
            Err(RuleError::NotInRack(foreign))
        );
        assert_eq!(
            r.apply(Seat(9), Action::Draw),
            Err(RuleError::NotPlaying(Seat(9)))
        );
        assert_eq!(
            r.apply(
                a,
                Action::Move {
                    from: Slot(40),
                    to: Slot(0)
                }
            ),
            Err(RuleError::NoSuchSlot(40))
        );
        assert_eq!(
            r.apply(a, Action::NextRound),
            Err(RuleError::NotARoundAction(Action::NextRound))
        );
        assert!(r.legal_actions(Seat(9)).is_empty());
        assert_eq!(r.apply(a, Action::EndRound), Err(RuleError::MustDiscard));
    }
}
