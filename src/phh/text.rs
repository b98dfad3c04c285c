//! The text of an action, kept inline when short, as every action of the
//! test data is: a `String` per action was a third of the allocations of
//! reading a file and replaying it (issue 8).

use std::borrow::Borrow;
use std::fmt;
use std::ops::Deref;

/// Longest text kept inline; with the length byte and the tag it is the size
/// of a `String`.
const INLINE: usize = 22;

/// An action's text; derefs to `str`.
#[derive(Clone)]
pub struct ActionText(Repr);

#[derive(Clone)]
enum Repr {
    Inline { len: u8, bytes: [u8; INLINE] },
    Heap(Box<str>),
}

impl ActionText {
    pub fn as_str(&self) -> &str {
        match &self.0 {
            // Always whole UTF-8 (it was copied from a `str`); the empty
            // fallback only keeps this free of panics.
            Repr::Inline { len, bytes } => {
                std::str::from_utf8(&bytes[..usize::from(*len)]).unwrap_or_default()
            }
            Repr::Heap(s) => s,
        }
    }
}

impl ActionText {
    /// `s`, a piece of the file text `file`, copied as the 22 bytes there
    /// at once (a fixed copy, not a call to `memcpy` whose bytes were read
    /// back in other widths: a stall on every action, issue 35); the bytes
    /// past `s` are never read. As `from` for a text that is not in `file`
    /// or ends too near its end.
    #[inline]
    pub(crate) fn from_within(s: &str, file: &[u8]) -> Self {
        let at = (s.as_ptr() as usize).wrapping_sub(file.as_ptr() as usize);
        match file.get(at..at.wrapping_add(INLINE)) {
            Some(window) if s.len() <= INLINE && window.as_ptr() == s.as_ptr() => {
                let mut bytes = [0; INLINE];
                bytes.copy_from_slice(window);
                ActionText(Repr::Inline {
                    len: s.len() as u8,
                    bytes,
                })
            }
            _ => ActionText::from(s),
        }
    }
}

impl From<&str> for ActionText {
    #[inline]
    fn from(s: &str) -> Self {
        if s.len() <= INLINE {
            let mut bytes = [0; INLINE];
            bytes[..s.len()].copy_from_slice(s.as_bytes());
            ActionText(Repr::Inline {
                len: s.len() as u8,
                bytes,
            })
        } else {
            ActionText(Repr::Heap(s.into()))
        }
    }
}

impl From<String> for ActionText {
    fn from(s: String) -> Self {
        ActionText::from(s.as_str())
    }
}

impl Deref for ActionText {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for ActionText {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl Borrow<str> for ActionText {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq for ActionText {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for ActionText {}

impl PartialEq<str> for ActionText {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for ActionText {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for ActionText {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

impl fmt::Debug for ActionText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for ActionText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
