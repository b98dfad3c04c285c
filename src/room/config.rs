//! `[room]`: where the table publishes (issue 14). Read from the house file
//! on its own, as `devices` reads `[hardware]`: the rules accept the table
//! unread and know nothing of the network. Pure: the password file and the
//! environment are read by the publisher when it connects, not here.

use std::borrow::Cow;
use std::fmt;
use std::path::PathBuf;

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::Deserialize;
use toml::Spanned;

use crate::rules::{Check, Locator, RulesError};

/// The variable the password is taken from when the file gives none.
pub const PASSWORD_ENV: &str = "DEALERD_ROOM_PASSWORD";

/// `[room]`, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Room {
    pub broker: Broker,
    /// The table's id: its topics are `dealerd/<table>/…`.
    pub table: String,
    pub username: Option<String>,
    pub password: Password,
    /// TLS roots when the broker is `mqtts://`: the system's, or this CA file.
    pub ca_file: Option<PathBuf>,
}

/// A broker's address from its `mqtt://host:port` or `mqtts://host:port` URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Broker {
    pub tls: bool,
    pub host: String,
    pub port: u16,
}

/// Where the password comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Password {
    /// `password = "…"` in the house file (which the journal's header keeps
    /// whole: a file or the environment is the better place).
    Inline(String),
    /// `password_file`: its first line, read at each connection.
    File(PathBuf),
    /// Neither: `$DEALERD_ROOM_PASSWORD` if set, else none.
    Env,
}

impl Broker {
    /// Parses `mqtt://host[:port]` (1883) or `mqtts://host[:port]` (8883).
    pub fn parse(url: &str) -> Result<Broker, String> {
        let (tls, rest) = if let Some(rest) = url.strip_prefix("mqtt://") {
            (false, rest)
        } else if let Some(rest) = url.strip_prefix("mqtts://") {
            (true, rest)
        } else {
            return Err(format!(
                "broker {url:?} is not an mqtt://host:port or mqtts://host:port URL"
            ));
        };
        let rest = rest.strip_suffix('/').unwrap_or(rest);
        if rest.contains(['/', '@', '?', '#']) {
            return Err(format!(
                "broker {url:?}: only a host and a port (credentials go in username and password)"
            ));
        }
        // A bracketed IPv6 literal holds colons of its own.
        let (host, port) = match rest.rsplit_once(':') {
            Some((host, port)) if !port.contains(']') => {
                let port = port
                    .parse::<u16>()
                    .ok()
                    .filter(|p| *p != 0)
                    .ok_or_else(|| format!("broker {url:?}: port {port:?} is not 1 to 65535"))?;
                (host, port)
            }
            _ => (rest, if tls { 8883 } else { 1883 }),
        };
        let host = host.trim_start_matches('[').trim_end_matches(']');
        if host.is_empty() {
            return Err(format!("broker {url:?} names no host"));
        }
        Ok(Broker {
            tls,
            host: host.to_string(),
            port,
        })
    }
}

impl fmt::Display for Broker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scheme = if self.tls { "mqtts" } else { "mqtt" };
        if self.host.contains(':') {
            write!(f, "{scheme}://[{}]:{}", self.host, self.port)
        } else {
            write!(f, "{scheme}://{}:{}", self.host, self.port)
        }
    }
}

/// A table id is one MQTT topic level that a `%u` ACL pattern can match:
/// no wildcard, no separator.
pub(crate) fn table_id_problem(id: &str) -> Option<String> {
    if id.is_empty() || id.len() > 64 {
        return Some(format!("table {id:?} is not 1 to 64 characters"));
    }
    if !id
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Some(format!(
            "table {id:?}: only letters, digits, '-' and '_' (it is a topic level)"
        ));
    }
    None
}

/// A house file read for its `[room]` alone.
#[derive(Debug, Deserialize)]
struct RoomFile {
    room: Option<RawRoom>,
}

