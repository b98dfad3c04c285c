//! A TOML value tree that keeps the byte span of every value.
//!
//! `toml::Value` drops spans and `toml::Spanned` fails outright on values that have none
//! (tables made implicitly by dotted keys, for one), so this tree asks for a span and takes
//! whatever the deserializer gives.

use std::fmt;
use std::ops::Range;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

// The private protocol by which `toml` hands out spans (see `serde_spanned`).
const SPANNED_NAME: &str = "$__serde_spanned_private_Spanned";
const SPANNED_START: &str = "$__serde_spanned_private_start";
const SPANNED_END: &str = "$__serde_spanned_private_end";
const SPANNED_VALUE: &str = "$__serde_spanned_private_value";
const SPANNED_FIELDS: &[&str] = &[SPANNED_START, SPANNED_END, SPANNED_VALUE];
// How `toml` presents a datetime to a deserializer that does not know it.
const DATETIME_FIELD: &str = "$__toml_private_datetime";

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
    /// Entries in the order the deserializer gives them; lookups are by name.
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

impl<'de> de::Deserialize<'de> for Node {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_struct(SPANNED_NAME, SPANNED_FIELDS, NodeVisitor)
    }
}

/// Deserializes the value inside a span wrapper. Asking for a span again there would
/// wrap the same value forever.
struct Unspanned;

impl<'de> DeserializeSeed<'de> for Unspanned {
    type Value = Node;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Node, D::Error> {
        deserializer.deserialize_any(NodeVisitor)
    }
}

struct NodeVisitor;

fn bare(value: Raw) -> Node {
    Node { span: None, value }
}

impl<'de> Visitor<'de> for NodeVisitor {
    type Value = Node;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a TOML value")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Node, E> {
        Ok(bare(Raw::Bool(v)))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Node, E> {
        Ok(bare(Raw::Integer(v)))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Node, E> {
        // TOML integers are i64; this only guards against a deserializer that says otherwise.
        match i64::try_from(v) {
            Ok(v) => Ok(bare(Raw::Integer(v))),
            Err(_) => Ok(bare(Raw::Float(v as f64))),
        }
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Node, E> {
        Ok(bare(Raw::Float(v)))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Node, E> {
        Ok(bare(Raw::String(v.to_owned())))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Node, E> {
        Ok(bare(Raw::String(v)))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Node, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element::<Node>()? {
            items.push(item);
        }
        Ok(bare(Raw::Array(items)))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Node, A::Error> {
        let Some(first) = map.next_key::<String>()? else {
            return Ok(bare(Raw::Table(Vec::new())));
        };
        if first == SPANNED_START {
            let start: usize = map.next_value()?;
            let _end_key: Option<String> = map.next_key()?;
            let end: usize = map.next_value()?;
            let _value_key: Option<String> = map.next_key()?;
            let mut node = map.next_value_seed(Unspanned)?;
            node.span = Some(start..end);
            return Ok(node);
        }
        if first == DATETIME_FIELD {
            let _text: String = map.next_value()?;
            return Ok(bare(Raw::Datetime));
        }
        let mut entries = vec![(first, map.next_value::<Node>()?)];
        while let Some(key) = map.next_key::<String>()? {
            entries.push((key, map.next_value::<Node>()?));
        }
        Ok(bare(Raw::Table(entries)))
    }
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
