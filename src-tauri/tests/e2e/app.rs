//! One running app under Xvfb with a WebDriver session on it (fantoccini, on a tokio runtime
//! of its own so the stories stay plain sequential code), and what a story does with it:
//! find, click, tap, drag, type, read attributes, run scripts, resize, take screenshots.

use crate::harness::{
    app_memory_kb, missing_tools, start_xvfb, stop_native_driver, wait_until, within, Driver,
    Running, Turn, PATIENCE,
};
use fantoccini::actions::{
    InputSource, KeyAction, KeyActions, MouseActions, PointerAction, TouchActions,
    MOUSE_BUTTON_LEFT,
};
use fantoccini::elements::Element;
use fantoccini::error::CmdError;
use fantoccini::wd::Capabilities;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{json, Value};
use std::future::Future;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A running app with a WebDriver session on it. Dropping it ends the session and stops
/// every process it started.
pub struct App {
    runtime: tokio::runtime::Runtime,
    client: Client,
    /// The home and data folders the app runs with.
    pub home: PathBuf,
    /// When the session (and with it the app) was asked for.
    pub launched: Instant,
    driver: Driver,
    _xvfb: Running,
    /// Declared last, so it is given back after the processes above are stopped (two for an
    /// app that runs alone).
    _turn: Vec<Turn>,
}

/// Whether a WebDriver request failed for want of an answer rather than by the driver's
/// choice: the driver now and then closes a connection without answering (seen here under
/// load), and such a request is sent again.
fn no_answer(error: &CmdError) -> bool {
    matches!(
        error,
        CmdError::Failed(_) | CmdError::FailedC(_) | CmdError::Lost(_)
    )
}

/// Whether WebKitWebDriver refused a command without saying why.
fn unnamed(error: &CmdError) -> bool {
    matches!(error, CmdError::Standard(e) if e.message.trim().is_empty())
}

/// Runs `attempt` until it succeeds or fails in a way `transient` does not forgive; at most
/// `tries` times more, `pause` apart.
fn again<T>(
    what: &str,
    tries: usize,
    pause: Duration,
    transient: fn(&CmdError) -> bool,
    mut attempt: impl FnMut() -> Result<T, CmdError>,
) -> Result<T, CmdError> {
    let mut left = tries;
    loop {
        match attempt() {
            Err(e) if transient(&e) && left > 0 => {
                left -= 1;
                eprintln!("again {what}: {e}");
                std::thread::sleep(pause);
            }
            other => return other,
        }
    }
}

/// Whether WebKitWebDriver failed to read back what a script returned (see
/// [`App::run_script`]).
fn unreadable_result(error: &CmdError) -> bool {
    matches!(error, CmdError::Standard(e) if e.message.contains("Could not parse script result"))
}

/// A finger put down where `finger` is, held `hold_ms`, and lifted.
fn press(finger: TouchActions, hold_ms: u64) -> TouchActions {
    finger
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::Pause {
            duration: Duration::from_millis(hold_ms),
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        })
}

/// How long one tauri-driver is given to open a session before a new one is started.
const DRIVER_PATIENCE: Duration = Duration::from_secs(60);

/// Drivers started for one session before the test gives up.
const DRIVER_STARTS: u32 = 4;

/// Starts the app in a new WebDriver session on `driver`, starting a new driver when one
/// opens no session within [`DRIVER_PATIENCE`].
fn new_session(runtime: &tokio::runtime::Runtime, driver: &mut Driver) -> Client {
    for start in 1..=DRIVER_STARTS {
        if let Some(client) = try_session(runtime, driver.port) {
            return client;
        }
        if start < DRIVER_STARTS {
            driver.restart();
        }
    }
    panic!("no WebDriver session on the app from {DRIVER_STARTS} tauri-drivers");
}

