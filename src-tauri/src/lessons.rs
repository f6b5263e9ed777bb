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

    /// The Düz match lesson `id` deals.
    fn duz(id: &str) -> okey_core::Match {
        let (_, seed) = lesson(id).expect("a lesson");
        okey_core::Match::new(Rules::default(), seed).expect("a match")
    }

    /// The player's rack at the deal of Düz match `m`.
    fn rack(m: &okey_core::Match) -> &okey_core::Rack {
        m.round().rack(okey_core::Seat(0)).expect("a rack")
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
        let refused = lesson("no-such-lesson").map(|_| ()).unwrap_err();
        assert!(refused.to_string().contains("no-such-lesson"), "{refused}");
    }

    #[test]
    fn r12_a_bot_starts_every_duz_lesson_so_the_player_draws_first() {
        for id in ["duz-turn", "duz-runs", "duz-jokers", "duz-gosterge"] {
            assert_ne!(duz(id).round().turn(), Some(okey_core::Seat(0)), "{id}");
        }
    }

    #[test]
    fn r101_04_the_player_starts_the_101_lesson_with_22_tiles() {
        let (_, seed) = lesson("101-opening").expect("a lesson");
        let m = okey_core::r101::Match101::new(Rules101::default(), seed).expect("a match");
        assert_eq!(m.round().turn(), Some(okey_core::Seat(0)));
        assert_eq!(m.round().hand(okey_core::Seat(0)).len(), 22);
    }

    #[test]
    fn r07_the_runs_lesson_deals_a_12_13_1_the_runs_sort_lays_side_by_side() {
        let m = duz("duz-runs");
        let slots = rack(&m).slots();
        let sorted = okey_core::sort::sorted(slots, m.round().joker(), okey_core::sort::Sort::Runs)
            .expect("a sorted rack");
        assert!(!turning_run(slots) && turning_run(&sorted));
    }

    #[test]
    fn r04_r05_the_jokers_lesson_deals_an_okey_and_a_false_joker() {
        let m = duz("duz-jokers");
        let joker = m.round().joker();
        assert!(rack(&m).tiles().any(|t| joker.is_okey(t.kind())));
        assert!(rack(&m)
            .tiles()
            .any(|t| t.kind() == okey_core::Kind::FalseJoker));
    }

    #[test]
    fn r19_the_gosterge_lesson_deals_the_indicators_twin() {
        let m = duz("duz-gosterge");
        let indicator = m.round().indicator().kind();
        assert!(rack(&m).tiles().any(|t| t.kind() == indicator));
    }
}
