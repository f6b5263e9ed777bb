//! End-to-end: the real app binary in a real webview (WebKitGTK under Xvfb), driven over
//! WebDriver through tauri-driver, as a user would see it.
//!
//! Needs `tauri-driver`, `WebKitWebDriver` and `Xvfb` (scripts/setup.sh installs them). Where
//! they are missing the test says so and passes, except under CI (`CI` set), where it fails.

use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Kills a helper process and everything it started (its process group) when the test ends,
/// however it ends: tauri-driver leaves WebKitWebDriver behind otherwise.
struct Running(Child);

impl Running {
    fn spawn(command: &mut Command) -> Running {
        let child = command
            .process_group(0)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("{command:?} does not start: {e}"));
        Running(child)
    }
}

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
fn stop_native_driver(port: u16) {
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

fn have(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .stdout(Stdio::null())
        .status()
        .map(|s| s.success())
        .unwrap_or(false)
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free local port")
}

/// One WebDriver request; returns the `value` of the answer. The driver now and then closes
/// a connection without answering (seen here under load), so an empty answer is retried.
fn webdriver(port: u16, method: &str, path: &str, body: Option<Value>) -> Result<Value, String> {
    let mut tries = 0;
    loop {
        match exchange(port, method, path, body.as_ref()) {
            Err(Transport(e)) if tries < 20 => {
                tries += 1;
                eprintln!("retrying {method} {path}: {e}");
                std::thread::sleep(Duration::from_millis(250));
            }
            Err(Transport(e)) => return Err(e),
            Ok(answer) => return answer,
        }
    }
}

/// A request that got no usable HTTP answer at all.
struct Transport(String);

/// One request over plain HTTP/1.1: a transport failure, or the driver's answer.
fn exchange(
    port: u16,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> Result<Result<Value, String>, Transport> {
    let transport = |e: std::io::Error| Transport(e.to_string());
    let mut stream = TcpStream::connect(("127.0.0.1", port)).map_err(transport)?;
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .map_err(transport)?;
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).map_err(transport)?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer).map_err(transport)?;
    let Some((_, json)) = answer.split_once("\r\n\r\n") else {
        return Err(Transport(format!(
            "no HTTP answer ({} bytes)",
            answer.len()
        )));
    };
    Ok(parse_answer(json))
}

/// The `value` of a WebDriver answer, or its error.
fn parse_answer(json: &str) -> Result<Value, String> {
    // A chunked answer has size lines around the JSON; keep the JSON object itself.
    let start = json.find('{').ok_or("no JSON in answer")?;
    let end = json.rfind('}').ok_or("no JSON in answer")?;
    let value: Value = serde_json::from_str(&json[start..=end]).map_err(|e| e.to_string())?;
    let value = value.get("value").cloned().unwrap_or(Value::Null);
    if let Some(error) = value.get("error") {
        return Err(format!(
            "{error}: {}",
            value.get("message").unwrap_or(&Value::Null)
        ));
    }
    Ok(value)
}

fn wait_until<T>(what: &str, mut probe: impl FnMut() -> Option<T>) -> T {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Some(v) = probe() {
            return v;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn app_window_shows_the_not_ready_screen_and_reaches_rust() {
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
        return;
    }
    let home = std::env::temp_dir().join(format!("okey-e2e-{}", std::process::id()));
    std::fs::create_dir_all(&home).expect("a temporary home");
    let display = format!(":{}", 90 + std::process::id() % 400);
    let _xvfb = Running::spawn(Command::new("Xvfb").args([
        display.as_str(),
        "-screen",
        "0",
        "1280x800x24",
        "-nolisten",
        "tcp",
    ]));
    let (port, native) = (free_port(), free_port());
    let _driver = Running::spawn(
        Command::new("tauri-driver")
            .args([
                "--port",
                &port.to_string(),
                "--native-port",
                &native.to_string(),
            ])
            .env("DISPLAY", &display)
            .env("NO_AT_BRIDGE", "1")
            // A fresh home and data dir, so nothing of the developer's leaks in.
            .env("HOME", &home)
            .env("XDG_DATA_HOME", home.join("data")),
    );
    wait_until("tauri-driver", || {
        webdriver(port, "GET", "/status", None).ok()
    });

    let app = PathBuf::from(env!("CARGO_BIN_EXE_okey-app"));
    let capabilities =
        json!({"capabilities": {"alwaysMatch": {"tauri:options": {"application": app}}}});
    // tauri-driver answers /status before WebKitWebDriver behind it is ready; retry.
    let session = wait_until("a WebDriver session on the app", || {
        webdriver(port, "POST", "/session", Some(capabilities.clone())).ok()
    });
    let id = session["sessionId"]
        .as_str()
        .expect("a session id")
        .to_string();

    let text_of = |selector: &str| -> Option<String> {
        let found = webdriver(
            port,
            "POST",
            &format!("/session/{id}/element"),
            Some(json!({"using": "css selector", "value": selector})),
        )
        .ok()?;
        let element = found.as_object()?.values().next()?.as_str()?.to_string();
        let text = webdriver(
            port,
            "GET",
            &format!("/session/{id}/element/{element}/text"),
            None,
        )
        .ok()?;
        text.as_str().map(str::to_string).filter(|t| !t.is_empty())
    };
    let lead = wait_until("the not-ready screen", || {
        text_of("[data-screen=not-ready] h1")
    });
    assert_eq!(lead, "Okey");
    // The version comes from Rust over IPC: it shows that the CSP lets commands through.
    let version = wait_until("the version line", || text_of("[data-app-version]"));
    assert_eq!(version, format!("Okey {}", env!("CARGO_PKG_VERSION")));
    let title = webdriver(port, "GET", &format!("/session/{id}/title"), None).expect("the title");
    assert_eq!(title, "Okey");

    let _ = webdriver(port, "DELETE", &format!("/session/{id}"), None);
    drop(_driver);
    stop_native_driver(native);
    let _ = std::fs::remove_dir_all(&home);
}
