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

fn join(d: &[Diagnostic]) -> String {
    d.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

/// Turns byte offsets into 1-based line and column (in characters, as editors count).
pub(crate) struct Locator<'a> {
    pub file: &'a str,
    pub text: &'a str,
    /// Where each line starts: a file with an error on every line of
    /// thousands was quadratic when each error counted the lines before it.
    line_starts: Vec<usize>,
}

impl<'a> Locator<'a> {
    pub fn new(file: &'a str, text: &'a str) -> Self {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Locator {
            file,
            text,
            line_starts,
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
        let column = self
            .text
            .get(line_start..offset)
            .map_or(0, |s| s.chars().count())
            + 1;
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
