//! Where house rules come from, and their text: what a session is opened
//! with and what a reload brings. The shell reads the file; the session
//! never does.

use std::path::{Path, PathBuf};

use crate::rules::{HouseRules, RulesError};

/// Where house rules came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// The default compiled into dealerd: no file to read again.
    Embedded,
    /// A file, named in messages as given.
    File(PathBuf),
}

/// House rules as text, and where they came from. What a session is opened
/// with and what a reload brings; the shell reads the file, the session
/// never does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulesSource {
    pub origin: Origin,
    pub text: String,
}

/// How the embedded default is named in messages, in a journal's header and
/// in a `rules` event (which keep a name, not an [`Origin`]).
pub const EMBEDDED_NAME: &str = "embedded default";

impl RulesSource {
    /// The default compiled into dealerd.
    pub fn embedded() -> RulesSource {
        RulesSource {
            origin: Origin::Embedded,
            text: crate::rules::DEFAULT_TOML.to_string(),
        }
    }

    pub fn file(path: impl Into<PathBuf>, text: impl Into<String>) -> RulesSource {
        RulesSource {
            origin: Origin::File(path.into()),
            text: text.into(),
        }
    }

    /// The name in messages: the path as given, or [`EMBEDDED_NAME`].
    pub fn name(&self) -> String {
        match &self.origin {
            Origin::Embedded => EMBEDDED_NAME.to_string(),
            Origin::File(path) => path.display().to_string(),
        }
    }

    /// Back from a name a journal or a `rules` event kept.
    pub fn from_name(name: &str, text: &str) -> RulesSource {
        let origin = match name {
            EMBEDDED_NAME => Origin::Embedded,
            path => Origin::File(PathBuf::from(path)),
        };
        RulesSource {
            origin,
            text: text.to_string(),
        }
    }

    /// The file to read again on a reload, if there is one.
    pub fn path(&self) -> Option<&Path> {
        match &self.origin {
            Origin::Embedded => None,
            Origin::File(path) => Some(path),
        }
    }

    pub fn load(&self) -> Result<HouseRules, RulesError> {
        crate::rules::load_str(&self.name(), &self.text)
    }
}
