//! Hardware layer: buttons on GPIO, an MFRC522 RFID reader on SPI0, and a
//! 128x64 SSD1306 or SH1106 OLED on I2C1.
//!
//! Every device sits behind embedded-hal 1.0 traits (`I2c`, `SpiDevice`,
//! `OutputPin`, `DelayNs`), so the real `ssd1306` and `mfrc522` drivers run
//! unchanged against the simulated devices in [`sim`].
//!
//! # Why rpi-pal, not rppal
//!
//! rppal was archived upstream in 2025 and will not get fixes or support for
//! new Pi models. `rpi-pal` is its maintained, API-compatible fork (same
//! module layout and types), so switching back or forth is a dependency
//! rename. Its `SimpleHalSpiDevice` still sends zeros for
//! `Operation::TransferInPlace` (rpi-pal issue 6), so [`spi`] provides its own
//! `SpiDevice` over the raw full-duplex `Spi::transfer`.
//!
//! The `pi` feature (on by default) pulls in rpi-pal; it builds on any Linux
//! target and touches no device until a constructor in [`pi`] is called.

pub mod buttons;
pub mod claim;
pub mod oled;
#[cfg(feature = "pi")]
pub mod pi;
pub mod rfid;
pub mod sim;
pub mod spi;

#[cfg(test)]
mod sh1106_tests;
#[cfg(test)]
mod tests;
