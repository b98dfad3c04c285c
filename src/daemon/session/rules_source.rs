//! Where house rules come from, and their text: what a session is opened
//! with and what a reload brings. The shell reads the file; the session
//! never does.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use crate::daemon::house_file::{self, HouseFile, Readings};
use crate::rules::RulesError;

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
    /// The text's one parse, made by the first reading asked of it and
    /// shared by every clone: a start hands the same source to the wiring,
    /// the night and the room, a reload to the check and the table, so
    /// each takes its part of one parse (issue 35).
    parsed: Parsed,
}

/// [`RulesSource::readings`] as made, with the name and text they were
/// made of (the fields are public: a source changed since is parsed anew).
#[derive(Clone, Default)]
struct Parsed(Arc<OnceLock<(String, String, Arc<Readings>)>>);

/// Not part of what a source is: two sources are equal by name and text.
impl PartialEq for Parsed {
    fn eq(&self, _: &Parsed) -> bool {
        true
    }
}

impl Eq for Parsed {}

impl std::fmt::Debug for Parsed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let done = self.0.get().is_some();
        write!(f, "{}", if done { "parsed" } else { "not parsed" })
    }
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
            parsed: Parsed::default(),
        }
    }

    pub fn file(path: impl Into<PathBuf>, text: impl Into<String>) -> RulesSource {
        RulesSource {
            origin: Origin::File(path.into()),
            text: text.into(),
            parsed: Parsed::default(),
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
            parsed: Parsed::default(),
        }
    }

    /// The file to read again on a reload, if there is one.
    pub fn path(&self) -> Option<&Path> {
        match &self.origin {
            Origin::Embedded => None,
            Origin::File(path) => Some(path),
        }
    }

    /// The rules, the wiring and the room, once the whole file is good: a
    /// reload or a new night under a file whose `[hardware]` is refused is
    /// refused too, as `dealerd check` refuses it. Parsed on the first
    /// call on this source or a clone of it, and kept.
    pub fn load(&self) -> Result<Arc<HouseFile>, RulesError> {
        self.readings().whole.clone()
    }

    /// What each reader takes of the text's one parse (see [`Readings`]).
    pub fn readings(&self) -> Arc<Readings> {
        let name = self.name();
        if let Some((n, text, readings)) = self.parsed.0.get() {
            if *n == name && *text == self.text {
                return Arc::clone(readings);
            }
        }
        let readings = Arc::new(house_file::read_str(&name, &self.text));
        if self.parsed.0.get().is_none() {
            let _ = (self.parsed.0).set((name, self.text.clone(), Arc::clone(&readings)));
        }
        readings
    }
}
