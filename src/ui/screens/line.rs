//! [`Line`], the stack-built line every screen writes its text into, and
//! [`wrap`], which breaks words into them: apart because they are a string
//! type, not a drawing.

use std::fmt::{self, Write as _};
use std::ops::Deref;

/// A line of text built on the stack. Each amount and name in its own
/// `String`, and the lines joined from them, were most of a screen's own
/// work; here a line is written in place. Past [`LINE`] bytes it moves to
/// the heap, so nothing is ever cut here: the screen cuts lines to the
/// panel's width when it draws them.
pub(in crate::ui) struct Line {
    bytes: [u8; LINE],
    len: usize,
    spill: Option<String>,
}

/// Room for any line the panel can show, and for the footers and messages
/// before they are wrapped.
const LINE: usize = 96;

impl Line {
    pub(in crate::ui) fn new() -> Line {
        Line {
            bytes: [0; LINE],
            len: 0,
            spill: None,
        }
    }

    /// `format!` into a line: `Line::of(format_args!(…))`.
    pub(in crate::ui) fn of(args: fmt::Arguments) -> Line {
        let mut line = Line::new();
        // Writing into a line cannot fail.
        let _ = line.write_fmt(args);
        line
    }

    /// Bytes written; without going through `str`, which checks them.
    pub(in crate::ui) fn len(&self) -> usize {
        self.spill.as_ref().map_or(self.len, String::len)
    }

    pub(in crate::ui) fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub(in crate::ui) fn as_str(&self) -> &str {
        match &self.spill {
            Some(s) => s,
            // Only whole `&str`s are copied in, so this is always UTF-8.
            None => std::str::from_utf8(self.bytes.get(..self.len).unwrap_or(&[])).unwrap_or(""),
        }
    }
}

impl fmt::Write for Line {
    fn write_char(&mut self, c: char) -> fmt::Result {
        // ASCII, nearly every character a screen writes: one byte in place.
        match (u8::try_from(c), &self.spill, self.bytes.get_mut(self.len)) {
            (Ok(b), None, Some(slot)) if b.is_ascii() => {
                *slot = b;
                self.len += 1;
                Ok(())
            }
            _ => self.write_str(c.encode_utf8(&mut [0; 4])),
        }
    }

    fn write_str(&mut self, s: &str) -> fmt::Result {
        if let Some(spill) = &mut self.spill {
            spill.push_str(s);
            return Ok(());
        }
        match self.bytes.get_mut(self.len..self.len + s.len()) {
            Some(room) => {
                room.copy_from_slice(s.as_bytes());
                self.len += s.len();
            }
            None => {
                let mut spill = String::with_capacity(self.len + s.len());
                spill.push_str(self.as_str());
                spill.push_str(s);
                self.spill = Some(spill);
            }
        }
        Ok(())
    }
}

impl Deref for Line {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

/// Words into lines of at most `width` bytes, each word on the line after
/// when it does not fit, a word longer than `width` on a line of its own;
/// words are separated by one space whatever separated them in `text`.
/// Words that start with a digit stay on the line of a capitalised word
/// before them while they fit on one: "Guest 4 192.50" is a player and an
/// amount, and "Guest" at a line's end read as any walk-in (issue 32); a
/// game's "hi-lo 3-6" wraps as words do.
pub(in crate::ui) fn wrap(text: &str, width: usize) -> impl Iterator<Item = Line> + '_ {
    let mut words = text.split_whitespace().peekable();
    let mut chunks = std::iter::from_fn(move || {
        let first = words.next()?;
        let mut chunk = Line::new();
        let _ = chunk.write_str(first);
        let name = first.starts_with(|c: char| c.is_uppercase());
        while let Some(word) = words.next_if(|w| {
            name && w.starts_with(|c: char| c.is_ascii_digit())
                && chunk.len() + 1 + w.len() <= width
        }) {
            let _ = chunk.write_char(' ');
            let _ = chunk.write_str(word);
        }
        Some(chunk)
    })
    .peekable();
    std::iter::from_fn(move || {
        let line = chunks.next()?;
        let mut line = line;
        while let Some(chunk) = chunks.next_if(|w| line.len() + 1 + w.len() <= width) {
            let _ = line.write_char(' ');
            let _ = line.write_str(&chunk);
        }
        Some(line)
    })
}
