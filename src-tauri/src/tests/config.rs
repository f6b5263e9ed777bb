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
    // Only our own files may load (the words' JSON is fetched from them); IPC stays
    // reachable for the commands.
    assert!(csp.contains("default-src 'self'"), "{csp}");
    assert!(
        csp.contains("connect-src 'self' ipc: http://ipc.localhost"),
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
        "/table/screen.js",
        "/table.css",
        "/table/avatar.js",
        "/table/rack.js",
        "/games/duz/table.js",
        "/games/r101/table.js",
        "/games/r101/table.css",
        "/vendor/preact/preact.js",
        "/view.js",
        "/tile.js",
        "/i18n.js",
        "/i18n/en.json",
        "/i18n/tr.json",
        "/fonts/nunito-latin-wght-normal.woff2",
        "/fonts/nunito-latin-ext-wght-normal.woff2",
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

#[test]
fn landscape_script_asks_the_generated_phone_projects_for_landscape() {
    // What `tauri android init` and `ios init` generate, cut down to what the script edits.
    let gen = tempfile::tempdir().expect("a temporary folder");
    let android = gen.path().join("android/app/src/main");
    let ios = gen.path().join("apple/okey_iOS");
    std::fs::create_dir_all(&android).unwrap();
    std::fs::create_dir_all(&ios).unwrap();
    let manifest = android.join("AndroidManifest.xml");
    std::fs::write(
        &manifest,
        "<manifest>\n  <application>\n    <activity\n      android:name=\".MainActivity\">\n    </activity>\n  </application>\n</manifest>\n",
    )
    .unwrap();
    let plist = ios.join("Info.plist");
    std::fs::write(
        &plist,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>UISupportedInterfaceOrientations</key><array><string>UIInterfaceOrientationPortrait</string></array></dict></plist>\n",
    )
    .unwrap();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/landscape.sh");
    // Twice: a second run must leave one orientation, not two.
    for _ in 0..2 {
        let status = std::process::Command::new("bash")
            .arg(script)
            .arg(gen.path())
            .status()
            .expect("bash runs");
        assert!(status.success());
    }
    let manifest = std::fs::read_to_string(&manifest).unwrap();
    assert_eq!(
        manifest.matches("screenOrientation").count(),
        1,
        "{manifest}"
    );
    assert!(manifest.contains("android:screenOrientation=\"sensorLandscape\""));
    let plist = std::fs::read_to_string(&plist).unwrap();
    assert!(
        plist.contains("UIInterfaceOrientationLandscapeLeft"),
        "{plist}"
    );
    assert!(!plist.contains("UIInterfaceOrientationPortrait"), "{plist}");
}
