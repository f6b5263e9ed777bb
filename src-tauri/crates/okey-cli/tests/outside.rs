//! Outside bots over the line protocol (docs/PROTOCOL.md), as real processes: an arena seat
//! played by `okey bot --level medium` plays round for round as a native medium seat on the
//! same seeds, in both games; bots that answer garbage, stay silent, exit, write lines past
//! the limit or leave the protocol cost the arena their time limit and no more, are counted,
//! and leave no process behind; the example client in examples/ plays whole arenas.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

mod common;

use common::{okey, okey_json as report};

const OKEY: &str = env!("CARGO_BIN_EXE_okey");

/// A level's figures without its decision times (the only figures that vary run to run).
fn figures(report: &Value, name: &str) -> Value {
    let mut b = report["bots"][name].clone();
    for key in [
        "decision_ms_median",
        "decision_ms_p95",
        "refusals",
        "timeouts",
        "crashes",
        "fallbacks",
    ] {
        b.as_object_mut().expect("figures").remove(key);
    }
    b
}

/// The outside counts of the external seat: refusals, timeouts, crashes, fallbacks.
fn counts(report: &Value) -> [u64; 4] {
    let b = &report["bots"]["external"];
    ["refusals", "timeouts", "crashes", "fallbacks"].map(|k| b[k].as_u64().expect(k))
}

