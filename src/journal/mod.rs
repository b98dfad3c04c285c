//! The journal of a night: an append-only file of JSON lines, one per table
//! event or undo, fsynced before the screen confirms. The night is the fold of
//! the journal, so recovering from a crash or a power cut is a replay.
//!
//! The first line is a [`Header`]; every other line is a record,
//! `{"n":N,"event":{…}}` or `{"n":N,"undo":true}`, numbered from 1. An undo is
//! recorded, never a rewrite: replaying it pops the last event.
//!
//! A power cut can tear the last line. [`Journal::open`] drops a last line
//! that has no newline or does not parse, truncates the file back to the last
//! good line and says so; a bad line anywhere else is an error naming the line.

pub mod phh_writer;

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
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
}

impl Header {
    pub fn new(rules: &str, rules_text: &str) -> Header {
        Header {
            dealerd_journal: VERSION,
            rules: rules.to_string(),
            rules_fnv64: format!("{:016x}", fnv64(rules_text.as_bytes())),
            rules_text: rules_text.to_string(),
        }
    }

    /// The rules the night started under, parsed from the stored text
    /// (diagnostics name the header's `rules`). Later reloads are `Rules`
    /// events in the journal itself.
    pub fn rules(&self) -> Result<HouseRules, RulesError> {
        crate::rules::load_str(&self.rules, &self.rules_text)
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

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Line {
    n: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    event: Option<TableEvent>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    undo: bool,
}

/// An open journal, positioned for appending.
#[derive(Debug)]
pub struct Journal {
    path: PathBuf,
    file: File,
    header: Header,
    /// Records in the file.
    len: u64,
    /// What open had to repair, if anything.
    recovered: Option<String>,
}

impl Journal {
    /// Starts a new journal; refuses to overwrite one. The header and the
    /// directory entry are on disk when this returns.
    pub fn create(path: &Path, header: Header) -> Result<Journal, JournalError> {
        let io = io_err(path);
        let mut file = OpenOptions::new()
            .append(true)
            .read(true)
            .create_new(true)
            .open(path)
            .map_err(|e| {
                if e.kind() == std::io::ErrorKind::AlreadyExists {
                    JournalError::Exists {
                        path: path.display().to_string(),
                    }
                } else {
                    io(e)
                }
            })?;
        let mut line = serde_json::to_string(&header).map_err(|e| JournalError::Header {
            path: path.display().to_string(),
            reason: e.to_string(),
        })?;
        line.push('\n');
        file.write_all(line.as_bytes()).map_err(&io)?;
        file.sync_all().map_err(&io)?;
        sync_dir(path);
        Ok(Journal {
            path: path.to_path_buf(),
            file,
            header,
            len: 0,
            recovered: None,
        })
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

    /// Opens a journal for reading its records one at a time, so a restart
    /// holds one line in memory, not the night: the header, then a
    /// [`Reader`] whose [`finish`](Reader::finish) repairs a torn last line
    /// and gives the journal, positioned for appending.
    pub fn read(path: &Path) -> Result<(Header, Reader), JournalError> {
        let io = io_err(path);
        let name = path.display().to_string();
        let file = OpenOptions::new()
            .append(true)
            .read(true)
            .open(path)
            .map_err(&io)?;
        let mut lines = BufReader::new(file);
        let mut line = Vec::new();
        lines.read_until(b'\n', &mut line).map_err(&io)?;
        if line.pop() != Some(b'\n') {
            return Err(JournalError::Header {
                path: name,
                reason: "the file has no complete first line".into(),
            });
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
            broken: None,
            recovered: None,
            done: false,
            header: header.clone(),
        };
        Ok((header, reader))
    }

    /// Writes one record and fsyncs it: when this returns, the record survives
    /// a power cut, and only then may the screen confirm it.
    pub fn append(&mut self, record: &Record) -> Result<(), JournalError> {
        let n = self.len + 1;
        let line = match record {
            Record::Event(e) => Line {
                n,
                event: Some(e.clone()),
                undo: false,
            },
            Record::Undo => Line {
                n,
                event: None,
                undo: true,
            },
        };
        let mut text = serde_json::to_string(&line).map_err(|e| JournalError::Replay {
            n,
            reason: e.to_string(),
        })?;
        text.push('\n');
        let io = io_err(&self.path);
        // One write per line, so a crash tears at most the last line.
        self.file.write_all(text.as_bytes()).map_err(&io)?;
        self.file.sync_data().map_err(&io)?;
        self.len = n;
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

    /// The warning when open dropped a torn or broken last line.
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
    /// A complete line that did not parse: a power cut's if it is the last.
    broken: Option<(usize, String)>,
    recovered: Option<String>,
    done: bool,
}

impl Reader {
    /// After the last record: repairs a torn or broken last line (cutting
    /// the file back to the last good one, fsynced) and gives the journal.
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
            recovered: self.recovered,
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
            self.recovered = match (self.broken.take(), torn) {
                // The last complete line may be a write the power cut left
                // half done (garbage, zeros); only when no torn piece follows.
                (Some((line_no, reason)), false) => Some(format!(
                    "{}:{line_no}: dropped a broken last line: {reason}",
                    self.name
                )),
                (Some((line_no, reason)), true) => return self.corrupt(line_no, reason),
                (None, true) => Some(format!(
                    "{}:{}: dropped a torn last line ({read} bytes without a newline)",
                    self.name,
                    self.line_no + 1
                )),
                (None, false) => None,
            };
            return None;
        }
        if let Some((line_no, reason)) = self.broken.take() {
            return self.corrupt(line_no, reason);
        }
        self.line_no += 1;
        self.line.pop();
        match parse_line(&self.line, self.records + 1) {
            Ok(record) => {
                self.records += 1;
                self.good_end += read as u64;
                Some(Ok((self.records, record)))
            }
            Err(reason) => {
                self.broken = Some((self.line_no, reason));
                self.next()
            }
        }
    }
}

fn parse_line(bytes: &[u8], expected: u64) -> Result<Record, String> {
    let line: Line = serde_json::from_slice(bytes).map_err(|e| e.to_string())?;
    if line.n != expected {
        return Err(format!(
            "record number {} where {expected} was expected",
            line.n
        ));
    }
    match (line.event, line.undo) {
        (Some(e), false) => Ok(Record::Event(e)),
        (None, true) => Ok(Record::Undo),
        (Some(_), true) => Err("a record is an event or an undo, not both".into()),
        (None, false) => Err("a record needs an event or \"undo\": true".into()),
    }
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
        Record::Undo => replay.undo().map_err(|why| JournalError::Replay {
            n,
            reason: match why {
                UndoRefused::Nothing => "undo with nothing to undo".into(),
                UndoRefused::TooFarBack => {
                    format!("an undo further back than {UNDO_HANDS} hands, which a restart keeps")
                }
            },
        }),
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
