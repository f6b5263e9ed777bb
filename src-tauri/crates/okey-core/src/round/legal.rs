//! What a seat may do now: the list bots and UIs choose from.

use super::{Phase, Round};
use crate::action::Action;
use crate::analysis::can_finish;
use crate::rules::Seat;
use crate::tile::Kind;

impl Round {
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
}
