//! `okey check --batch --json`: one hand per stdin line, one JSON object per hand.

use crate::args::Variant;
use crate::check::check;
use crate::check101::check101;
use crate::output;
use std::io::{self, BufRead, Write};

/// What a batch run saw, for the exit status.
pub struct Summary {
    /// Lines that could not be checked.
    pub bad_lines: usize,
}

/// Reads `INDICATOR TILE TILE ...` lines and writes a JSON object for each. Blank lines and
/// `#` comments are skipped; a bad line becomes `{"line": N, "error": ...}` and the rest go on.
pub fn run(variant: Variant, input: impl BufRead, mut output: impl Write) -> io::Result<Summary> {
    let mut bad_lines = 0;
    for (number, line) in input.lines().enumerate() {
        let line = line?;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut words = line.split_whitespace();
        // A non-blank line always has a first word, which is the indicator.
        let indicator = words.next().unwrap_or_default();
        let tiles: Vec<&str> = words.collect();
        let value = match variant {
            Variant::Duz => match check(indicator, &tiles, &[]) {
                Ok(report) => output::json(&report),
                Err(error) => {
                    bad_lines += 1;
                    output::json_error(number + 1, &error)
                }
            },
            Variant::Okey101 => match check101(indicator, &tiles) {
                Ok(report) => crate::check101::json(&report),
                Err(error) => {
                    bad_lines += 1;
                    output::json_error(number + 1, &error)
                }
            },
        };
        writeln!(output, "{value}")?;
        // A reader on the other end of a pipe gets each answer as soon as it is ready.
        output.flush()?;
    }
    Ok(Summary { bad_lines })
}
