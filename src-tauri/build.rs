//! Build script of the app: lets tauri-build embed the config, icons and capabilities.

fn main() {
    // The capabilities live under src-tauri/ while the manifest is at the root, and
    // tauri-build only looks beside the manifest unless told where they are.
    let attributes =
        tauri_build::Attributes::new().capabilities_path_pattern("./src-tauri/capabilities/**/*");
    if let Err(error) = tauri_build::try_build(attributes) {
        // Panicking is how a build script reports failure; the message says what to fix.
        panic!("tauri build step failed: {error:#}");
    }
}
