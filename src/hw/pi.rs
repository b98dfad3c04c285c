//! Opening the real peripherals (feature `pi`). Compiles anywhere; only the
//! calls touch `/dev/spidev0.0`, `/dev/i2c-1` and `/dev/gpiochip*`.

use rpi_pal::gpio::{Gpio, OutputPin};
use rpi_pal::i2c::I2c;
use rpi_pal::spi::{Bus, Mode, SlaveSelect, Spi};
use thiserror::Error;

use crate::hw::rfid::RfidReader;
use crate::hw::spi::{FullDuplexDevice, StdDelay};

/// Opening a peripheral failed.
#[derive(Debug, Error)]
pub enum PiError {
    /// spidev.
    #[error("SPI: {0}")]
    Spi(#[from] rpi_pal::spi::Error),
    /// i2c-dev.
    #[error("I2C: {0}")]
    I2c(#[from] rpi_pal::i2c::Error),
    /// GPIO character device.
    #[error("GPIO: {0}")]
    Gpio(#[from] rpi_pal::gpio::Error),
}

/// The reader as wired: SPI0 CE0, mode 0, RST on the pin `[hardware]` names.
pub type PiRfid = RfidReader<FullDuplexDevice<Spi, StdDelay>, OutputPin, StdDelay>;

/// Open the MFRC522 on SPI0/CE0 with the house file's RST pin and clock.
/// Nothing is sent until the first poll.
pub fn open_rfid_with(gpio: &Gpio, rst_pin: u8, spi_hz: u32) -> Result<PiRfid, PiError> {
    let spi = Spi::new(Bus::Spi0, SlaveSelect::Ss0, spi_hz, Mode::Mode0)?;
    // High: the chip runs; the reader pulses it low itself on (re)init.
    let rst = gpio.get(rst_pin)?.into_output_high();
    let reader = RfidReader::new(FullDuplexDevice::new(spi, StdDelay), rst, StdDelay);
    let budget = std::env::var(crate::hw::rfid::BUDGET_ENV).ok();
    Ok(match crate::hw::rfid::budget_from(budget.as_deref()) {
        Some(budget) => reader.with_budget(budget),
        None => reader,
    })
}

/// Open `/dev/i2c-N`, where the OLED sits; pass it to
/// [`crate::hw::oled::Oled::flush`].
pub fn open_i2c_bus(bus: u8) -> Result<I2c, PiError> {
    Ok(I2c::with_bus(bus)?)
}
