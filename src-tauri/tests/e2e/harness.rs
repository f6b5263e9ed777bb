//! The processes behind each test: Xvfb, tauri-driver (and the WebKitWebDriver it starts),
//! how many apps may run at once, the patient waits, and the app's memory read from /proc.

use std::io::Read;
use std::net::TcpListener;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

/// Apps that may run at once. Each is a WebKit browser under its own Xvfb; on a 2-core
/// machine five of them side by side starve the web processes until WebKit declares the page
/// hung, so the tests take turns.
pub const APPS_AT_ONCE: usize = 2;

static RUNNING: (Mutex<usize>, Condvar) = (Mutex::new(0), Condvar::new());

/// A place among the apps running at once, given back when dropped.
pub struct Turn;

impl Turn {
    pub fn wait() -> Turn {
        let (count, freed) = &RUNNING;
        let mut n = count.lock().unwrap_or_else(|e| e.into_inner());
        while *n >= APPS_AT_ONCE {
            n = freed.wait(n).unwrap_or_else(|e| e.into_inner());
        }
        *n += 1;
        Turn
    }
}

impl Drop for Turn {
    fn drop(&mut self) {
        let (count, freed) = &RUNNING;
        let mut n = count.lock().unwrap_or_else(|e| e.into_inner());
        *n = n.saturating_sub(1);
        freed.notify_one();
    }
}

/// Kills a helper process and everything it started (its process group) when the test ends,
/// however it ends: tauri-driver leaves WebKitWebDriver behind otherwise.
pub struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let group = format!("-{}", self.0.id());
        let _ = Command::new("kill").args(["-TERM", "--", &group]).status();
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Ends the WebKitWebDriver that tauri-driver started on `port`: it runs in a session of its
/// own, so killing the driver's process group does not reach it.
pub fn stop_native_driver(port: u16) {
    let wanted = format!("--port={port}");
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return;
    };
    for entry in entries.flatten() {
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        let cmdline = String::from_utf8_lossy(&cmdline);
        if cmdline.contains("WebKitWebDriver") && cmdline.split('\0').any(|a| a == wanted) {
            let pid = entry.file_name().to_string_lossy().into_owned();
            let _ = Command::new("kill").args(["-TERM", &pid]).status();
        }
    }
}

/// Starts Xvfb on a display it finds free itself (`-displayfd`), so two tests never share
/// one and a test ending cannot take another's screen away; the process and `:N`.
pub fn start_xvfb() -> (Running, String) {
    let mut child = Command::new("Xvfb")
        .args([
            "-displayfd",
            "1",
            "-screen",
            "0",
            "1280x800x24",
            "-nolisten",
            "tcp",
        ])
        .process_group(0)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("Xvfb does not start: {e}"));
    let mut number = String::new();
    if let Some(out) = child.stdout.as_mut() {
        let mut byte = [0u8; 1];
        while let Ok(1) = out.read(&mut byte) {
            if byte[0] == b'\n' {
                break;
            }
            number.push(byte[0] as char);
        }
    }
    let number = number.trim().to_string();
    let xvfb = Running(child);
    assert!(
        !number.is_empty() && number.chars().all(|c| c.is_ascii_digit()),
        "Xvfb did not say which display it took"
    );
    (xvfb, format!(":{number}"))
}

/// tauri-driver (and the WebKitWebDriver it starts once, behind it) for one app, with its
/// output kept in the app's home so a driver that never answers can be told about.
pub struct Driver {
    /// The port tauri-driver listens on.
    pub port: u16,
    /// The port of the WebKitWebDriver behind it.
    pub native: u16,
    /// The display and the home and data folders of the app it starts.
    display: String,
    home: PathBuf,
    starts: u32,
    log: PathBuf,
    _process: Running,
}

impl Driver {
    /// Starts tauri-driver on two free ports for display `display`, with `home` as the home
    /// and data folders of the app it will start.
    pub fn start(display: &str, home: &Path) -> Driver {
        Driver::start_numbered(display, home, 1)
    }

