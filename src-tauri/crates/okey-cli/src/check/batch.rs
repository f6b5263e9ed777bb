//! `okey check --batch --json`: one hand per stdin line, one JSON object per hand.

use crate::check::duz::{check, CheckError};
use crate::check::output;
use crate::variant::Variant;
use okey_core::r101::practice::check as check101;
use std::collections::BTreeMap;
use std::io::{self, BufRead, Write};
use std::sync::{mpsc, Mutex};

/// The longest line read as a hand. A hand is 16 words of at most 3 characters each, under
/// 70 bytes; anything much longer is not a hand, and is not held in memory whole.
pub const LINE_LIMIT: usize = 1024;

/// What a batch run saw, for the exit status.
pub struct Summary {
    /// Lines that could not be checked.
    pub bad_lines: usize,
}

/// One line of input, as read within the limit.
enum Line {
    /// The line as text (without its end).
    Text(String),
    /// Bytes that are not UTF-8.
    NotText,
    /// More than [`LINE_LIMIT`] bytes; the rest of it was skipped unread.
    TooLong,
}

/// Reads `INDICATOR TILE TILE ...` lines and writes a JSON object for each, in the order of
/// the lines. Blank lines and `#` comments are skipped; a bad line (a bad hand, bytes that
/// are not UTF-8, a line longer than [`LINE_LIMIT`]) becomes `{"line": N, "error": ...}` and
/// the rest go on. `variant` says which game's hands they are (Düz or 101).
///
/// Hands are checked on as many threads as the machine has cores; each answer is written as
/// soon as it and every answer before it are ready, so a program that writes a line and
/// waits gets its answer at once, and a long batch keeps every core busy.
pub fn run<R: io::Read + Send>(
    variant: Variant,
    input: io::BufReader<R>,
    output: impl Write,
) -> io::Result<Summary> {
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get().min(8));
    let (jobs_in, jobs) = mpsc::channel::<(usize, Vec<(usize, Line)>)>();
    let jobs = Mutex::new(jobs);
    let (answers_in, answers) = mpsc::channel::<(usize, Vec<(String, bool)>)>();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let (jobs, answers_in) = (&jobs, answers_in.clone());
            scope.spawn(move || loop {
                // The lock is held only to take the next job.
                let job = jobs.lock().map_or(None, |rx| rx.recv().ok());
                let Some((seq, lines)) = job else { break };
                let done = lines
                    .into_iter()
                    .map(|(number, line)| match answer(variant, number, line) {
                        Ok(v) => (v, false),
                        Err(v) => (v, true),
                    })
                    .collect();
                if answers_in.send((seq, done)).is_err() {
                    break;
                }
            });
        }
        drop(answers_in);
        let reader = scope.spawn(move || read_jobs(input, jobs_in));
        // When writing fails, the answers channel closes: the workers and the reader stop.
        let written = write_in_order(answers, output);
        let read = reader
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e));
        let summary = written?;
        read?;
        Ok(summary)
    })
}

/// Most lines handed out as one job.
const CHUNK: usize = 64;

/// Reads the lines and hands them out to check, numbered, in chunks of the lines already
/// read in (one line when a program writes one and waits); blank lines and comments are
/// counted and skipped.
fn read_jobs<R: io::Read>(
    mut input: io::BufReader<R>,
    jobs: mpsc::Sender<(usize, Vec<(usize, Line)>)>,
) -> io::Result<()> {
    let mut number = 0;
    let mut seq = 0;
    let mut chunk = Vec::new();
    loop {
        // Waits for a line only when no whole line is already in the buffer.
        let ready = input.buffer().contains(&b'\n');
        if (!ready && !chunk.is_empty()) || chunk.len() >= CHUNK {
            // The workers stopped (the output closed): stop reading.
            if jobs.send((seq, std::mem::take(&mut chunk))).is_err() {
                return Ok(());
            }
            seq += 1;
        }
        let Some(line) = next_line(&mut input)? else {
            break;
        };
        number += 1;
        if let Line::Text(text) = &line {
            let text = text.trim();
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
        }
        chunk.push((number, line));
    }
    if !chunk.is_empty() {
        // Nothing is left to do when the workers already stopped.
        let _ = jobs.send((seq, chunk));
    }
    Ok(())
}

