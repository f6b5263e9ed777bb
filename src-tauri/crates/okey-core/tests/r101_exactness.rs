//! Exactness of the 101 analysis against the slow reference of `tests/r101/reference.rs`:
//! the best opening value (random racks of 1 to 12 tiles, all faces and narrow ones where melds
//! are common), the layout behind every value up to 22 tiles, the most pairs, and lay-off,
//! swap and işlek judgements on random tables.

#[path = "r101/reference.rs"]
mod reference;

use okey_core::r101::analysis::{
    best_opening, best_pairs, best_value_using, is_playable, layoff_spots, swap_spots,
};
use okey_core::r101::meld::{place, MeldId, Placed, Shape, TableMeld};
use okey_core::rules::Seat;
use okey_core::tile::{Face, Joker, Kind, Tile};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn random_joker(rng: &mut ChaCha8Rng) -> (Joker, Tile) {
    let face = Face::from_index(rng.gen_range(0..52)).unwrap();
    let indicator = Tile::of(Kind::Face(face), rng.gen_range(0..2)).unwrap();
    (Joker::new(face), indicator)
}

/// A rack of `n` real tiles (never the indicator); `narrow` keeps to 2-3 colours and a band of
/// 5 numbers, always with both okeys and false jokers in the pool, so melds are frequent.
fn random_rack(rng: &mut ChaCha8Rng, n: usize, narrow: bool) -> (Joker, Vec<Kind>) {
    let (joker, indicator) = random_joker(rng);
    let low = rng.gen_range(1..=9u8);
    let colours = rng.gen_range(2..=3usize);
    let mut pool: Vec<Tile> = Tile::all()
        .filter(|&t| t != indicator)
        .filter(|t| {
            !narrow
                || joker.is_okey(t.kind())
                || match t.kind() {
                    Kind::Face(f) => {
                        f.colour.index() < colours && (low..low + 5).contains(&f.number.get())
                    }
                    Kind::FalseJoker => true,
                }
        })
        .collect();
    pool.shuffle(rng);
    let n = n.min(pool.len());
    (joker, pool[..n].iter().map(|t| t.kind()).collect())
}

#[test]
fn r101_9_best_opening_value_matches_the_reference() {
    let mut rng = ChaCha8Rng::seed_from_u64(101);
    for case in 0..3000 {
        let n = rng.gen_range(1..=12);
        let (joker, rack) = random_rack(&mut rng, n, case % 3 != 0);
        let fast = best_opening(&rack, joker).unwrap();
        let slow = reference::opening_value(&rack, joker);
        assert_eq!(
            fast.value,
            slow,
            "case {case}: {rack:?} under {}",
            joker.indicator()
        );
    }
}

#[test]
fn r101_13_best_opening_holding_a_given_tile_matches_the_reference() {
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    for case in 0..2000 {
        let n = rng.gen_range(1..=11);
        let (joker, rack) = random_rack(&mut rng, n, case % 4 != 0);
        let must = rng.gen_range(0..rack.len());
        let fast = best_value_using(&rack, joker, must).unwrap();
        let slow = reference::opening_value_using(&rack, joker, must);
        assert_eq!(
            fast,
            slow,
            "case {case}: {rack:?} must {must} under {}",
            joker.indicator()
        );
    }
}

#[test]
fn r101_9_every_layout_is_valid_and_adds_up_to_its_value() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for case in 0..2000 {
        let n = rng.gen_range(1..=22);
        let (joker, rack) = random_rack(&mut rng, n, case % 2 == 0);
        let o = best_opening(&rack, joker).unwrap();
        let mut used: Vec<usize> = o.left.clone();
        let mut total = 0;
        for m in &o.melds {
            let kinds: Vec<Kind> = m.tiles.iter().map(|&i| rack[i]).collect();
            assert_eq!(
                place(m.shape, &kinds, joker).as_ref(),
                Ok(&m.faces),
                "case {case}"
            );
            assert_eq!(
                m.value,
                m.faces
                    .iter()
                    .map(|f| u16::from(f.number.get()))
                    .sum::<u16>()
            );
            total += m.value;
            used.extend(&m.tiles);
        }
        used.sort();
        assert_eq!(used, (0..rack.len()).collect::<Vec<_>>(), "case {case}");
        assert_eq!(total, o.value);
    }
}