    fn start_numbered(display: &str, home: &Path, starts: u32) -> Driver {
        let (port, native) = (free_port(), free_port());
        let log = home.join(format!("tauri-driver-{starts}.log"));
        let out = std::fs::File::create(&log).expect("a log file for tauri-driver");
        let err = out
            .try_clone()
            .expect("a second handle on the driver's log");
        let child = Command::new("tauri-driver")
            .args([
                "--port",
                &port.to_string(),
                "--native-port",
                &native.to_string(),
            ])
            .env("DISPLAY", display)
            .env("NO_AT_BRIDGE", "1")
            // WebKitWebDriver never opens a session on a page drawn without GPU compositing
            // (seen on this machine: POST /session waits for ever), so the tests keep
            // WebKitGTK's default drawing; scripts/probe.sh runs the app as shipped, without it.
            .env(okey_app_lib::GPU_VAR, "1")
            // A fresh home and data dir, so nothing of the developer's leaks in.
            .env("HOME", home)
            .env("XDG_DATA_HOME", home.join("data"))
            .env("XDG_CONFIG_HOME", home.join("config"))
            .process_group(0)
            .stdout(out)
            .stderr(err)
            .spawn()
            .unwrap_or_else(|e| panic!("tauri-driver does not start: {e}"));
        Driver {
            port,
            native,
            display: display.to_string(),
            home: home.to_path_buf(),
            starts,
            log,
            _process: Running(child),
        }
    }

    /// Stops this driver and the WebKitWebDriver behind it, and starts a new pair on new
    /// ports. tauri-driver starts its WebKitWebDriver once; when that one is gone or never
    /// took its port (seen once in CI, 2026-11: three minutes of refused sessions), only a
    /// new driver opens a session.
    pub fn restart(&mut self) {
        let said = std::fs::read_to_string(&self.log).unwrap_or_default();
        let lines: Vec<&str> = said.lines().collect();
        let tail = lines[lines.len().saturating_sub(20)..].join("\n");
        eprintln!(
            "tauri-driver on {} (native {}) opened no session; its last words:\n{tail}",
            self.port, self.native
        );
        stop_native_driver(self.native);
        // An app the old driver may have started would hold the saves' lock.
        for (pid, _) in app_family(&self.home) {
            let _ = Command::new("kill")
                .args(["-KILL", &pid.to_string()])
                .status();
        }
        *self = Driver::start_numbered(&self.display, &self.home, self.starts + 1);
    }
}

/// The tools that are not installed, after the CI rule: under CI (`CI` set) a missing tool
/// fails the test; elsewhere the test says what is missing and passes.
pub fn missing_tools() -> Vec<&'static str> {
    let missing: Vec<&str> = ["tauri-driver", "WebKitWebDriver", "Xvfb"]
        .into_iter()
        .filter(|t| !have(t))
        .collect();
    if !missing.is_empty() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must run the end-to-end test, but {missing:?} are not installed"
        );
        eprintln!(
            "skipping the end-to-end test: {missing:?} not installed (bash scripts/setup.sh)"
        );
    }
    missing
}

fn have(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .stdout(Stdio::null())
        .status()
        .map(|s| s.success())
        .unwrap_or(false)
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free local port")
}

/// How long a test waits for one thing the app should do. CI machines have been seen ten
/// times slower than a desktop, with the web processes starved for seconds at a time; a
/// patient wait costs nothing when the app is quick.
pub const PATIENCE: Duration = Duration::from_secs(180);

/// How long a whole round against instant bots may take, WebDriver round trips included.
pub const ROUND_PATIENCE: Duration = Duration::from_secs(900);

/// Polls `probe` until it gives a value; panics naming `what` after [`PATIENCE`].
pub fn wait_until<T>(what: &str, probe: impl FnMut() -> Option<T>) -> T {
    within(PATIENCE, probe).unwrap_or_else(|| panic!("timed out waiting for {what}"))
}

