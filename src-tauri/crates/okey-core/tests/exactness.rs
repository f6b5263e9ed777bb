//! Exactness of the hand analysis (R3-R10) against the independent reference solver in
//! `tests/reference`: win checks and their arrangements, the distance on 14- and 15-tile
//! hands, and the advice for 15 tiles. Hands are random (seeded), near-wins and written cases.

mod reference;

use okey_core::analysis::{self, Arrangement, WinKind};
use okey_core::meld::{check_group, MeldKind};
use okey_core::{Face, Joker, Kind};
use rand::seq::SliceRandom;
use rand::Rng;
use reference::gen::{self, parse, show};
use reference::Is;

// ---------------------------------------------------------------------------------------
// Checking one hand against the reference.

/// Checks that an arrangement splits `hand` (minus `skip`) into valid groups of its kind.
fn check_arrangement(
    hand: &[Kind],
    joker: Joker,
    arr: &Arrangement,
    skip: Option<usize>,
) -> Result<(), String> {
    let mut seen = vec![false; hand.len()];
    for g in &arr.groups {
        for p in &g.tiles {
            if p.index >= hand.len() || Some(p.index) == skip || seen[p.index] {
                return Err(format!("index {} misplaced or used twice", p.index));
            }
            seen[p.index] = true;
            if p.kind != hand[p.index] {
                return Err(format!(
                    "index {} is {} not {}",
                    p.index, hand[p.index], p.kind
                ));
            }
            if let Is::Plain(f) = reference::is(p.kind, joker) {
                if p.stands_for != f {
                    return Err(format!("plain {} stands for {}", p.kind, p.stands_for));
                }
            }
        }
        let kinds: Vec<Kind> = g.tiles.iter().map(|p| p.kind).collect();
        let faces: Vec<Face> = g.tiles.iter().map(|p| p.stands_for).collect();
        let written = kinds
            .iter()
            .map(|k| k.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        match g.meld {
            MeldKind::Pair => {
                if arr.kind != WinKind::Pairs || kinds.len() != 2 || faces[0] != faces[1] {
                    return Err(format!("bad pair {written}"));
                }
                let roles: Vec<Is> = kinds.iter().map(|&k| reference::is(k, joker)).collect();
                if !(roles.contains(&Is::Okey) || roles[0] == roles[1]) {
                    return Err(format!("not a pair: {written}"));
                }
            }
            MeldKind::Set | MeldKind::Run => {
                if arr.kind != WinKind::Melds {
                    return Err(format!("meld {written} in a pairs win"));
                }
                check_group(&kinds, joker)
                    .map_err(|e| format!("library refuses its own group: {e}"))?;
                let is_run = g.meld == MeldKind::Run;
                let matches = reference::patterns().iter().any(|p| {
                    p.is_run == is_run
                        && if is_run {
                            p.faces == faces
                        } else {
                            let mut sorted = faces.clone();
                            sorted.sort();
                            p.faces == sorted
                        }
                });
                if !matches {
                    let f: Vec<String> = faces.iter().map(|f| f.to_string()).collect();
                    return Err(format!(
                        "{written} standing for {} is not a {:?}",
                        f.join(" "),
                        g.meld
                    ));
                }
            }
        }
    }
    let wanted = hand.len() - usize::from(skip.is_some());
    if seen.iter().filter(|&&s| s).count() != wanted {
        return Err("not every tile is placed".into());
    }
    if arr.kind == WinKind::Pairs && arr.groups.len() != 7 {
        return Err("a pairs win has seven pairs".into());
    }
    Ok(())
}

/// Compares every win check of the library with the reference on a 14-tile hand.
fn check_win(hand: &[Kind], joker: Joker) -> Result<bool, String> {
    let melds = reference::standard_win(hand, joker).is_some();
    let pairs = reference::pairs_win(hand, joker);
    let win = melds || pairs;
    if analysis::is_win(hand, joker) != win {
        return Err(format!("is_win {} but reference {win}", !win));
    }
    match analysis::find_win(hand, joker) {
        None if win => return Err("find_win found nothing".into()),
        Some(_) if !win => return Err("find_win found a win that is not".into()),
        Some(arr) => {
            check_arrangement(hand, joker, &arr, None)?;
            let want = if pairs {
                WinKind::Pairs
            } else {
                WinKind::Melds
            };
            if arr.kind != want {
                return Err(format!("find_win gave {:?}, expected {want:?}", arr.kind));
            }
        }
        None => {}
    }
    for (kind, want) in [(WinKind::Melds, melds), (WinKind::Pairs, pairs)] {
        match analysis::find_win_of_kind(hand, joker, kind) {
            Some(arr) if want => {
                check_arrangement(hand, joker, &arr, None)?;
                if arr.kind != kind {
                    return Err(format!("asked {kind:?}, got {:?}", arr.kind));
                }
            }
            None if !want => {}
            got => {
                return Err(format!(
                    "find_win_of_kind({kind:?}) = {}, reference {want}",
                    got.is_some()
                ))
            }
        }
    }
    Ok(win)
}

/// Compares the library's distance with the reference.
fn check_distance(hand: &[Kind], joker: Joker) -> Result<u8, String> {
    let want = reference::distance(hand, joker);
    let got = analysis::distance(hand, joker);
    if got != want {
        return Err(format!("distance {got}, reference {want}"));
    }
    Ok(want)
}

/// Runs `check` on every hand, then fails listing the smallest failing hands.
fn run_all<T>(
    name: &str,
    hands: &[(Joker, Vec<Kind>)],
    check: impl Fn(&[Kind], Joker) -> Result<T, String>,
) -> Vec<T> {
    let mut out = Vec::new();
    let mut bad = Vec::new();
    for (joker, hand) in hands {
        match check(hand, *joker) {
            Ok(v) => out.push(v),
            Err(e) => bad.push(format!("{}  -- {e}", show(*joker, hand))),
        }
    }
    assert!(
        bad.is_empty(),
        "{name}: {} of {} hands disagree, e.g.\n{}",
        bad.len(),
        hands.len(),
        bad[..bad.len().min(12)].join("\n")
    );
    out
}

fn histogram(values: &[u8]) -> Vec<(u8, usize)> {
    let mut h = std::collections::BTreeMap::new();
    for &v in values {
        *h.entry(v).or_insert(0) += 1;
    }
    h.into_iter().collect()
}

// ---------------------------------------------------------------------------------------
// Hand sets.

fn near_wins(seed: u64, n: usize, max_swaps: usize, extra: usize) -> Vec<(Joker, Vec<Kind>)> {
    let mut rng = gen::rng(seed);
    (0..n)
        .map(|_| {
            let joker = gen::random_joker(&mut rng);
            (joker, gen::near_win(&mut rng, joker, max_swaps, extra))
        })
        .collect()
}

fn random_hands(seed: u64, n: usize, size: usize) -> Vec<(Joker, Vec<Kind>)> {
    let mut rng = gen::rng(seed);
    (0..n)
        .map(|_| {
            let joker = gen::random_joker(&mut rng);
            (joker, gen::random_hand(&mut rng, joker, size))
        })
        .collect()
}

/// Written cases: rule, indicator, tiles, whether they win, their distance.
const CASES: &[(&str, &str, &str, bool, u8)] = &[
    // R7: a 1 after 13, and never both ends.
    (
        "R7",
        "K9",
        "R12 R13 R1 Y1 Y2 Y3 B5 B6 B7 B8 K1 K2 K3 K4",
        true,
        0,
    ),
    (
        "R7",
        "K9",
        "R11 R12 R13 R1 Y5 Y6 Y7 B9 B10 B11 K2 K3 K4 K5",
        true,
        0,
    ),
    (
        "R7",
        "K9",
        "R13 R1 R2 Y5 Y6 Y7 B9 B10 B11 K2 K3 K4 K5 K6",
        false,
        1,
    ),
    (
        "R7",
        "K9",
        "R12 R13 R1 R2 Y5 Y6 Y7 B9 B10 B11 K3 K4 K5 K6",
        false,
        1,
    ),
    (
        "R7",
        "K9",
        "Y1 Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10 Y11 Y12 Y13",
        true,
        0,
    ),
    (
        "R7",
        "K9",
        "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10 Y11 Y12 Y13 R5",
        false,
        1,
    ),
    (
        "R7",
        "K9",
        "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10 Y11 R5 B5 K5",
        true,
        0,
    ),
    (
        "R7",
        "K9",
        "Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10 Y11 Y12 Y13 Y1 B2 B2",
        false,
        2,
    ),
    (
        "R7",
        "K9",
        "B13 B1 B2 B13 B1 B2 R4 R5 R6 Y4 Y5 Y6 K7 K8",
        false,
        4,
    ),
    // R3: okey = 1 after a 13 indicator; a false joker is that 1 (low or high).
    (
        "R3",
        "K13",
        "K11 K12 K13 F Y1 Y2 Y3 R5 B5 Y5 R9 R10 R11 R12",
        true,
        0,
    ),
    (
        "R3",
        "K13",
        "F K2 K3 Y1 Y2 Y3 R5 B5 Y5 R9 R10 R11 R12 R13",
        true,
        0,
    ),
    (
        "R3",
        "K13",
        "K13 F K2 Y1 Y2 Y3 R5 B5 Y5 R9 R10 R11 R12 R13",
        false,
        1,
    ),
    (
        "R3",
        "K13",
        "K1 R7 B7 Y1 Y2 Y3 R5 B5 Y5 R9 R10 R11 R12 R13",
        true,
        0,
    ),
    (
        "R3",
        "K13",
        "K1 K1 K12 Y1 Y2 Y3 R5 B5 Y5 R9 R10 R11 R12 R13",
        true,
        0,
    ),
    // R5: a false joker is exactly the okey face (indicator R4: okey R5).
    (
        "R5",
        "R4",
        "R4 F R6 Y1 Y2 Y3 Y4 B7 B8 B9 K10 K11 K12 K13",
        true,
        0,
    ),
    (
        "R5",
        "R4",
        "F K5 B5 Y5 Y1 Y2 Y3 Y4 B7 B8 B9 K10 K11 K12",
        true,
        0,
    ),
    (
        "R5",
        "R4",
        "R3 R4 F F R6 R7 Y1 Y2 Y3 Y4 B10 B11 B12 B13",
        true,
        0,
    ),
    (
        "R5",
        "R4",
        "Y7 F Y9 Y1 Y2 Y3 Y4 B7 B8 B9 K10 K11 K12 K13",
        false,
        1,
    ),
    (
        "R5",
        "R4",
        "F F K5 B5 Y1 Y2 Y3 Y4 B7 B8 B9 K10 K11 K12",
        false,
        1,
    ),
    // R4: okeys fill sets and runs, at the ends too.
    (
        "R4",
        "R4",
        "R5 R5 K7 Y1 Y2 Y3 Y4 B4 B5 B6 K10 K11 K12 K13",
        true,
        0,
    ),
    (
        "R4",
        "R4",
        "B6 R5 R5 B9 Y1 Y2 Y3 Y4 K4 K5 K6 R10 R11 R12",
        true,
        0,
    ),
    (
        "R4",
        "R4",
        "K12 K13 R5 Y1 Y2 Y3 Y4 B4 B5 B6 R10 R11 R12 R13",
        true,
        0,
    ),
    (
        "R4",
        "R4",
        "K12 K13 R5 K2 Y1 Y2 Y3 B4 B5 B6 R10 R11 R12 R13",
        false,
        1,
    ),
    (
        "R4",
        "R4",
        "R3 R4 R5 Y1 Y2 Y3 Y4 B4 B5 B6 R10 R11 R12 R13",
        true,
        0,
    ),
    // R9: pairs with okeys and false jokers.
    (
        "R9",
        "R4",
        "R5 R5 K1 K1 Y2 Y2 B3 B3 K9 K9 Y13 Y13 B7 B7",
        true,
        0,
    ),
    (
        "R9",
        "R4",
        "R5 Y8 K1 K1 Y2 Y2 B3 B3 K9 K9 Y13 Y13 B7 B7",
        true,
        0,
    ),
    (
        "R9",
        "R4",
        "F F K1 K1 Y2 Y2 B3 B3 K9 K9 Y13 Y13 B7 B7",
        true,
        0,
    ),
    (
        "R9",
        "R4",
        "F R5 K1 K1 Y2 Y2 B3 B3 K9 K9 Y13 Y13 B7 B7",
        true,
        0,
    ),
    (
        "R9",
        "R4",
        "R5 R5 K1 Y6 Y2 Y2 B3 B3 K9 K9 Y13 Y13 B7 B7",
        true,
        0,
    ),
    (
        "R9",
        "R4",
        "R4 R5 K1 K1 Y2 Y2 B3 B3 K9 K9 Y13 Y13 B7 B7",
        true,
        0,
    ),
    (
        "R9",
        "R4",
        "R5 R5 R1 R1 R2 R2 Y5 Y5 Y6 Y6 Y7 Y7 B9 B9",
        true,
        0,
    ),
    (
        "R9",
        "K9",
        "K1 K2 K1 K3 Y2 Y2 B3 B3 K9 R9 Y13 Y13 B7 B7",
        false,
        2,
    ),
    (
        "R9",
        "K9",
        "R1 R2 Y2 Y2 B3 B3 R9 R9 Y13 Y13 B7 B7 K5 K5",
        false,
        1,
    ),
    // R8 and R9 at once: pairs preferred.
    (
        "R8R9",
        "K9",
        "R1 R1 R2 R2 R3 R3 R4 R4 Y5 Y5 Y6 Y6 Y7 Y7",
        true,
        0,
    ),
    (
        "R8R9",
        "R4",
        "R5 R5 R1 R1 R2 R2 R3 R3 Y5 Y5 Y6 Y6 Y7 Y7",
        true,
        0,
    ),
    // R6: sets of four, and a colour twice.
    (
        "R6",
        "K9",
        "R7 Y7 B7 K7 R8 Y8 B8 K8 R9 Y9 B9 R10 Y10 B10",
        true,
        0,
    ),
    (
        "R6",
        "K9",
        "R7 R7 B7 K7 R8 Y8 B8 K8 R9 Y9 B9 R10 Y10 B10",
        false,
        1,
    ),
];

fn cases() -> Vec<(Joker, Vec<Kind>, bool, u8)> {
    CASES
        .iter()
        .map(|&(_, ind, tiles, win, d)| {
            let (joker, hand) = parse(ind, tiles);
            assert_eq!(hand.len(), 14, "{tiles}");
            (joker, hand, win, d)
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// The reference checks itself.

#[test]
fn reference_patterns_are_373_melds() {
    let pats = reference::patterns();
    assert_eq!(pats.iter().filter(|p| !p.is_run).count(), 13 * 5);
    assert_eq!(
        pats.iter().filter(|p| p.is_run).count(),
        4 * (2..=12).sum::<usize>()
    );
}

#[test]
fn reference_written_cases_are_right() {
    for (joker, hand, win, d) in cases() {
        let shown = show(joker, &hand);
        assert_eq!(reference::is_win(&hand, joker), win, "{shown}");
        assert_eq!(reference::distance(&hand, joker), d, "{shown}");
    }
}

#[test]
fn reference_okey_formula_matches_brute_force() {
    let mut rng = gen::rng(11);
    let pats = reference::patterns();
    for _ in 0..3000 {
        let mut p = [0u8; reference::FACES];
        let mut slots = 0;
        while slots < 14 {
            let pat = pats.choose(&mut rng).expect("patterns");
            let left = 14 - slots;
            let l = pat.idx.len();
            if l > left || (l < left && left - l < 3) {
                continue;
            }
            if rng.gen_bool(0.5) {
                for &f in &pat.idx {
                    p[f] += 1;
                }
                slots += l;
            }
            // Repeat a small meld to make faces overflow now and then.
            if rng.gen_bool(0.2) && slots + l <= 14 && (14 - slots - l == 0 || 14 - slots - l >= 3)
            {
                for &f in &pat.idx {
                    p[f] += 1;
                }
                slots += l;
            }
        }
        let joker = gen::random_joker(&mut rng);
        let size = if rng.gen_bool(0.5) { 14 } else { 15 };
        let hand = gen::near_win(&mut rng, joker, 3, size - 14);
        let (plain, h) = reference::split(&hand, joker);
        assert_eq!(
            reference::best_okey_choice_brute(&p, &plain, h),
            reference::best_okey_choice_formula(&p, &plain, h),
            "{}",
            show(joker, &hand)
        );
    }
}

/// Whether swapping `k` tiles of `hand` for tiles of the set (a winning 14 keeps at most two
/// of a kind) can make a win, by trying every swap and the reference win checks.
fn wins_after_swaps(hand: &[Kind], joker: Joker, k: usize) -> bool {
    // Every multiset of k kinds to add (non-decreasing), and of k positions to remove.
    fn multisets(
        n: usize,
        k: usize,
        from: usize,
        out: &mut Vec<Vec<usize>>,
        cur: &mut Vec<usize>,
        repeat: bool,
    ) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for i in from..n {
            cur.push(i);
            multisets(n, k, if repeat { i } else { i + 1 }, out, cur, repeat);
            cur.pop();
        }
    }
    let (mut outs, mut adds) = (Vec::new(), Vec::new());
    multisets(hand.len(), k, 0, &mut outs, &mut Vec::new(), false);
    multisets(Kind::COUNT, k, 0, &mut adds, &mut Vec::new(), true);
    let mut tried = std::collections::HashSet::new();
    for out in &outs {
        let mut less: Vec<Kind> = hand
            .iter()
            .enumerate()
            .filter(|(i, _)| !out.contains(i))
            .map(|(_, &x)| x)
            .collect();
        less.sort();
        if !tried.insert(less.clone()) {
            continue;
        }
        for add in &adds {
            let mut more = less.clone();
            more.extend(add.iter().map(|&i| Kind::from_index(i).expect("kind")));
            if reference::kind_counts(&more).iter().all(|&n| n <= 2)
                && reference::is_win(&more, joker)
            {
                return true;
            }
        }
    }
    false
}

#[test]
fn reference_distance_matches_swap_search() {
    // Distance 0 and 1 on many hands, 2 on a few: the distance search agrees with the
    // exact-cover and pairs win checks applied to every possible swap.
    let mut hands = near_wins(21, 150, 2, 0);
    hands.extend(cases().into_iter().map(|(j, h, _, _)| (j, h)));
    let mut twos = 0;
    for (joker, hand) in &hands {
        let d = reference::distance(hand, *joker);
        let shown = show(*joker, hand);
        assert_eq!(d == 0, wins_after_swaps(hand, *joker, 0), "{shown}");
        if d >= 1 {
            assert_eq!(d == 1, wins_after_swaps(hand, *joker, 1), "{shown}");
        }
        if d >= 2 && twos < 2 {
            twos += 1;
            assert_eq!(d == 2, wins_after_swaps(hand, *joker, 2), "{shown}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// The library against the reference.

#[test]
fn r08_win_check_matches_reference() {
    let mut rng = gen::rng(1);
    let mut hands = Vec::new();
    for i in 0..4000 {
        let joker = gen::random_joker(&mut rng);
        let mut hand = gen::random_win(&mut rng, joker);
        if i % 2 == 1 {
            let k = rng.gen_range(1..=2);
            gen::swap_tiles(&mut rng, joker, &mut hand, k);
        }
        hands.push((joker, hand));
    }
    hands.extend(random_hands(2, 500, 14));
    let wins = run_all("win check", &hands, check_win);
    let n = wins.iter().filter(|&&w| w).count();
    assert!(n > 2000, "only {n} wins");
}

#[test]
fn r09_pairs_with_okeys() {
    let mut rng = gen::rng(3);
    let mut hands = Vec::new();
    for i in 0..1500 {
        let joker = gen::random_joker(&mut rng);
        let mut hand = gen::random_pairs_win(&mut rng, joker);
        if i % 3 == 2 {
            gen::swap_tiles(&mut rng, joker, &mut hand, 1);
        }
        hands.push((joker, hand));
    }
    run_all("pairs", &hands, check_win);
    run_all("pairs distance", &hands, check_distance);
}

#[test]
fn written_cases_match_reference() {
    let hands: Vec<(Joker, Vec<Kind>)> = cases().into_iter().map(|(j, h, _, _)| (j, h)).collect();
    run_all("written cases win", &hands, check_win);
    run_all("written cases distance", &hands, check_distance);
}

fn written(rule: &str) -> Vec<(Joker, Vec<Kind>)> {
    CASES
        .iter()
        .filter(|c| c.0 == rule)
        .map(|&(_, ind, tiles, _, _)| parse(ind, tiles))
        .collect()
}

#[test]
fn r07_one_after_thirteen_cases() {
    // Written cases with a 13 and a 1 of one colour, plus near-wins around them.
    let mut hands = written("R7");
    hands.extend(written("R3"));
    assert!(hands.len() >= 6);
    let mut rng = gen::rng(4);
    for _ in 0..400 {
        let joker = gen::random_joker(&mut rng);
        let mut hand = gen::random_melds_win(&mut rng, joker, 0.1);
        let through_one = |h: &[Kind]| {
            h.iter()
                .filter(|k| matches!(k, Kind::Face(f) if f.number.get() == 1))
                .count()
                >= 2
        };
        if !through_one(&hand) {
            continue;
        }
        if rng.gen_bool(0.5) {
            gen::swap_tiles(&mut rng, joker, &mut hand, 1);
        }
        hands.push((joker, hand));
    }
    run_all("1 after 13 win", &hands, check_win);
    run_all("1 after 13 distance", &hands, check_distance);
}

#[test]
fn r05_false_joker_cases() {
    let mut hands = written("R5");
    hands.extend(written("R3"));
    // Near-wins holding 1 or 2 false jokers, under indicators of every number.
    let mut rng = gen::rng(5);
    for n in 0..800 {
        let joker = Joker::new(Face::from_index(n % 52).expect("face"));
        let mut hand = gen::random_melds_win(&mut rng, joker, 0.1);
        let fj = hand.iter().filter(|&&k| k == Kind::FalseJoker).count();
        if fj == 0 && n % 4 != 0 {
            continue;
        }
        let k = rng.gen_range(0..=2);
        gen::swap_tiles(&mut rng, joker, &mut hand, k);
        hands.push((joker, hand));
    }
    assert!(hands.len() > 200, "{}", hands.len());
    run_all("false joker win", &hands, check_win);
    run_all("false joker distance", &hands, check_distance);
}

#[test]
fn r04_okey_counts_zero_one_two() {
    let mut rng = gen::rng(6);
    let mut per_count = [0usize; 3];
    let mut hands = Vec::new();
    while per_count.iter().any(|&n| n < 300) {
        let joker = gen::random_joker(&mut rng);
        let okey_p = [0.0, 0.1, 0.3][rng.gen_range(0..3)];
        let mut hand = gen::random_melds_win(&mut rng, joker, okey_p);
        let okeys = hand.iter().filter(|&&k| joker.is_okey(k)).count();
        if per_count[okeys] >= 300 {
            continue;
        }
        per_count[okeys] += 1;
        let k = rng.gen_range(0..=2);
        gen::swap_tiles(&mut rng, joker, &mut hand, k);
        hands.push((joker, hand));
    }
    run_all("okeys win", &hands, check_win);
    run_all("okeys distance", &hands, check_distance);
}

#[test]
fn r08_r09_distance_matches_reference_14_tiles() {
    let mut hands = near_wins(7, 9000, 3, 0);
    hands.extend(near_wins(8, 2000, 6, 0));
    hands.extend(random_hands(9, 600, 14));
    let ds = run_all("distance 14", &hands, check_distance);
    eprintln!(
        "14 tiles: {} hands, distances {:?}",
        ds.len(),
        histogram(&ds)
    );
}

#[test]
fn r08_r09_distance_matches_reference_15_tiles() {
    let mut hands = near_wins(10, 6000, 3, 1);
    hands.extend(near_wins(12, 1000, 6, 1));
    hands.extend(random_hands(13, 400, 15));
    let ds = run_all("distance 15", &hands, check_distance);
    eprintln!(
        "15 tiles: {} hands, distances {:?}",
        ds.len(),
        histogram(&ds)
    );
}

#[test]
fn r10_can_finish_matches_reference() {
    // Wins plus a drawn tile, with up to two tiles swapped out, and random 15s.
    let mut hands = near_wins(16, 3000, 2, 1);
    hands.extend(random_hands(17, 300, 15));
    let finishes = run_all("can_finish", &hands, |hand, joker| {
        let want = (0..hand.len()).any(|i| {
            let mut rest = hand.to_vec();
            rest.remove(i);
            reference::standard_win(&rest, joker).is_some() || reference::pairs_win(&rest, joker)
        });
        let got = analysis::can_finish(hand, joker);
        if got == want {
            Ok(want)
        } else {
            Err(format!("can_finish {got}, reference {want}"))
        }
    });
    let n = finishes.iter().filter(|&&f| f).count();
    assert!(n > 800, "only {n} of {} hands finish", finishes.len());
}

#[test]
fn r10_advice_matches_reference() {
    let mut rng = gen::rng(14);
    let mut bad = Vec::new();
    // The reference asks a full search for every discard and every draw, so this stays at a
    // few hundred hands, nearly all near a win, a few random.
    let total = 200;
    for i in 0..total {
        let joker = gen::random_joker(&mut rng);
        let hand = if i % 50 == 0 {
            gen::random_hand(&mut rng, joker, 15)
        } else {
            gen::near_win(&mut rng, joker, [0, 1, 2, 3][i % 4], 1)
        };
        let mut rest = gen::rest_of_pool(joker, &hand);
        rest.shuffle(&mut rng);
        let seen: Vec<Kind> = rest[..rng.gen_range(0..25)].to_vec();
        if let Err(e) = check_advice(&hand, joker, &seen) {
            bad.push(format!(
                "{} seen {:?} -- {e}",
                show(joker, &hand),
                seen.iter().map(|k| k.to_string()).collect::<Vec<_>>()
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {total} advices disagree, e.g.\n{}",
        bad.len(),
        bad[..bad.len().min(8)].join("\n")
    );
}

fn check_advice(hand: &[Kind], joker: Joker, seen: &[Kind]) -> Result<(), String> {
    let adv = analysis::advise(hand, joker, seen).map_err(|e| e.to_string())?;
    let want = reference::advise(hand, joker, seen);
    if adv.discards.len() != want.len() {
        return Err(format!(
            "{} discards, reference {}",
            adv.discards.len(),
            want.len()
        ));
    }
    for w in &want {
        let d = adv
            .discards
            .iter()
            .find(|d| d.tile == w.tile)
            .ok_or_else(|| format!("no option for discard {}", w.tile))?;
        if d.index != w.index || d.distance != w.distance {
            return Err(format!(
                "discard {}: index {} distance {}, reference {} {}",
                w.tile, d.index, d.distance, w.index, w.distance
            ));
        }
        let outs: Vec<(Kind, u8)> = d.outs.iter().map(|o| (o.tile, o.unseen)).collect();
        if outs != w.outs {
            let fmt = |v: &[(Kind, u8)]| {
                v.iter()
                    .map(|(k, n)| format!("{k}x{n}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            return Err(format!(
                "discard {}: outs [{}], reference [{}]",
                w.tile,
                fmt(&outs),
                fmt(&w.outs)
            ));
        }
        if (w.distance == 0) != (w.wins.0 || w.wins.1) {
            return Err(format!("reference inconsistent on discard {}", w.tile));
        }
    }
    let best = want.iter().map(|w| w.distance).min().expect("15 tiles");
    if adv.distance != best {
        return Err(format!(
            "advice distance {}, reference {best}",
            adv.distance
        ));
    }
    // Best first: lowest distance, then most unseen outs, then hand order.
    let key = |d: &analysis::DiscardOption| {
        let live: u32 = d.outs.iter().map(|o| u32::from(o.unseen)).sum();
        (d.distance, std::cmp::Reverse(live), d.index)
    };
    if adv.discards.windows(2).any(|w| key(&w[0]) > key(&w[1])) {
        return Err("discards not best first".into());
    }
    let finishing: Vec<&reference::RefDiscard> = want.iter().filter(|w| w.distance == 0).collect();
    if adv.finishes.len() != finishing.len() {
        return Err(format!(
            "{} finishes, reference {}",
            adv.finishes.len(),
            finishing.len()
        ));
    }
    for w in finishing {
        let f = adv
            .finishes
            .iter()
            .find(|f| f.discard == w.tile)
            .ok_or_else(|| format!("no finish discarding {}", w.tile))?;
        let kind = if w.wins.1 {
            WinKind::Pairs
        } else {
            WinKind::Melds
        };
        let okey = joker.is_okey(w.tile);
        let points = 2 * if okey { 2 } else { 1 } * if kind == WinKind::Pairs { 2 } else { 1 };
        if f.index != w.index
            || f.kind != kind
            || f.okey_discard != okey
            || f.points != points
            || f.arrangement.kind != kind
        {
            return Err(format!("finish {}: {f:?}", w.tile));
        }
        check_arrangement(hand, joker, &f.arrangement, Some(w.index))?;
    }
    Ok(())
}