/// A session on tauri-driver at `port`, or None when it opens none in [`DRIVER_PATIENCE`].
fn try_session(runtime: &tokio::runtime::Runtime, port: u16) -> Option<Client> {
    let app = PathBuf::from(env!("CARGO_BIN_EXE_okey-app"));
    let mut capabilities = Capabilities::new();
    capabilities.insert("tauri:options".into(), json!({"application": app}));
    let url = format!("http://127.0.0.1:{port}");
    // tauri-driver answers before WebKitWebDriver behind it is ready; try again. A request
    // that gets no answer at all (seen once in 2026-11 after a restart: the whole run hung)
    // is given up after the driver's time, so the wait stays bounded.
    within(DRIVER_PATIENCE, || {
        runtime.block_on(async {
            let mut builder = ClientBuilder::new(HttpConnector::new());
            builder.capabilities(capabilities.clone());
            match tokio::time::timeout(DRIVER_PATIENCE, builder.connect(&url)).await {
                Ok(session) => session.map_err(|e| eprintln!("no session yet: {e}")).ok(),
                Err(_) => {
                    eprintln!("no session yet: no answer in time");
                    None
                }
            }
        })
    })
}

/// The `okey` command the workspace tests build beside the app; None when it has not been
/// built (outside the workspace's test run), which fails under CI.
pub fn okey_binary() -> Option<PathBuf> {
    let okey = Path::new(env!("CARGO_BIN_EXE_okey-app")).with_file_name("okey");
    if okey.exists() {
        return Some(okey);
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "CI runs the workspace tests, which build {}",
        okey.display()
    );
    eprintln!("no {}: what needs okey is skipped", okey.display());
    None
}

impl App {
    /// The app's data folder (saves and settings) in this test's home.
    pub fn data_dir(&self) -> PathBuf {
        self.home.join("data").join("app.okey.desktop")
    }

    /// Starts Xvfb, tauri-driver and the app; None when the tools are missing outside CI.
    pub fn start(name: &str) -> Option<App> {
        App::start_with(name, 1)
    }

    /// Starts the app with no other app beside it, for a story that measures or that drives
    /// the page hard (two busy apps on two cores can starve a page until WebKit calls it hung).
    /// One story at most may ask for this, so two never wait on each other.
    pub fn start_alone(name: &str) -> Option<App> {
        App::start_with(name, crate::harness::APPS_AT_ONCE)
    }

