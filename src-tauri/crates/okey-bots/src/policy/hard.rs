//! Hard: determinized Monte Carlo over the tiles its seat has not seen.
//!
//! Its discard candidates are the few that leave the smallest exact distance with the most
//! live outs (outs counted by the copies the seat has not seen; away from what the next player
//! collects). To choose among them it guesses the hidden tiles again and again, consistent
//! with all it saw (each rack's size, the discards each player took, the indicator), and in
//! each guess plays its own next turns with the pile that guess implies: the candidate whose
//! hand closes fastest over all guesses is thrown. The same guesses judge every candidate,
//! so their differences are not the luck of the deal. Outs the previous player is likely to
//! throw count for more, since the seat may take them as well as draw them.
//!
//! It takes a discard that lowers its distance, as medium does, and one that does not only
//! when the hand it leaves expects, by the exact two-step outlook, far fewer draws to a win
//! than the hand now: taking on a small gain measured weaker.
//!
//! The race draws from the pile only, yet half of all wins are made by taking the previous
//! player's discard; so one tile from a win, a candidate's race counts only in the event
//! that the previous player's next discard is none of the tiles it waits for.

use super::medium::{self, Cache};
use super::{after, joker, kinds, next, previous, rack_tiles, when_pile_empty};
use crate::finish::finishing_action;
use crate::memory::Memory;
use crate::outlook::Outlook;
use crate::simulate::World;
use crate::tactics::{feeds, reach};
use okey_core::analysis::{advise_best, can_finish, distance_at_most, DistanceMemo, MemoHistory};
use okey_core::{Action, Kind, Phase, SeatView, Tile};
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// Discards compared by simulation.
const CANDIDATES: usize = 4;
/// Own turns each simulation looks ahead.
const HORIZON: usize = 6;
/// The budget's share a race gets, in quarters, by the distance its candidates leave (0, 1,
/// 2, 3, 4 and more). One tile from a win the discard decides the round soonest, so the race
/// looks further there, with half as many guesses again; far from a win six turns seldom
/// finish a hand and fewer guesses rank the candidates as well. Over 2,000 duplicate rounds
/// this won 642 where the whole budget everywhere won 644, in less time (docs/BOTS.md).
const RACE_SHARE: [u32; 5] = [6, 6, 4, 2, 1];
/// Most threads racing the guesses of one decision.
const MAX_THREADS: usize = 4;
/// Draws fewer a discard that does not lower the distance must promise to be taken. Over 800
/// arena rounds a margin of 1 won 26.1%, 4 won 29.8%, 8 won 30.5% and 16 won 28.8%.
const TAKE_MARGIN: f64 = 8.0;

/// Hard's action in its own turn; `budget` is the number of look-ahead simulations.
pub(crate) fn decide(
    view: &SeatView,
    memory: &Memory,
    cache: &mut Cache,
    budget: u32,
    rng: &mut ChaCha8Rng,
) -> Option<Action> {
    match view.phase? {
        Phase::Draw => when_pile_empty(view).or_else(|| {
            let plain = medium::draw(view, cache);
            Some(
                if plain != Action::TakeDiscard && worth_taking(view, memory, cache) {
                    Action::TakeDiscard
                } else {
                    plain
                },
            )
        }),
        Phase::Discard => finishing_action(view).or_else(|| {
            let reach = previous_reach(view, memory);
            let (candidates, best) = by_outs(view, memory, &reach)
                .unwrap_or_else(|| medium::ranked_discards(view, memory, cache, CANDIDATES));
            let choice = if candidates.len() > 1 && budget > 1 {
                let chances = offer_chances(view, memory, &reach);
                let race = Race {
                    candidates: &candidates,
                    best,
                    budget: race_budget(budget, best),
                    chances: &chances,
                };
                pick(view, memory, &race, &mut cache.memos, rng)
            } else {
                candidates.first().copied()
            }?;
            let mut rest = rack_tiles(view);
            rest.retain(|&t| t != choice);
            cache.remember(&rest, best);
            Some(Action::Discard(choice))
        }),
    }
}