/// Polls `probe` until it gives a value or `limit` has passed.
pub fn within<T>(limit: Duration, mut probe: impl FnMut() -> Option<T>) -> Option<T> {
    let deadline = Instant::now() + limit;
    loop {
        if let Some(v) = probe() {
            return Some(v);
        }
        if Instant::now() >= deadline {
            return None;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// The processes of the app started with `home` and every process it started (WebKitGTK
/// draws and runs the page in processes of its own), with each one's /proc status text.
fn app_family(home: &Path) -> Vec<(u32, String)> {
    let binary = std::fs::canonicalize(env!("CARGO_BIN_EXE_okey-app")).unwrap_or_default();
    let own_home = format!("HOME={}", home.display());
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    // (pid, parent, status) of every process.
    let mut procs = Vec::new();
    let mut roots = Vec::new();
    for entry in entries.flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let status = std::fs::read_to_string(entry.path().join("status")).unwrap_or_default();
        let parent = status
            .lines()
            .find_map(|l| l.strip_prefix("PPid:"))
            .and_then(|v| v.trim().parse::<u32>().ok())
            .unwrap_or(0);
        // Only the app started with this test's home: another test's app may run beside it.
        let environ = std::fs::read(entry.path().join("environ")).unwrap_or_default();
        let ours = environ
            .split(|b| *b == 0)
            .any(|var| var == own_home.as_bytes());
        if ours
            && std::fs::read_link(entry.path().join("exe")).ok().as_deref()
                == Some(binary.as_path())
        {
            roots.push(pid);
        }
        procs.push((pid, parent, status));
    }
    let mut family = roots;
    let mut i = 0;
    while i < family.len() {
        let parent = family[i];
        family.extend(procs.iter().filter(|p| p.1 == parent).map(|p| p.0));
        i += 1;
    }
    procs
        .into_iter()
        .filter(|p| family.contains(&p.0))
        .map(|(pid, _, status)| (pid, status))
        .collect()
}

/// The resident memory of the app started with `home` and every process it started, in kB,
/// read from /proc.
pub fn app_memory_kb(home: &Path) -> u64 {
    app_family(home)
        .iter()
        .map(|(_, status)| {
            status
                .lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.split_whitespace().next()?.parse().ok())
                .unwrap_or(0)
        })
        .sum()
}

/// The CPU time the app started with `home` and its processes have used so far, per
/// process id, in clock ticks (user and system time, fields 14 and 15 of /proc/PID/stat).
fn app_cpu_ticks(home: &Path) -> Vec<(u32, u64)> {
    app_family(home)
        .iter()
        .filter_map(|&(pid, _)| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
            // The name in brackets may hold spaces: the fields start after its `)`.
            let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
            let utime: u64 = fields.get(11)?.parse().ok()?;
            let stime: u64 = fields.get(12)?.parse().ok()?;
            Some((pid, utime + stime))
        })
        .collect()
}

/// The share of one core the app started with `home` and its processes (the app, the
/// WebKit web and network processes) use over `span`, in percent. A process that ends or
/// starts meanwhile counts for the time seen of it.
pub fn app_cpu_percent(home: &Path, span: Duration) -> f64 {
    // Clock ticks per second; 100 on every Linux this runs on, asked rather than assumed.
    let hz: f64 = Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8_lossy(&o.stdout).trim().parse().ok())
        .unwrap_or(100.0);
    let before = app_cpu_ticks(home);
    let started = Instant::now();
    std::thread::sleep(span);
    let after = app_cpu_ticks(home);
    let elapsed = started.elapsed().as_secs_f64();
    let used: u64 = after
        .iter()
        .map(|&(pid, t)| {
            let was = before.iter().find(|b| b.0 == pid).map_or(0, |b| b.1);
            t.saturating_sub(was)
        })
        .sum();
    used as f64 / hz / elapsed * 100.0
}
