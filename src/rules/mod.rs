//! House rules: the TOML file a host writes to describe their table, checked
//! for meaning and turned into engine [`GameSpec`](crate::engine::GameSpec)s.
//!
//! Money is written in the house currency, exactly: a TOML integer is whole
//! currency units (`buy_in_max = 40`), a string is a decimal (`"0.25"`), and a
//! float is an error. `[house] unit` is what one engine chip is worth; every
//! amount must be a whole number of units, and the engine counts units.
//! No amount may be over [`MAX_AMOUNT_UNITS`] units, nor over that many of
//! the currency (see there for why, and which of the two the schema says).

mod amount;
mod cards;
pub mod catalog;
mod error;
mod model;
mod options;
mod sanity;
pub mod schema;
mod schema_cards;
mod shape;
mod summary;
mod summary_cards;
mod summary_warnings;
mod syntax;
mod validate;
mod validate_cards;

use std::path::Path;

use serde::Deserialize;

pub use amount::{Decimal, Times, MAX_AMOUNT_UNITS, MAX_TABLE_UNITS};
pub use cards::{
    parse_uid, read_uid, uid_hex, Card, CardCommand, CardRole, UidError, MAX_NAME_CHARS,
};
pub use error::{Diagnostic, RulesError, MAX_ERRORS, MAX_FILE_BYTES};
pub use model::*;
pub use options::*;

pub(crate) use error::{in_file_order, Locator};
pub(crate) use validate::Check;

/// The embedded default: a plain no-limit hold'em home game.
pub const DEFAULT_TOML: &str = include_str!("../../config/default.toml");

/// Parse and check a house-rules file; `file_name` is only used in messages.
pub fn load_str(file_name: &str, text: &str) -> Result<HouseRules, RulesError> {
    too_large(file_name, text.len())?;
    let loc = Locator::new(file_name, text);
    let doc = parse(&loc).map_err(RulesError::Invalid)?;
    from_doc(loc, doc)
}

/// A house file parsed, spans and all: what each of its readers (the rules,
/// the wiring's `[hardware]`, the room's `[room]`) takes its part of, so that the
/// whole file is parsed once however many read it.
pub(crate) type Doc<'t> = toml::Spanned<toml::de::DeTable<'t>>;

#[cfg(test)]
thread_local! {
    /// How many times [`parse`] ran on this thread: the test that a house
    /// file is parsed once for its three readers counts here.
    pub(crate) static PARSES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Parses the text `loc` locates in. Only a file that fails to parse is
/// parsed again, to find every syntax error in it, in file order.
pub(crate) fn parse<'t>(loc: &Locator<'t>) -> Result<Doc<'t>, Vec<Diagnostic>> {
    #[cfg(test)]
    PARSES.with(|n| n.set(n.get() + 1));
    let text = loc.text;
    toml::de::DeTable::parse(text).map_err(|e| syntax::syntax_errors(loc, text, &e))
}

/// `T`, a reader's view of the file with the one table `key` (`hardware`,
/// `room`), deserialized from that table of `doc` alone: the rest of the
/// file is the rules', and is not copied. Spans stay the file's.
pub(crate) fn deserialize_section<'de, T: Deserialize<'de>>(
    doc: &Doc<'de>,
    key: &str,
) -> Result<T, toml::de::Error> {
    let mut part = toml::de::DeTable::new();
    if let Some((k, v)) = doc.get_ref().get_key_value(key) {
        part.insert(k.clone(), v.clone());
    }
    T::deserialize(toml::de::Deserializer::from(toml::Spanned::new(
        doc.span(),
        part,
    )))
}

