//! The Okey app shell: builds the Tauri app around the `ui/` front-end. The game itself lives
//! in the `okey-core` crate; this shell stays thin and for now only opens the main window.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

/// The app's compiled-in context: `tauri.conf.json`, the `ui/` assets, icons and capabilities.
/// `generate_context!` embeds all of them, so it is called here only, once.
fn context() -> tauri::Context<tauri::Wry> {
    tauri::generate_context!()
}

/// Starts the app and blocks until its last window closes.
#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    if let Err(error) = tauri::Builder::default().run(context()) {
        // Nothing can be shown without a window, so stderr is the only place to say why.
        eprintln!("Okey could not start: {error}");
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::context;
    use tauri::utils::assets::AssetKey;

    #[test]
    fn main_window_and_strict_csp_come_from_the_config() {
        let ctx = context();
        let config = ctx.config();
        let main = config.app.windows.iter().find(|w| w.label == "main");
        assert_eq!(main.map(|w| w.title.as_str()), Some("Okey"));
        assert!(config.app.with_global_tauri);
        let csp = config.app.security.csp.as_ref().map(|c| c.to_string());
        let csp = csp.unwrap_or_default();
        // Only our own files may load; IPC stays reachable for the commands to come.
        assert!(csp.contains("default-src 'self'"), "{csp}");
        assert!(
            csp.contains("connect-src ipc: http://ipc.localhost"),
            "{csp}"
        );
    }

    #[test]
    fn front_end_is_embedded() {
        let ctx = context();
        for file in ["/index.html", "/main.js", "/style.css", "/icon.svg"] {
            let key = AssetKey::from(file);
            assert!(ctx.assets().get(&key).is_some(), "{file} is not embedded");
        }
    }

    #[test]
    fn page_icon_matches_the_app_icon() {
        // ui/ is all the webview can load, so it holds a copy; scripts/icons.sh refreshes it.
        assert_eq!(
            include_bytes!("../../ui/icon.svg").as_slice(),
            include_bytes!("../../icons/icon.svg").as_slice()
        );
    }
}
