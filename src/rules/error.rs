//! Located errors: every problem names the file, line and column (1-based).

use std::fmt;
use std::ops::Range;

/// One problem in a house-rules file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.column, self.message
        )
    }
}

/// Why a house-rules file was refused: every problem found, in file order.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    #[error("{file}: cannot read: {reason}")]
    Io { file: String, reason: String },
    #[error("{}", join(.0))]
    Invalid(Vec<Diagnostic>),
}

impl RulesError {
    /// The located problems (none for an unreadable file).
    pub fn diagnostics(&self) -> &[Diagnostic] {
        match self {
            RulesError::Io { .. } => &[],
            RulesError::Invalid(d) => d,
        }
    }
}

/// The problems of one file as reported: in file order, at most
/// [`MAX_ERRORS`], and a last line that counts the rest. `more` is how many
/// were found but never located (past [`MAX_COLLECTED`]).
pub(crate) fn in_file_order(mut errors: Vec<Diagnostic>, more: usize) -> Vec<Diagnostic> {
    errors.sort_by_key(|d| (d.line, d.column));
    let omitted = errors.len().saturating_sub(MAX_ERRORS) + more;
    if omitted > 0 {
        errors.truncate(MAX_ERRORS);
        if let Some(last) = errors.last().cloned() {
            errors.push(Diagnostic {
                message: format!(
                    "{omitted} more problems not shown: fix these {MAX_ERRORS} and check again"
                ),
                ..last
            });
        }
    }
    errors
}

fn join(d: &[Diagnostic]) -> String {
    d.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

/// The largest house file read: a real one is a few kilobytes (the five
/// seed houses are under 6 KB; a thousand `[[card]]`s is 60 KB). Anything
/// larger is refused before it is parsed, so a broken or hostile file cannot
/// take the memory of a 1 GB Pi (issue 25: a 10 MB file with a 5-million
/// element array took 959 MB before it was refused).
pub const MAX_FILE_BYTES: usize = 256 * 1024;

/// The most problems reported for one file: past this, the rest are counted
/// in one last line. A host fixes the first screenful and checks again.
pub const MAX_ERRORS: usize = 50;

/// The most problems a check collects before it stops locating more: a
/// hostile file can have one on every value, and each costs a message.
pub(crate) const MAX_COLLECTED: usize = 1_000;

/// Turns byte offsets into 1-based line and column (in characters, as editors count).
pub(crate) struct Locator<'a> {
    pub file: &'a str,
    pub text: &'a str,
    /// Where each line starts: a file with an error on every line of
    /// thousands was quadratic when each error counted the lines before it.
    line_starts: Vec<usize>,
    /// Whether each line is ASCII, where a column is the byte offset in the
    /// line: computed once, so locating costs no scan of the line.
    ascii: Vec<bool>,
    /// The last place a column was counted on a line that is not ASCII
    /// (offset, column): the next one on that line counts on from there.
    /// Issue 25: 80,000 errors on one 323 KB line, each counted from the
    /// line's start, stalled a reload 22 s.
    memo: std::cell::Cell<(usize, usize)>,
    /// Characters counted so far, for the test that proves the above.
    pub(crate) scanned: std::cell::Cell<usize>,
}

