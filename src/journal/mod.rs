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
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::rules::{HouseRules, RulesError};
use crate::table::{Night, TableEvent};

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
        let io = io_err(path);
        let name = path.display().to_string();
        let mut file = OpenOptions::new()
            .append(true)
            .read(true)
            .open(path)
            .map_err(&io)?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes).map_err(&io)?;

        // (start, end) of each line, without its newline; a last piece without
        // a newline is torn.
        let mut lines = Vec::new();
        let mut start = 0;
        for (i, &b) in bytes.iter().enumerate() {
            if b == b'\n' {
                lines.push((start, i));
                start = i + 1;
            }
        }
        let mut recovered = None;
        if start < bytes.len() {
            recovered = Some(format!(
                "{name}:{}: dropped a torn last line ({} bytes without a newline)",
                lines.len() + 1,
                bytes.len() - start
            ));
        }
        let Some(&(h0, h1)) = lines.first() else {
            return Err(JournalError::Header {
                path: name,
                reason: "the file has no complete first line".into(),
            });
        };
        let header: Header =
            serde_json::from_slice(&bytes[h0..h1]).map_err(|e| JournalError::Header {
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

        let mut records = Vec::with_capacity(lines.len());
        let mut good_end = h1 + 1;
        let count = lines.len();
        for (i, &(a, b)) in lines.iter().enumerate().skip(1) {
            let line_no = i + 1;
            match parse_line(&bytes[a..b], records.len() as u64 + 1) {
                Ok(record) => {
                    records.push(record);
                    good_end = b + 1;
                }
                // The last complete line may be a write the power cut left half
                // done (garbage, zeros); only when no torn piece follows it.
                Err(reason) if i + 1 == count && recovered.is_none() => {
                    recovered = Some(format!(
                        "{name}:{line_no}: dropped a broken last line: {reason}"
                    ));
                }
                Err(reason) => {
                    return Err(JournalError::Corrupt {
                        path: name,
                        line: line_no,
                        reason,
                    })
                }
            }
        }
        if recovered.is_some() {
            file.set_len(good_end as u64).map_err(&io)?;
            file.sync_all().map_err(&io)?;
        }
        let journal = Journal {
            path: path.to_path_buf(),
            file,
            header,
            len: records.len() as u64,
            recovered,
        };
        Ok((journal, records))
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

/// Folds journal records into a night. Undos are matched with the events
/// they took back before anything is applied, so recovery is one fold of
/// the events that stand, however far back the undos went.
pub fn night_from(rules: Arc<HouseRules>, records: &[Record]) -> Result<Night, JournalError> {
    let mut standing: Vec<(u64, &TableEvent)> = Vec::with_capacity(records.len());
    for (i, record) in records.iter().enumerate() {
        let n = i as u64 + 1;
        match record {
            Record::Event(e) => standing.push((n, e)),
            Record::Undo => {
                standing.pop().ok_or_else(|| JournalError::Replay {
                    n,
                    reason: "undo with nothing to undo".into(),
                })?;
            }
        }
    }
    Night::replay(rules, standing.iter().map(|(_, e)| (*e).clone())).map_err(|(i, err)| {
        JournalError::Replay {
            n: standing.get(i).map_or(0, |(n, _)| *n),
            reason: format!("refused: {err}"),
        }
    })
}

#[cfg(test)]
mod tests;
