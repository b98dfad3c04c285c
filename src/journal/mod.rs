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
//!
//! This file holds what a journal says (its [`Header`], its [`Record`]s,
//! its errors); the lines' JSON shape is in `line.rs`, the file itself
//! (opening, locking, appending, reading back) in `file.rs`, and folding
//! the records into a night in `replay.rs`.

pub mod civil;
pub mod phh_writer;
pub mod stamp;

mod file;
mod line;
mod replay;

use std::path::Path;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::rules::{HouseRules, RulesError};
use crate::table::TableEvent;

pub use file::{Blank, Journal, Reader, Start};
pub use replay::{apply, finish, fold, night_from};

/// The format version written in the header.
pub const VERSION: u32 = 1;

/// The journal's file name in a table's state directory. It lives here,
/// below both, because the daemon writes the file and the room's publisher
/// reads it (`room::publish`), and neither should reach into the other.
pub const FILE_NAME: &str = "journal.jsonl";

/// The journal of the night kept in `state_dir`.
pub fn in_state_dir(state_dir: &Path) -> std::path::PathBuf {
    state_dir.join(FILE_NAME)
}

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
    /// The box the night was played on (`records::box_id`): night numbers
    /// count on one box, so the night's name and its hand histories carry
    /// it too. Absent in journals from before it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub box_id: Option<String>,
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
            box_id: None,
            clock_synced: None,
        }
    }

    /// The header of the night numbered `n` ([`Header::night`]).
    pub fn numbered(mut self, n: Option<u64>) -> Header {
        self.night = n;
        self
    }

    /// The header of a night on the box `id` ([`Header::box_id`]).
    pub fn on_box(mut self, id: Option<String>) -> Header {
        self.box_id = id;
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

#[cfg(test)]
mod tests;
