//! Per-match journals: an append-only file for each match beside the database
//! (`journal/<id>.okj`), kept so that damage to sled's files (a rolled-back log, an
//! unreadable page, a lost snapshot) can be noticed and repaired.
//!
//! A journal is a run of frames, each `length (u32 LE) · CRC32 of the payload (u32 LE) ·
//! payload`. The first payload is the header (`H` then the match header's JSON: format,
//! created, rules, seed, seats); every other is one confirmed action (`A`, its index as a
//! big-endian u32, then the log entry exactly as the `log` tree holds it: seat, action,
//! time, state hash after it). Action frames have a fixed size for each variant (35 bytes
//! for Düz, 80 for 101), so the count and the last hash are read from the file's tail
//! without reading it all.

use crate::model::Header;
use crate::record::{from_json, LogEntry, ENTRY101_LEN, ENTRY_LEN};
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use crate::id::MatchId;

/// The journals' directory inside the data directory.
pub const JOURNAL_DIR_NAME: &str = "journal";
/// Where journals go when their match is set aside: kept, never deleted.
const QUARANTINE_DIR: &str = "quarantine";
const EXT: &str = "okj";

/// Bytes before a frame's payload: length and CRC.
const FRAME_HEAD: usize = 8;
/// Payload of a Düz action frame: kind, index, log entry.
const ACTION_PAYLOAD: usize = 1 + 4 + ENTRY_LEN;
/// A whole Düz action frame.
const ACTION_FRAME: usize = FRAME_HEAD + ACTION_PAYLOAD;
/// Payload of a 101 action frame.
const ACTION101_PAYLOAD: usize = 1 + 4 + ENTRY101_LEN;
/// A whole 101 action frame.
const ACTION101_FRAME: usize = FRAME_HEAD + ACTION101_PAYLOAD;
/// No header is anywhere near this; a longer length is damage.
const MAX_PAYLOAD: usize = 64 * 1024;

/// Whether each appended action is synced to the disk before `apply` returns. Not: it
/// more than doubled the cost of a save here (median 158 µs to 379 µs, p99 7.6 ms; see
/// docs/STORE.md). A killed process keeps what it wrote (the page cache outlives it); a
/// power cut can lose the journal's last actions, which sled (synced on every action) still
/// holds, and the next open writes them to the journal again.
const SYNC_EVERY_ACTION: bool = false;

/// What was read from a journal.
#[derive(Debug, Default)]
pub(crate) struct JournalRead {
    /// The header, if its frame was intact.
    pub header: Option<Header>,
    /// Actions 0, 1, 2, … up to the first damaged or missing frame.
    pub entries: Vec<LogEntry>,
    /// Intact action frames found after damage, by index (kept to fill gaps from sled).
    pub beyond: BTreeMap<u32, LogEntry>,
    /// One past the highest action index any intact frame holds: what was confirmed.
    pub seen: u32,
    /// The file is exactly a header and `entries`, nothing damaged, nothing partial.
    pub clean: bool,
}

/// The count and last entry of a journal, from its tail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Tail {
    pub count: u32,
    pub last: Option<LogEntry>,
}

/// The journals of one data directory.
#[derive(Debug)]
pub(crate) struct Journals {
    dir: PathBuf,
    /// Held across a sled write and its journal append, so two writers of one store cannot
    /// put their actions in different orders in the two places.
    pub lock: std::sync::Mutex<()>,
    /// Journals open for appending, with their length: opening the file for every action
    /// was a good part of a save's cost. Dropped whenever a journal is rewritten or moved.
    open: std::sync::Mutex<std::collections::HashMap<MatchId, (File, u64)>>,
}

fn frame(payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(FRAME_HEAD + payload.len());
    out.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    out.extend_from_slice(&crc32fast::hash(payload).to_le_bytes());
    out.extend_from_slice(payload);
    out
}

fn header_frame(header: &Header) -> Result<Vec<u8>, serde_json::Error> {
    let mut payload = vec![b'H'];
    payload.extend(header.encode()?);
    Ok(frame(&payload))
}

/// The frame of action `index`, whose log entry's bytes are `entry`.
fn action_frame(index: u32, entry: &[u8]) -> Vec<u8> {
    let mut payload = Vec::with_capacity(5 + entry.len());
    payload.push(b'A');
    payload.extend_from_slice(&index.to_be_bytes());
    payload.extend_from_slice(entry);
    frame(&payload)
}

