//! `dealerd init`: a commented starter house file per common home game
//! (issue 25), so a new host starts from a file that already passes
//! `dealerd check` and changes numbers rather than writing keys.

use std::io::Write as _;
use std::path::Path;

/// One starter: the name `dealerd init` takes, what it is, and the file.
#[derive(Debug, Clone, Copy)]
pub struct Starter {
    pub name: &'static str,
    pub about: &'static str,
    pub text: &'static str,
}

/// The starters, as shipped in config/starters/.
pub const STARTERS: &[Starter] = &[
    Starter {
        name: "no-limit",
        about: "no-limit hold'em, 0.25/0.50, straddles and a bomb pot every orbit",
        text: include_str!("../../config/starters/no-limit.toml"),
    },
    Starter {
        name: "dealers-choice",
        about: "dealer's choice: hold'em, Omaha, Omaha 8, stud, draw",
        text: include_str!("../../config/starters/dealers-choice.toml"),
    },
    Starter {
        name: "limit",
        about: "a card room's 4/8 limit hold'em with a fee and a raise cap",
        text: include_str!("../../config/starters/card-room-limit.toml"),
    },
];

#[derive(Debug, thiserror::Error)]
pub enum InitError {
    #[error("no starter named \"{0}\"; starters: {list}", list = names())]
    Unknown(String),
    #[error("{0}: already exists; dealerd init never writes over a house file")]
    Exists(String),
    #[error("{file}: cannot write: {reason}")]
    Io { file: String, reason: String },
}

fn names() -> String {
    STARTERS
        .iter()
        .map(|s| s.name)
        .collect::<Vec<_>>()
        .join(", ")
}

pub fn find(name: &str) -> Option<&'static Starter> {
    STARTERS.iter().find(|s| s.name == name)
}

/// What `dealerd init` with no starter prints: the starters, one a line.
pub fn list() -> String {
    let mut out = String::from("Starters (dealerd init NAME [FILE]):\n");
    for s in STARTERS {
        out.push_str(&format!("  {:<15} {}\n", s.name, s.about));
    }
    out
}

/// Writes starter `name` to `file` (created; never over an existing one).
pub fn write(name: &str, file: &Path) -> Result<(), InitError> {
    let starter = find(name).ok_or_else(|| InitError::Unknown(name.to_string()))?;
    let shown = file.display().to_string();
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(file)
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::AlreadyExists => InitError::Exists(shown.clone()),
            _ => InitError::Io {
                file: shown.clone(),
                reason: e.to_string(),
            },
        })?;
    f.write_all(starter.text.as_bytes())
        .and_then(|()| f.sync_all())
        .map_err(|e| InitError::Io {
            file: shown,
            reason: e.to_string(),
        })
}
