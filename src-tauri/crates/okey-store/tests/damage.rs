//! Fault injection on the files of real save folders, as a failing disk does it: for seeded
//! random cases, one region of one file of the data folder is damaged (a zeroed 4 KiB block,
//! a block of random bytes, a truncated file, a removed file, a damaged sled snapshot), then
//! the saves are opened as the app does (list, resume every match) and again as the CLI
//! does (verify, list). Every match must come out intact, repaired, restored with a notice
//! naming it and the actions lost, or set aside by name: never fewer actions without a word,
//! and the store always opens. At most 1 in 20 single-block damages may lose any action.
//!
//! `OKEY_DAMAGE_CASES=2000 cargo test -p okey-store --release --test damage -- --nocapture`
//! runs a longer campaign (the default is sized for CI).

mod common;

use common::*;
use okey_store::{MatchId, Store};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Save folders built, each with a few matches.
const FOLDERS: u64 = 3;
/// Cases when OKEY_DAMAGE_CASES is not set: about 10 s in a debug build on 2 cores.
const CI_CASES: u64 = 250;

/// A small deterministic generator (xorshift64*), so a case is repeated by its number.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next() % n
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Damage {
    ZeroBlock,
    RandomBlock,
    Truncate,
    Remove,
    Snapshot,
}

const KINDS: [Damage; 5] = [
    Damage::ZeroBlock,
    Damage::RandomBlock,
    Damage::Truncate,
    Damage::Remove,
    Damage::Snapshot,
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    Intact,
    /// Repaired from its journal, every action back.
    Repaired,
    /// The database was set aside whole and the match rebuilt with every action.
    Rebuilt,
    RestoredWithNotice,
    Quarantined,
    SilentLoss,
    OpenFailed,
}

/// What a save folder was built with.
struct Built {
    /// Every match: its id and actions.
    recorded: BTreeMap<MatchId, u32>,
    /// The 101 match.
    id101: MatchId,
    /// How many actions of each kind the 101 match holds.
    kinds101: BTreeMap<&'static str, u32>,
}

