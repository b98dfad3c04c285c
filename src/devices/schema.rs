//! `[hardware]` as written. Numbers are read as any integer and range-checked
//! in `validate`, so that a pin of 300 gets the same located, reasoned message
//! as a pin of 30. Each key's default in the JSON schema is taken from
//! [`Hardware::DEFAULT`], not written out again here.

use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::Deserialize;
use toml::Spanned;

use super::Hardware;

/// An integer with its place in the file.
pub type Int = Option<Spanned<i64>>;

const D: Hardware = Hardware::DEFAULT;

/// A house file read for its `[hardware]` alone; the rules read the rest.
#[derive(Debug, Deserialize)]
pub(super) struct DevicesFile {
    pub hardware: Option<RawHardware>,
}

/// The schema of the house file's `hardware` key, for whoever puts the
/// whole file's schema together (the rules' schema leaves the key out).
pub fn property_schema(generator: &mut SchemaGenerator) -> Schema {
    let mut schema = generator.subschema_for::<Option<RawHardware>>();
    schema.insert(
        "description".into(),
        "The Pi's wiring: button pins and timing, the OLED, the RFID reader.\n\
         Leave it out for the wiring in `wiring/README.md`."
            .into(),
    );
    schema
}

/// `[hardware]`: how the Pi is wired. Every key is optional; the defaults are
/// the wiring in `wiring/README.md`. Read when the daemon starts.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawHardware {
    /// I2C bus of the OLED (`/dev/i2c-N`).
    #[schemars(with = "Option<u8>", extend("default" = D.i2c_bus))]
    pub i2c_bus: Int,
    /// The SSD1306's 7-bit I2C address: 0x3C (most modules) or 0x3D.
    #[schemars(
        with = "Option<u8>",
        range(min = 0x3C, max = 0x3D),
        extend("default" = D.oled_address)
    )]
    pub oled_address: Int,
    /// The OLED module's controller: "ssd1306" (most 0.96-inch modules) or
    /// "sh1106" (most 1.3-inch modules).
    #[schemars(with = "Option<OledName>", extend("default" = "ssd1306"))]
    pub oled: Option<Spanned<String>>,
    /// BCM GPIO wired to the MFRC522's RST.
    #[schemars(with = "Option<u8>", range(max = 27), extend("default" = D.rfid_rst_pin))]
    pub rfid_rst_pin: Int,
    /// The MFRC522's SPI clock in Hz, 10 kHz to 10 MHz.
    #[schemars(
        with = "Option<u32>",
        range(min = 10_000, max = 10_000_000),
        extend("default" = D.rfid_spi_hz)
    )]
    pub rfid_spi_hz: Int,
    /// How often the reader looks for a card, 20 to 1000 ms.
    #[schemars(
        with = "Option<u32>",
        range(min = 20, max = 1000),
        extend("default" = D.rfid_poll_ms)
    )]
    pub rfid_poll_ms: Int,
    /// How long a host card tap unlocks host actions, 5 to 600 s.
    #[schemars(
        with = "Option<u32>",
        range(min = 5, max = 600),
        extend("default" = D.host_unlock_seconds)
    )]
    pub host_unlock_seconds: Int,
    #[serde(default)]
    pub buttons: RawButtons,
}

/// The controllers `[hardware] oled` names (the schema's enum).
#[derive(JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)] // only its schema is used
enum OledName {
    Ssd1306,
    Sh1106,
}

/// `[hardware.buttons]`: BCM GPIO numbers (0–27). Each button goes to GND;
/// the internal pull-ups hold the line high until it is pressed.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawButtons {
    /// BCM GPIO of Fold.
    #[schemars(with = "Option<u8>", range(max = 27), extend("default" = D.buttons.fold))]
    pub fold: Int,
    /// BCM GPIO of Check/Call.
    #[schemars(with = "Option<u8>", range(max = 27), extend("default" = D.buttons.check_call))]
    pub check_call: Int,
    /// BCM GPIO of Bet/Raise.
    #[schemars(with = "Option<u8>", range(max = 27), extend("default" = D.buttons.bet_raise))]
    pub bet_raise: Int,
    /// BCM GPIO of Minus.
    #[schemars(with = "Option<u8>", range(max = 27), extend("default" = D.buttons.minus))]
    pub minus: Int,
    /// BCM GPIO of Plus.
    #[schemars(with = "Option<u8>", range(max = 27), extend("default" = D.buttons.plus))]
    pub plus: Int,
    /// BCM GPIO of OK.
    #[schemars(with = "Option<u8>", range(max = 27), extend("default" = D.buttons.ok))]
    pub ok: Int,
    /// BCM GPIO of Undo.
    #[schemars(with = "Option<u8>", range(max = 27), extend("default" = D.buttons.undo))]
    pub undo: Int,
    /// Edges closer than this to the last one are contact bounce, 0 to 200 ms.
    #[schemars(
        with = "Option<u32>",
        range(max = 200),
        extend("default" = D.buttons.debounce_ms)
    )]
    pub debounce_ms: Int,
    /// A press held this long is a long press, 100 to 5000 ms.
    #[schemars(
        with = "Option<u32>",
        range(min = 100, max = 5000),
        extend("default" = D.buttons.long_press_ms)
    )]
    pub long_press_ms: Int,
}