/// Up to `CANDIDATES` discards leaving the smallest distance, most live outs first (outs
/// counted by the copies the seat has not seen, those the previous player is likely to throw
/// counting for more by `reach`), with the distance they leave.
fn by_outs(
    view: &SeatView,
    memory: &Memory,
    reach: &[f64; Kind::COUNT],
) -> Option<(Vec<Tile>, u8)> {
    let joker = joker(view);
    let tiles = rack_tiles(view);
    let hand = kinds(&tiles);
    let seen: Vec<Kind> = memory
        .known_tiles(view)
        .into_iter()
        .filter(|t| !tiles.contains(t) && Some(*t) != view.indicator_tile)
        .map(|t| t.kind())
        .collect();
    let advice = advise_best(&hand, joker, &seen).ok()?;
    let took = next(view).map_or(&[][..], |s| memory.took(s));
    let mut options: Vec<(i64, Tile)> = advice
        .discards
        .iter()
        .filter(|d| d.distance == advice.distance && !joker.is_okey(d.tile))
        .map(|d| {
            // In quarter outs, so that a live out weighs four times a feeding bond.
            let live: i64 = d
                .outs
                .iter()
                .map(|o| (f64::from(o.unseen) * reach[o.tile.index()] * 4.0) as i64)
                .sum();
            let feed = i64::from(feeds(d.tile, took, joker));
            (-live + feed, tiles[d.index])
        })
        .collect();
    options.sort_by_key(|&(score, _)| score);
    let picked: Vec<Tile> = options.iter().take(CANDIDATES).map(|&(_, t)| t).collect();
    (!picked.is_empty()).then_some((picked, advice.distance))
}

/// How many outs an unseen copy of each kind is worth, the previous player's likely throws
/// counting for more ([`reach`]).
fn previous_reach(view: &SeatView, memory: &Memory) -> [f64; Kind::COUNT] {
    match previous(view) {
        Some(p) => reach(joker(view), &kinds(memory.discarded(p)), memory.took(p)),
        None => [1.0; Kind::COUNT],
    }
}

/// The chance, by kind, that the previous player's next discard is that kind: the part of a
/// copy's worth beyond its draw ([`reach`]), as a draw is one copy of the pile.
fn offer_chances(
    view: &SeatView,
    memory: &Memory,
    reach: &[f64; Kind::COUNT],
) -> [f64; Kind::COUNT] {
    let unseen = memory.unseen(view);
    let pile = (view.pile as f64).max(1.0);
    let mut chances = [0.0; Kind::COUNT];
    for (i, c) in chances.iter_mut().enumerate() {
        *c = (reach[i] - 1.0) * f64::from(unseen[i]) / pile;
    }
    chances
}

/// Whether the offered discard, though it does not lower the distance, leaves a hand that
/// expects to need `TAKE_MARGIN` draws fewer than the hand now (the outlook's estimate is
/// rough, and a pile draw is itself worth one). An okey is always worth taking.
fn worth_taking(view: &SeatView, memory: &Memory, cache: &mut Cache) -> bool {
    let Some(top) = view.offered() else {
        return false;
    };
    let joker = joker(view);
    if joker.is_okey(top.kind()) {
        return true;
    }
    let tiles = rack_tiles(view);
    let d = cache.distance(&tiles, joker);
    if d == 0 {
        return false;
    }
    let hand = kinds(&tiles);
    // The offered tile is among the tiles seen.
    let outlook = Outlook::new(joker, memory.unseen(view));
    // Worked out only once a discard keeps the distance.
    let mut now = None;
    let mut with = hand.clone();
    with.push(top.kind());
    for i in 0..hand.len() {
        // Throwing one copy of a kind leaves the same hand as throwing the other.
        if hand[..i].contains(&hand[i]) {
            continue;
        }
        let mut rest = with.clone();
        rest.swap_remove(i);
        if !distance_at_most(&rest, joker, d) {
            continue;
        }
        let now = *now.get_or_insert_with(|| outlook.draws_left(&hand, d));
        if outlook
            .draws_left_below(&rest, d, now - TAKE_MARGIN)
            .is_some()
        {
            return true;
        }
    }
    false
}

/// The simulations a race gets out of `budget`, by the distance `best` its candidates leave
/// ([`RACE_SHARE`]).
fn race_budget(budget: u32, best: u8) -> u32 {
    let share = RACE_SHARE[usize::from(best).min(RACE_SHARE.len() - 1)];
    (budget.saturating_mul(share) / 4).max(1)
}

/// What one decision's races compare.
struct Race<'a> {
    /// The discards compared.
    candidates: &'a [Tile],
    /// The distance each leaves.
    best: u8,
    /// Look-ahead simulations in all.
    budget: u32,
    /// The chance, by kind, that the previous player throws it next ([`offer_chances`]).
    chances: &'a [f64; Kind::COUNT],
}

