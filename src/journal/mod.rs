//! The journal of a night: an append-only file of JSON lines, one per table
//! event or undo, fsynced before the screen confirms. The night is the fold of
//! the journal, so recovering from a crash or a power cut is a replay.
//!
//! The first line is a [`Header`]; every other line is a record,
//! `{"n":N,"event":{…}}` or `{"n":N,"undo":true}`, numbered from 1. An undo is
//! recorded, never a rewrite: replaying it pops the last event.
//!
//! A power cut can tear the last line. Opening drops a last line that has no
//! newline, truncates the file back to the last good line and says so. A
//! complete line that cannot be read is never a power cut's (one write per
//! line, fsynced): it is a record from a newer dealerd or a second writer,
//! and opening stops with an error naming the line, the file untouched.
//!
//! One writer at a time: a journal open for writing holds an exclusive
//! `flock` on its file for as long as it lives.

pub mod civil;
pub mod phh_writer;
pub mod stamp;

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{BufRead, BufReader, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::rules::{HouseRules, RulesError};
use crate::table::{Night, Replay, TableError, TableEvent, UndoRefused, UNDO_HANDS};

/// The format version written in the header.
pub const VERSION: u32 = 1;

#[derive(Debug, Error)]
pub enum JournalError {
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: already exists")]
    Exists { path: String },
    #[error("{path}:1: not a dealerd journal header: {reason}")]
    Header { path: String, reason: String },
    #[error("{path}:{line}: {reason}")]
    Corrupt {
        path: String,
        line: usize,
        reason: String,
    },
    #[error("record {n}: {reason}")]
    Replay { n: u64, reason: String },
    #[error(
        "{path}: in use by another dealerd (`dealerd run` or `dealerd sim --journal`); \
         a journal has one writer at a time"
    )]
    Locked { path: String },
    /// The rules text kept in the header is refused: the journal's fault,
    /// not the rules file's, which may have been fixed since.
    #[error(
        "{path}:1: the rules the night started under (kept from {rules}) are refused: {error}"
    )]
    HeaderRules {
        path: String,
        rules: String,
        error: RulesError,
    },
    /// A record could not be made durable, and the file was cut back to the
    /// last confirmed record, so a restart does not replay it.
    #[error("{path}: record {n} not written, the journal ends at record {kept}: {source}")]
    NotWritten {
        path: String,
        n: u64,
        kept: u64,
        source: std::io::Error,
    },
    /// As [`JournalError::NotWritten`], but cutting the file back failed
    /// too: a restart may replay record `n`.
    #[error(
        "{path}: record {n} not written, and the file could not be cut back to record \
         {kept} ({cut}); a restart may replay it: {source}"
    )]
    NotCutBack {
        path: String,
        n: u64,
        kept: u64,
        cut: std::io::Error,
        source: std::io::Error,
    },
    /// After [`JournalError::NotCutBack`]: the file may end in a record
    /// nobody confirmed, and nothing may be written after it.
    #[error(
        "{path}: record {n} not written: the journal is stopped, an unconfirmed record \
         could not be cut off its end"
    )]
    Stopped { path: String, n: u64 },
}

/// A disk fault to inject into a journal's next append, for tests: the
/// failures a real disk gives rarely and at the worst time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// The line is written (into the page cache), then `sync_data` fails.
    SyncData,
    /// As `SyncData`, and cutting the line back off fails too.
    SyncDataAndCut,
}

/// The first line of a journal: the format, and the house rules it was kept under.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    pub dealerd_journal: u32,
    /// The rules file's path, or "embedded default".
    pub rules: String,
    /// FNV-1a (64-bit) of the rules text, in hex: replaying under other rules
    /// could refuse events or settle them differently.
    pub rules_fnv64: String,
    /// The whole rules text the night started under, so that it can be
    /// resumed under those rules even if the file changed on disk since.
    pub rules_text: String,
    /// When the night began (RFC 3339, UTC), if the clock was set: names the
    /// night in the ledger exports and dates its hands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started: Option<String>,
    /// The night's number among the nights the state directory has kept
    /// (one more than the highest it has exported): names a night whose
    /// clock was not set, so that two such nights never share a ledger
    /// file. Absent in journals from before it (they keep their names).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub night: Option<u64>,
    /// Whether the clock had been set from network time when the night
    /// began (`None`: no way to tell, and every journal before this field).
    /// A Pi has no battery clock, and Raspberry Pi OS starts it at the last
    /// shutdown's time, which looks set: `started` and the records' `at`
    /// are only as good as this says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock_synced: Option<bool>,
}