/// One line's JSON answer: Ok for a hand checked, Err for a bad line.
fn answer(variant: Variant, number: usize, line: Line) -> Result<String, String> {
    let value = match line {
        Line::Text(text) => {
            let mut words = text.split_whitespace();
            // A non-blank line always has a first word, which is the indicator.
            let indicator = words.next().unwrap_or_default();
            let tiles: Vec<&str> = words.collect();
            match variant {
                Variant::Duz => check(indicator, &tiles, &[])
                    .map(|report| output::json(&report))
                    .map_err(|e| output::json_error(number, &e)),
                Variant::Okey101 => check101(indicator, &tiles)
                    .map(|report| crate::check::r101::json(&report))
                    .map_err(|e| output::json_error(number, &e)),
            }
        }
        Line::NotText => Err(output::json_error(number, &CheckError::NotText)),
        Line::TooLong => Err(output::json_error(
            number,
            &CheckError::LineTooLong { limit: LINE_LIMIT },
        )),
    };
    value
}

/// Writes the answers in the order of their lines, flushing whenever no answer is waiting
/// (a reader on the other end of a pipe gets each as soon as it can).
fn write_in_order(
    answers: mpsc::Receiver<(usize, Vec<(String, bool)>)>,
    mut output: impl Write,
) -> io::Result<Summary> {
    let mut waiting = BTreeMap::new();
    let mut next = 0;
    let mut bad_lines = 0;
    while let Ok(first) = answers.recv() {
        let mut got = Some(first);
        while let Some((seq, done)) = got {
            waiting.insert(seq, done);
            got = answers.try_recv().ok();
        }
        while let Some(done) = waiting.remove(&next) {
            for (text, bad) in done {
                bad_lines += usize::from(bad);
                writeln!(output, "{text}")?;
            }
            next += 1;
        }
        output.flush()?;
    }
    Ok(Summary { bad_lines })
}

/// The next line, None at the end of the input. Bytes past the limit are consumed without
/// being kept.
fn next_line(input: &mut impl BufRead) -> io::Result<Option<Line>> {
    let mut bytes = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            break;
        }
        any = true;
        let (chunk, ended) = match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => (&buffer[..end], true),
            None => (buffer, false),
        };
        if bytes.len() + chunk.len() > LINE_LIMIT {
            too_long = true;
        } else {
            bytes.extend_from_slice(chunk);
        }
        let used = chunk.len() + usize::from(ended);
        input.consume(used);
        if ended {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    Ok(Some(if too_long {
        Line::TooLong
    } else {
        match String::from_utf8(bytes) {
            Ok(text) => Line::Text(text),
            Err(_) => Line::NotText,
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<String> {
        let mut out = Vec::new();
        run(Variant::Duz, io::BufReader::new(input), &mut out).unwrap();
        String::from_utf8(out)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn a_line_that_is_not_utf8_or_too_long_is_reported_and_the_next_is_checked() {
        let mut input = b"R4 R1 \xff\xfe R2\n".to_vec();
        input.extend(vec![b'R'; 100_000]);
        input.extend(b"\nR4 R1 R2\n");
        let out = lines(&input);
        assert_eq!(out.len(), 3, "{out:?}");
        assert!(
            out[0].starts_with("{\"line\":1,\"error\":\"the line is not UTF-8"),
            "{}",
            out[0]
        );
        assert!(
            out[1].starts_with("{\"line\":2,\"error\":\"the line is longer than 1024"),
            "{}",
            out[1]
        );
        assert!(out[1].len() < 200, "{}", out[1]);
        assert!(out[2].starts_with("{\"line\":3,"), "{}", out[2]);
    }

    #[test]
    fn the_last_line_needs_no_newline_and_crlf_is_read() {
        let out = lines(b"# c\r\n\r\nR4 R1\r\nR4 R1");
        assert_eq!(out.len(), 2, "{out:?}");
        assert!(out[0].starts_with("{\"line\":3,"), "{}", out[0]);
        assert!(out[1].starts_with("{\"line\":4,"), "{}", out[1]);
    }
}
