use std::fmt;

/// A 1-based place in a file; columns count characters, not bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pub line: usize,
    pub column: usize,
}

/// Why a PHH file could not be read. `Display` gives the whole message, starting with
/// `file:line:column:` (or just `file:` when there is no single place to point at).
#[derive(Debug, thiserror::Error)]
pub enum PhhError {
    #[error("{file}: cannot read: {source}")]
    Read {
        file: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{}: invalid TOML: {message}", Place(file, *at))]
    Toml {
        file: String,
        at: Option<Position>,
        message: String,
    },
    /// Valid TOML that is not a valid PHH hand. `hand` is set only in `.phhs` files, where
    /// the number tells which of many hands is wrong.
    #[error("{}: {}{message}", Place(file, *at), HandPrefix(*hand))]
    Invalid {
        file: String,
        at: Option<Position>,
        hand: Option<usize>,
        message: String,
    },
}

struct Place<'a>(&'a str, Option<Position>);

impl fmt::Display for Place<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.1 {
            Some(p) => write!(f, "{}:{}:{}", self.0, p.line, p.column),
            None => f.write_str(self.0),
        }
    }
}

struct HandPrefix(Option<usize>);

impl fmt::Display for HandPrefix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(n) => write!(f, "hand {n}: "),
            None => Ok(()),
        }
    }
}