/// `[room]`: publish this table to an MQTT broker, for the floor display
/// (`dealerd floor`) and the room's other systems. Leave it out and the
/// table stays off the network.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawRoom {
    /// The broker: `mqtt://host:port` (1883 if no port) or
    /// `mqtts://host:port` (TLS, 8883 if no port).
    #[schemars(with = "BrokerText")]
    pub broker: Spanned<String>,
    /// This table's id: letters, digits, `-` and `_`. Its topics are
    /// `dealerd/<table>/state`, `/events` and `/status`.
    #[schemars(with = "TableIdText")]
    pub table: Spanned<String>,
    /// The broker's user name for this table (usually the table id, so
    /// that an ACL `pattern write dealerd/%u/#` fences it in).
    #[schemars(with = "Option<UserText>")]
    pub username: Option<Spanned<String>>,
    /// The password, in the clear. The journal keeps the house file
    /// whole: prefer `password_file` or `$DEALERD_ROOM_PASSWORD`.
    #[schemars(with = "Option<String>")]
    pub password: Option<Spanned<String>>,
    /// A file whose first line is the password, read at each connection.
    #[schemars(with = "Option<String>")]
    pub password_file: Option<Spanned<String>>,
    /// With `mqtts://`: a PEM file of the CA(s) to trust instead of the
    /// system's roots.
    #[schemars(with = "Option<String>")]
    pub ca_file: Option<Spanned<String>>,
}

/// The broker URLs [`Broker::parse`] takes, as a regular expression (issue
/// 35: the schema said only "text", and an editor flagged no bad broker):
/// `mqtt://` or `mqtts://`, then a host and a port of 1 to 65535 (as `u16`
/// reads it: a '+' and leading zeros allowed), or a host alone, and an
/// optional final '/'; nothing of '/', '@', '?' or '#' in between. A host
/// is anything but brackets alone (`[]` names none), and the port is what
/// follows the last ':' unless a ']' does (an IPv6 literal's).
pub(crate) const BROKER_PATTERN: &str = concat!(
    r"^mqtts?://(?:",
    // host:port
    r"[^/@?#]*(?:[^/@?#\[\]]|\][^/@?#]*\[)[^/@?#]*:",
    r"\+?0*(?:[1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])",
    // a host with no ':' at all
    r"|[^/@?#:]*(?:[^/@?#:\[\]]|\][^/@?#:]*\[)[^/@?#:]*",
    // a host whose last ':' has a ']' after it: `[::1]`
    r"|[^/@?#]*:[^/@?#:]*\][^/@?#:]*",
    r")/?$"
);

/// `broker` in the schema: [`BROKER_PATTERN`].
pub struct BrokerText;

impl JsonSchema for BrokerText {
    fn schema_name() -> Cow<'static, str> {
        "BrokerUrl".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "description": "mqtt://host[:port] or mqtts://host[:port], the port 1 to 65535; no user, path, query or fragment.",
            "pattern": BROKER_PATTERN
        })
    }
}

/// `table` in the schema, as [`table_id_problem`] holds it.
pub struct TableIdText;

impl JsonSchema for TableIdText {
    fn schema_name() -> Cow<'static, str> {
        "TableId".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "description": "1 to 64 letters, digits, '-' and '_': one MQTT topic level.",
            "minLength": 1,
            "maxLength": 64,
            "pattern": "^[A-Za-z0-9_-]{1,64}$"
        })
    }
}

/// `username` in the schema: not empty.
pub struct UserText;

impl JsonSchema for UserText {
    fn schema_name() -> Cow<'static, str> {
        "BrokerUser".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "minLength": 1
        })
    }
}

/// The schema of the house file's `room` key.
pub fn property_schema(generator: &mut SchemaGenerator) -> Schema {
    generator.subschema_for::<Option<RawRoom>>()
}

/// The `[room]` of a house file (`None` without one), every other section
/// left to the rules and the wiring; located errors as theirs.
pub fn load_str(file_name: &str, text: &str) -> Result<Option<Room>, RulesError> {
    let loc = Locator::new(file_name, text);
    // Every syntax error, as the rules' reading says them (`dealerd check`
    // says each once).
    let doc = crate::rules::parse(&loc).map_err(RulesError::Invalid)?;
    from_doc(loc, &doc)
}

