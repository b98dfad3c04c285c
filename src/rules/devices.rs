//! The table's devices as the house file describes them: `[hardware]` (button
//! pins and timing, the OLED, the reader) and `[[card]]` (RFID card UIDs for
//! players, the host and command cards).

use crate::hw::buttons::ButtonPins;

/// `[hardware]`, every default filled in. Changes take effect on restart:
/// pins are claimed once, when the daemon starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hardware {
    pub buttons: ButtonPins,
    /// I2C bus number of the OLED (`/dev/i2c-N`).
    pub i2c_bus: u8,
    /// The OLED's 7-bit address (0x3C, or 0x3D on some modules).
    pub oled_address: u8,
    /// BCM GPIO wired to the MFRC522's RST.
    pub rfid_rst_pin: u8,
    /// The MFRC522's SPI clock.
    pub rfid_spi_hz: u32,
    /// How often the reader is asked for a card.
    pub rfid_poll_ms: u32,
    /// How long a host card tap keeps host actions unlocked.
    pub host_unlock_seconds: u32,
}

impl Default for Hardware {
    fn default() -> Self {
        Hardware {
            buttons: ButtonPins::default(),
            i2c_bus: 1,
            oled_address: 0x3C,
            rfid_rst_pin: 25,
            rfid_spi_hz: 1_000_000,
            rfid_poll_ms: 100,
            host_unlock_seconds: 60,
        }
    }
}

/// One `[[card]]`: an RFID card the reader knows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Card {
    /// The UID as read (4, 7 or 10 bytes).
    pub uid: Vec<u8>,
    /// What the simulator's `:tap NAME` and the screen call it: the player's
    /// name, or the card's own `name`.
    pub name: String,
    pub role: CardRole,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardRole {
    /// Seats this player (by name) and identifies them in the ledger.
    Player,
    /// Unlocks host actions for [`Hardware::host_unlock_seconds`].
    Host,
    /// Does one thing when tapped.
    Command(CardCommand),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardCommand {
    /// S2: the next hand is a bomb pot.
    BombNext,
    /// D1: the hand in progress is a misdeal.
    Misdeal,
    /// D2: run the rest of the board twice.
    RunItTwice,
    /// D3: start the clock on the seat to act.
    Clock,
}

/// Writes a UID as the reader's hex, `04:A2:2B:1C`.
pub fn uid_hex(uid: &[u8]) -> String {
    uid.iter()
        .map(|b| format!("{b:02X}"))
        .collect::<Vec<_>>()
        .join(":")
}

/// Reads a UID written as hex bytes, with or without `:`, `-` or spaces
/// between them: `04:A2:2B:1C`, `04a22b1c`. 4, 7 or 10 bytes.
pub fn parse_uid(s: &str) -> Option<Vec<u8>> {
    let hex: String = s
        .chars()
        .filter(|c| !matches!(c, ':' | '-' | ' '))
        .collect();
    if hex.len() % 2 != 0 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let bytes: Vec<u8> = (0..hex.len())
        .step_by(2)
        .filter_map(|i| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok())
        .collect();
    matches!(bytes.len(), 4 | 7 | 10).then_some(bytes)
}

impl super::HouseRules {
    /// The card with this UID, if the house knows it.
    pub fn card(&self, uid: &[u8]) -> Option<&Card> {
        self.cards.iter().find(|c| c.uid == uid)
    }

    /// The card the simulator names (case-insensitive).
    pub fn card_named(&self, name: &str) -> Option<&Card> {
        self.cards
            .iter()
            .find(|c| c.name.eq_ignore_ascii_case(name))
    }
}