/// The payload of the frame at `at`, if one is intact there.
fn payload_at(bytes: &[u8], at: usize) -> Option<&[u8]> {
    let head = bytes.get(at..at + FRAME_HEAD)?;
    let len = u32::from_le_bytes([head[0], head[1], head[2], head[3]]) as usize;
    let crc = u32::from_le_bytes([head[4], head[5], head[6], head[7]]);
    if len == 0 || len > MAX_PAYLOAD {
        return None;
    }
    let payload = bytes.get(at + FRAME_HEAD..at + FRAME_HEAD + len)?;
    (crc32fast::hash(payload) == crc).then_some(payload)
}

fn action_of(payload: &[u8]) -> Option<(u32, LogEntry)> {
    let sized = payload.len() == ACTION_PAYLOAD || payload.len() == ACTION101_PAYLOAD;
    if !sized || payload[0] != b'A' {
        return None;
    }
    let index = u32::from_be_bytes([payload[1], payload[2], payload[3], payload[4]]);
    LogEntry::decode(&payload[5..]).ok().map(|e| (index, e))
}

/// Reads journal bytes: the intact prefix, and intact action frames found after damage by
/// looking for the next place a frame's CRC holds.
pub(crate) fn parse(bytes: &[u8]) -> JournalRead {
    let mut read = JournalRead::default();
    let mut at = 0;
    let mut damaged = false;
    if let Some(p) = payload_at(bytes, 0).filter(|p| p.first() == Some(&b'H')) {
        read.header = from_json::<Header>("journal header", &p[1..]).ok();
        at = FRAME_HEAD + p.len();
    } else {
        damaged = true;
    }
    while at < bytes.len() {
        match payload_at(bytes, at).and_then(|p| Some((p.len(), action_of(p)?))) {
            Some((len, (index, entry))) => {
                read.seen = read.seen.max(index.saturating_add(1));
                if !damaged && index as usize == read.entries.len() {
                    read.entries.push(entry);
                } else {
                    // After damage, or out of order: kept to fill gaps, first copy wins.
                    damaged = true;
                    read.beyond.entry(index).or_insert(entry);
                }
                at += FRAME_HEAD + len;
            }
            None => {
                damaged = true;
                at += 1;
            }
        }
    }
    read.clean = !damaged && read.header.is_some();
    read
}

impl Journals {
    /// The journals of the data directory `data_dir`.
    pub(crate) fn new(data_dir: &Path) -> Journals {
        Journals {
            dir: data_dir.join(JOURNAL_DIR_NAME),
            lock: std::sync::Mutex::new(()),
            open: std::sync::Mutex::new(std::collections::HashMap::new()),
        }
    }

    /// The journal file of a match.
    pub(crate) fn path(&self, id: MatchId) -> PathBuf {
        self.dir.join(format!("{id}.{EXT}"))
    }

    /// The ids of every journal in the directory (none if it does not exist).
    pub(crate) fn ids(&self) -> io::Result<Vec<MatchId>> {
        let entries = match std::fs::read_dir(&self.dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(e),
        };
        let mut ids = Vec::new();
        for entry in entries {
            let name = entry?.file_name();
            let name = name.to_string_lossy();
            if let Some(id) = name
                .strip_suffix(&format!(".{EXT}"))
                .and_then(|n| n.parse::<u64>().ok())
            {
                ids.push(MatchId(id));
            }
        }
        ids.sort();
        Ok(ids)
    }

