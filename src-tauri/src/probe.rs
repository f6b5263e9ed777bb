//! The startup probe: with `OKEY_PROBE` set, the app reports how long it took from process
//! start until the UI drew a screen, and its resident memory, then quits. `scripts/probe.sh`
//! runs it on a release build: `OKEY_PROBE=new` starts a game and reports the table drawn;
//! `OKEY_PROBE=continue` continues the last game, as a player reopening the app would. Without
//! the variable the UI's reports are ignored. The UI's side is `ui/probe.js`; the app only
//! calls [`start`] and registers [`probe_reached`], so no product code carries the probe.

use std::sync::OnceLock;
use std::time::Instant;

/// The environment variable that turns the probe on.
pub const VAR: &str = "OKEY_PROBE";

static STARTED: OnceLock<Instant> = OnceLock::new();

/// Notes the process start; call first thing in `run`.
pub fn start() {
    let _ = STARTED.set(Instant::now());
}

/// What the UI should do after drawing `stage`, and whether the app should now quit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The UI's next move: `new` (start a game), `continue`, or None.
    pub next: Option<&'static str>,
    /// The probe is done: report and quit.
    pub done: bool,
}

/// The probe's answer to the UI having drawn `stage` (`home` or `table`), or None when no
/// probe runs.
pub fn reached(stage: &str) -> Option<Step> {
    let mode = std::env::var(VAR).ok()?;
    let elapsed = STARTED.get().map_or(0, |t| t.elapsed().as_millis());
    // RSS counts the libraries the app and its web processes share once per process; PSS
    // splits shared pages between them, so its sum is what the app costs the machine.
    eprintln!(
        "probe: {stage} drawn {elapsed} ms after start; resident memory {} MB (app {} MB and its web processes), proportional {} MB",
        family_kb("/status", "VmRSS:") / 1024,
        rss_kb("self") / 1024,
        family_kb("/smaps_rollup", "Pss:") / 1024
    );
    Some(match (mode.as_str(), stage) {
        ("new", "home") => Step {
            next: Some("new"),
            done: false,
        },
        ("continue", "home") => Step {
            next: Some("continue"),
            done: false,
        },
        _ => Step {
            next: None,
            done: true,
        },
    })
}

/// The UI drew `stage` (`home`, `table`); under the startup probe, the next thing to do
/// (`new`, `continue`), and the app quits once the probe is done. None without a probe.
/// Async, so its /proc reads run off the UI thread.
#[tauri::command]
pub async fn probe_reached<R: tauri::Runtime>(
    app: tauri::AppHandle<R>,
    stage: String,
) -> Option<String> {
    let step = reached(&stage)?;
    if step.done {
        app.exit(0);
    }
    step.next.map(String::from)
}

/// Resident memory of process `pid` (a number or `self`) in kB; 0 where /proc has none.
fn rss_kb(pid: &str) -> u64 {
    field(&format!("/proc/{pid}/status"), "VmRSS:")
}

fn field(path: &str, name: &str) -> u64 {
    std::fs::read_to_string(path)
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix(name))
                .and_then(|v| v.split_whitespace().next()?.parse().ok())
        })
        .unwrap_or(0)
}

/// A memory field (`name` in `/proc/PID{file}`) summed over this process and every process
/// it started (the webview runs pages and networking in processes of its own), in kB.
fn family_kb(file: &str, name: &str) -> u64 {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return 0;
    };
    let procs: Vec<(u64, u64)> = entries
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<u64>().ok())
        .map(|pid| (pid, field(&format!("/proc/{pid}/status"), "PPid:")))
        .collect();
    let mut family = vec![u64::from(std::process::id())];
    let mut i = 0;
    while i < family.len() {
        let parent = family[i];
        family.extend(procs.iter().filter(|p| p.1 == parent).map(|p| p.0));
        i += 1;
    }
    family
        .iter()
        .map(|pid| field(&format!("/proc/{pid}{file}"), name))
        .sum()
}
