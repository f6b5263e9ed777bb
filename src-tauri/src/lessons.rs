//! Learn: lessons played at the real table, each a match against bots dealt from a fixed
//! seed, so every player meets the same hand. The steps (what to do, the element to use, and
//! when a step is done) are the UI's (ui/learn/); the lessons themselves, their ids and
//! deals, are here, so a lesson the UI names is checked before a match starts.

use crate::error::AppError;
use crate::live::Setup;
use crate::session::duz::NewGame;
use crate::session::r101::NewGame101;
use okey_bots::Level;
use okey_core::r101::Rules101;
use okey_core::Rules;

/// One lesson: its id and what it deals.
struct Lesson {
    id: &'static str,
    seed: u64,
    setup: fn() -> Setup,
}

/// Three medium bots: the lessons are about the player's own hand.
fn bots() -> Vec<Level> {
    vec![Level::Medium; 3]
}

/// Every lesson, in the order Learn lists them.
const LESSONS: [Lesson; 5] = [
    Lesson {
        id: "duz-turn",
        seed: 0x1e55_0001,
        setup: || {
            Setup::Duz(NewGame {
                rules: Rules::default(),
                bots: bots(),
            })
        },
    },
    Lesson {
        id: "duz-runs",
        seed: 0x1e55_0410,
        setup: || {
            Setup::Duz(NewGame {
                rules: Rules::default(),
                bots: bots(),
            })
        },
    },
    Lesson {
        id: "duz-jokers",
        seed: 0x1e55_0313,
        setup: || {
            Setup::Duz(NewGame {
                rules: Rules::default(),
                bots: bots(),
            })
        },
    },
    Lesson {
        id: "duz-gosterge",
        seed: 0x1e55_0201,
        setup: || {
            Setup::Duz(NewGame {
                rules: Rules::default(),
                bots: bots(),
            })
        },
    },
    Lesson {
        id: "101-opening",
        seed: 0x1e55_0101,
        setup: || {
            Setup::R101(NewGame101 {
                rules: Rules101::default(),
                bots: bots(),
            })
        },
    },
];

/// The ids of every lesson, in order.
pub fn ids() -> Vec<&'static str> {
    LESSONS.iter().map(|l| l.id).collect()
}

/// The match lesson `id` plays and its seed; an id the app does not know is refused.
pub fn lesson(id: &str) -> Result<(Setup, u64), AppError> {
    LESSONS
        .iter()
        .find(|l| l.id == id)
        .map(|l| ((l.setup)(), l.seed))
        .ok_or_else(|| AppError::NoSuchLesson(id.chars().take(40).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether a red 12, 13 and 1 stand side by side in one row of the rack.
    fn turning_run(slots: &[Option<okey_core::Tile>]) -> bool {
        (0..slots.len().saturating_sub(2)).any(|i| {
            i % 16 <= 13
                && [12u8, 13, 1].iter().enumerate().all(|(k, &n)| {
                    slots[i + k].is_some_and(|t| {
                        matches!(t.kind(), okey_core::Kind::Face(f)
                            if f.colour == okey_core::Colour::Red && f.number.get() == n)
                    })
                })
        })
    }

    #[test]
    fn every_lesson_starts_and_an_unknown_one_is_refused_by_name() {
        for id in ids() {
            let (setup, _) = lesson(id).expect("a lesson");
            assert!(matches!(
                (id.starts_with("duz"), setup),
                (true, Setup::Duz(_)) | (false, Setup::R101(_))
            ));
        }
        // The Düz lesson has the player draw first: a bot starts its deal. In 101 the
        // player, seat 0, starts with 22 tiles and discards first (the lesson's second step).
        let (_, seed) = lesson("duz-turn").expect("a lesson");
        let m = okey_core::Match::new(Rules::default(), seed).expect("a match");
        assert_ne!(m.round().turn(), Some(okey_core::Seat(0)));
        // The runs lesson deals the player a red 12, 13 and 1 that the Runs sort lays side
        // by side (R7), and that the deal does not.
        let (_, seed) = lesson("duz-runs").expect("a lesson");
        let m = okey_core::Match::new(Rules::default(), seed).expect("a match");
        let slots = m.round().rack(okey_core::Seat(0)).expect("a rack").slots();
        let sorted = okey_core::sort::sorted(slots, m.round().joker(), okey_core::sort::Sort::Runs)
            .expect("a sorted rack");
        assert!(!turning_run(slots) && turning_run(&sorted));
        assert_ne!(m.round().turn(), Some(okey_core::Seat(0)));
        // The jokers lesson deals the player an okey and a false joker (R4, R5).
        let (_, seed) = lesson("duz-jokers").expect("a lesson");
        let m = okey_core::Match::new(Rules::default(), seed).expect("a match");
        let joker = m.round().joker();
        let rack = m.round().rack(okey_core::Seat(0)).expect("a rack");
        assert!(rack.tiles().any(|t| joker.is_okey(t.kind())));
        assert!(rack
            .tiles()
            .any(|t| t.kind() == okey_core::Kind::FalseJoker));
        assert_ne!(m.round().turn(), Some(okey_core::Seat(0)));
        // The gösterge lesson deals the player the indicator's twin (R19), and a bot starts.
        let (_, seed) = lesson("duz-gosterge").expect("a lesson");
        let m = okey_core::Match::new(Rules::default(), seed).expect("a match");
        let indicator = m.round().indicator().kind();
        let rack = m.round().rack(okey_core::Seat(0)).expect("a rack");
        assert!(rack.tiles().any(|t| t.kind() == indicator));
        assert_ne!(m.round().turn(), Some(okey_core::Seat(0)));
        let (_, seed) = lesson("101-opening").expect("a lesson");
        let m = okey_core::r101::Match101::new(Rules101::default(), seed).expect("a match");
        assert_eq!(m.round().turn(), Some(okey_core::Seat(0)));
        let refused = lesson("no-such-lesson").map(|_| ()).unwrap_err();
        assert!(refused.to_string().contains("no-such-lesson"), "{refused}");
    }
}
