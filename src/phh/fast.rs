//! A reader for the part of TOML that PHH files use, giving the same
//! [`Node`] tree, spans included, as `toml` does, about ten times as fast
//! (issue 8: parsing was nine tenths of a replay).
//!
//! It takes only what it is sure of: bare keys, `[N]`-style table headers,
//! integers, booleans, strings without unusual escapes, arrays of those,
//! comments. Anything else (floats, dates, dotted or quoted keys, inline
//! tables, a duplicate key, any error) makes it give up, and the caller
//! reads the text with `toml`, which has the last word on what the text
//! means and on every error message. A differential test holds the two to
//! the same tree wherever this reader answers.

use std::borrow::Cow;
use std::collections::HashSet;

use super::raw::{Node, Raw};

/// The document, or `None` where `toml` must decide.
pub(crate) fn parse(text: &str) -> Option<Node> {
    let mut p = Parser::new(text);
    let mut root: Vec<(String, Node)> = Vec::new();
    // Root keys, for the duplicate check: a `.phhs` has hundreds of tables.
    let mut root_keys: HashSet<&str> = HashSet::new();
    // The table being filled: its index in `root`.
    let mut table: Option<usize> = None;
    loop {
        p.blank()?;
        if p.i >= p.s.len() {
            break;
        }
        if p.peek() == Some(b'[') {
            let start = p.i;
            p.i += 1;
            p.spaces();
            let key = p.bare_key()?;
            p.spaces();
            p.eat(b']')?;
            let end = p.i;
            p.end_of_line()?;
            if !root_keys.insert(key) {
                return None;
            }
            root.push((key.to_string(), node(start..end, Raw::Table(Vec::new()))));
            table = Some(root.len() - 1);
            continue;
        }
        let key = p.bare_key()?;
        p.spaces();
        p.eat(b'=')?;
        p.spaces();
        let value = p.value(0)?;
        p.end_of_line()?;
        let entries = match table {
            Some(t) => match &mut root[t].1.value {
                Raw::Table(e) => e,
                _ => return None,
            },
            None => {
                if !root_keys.insert(key) {
                    return None;
                }
                &mut root
            }
        };
        if table.is_some() && entries.iter().any(|(k, _)| k == key) {
            return None;
        }
        entries.push((key.to_string(), value));
    }
    // As `toml` does: a table's span is its header's, the root's is empty.
    Some(node(0..0, Raw::Table(root)))
}

/// Where a literal string's text stops: its closing quote, or a control
/// character other than tab (`toml`'s to refuse). Eight bytes are tested at
/// once while none of them is one of those, then byte by byte from the
/// first byte flagged: the byte loop was a tenth of reading a file of
/// short actions (issue 35), and scanning the eight bytes again byte by
/// byte half of what was left of `literal`.
pub(super) fn literal_stop(s: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let stop = |b: u8| b == b'\'' || b < 0x20 && b != b'\t' || b == 0x7f;
    let mut at = 0;
    for chunk in s.chunks_exact(8) {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        let v = u64::from_le_bytes(word);
        // A byte is zero in `x` exactly where `(x - 1) & !x` sets its
        // high bit (for some byte, if any is); below 0x20 likewise with 0x20.
        let quote = v ^ (ONES * u64::from(b'\''));
        let del = v ^ (ONES * 0x7f);
        let any = (quote.wrapping_sub(ONES) & !quote)
            | (del.wrapping_sub(ONES) & !del)
            | (v.wrapping_sub(ONES * 0x20) & !v);
        let flagged = any & HIGHS;
        if flagged != 0 {
            // The lowest flagged byte is one of those (a borrow only runs
            // upwards, so a byte above may be flagged wrongly), or a tab.
            at += (flagged.trailing_zeros() / 8) as usize;
            break;
        }
        at += 8;
    }
    s[at..].iter().position(|&b| stop(b)).map(|n| at + n)
}

/// The bytes of a bare key, `A-Z a-z 0-9 _ -`, by byte: one look-up a
/// byte where five range tests were (issue 35).
static KEY_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = matches!(b as u8, b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'_' | b'-');
        b += 1;
    }
    table
};

