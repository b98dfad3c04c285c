//! The file as written, for `[[card]]`: the RFID cards of players, the host
//! and commands.

use std::borrow::Cow;

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::Deserialize;
use toml::Spanned;

/// What a command card does when tapped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum CommandKind {
    /// The next hand is a bomb pot (catalog: S2).
    BombNext,
    /// The hand in progress is a misdeal (catalog: D1).
    Misdeal,
    /// Run the rest of the board twice (catalog: D2).
    RunItTwice,
    /// Start the clock on the seat to act (catalog: D3).
    Clock,
}

/// `[[card]]`: one RFID card the reader knows. Give exactly one of `player`,
/// `host = true` or `command`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawCard {
    /// The UID as hex bytes, 4, 7 or 10 of them; ':', '-' or spaces between
    /// bytes are optional: "04:A2:2B:1C", "04a22b1c".
    #[schemars(with = "UidText")]
    pub uid: Spanned<String>,
    /// This card seats the named player (at most 12 characters, ASCII).
    #[schemars(with = "Option<NameText>")]
    pub player: Option<Spanned<String>>,
    /// This card unlocks host actions for `hardware.host_unlock_seconds`.
    #[schemars(with = "Option<bool>")]
    pub host: Option<Spanned<bool>>,
    /// This card does one thing when tapped.
    #[schemars(with = "Option<CommandKind>")]
    pub command: Option<Spanned<CommandKind>>,
    /// A host or command card's label, unique among cards (case-insensitive).
    /// Defaults: "host", or the command as written. A player card's name is the player.
    #[schemars(with = "Option<NameText>")]
    pub name: Option<Spanned<String>>,
}

/// A card UID as `check` reads it (`cards::read_uid`): 4, 7 or 10 bytes of
/// hex, with ':', '-' or ' ' anywhere between (issue 35: the schema said
/// only "text", and an editor flagged no bad UID).
pub struct UidText;

impl JsonSchema for UidText {
    fn schema_name() -> Cow<'static, str> {
        "CardUid".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "description": "A card UID: 4, 7 or 10 bytes as hex digits, with ':', '-' or spaces between them or none.",
            "pattern": "^[-: ]*(?:[0-9A-Fa-f][-: ]*){8}(?:(?:[0-9A-Fa-f][-: ]*){6}){0,2}$"
        })
    }
}

/// A name the screen and the ledger can show, as `check` holds a player's,
/// a card's and a roster name to (`validate_cards::checked`): 1 to
/// `MAX_NAME_CHARS` (12) printable ASCII characters, no space at either end,
/// and not starting with '=', '+', '-' or '@' (a spreadsheet's formula).
pub struct NameText;

impl JsonSchema for NameText {
    fn schema_name() -> Cow<'static, str> {
        "Name".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "description": "A name the screen shows: 1 to 12 printable ASCII characters, no space at either end, not starting with '=', '+', '-' or '@'.",
            "minLength": 1,
            "maxLength": 12,
            // First: printable, not a space nor = + - @; last: not a space.
            "pattern": "^[!-*,.-<>?A-~](?:[ -~]{0,10}[!-~])?$"
        })
    }
}