/// The rules of a parsed house file (see [`load_str`]).
pub(crate) fn from_doc(loc: Locator<'_>, mut doc: Doc<'_>) -> Result<HouseRules, RulesError> {
    // The shape first, against the schema: every problem of it at once.
    let shape = shape::Shape::check(&mut doc);
    let problems: Vec<Diagnostic> = shape
        .problems
        .iter()
        .map(|p| loc.at(&p.span, p.message.clone()))
        .collect();
    if shape.fatal {
        return Err(RulesError::Invalid(in_file_order(problems, 0)));
    }
    let raw = match schema::RawRules::deserialize(toml::de::Deserializer::from(doc)) {
        Ok(raw) => raw,
        Err(e) => {
            let mut problems = problems;
            problems.push(loc.toml_error(&e));
            return Err(RulesError::Invalid(in_file_order(problems, 0)));
        }
    };
    let mut check = validate::Check::new(loc);
    let shaped = problems.len();
    check.errors = problems;
    match validate::resolve(raw, &mut check) {
        Some(rules) if check.errors.is_empty() => Ok(rules),
        _ => {
            // A meaning check at the very place of a problem of shape says
            // the same thing again (seats out of range, an amount of 0):
            // the schema's words are kept.
            let mut errors = check.errors;
            let at: Vec<(usize, usize)> = errors[..shaped.min(errors.len())]
                .iter()
                .map(|d| (d.line, d.column))
                .collect();
            let mut i = 0;
            errors.retain(|d| {
                i += 1;
                i <= shaped || !at.contains(&(d.line, d.column))
            });
            Err(RulesError::Invalid(in_file_order(errors, check.more)))
        }
    }
}

/// Only the file's shape against the rules' JSON Schema, as an editor
/// with `dealerd schema` checks it: every problem, in file order. Empty when
/// the schema takes the file; [`load_str`] may still refuse it for what a
/// JSON Schema cannot say (one key against another, see
/// `tests/it/rules_schema_agree.rs`).
pub fn shape_problems(file_name: &str, text: &str) -> Vec<Diagnostic> {
    if let Err(e) = too_large(file_name, text.len()) {
        return e.diagnostics().to_vec();
    }
    let loc = Locator::new(file_name, text);
    let mut doc = match toml::de::DeTable::parse(text) {
        Ok(doc) => doc,
        Err(e) => return syntax::syntax_errors(&loc, text, &e),
    };
    let shape = shape::Shape::check(&mut doc);
    let problems = shape
        .problems
        .iter()
        .map(|p| loc.at(&p.span, p.message.clone()))
        .collect();
    in_file_order(problems, 0)
}

/// A file over [`MAX_FILE_BYTES`] is refused whole, before it is parsed.
pub fn too_large(file_name: &str, bytes: usize) -> Result<(), RulesError> {
    if bytes <= MAX_FILE_BYTES {
        return Ok(());
    }
    Err(RulesError::Invalid(vec![Diagnostic {
        file: file_name.to_string(),
        line: 1,
        column: 1,
        message: format!(
            "the file is {} bytes or more; a house file may be at most {MAX_FILE_BYTES} bytes ({} KiB)",
            bytes,
            MAX_FILE_BYTES / 1024
        ),
    }]))
}

/// [`load_str`] on a file, named in messages as given.
pub fn load_file(path: &Path) -> Result<HouseRules, RulesError> {
    let text = read_text(path)?;
    load_str(&path.display().to_string(), &text)
}

/// A rules file's text, named in messages as given. A file that is not UTF-8
/// is refused at its first bad byte's line and column, as every other
/// problem in the file is, so the host can find it in an editor.
pub fn read_text(path: &Path) -> Result<String, RulesError> {
    use std::io::Read;
    let name = path.display().to_string();
    let io = |e: std::io::Error| RulesError::Io {
        file: name.clone(),
        reason: e.to_string(),
    };
    // One byte more than the cap is enough to refuse it: a 10 MB file is
    // never read whole.
    let limit = MAX_FILE_BYTES as u64 + 1;
    let file = std::fs::File::open(path).map_err(io)?;
    let size = file.metadata().map_or(0, |m| m.len()).min(limit);
    let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0) + 1);
    file.take(limit).read_to_end(&mut bytes).map_err(io)?;
    too_large(&name, bytes.len())?;
    text_from_bytes(&name, bytes)
}

/// [`read_text`] on bytes already read; `file_name` is only used in messages.
pub fn text_from_bytes(file_name: &str, bytes: Vec<u8>) -> Result<String, RulesError> {
    String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let at = e.utf8_error().valid_up_to();
        let valid = bytes
            .get(..at)
            .and_then(|b| std::str::from_utf8(b).ok())
            .unwrap_or("");
        let loc = Locator::new(file_name, valid);
        let byte = bytes.get(at).copied().unwrap_or(0);
        RulesError::Invalid(vec![loc.at(
            &(at..at),
            format!("byte 0x{byte:02X} is not UTF-8: save the file as UTF-8"),
        )])
    })
}

#[cfg(test)]
mod tests;
