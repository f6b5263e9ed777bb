//! Who holds the saves' lock: when the database is locked, the app and the `okey` command
//! name the program that has it, so the player knows what to close. sled takes an `flock`
//! on its data file (`okey.db/db`); on Linux the kernel lists such locks in `/proc/locks`,
//! and every process's open files in `/proc/<pid>/fd`. Elsewhere nothing is found and the
//! messages say "another program".

use serde::Serialize;
use std::path::Path;

/// The data file sled locks, inside the database directory.
const LOCKED_FILE: &str = "db";

/// The longest command line kept: enough to recognise a program, short enough for a
/// sentence (command lines can be long).
const COMMAND_CHARS: usize = 120;

/// A process that holds the saved games.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Holder {
    /// Its process id.
    pub pid: u32,
    /// Its command line, arguments separated by spaces (cut to a readable length).
    pub command: String,
}

impl std::fmt::Display for Holder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (process {})", self.command, self.pid)
    }
}

/// The process holding the lock on the database in `db_dir` (the `okey.db` directory), if
/// it can be found: first from the kernel's lock table, else from the open files of every
/// process. None where the system does not tell (not Linux, or no permission to look).
pub fn holder(db_dir: &Path) -> Option<Holder> {
    let file = db_dir.join(LOCKED_FILE);
    // The lock table names the process that took the lock, which may have handed it to a
    // child and exited: then whoever has the file open holds it.
    let alive = |pid: &u32| Path::new("/proc").join(pid.to_string()).exists();
    let pid = from_lock_table(&file)
        .filter(alive)
        .or_else(|| from_open_files(&file))?;
    Some(Holder {
        pid,
        command: command_line(pid).unwrap_or_else(|| "an unnamed program".into()),
    })
}

/// The pid that `/proc/locks` gives for a lock on `file`'s inode.
#[cfg(target_os = "linux")]
fn from_lock_table(file: &Path) -> Option<u32> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(file).ok()?;
    let table = std::fs::read_to_string("/proc/locks").ok()?;
    let (major, minor) = device_numbers(meta.dev());
    table
        .lines()
        .find_map(|line| lock_line_pid(line, major, minor, meta.ino()))
        // A holder in another pid namespace shows as 0: not a process we can name.
        .filter(|&pid| pid != 0)
}

#[cfg(not(target_os = "linux"))]
fn from_lock_table(_file: &Path) -> Option<u32> {
    None
}

/// Linux's major and minor numbers of a `dev_t` (glibc's `gnu_dev_major`/`minor`).
#[cfg(target_os = "linux")]
fn device_numbers(dev: u64) -> (u64, u64) {
    let major = ((dev >> 8) & 0xfff) | ((dev >> 32) & !0xfff);
    let minor = (dev & 0xff) | ((dev >> 12) & !0xff);
    (major, minor)
}

/// The pid of a held lock in one line of `/proc/locks`
/// (`1: FLOCK  ADVISORY  WRITE 4242 00:2f:1234 0 EOF`) when it is on this device and inode.
/// Lines of waiters (`1: -> FLOCK ...`) hold nothing and are skipped.
#[cfg(target_os = "linux")]
fn lock_line_pid(line: &str, major: u64, minor: u64, inode: u64) -> Option<u32> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    if fields.get(1) == Some(&"->") {
        return None;
    }
    let pid = fields.get(4)?.parse().ok()?;
    let mut place = fields.get(5)?.split(':');
    let major_here = u64::from_str_radix(place.next()?, 16).ok()?;
    let minor_here = u64::from_str_radix(place.next()?, 16).ok()?;
    let inode_here: u64 = place.next()?.parse().ok()?;
    (major_here == major && minor_here == minor && inode_here == inode).then_some(pid)
}