/// The winners of a round log, one line per round.
fn winners(log: &Path) -> Vec<String> {
    std::fs::read_to_string(log)
        .expect("the round log")
        .lines()
        .skip(1)
        .map(str::to_string)
        .collect()
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("okey-outside-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

#[test]
fn an_external_okey_bot_plays_round_for_round_as_the_native_level_in_duz() {
    let dir = temp("duz");
    let (native, outside) = (dir.join("native.log"), dir.join("outside.log"));
    let bot = format!("{OKEY} bot --level medium");
    let common = ["--rounds", "12", "--seed", "5", "--duplicate", "--json"];
    let a = report(
        &[
            &["arena", "--seats", "medium,easy,hard"],
            &common[..],
            &[
                "--budget",
                "40",
                "--round-log",
                native.to_str().expect("a path"),
            ],
        ]
        .concat(),
    );
    let b = report(
        &[
            &["arena", "--seats", "external,easy,hard"],
            &common[..],
            &[
                "--budget",
                "40",
                "--round-log",
                outside.to_str().expect("a path"),
            ],
            &["--external", &bot],
        ]
        .concat(),
    );
    let (wa, wb) = (winners(&native), winners(&outside));
    assert_eq!(wa.len(), 12);
    let renamed: Vec<String> = wb.iter().map(|l| l.replace("external", "medium")).collect();
    assert_eq!(wa, renamed, "the same winner in every round");
    assert_eq!(figures(&a, "medium"), figures(&b, "external"));
    assert_eq!(figures(&a, "easy"), figures(&b, "easy"));
    assert_eq!(figures(&a, "hard"), figures(&b, "hard"));
    assert_eq!(counts(&b), [0, 0, 0, 0], "nothing refused, late or lost");
    eprintln!(
        "Düz: native {:.1} rounds/s, with a protocol seat {:.1} rounds/s",
        a["rounds_per_s"].as_f64().unwrap_or(0.0),
        b["rounds_per_s"].as_f64().unwrap_or(0.0)
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_external_okey_bot_plays_round_for_round_as_the_native_level_in_101() {
    let bot = format!("{OKEY} bot --variant 101 --level medium");
    let common = [
        "--variant",
        "101",
        "--rounds",
        "8",
        "--seed",
        "3",
        "--duplicate",
        "--json",
    ];
    let a = report(&[&["arena", "--seats", "medium,easy,easy,easy"], &common[..]].concat());
    let b = report(
        &[
            &["arena", "--seats", "external,easy,easy,easy"],
            &common[..],
            &["--external", &bot],
        ]
        .concat(),
    );
    assert_eq!(figures(&a, "medium"), figures(&b, "external"));
    assert_eq!(figures(&a, "easy"), figures(&b, "easy"));
    assert_eq!(counts(&b), [0, 0, 0, 0]);
    // Round by round: the 101 arena keeps no round log, so each round is played alone
    // (`--first N` plays round N as it is in the whole arena) and compared.
    for round in 0..5u32 {
        let (first, rounds) = (round.to_string(), (round + 1).to_string());
        let one = |seats: &str, external: Option<&str>| {
            let mut args = vec![
                "arena",
                "--variant",
                "101",
                "--seats",
                seats,
                "--rounds",
                &rounds,
                "--first",
                &first,
                "--seed",
                "11",
                "--json",
            ];
            if let Some(bot) = external {
                args.extend(["--external", bot]);
            }
            report(&args)
        };
        let a = one("medium,easy,easy", None);
        let b = one("external,easy,easy", Some(&bot));
        assert_eq!(
            figures(&a, "medium"),
            figures(&b, "external"),
            "101 round {round}"
        );
        assert_eq!(
            figures(&a, "easy"),
            figures(&b, "easy"),
            "101 round {round}"
        );
    }
    eprintln!(
        "101: native {:.1} rounds/s, with a protocol seat {:.1} rounds/s",
        a["rounds_per_s"].as_f64().unwrap_or(0.0),
        b["rounds_per_s"].as_f64().unwrap_or(0.0)
    );
}

/// An arena of two rounds against `bot`, with a short time limit; its report and how long
/// it took.
fn against(bot: &str, variant: &str) -> (Value, Duration) {
    let started = Instant::now();
    let r = report(&[
        "arena",
        "--variant",
        variant,
        "--seats",
        "external,easy",
        "--rounds",
        "2",
        "--seed",
        "1",
        "--json",
        "--external",
        bot,
        "--external-timeout",
        "0.2",
    ]);
    (r, started.elapsed())
}

#[test]
fn misbehaving_bots_are_counted_and_the_random_level_plays_for_them() {
    for variant in ["duz", "101"] {
        // Garbage: every answer refused three times, then the random level decides.
        let (r, _) = against("yes garbage", variant);
        let [refusals, timeouts, crashes, fallbacks] = counts(&r);
        assert!(
            fallbacks > 10 && refusals == 3 * fallbacks,
            "{variant} garbage: {r}"
        );
        assert_eq!((timeouts, crashes), (0, 0), "{variant} garbage");
        // Silence: each decision waits the time limit, then the random level decides.
        let (r, took) = against("sleep 60", variant);
        let [_, timeouts, _, fallbacks] = counts(&r);
        assert!(
            timeouts > 10 && timeouts == fallbacks,
            "{variant} silence: {r}"
        );
        assert!(
            took < Duration::from_secs(50),
            "{variant}: not held by a silent bot ({took:?})"
        );
        // Exit: a crash each round (it is started again for the next), the rest fallbacks.
        let (r, _) = against("true", variant);
        let [refusals, timeouts, crashes, fallbacks] = counts(&r);
        assert_eq!(
            (refusals, timeouts, crashes),
            (0, 0, 2),
            "{variant} exit: {r}"
        );
        assert!(fallbacks > 10);
        // A line past the protocol's 1 MiB: refused, never read whole.
        let (r, _) = against(
            "while true; do head -c 1100000 /dev/zero | tr '\\0' x; echo; done",
            variant,
        );
        assert!(counts(&r)[0] > 10, "{variant} long lines: {r}");
        // A program that cannot start at all plays as one that exited.
        let (r, _) = against("/no/such/bot", variant);
        assert_eq!(counts(&r)[2], 2, "{variant} missing program: {r}");
    }
}

#[test]
fn no_bot_process_is_left_behind() {
    let dir = temp("pids");
    let pids = dir.join("pids");
    // A bot that never ends by itself and starts a process of its own that would outlive it.
    let bot = format!(
        "sleep 600 & echo $! >> {0}; echo $$ >> {0}; trap '' TERM; wait",
        pids.display()
    );
    let (_, took) = against(&bot, "duz");
    assert!(took < Duration::from_secs(60));
    let started = std::fs::read_to_string(&pids).expect("the bots wrote their pids");
    let mut seen = 0;
    for pid in started.split_whitespace() {
        seen += 1;
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        // Gone, or a zombie whose parent (the arena) has already ended.
        assert!(
            stat.is_empty() || stat.contains(") Z "),
            "bot process {pid} still runs: {stat}"
        );
    }
    assert!(seen >= 1);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_example_client_plays_whole_arenas_of_both_games() {
    let python = ["python3", "python"].into_iter().find(|p| {
        Command::new(p)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    });
    let Some(python) = python else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI machines have Python; the example client must be tried there"
        );
        eprintln!("no python: the example client is not tried");
        return;
    };
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../examples/random_bot.py");
    let bot = format!("{python} {}", script.display());
    for variant in ["duz", "101"] {
        let r = report(&[
            "arena",
            "--variant",
            variant,
            "--seats",
            "external,random,random",
            "--rounds",
            "4",
            "--json",
            "--external",
            &bot,
        ]);
        assert_eq!(r["rounds"], 4, "{variant}: {r}");
        let [refusals, timeouts, crashes, fallbacks] = counts(&r);
        // Its actions come from the legal list: none refused, none late.
        assert_eq!((timeouts, crashes, fallbacks), (0, 0, 0), "{variant}: {r}");
        assert_eq!(refusals, 0, "{variant}: {r}");
    }
}

#[test]
fn okey_bot_refuses_what_is_not_the_protocol() {
    let run = |input: &str| okey(&["bot", "--level", "easy"], input);
    let out = run("not json\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 1"));
    let out = run(
        "{\"type\":\"hello\",\"protocol\":1,\"variant\":\"101\",\"rules\":{},\"seat\":0,\"seed\":1}\n",
    );
    // A hello for the other game (or one it cannot read) is bad input.
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    // The end of the input ends it.
    assert!(run("").status.success());
}