/// A save folder with matches of a few dozen to a few hundred actions. The last match of
/// each folder is Okey 101 (its log entries and journal frames have their own size), played
/// by bots, a medium one standing in for the person, so that its log holds openings, melds,
/// lay-offs, swaps and takes (each encoded in its own way); the others are Düz.
fn build(dir: &Path, folder: u64) -> Built {
    let store = open(dir);
    let mut out = BTreeMap::new();
    let (mut id101, mut kinds) = (MatchId(0), BTreeMap::new());
    for n in 0..3 {
        let seed = folder * 10 + n;
        if n == 2 {
            // A 101 round is over in about 70 actions: 120 and more reach the second one.
            let game = bot_played101(&store, seed, 120 + (seed * 37 % 80) as usize);
            out.insert(game.id(), game.state().log().len() as u32);
            (id101, kinds) = (game.id(), kinds101(game.state().log()));
            continue;
        }
        let mut game = store.create(person_and_bots(seed, 4)).unwrap();
        let mut bots = table(&game);
        let actions = 40 + (seed * 37 % 160) as usize;
        play(&mut game, &mut bots, actions);
        out.insert(game.id(), game.state().log().len() as u32);
    }
    let mut settings = store.settings().unwrap().0;
    settings.sound = false;
    store.save_settings(&settings).unwrap();
    drop(store);
    // sled writes its snapshot file (snap.*) when it opens a database again: one more
    // open, as the app's next start, so that the folder has every kind of file.
    open(dir).list().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(50));
    assert!(
        files(&dir.join(okey_store::DB_DIR_NAME))
            .iter()
            .any(|p| p.to_string_lossy().contains("snap.")),
        "the folder has a snapshot to damage"
    );
    Built {
        recorded: out,
        id101,
        kinds101: kinds,
    }
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(files(&path));
        } else {
            out.push(path);
        }
    }
    out.sort();
    out
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// Damages one region of one file; returns what was done, for the report.
fn damage(dir: &Path, kind: Damage, rng: &mut Rng) -> String {
    let all = files(dir);
    let snaps: Vec<&PathBuf> = all
        .iter()
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("snap."))
        })
        .collect();
    let db_file = dir.join(okey_store::DB_DIR_NAME).join("db");
    // Half the cases hit sled's data file, where nearly all the bytes are; the rest any
    // file of the folder (sled's conf, snapshots, blobs, the journals, the settings copy).
    let file = match kind {
        Damage::Snapshot => snaps[rng.below(snaps.len() as u64) as usize].clone(),
        _ if rng.below(2) == 0 && db_file.exists() => db_file,
        _ => all[rng.below(all.len() as u64) as usize].clone(),
    };
    let name = file.strip_prefix(dir).unwrap().display().to_string();
    let mut bytes = std::fs::read(&file).unwrap();
    let len = bytes.len() as u64;
    match kind {
        Damage::ZeroBlock | Damage::RandomBlock | Damage::Snapshot => {
            let blocks = len.div_ceil(4096).max(1);
            let start = (rng.below(blocks) * 4096) as usize;
            let end = (start + 4096).min(bytes.len());
            for b in &mut bytes[start.min(end)..end] {
                *b = if kind == Damage::ZeroBlock {
                    0
                } else {
                    rng.next() as u8
                };
            }
            std::fs::write(&file, &bytes).unwrap();
            format!("{kind:?} {name} @{start}")
        }
        Damage::Truncate => {
            let at = rng.below(len.max(1));
            bytes.truncate(at as usize);
            std::fs::write(&file, &bytes).unwrap();
            format!("truncate {name} to {at} of {len}")
        }
        Damage::Remove => {
            std::fs::remove_file(&file).unwrap();
            format!("remove {name}")
        }
    }
}

/// Opens as the app does, then as the CLI does, and sorts every match into an outcome.
fn judge(dir: &Path, recorded: &BTreeMap<MatchId, u32>) -> BTreeMap<MatchId, (Outcome, u32)> {
    let mut lost_notice: BTreeMap<MatchId, u32> = BTreeMap::new();
    let mut named: BTreeSet<MatchId> = BTreeSet::new();
    let mut repaired: BTreeSet<MatchId> = BTreeSet::new();
    let mut note = |store: &Store, named: &mut BTreeSet<MatchId>| {
        for r in store.repairs() {
            repaired.insert(r.id);
            if r.lost > 0 {
                *lost_notice.entry(r.id).or_default() += r.lost;
            }
        }
        for q in store.quarantined().unwrap_or_default() {
            named.extend(q.fault.name.parse::<MatchId>());
        }
    };
    // The app: open, list, resume every match.
    let app = match Store::open(dir) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("open failed: {e}");
            return recorded
                .keys()
                .map(|id| (*id, (Outcome::OpenFailed, 0)))
                .collect();
        }
    };
    let rebuilt = app.recovery().is_some();
    let listing = app.list().expect("the list reads");
    named.extend(
        listing
            .set_aside
            .iter()
            .filter_map(|f| f.name.parse::<MatchId>().ok()),
    );
    for id in recorded.keys() {
        if let Err(okey_store::StoreError::Quarantined { id, .. }) = resume_any(&app, *id) {
            named.insert(id);
        }
    }
    let _ = app.settings().expect("settings never fail");
    note(&app, &mut named);
    drop((listing, app));
    // The CLI: open, verify, list, and what each match holds now.
    let cli = match Store::open(dir) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("second open failed: {e}");
            return recorded
                .keys()
                .map(|id| (*id, (Outcome::OpenFailed, 0)))
                .collect();
        }
    };
    let verified = cli.verify().expect("verify reads");
    named.extend(
        verified
            .failed
            .iter()
            .filter_map(|f| f.name.parse::<MatchId>().ok()),
    );
    let now: BTreeMap<MatchId, u32> = cli
        .list()
        .expect("the list reads")
        .matches
        .iter()
        .map(|m| (m.id, m.actions))
        .collect();
    note(&cli, &mut named);
    for (id, actions) in &now {
        let resumed = resume_any(&cli, *id).expect("a listed match resumes");
        assert_eq!(resumed as u32, *actions);
    }
    recorded
        .iter()
        .map(|(id, &had)| {
            let has = now.get(id).copied();
            let outcome = match has {
                Some(n) if n == had && repaired.contains(id) => Outcome::Repaired,
                Some(n) if n == had && rebuilt => Outcome::Rebuilt,
                Some(n) if n == had => Outcome::Intact,
                Some(n) if n < had && lost_notice.get(id) == Some(&(had - n)) => {
                    Outcome::RestoredWithNotice
                }
                None if named.contains(id) => Outcome::Quarantined,
                _ => Outcome::SilentLoss,
            };
            (*id, (outcome, had - has.unwrap_or(0).min(had)))
        })
        .collect()
}

