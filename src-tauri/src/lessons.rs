//! Learn: lessons played at the real table, each a match against bots dealt from a fixed
//! seed, so every player meets the same hand. The steps (what to do, the element to use, and
//! when a step is done) are the UI's (ui/learn/); the lessons themselves, their ids and
//! deals, are here, so a lesson the UI names is checked before a match starts.

use crate::error::AppError;
use crate::live::Setup;
use crate::session::duz::NewGame;
use crate::session::r101::NewGame101;
use okey_bots::Level;
use okey_core::preset::PRESET_BASE;
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

/// A Düz lesson dealt from `seed`.
const fn duz(id: &'static str, seed: u64) -> Lesson {
    Lesson {
        id,
        seed,
        setup: || {
            Setup::Duz(NewGame {
                rules: Rules::default(),
                bots: bots(),
            })
        },
    }
}

/// A 101 lesson dealt from `seed`.
const fn r101(id: &'static str, seed: u64) -> Lesson {
    Lesson {
        id,
        seed,
        setup: || {
            Setup::R101(NewGame101 {
                rules: Rules101::default(),
                bots: bots(),
            })
        },
    }
}

/// The preset deal `n` of okey-core's `preset`: written racks rather than a shuffle.
const fn preset(n: u64) -> u64 {
    PRESET_BASE + n
}

/// Every lesson, in the order Learn lists them.
const LESSONS: [Lesson; 12] = [
    duz("duz-turn", 0x1e55_0001),
    duz("duz-runs", 0x1e55_0410),
    duz("duz-jokers", 0x1e55_0313),
    duz("duz-finish", preset(1)),
    duz("duz-pairs", preset(2)),
    duz("duz-gosterge", 0x1e55_0201),
    r101("101-opening", 0x1e55_0101),
    r101("101-pairs", preset(3)),
    r101("101-islek", preset(4)),
    r101("101-layoff", preset(4)),
    r101("101-swap", preset(4)),
    r101("101-sheet", preset(5)),
];

/// The ids of every lesson, in order.
pub fn ids() -> Vec<&'static str> {
    LESSONS.iter().map(|l| l.id).collect()
}

