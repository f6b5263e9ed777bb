//! Sled's reads and writes guarded against damage: sled 0.34 panics on some damaged pages,
//! and those panics become a description of the damage instead of a crash or a backtrace on
//! the user's terminal.

use std::panic::{catch_unwind, AssertUnwindSafe};

/// Keeps panics raised inside sled (which [`guarded`] and the open catch as damage) from
/// printing their text and backtrace to the user's terminal: the process's panic hook is
/// wrapped, once, to stay quiet for a panic whose location is in sled's sources and to pass
/// every other panic on as before.
pub(crate) fn quiet_sled_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let in_sled = info.location().is_some_and(|l| {
                let file = l.file().replace('\\', "/");
                file.contains("/sled-") || file.starts_with("sled-")
            });
            if !in_sled {
                previous(info);
            }
        }));
    });
}

/// Runs a sled read or write, turning both its errors and its panics (sled 0.34 panics on
/// some damaged pages) into a description of the damage.
pub(crate) fn guarded<T>(f: impl FnOnce() -> Result<T, sled::Error>) -> Result<T, String> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(e)) => Err(e.to_string()),
        Err(panic) => Err(panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "the database library failed on damaged data".into())),
    }
}
