//! House rules: the TOML file a host writes to describe their table, checked
//! for meaning and turned into engine [`GameSpec`](crate::engine::GameSpec)s.
//!
//! Money is written in the house currency, exactly: a TOML integer is whole
//! currency units (`buy_in_max = 40`), a string is a decimal (`"0.25"`), and a
//! float is an error. `[house] unit` is what one engine chip is worth; every
//! amount must be a whole number of units, and the engine counts units.

mod amount;
pub mod catalog;
mod devices;
mod error;
mod model;
mod options;
pub mod schema;
mod schema_devices;
mod summary;
mod summary_devices;
mod validate;
mod validate_cards;
mod validate_devices;

use std::path::Path;

pub use amount::{Decimal, Times};
pub use devices::{
    parse_uid, read_uid, uid_hex, Card, CardCommand, CardRole, Hardware, UidError, MAX_NAME_CHARS,
};
pub use error::{Diagnostic, RulesError};
pub use model::*;
pub use options::*;

use error::Locator;

/// The embedded default: a plain no-limit hold'em home game.
pub const DEFAULT_TOML: &str = include_str!("../../config/default.toml");

/// Parse and check a house-rules file; `file_name` is only used in messages.
pub fn load_str(file_name: &str, text: &str) -> Result<HouseRules, RulesError> {
    let loc = Locator {
        file: file_name,
        text,
    };
    let raw: schema::RawRules = match toml::from_str(text) {
        Ok(raw) => raw,
        Err(e) => return Err(RulesError::Invalid(vec![loc.toml_error(&e)])),
    };
    let mut check = validate::Check::new(loc);
    match validate::resolve(raw, &mut check) {
        Some(rules) if check.errors.is_empty() => Ok(rules),
        _ => {
            let mut errors = check.errors;
            errors.sort_by_key(|d| (d.line, d.column));
            Err(RulesError::Invalid(errors))
        }
    }
}

/// [`load_str`] on a file, named in messages as given.
pub fn load_file(path: &Path) -> Result<HouseRules, RulesError> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| RulesError::Io {
        file: name.clone(),
        reason: e.to_string(),
    })?;
    load_str(&name, &text)
}

/// The JSON Schema of the file format, as `dealerd schema` prints it.
pub fn json_schema() -> String {
    let schema = schemars::schema_for!(schema::RawRules);
    let mut s = serde_json::to_string_pretty(&schema).unwrap_or_default();
    s.push('\n');
    s
}

#[cfg(test)]
mod tests;
