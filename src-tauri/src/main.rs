//! Desktop entry point: everything lives in the library so phones can share it.

// Without this a release build on Windows also opens a console window beside the app.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    okey_app_lib::run();
}