/// The candidate whose hand closes fastest over the guesses, with the previous player's next
/// discard counted in (see [`Credit`]); the first on ties or when the table cannot be
/// guessed. The races' distance answers join `memos` for the next decisions.
fn pick(
    view: &SeatView,
    memory: &Memory,
    race: &Race,
    memos: &mut MemoHistory,
    rng: &mut ChaCha8Rng,
) -> Option<Tile> {
    let Race {
        candidates,
        best,
        budget,
        chances,
    } = *race;
    let worlds = (budget as usize / candidates.len()).max(1);
    let hand = kinds(&rack_tiles(view));
    let Some(guesser) = Guesser::new(view, memory) else {
        return candidates.first().copied();
    };
    // The guesses are dealt one after another (the seed decides them), then raced on the
    // cores there are: a candidate's total is a sum, whichever thread raced which guess.
    let guesses: Vec<World> = (0..worlds).map(|_| guesser.deal(rng)).collect();
    let rests: Vec<Vec<Kind>> = candidates
        .iter()
        .map(|tile| {
            let mut rest = hand.clone();
            if let Some(i) = rest.iter().position(|&k| k == tile.kind()) {
                rest.swap_remove(i);
            }
            rest
        })
        .collect();
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, MAX_THREADS);
    let part = guesses.len().div_ceil(threads).max(1);
    let (scores, used) = std::thread::scope(|s| {
        let racing: Vec<_> = guesses
            .chunks(part)
            .map(|share| {
                let memo = memos.memo();
                s.spawn(|| race_all(share, &rests, best, memo))
            })
            .collect();
        let mut scores = vec![0u32; candidates.len()];
        let mut used = Vec::with_capacity(racing.len());
        for thread in racing {
            // A panic in a race is a bug: it goes on up as it would without threads.
            let (part, memo) = thread
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e));
            for (total, s) in scores.iter_mut().zip(part) {
                *total += s;
            }
            used.push(memo);
        }
        (scores, used)
    });
    memos.keep(used);
    let credit = Credit {
        joker: joker(view),
        chances,
        best,
    };
    let scores = credit.apply(candidates, &hand, &scores);
    let best = scores.iter().copied().min()?;
    candidates
        .iter()
        .zip(&scores)
        .find(|&(_, &s)| s == best)
        .map(|(&t, _)| t)
}

/// Each candidate's race total over `guesses`, the rack left by each candidate in `rests`,
/// and `memo` with the answers the races added: they share it, since they start from the
/// same racks.
fn race_all(
    guesses: &[World],
    rests: &[Vec<Kind>],
    best: u8,
    mut memo: DistanceMemo,
) -> (Vec<u32>, DistanceMemo) {
    let mut scores = vec![0u32; rests.len()];
    for world in guesses {
        for (score, rest) in scores.iter_mut().zip(rests) {
            *score += world.race(rest.clone(), best, HORIZON, &mut memo);
        }
    }
    (scores, memo)
}

/// What the previous player's next discard is worth to each candidate's race one tile from a
/// win: it finishes the hand when it is one the rest waits for, so the race counts only when
/// it is not. (Farther from a win, crediting the distance it lowers gained nothing over
/// 2,000 paired arena rounds.)
struct Credit<'a> {
    joker: okey_core::Joker,
    /// The chance, by kind, that the previous player throws it next ([`offer_chances`]).
    chances: &'a [f64; Kind::COUNT],
    /// The distance every candidate leaves.
    best: u8,
}

impl Credit<'_> {
    /// The race totals of the candidates (thrown from the 15 tiles of `hand`) with the
    /// credit, rounded to whole race units so that near-equal races still go to the candidate
    /// with the most outs.
    fn apply(&self, candidates: &[Tile], hand: &[Kind], scores: &[u32]) -> Vec<i64> {
        candidates
            .iter()
            .zip(scores)
            .map(|(&tile, &score)| {
                if self.best != 1 {
                    return i64::from(score);
                }
                let mut with = hand.to_vec();
                let Some(slot) = with.iter().position(|&k| k == tile.kind()) else {
                    return i64::from(score);
                };
                // Each offered kind in turn stands where the thrown candidate was.
                let finishing: f64 = Kind::all()
                    .filter(|k| self.chances[k.index()] > 0.0)
                    .filter(|&k| {
                        with[slot] = k;
                        can_finish(&with, self.joker)
                    })
                    .map(|k| self.chances[k.index()])
                    .sum();
                (f64::from(score) * (1.0 - finishing).max(0.0)).round() as i64
            })
            .collect()
    }
}