impl Header {
    pub fn new(rules: &str, rules_text: &str) -> Header {
        Header {
            dealerd_journal: VERSION,
            rules: rules.to_string(),
            rules_fnv64: format!("{:016x}", fnv64(rules_text.as_bytes())),
            rules_text: rules_text.to_string(),
            started: None,
            night: None,
            clock_synced: None,
        }
    }

    /// The header of the night numbered `n` ([`Header::night`]).
    pub fn numbered(mut self, n: Option<u64>) -> Header {
        self.night = n;
        self
    }

    /// The header with what was known of the clock when the night began.
    pub fn clock_synced(mut self, synced: Option<bool>) -> Header {
        self.clock_synced = synced;
        self
    }

    /// The header of a night that began at `at` (unix seconds).
    pub fn started_at(mut self, at: Option<u64>) -> Header {
        self.started = at.map(|s| stamp::Civil::from_unix(s).rfc3339());
        self
    }

    /// The rules the night started under, parsed from the stored text.
    /// Later reloads are `Rules` events in the journal itself. An error is
    /// located in the journal at `path` (the text is its first line's), not
    /// in the rules file it was once read from.
    pub fn rules(&self, path: &Path) -> Result<HouseRules, JournalError> {
        crate::rules::load_str("rules_text", &self.rules_text).map_err(|error| {
            JournalError::HeaderRules {
                path: path.display().to_string(),
                rules: self.rules.clone(),
                error,
            }
        })
    }
}

/// FNV-1a, 64 bits: enough to notice that the rules text changed.
pub fn fnv64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// One line of the journal after the header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Record {
    Event(TableEvent),
    Undo,
}

