//! The embedded config, front-end and icon.

use super::*;

#[test]
fn main_window_and_strict_csp_come_from_the_config() {
    let ctx = context();
    let config = ctx.config();
    let main = config.app.windows.iter().find(|w| w.label == "main");
    assert_eq!(main.map(|w| w.title.as_str()), Some("Okey"));
    assert!(config.app.with_global_tauri);
    let csp = config.app.security.csp.as_ref().map(|c| c.to_string());
    let csp = csp.unwrap_or_default();
    // Only our own files may load; IPC stays reachable for the commands.
    assert!(csp.contains("default-src 'self'"), "{csp}");
    assert!(
        csp.contains("connect-src ipc: http://ipc.localhost"),
        "{csp}"
    );
}

#[test]
fn front_end_is_embedded() {
    let ctx = context();
    for file in [
        "/index.html",
        "/main.js",
        "/style.css",
        "/icon.svg",
        "/table.js",
        "/rack.js",
        "/tile.js",
    ] {
        let key = AssetKey::from(file);
        assert!(ctx.assets().get(&key).is_some(), "{file} is not embedded");
    }
}

#[test]
fn page_icon_matches_the_app_icon() {
    // ui/ is all the webview can load, so it holds a copy; scripts/icons.sh refreshes it.
    assert_eq!(
        include_bytes!("../../../ui/icon.svg").as_slice(),
        include_bytes!("../../../icons/icon.svg").as_slice()
    );
}