impl<'a> Locator<'a> {
    pub fn new(file: &'a str, text: &'a str) -> Self {
        let line_starts: Vec<usize> = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        let ascii = line_starts
            .iter()
            .enumerate()
            .map(|(i, &start)| {
                let end = line_starts.get(i + 1).copied().unwrap_or(text.len());
                text.as_bytes().get(start..end).is_none_or(<[u8]>::is_ascii)
            })
            .collect();
        Locator {
            file,
            text,
            line_starts,
            ascii,
            memo: std::cell::Cell::new((0, 1)),
            scanned: std::cell::Cell::new(0),
        }
    }

    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        // The number of line starts at or before `offset` is its 1-based line.
        let line = self.line_starts.partition_point(|&s| s <= offset).max(1);
        let line_start = self.line_starts.get(line - 1).copied().unwrap_or(0);
        if self.ascii.get(line - 1).copied().unwrap_or(false) {
            return (line, offset - line_start + 1);
        }
        let (from, column) = match self.memo.get() {
            (at, column) if (line_start..=offset).contains(&at) => (at, column),
            _ => (line_start, 1),
        };
        let counted = self.text.get(from..offset).map_or(0, |s| s.chars().count());
        self.scanned.set(self.scanned.get() + counted);
        let column = column + counted;
        self.memo.set((offset, column));
        (line, column)
    }

    pub fn at(&self, span: &Range<usize>, message: impl Into<String>) -> Diagnostic {
        let (line, column) = self.line_col(span.start);
        Diagnostic {
            file: self.file.to_string(),
            line,
            column,
            message: message.into(),
        }
    }

    /// The table header (`[money]`, `[[game]]`) in force at `offset`, for messages.
    pub fn section_at(&self, offset: usize) -> Option<String> {
        // The header may be on the offset's own line (toml points missing keys at it).
        let end = self
            .text
            .get(offset.min(self.text.len())..)
            .and_then(|rest| rest.find('\n'))
            .map_or(self.text.len(), |i| offset + i);
        let before = self.text.get(..end)?;
        before
            .lines()
            .rev()
            .map(str::trim_start)
            .find(|l| l.starts_with('['))
            .map(|l| {
                let end = l.find(']').map_or(l.len(), |i| {
                    if l.get(i + 1..i + 2) == Some("]") {
                        i + 2
                    } else {
                        i + 1
                    }
                });
                l.get(..end).unwrap_or(l).to_string()
            })
    }

    /// toml's own error, reworded in this crate's style and located at its span.
    pub fn toml_error(&self, e: &toml::de::Error) -> Diagnostic {
        let span = e.span().unwrap_or(0..0);
        // One problem per line: toml's own hints go on the same line.
        let raw = e
            .message()
            .trim()
            .lines()
            .map(str::trim)
            .collect::<Vec<_>>()
            .join("; ");
        let message = match reword_unknown(&raw) {
            // toml 1 says no more, so the key and its table are named here.
            None if raw == "duplicate key" => self.duplicate_key(&span),
            Some((key, expected)) => match self.section_at(span.start) {
                // A misspelt section name: toml points at the header itself.
                Some(s) if s.trim_matches(|c| c == '[' || c == ']') == key => {
                    format!("unknown section {s}; expected one of: {expected}")
                }
                Some(s) => format!("unknown key \"{key}\" in {s}; expected one of: {expected}"),
                None => {
                    format!("unknown key \"{key}\" at the top level; expected one of: {expected}")
                }
            },
            None => match raw.strip_prefix("missing field `") {
                Some(rest) => {
                    let key = rest.trim_end_matches('`');
                    // toml gives the top-level table an empty span at 0.
                    let whole = span.is_empty() && span.start == 0;
                    let section = self
                        .section_at(span.start)
                        .filter(|_| !whole)
                        .map(|s| format!(" in {s}"))
                        .unwrap_or_else(|| " at the top level".to_string());
                    format!("missing key \"{key}\"{section}")
                }
                // "expected `\"`" would read as three quotes.
                None => raw
                    .replace("`\"`", "'\"'")
                    .replace('`', "\"")
                    .replace("expected u8", "expected a whole number")
                    .replace("expected u32", "expected a whole number")
                    .replace("expected i64", "expected a whole number"),
            },
        };
        self.at(&span, message)
    }

    /// toml points at the second of the two keys.
    fn duplicate_key(&self, span: &Range<usize>) -> String {
        let key = self
            .text
            .get(span.clone())
            .unwrap_or_default()
            .trim_matches(['"', '\'']);
        let before = self.text.get(..span.start).unwrap_or_default();
        let line = before.rsplit_once('\n').map_or(before, |(_, line)| line);
        match self.section_at(span.start) {
            Some(s) if line.trim_start().starts_with('[') => format!("duplicate section {s}"),
            Some(s) => format!(
                "duplicate key \"{key}\" in table \"{}\"",
                s.trim_matches(['[', ']'])
            ),
            None => format!("duplicate key \"{key}\" at the top level"),
        }
    }
}

/// serde's "unknown field `x`, expected one of `a`, `b`" (or "expected `a`").
fn reword_unknown(raw: &str) -> Option<(String, String)> {
    let rest = raw.strip_prefix("unknown field `")?;
    let (key, rest) = rest.split_once('`')?;
    let expected = rest
        .trim_start_matches(", ")
        .trim_start_matches("expected one of ")
        .trim_start_matches("expected ")
        .replace('`', "");
    Some((key.to_string(), expected))
}
