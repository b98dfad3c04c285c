//! The house file as a whole: the rules and the wiring (`[hardware]`) share
//! one TOML file, but `rules` reads the file without the wiring and
//! `devices` reads only the wiring, so neither knows the other (issue 12).
//! `dealerd check` and `dealerd schema` need both, so they are put together
//! here, one level up.

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use schemars::generate::SchemaSettings;

use crate::devices::{self, Hardware};
use crate::room::config::{self as room, Room};
use crate::rules::{self, HouseRules, RulesError};

/// A house file that passed both readings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HouseFile {
    /// Shared: the night in force holds these very rules (a session finds
    /// the wiring of the rules in force by them).
    pub rules: Arc<HouseRules>,
    pub hardware: Hardware,
    /// `[room]`, if the table publishes to a broker.
    pub room: Option<Room>,
}

/// What one parse of a house file gives each of its readers: the file as a
/// whole, and the wiring and the room on their own, which a start needs
/// even when the rest is refused (a resumed night claims the file's pins; a
/// refused `[room]` is logged and the table runs on).
#[derive(Debug, Clone)]
pub struct Readings {
    /// The rules, the wiring and the room, once all three read.
    pub whole: Result<Arc<HouseFile>, RulesError>,
    pub hardware: Result<Hardware, RulesError>,
    pub room: Result<Option<Room>, RulesError>,
}

/// Reads the rules, the wiring and the room of one file; every problem of
/// each is reported, in file order. `file_name` is only used in messages.
/// The text is parsed once, and each reading takes its part of that parse:
/// a start, a reload and `dealerd check` all come here.
pub fn load_str(file_name: &str, text: &str) -> Result<HouseFile, RulesError> {
    read_str(file_name, text).whole.map(Arc::unwrap_or_clone)
}

/// The [`Readings`] of one parse of `text` (see [`load_str`]).
pub fn read_str(file_name: &str, text: &str) -> Readings {
    let refused = |e: RulesError| Readings {
        whole: Err(e.clone()),
        hardware: Err(e.clone()),
        room: Err(e),
    };
    // Said once, not by each of the three readings.
    if let Err(e) = rules::too_large(file_name, text.len()) {
        return refused(e);
    }
    let loc = || rules::Locator::new(file_name, text);
    // A TOML syntax error stops every reading at the same place: it is
    // said once, every syntax error of the file in one run.
    let doc = match rules::parse(&loc()) {
        Ok(doc) => doc,
        Err(syntax) => return refused(RulesError::Invalid(syntax)),
    };
    // The wiring and the room take only their tables; the rules take the
    // rest, and consume the parse.
    let hardware = devices::from_doc(loc(), &doc);
    let room = room::from_doc(loc(), &doc);
    let rules = rules::from_doc(loc(), doc);
    let whole = match (rules, &hardware, &room) {
        (Ok(rules), Ok(hardware), Ok(room)) => Ok(Arc::new(HouseFile {
            rules: Arc::new(rules),
            hardware: hardware.clone(),
            room: room.clone(),
        })),
        (rules, hardware, room) => {
            let mut all: Vec<crate::rules::Diagnostic> = Vec::new();
            let errors = [rules.err(), hardware.clone().err(), room.clone().err()];
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
    };
    Readings {
        whole,
        hardware,
        room,
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

#[cfg(test)]
mod tests {
    use crate::rules::PARSES;

    /// The parses [`super::load_str`] made of `text`, and whether it read.
    fn parses(text: &str) -> (usize, bool) {
        PARSES.with(|n| n.set(0));
        let read = super::load_str("h.toml", text).is_ok();
        (PARSES.with(std::cell::Cell::get), read)
    }

    /// The rules, `[hardware]` and `[room]` of one file come from one parse
    /// of it (three before: a second parse is a defect though every reading
    /// agrees), for every shipped house and a file with all three sections.
    #[test]
    fn a_house_file_is_parsed_once_for_the_rules_the_wiring_and_the_room() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("config");
        let mut texts = vec![format!(
            "{}\n[room]\nbroker = \"mqtt://floor.local\"\ntable = \"t1\"\n",
            crate::rules::DEFAULT_TOML
        )];
        for sub in ["houses", "starters"] {
            for entry in std::fs::read_dir(dir.join(sub))
                .expect("shipped houses")
                .flatten()
            {
                texts.push(std::fs::read_to_string(entry.path()).expect("a shipped house"));
            }
        }
        assert!(texts.len() > 5, "the shipped houses were found");
        for text in &texts {
            assert_eq!(parses(text), (1, true), "{}", &text[..text.len().min(80)]);
        }
        let room = super::load_str("h.toml", &texts[0]).expect("reads");
        assert!(room.room.is_some(), "[room] was read from the one parse");
    }

    /// A refused file is still parsed once by the three readings (each says
    /// its own problem, located in the file), and one with a syntax error
    /// reaches the search for every syntax error once, not three times.
    #[test]
    fn a_refused_house_file_is_parsed_once_and_every_reading_still_speaks() {
        let text = crate::rules::DEFAULT_TOML
            .replacen("i2c_bus = 1 ", "i2c_bus = \"one\"", 1)
            .replacen("seats = 9", "seats = 0", 1)
            + "\n[room]\nbroker = \"http://x\"\ntable = \"t1\"\n";
        assert_eq!(parses(&text), (1, false));
        let e = super::load_str("h.toml", &text)
            .expect_err("refused")
            .to_string();
        for said in ["seats = 0", "string \"one\"", "broker \"http://x\""] {
            assert!(e.contains(said), "{said} is named: {e}");
        }
        let bad = crate::rules::DEFAULT_TOML.replacen("[house]", "[house\n", 1);
        assert_eq!(parses(&bad), (1, false));
        let e = super::load_str("h.toml", &bad).expect_err("refused");
        assert_eq!(e.diagnostics().len(), 1, "said once: {e}");
    }
}
