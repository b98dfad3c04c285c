//! The house file as a whole: the rules and the wiring (`[hardware]`) share
//! one TOML file, but `rules` reads the file without the wiring and
//! `devices` reads only the wiring, so neither knows the other (issue 12).
//! `dealerd check` and `dealerd schema` need both, so they are put together
//! here, one level up.

use std::fmt;
use std::path::Path;

use schemars::generate::SchemaSettings;

use crate::devices::{self, Hardware};
use crate::room::config::{self as room, Room};
use crate::rules::{self, HouseRules, RulesError};

/// A house file that passed both readings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HouseFile {
    pub rules: HouseRules,
    pub hardware: Hardware,
    /// `[room]`, if the table publishes to a broker.
    pub room: Option<Room>,
}

/// Reads the rules and the wiring of one file; every problem of either is
/// reported, in file order. `file_name` is only used in messages.
pub fn load_str(file_name: &str, text: &str) -> Result<HouseFile, RulesError> {
    // Said once, not by each of the three readings.
    rules::too_large(file_name, text.len())?;
    let rules = rules::load_str(file_name, text);
    let hardware = devices::load_str(file_name, text);
    let room = room::load_str(file_name, text);
    match (rules, hardware, room) {
        (Ok(rules), Ok(hardware), Ok(room)) => Ok(HouseFile {
            rules,
            hardware,
            room,
        }),
        (rules, hardware, room) => {
            // A TOML syntax error stops every reading at the same place: say it once.
            let mut all: Vec<crate::rules::Diagnostic> = Vec::new();
            let errors = [rules.err(), hardware.err(), room.err()];
            for d in errors.iter().flatten().flat_map(|e| e.diagnostics()) {
                if !all.contains(d) {
                    all.push(d.clone());
                }
            }
            // Each reading kept at most its first MAX_ERRORS (and a line
            // counting the rest); together, the first of those.
            all.sort_by_key(|d| (d.line, d.column));
            all.truncate(rules::MAX_ERRORS + 1);
            Err(RulesError::Invalid(all))
        }
    }
}

/// [`load_str`] on a file, named in messages as given.
pub fn load_file(path: &Path) -> Result<HouseFile, RulesError> {
    let text = rules::read_text(path)?;
    load_str(&path.display().to_string(), &text)
}

/// What `dealerd check` prints: the rules as understood, then the pins as
/// the daemon will claim them.
impl fmt::Display for HouseFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.rules)?;
        writeln!(f, "{}", self.hardware)?;
        match &self.room {
            Some(room) => write!(f, "{room}"),
            None => Ok(()),
        }
    }
}

/// The JSON Schema of the whole file, as `dealerd schema` prints it: the
/// rules' schema with the wiring's `hardware` key put back in.
pub fn json_schema() -> String {
    let mut generator = SchemaSettings::default().into_generator();
    // First, so that the root schema's `$defs` take in the wiring's types.
    let hardware = devices::property_schema(&mut generator);
    let room = room::property_schema(&mut generator);
    let mut schema = generator.root_schema_for::<rules::schema::RawRules>();
    if let Some(properties) = schema.get_mut("properties").and_then(|p| p.as_object_mut()) {
        properties.insert("hardware".into(), hardware.into());
        properties.insert("room".into(), room.into());
    }
    let mut s = serde_json::to_string_pretty(&schema).unwrap_or_default();
    s.push('\n');
    s
}
