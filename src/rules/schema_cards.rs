//! The file as written, for `[[card]]`: the RFID cards of players, the host
//! and commands.

use schemars::JsonSchema;
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
    #[schemars(with = "String")]
    pub uid: Spanned<String>,
    /// This card seats the named player (at most 12 characters, ASCII).
    #[schemars(with = "Option<String>")]
    pub player: Option<Spanned<String>>,
    /// This card unlocks host actions for `hardware.host_unlock_seconds`.
    #[schemars(with = "Option<bool>")]
    pub host: Option<Spanned<bool>>,
    /// This card does one thing when tapped.
    #[schemars(with = "Option<CommandKind>")]
    pub command: Option<Spanned<CommandKind>>,
    /// A host or command card's label, unique among cards (case-insensitive).
    /// Defaults: "host", or the command as written. A player card's name is the player.
    #[schemars(with = "Option<String>")]
    pub name: Option<Spanned<String>>,
}
