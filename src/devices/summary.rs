//! `dealerd check`'s lines for the devices: the pins as the daemon will claim
//! them, so a swapped wire shows before the night.

use std::fmt;

use crate::ui::Button;

use super::Hardware;

impl fmt::Display for Hardware {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "hardware: OLED{} 0x{:02X} on /dev/i2c-{}; RFID reader on SPI0 at {} Hz, RST GPIO {}, polled every {} ms; a host card unlocks for {} s",
            match self.oled {
                // The default reads as it always has.
                super::OledController::Ssd1306 => "",
                super::OledController::Sh1106 => " (SH1106)",
            },
            self.oled_address,
            self.i2c_bus,
            self.rfid_spi_hz,
            self.rfid_rst_pin,
            self.rfid_poll_ms,
            self.host_unlock_seconds
        )?;
        let b = &self.buttons;
        let pins: Vec<String> = b
            .pins()
            .iter()
            .map(|&(button, pin)| format!("{} {pin}", key(button)))
            .collect();
        write!(
            f,
            "buttons (BCM GPIO): {}; debounce {} ms, long press {} ms",
            pins.join(", "),
            b.debounce_ms,
            b.long_press_ms
        )
    }
}

/// The button's key in `[hardware.buttons]`, so the summary reads like the file.
pub fn key(b: Button) -> &'static str {
    match b {
        Button::Fold => "fold",
        Button::CheckCall => "check_call",
        Button::BetRaise => "bet_raise",
        Button::Minus => "minus",
        Button::Plus => "plus",
        Button::Ok => "ok",
        Button::Undo => "undo",
    }
}
