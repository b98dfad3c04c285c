//! The table's devices as the house file describes them in `[hardware]`: the
//! button pin map and timing, the OLED's bus and address, the reader's pins,
//! clock and poll interval. Read once, when the daemon starts: pins are
//! claimed then.
//!
//! This is the one place each default lives ([`Hardware::DEFAULT`]); the
//! JSON schema, `dealerd check` and the drivers all take it from here, and
//! `hw` takes plain numbers, knowing neither TOML nor the defaults.

mod schema;
mod summary;

pub use summary::key as button_key;
mod validate;

use std::time::Duration;

pub use crate::hw::oled::Controller as OledController;
use crate::rules::RulesError;
use crate::ui::Button;

pub use schema::{property_schema, RawButtons, RawHardware};
use validate::hardware;

/// `[hardware]`, every default filled in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hardware {
    pub buttons: ButtonPins,
    /// I2C bus number of the OLED (`/dev/i2c-N`).
    pub i2c_bus: u8,
    /// The OLED's 7-bit address (0x3C, or 0x3D on some modules).
    pub oled_address: u8,
    /// The OLED module's controller: SSD1306 (most 0.96-inch modules) or
    /// SH1106 (most 1.3-inch ones).
    pub oled: OledController,
    /// BCM GPIO wired to the MFRC522's RST.
    pub rfid_rst_pin: u8,
    /// The MFRC522's SPI clock.
    pub rfid_spi_hz: u32,
    /// How often the reader is asked for a card.
    pub rfid_poll_ms: u32,
    /// How long a host card tap keeps host actions unlocked.
    pub host_unlock_seconds: u32,
}

/// `[hardware.buttons]`: which BCM GPIO each button is on, and its timing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ButtonPins {
    pub fold: u8,
    pub check_call: u8,
    pub bet_raise: u8,
    pub minus: u8,
    pub plus: u8,
    pub ok: u8,
    pub undo: u8,
    /// Edges closer than this to the last accepted one are contact bounce.
    pub debounce_ms: u64,
    /// Held this long or longer, a press is long.
    pub long_press_ms: u64,
}

impl Hardware {
    /// The wiring in `wiring/README.md`: what a file without `[hardware]`
    /// gets, and what config/default.toml spells out (a test holds it to it).
    pub const DEFAULT: Hardware = Hardware {
        buttons: ButtonPins {
            fold: 5,
            check_call: 6,
            bet_raise: 13,
            minus: 19,
            plus: 26,
            ok: 16,
            undo: 20,
            debounce_ms: 20,
            long_press_ms: 600,
        },
        i2c_bus: 1,
        oled_address: 0x3C,
        oled: OledController::Ssd1306,
        rfid_rst_pin: 25,
        // The chip allows 10 MHz; jumper wires at a table do not.
        rfid_spi_hz: 1_000_000,
        rfid_poll_ms: 100,
        host_unlock_seconds: 60,
    };
}

impl Hardware {
    /// How long a host card tap keeps host actions unlocked.
    pub fn host_unlock(&self) -> Duration {
        Duration::from_secs(u64::from(self.host_unlock_seconds))
    }
}

impl Default for Hardware {
    fn default() -> Self {
        Hardware::DEFAULT
    }
}

impl Default for ButtonPins {
    fn default() -> Self {
        Hardware::DEFAULT.buttons
    }
}

impl ButtonPins {
    /// Every button with its pin.
    pub fn pins(&self) -> [(Button, u8); 7] {
        [
            (Button::Fold, self.fold),
            (Button::CheckCall, self.check_call),
            (Button::BetRaise, self.bet_raise),
            (Button::Minus, self.minus),
            (Button::Plus, self.plus),
            (Button::Ok, self.ok),
            (Button::Undo, self.undo),
        ]
    }

    pub fn debounce(&self) -> Duration {
        Duration::from_millis(self.debounce_ms)
    }

    pub fn long_press(&self) -> Duration {
        Duration::from_millis(self.long_press_ms)
    }
}

/// The `[hardware]` of a house file, every other section left to
/// [`crate::rules`]; `file_name` is only used in messages, which are located
/// as the rules' are.
pub fn load_str(file_name: &str, text: &str) -> Result<Hardware, RulesError> {
    let loc = crate::rules::Locator::new(file_name, text);
    // Every syntax error, as the rules' reading says them (`dealerd check`
    // says each once).
    let doc = crate::rules::parse(&loc).map_err(RulesError::Invalid)?;
    from_doc(loc, &doc)
}

/// The `[hardware]` of a house file already parsed (the one parse the rules
/// and `[room]` read too): only that table is taken from `doc`.
pub(crate) fn from_doc(
    loc: crate::rules::Locator<'_>,
    doc: &crate::rules::Doc<'_>,
) -> Result<Hardware, RulesError> {
    let raw: schema::DevicesFile = crate::rules::deserialize_section(doc, "hardware")
        .map_err(|e| RulesError::Invalid(vec![loc.toml_error(&e)]))?;
    let mut check = crate::rules::Check::new(loc);
    let hardware = hardware(raw.hardware.as_ref(), &mut check);
    if check.errors.is_empty() {
        Ok(hardware)
    } else {
        let mut errors = check.errors;
        errors.sort_by_key(|d| (d.line, d.column));
        Err(RulesError::Invalid(errors))
    }
}

/// How long a host card unlocks under the house file `text`: its
/// `[hardware]`'s, or the default when that table is refused. Only the
/// daemon's start and `dealerd check` refuse a bad `[hardware]` (the pins are
/// claimed then); a reload need not, so the unlock has to fall back.
pub fn host_unlock(text: &str) -> Duration {
    load_str("", text).unwrap_or_default().host_unlock()
}

#[cfg(test)]
mod tests;