/// The `[room]` of a house file already parsed (the one parse the rules and
/// `[hardware]` read too): only that table is taken from `doc`.
pub(crate) fn from_doc(
    loc: Locator<'_>,
    doc: &crate::rules::Doc<'_>,
) -> Result<Option<Room>, RulesError> {
    let raw: RoomFile = crate::rules::deserialize_section(doc, "room")
        .map_err(|e| RulesError::Invalid(vec![loc.toml_error(&e)]))?;
    let Some(raw) = raw.room else {
        return Ok(None);
    };
    let mut check = Check::new(loc);
    let room = room(&raw, &mut check);
    if check.errors.is_empty() {
        Ok(room)
    } else {
        let mut errors = check.errors;
        errors.sort_by_key(|d| (d.line, d.column));
        Err(RulesError::Invalid(errors))
    }
}

fn room(raw: &RawRoom, c: &mut Check) -> Option<Room> {
    let broker = Broker::parse(raw.broker.get_ref())
        .map_err(|e| c.err(&raw.broker.span(), e))
        .ok();
    let table = raw.table.get_ref();
    if let Some(problem) = table_id_problem(table) {
        c.err(&raw.table.span(), problem);
    }
    let text = |s: &Option<Spanned<String>>| s.as_ref().map(|s| s.get_ref().clone());
    let username = text(&raw.username);
    if let Some(u) = &raw.username {
        if u.get_ref().is_empty() {
            c.err(&u.span(), "username is empty");
        }
    }
    let password = match (&raw.password, &raw.password_file) {
        (Some(_), Some(f)) => {
            c.err(&f.span(), "give password or password_file, not both");
            Password::Env
        }
        (Some(p), None) => Password::Inline(p.get_ref().clone()),
        (None, Some(f)) => Password::File(PathBuf::from(f.get_ref())),
        (None, None) => Password::Env,
    };
    if username.is_none() {
        if let Some(p) = raw.password.as_ref().or(raw.password_file.as_ref()) {
            c.err(&p.span(), "a password needs a username");
        }
    }
    let ca_file = text(&raw.ca_file).map(PathBuf::from);
    if let (Some(ca), Some(b)) = (&raw.ca_file, &broker) {
        if !b.tls {
            c.err(
                &ca.span(),
                "ca_file is for an mqtts:// broker; this one is mqtt://",
            );
        }
    }
    Some(Room {
        broker: broker?,
        table: table.clone(),
        username,
        password,
        ca_file,
    })
}

impl Room {
    /// What `dealerd check` warns of: a password in the clear in the house
    /// file (which every journal's header keeps whole), and a password file
    /// that other users can read. Looks at the file's mode, not its text.
    pub fn warnings(&self) -> Vec<String> {
        match &self.password {
            Password::Inline(_) => vec![format!(
                "the broker password is in the house file, in the clear (every journal's \
                 header keeps the file whole): use password_file or ${PASSWORD_ENV}"
            )],
            Password::File(path) => {
                use std::os::unix::fs::PermissionsExt;
                match std::fs::metadata(path) {
                    Ok(meta) if meta.permissions().mode() & 0o007 != 0 => vec![format!(
                        "password_file {} can be read by every user (mode {:04o}): \
                         chmod 0600 it, owned by the user dealerd runs as",
                        path.display(),
                        meta.permissions().mode() & 0o7777
                    )],
                    Ok(_) => Vec::new(),
                    Err(e) => vec![format!("password_file {}: {e}", path.display())],
                }
            }
            Password::Env => Vec::new(),
        }
    }
}

/// What `dealerd check` prints of `[room]`.
impl fmt::Display for Room {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Room: table {:?} publishes to {}",
            self.table, self.broker
        )?;
        if let Some(u) = &self.username {
            let from = match &self.password {
                Password::Inline(_) => "the house file".to_string(),
                Password::File(p) => p.display().to_string(),
                Password::Env => format!("${PASSWORD_ENV}"),
            };
            writeln!(f, "  as {u:?}, password from {from}")?;
        }
        for warning in self.warnings() {
            writeln!(f, "  warning: {warning}")?;
        }
        if self.broker.tls {
            match &self.ca_file {
                Some(ca) => writeln!(f, "  TLS, trusting {}", ca.display())?,
                None => writeln!(f, "  TLS, trusting the system's roots")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
