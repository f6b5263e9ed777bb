//! Printing a command's report: its JSON line with `--json`, else its text for a person.

use crate::failure::Failure;
use std::io::{self, Write};

/// Prints a report: as its JSON line when `json` is set, else as text.
pub fn print(
    json: bool,
    line: impl FnOnce() -> String,
    text: impl FnOnce() -> String,
) -> Result<(), Failure> {
    let out = if json {
        format!("{}\n", line())
    } else {
        text()
    };
    io::stdout().lock().write_all(out.as_bytes())?;
    Ok(())
}
