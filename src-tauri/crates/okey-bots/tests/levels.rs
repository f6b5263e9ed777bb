//! What each level must do, checked at every decision of real bot games against the exact
//! hand analysis of okey-core.

use okey_bots::{Bot, Level};
use okey_core::analysis::{can_finish, distance};
use okey_core::{Action, Joker, Kind, Match, Phase, Rules, Seat, SeatView, Tile};

fn hand(view: &SeatView) -> Vec<Kind> {
    view.rack.iter().flatten().map(|t| t.kind()).collect()
}

/// The discard the viewer may take: the top of the previous playing seat's stack.
fn offered(view: &SeatView) -> Option<Tile> {
    if !view.legal_actions.contains(&Action::TakeDiscard) {
        return None;
    }
    let n = view.players.len();
    (1..n)
        .map(|k| &view.players[(view.seat.index() + n - k) % n])
        .find(|p| p.playing)
        .and_then(|p| p.discards.top)
}

/// Plays `rounds` single-round matches with `levels`, calling `check` with every view a bot
/// decided on and the action it chose.
fn watch(levels: &[Level], rounds: u64, mut check: impl FnMut(Level, &SeatView, Action)) {
    for seed in 0..rounds {
        let rules = Rules {
            players: levels.len() as u8,
            ..Rules::default()
        };
        let mut m = Match::new(rules, seed).unwrap();
        let mut bots: Vec<Bot> = levels
            .iter()
            .enumerate()
            .map(|(s, &l)| Bot::new(l, seed * 8 + s as u64).with_budget(16))
            .collect();
        while !m.round().is_over() {
            let seat = m.round().turn().unwrap();
            for (s, bot) in bots.iter_mut().enumerate() {
                bot.observe(&m.view(Seat(s as u8)).unwrap());
            }
            let view = m.view(seat).unwrap();
            let bot = &mut bots[seat.index()];
            let action = bot.decide(&view).unwrap();
            // A gösterge comes before the turn's own decision.
            if action != Action::ShowIndicator {
                check(bot.level(), &view, action);
            }
            m.apply(seat, action).unwrap();
        }
    }
}

#[test]
fn medium_takes_a_discard_only_when_it_lowers_the_distance() {
    let (mut takes, mut draws) = (0, 0);
    watch(&[Level::Medium; 4], 12, |_, view, action| {
        if view.phase != Some(Phase::Draw) || !view.legal_actions.contains(&Action::TakeDiscard) {
            return;
        }
        let joker = Joker::new(view.indicator);
        let top = offered(view).unwrap();
        let mut with = hand(view);
        let before = distance(&with, joker);
        with.push(top.kind());
        let lowers = distance(&with, joker) < before || joker.is_okey(top.kind());
        if view.pile > 0 {
            assert_eq!(action == Action::TakeDiscard, lowers, "top {top}");
        }
        if action == Action::TakeDiscard {
            takes += 1
        } else {
            draws += 1
        }
    });
    assert!(takes > 0 && draws > 0, "{takes} takes, {draws} draws");
}

#[test]
fn medium_and_hard_discards_keep_the_smallest_distance() {
    let mut checked = 0;
    watch(
        &[Level::Hard, Level::Medium, Level::Medium, Level::Medium],
        6,
        |_, view, action| {
            let Action::Discard(tile) = action else {
                return;
            };
            let joker = Joker::new(view.indicator);
            let whole = hand(view);
            let mut rest = whole.clone();
            let i = rest.iter().position(|&k| k == tile.kind()).unwrap();
            rest.remove(i);
            assert_eq!(
                distance(&rest, joker),
                distance(&whole, joker),
                "discard {tile}"
            );
            checked += 1;
        },
    );
    assert!(checked > 50);
}

#[test]
fn r10_every_level_but_random_finishes_when_it_can() {
    let mut finishes = 0;
    watch(
        &[Level::Easy, Level::Medium, Level::Hard],
        20,
        |level, view, action| {
            if view.phase != Some(Phase::Discard) {
                return;
            }
            let joker = Joker::new(view.indicator);
            if can_finish(&hand(view), joker) {
                assert!(
                    matches!(action, Action::Finish(_)),
                    "{level} played {action:?}"
                );
                finishes += 1;
            }
        },
    );
    assert!(finishes > 0);
}

#[test]
fn bots_replay_their_choices_from_the_same_seeds() {
    let play = || {
        let mut log = Vec::new();
        watch(
            &[Level::Hard, Level::Easy, Level::Random, Level::Medium],
            2,
            |_, _, a| log.push(a),
        );
        log
    };
    assert_eq!(play(), play());
}

#[test]
fn r17_with_the_pile_empty_bots_end_the_round_unless_the_discard_finishes() {
    let mut seen = 0;
    watch(
        &[Level::Easy, Level::Medium, Level::Easy, Level::Hard],
        60,
        |level, view, action| {
            if view.phase != Some(Phase::Draw) || view.pile > 0 {
                return;
            }
            let joker = Joker::new(view.indicator);
            let finishes = offered(view).is_some_and(|top| {
                let mut h = hand(view);
                h.push(top.kind());
                can_finish(&h, joker)
            });
            let expected = if finishes {
                Action::TakeDiscard
            } else {
                Action::EndRound
            };
            assert_eq!(action, expected, "{level}");
            seen += 1;
        },
    );
    assert!(seen > 0, "no round reached an empty pile");
}

#[test]
fn r19_every_level_but_random_shows_the_gosterge() {
    let mut shown = 0;
    for seed in 0..40 {
        let m = Match::new(Rules::default(), seed).unwrap();
        for seat in m.rules().seats() {
            let view = m.view(seat).unwrap();
            if !view.legal_actions.contains(&Action::ShowIndicator) {
                continue;
            }
            for level in [Level::Easy, Level::Medium, Level::Hard] {
                let action = Bot::new(level, seed).decide(&view);
                assert_eq!(action, Some(Action::ShowIndicator), "{level}");
            }
            shown += 1;
        }
    }
    assert!(shown > 0, "no deal gave anyone the indicator's twin");
}