/// What the seat knows of the hidden tiles, worked out once per decision; each [`Guesser::deal`]
/// is then one random table consistent with it: the tiles the seat has not seen dealt into
/// the other racks (beside what they are known to hold), the discards it missed, and the pile.
struct Guesser {
    joker: okey_core::Joker,
    own: Vec<Kind>,
    /// Per other seat in playing order: the kinds it is known to hold and how many more.
    others: Vec<(Vec<Kind>, usize)>,
    missed: usize,
    /// Under indicator_last (R16) the face-up indicator is the pile's last tile: known.
    indicator_in_pile: Option<Kind>,
    unseen: Vec<Kind>,
}

impl Guesser {
    /// None when the counts do not add up (then the bot plays as medium).
    fn new(view: &SeatView, memory: &Memory) -> Option<Guesser> {
        let known = memory.known_tiles(view);
        let unseen: Vec<Kind> = Tile::all()
            .filter(|t| known.binary_search(t).is_err())
            .map(|t| t.kind())
            .collect();
        let mut others = Vec::new();
        let mut seat = view.seat;
        while let Some(s) = after(view, seat) {
            if s == view.seat {
                break;
            }
            let held: Vec<Kind> = memory.holds(s).iter().map(|t| t.kind()).collect();
            let more = view.players[s.index()].tiles.saturating_sub(held.len());
            others.push((held, more));
            seat = s;
        }
        let missed: usize = memory.unknown_in_stacks().iter().sum();
        let indicator_in_pile = view
            .indicator_tile
            .filter(|_| view.rules.indicator_last)
            .map(|t| t.kind());
        let unknown_pile = view
            .pile
            .checked_sub(usize::from(indicator_in_pile.is_some()))?;
        let hidden: usize = others.iter().map(|(_, more)| more).sum();
        (unseen.len() == hidden + missed + unknown_pile).then(|| Guesser {
            joker: joker(view),
            own: kinds(&rack_tiles(view)),
            others,
            missed,
            indicator_in_pile,
            unseen,
        })
    }

    /// One random table.
    fn deal(&self, rng: &mut ChaCha8Rng) -> World {
        let mut pool = self.unseen.clone();
        pool.shuffle(rng);
        let mut hands = vec![self.own.clone()];
        for (held, more) in &self.others {
            let mut h = held.clone();
            h.extend(pool.drain(..*more));
            hands.push(h);
        }
        pool.drain(..self.missed);
        if let Some(k) = self.indicator_in_pile {
            pool.insert(0, k);
        }
        World {
            joker: self.joker,
            hands,
            pile: pool,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use okey_core::{Match, Rules};
    use rand::SeedableRng;

    #[test]
    fn r14_a_wait_the_previous_player_may_throw_is_credited() {
        let joker = okey_core::Joker::new(okey_core::notation::parse_indicator("K12").unwrap());
        // Throwing Y12 waits for B3, R1 or Y1 (B1 B2 _, or B1 K1 _ with B2 going); throwing
        // K1 waits for B3 only.
        let hand = crate::testing::kinds("R2 R3 R4 R5 B9 Y9 K9 R9 Y5 Y6 Y7 B1 B2 Y12 K1");
        let candidates: Vec<Tile> = crate::testing::kinds("Y12 K1")
            .into_iter()
            .map(|k| Tile::of(k, 0).unwrap())
            .collect();
        let k = |t: &str| crate::testing::kinds(t)[0].index();
        let credit = |chances: &[f64; Kind::COUNT], best| {
            Credit {
                joker,
                chances,
                best,
            }
            .apply(&candidates, &hand, &[10, 10])
        };
        let mut chances = [0.0; Kind::COUNT];
        chances[k("R1")] = 0.5;
        assert_eq!(credit(&chances, 1), vec![5, 10]);
        chances[k("R1")] = 0.0;
        chances[k("B3")] = 0.25;
        assert_eq!(credit(&chances, 1), vec![8, 8], "both wait for B3");
        assert_eq!(credit(&chances, 2), vec![10, 10], "only one from a win");
    }

    #[test]
    fn r15_a_guess_keeps_every_count_the_seat_knows() {
        let m = Match::new(Rules::default(), 8).unwrap();
        let seat = m.round().turn().unwrap();
        let view = m.view(seat).unwrap();
        let mut memory = Memory::default();
        memory.observe(&view);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let w = Guesser::new(&view, &memory).unwrap().deal(&mut rng);
        assert_eq!(w.hands[0].len(), 15);
        let total: usize = w.hands.iter().map(Vec::len).sum::<usize>() + w.pile.len();
        // 106 less the indicator on the table.
        assert_eq!(total, 105);
        assert_eq!(w.pile.len(), m.round().pile_len());
    }
}