/// Whether a match dealt from `seed` is a lesson's.
pub fn is_lesson_seed(seed: u64) -> bool {
    LESSONS.iter().any(|l| l.seed == seed)
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
    fn duz_match(id: &str) -> okey_core::Match {
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
            assert_ne!(
                duz_match(id).round().turn(),
                Some(okey_core::Seat(0)),
                "{id}"
            );
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
        let m = duz_match("duz-runs");
        let slots = rack(&m).slots();
        let sorted = okey_core::sort::sorted(slots, m.round().joker(), okey_core::sort::Sort::Runs)
            .expect("a sorted rack");
        assert!(!turning_run(slots) && turning_run(&sorted));
    }

    #[test]
    fn r04_r05_the_jokers_lesson_deals_an_okey_and_a_false_joker() {
        let m = duz_match("duz-jokers");
        let joker = m.round().joker();
        assert!(rack(&m).tiles().any(|t| joker.is_okey(t.kind())));
        assert!(rack(&m)
            .tiles()
            .any(|t| t.kind() == okey_core::Kind::FalseJoker));
    }

    #[test]
    fn r19_the_gosterge_lesson_deals_the_indicators_twin() {
        let m = duz_match("duz-gosterge");
        let indicator = m.round().indicator().kind();
        assert!(rack(&m).tiles().any(|t| t.kind() == indicator));
    }

    /// The Düz finishing lessons: the player starts with 15 tiles and exactly one discard,
    /// `spare`, finishes (R10), as `kind`, each other player losing `points` (R18), as the
    /// lesson's words say.
    fn finishes_with(id: &str, spare: &str, kind: okey_core::meld::WinKind, points: i32) {
        let m = duz_match(id);
        assert_eq!(m.round().turn(), Some(okey_core::Seat(0)), "{id}");
        let kinds: Vec<_> = rack(&m).tiles().map(|t| t.kind()).collect();
        let advice = okey_core::analysis::advise(&kinds, m.round().joker(), &[]).expect("15 tiles");
        let finishes: Vec<String> = advice
            .finishes
            .iter()
            .map(|f| f.discard.to_string())
            .collect();
        assert_eq!(finishes, [spare], "{id}");
        assert_eq!(advice.finishes[0].kind, kind, "{id}");
        assert_eq!(advice.finishes[0].points, points, "{id}");
        let finish = m
            .legal_actions(okey_core::Seat(0))
            .into_iter()
            .any(|a| matches!(a, okey_core::Action::Finish(t) if t.kind().to_string() == spare));
        assert!(finish, "{id}: the finish is legal at once");
    }

    #[test]
    fn r08_r10_r18_the_runs_and_sets_finish_lesson_deals_a_win_and_one_tile_over() {
        finishes_with("duz-finish", "K12", okey_core::meld::WinKind::Melds, 2);
    }

    #[test]
    fn r09_r10_r18_the_pairs_finish_lesson_deals_seven_pairs_and_one_tile_over() {
        finishes_with("duz-pairs", "Y7", okey_core::meld::WinKind::Pairs, 4);
    }

    mod r101 {
        use super::super::lesson;
        use okey_bots::{Bot101, Level, Player};
        use okey_core::r101::rack::{groups, laid, shown_opening, sorted};
        use okey_core::r101::{Action101, Match101, Rules101, Status};
        use okey_core::sort::Sort;
        use okey_core::{Seat, Tile};

        const ME: Seat = Seat(0);

        /// Lesson `id`'s match and its three medium bots, as the app makes them.
        fn start(id: &str) -> (Match101, Vec<Option<Bot101>>) {
            let (_, seed) = lesson(id).expect("a lesson");
            let m = Match101::new(Rules101::default(), seed).expect("a match");
            let levels = [
                None,
                Some(Level::Medium),
                Some(Level::Medium),
                Some(Level::Medium),
            ];
            let bots = Bot101::rejoin(&levels, &m, &m);
            (m, bots)
        }

        /// The bots play until it is the player's turn again.
        fn bots_play(m: &mut Match101, bots: &mut [Option<Bot101>]) {
            while m.round().turn() != Some(ME) && !m.round().is_over() {
                let mv = Bot101::next_move(m, bots).expect("a bot move");
                m.apply(mv.seat, mv.action).expect("a legal bot move");
            }
        }

        /// The player's tile written `token`.
        fn mine(m: &Match101, token: &str) -> Tile {
            *m.round()
                .hand(ME)
                .iter()
                .find(|t| t.kind().to_string() == token)
                .unwrap_or_else(|| panic!("the player holds {token}"))
        }

        fn discard(m: &mut Match101, token: &str) {
            let t = mine(m, token);
            m.apply(ME, Action101::Discard(t)).expect("a discard");
        }

        /// Lesson `id` up to the player's second draw: its first discard `first`, then the
        /// bots' turns.
        fn to_second_draw(id: &str, first: &str) -> (Match101, Vec<Option<Bot101>>) {
            let (mut m, mut bots) = start(id);
            discard(&mut m, first);
            bots_play(&mut m, &mut bots);
            m.apply(ME, Action101::Draw).expect("a draw");
            (m, bots)
        }

        /// The player's opening as the app makes it: the Best sort, then Open with the groups
        /// the rack shows.
        fn open(m: &mut Match101) {
            let joker = m.round().joker();
            let slots: Vec<Option<Tile>> = m.round().hand(ME).iter().copied().map(Some).collect();
            let rack = sorted(&slots, joker, Sort::Best).expect("a sorted rack");
            let (needed, pairs) = m.view(ME).expect("the player's view").needed;
            let shown = shown_opening(groups(&rack, joker), needed, pairs);
            m.apply(ME, Action101::Open(laid(&shown, joker)))
                .expect("an opening");
        }

        #[test]
        fn r101_15_the_pairs_lesson_opens_with_pairs_in_the_second_turn() {
            let (mut m, _) = to_second_draw("101-pairs", "K1");
            open(&mut m);
            assert!(
                matches!(m.round().status(ME), Status::Pairs { .. }),
                "{:?}",
                m.round().status(ME)
            );
            // The lesson's last step throws the Y2, at no cost.
            assert_eq!(m.round().discard_cost(mine(&m, "Y2")), None, "Y2 is safe");
        }

        /// The meld of seat 1 holding an okey, and that okey.
        fn okey_meld(m: &Match101) -> Option<(okey_core::r101::MeldId, Tile, String)> {
            let joker = m.round().joker();
            m.round()
                .table()
                .iter()
                .filter(|t| t.owner == Seat(1))
                .find_map(|t| {
                    t.tiles
                        .iter()
                        .find(|p| joker.is_okey(p.tile.kind()))
                        .map(|p| (t.id, p.tile, p.as_face.to_string()))
                })
        }

        /// R101-25: at the player's second draw the K4 and the K7 are işlek, whoever holds
        /// them, and the B2 the lessons throw is not.
        fn islek_at_second_draw(m: &Match101) {
            for token in ["K4", "K7"] {
                let t = mine(m, token);
                let penalised =
                    m.round().discard_cost(t) == Some(okey_core::r101::Cause::PlayableDiscard);
                assert!(penalised, "{token} is işlek");
            }
            assert_eq!(m.round().discard_cost(mine(m, "B2")), None, "B2 is safe");
        }

        #[test]
        fn r101_25_the_islek_lesson_marks_the_tiles_that_fit_the_table() {
            let (m, _) = to_second_draw("101-islek", "R1");
            islek_at_second_draw(&m);
        }

        /// The table lessons up to the player's third turn: a first discard, seat 1 opens
        /// with a run whose 7 of blacks is an okey, the player opens in its second turn and
        /// draws the B9 in its third.
        fn to_third_turn() -> (Match101, Vec<Option<Bot101>>) {
            let (mut m, mut bots) = to_second_draw("101-layoff", "R1");
            let (_, _, stands_for) = okey_meld(&m).expect("seat 1 opened with an okey in a run");
            assert_eq!(stands_for, "K7");
            islek_at_second_draw(&m);
            open(&mut m);
            assert!(matches!(m.round().status(ME), Status::Series { .. }));
            for token in ["K4", "K7"] {
                mine(&m, token);
            }
            assert_eq!(m.round().discard_cost(mine(&m, "B2")), None, "B2 is safe");
            discard(&mut m, "B2");
            bots_play(&mut m, &mut bots);
            m.apply(ME, Action101::Draw).expect("a draw");
            mine(&m, "B9");
            (m, bots)
        }

        #[test]
        fn r101_21_the_layoff_lesson_lays_off_on_the_players_run_and_on_seat_1s() {
            let (mut m, _) = to_third_turn();
            let legal = m.legal_actions(ME);
            let lay = |token: &str, owner: Seat| {
                legal.iter().find_map(|a| match a {
                    Action101::LayOff { tile, meld, side } if tile.kind().to_string() == token => {
                        let on = m.round().table().iter().find(|t| t.id == *meld)?;
                        (on.owner == owner).then_some(a.clone())
                    }
                    _ => None,
                })
            };
            let own = lay("B9", ME).expect("B9 goes on the player's run");
            let other = lay("K4", Seat(1)).expect("K4 goes on seat 1's run");
            m.apply(ME, own).expect("a lay-off");
            m.apply(ME, other).expect("a lay-off");
            assert_eq!(m.round().discard_cost(mine(&m, "B5")), None, "B5 is safe");
        }

        #[test]
        fn r101_22_the_swap_lesson_takes_seat_1s_okey_with_the_k7() {
            let (mut m, _) = to_third_turn();
            let (meld, okey, _) = okey_meld(&m).expect("the okey still on the table");
            let k7 = mine(&m, "K7");
            m.apply(
                ME,
                Action101::Swap {
                    tile: k7,
                    meld,
                    okey,
                },
            )
            .expect("a swap");
            assert!(m.round().hand(ME).contains(&okey));
            assert_eq!(m.round().discard_cost(mine(&m, "B5")), None, "B5 is safe");
        }

        #[test]
        fn r101_29_the_sheet_lesson_ends_the_round_in_the_players_second_turn() {
            let (mut m, _) = to_second_draw("101-sheet", "Y1");
            open(&mut m);
            assert_eq!(m.round().hand(ME).len(), 1, "all but one laid");
            let last = m.round().hand(ME)[0];
            m.apply(ME, Action101::Discard(last)).expect("the finish");
            // R101-33: the finisher scores -101, a seat that never opened 202 (times the
            // multiplier, which an elden finish would double, R101-29).
            let end = m.results().first().expect("the round ended");
            // Another seat opened first: no elden finish, as the lesson's words say.
            assert_eq!(end.multiplier, 1);
            assert_eq!(end.lines[0].total, -101 * end.multiplier);
            let unopened = Status::Unopened { declared: false };
            assert!(end.lines[1..]
                .iter()
                .any(|l| l.status == unopened && l.total == 202 * end.multiplier));
        }
    }
}
