//! Simulated devices that speak the same embedded-hal traits as the Pi, so
//! the real `ssd1306` and `mfrc522` driver code runs against them in tests
//! (and in a desk demo without hardware).

pub mod mfrc522;
pub mod ssd1306;

use std::convert::Infallible;

use embedded_hal::delay::DelayNs;
use embedded_hal::digital::{ErrorType, OutputPin};

pub use self::mfrc522::{FakeMfrc522, Miso};
pub use self::ssd1306::{FakeI2c, FakePanel};

/// A delay that returns at once: fakes have no timing to wait for.
#[derive(Debug, Default, Clone, Copy)]
pub struct NoDelay;

impl DelayNs for NoDelay {
    fn delay_ns(&mut self, _ns: u32) {}
}

/// An output pin that remembers its level changes.
#[derive(Debug, Default, Clone)]
pub struct FakePin {
    /// Every level set, in order (true = high).
    pub history: Vec<bool>,
}

impl ErrorType for FakePin {
    type Error = Infallible;
}

impl OutputPin for FakePin {
    fn set_low(&mut self) -> Result<(), Infallible> {
        self.history.push(false);
        Ok(())
    }

    fn set_high(&mut self) -> Result<(), Infallible> {
        self.history.push(true);
        Ok(())
    }
}
