//! A TOML value tree that keeps the byte span of every value.
//!
//! Built from toml's own spanned parse ([`DeTable::parse`]), which gives every value a
//! span, tables made implicitly by dotted keys included (they take their key's). The tree
//! owns its text so that the fast reader ([`super::fast`]) can build the same one.

use std::ops::Range;

use toml::de::{DeTable, DeValue};
use toml::Spanned;

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Node {
    pub span: Option<Range<usize>>,
    pub value: Raw,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Raw {
    Integer(i64),
    Float(f64),
    Bool(bool),
    String(String),
    Datetime,
    Array(Vec<Node>),
    /// Entries in the order the text gives them; lookups are by name.
    Table(Vec<(String, Node)>),
}

impl Raw {
    /// The kind of value, for "expected X, found Y" messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Raw::Integer(_) => "an integer",
            Raw::Float(_) => "a decimal number",
            Raw::Bool(_) => "a boolean",
            Raw::String(_) => "a string",
            Raw::Datetime => "a date",
            Raw::Array(_) => "an array",
            Raw::Table(_) => "a table",
        }
    }
}

/// Text that is not TOML, or a number TOML cannot hold: toml's message, where it points.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct TomlError {
    pub span: Option<Range<usize>>,
    pub message: String,
}

/// Reads a whole document: the root table, its span toml's (empty, at 0).
pub(crate) fn parse(text: &str) -> Result<Node, TomlError> {
    let root = DeTable::parse(text).map_err(|e| {
        let span = e.span();
        let message = match &span {
            // toml 1 says no more, so the key and its table are named here.
            Some(span) if e.message() == "duplicate key" => duplicate_key(text, span),
            _ => e.message().to_owned(),
        };
        TomlError { span, message }
    })?;
    let span = root.span();
    Ok(Node {
        span: Some(span),
        value: table(root.into_inner())?,
    })
}

/// toml points at the second of the two keys. The table is the last header above it (a
/// multi-line string with a line that starts with `[` could misname it, never misplace it).
fn duplicate_key(text: &str, span: &Range<usize>) -> String {
    let key = text.get(span.clone()).unwrap_or_default();
    let before = text.get(..span.start).unwrap_or_default();
    let (above, line) = before.rsplit_once('\n').unwrap_or(("", before));
    let header = |line: &str| {
        let line = line.trim_start();
        let end = match line.find(']') {
            Some(i) if line.get(i + 1..i + 2) == Some("]") => i + 2,
            Some(i) => i + 1,
            None => line.len(),
        };
        line.get(..end).unwrap_or(line).to_owned()
    };
    if line.trim_start().starts_with('[') {
        let rest = text.get(span.start..).unwrap_or_default();
        let line = format!("{line}{}", rest.lines().next().unwrap_or_default());
        return format!("duplicate table {}", header(&line));
    }
    match above
        .lines()
        .rev()
        .find(|l| l.trim_start().starts_with('['))
    {
        Some(h) => format!("duplicate key `{key}` in table {}", header(h)),
        None => format!("duplicate key `{key}` in document root"),
    }
}

fn table(entries: DeTable<'_>) -> Result<Raw, TomlError> {
    let entries = entries
        .into_iter()
        .map(|(key, value)| Ok((key.into_inner().into_owned(), node(value)?)))
        .collect::<Result<_, TomlError>>()?;
    Ok(Raw::Table(entries))
}

fn node(value: Spanned<DeValue<'_>>) -> Result<Node, TomlError> {
    let span = value.span();
    // toml checks a number's digits but leaves its range to whoever reads it: TOML's
    // integers are i64, and a float that overflows is an error, not infinity.
    let out_of_range = |what: &str| TomlError {
        span: Some(span.clone()),
        message: format!("{what} number overflowed"),
    };
    let raw = match value.into_inner() {
        DeValue::String(s) => Raw::String(s.into_owned()),
        DeValue::Integer(i) => match i64::from_str_radix(i.as_str(), i.radix()) {
            Ok(i) => Raw::Integer(i),
            Err(_) => return Err(out_of_range("integer")),
        },
        DeValue::Float(f) => match f.as_str().parse::<f64>() {
            Ok(x) if !x.is_infinite() || f.as_str().contains("inf") => Raw::Float(x),
            _ => return Err(out_of_range("floating-point")),
        },
        DeValue::Boolean(b) => Raw::Bool(b),
        DeValue::Datetime(_) => Raw::Datetime,
        DeValue::Array(items) => Raw::Array(items.into_iter().map(node).collect::<Result<_, _>>()?),
        DeValue::Table(entries) => table(entries)?,
    };
    Ok(Node {
        span: Some(span),
        value: raw,
    })
}

/// Turns byte offsets into 1-based line and column numbers (columns count characters).
pub(crate) struct LineIndex<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    pub fn new(text: &'a str) -> Self {
        let mut starts = vec![0];
        let newlines = text.bytes().enumerate().filter(|&(_, b)| b == b'\n');
        starts.extend(newlines.map(|(i, _)| i + 1));
        LineIndex { text, starts }
    }

    pub fn position(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = self.starts.partition_point(|&s| s <= offset).max(1);
        let start = self.starts.get(line - 1).copied().unwrap_or(0);
        // A span that splits a character (it should not) still gets a column, not a panic.
        let column = match self.text.get(start..offset) {
            Some(s) => s.chars().count() + 1,
            None => offset - start + 1,
        };
        (line, column)
    }

    /// [`LineIndex::position`] of `offset`, counting on from an earlier
    /// offset's `(offset, line, column)` where both are on one line: a
    /// hand's actions are one line, and counting each from the line's
    /// start made reading them quadratic.
    pub fn position_after(&self, earlier: (usize, usize, usize), offset: usize) -> (usize, usize) {
        let (from, line, column) = earlier;
        match self.text.get(from..offset) {
            Some(between) if !between.contains('\n') => (line, column + between.chars().count()),
            _ => self.position(offset),
        }
    }
}
