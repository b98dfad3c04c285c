//! A record as a line of the journal file, in JSON: its numbering, its
//! stamp, and the reading that says what is wrong with a bad line. Apart
//! from the file handling because it is the format, not the I/O.

use serde::{Deserialize, Serialize};

use crate::table::TableEvent;

use super::Record;

/// A record as a line of the file, numbered: `{"n":N,"event":{…}}` or
/// `{"n":N,"undo":true}`.
#[derive(Serialize)]
#[serde(untagged)]
pub(super) enum Line {
    Event(EventLine),
    Undo(UndoLine),
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct EventLine {
    pub(super) n: u64,
    pub(super) event: TableEvent,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) at: Option<u64>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct UndoLine {
    pub(super) n: u64,
    pub(super) undo: True,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) at: Option<u64>,
}

/// `true`, the only value an undo line's `"undo"` takes.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
#[serde(try_from = "bool", into = "bool")]
pub(super) struct True;

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

pub(super) fn parse_line(bytes: &[u8], expected: u64) -> Result<(Record, Option<u64>), String> {
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
