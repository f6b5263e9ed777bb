//! Outside bots as programs for `okey arena --external CMD`: CMD runs through the shell, one
//! process per `external` entry of the seats; the arena writes protocol lines to its standard
//! input and reads its answers from its standard output (docs/PROTOCOL.md). A writer thread
//! and a reader thread stand between the two, each with a bounded queue, so the arena never
//! waits on the bot's pipes: a silent bot costs it the time limit and no more, a bot that stops
//! reading its input is taken as dead once its queue is full, one that floods its output is
//! read no faster than the arena asks, a line over the protocol's limit is refused without
//! being held whole, and the process is closed and waited for (killed if it will not end)
//! when the arena is done with it.

use okey_bots::outside::{Line, LineError, Unstarted, MAX_LINE};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender, TrySendError};
use std::time::{Duration, Instant};

/// How long a bot is given to end once its input is closed, before it is killed.
const GRACE: Duration = Duration::from_secs(2);

/// Lines the arena may have written that the bot has not read yet: more, and it is not
/// reading (a round sends a few hundred).
const UNREAD: usize = 4096;

/// Lines the bot may have written ahead of the arena's questions.
const AHEAD: usize = 64;

/// A running outside bot.
pub struct ProcessLine {
    child: Child,
    to_bot: Option<SyncSender<String>>,
    answers: Receiver<Result<String, LineError>>,
    limit: Duration,
}

/// The shell command that runs `command`. On Unix it leads a process group of its own, so
/// that everything it starts ends with it.
fn shell(command: &str) -> Command {
    if cfg!(windows) {
        let mut c = Command::new("cmd");
        c.args(["/C", command]);
        c
    } else {
        let mut c = Command::new("sh");
        c.args(["-c", command]);
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut c, 0);
        c
    }
}

/// Kills the bot and whatever it started (its process group, on Unix).
fn kill_all(child: &mut Child) {
    #[cfg(unix)]
    if let Ok(group) = i32::try_from(child.id()) {
        // SAFETY: kill(2) with a negative pid signals that process group only; the group is
        // the bot's own (process_group(0) above), never this process's.
        unsafe {
            libc::kill(-group, libc::SIGKILL);
        }
    }
    let _ = child.kill();
}

/// Starts `command` as an outside bot with `limit` to answer each decision; a command that
/// cannot be started is a line to no program (the seat is played by the random level and
/// counted as a crash).
pub fn start(command: &str, limit: Duration) -> Box<dyn Line> {
    let spawned = shell(command)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn();
    let Ok(mut child) = spawned else {
        return Box::new(Unstarted);
    };
    let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
        let _ = child.kill();
        let _ = child.wait();
        return Box::new(Unstarted);
    };
    let (tx, answers) = mpsc::sync_channel(AHEAD);
    std::thread::spawn(move || read_lines(stdout, |line| tx.send(line).is_ok()));
    let (to_bot, queue) = mpsc::sync_channel::<String>(UNREAD);
    std::thread::spawn(move || {
        let mut stdin = stdin;
        for line in queue {
            let written = stdin
                .write_all(line.as_bytes())
                .and_then(|()| stdin.write_all(b"\n"))
                .and_then(|()| stdin.flush());
            if written.is_err() {
                return;
            }
        }
        // The queue closed: so does the bot's input.
    });
    Box::new(ProcessLine {
        child,
        to_bot: Some(to_bot),
        answers,
        limit,
    })
}

/// Reads `stdout` line by line into `deliver` (until it says stop): each line whole, or
/// `TooLong` (the rest of it skipped) or `NotUtf8`; `Closed` at the end.
fn read_lines(stdout: impl Read, mut deliver: impl FnMut(Result<String, LineError>) -> bool) {
    let mut reader = BufReader::new(stdout);
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        let read = reader
            .by_ref()
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buffer);
        let line = match read {
            Ok(0) | Err(_) => {
                deliver(Err(LineError::Closed));
                return;
            }
            Ok(_) if buffer.len() > MAX_LINE => {
                // Skip to the end of the line without keeping it.
                let mut rest = Vec::new();
                loop {
                    rest.clear();
                    match reader.by_ref().take(64 * 1024).read_until(b'\n', &mut rest) {
                        Ok(0) | Err(_) => break,
                        Ok(_) if rest.ends_with(b"\n") => break,
                        Ok(_) => {}
                    }
                }
                Err(LineError::TooLong)
            }
            Ok(_) => {
                while buffer.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
                    buffer.pop();
                }
                String::from_utf8(std::mem::take(&mut buffer)).map_err(|_| LineError::NotUtf8)
            }
        };
        if !deliver(line) {
            return;
        }
    }
}

impl Line for ProcessLine {
    fn send(&mut self, line: &str) -> Result<(), LineError> {
        let to_bot = self.to_bot.as_ref().ok_or(LineError::Closed)?;
        match to_bot.try_send(line.to_string()) {
            Ok(()) => Ok(()),
            // A bot that reads nothing while thousands of lines wait is taken as dead.
            Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => Err(LineError::Closed),
        }
    }

    fn receive(&mut self) -> Result<String, LineError> {
        match self.answers.recv_timeout(self.limit) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => Err(LineError::TimedOut),
            Err(RecvTimeoutError::Disconnected) => Err(LineError::Closed),
        }
    }
}

impl Drop for ProcessLine {
    /// Closes the bot's input (a well-behaved bot then ends), waits a little, and kills it
    /// and what it started if it has not ended: no process is left behind.
    fn drop(&mut self) {
        drop(self.to_bot.take());
        let until = Instant::now() + GRACE;
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                // What it started may outlive it (a shell's children): they go too.
                kill_all(&mut self.child);
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        kill_all(&mut self.child);
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines_of(bytes: &[u8]) -> Vec<Result<String, LineError>> {
        let mut out = Vec::new();
        read_lines(bytes, |l| {
            out.push(l);
            true
        });
        out
    }

    #[test]
    fn lines_are_read_whole_and_bad_ones_named() {
        let mut long = vec![b'x'; MAX_LINE + 10];
        long.push(b'\n');
        let mut input = b"\"draw\"\r\n".to_vec();
        input.extend_from_slice(&long);
        input.extend_from_slice(b"\xff\xfe\n{\"discard\": 4}\n");
        assert_eq!(
            lines_of(&input),
            [
                Ok("\"draw\"".to_string()),
                Err(LineError::TooLong),
                Err(LineError::NotUtf8),
                Ok("{\"discard\": 4}".to_string()),
                Err(LineError::Closed),
            ]
        );
    }
}