#[test]
fn r101_8_most_pairs_matches_the_reference() {
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    for case in 0..3000 {
        let n = rng.gen_range(1..=10);
        let (joker, rack) = random_rack(&mut rng, n, true);
        let roles: Vec<_> = rack.iter().map(|&k| joker.role(k)).collect();
        let pairs = best_pairs(&rack, joker);
        assert_eq!(
            pairs.len(),
            reference::pairs(&roles),
            "case {case}: {rack:?}"
        );
        for (a, b) in pairs {
            assert!(place(Shape::Pair, &[rack[a], rack[b]], joker).is_ok());
        }
    }
}

/// A table of a few random valid melds built from one shuffled set of tiles.
fn random_table(rng: &mut ChaCha8Rng) -> (Joker, Vec<TableMeld>) {
    let (joker, indicator) = random_joker(rng);
    let mut table = Vec::new();
    let mut used: Vec<Tile> = vec![indicator];
    let mut tries = 0;
    while table.len() < 6 && tries < 4000 {
        tries += 1;
        let shape = [Shape::Set, Shape::Run, Shape::Pair][rng.gen_range(0..3)];
        let len = match shape {
            Shape::Pair => 2,
            Shape::Set => rng.gen_range(3..=4),
            Shape::Run => rng.gen_range(3..=6),
        };
        let mut pool: Vec<Tile> = Tile::all().filter(|t| !used.contains(t)).collect();
        pool.shuffle(rng);
        let colour = rng.gen_range(0..4usize);
        let number = rng.gen_range(1..=13u8);
        let near: Vec<Tile> = pool
            .into_iter()
            .filter(|t| match joker.role(t.kind()) {
                okey_core::tile::Role::Wild => true,
                okey_core::tile::Role::Plain(f) => match shape {
                    Shape::Run => f.colour.index() == colour && f.number.get().abs_diff(number) < 4,
                    _ => f.number.get() == number,
                },
            })
            .take(len)
            .collect();
        let mut kinds: Vec<Tile> = near;
        kinds.sort_by_key(|t| match joker.role(t.kind()) {
            okey_core::tile::Role::Plain(f) => f.number.get(),
            okey_core::tile::Role::Wild => rng.gen_range(1..=13),
        });
        let ks: Vec<Kind> = kinds.iter().map(|t| t.kind()).collect();
        if let Ok(faces) = place(shape, &ks, joker) {
            used.extend(&kinds);
            table.push(TableMeld {
                id: MeldId(table.len() as u16),
                owner: Seat(0),
                shape,
                tiles: kinds
                    .iter()
                    .zip(faces)
                    .map(|(&tile, as_face)| Placed { tile, as_face })
                    .collect(),
            });
        }
    }
    (joker, table)
}

#[test]
fn r101_21_22_25_lay_offs_swaps_and_islek_match_the_reference() {
    let mut rng = ChaCha8Rng::seed_from_u64(25);
    let mut seen = [0usize; 3];
    for case in 0..1500 {
        let (joker, table) = random_table(&mut rng);
        for kind in Kind::all() {
            for m in &table {
                let fast = layoff_spots(std::slice::from_ref(m), kind, joker);
                assert_eq!(
                    !fast.is_empty(),
                    reference::fits(m, kind, joker),
                    "case {case} {kind} on {m:?}"
                );
                let swap = swap_spots(std::slice::from_ref(m), kind, joker);
                assert_eq!(
                    !swap.is_empty(),
                    reference::swaps(m, kind, joker),
                    "case {case} {kind} swap {m:?}"
                );
                seen[0] += fast.len();
                seen[1] += swap.len();
            }
            let playable = !joker.is_okey(kind)
                && table
                    .iter()
                    .any(|m| reference::fits(m, kind, joker) || reference::swaps(m, kind, joker));
            assert_eq!(
                is_playable(&table, kind, joker, true),
                playable,
                "case {case} {kind}"
            );
            seen[2] += usize::from(playable);
        }
    }
    assert!(
        seen.iter().all(|&n| n > 100),
        "the cases reach every judgement: {seen:?}"
    );
}
