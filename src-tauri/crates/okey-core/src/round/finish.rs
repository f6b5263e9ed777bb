//! The finish (R10, R11, R18, R21): throwing a tile onto the centre and showing a win, or
//! under a strict rack paying for a claim the layout does not show.

use super::Round;
use crate::analysis::winning_groups;
use crate::error::RuleError;
use crate::event::{Event, RoundEnd};
use crate::meld::WinKind;
use crate::problem::Coded;
use crate::scoring::{self, Charge, ChargeReason, Payer};
use crate::tile::{Kind, Tile};

impl Round {
    /// Whether `pos` finishes by throwing `tile`: how it wins and the groups shown.
    pub(super) fn verdict(
        &self,
        pos: usize,
        tile: Tile,
    ) -> Result<(WinKind, Vec<Vec<Tile>>), RuleError> {
        let rack = &self.racks[pos];
        if self.rules.strict_rack {
            return rack.shown_win(tile, self.joker);
        }
        let hand: Vec<Tile> = rack.tiles().filter(|&t| t != tile).collect();
        winning_groups(&hand, self.joker).ok_or(RuleError::NotAWin)
    }

    pub(super) fn finish(&mut self, pos: usize, tile: Tile) -> Result<Vec<Event>, RuleError> {
        let seat = self.thrower(pos, tile)?;
        let (win, groups) = match self.verdict(pos, tile) {
            Ok(found) => found,
            // R11: under a strict rack a wrong claim is not refused but costs the claimer.
            Err(reason) if self.rules.strict_rack => {
                return Ok(vec![
                    Event::FalseClaim {
                        seat,
                        reason: reason.problem(),
                    },
                    Round::penalty(seat, ChargeReason::FalseClaim),
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
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::rack::Slot;
    use crate::round::rig::{rig, round, tile_of, WIN};
    use crate::round::Phase;
    use crate::rules::{OneColourDouble, Rules};

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
            matches!(&events[0], Event::FalseClaim { reason, .. } if reason.message().contains("neither a set nor a run") && reason.code() == "not_a_group")
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
}
