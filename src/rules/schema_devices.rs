//! The file as written, for the table's devices: `[hardware]` and `[[card]]`.
//! Numbers are read as any integer and range-checked in `validate_devices`, so
//! that a pin of 300 gets the same located, reasoned message as a pin of 30.

use schemars::JsonSchema;
use serde::Deserialize;
use toml::Spanned;

/// An integer with its place in the file.
pub type Int = Option<Spanned<i64>>;

/// `[hardware]`: how the Pi is wired. Every key is optional; the defaults are
/// the wiring in `wiring/README.md`. Read when the daemon starts.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawHardware {
    /// I2C bus of the OLED (`/dev/i2c-N`). Default 1.
    #[schemars(with = "Option<u8>")]
    pub i2c_bus: Int,
    /// The SSD1306's 7-bit I2C address: 0x3C (most modules) or 0x3D. Default 0x3C.
    #[schemars(with = "Option<u8>", range(min = 0x3C, max = 0x3D))]
    pub oled_address: Int,
    /// BCM GPIO wired to the MFRC522's RST. Default 25.
    #[schemars(with = "Option<u8>", range(max = 27))]
    pub rfid_rst_pin: Int,
    /// The MFRC522's SPI clock in Hz, 10 kHz to 10 MHz. Default 1000000.
    #[schemars(with = "Option<u32>", range(min = 10_000, max = 10_000_000))]
    pub rfid_spi_hz: Int,
    /// How often the reader looks for a card, 20 to 1000 ms. Default 100.
    #[schemars(with = "Option<u32>", range(min = 20, max = 1000))]
    pub rfid_poll_ms: Int,
    /// How long a host card tap unlocks host actions, 5 to 600 s. Default 60.
    #[schemars(with = "Option<u32>", range(min = 5, max = 600))]
    pub host_unlock_seconds: Int,
    #[serde(default)]
    pub buttons: RawButtons,
}

/// `[hardware.buttons]`: BCM GPIO numbers (0–27). Each button goes to GND;
/// the internal pull-ups hold the line high until it is pressed.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawButtons {
    /// Default 5.
    #[schemars(with = "Option<u8>", range(max = 27))]
    pub fold: Int,
    /// Default 6.
    #[schemars(with = "Option<u8>", range(max = 27))]
    pub check_call: Int,
    /// Default 13.
    #[schemars(with = "Option<u8>", range(max = 27))]
    pub bet_raise: Int,
    /// Default 19.
    #[schemars(with = "Option<u8>", range(max = 27))]
    pub minus: Int,
    /// Default 26.
    #[schemars(with = "Option<u8>", range(max = 27))]
    pub plus: Int,
    /// Default 16.
    #[schemars(with = "Option<u8>", range(max = 27))]
    pub ok: Int,
    /// Default 20.
    #[schemars(with = "Option<u8>", range(max = 27))]
    pub undo: Int,
    /// Edges closer than this to the last one are contact bounce, 0 to 200 ms. Default 20.
    #[schemars(with = "Option<u32>", range(max = 200))]
    pub debounce_ms: Int,
    /// A press held this long is a long press, 100 to 5000 ms. Default 600.
    #[schemars(with = "Option<u32>", range(min = 100, max = 5000))]
    pub long_press_ms: Int,
}

/// What a command card does when tapped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum CommandKind {
    /// S2: the next hand is a bomb pot.
    BombNext,
    /// D1: the hand in progress is a misdeal.
    Misdeal,
    /// D2: run the rest of the board twice.
    RunItTwice,
    /// D3: start the clock on the seat to act.
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