/// A record as a line of the file, numbered: `{"n":N,"event":{…}}` or
/// `{"n":N,"undo":true}`.
#[derive(Serialize)]
#[serde(untagged)]
enum Line {
    Event(EventLine),
    Undo(UndoLine),
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct EventLine {
    n: u64,
    event: TableEvent,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    at: Option<u64>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct UndoLine {
    n: u64,
    undo: True,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    at: Option<u64>,
}

/// `true`, the only value an undo line's `"undo"` takes.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
#[serde(try_from = "bool", into = "bool")]
struct True;

impl TryFrom<bool> for True {
    type Error = &'static str;

    fn try_from(b: bool) -> Result<True, Self::Error> {
        if b {
            Ok(True)
        } else {
            Err("\"undo\" is true or absent")
        }
    }
}

impl From<True> for bool {
    fn from(_: True) -> bool {
        true
    }
}

impl Line {
    fn n(&self) -> u64 {
        match self {
            Line::Event(l) => l.n,
            Line::Undo(l) => l.n,
        }
    }

    fn at(&self) -> Option<u64> {
        match self {
            Line::Event(l) => l.at,
            Line::Undo(l) => l.at,
        }
    }

    /// One line's bytes. Events are most lines, so they are tried first,
    /// straight from the bytes. An untagged enum would only say that no
    /// kind of line matched: the line's own keys say which kind it means to
    /// be, and that kind's error says what is wrong with it.
    fn parse(bytes: &[u8]) -> Result<Line, String> {
        if let Ok(line) = serde_json::from_slice(bytes) {
            return Ok(Line::Event(line));
        }
        if let Ok(line) = serde_json::from_slice(bytes) {
            return Ok(Line::Undo(line));
        }
        let value: serde_json::Value = serde_json::from_slice(bytes).map_err(|e| e.to_string())?;
        let err = if value.get("event").is_some() {
            serde_json::from_value::<EventLine>(value).err()
        } else {
            serde_json::from_value::<UndoLine>(value).err()
        };
        Err(err.map_or_else(|| "unreadable".into(), |e| e.to_string()))
    }
}

/// An open journal, positioned for appending.
#[derive(Debug)]
pub struct Journal {
    path: PathBuf,
    /// Locked (flock, exclusive) while the journal lives.
    file: File,
    header: Header,
    /// Records in the file.
    len: u64,
    /// Bytes in the file up to the end of the last confirmed record: where
    /// a failed append is cut back to.
    end: u64,
    /// What open had to repair, if anything.
    recovered: Option<String>,
    fault: Option<Fault>,
    /// A failed append could not be cut back: the file may hold a record
    /// nobody confirmed, so nothing may follow it.
    broken: bool,
}

/// What [`Journal::start`] found at the path.
#[derive(Debug)]
pub enum Start {
    /// A journal to resume: its header, then its records.
    Resume(Header, Box<Reader>),
    /// No night to resume: the file is new, or held no complete header and
    /// no record (a disk that filled while the header was written). Locked
    /// and empty; [`Blank::begin`] writes the header.
    New(Blank),
}

/// A locked, empty journal file waiting for its header.
#[derive(Debug)]
pub struct Blank {
    path: PathBuf,
    file: File,
    /// Why an existing file was started over.
    recreated: Option<String>,
}

impl Blank {
    /// Writes the header: when this returns, it and the directory entry are
    /// on disk.
    pub fn begin(self, header: Header) -> Result<Journal, JournalError> {
        let Blank {
            path,
            mut file,
            recreated,
        } = self;
        let mut line = serde_json::to_string(&header).map_err(|e| JournalError::Header {
            path: path.display().to_string(),
            reason: e.to_string(),
        })?;
        line.push('\n');
        {
            let io = io_err(&path);
            file.set_len(0).map_err(&io)?;
            file.write_all(line.as_bytes()).map_err(&io)?;
            file.sync_all().map_err(&io)?;
        }
        sync_dir(&path);
        Ok(Journal {
            path,
            file,
            header,
            len: 0,
            end: line.len() as u64,
            recovered: recreated,
            fault: None,
            broken: false,
        })
    }
}

/// Takes the writer's lock, or says who has it.
///
/// The lock belongs to the open file, and a process that forks holds a copy
/// of every descriptor until its child execs (close-on-exec only closes
/// them then): a writer that has just closed the journal can still hold it
/// for that instant if it spawned a process meanwhile. So a lock that is
/// taken is tried a few times more over 100 ms before the start is refused.
fn lock(file: &File, path: &Path) -> Result<(), JournalError> {
    const TRIES: u32 = 20;
    for attempt in 1..=TRIES {
        match file.try_lock() {
            Ok(()) => return Ok(()),
            Err(TryLockError::WouldBlock) if attempt < TRIES => {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            Err(TryLockError::WouldBlock) => break,
            Err(TryLockError::Error(source)) => {
                return Err(JournalError::Io {
                    path: path.display().to_string(),
                    source,
                })
            }
        }
    }
    Err(JournalError::Locked {
        path: path.display().to_string(),
    })
}

/// The journal is the ledger of the night: nobody else's to read.
fn options() -> OpenOptions {
    let mut o = OpenOptions::new();
    o.append(true).read(true).mode(0o600);
    o
}

impl Journal {
    /// Opens the journal at `path` for writing, creating it if missing:
    /// what a session does at start. Refused if another writer holds it.
    pub fn start(path: &Path) -> Result<Start, JournalError> {
        let io = io_err(path);
        let (file, created) = match options().create_new(true).open(path) {
            Ok(file) => (file, true),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                (options().open(path).map_err(&io)?, false)
            }
            Err(e) => return Err(io(e)),
        };
        lock(&file, path)?;
        if created {
            sync_dir(path);
            return Ok(Start::New(Blank {
                path: path.to_path_buf(),
                file,
                recreated: None,
            }));
        }
        match Journal::read_file(path, file)? {
            Ok((header, reader)) => Ok(Start::Resume(header, Box::new(reader))),
            Err((file, bytes)) => Ok(Start::New(Blank {
                path: path.to_path_buf(),
                file,
                recreated: Some(format!(
                    "{}: no complete header and no records ({bytes} bytes): started a new journal",
                    path.display()
                )),
            })),
        }
    }

    /// Starts a new journal; refuses to overwrite one. The header and the
    /// directory entry are on disk when this returns.
    pub fn create(path: &Path, header: Header) -> Result<Journal, JournalError> {
        let file = options().create_new(true).open(path).map_err(|e| {
            if e.kind() == std::io::ErrorKind::AlreadyExists {
                JournalError::Exists {
                    path: path.display().to_string(),
                }
            } else {
                io_err(path)(e)
            }
        })?;
        lock(&file, path)?;
        Blank {
            path: path.to_path_buf(),
            file,
            recreated: None,
        }
        .begin(header)
    }

    /// Opens a journal and reads its records, repairing a torn last line.
    pub fn open(path: &Path) -> Result<(Journal, Vec<Record>), JournalError> {
        let (_, mut reader) = Journal::read(path)?;
        let records = reader
            .by_ref()
            .map(|r| r.map(|(_, record)| record))
            .collect::<Result<Vec<_>, _>>()?;
        Ok((reader.finish()?, records))
    }

    /// A journal's header and records as they stand, for a look from outside
    /// (a test, a tool) while its writer may be running: no lock is taken
    /// and nothing is repaired; a torn last line is left out.
    pub fn inspect(path: &Path) -> Result<(Header, Vec<Record>), JournalError> {
        let file = File::open(path).map_err(io_err(path))?;
        let (header, reader) = match Journal::read_file(path, file)? {
            Ok(read) => read,
            Err(_) => {
                return Err(JournalError::Header {
                    path: path.display().to_string(),
                    reason: "the file has no complete first line".into(),
                })
            }
        };
        let records = reader
            .map(|r| r.map(|(_, record)| record))
            .collect::<Result<Vec<_>, _>>()?;
        Ok((header, records))
    }

    /// Opens a journal for reading its records one at a time, so a restart
    /// holds one line in memory, not the night: the header, then a
    /// [`Reader`] whose [`finish`](Reader::finish) repairs a torn last line
    /// and gives the journal, positioned for appending.
    pub fn read(path: &Path) -> Result<(Header, Reader), JournalError> {
        let file = options().open(path).map_err(io_err(path))?;
        lock(&file, path)?;
        match Journal::read_file(path, file)? {
            Ok(read) => Ok(read),
            Err(_) => Err(JournalError::Header {
                path: path.display().to_string(),
                reason: "the file has no complete first line".into(),
            }),
        }
    }

    /// The header and a reader of the records; or, when the file holds no
    /// complete line at all, the file back and how many bytes it holds.
    #[allow(clippy::type_complexity)]
    fn read_file(
        path: &Path,
        file: File,
    ) -> Result<Result<(Header, Reader), (File, usize)>, JournalError> {
        let io = io_err(path);
        let name = path.display().to_string();
        let mut lines = BufReader::new(file);
        let mut line = Vec::new();
        lines.read_until(b'\n', &mut line).map_err(&io)?;
        if line.pop() != Some(b'\n') {
            let bytes = line.len() + usize::from(!line.is_empty());
            return Ok(Err((lines.into_inner(), bytes)));
        }
        let header: Header = serde_json::from_slice(&line).map_err(|e| JournalError::Header {
            path: name.clone(),
            reason: e.to_string(),
        })?;
        if header.dealerd_journal != VERSION {
            return Err(JournalError::Header {
                path: name,
                reason: format!(
                    "format {} (this dealerd reads {VERSION})",
                    header.dealerd_journal
                ),
            });
        }
        let reader = Reader {
            path: path.to_path_buf(),
            name,
            good_end: line.len() as u64 + 1,
            lines,
            line,
            line_no: 1,
            records: 0,
            recovered: None,
            done: false,
            header: header.clone(),
            at: None,
        };
        Ok(Ok((header, reader)))
    }

    /// The next append fails as `fault` says (tests).
    pub fn inject(&mut self, fault: Fault) {
        self.fault = Some(fault);
    }

    /// Writes one record and fsyncs it: when this returns, the record survives
    /// a power cut, and only then may the screen confirm it.
    pub fn append(&mut self, record: &Record) -> Result<(), JournalError> {
        self.append_at(record, None)
    }

    /// As [`Journal::append`], stamped with the wall clock's `at` (unix
    /// seconds) as the shell read it.
    pub fn append_at(&mut self, record: &Record, at: Option<u64>) -> Result<(), JournalError> {
        let n = self.len + 1;
        let line = match record {
            Record::Event(e) => Line::Event(EventLine {
                n,
                event: e.clone(),
                at,
            }),
            Record::Undo => Line::Undo(UndoLine { n, undo: True, at }),
        };
        let mut text = serde_json::to_string(&line).map_err(|e| JournalError::Replay {
            n,
            reason: e.to_string(),
        })?;
        text.push('\n');
        let path = || self.path.display().to_string();
        if self.broken {
            return Err(JournalError::Stopped { path: path(), n });
        }
        let fault = self.fault.take();
        // One write per line, so a crash tears at most the last line.
        let written = self
            .file
            .write_all(text.as_bytes())
            .and_then(|()| match fault {
                Some(_) => Err(std::io::Error::other("injected: sync_data failed")),
                None => self.file.sync_data(),
            });
        if let Err(source) = written {
            // The line may be in the page cache, readable now and written
            // back later: left there, a restart would replay a record the
            // screen refused. Cut the file back to the last confirmed one.
            let cut = match fault {
                Some(Fault::SyncDataAndCut) => Err(std::io::Error::other("injected: cut failed")),
                _ => self
                    .file
                    .set_len(self.end)
                    .and_then(|()| self.file.sync_all()),
            };
            return Err(match cut {
                Ok(()) => JournalError::NotWritten {
                    path: path(),
                    n,
                    kept: self.len,
                    source,
                },
                Err(cut) => {
                    self.broken = true;
                    JournalError::NotCutBack {
                        path: path(),
                        n,
                        kept: self.len,
                        cut,
                        source,
                    }
                }
            });
        }
        self.len = n;
        self.end += text.len() as u64;
        Ok(())
    }

    pub fn header(&self) -> &Header {
        &self.header
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Records in the file.
    pub fn len(&self) -> u64 {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bytes of the file that are confirmed durable: the header and every
    /// fsynced record. Anything past it is a line being written or one a
    /// failed fsync left behind; a reader from outside (the room publisher)
    /// reads no further.
    pub fn durable_end(&self) -> u64 {
        self.end
    }

    /// The warning when open dropped a torn last line or started the file
    /// over.
    pub fn recovered(&self) -> Option<&str> {
        self.recovered.as_deref()
    }
}

/// The records of a journal being opened, in order (see [`Journal::read`]).
#[derive(Debug)]
pub struct Reader {
    path: PathBuf,
    name: String,
    header: Header,
    lines: BufReader<File>,
    /// The line being read, reused.
    line: Vec<u8>,
    line_no: usize,
    records: u64,
    /// Where the last good line ends: the file is cut back to here if what
    /// follows is torn.
    good_end: u64,
    recovered: Option<String>,
    done: bool,
    /// The last record's stamp.
    at: Option<u64>,
}

impl Reader {
    /// The wall-clock stamp of the record last read, if it has one.
    pub fn at(&self) -> Option<u64> {
        self.at
    }

    /// After the last record: repairs a torn last line (cutting the file
    /// back to the last good one, fsynced) and gives the journal.
    pub fn finish(mut self) -> Result<Journal, JournalError> {
        for r in self.by_ref() {
            r?;
        }
        let file = self.lines.into_inner();
        if self.recovered.is_some() {
            let io = io_err(&self.path);
            file.set_len(self.good_end).map_err(&io)?;
            file.sync_all().map_err(&io)?;
        }
        Ok(Journal {
            path: self.path,
            file,
            header: self.header,
            len: self.records,
            end: self.good_end,
            recovered: self.recovered,
            fault: None,
            broken: false,
        })
    }

    fn corrupt(&mut self, line: usize, reason: String) -> Option<<Self as Iterator>::Item> {
        self.done = true;
        Some(Err(JournalError::Corrupt {
            path: self.name.clone(),
            line,
            reason,
        }))
    }
}

/// Each record with its number (from 1).
impl Iterator for Reader {
    type Item = Result<(u64, Record), JournalError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        self.line.clear();
        let read = match self.lines.read_until(b'\n', &mut self.line) {
            Ok(read) => read,
            Err(source) => {
                self.done = true;
                let path = self.name.clone();
                return Some(Err(JournalError::Io { path, source }));
            }
        };
        let torn = read > 0 && self.line.last() != Some(&b'\n');
        if read == 0 || torn {
            self.done = true;
            if torn {
                self.recovered = Some(format!(
                    "{}:{}: dropped a torn last line ({read} bytes without a newline)",
                    self.name,
                    self.line_no + 1
                ));
            }
            return None;
        }
        self.line_no += 1;
        self.line.pop();
        match parse_line(&self.line, self.records + 1) {
            Ok((record, at)) => {
                self.records += 1;
                self.at = at;
                self.good_end += read as u64;
                Some(Ok((self.records, record)))
            }
            // A complete line was written whole and fsynced: it is no power
            // cut's, and dropping it would delete a record.
            Err(reason) => self.corrupt(
                self.line_no,
                format!(
                    "{reason}: a complete record this dealerd cannot read (from a newer \
                     dealerd, or a second writer?); the journal is left as it is"
                ),
            ),
        }
    }
}

fn parse_line(bytes: &[u8], expected: u64) -> Result<(Record, Option<u64>), String> {
    let line = Line::parse(bytes)?;
    let at = line.at();
    if line.n() != expected {
        return Err(format!(
            "record number {} where {expected} was expected",
            line.n()
        ));
    }
    let record = match line {
        Line::Event(l) => Record::Event(l.event),
        Line::Undo(_) => Record::Undo,
    };
    Ok((record, at))
}

fn io_err(path: &Path) -> impl Fn(std::io::Error) -> JournalError + '_ {
    move |source| JournalError::Io {
        path: path.display().to_string(),
        source,
    }
}

/// A new file's directory entry must reach the disk too. Best effort: some
/// systems cannot open a directory for syncing.
fn sync_dir(path: &Path) {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}

/// Folds journal records into a night, as a restart does (see
/// [`Replay`]).
pub fn night_from(rules: Arc<HouseRules>, records: &[Record]) -> Result<Night, JournalError> {
    let mut replay = Replay::new(rules);
    for (i, record) in records.iter().enumerate() {
        fold(&mut replay, i as u64 + 1, record.clone())?;
    }
    finish(replay)
}

/// One record into a replay: record `n`'s event, or an undo of the last.
pub fn fold(replay: &mut Replay, n: u64, record: Record) -> Result<(), JournalError> {
    match record {
        Record::Event(e) => replay.event(n, e).map_err(refused),
        Record::Undo => replay.undo().map_err(|why| undo_refused(n, why)),
    }
}

/// One record into a live night, as the session applied it: slower than a
/// [`Replay`], but the table is there after every record (to rebuild the
/// hand histories from).
pub fn apply(night: &mut Night, n: u64, record: Record) -> Result<(), JournalError> {
    match record {
        Record::Event(e) => night.apply(e).map(|_| ()).map_err(|err| refused((n, err))),
        Record::Undo => match night.can_undo() {
            Ok(()) => {
                night.undo();
                Ok(())
            }
            Err(why) => Err(undo_refused(n, why)),
        },
    }
}

fn undo_refused(n: u64, why: UndoRefused) -> JournalError {
    JournalError::Replay {
        n,
        reason: match why {
            UndoRefused::Nothing => "undo with nothing to undo".into(),
            UndoRefused::TooFarBack => {
                format!("an undo further back than {UNDO_HANDS} hands, which a restart keeps")
            }
        },
    }
}

pub fn finish(replay: Replay) -> Result<Night, JournalError> {
    replay.finish().map_err(refused)
}

fn refused((n, err): (u64, TableError)) -> JournalError {
    JournalError::Replay {
        n,
        reason: format!("refused: {err}"),
    }
}

#[cfg(test)]
mod tests;