fn node(span: std::ops::Range<usize>, value: Raw) -> Node {
    Node {
        span: Some(span),
        value,
    }
}

/// The lexer, shared with [`super::direct`], which reads the same grammar
/// straight into hands. Its small steps are `#[inline]`: the direct reader
/// is compiled in another codegen unit, where each was a call (`after_value`
/// alone a call at every action, issue 35).
pub(super) struct Parser<'a> {
    pub s: &'a [u8],
    pub text: &'a str,
    pub i: usize,
    /// The 1-based line of `i`, and the offset where it starts: every
    /// newline is consumed by [`Parser::newline`] (strings and comments stop
    /// at one), so a place is known without counting again (issue 35).
    pub line: usize,
    pub line_start: usize,
}

impl<'a> Parser<'a> {
    pub fn new(text: &'a str) -> Self {
        Parser {
            s: text.as_bytes(),
            text,
            i: 0,
            line: 1,
            line_start: 0,
        }
    }

    #[inline]
    pub fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    #[inline]
    pub fn eat(&mut self, b: u8) -> Option<()> {
        (self.peek() == Some(b)).then(|| self.i += 1)
    }

    #[inline]
    pub fn spaces(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.i += 1;
        }
    }

    /// A comment to the end of its line, without the newline. Control
    /// characters other than tab are `toml`'s to refuse.
    #[inline]
    pub fn comment(&mut self) -> Option<()> {
        if self.peek() != Some(b'#') {
            return Some(());
        }
        while let Some(b) = self.peek() {
            match b {
                b'\n' => break,
                b'\t' => {}
                0..=0x1f | 0x7f => return None,
                _ => {}
            }
            self.i += 1;
        }
        Some(())
    }

    #[inline]
    pub fn newline(&mut self) -> bool {
        match self.peek() {
            Some(b'\n') => self.i += 1,
            Some(b'\r') if self.s.get(self.i + 1) == Some(&b'\n') => self.i += 2,
            _ => return false,
        }
        self.line += 1;
        self.line_start = self.i;
        true
    }

    /// Blank and comment lines, and the indentation of the next.
    #[inline]
    pub fn blank(&mut self) -> Option<()> {
        loop {
            self.spaces();
            self.comment()?;
            if !self.newline() {
                return Some(());
            }
        }
    }

    /// After a value or header: spaces, a comment, then a newline or the end.
    #[inline]
    pub fn end_of_line(&mut self) -> Option<()> {
        self.spaces();
        self.comment()?;
        (self.newline() || self.i == self.s.len()).then_some(())
    }

    #[inline]
    pub fn bare_key(&mut self) -> Option<&'a str> {
        let start = self.i;
        // Counted in a local, not in `self.i` a byte at a time.
        let len = self.s[start.min(self.s.len())..]
            .iter()
            .position(|&b| !KEY_BYTES[usize::from(b)])
            .unwrap_or(self.s.len().saturating_sub(start));
        self.i = start + len;
        (len > 0).then(|| &self.text[start..self.i])
    }

    pub fn value(&mut self, depth: usize) -> Option<Node> {
        let start = self.i;
        let raw = match self.peek()? {
            b'\'' => Raw::String(self.literal()?.into_owned()),
            b'"' => Raw::String(self.basic()?.into_owned()),
            b'[' if depth < 16 => Raw::Array(self.array(depth)?),
            b't' if self.s[self.i..].starts_with(b"true") => {
                self.i += 4;
                Raw::Bool(true)
            }
            b'f' if self.s[self.i..].starts_with(b"false") => {
                self.i += 5;
                Raw::Bool(false)
            }
            b'-' | b'0'..=b'9' => Raw::Integer(self.integer()?),
            _ => return None,
        };
        self.after_value()?;
        Some(node(start..self.i, raw))
    }

    /// `true1`, `12abc`, `1.5`, dates: not what they seem; `toml` decides.
    #[inline(always)]
    pub fn after_value(&self) -> Option<()> {
        match self.peek() {
            Some(b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'_' | b'.' | b':' | b'+' | b'-') => {
                None
            }
            _ => Some(()),
        }
    }

    /// A decimal integer without `+`, underscores or leading zeros.
    #[inline]
    pub fn integer(&mut self) -> Option<i64> {
        let start = self.i;
        self.eat(b'-');
        let digits = self.i;
        // Summed as scanned, in locals: a second pass was a tenth of
        // reading a hand, and `self.i` stored at every digit most of the rest.
        let mut end = digits;
        let mut magnitude: u64 = 0;
        while let Some(&d @ b'0'..=b'9') = self.s.get(end) {
            magnitude = magnitude
                .checked_mul(10)?
                .checked_add(u64::from(d - b'0'))?;
            end += 1;
        }
        self.i = end;
        let n = end - digits;
        if n == 0 || n > 1 && self.s[digits] == b'0' {
            return None;
        }
        if digits > start {
            0i64.checked_sub_unsigned(magnitude)
        } else {
            i64::try_from(magnitude).ok()
        }
    }

    pub fn literal(&mut self) -> Option<Cow<'a, str>> {
        self.i += 1;
        let start = self.i;
        let len = literal_stop(&self.s[start..])?;
        self.i += len;
        if self.peek() != Some(b'\'') {
            return None;
        }
        let out = &self.text[start..self.i];
        self.i += 1;
        // `'''` opens a multi-line string.
        if out.is_empty() && self.peek() == Some(b'\'') {
            return None;
        }
        Some(Cow::Borrowed(out))
    }

    /// Borrowed unless it has escapes: most action strings have none, and
    /// each copy was an allocation.
    pub fn basic(&mut self) -> Option<Cow<'a, str>> {
        self.i += 1;
        let mut out: Option<String> = None;
        let mut run = self.i;
        loop {
            match self.peek()? {
                b'"' => break,
                b'\\' => {
                    let out = out.get_or_insert_with(String::new);
                    out.push_str(&self.text[run..self.i]);
                    let c = match self.s.get(self.i + 1)? {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'n' => '\n',
                        b't' => '\t',
                        b'r' => '\r',
                        _ => return None,
                    };
                    out.push(c);
                    self.i += 2;
                    run = self.i;
                    continue;
                }
                b'\t' => {}
                0..=0x1f | 0x7f => return None,
                _ => {}
            }
            self.i += 1;
        }
        let out = match out {
            Some(mut out) => {
                out.push_str(&self.text[run..self.i]);
                Cow::Owned(out)
            }
            None => Cow::Borrowed(&self.text[run..self.i]),
        };
        self.i += 1;
        // `"""` opens a multi-line string.
        if out.is_empty() && self.peek() == Some(b'"') {
            return None;
        }
        Some(out)
    }

    /// Values, commas, and between them spaces, newlines and comments.
    fn array(&mut self, depth: usize) -> Option<Vec<Node>> {
        self.i += 1;
        let mut items = Vec::new();
        loop {
            self.array_space()?;
            if self.eat(b']').is_some() {
                return Some(items);
            }
            items.push(self.value(depth + 1)?);
            self.array_space()?;
            if self.eat(b',').is_none() {
                self.array_space()?;
                self.eat(b']')?;
                return Some(items);
            }
        }
    }

    #[inline]
    pub fn array_space(&mut self) -> Option<()> {
        loop {
            self.spaces();
            self.comment()?;
            if !self.newline() {
                return Some(());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    proptest! {
        /// Eight bytes at a time finds what the byte loop finds.
        #[test]
        fn literal_stop_is_the_first_stop_byte(
            bytes in proptest::collection::vec(prop_oneof![
                4 => 0x20u8..0x7f,
                1 => Just(b'\''),
                1 => Just(b'\t'),
                1 => Just(0x7fu8),
                1 => 0u8..0x20,
                1 => 0x80u8..=0xff,
            ], 0..40),
        ) {
            let slow = bytes
                .iter()
                .position(|&b| b == b'\'' || b < 0x20 && b != b'\t' || b == 0x7f);
            prop_assert_eq!(super::literal_stop(&bytes), slow);
        }
    }
}
