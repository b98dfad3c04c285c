//! The doctor's bench on a real Pi (feature `pi`): the same rpi-pal calls
//! `dealerd run` makes, opened one check at a time so one missing device
//! does not hide the others.

use std::collections::BTreeMap;
use std::io::Write;
use std::time::Duration;

use rpi_pal::gpio::{Gpio, InputPin};
use rpi_pal::i2c::I2c;

use super::{button_name, header_pin, Ask, Bench, BenchError};
use crate::devices::Hardware;
use crate::hw::pi::{open_rfid_with, PiRfid};
use crate::hw::rfid::CardUid;

/// The Pi's devices, opened on first use.
#[derive(Default)]
pub struct PiBench {
    gpio: Option<Gpio>,
    reader: Option<PiRfid>,
    lines: BTreeMap<u8, InputPin>,
    /// The devices, taken from any other dealerd for the whole check. Last,
    /// so it is let go after the lines (whose drop resets their pull-ups):
    /// a daemon starting meanwhile sets its own after that, not before.
    claim: Option<crate::hw::claim::Claim>,
}

fn err(e: impl std::fmt::Display) -> BenchError {
    BenchError(e.to_string())
}

impl PiBench {
    fn gpio(&mut self) -> Result<&Gpio, BenchError> {
        if self.gpio.is_none() {
            self.gpio = Some(Gpio::new().map_err(err)?);
        }
        self.gpio.as_ref().ok_or_else(|| err("no GPIO"))
    }

    fn reader(&mut self, hw: &Hardware) -> Result<&mut PiRfid, BenchError> {
        if self.reader.is_none() {
            let gpio = self.gpio()?.clone();
            self.reader =
                Some(open_rfid_with(&gpio, hw.rfid_rst_pin, hw.rfid_spi_hz).map_err(err)?);
        }
        self.reader.as_mut().ok_or_else(|| err("no reader"))
    }
}

impl Bench for PiBench {
    fn i2c_write(&mut self, bus: u8, addr: u8, bytes: &[u8]) -> Result<(), BenchError> {
        let mut i2c = I2c::with_bus(bus).map_err(err)?;
        i2c.set_slave_address(u16::from(addr)).map_err(err)?;
        i2c.write(bytes).map(|_| ()).map_err(err)
    }

    fn reader_version(&mut self, hw: &Hardware) -> Result<u8, BenchError> {
        self.reader(hw)?.init().map_err(err)
    }

    fn card(&mut self, hw: &Hardware) -> Result<Option<CardUid>, BenchError> {
        self.reader(hw)?.poll().map_err(err)
    }

    fn line_high(&mut self, pin: u8) -> Result<bool, BenchError> {
        if !self.lines.contains_key(&pin) {
            let line = self.gpio()?.get(pin).map_err(err)?.into_input_pullup();
            self.lines.insert(pin, line);
            // The pull-up needs a moment to lift a floating line.
            std::thread::sleep(Duration::from_millis(5));
        }
        Ok(self.lines.get(&pin).is_some_and(|l| l.is_high()))
    }

    fn ask(&mut self, ask: Ask) {
        let text = match ask {
            Ask::Press { button, pin } => format!(
                "press and release {} (GPIO {pin}, header pin {})",
                button_name(button),
                header_pin(pin).unwrap_or(0)
            ),
            Ask::Tap => "lay a card on the reader".to_string(),
        };
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "  now: {text}");
        let _ = out.flush();
    }

    fn sleep(&mut self, d: Duration) {
        std::thread::sleep(d);
    }

    fn claim(&mut self) -> Result<(), crate::hw::claim::ClaimError> {
        if self.claim.is_none() {
            self.claim = Some(crate::hw::claim::claim()?);
        }
        Ok(())
    }
}