    /// Reads a match's journal; None if it has none.
    pub(crate) fn read(&self, id: MatchId) -> io::Result<Option<JournalRead>> {
        match std::fs::read(self.path(id)) {
            Ok(bytes) => Ok(Some(parse(&bytes))),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The action count and last entry of a match's journal from its tail, or None when
    /// it has none or its tail is not a whole action frame (then read it all).
    pub(crate) fn tail(&self, id: MatchId) -> io::Result<Option<Tail>> {
        let mut file = match File::open(self.path(id)) {
            Ok(f) => f,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        let len = file.metadata()?.len() as usize;
        let mut head = [0u8; FRAME_HEAD];
        if file.read_exact(&mut head).is_err() {
            return Ok(None);
        }
        let header_len =
            FRAME_HEAD + u32::from_le_bytes([head[0], head[1], head[2], head[3]]) as usize;
        if header_len > len {
            return Ok(None);
        }
        let actions = len - header_len;
        if actions == 0 {
            return Ok(Some(Tail {
                count: 0,
                last: None,
            }));
        }
        // The last frame says its own size; one of the variants' sizes must fit the rest.
        let mut last = [0u8; ACTION101_FRAME];
        let have = actions.min(ACTION101_FRAME);
        file.seek(SeekFrom::Start((len - have) as u64))?;
        file.read_exact(&mut last[..have])?;
        for frame_len in [ACTION_FRAME, ACTION101_FRAME] {
            if frame_len > have || !actions.is_multiple_of(frame_len) {
                continue;
            }
            let count = actions / frame_len;
            let found = payload_at(&last[have - frame_len..have], 0)
                .filter(|p| FRAME_HEAD + p.len() == frame_len)
                .and_then(action_of)
                .filter(|(index, _)| *index as usize == count - 1);
            if let Some((_, entry)) = found {
                return Ok(Some(Tail {
                    count: count as u32,
                    last: Some(entry),
                }));
            }
        }
        Ok(None)
    }

    /// Writes a match's whole journal anew (a new match, an import, a repair): to a
    /// temporary file, synced, then renamed over the old one, so a cut leaves one or the
    /// other whole.
    pub(crate) fn write(
        &self,
        id: MatchId,
        header: &Header,
        entries: &[LogEntry],
    ) -> io::Result<()> {
        self.forget(id);
        std::fs::create_dir_all(&self.dir)?;
        let mut bytes = header_frame(header).map_err(io::Error::other)?;
        bytes.reserve(entries.len() * ACTION_FRAME);
        for (n, entry) in (0u32..).zip(entries) {
            bytes.extend(action_frame(n, &entry.encode().map_err(io::Error::other)?));
        }
        let tmp = self.dir.join(format!("{id}.{EXT}.tmp"));
        let mut file = File::create(&tmp)?;
        file.write_all(&bytes)?;
        file.sync_all()?;
        drop(file);
        std::fs::rename(&tmp, self.path(id))?;
        sync_dir(&self.dir);
        Ok(())
    }

    /// Appends action `index` (its log entry's bytes) to a match's journal; returns the
    /// length the file had, to cut it back to if the database then refuses the action.
    pub(crate) fn append(&self, id: MatchId, index: u32, entry: &[u8]) -> io::Result<u64> {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let (file, len) = match open.entry(id) {
            std::collections::hash_map::Entry::Occupied(o) => o.into_mut(),
            std::collections::hash_map::Entry::Vacant(v) => {
                let file = OpenOptions::new().append(true).open(self.path(id))?;
                let len = file.metadata()?.len();
                v.insert((file, len))
            }
        };
        let before = *len;
        let frame = action_frame(index, entry);
        if let Err(e) = file.write_all(&frame) {
            // Its length is no longer known: opened afresh next time.
            open.remove(&id);
            return Err(e);
        }
        *len += frame.len() as u64;
        if SYNC_EVERY_ACTION {
            file.sync_data()?;
        }
        Ok(before)
    }

    /// Forgets the open file of a journal that is about to be rewritten, cut or moved.
    fn forget(&self, id: MatchId) {
        self.open
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&id);
    }

    /// Cuts a journal back to `len` bytes (undoing an append the database refused).
    pub(crate) fn cut(&self, id: MatchId, len: u64) -> io::Result<()> {
        self.forget(id);
        OpenOptions::new()
            .write(true)
            .open(self.path(id))?
            .set_len(len)
    }

    /// Removes a match's journal (the match was deleted by the player).
    pub(crate) fn remove(&self, id: MatchId) -> io::Result<()> {
        self.forget(id);
        match std::fs::remove_file(self.path(id)) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }

    /// Moves a match's journal into `journal/quarantine/` (its match was set aside, or is
    /// being rewritten after a loss): kept as it was, never deleted. Returns where it went.
    pub(crate) fn set_aside(&self, id: MatchId, stamp: &str) -> io::Result<Option<PathBuf>> {
        self.forget(id);
        let from = self.path(id);
        if !from.exists() {
            return Ok(None);
        }
        let dir = self.dir.join(QUARANTINE_DIR);
        std::fs::create_dir_all(&dir)?;
        let mut to = dir.join(format!("{id}-{stamp}.{EXT}"));
        let mut n = 2;
        while to.exists() {
            to = dir.join(format!("{id}-{stamp}-{n}.{EXT}"));
            n += 1;
        }
        std::fs::rename(&from, &to)?;
        Ok(Some(to))
    }

    /// Journals set aside, oldest name first.
    pub(crate) fn set_aside_files(&self) -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = std::fs::read_dir(self.dir.join(QUARANTINE_DIR))
            .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        files.sort();
        files
    }
}

/// Syncs a directory so a rename in it survives a power cut; best effort (not every system
/// can open a directory).
fn sync_dir(dir: &Path) {
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::SeatKind;
    use crate::record::Act;
    use crate::variant::AnyRules;
    use okey_core::r101::{Action101, Rules101};
    use okey_core::{Action, Rules, Seat};

    fn header() -> Header {
        Header {
            created_ms: 5,
            rules: AnyRules::Duz(Rules::default()),
            seed: 9,
            seats: vec![SeatKind::Human; 4],
        }
    }

    fn entry(n: u64) -> LogEntry {
        LogEntry {
            seat: Seat(1),
            action: Act::Duz(Action::Draw),
            at_ms: n,
            hash: n * 7,
        }
    }

    fn bytes(e: &LogEntry) -> Vec<u8> {
        e.encode().unwrap()
    }

    #[test]
    fn a_101_journal_reads_back_whole_and_its_tail_agrees_at_every_length() {
        let dir = tempfile::tempdir().unwrap();
        let j = Journals::new(dir.path());
        let id = MatchId(4);
        let header = Header {
            rules: AnyRules::R101(Rules101::default()),
            ..header()
        };
        let entry = |n: u64| LogEntry {
            seat: Seat(2),
            action: Act::R101(Action101::Discard(okey_core::Tile::new(n as u8).unwrap())),
            at_ms: n,
            hash: n * 3,
        };
        j.write(id, &header, &[]).unwrap();
        // Past 7 frames of 80 bytes, which is also 16 of Düz's 35.
        for n in 0..9u32 {
            j.append(id, n, &bytes(&entry(n.into()))).unwrap();
            let tail = j.tail(id).unwrap().unwrap();
            assert_eq!((tail.count, tail.last), (n + 1, Some(entry(n.into()))));
        }
        let read = j.read(id).unwrap().unwrap();
        assert!(read.clean);
        assert_eq!(read.header, Some(header));
        assert_eq!(read.entries, (0..9).map(entry).collect::<Vec<_>>());
    }

    #[test]
    fn a_journal_reads_back_whole_and_its_tail_agrees() {
        let dir = tempfile::tempdir().unwrap();
        let j = Journals::new(dir.path());
        let id = MatchId(3);
        j.write(id, &header(), &[entry(1), entry(2)]).unwrap();
        j.append(id, 2, &bytes(&entry(3))).unwrap();
        let read = j.read(id).unwrap().unwrap();
        assert!(read.clean);
        assert_eq!(read.header, Some(header()));
        assert_eq!(read.entries, vec![entry(1), entry(2), entry(3)]);
        assert_eq!(read.seen, 3);
        let tail = j.tail(id).unwrap().unwrap();
        assert_eq!((tail.count, tail.last), (3, Some(entry(3))));
        assert_eq!(j.ids().unwrap(), vec![id]);
    }

    #[test]
    fn damage_in_the_middle_keeps_the_prefix_and_finds_the_frames_after_it() {
        let dir = tempfile::tempdir().unwrap();
        let j = Journals::new(dir.path());
        let id = MatchId(1);
        let entries: Vec<LogEntry> = (0..10).map(entry).collect();
        j.write(id, &header(), &entries).unwrap();
        let mut bytes = std::fs::read(j.path(id)).unwrap();
        let header_len = bytes.len() - 10 * ACTION_FRAME;
        // Frame 4 is hit.
        bytes[header_len + 4 * ACTION_FRAME + 12] ^= 0xFF;
        let read = parse(&bytes);
        assert!(!read.clean);
        assert_eq!(read.entries, entries[..4]);
        assert_eq!(read.seen, 10);
        assert_eq!(
            read.beyond.keys().copied().collect::<Vec<_>>(),
            (5..10).collect::<Vec<_>>()
        );
        // A cut in the last frame (a kill mid-append) loses only that frame.
        let read = parse(&bytes[..bytes.len() - 3]);
        assert_eq!(read.seen, 9);
        assert!(!read.clean);
        // A damaged header keeps the actions.
        let mut bytes = std::fs::read(j.path(id)).unwrap();
        bytes[10] ^= 1;
        let read = parse(&bytes);
        assert_eq!((read.header, read.seen), (None, 10));
    }

    #[test]
    fn a_cut_append_is_undone_and_a_set_aside_journal_is_kept() {
        let dir = tempfile::tempdir().unwrap();
        let j = Journals::new(dir.path());
        let id = MatchId(2);
        j.write(id, &header(), &[]).unwrap();
        let before = j.append(id, 0, &bytes(&entry(1))).unwrap();
        j.cut(id, before).unwrap();
        assert_eq!(j.tail(id).unwrap().unwrap().count, 0);
        let kept = j.set_aside(id, "now").unwrap().unwrap();
        assert!(kept.exists());
        assert!(j.read(id).unwrap().is_none());
        assert_eq!(j.set_aside_files(), vec![kept]);
    }
}