    fn start_with(name: &str, places: usize) -> Option<App> {
        if !missing_tools().is_empty() {
            return None;
        }
        let turn: Vec<Turn> = (0..places).map(|_| Turn::wait()).collect();
        let home = std::env::temp_dir().join(format!("okey-e2e-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&home).expect("a temporary home");
        // Each test its own display, so tests may run side by side: Xvfb picks a free one.
        let (xvfb, display) = start_xvfb();
        let mut driver = Driver::start(&display, &home);
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a tokio runtime for the WebDriver client");
        let launched = Instant::now();
        let client = new_session(&runtime, &mut driver);
        Some(App {
            runtime,
            client,
            home,
            launched,
            driver,
            _xvfb: xvfb,
            _turn: turn,
        })
    }

    /// Quits the app (the WebDriver session ends and takes the app with it) and starts it
    /// again on the same home and data folders, as a user reopening it.
    pub fn restart(&mut self) {
        self.quit();
        self.launch();
    }

    /// Quits the app and waits until it is gone (the saves stay locked while it lives);
    /// [`App::launch`] starts it again.
    pub fn quit(&mut self) {
        self.wd("ending the session", |c| c.close())
            .expect("the session ends");
        wait_until("the app to quit", || {
            (app_memory_kb(&self.home) == 0).then_some(())
        });
    }

    /// Quits the app, plays a 101 match of bots with `okey autoplay` into its save folder
    /// (`args` after `--variant 101`: seed, bots, rounds) and starts the app again. False,
    /// the app left closed, when `okey` is not built (outside CI).
    pub fn autoplay101(&mut self, args: &[&str]) -> bool {
        let Some(okey) = okey_binary() else {
            return false;
        };
        self.quit();
        let out = std::process::Command::new(okey)
            .args(["autoplay", "--variant", "101"])
            .args(args)
            .arg("--data-dir")
            .arg(self.data_dir())
            .output()
            .expect("okey autoplay runs");
        assert!(out.status.success(), "{out:?}");
        self.launch();
        true
    }

    /// Starts the app again after [`App::quit`], on the same home and data folders.
    pub fn launch(&mut self) {
        self.launched = Instant::now();
        self.client = new_session(&self.runtime, &mut self.driver);
    }

    /// Runs one WebDriver exchange, sent again while it gets no answer at all.
    fn wd<T, F, Fut>(&self, what: &str, exchange: F) -> Result<T, CmdError>
    where
        F: Fn(Client) -> Fut,
        Fut: Future<Output = Result<T, CmdError>>,
    {
        again(what, 20, Duration::from_millis(250), no_answer, || {
            self.runtime.block_on(async {
                tokio::time::timeout(PATIENCE, exchange(self.client.clone()))
                    .await
                    .unwrap_or_else(|_| {
                        Err(CmdError::Lost(std::io::Error::new(
                            std::io::ErrorKind::TimedOut,
                            "no answer in time",
                        )))
                    })
            })
        })
    }

    /// The first element matching a CSS selector, if any.
    pub fn find(&self, selector: &str) -> Option<Element> {
        self.wd(
            selector,
            |c| async move { c.find(Locator::Css(selector)).await },
        )
        .ok()
    }

    pub fn wait_for(&self, selector: &str) -> Element {
        wait_until(selector, || self.find(selector))
    }

    /// Finds `selector`, scrolls it into view and runs `act` on it. Bot moves redraw the
    /// table at any moment, so an element replaced before `act` reached it is found again.
    fn on_element<F, Fut>(&self, selector: &str, verb: &str, act: F)
    where
        F: Fn(Client, Element) -> Fut,
        Fut: Future<Output = Result<(), CmdError>>,
    {
        for _ in 0..5 {
            let element = self.wait_for(selector);
            // Pages scroll inside their own box, which the driver does not always do for us.
            let _ = self.run_script(
                "arguments[0].scrollIntoView({block: 'center'});",
                vec![json!(element)],
            );
            match self.wd(selector, |c| act(c, element.clone())) {
                Ok(()) => return,
                Err(e) if e.is_stale_element_reference() => continue,
                // WebKitWebDriver may answer an action on a node just taken out of the page
                // with an error that names nothing (seen once in CI, on a button redrawn as
                // it was touched): find the element again then too.
                Err(e) if unnamed(&e) || !self.attached(&element) => {
                    eprintln!("again {verb} {selector}: {e:?}");
                }
                Err(e) => panic!("{verb} {selector}: {e}"),
            }
        }
        panic!("{verb} {selector}: the element kept being replaced");
    }

    /// Whether `element` is still in the page.
    fn attached(&self, element: &Element) -> bool {
        self.run_script("return arguments[0].isConnected;", vec![json!(element)])
            .is_ok_and(|v| v == Value::Bool(true))
    }

    pub fn click(&self, selector: &str) {
        self.on_element(selector, "clicking", |_, element| async move {
            element.click().await
        });
    }

    /// Presses and releases each key in turn, as a keyboard would (WebDriver actions).
    pub fn keys(&self, keys: &[char]) {
        let mut typing = KeyActions::new("keyboard".into());
        for &key in keys {
            typing = typing
                .then(KeyAction::Down { value: key })
                .then(KeyAction::Up { value: key });
        }
        self.wd("pressing keys", |c| {
            let typing = typing.clone();
            async move { c.perform_actions(typing).await }
        })
        .unwrap_or_else(|e| panic!("pressing {keys:?}: {e}"));
    }

    /// Touches `selector` with a finger for `hold_ms` (WebDriver touch actions; WebKitGTK's
    /// driver delivers them as mouse pointer events).
    pub fn tap_for(&self, selector: &str, hold_ms: u64) {
        self.on_element(selector, "touching", |c, element| async move {
            let finger = press(
                TouchActions::new("finger".into()).then(PointerAction::MoveToElement {
                    element,
                    duration: Some(Duration::ZERO),
                    x: 0.0,
                    y: 0.0,
                }),
                hold_ms,
            );
            let touched = c.perform_actions(finger).await;
            let _ = c.release_actions().await;
            touched
        });
    }

    /// Taps a finger at each point of the window in turn (viewport coordinates), resting
    /// `hold_ms` on the glass and `gap_ms` between taps, in one chain of actions: a hand's
    /// taps, which land on whatever is under them at the time.
    pub fn finger_taps(&self, points: &[(f64, f64)], hold_ms: u64, gap_ms: u64) {
        let mut finger = TouchActions::new("finger".into());
        for (i, &(x, y)) in points.iter().enumerate() {
            if i > 0 {
                finger = finger.then(PointerAction::Pause {
                    duration: Duration::from_millis(gap_ms),
                });
            }
            finger = press(
                finger.then(PointerAction::MoveTo {
                    duration: Some(Duration::ZERO),
                    x: x.round(),
                    y: y.round(),
                }),
                hold_ms,
            );
        }
        self.wd("tapping", |c| {
            let finger = finger.clone();
            async move {
                let touched = c.perform_actions(finger).await;
                let _ = c.release_actions().await;
                touched
            }
        })
        .unwrap_or_else(|e| panic!("tapping at {points:?}: {e}"));
    }

    pub fn tap(&self, selector: &str) {
        self.tap_for(selector, 40);
    }

    /// Two quick taps of a finger on `selector`, `gap_ms` apart, in one chain of actions (a
    /// tap may redraw the element; the second lands where the first did).
    pub fn double_tap(&self, selector: &str, gap_ms: u64) {
        self.on_element(selector, "double-tapping", |c, element| async move {
            let start = TouchActions::new("finger".into()).then(PointerAction::MoveToElement {
                element,
                duration: Some(Duration::ZERO),
                x: 0.0,
                y: 0.0,
            });
            let finger = press(
                press(start, 30).then(PointerAction::Pause {
                    duration: Duration::from_millis(gap_ms),
                }),
                30,
            );
            let touched = c.perform_actions(finger).await;
            let _ = c.release_actions().await;
            touched
        });
    }

    /// Drags the first element matching `from` onto the first matching `to` with a mouse.
    pub fn drag(&self, from: &str, to: &str) {
        let (a, b) = (self.wait_for(from), self.wait_for(to));
        let moved = |element: &Element, ms: u64, x: f64, y: f64| PointerAction::MoveToElement {
            element: element.clone(),
            duration: Some(Duration::from_millis(ms)),
            x,
            y,
        };
        let mouse = MouseActions::new("mouse".into())
            .then(moved(&a, 0, 0.0, 0.0))
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(moved(&a, 150, 12.0, -12.0))
            .then(moved(&b, 250, 0.0, 0.0))
            .then(PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            });
        self.wd("dragging", |c| {
            let mouse = mouse.clone();
            async move { c.perform_actions(mouse).await }
        })
        .unwrap_or_else(|e| panic!("dragging {from} to {to}: {e}"));
        let _ = self.wd("releasing", |c| async move { c.release_actions().await });
    }

    /// Resizes the window, waits until the page has the new size, and gives it a moment to
    /// lay itself out again (media-query listeners run after the size changes).
    pub fn resize(&self, width: u32, height: u32) {
        self.wd("resizing", |c| async move {
            c.set_window_size(width, height).await
        })
        .unwrap_or_else(|e| panic!("resizing to {width}x{height}: {e}"));
        wait_until("the new window size", || {
            let size = self.script("return [innerWidth, innerHeight];", json!([]));
            (size == json!([width, height])).then_some(())
        });
        std::thread::sleep(Duration::from_millis(200));
    }

    /// The window's title.
    pub fn title(&self) -> String {
        self.wd("the title", |c| async move { c.title().await })
            .expect("the title")
    }

    /// Runs a script in the page. WebKitWebDriver now and then fails to read back a script's
    /// result while the page is busy redrawing ("Could not parse script result", seen here
    /// mid-round); every script the stories run only reads or sets a value, so it runs again.
    fn run_script(&self, body: &str, args: Vec<Value>) -> Result<Value, CmdError> {
        again(
            body,
            5,
            Duration::from_millis(200),
            unreadable_result,
            || {
                self.wd(body, |c| {
                    let args = args.clone();
                    async move { c.execute(body, args).await }
                })
            },
        )
    }

    /// Runs a script in the page and returns its value.
    pub fn script(&self, body: &str, args: Value) -> Value {
        let args = match args {
            Value::Array(args) => args,
            other => vec![other],
        };
        self.run_script(body, args)
            .unwrap_or_else(|e| panic!("script {body}: {e}"))
    }

    /// Runs an asynchronous script (its last argument is the callback) and returns what it
    /// passed back, or the driver's error.
    pub fn script_async(&self, body: &str) -> Result<Value, CmdError> {
        self.wd(
            body,
            |c| async move { c.execute_async(body, Vec::new()).await },
        )
    }

    /// An attribute of the first element matching `selector`.
    pub fn attr(&self, selector: &str, name: &str) -> Option<String> {
        self.script(
            "const e = document.querySelector(arguments[0]); return e ? e.getAttribute(arguments[1]) : null;",
            json!([selector, name]),
        )
        .as_str()
        .map(str::to_string)
    }

    /// Every value of attribute `name` on the elements matching `selector`, in page order.
    pub fn attrs(&self, selector: &str, name: &str) -> Vec<String> {
        let found = self.script(
            "return [...document.querySelectorAll(arguments[0])].map(e => e.getAttribute(arguments[1]));",
            json!([selector, name]),
        );
        strings(&found)
    }

    pub fn text(&self, selector: &str) -> Option<String> {
        self.script(
            "const e = document.querySelector(arguments[0]); return e ? e.textContent : null;",
            json!([selector]),
        )
        .as_str()
        .map(str::to_string)
    }

    pub fn number(&self, selector: &str, name: &str) -> i64 {
        self.attr(selector, name)
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("{selector} has no numeric {name}"))
    }