#[test]
fn no_damage_to_one_region_loses_an_action_without_a_word() {
    let cases: u64 = std::env::var("OKEY_DAMAGE_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(CI_CASES);
    let root = tempfile::tempdir().unwrap();
    let mut folders = Vec::new();
    let mut kinds: BTreeMap<&str, u32> = BTreeMap::new();
    for f in 0..FOLDERS {
        let dir = root.path().join(format!("base-{f}"));
        let built = build(&dir, f);
        for (kind, n) in &built.kinds101 {
            *kinds.entry(*kind).or_default() += n;
        }
        // Let sled's background threads let go before the folder is copied.
        std::thread::sleep(std::time::Duration::from_millis(50));
        folders.push((dir, built));
    }
    // The damaged 101 matches must keep holding table play, not only draws and discards.
    println!("the damaged 101 matches hold: {kinds:?}");
    let held = |k: &str| kinds.get(k).copied().unwrap_or(0);
    assert!(
        held("open") + held("open pairs") > 0
            && held("lay off") + held("meld") > 0
            && held("take") > 0,
        "the 101 matches hold no opening, lay-off or meld, or take: {kinds:?}"
    );
    let mut counts: BTreeMap<(Damage, Outcome), u32> = BTreeMap::new();
    let mut counts101: BTreeMap<Outcome, u32> = BTreeMap::new();
    let mut failures = Vec::new();
    let (mut single_block, mut single_block_lossy) = (0u32, 0u32);
    for case in 0..cases {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ (case + 1).wrapping_mul(0xD1B5_4A32_D192_ED03));
        let kind = KINDS[(case % KINDS.len() as u64) as usize];
        let (base, built) = &folders[(case / KINDS.len() as u64 % FOLDERS) as usize];
        let recorded = &built.recorded;
        let dir = root.path().join(format!("case-{case}"));
        copy_dir(base, &dir);
        let what = damage(&dir, kind, &mut rng);
        let judged = judge(&dir, recorded);
        let lossy = judged.values().any(|(o, lost)| {
            *lost > 0 && matches!(o, Outcome::RestoredWithNotice | Outcome::Quarantined)
        });
        if matches!(kind, Damage::ZeroBlock | Damage::RandomBlock) {
            single_block += 1;
            single_block_lossy += u32::from(lossy);
        }
        for (id, (outcome, lost)) in &judged {
            *counts.entry((kind, *outcome)).or_default() += 1;
            if *id == built.id101 {
                *counts101.entry(*outcome).or_default() += 1;
            }
            if matches!(outcome, Outcome::SilentLoss | Outcome::OpenFailed) {
                failures.push(format!(
                    "case {case} ({what}): match {id} {outcome:?}, {lost} lost"
                ));
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    println!("{cases} cases over {FOLDERS} folders; outcomes per match:");
    for kind in KINDS {
        let row: Vec<String> = counts
            .iter()
            .filter(|((k, _), _)| *k == kind)
            .map(|((_, o), n)| format!("{o:?} {n}"))
            .collect();
        println!("  {kind:?}: {}", row.join(", "));
    }
    println!("  the 101 matches: {counts101:?}");
    println!("single-block damages losing any action: {single_block_lossy} of {single_block}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        single_block_lossy * 20 <= single_block,
        "{single_block_lossy} of {single_block} single-block damages lost actions"
    );
}

/// Cases of the double-fault campaign.
const DOUBLE_CASES: u64 = 36;

#[test]
fn a_double_fault_loses_nothing_confirmed_once_the_journal_was_healed_between() {
    // First fault: one region of one match's journal (a zeroed or random block, a cut, the
    // file removed). Then the saves are used as a player would: the app's start (open, then
    // its background journal check) or the CLI's verify. Second fault: the whole database
    // turned to garbage, so every match must come back from its journal alone.
    let root = tempfile::tempdir().unwrap();
    let base = root.path().join("base");
    let built = build(&base, 7);
    std::thread::sleep(std::time::Duration::from_millis(50));
    let journals: Vec<PathBuf> = files(&base.join(okey_store::JOURNAL_DIR_NAME));
    let mut outcomes: BTreeMap<Outcome, u32> = BTreeMap::new();
    let mut failures = Vec::new();
    for case in 0..DOUBLE_CASES {
        let mut rng = Rng(0xA076_1D64_78BD_642F ^ (case + 1).wrapping_mul(0xE703_7ED1_A0B4_28DB));
        let dir = root.path().join(format!("double-{case}"));
        copy_dir(&base, &dir);
        let journal = dir.join(
            journals[(case % journals.len() as u64) as usize]
                .strip_prefix(&base)
                .unwrap(),
        );
        let mut bytes = std::fs::read(&journal).unwrap();
        let first = match case / journals.len() as u64 % 4 {
            0 | 1 => {
                // Inside, its end intact: what a glance at the journal's tail cannot see.
                let len = bytes.len();
                let start = len / 8 + rng.below(len as u64 * 3 / 8) as usize;
                let end = (start + (len / 4).min(4096)).min(len);
                for b in &mut bytes[start..end] {
                    *b = if case % 2 == 0 { 0 } else { rng.next() as u8 };
                }
                std::fs::write(&journal, &bytes).unwrap();
                format!("block @{start}")
            }
            2 => {
                let at = rng.below(bytes.len() as u64) as usize;
                std::fs::write(&journal, &bytes[..at]).unwrap();
                format!("cut to {at}")
            }
            _ => {
                std::fs::remove_file(&journal).unwrap();
                "removed".to_string()
            }
        };
        let store = Store::open(&dir).expect("the saves open");
        let between = if case % 2 == 0 {
            store.check_journals().expect("the journals are checked");
            "app start"
        } else {
            store.verify().expect("verify reads");
            "verify"
        };
        drop(store);
        std::thread::sleep(std::time::Duration::from_millis(20));
        for file in files(&dir.join(okey_store::DB_DIR_NAME)) {
            let len = std::fs::metadata(&file).unwrap().len().max(64) as usize;
            std::fs::write(&file, vec![0xA5; len]).unwrap();
        }
        for (id, (outcome, lost)) in judge(&dir, &built.recorded) {
            *outcomes.entry(outcome).or_default() += 1;
            if lost > 0 || matches!(outcome, Outcome::SilentLoss | Outcome::OpenFailed) {
                failures.push(format!(
                    "case {case} (journal {first}, then {between}, then the database): match {id} {outcome:?}, {lost} lost"
                ));
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    println!("{DOUBLE_CASES} double faults; outcomes per match: {outcomes:?}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
