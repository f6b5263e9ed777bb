//! The gösterge (R19): showing a tile equal to the indicator before the first draw.

use super::Round;
use crate::error::RuleError;
use crate::event::Event;
use crate::scoring::{self, Charge, ChargeReason, Payer};
use crate::tile::{Kind, Tile};

impl Round {
    /// The tile `pos` could show as gösterge now, or why not (R19).
    pub(super) fn gosterge_tile(&self, pos: usize) -> Result<Tile, RuleError> {
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

    pub(super) fn show_indicator(&mut self, pos: usize) -> Result<Vec<Event>, RuleError> {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::rack::Rack;
    use crate::round::rig::{rig, round, tile_of};
    use crate::rules::Rules;

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
}