    /// Saves a screenshot as a test artifact and returns where.
    pub fn screenshot(&self, name: &str) -> PathBuf {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("e2e-screenshots");
        std::fs::create_dir_all(&dir).expect("a screenshot folder");
        let png = self
            .wd("a screenshot", |c| async move { c.screenshot().await })
            .expect("a screenshot");
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, png).expect("the screenshot is written");
        eprintln!("screenshot: {}", path.display());
        path
    }

    /// What is wrong with the layout of the screen shown (layout.js): named parts out of the
    /// window, overlapping, hidden or under 44 px, a page that scrolls, rack tiles narrower
    /// than 44 px; only inside `scope` when one is given (an overlay). Empty when right.
    pub fn layout_faults(&self, scope: Option<&str>) -> Vec<String> {
        let found = self.script(include_str!("layout.js"), json!([44, scope]));
        strings(&found)
    }

    /// The table's `data-phase`: `draw`, `discard`, `waiting`, `round-over`, `match-over`.
    pub fn phase(&self) -> String {
        self.attr("[data-screen=table]", "data-phase")
            .unwrap_or_default()
    }

    /// How many of the player's commands the table has had answered.
    pub fn answered(&self) -> u64 {
        self.attr("[data-screen=table]", "data-answered")
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    }

    /// Back, screen by screen (at most four), to the home screen.
    pub fn back_home(&self) {
        for _ in 0..4 {
            if self.find("[data-screen=home]").is_some() {
                return;
            }
            self.click("[data-action=back]");
        }
        self.wait_for("[data-screen=home]");
    }

    /// Clicks `selector` on the table and waits until Rust's answer to it has landed.
    pub fn click_answered(&self, selector: &str) {
        let before = self.answered();
        self.click(selector);
        wait_until(&format!("the answer to {selector}"), || {
            (self.answered() > before).then_some(())
        });
    }

    /// The tile ids on the rack, slot by slot (None for an empty slot).
    pub fn rack(&self) -> Vec<Option<u64>> {
        let value = self.script(
            "return [...document.querySelectorAll('[data-rack] [data-slot]')].map(s => { const t = s.querySelector('[data-tile-id]'); return t ? Number(t.dataset.tileId) : null; });",
            json!([]),
        );
        value
            .as_array()
            .expect("slots")
            .iter()
            .map(Value::as_u64)
            .collect()
    }
}

impl Drop for App {
    fn drop(&mut self) {
        let _ = self.wd("ending the session", |c| c.close());
        stop_native_driver(self.driver.native);
        let _ = std::fs::remove_dir_all(&self.home);
    }
}

/// The strings of a JSON array (a script's answer); others are left out.
pub fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}