/// The first process with `file` open, from the links in `/proc/<pid>/fd`; this process
/// itself is passed over when another one is found.
#[cfg(target_os = "linux")]
fn from_open_files(file: &Path) -> Option<u32> {
    let target = std::fs::canonicalize(file).ok()?;
    let mut mine = None;
    for entry in std::fs::read_dir("/proc").ok()?.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        let Ok(fds) = std::fs::read_dir(entry.path().join("fd")) else {
            continue;
        };
        let holds = fds
            .flatten()
            .any(|fd| std::fs::read_link(fd.path()).is_ok_and(|link| link == target));
        if holds && pid == std::process::id() {
            mine = Some(pid);
        } else if holds {
            return Some(pid);
        }
    }
    mine
}

#[cfg(not(target_os = "linux"))]
fn from_open_files(_file: &Path) -> Option<u32> {
    None
}

/// A process's command line, arguments joined by spaces, else its name; cut to
/// [`COMMAND_CHARS`].
fn command_line(pid: u32) -> Option<String> {
    let proc = Path::new("/proc").join(pid.to_string());
    let raw = std::fs::read(proc.join("cmdline")).ok()?;
    let mut words: Vec<String> = raw
        .split(|&b| b == 0)
        .filter(|w| !w.is_empty())
        .map(|w| String::from_utf8_lossy(w).into_owned())
        .collect();
    if words.is_empty() {
        // Kernel threads and some daemons have no command line, only a name.
        let name = std::fs::read_to_string(proc.join("comm")).ok()?;
        words.push(name.trim().to_string());
    }
    let line = words.join(" ");
    Some(match line.char_indices().nth(COMMAND_CHARS) {
        Some((cut, _)) => format!("{}…", &line[..cut]),
        None => line,
    })
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use crate::{OpenError, Store, DB_DIR_NAME};
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};

    #[test]
    fn a_line_of_the_lock_table_names_its_pid_only_for_its_own_file() {
        let line = "3: FLOCK  ADVISORY  WRITE 4242 00:2f:1234 0 EOF";
        assert_eq!(lock_line_pid(line, 0, 0x2f, 1234), Some(4242));
        assert_eq!(lock_line_pid(line, 0, 0x2f, 1235), None);
        assert_eq!(lock_line_pid(line, 8, 0x2f, 1234), None);
        let waiter = "3: -> FLOCK  ADVISORY  WRITE 4243 00:2f:1234 0 EOF";
        assert_eq!(lock_line_pid(waiter, 0, 0x2f, 1234), None);
        assert_eq!(lock_line_pid("garbage", 0, 0, 0), None);
    }

    #[test]
    fn an_open_file_is_traced_to_its_process() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("held");
        let _open = std::fs::File::create(&path).unwrap();
        assert_eq!(from_open_files(&path), Some(std::process::id()));
        drop(_open);
        assert_eq!(from_open_files(&path), None);
    }

    #[test]
    fn a_locked_database_names_the_program_that_holds_it() {
        let dir = tempfile::tempdir().unwrap();
        drop(Store::open(dir.path()).unwrap());
        let data = dir.path().join(DB_DIR_NAME).join(LOCKED_FILE);
        // util-linux's flock(1) takes the same kind of lock as sled and keeps it while its
        // command runs; -o keeps it from the command, so it goes with flock itself. The
        // command, cat, ends when its input (the test's pipe) closes.
        let mut other = Command::new("flock")
            .arg("-o")
            .arg(&data)
            .arg("cat")
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("flock(1) runs");
        let started = Instant::now();
        let refused = loop {
            match Store::open(dir.path()) {
                Err(e @ OpenError::Locked { .. }) => break e,
                Ok(store) => drop(store),
                Err(e) => panic!("{e}"),
            }
            assert!(started.elapsed() < Duration::from_secs(20), "never locked");
            std::thread::sleep(Duration::from_millis(50));
        };
        let _ = other.kill();
        let _ = other.wait();
        drop(other.stdin.take());
        let OpenError::Locked {
            holder: Some(holder),
            ..
        } = &refused
        else {
            panic!("no holder named: {refused}");
        };
        assert_eq!(holder.pid, other.id());
        assert!(holder.command.starts_with("flock "), "{}", holder.command);
        assert!(refused.to_string().contains(" cat"), "{refused}");
        assert!(
            refused
                .to_string()
                .contains(&format!("process {}", other.id())),
            "{refused}"
        );
    }
}
