//! The table's devices as openers: the daemon calls them from the thread
//! that drives each device, and again after a failure, so a device that is
//! missing at start is picked up when it appears.

use std::any::Any;
use std::sync::{Arc, Mutex, PoisonError};

use embedded_hal::i2c::{ErrorType as I2cErrorType, I2c, Operation};

use super::display::ShownHook;
use super::error::OpenError;
use super::input::InputTx;
use crate::devices::{Hardware, OledController};
use crate::hw::rfid::RfidReader;
use crate::hw::sim::{FakeI2c, FakeMfrc522, FakePin, NoDelay};
use crate::hw::spi::{FullDuplex, FullDuplexDevice, SpiError};

/// Opens a device; called again after a failure.
pub type Opener<T> = Box<dyn FnMut() -> Result<T, OpenError> + Send>;

/// Starts delivering button presses to the inbox; the returned guard keeps
/// them coming until it is dropped.
pub type ButtonsOpener = Box<dyn FnMut(InputTx) -> Result<Box<dyn Any + Send>, OpenError> + Send>;

pub struct Devices<I, R> {
    /// The OLED's I2C bus.
    pub display: Opener<I>,
    pub reader: Opener<R>,
    /// None: no buttons.
    pub buttons: Option<ButtonsOpener>,
    /// Told of every frame the panel took (`--devices fake` prints them).
    pub shown: Option<ShownHook>,
}

/// A device shared between the daemon's thread that drives it and a test
/// (or the desk demo) that pulls its plug.
#[derive(Debug, Default)]
pub struct Shared<T>(Arc<Mutex<T>>);

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Shared(Arc::clone(&self.0))
    }
}

impl<T> Shared<T> {
    pub fn new(device: T) -> Shared<T> {
        Shared(Arc::new(Mutex::new(device)))
    }

    /// Runs `f` on the device, e.g. to unplug it.
    pub fn with<U>(&self, f: impl FnOnce(&mut T) -> U) -> U {
        f(&mut self.0.lock().unwrap_or_else(PoisonError::into_inner))
    }
}

impl<T: I2cErrorType> I2cErrorType for Shared<T> {
    type Error = T::Error;
}

impl<T: I2c> I2c for Shared<T> {
    fn transaction(
        &mut self,
        address: u8,
        operations: &mut [Operation<'_>],
    ) -> Result<(), Self::Error> {
        self.with(|bus| bus.transaction(address, operations))
    }
}

impl<T: FullDuplex> FullDuplex for Shared<T> {
    fn transfer(&mut self, read: &mut [u8], write: &[u8]) -> Result<(), SpiError> {
        self.with(|bus| bus.transfer(read, write))
    }
}

/// The reader on the simulated MFRC522.
pub type FakeReader = RfidReader<FullDuplexDevice<Shared<FakeMfrc522>, NoDelay>, FakePin, NoDelay>;

/// `--devices fake`: the simulated OLED bus and reader, and a slot where
/// the daemon leaves its inbox instead of wiring buttons, so a test (or
/// `dealerd run --devices fake`'s stdin) can press them.
#[derive(Clone)]
pub struct FakeDevices {
    pub bus: Shared<FakeI2c>,
    pub chip: Shared<FakeMfrc522>,
    pub buttons: Shared<Option<InputTx>>,
}

impl FakeDevices {
    /// A panel at the house's OLED address and a v2.0 chip with no card.
    pub fn new(hw: &Hardware) -> FakeDevices {
        FakeDevices {
            bus: Shared::new(match hw.oled {
                OledController::Ssd1306 => FakeI2c::new(hw.oled_address),
                OledController::Sh1106 => FakeI2c::new_sh1106(hw.oled_address),
            }),
            chip: Shared::new(FakeMfrc522::new(0x92)),
            buttons: Shared::new(None),
        }
    }

    pub fn devices(&self) -> Devices<Shared<FakeI2c>, FakeReader> {
        let bus = self.bus.clone();
        let chip = self.chip.clone();
        let slot = self.buttons.clone();
        Devices {
            display: Box::new(move || Ok(bus.clone())),
            reader: Box::new(move || {
                Ok(RfidReader::new(
                    FullDuplexDevice::new(chip.clone(), NoDelay),
                    FakePin::default(),
                    NoDelay,
                ))
            }),
            buttons: Some(Box::new(move |tx| {
                slot.with(|s| *s = Some(tx));
                Ok(Box::new(()))
            })),
            shown: None,
        }
    }

    /// The inbox the buttons would press into, once the daemon has started.
    pub fn presses(&self) -> Option<InputTx> {
        self.buttons.with(|s| s.clone())
    }
}

#[cfg(feature = "pi")]
pub use pi::pi_devices;

#[cfg(feature = "pi")]
mod pi {
    use rpi_pal::gpio::Gpio;
    use rpi_pal::i2c::I2c;

    use super::{Devices, OpenError};
    use crate::daemon::session::Input;
    use crate::devices::Hardware;
    use crate::hw::buttons::listen;
    use crate::hw::claim::hold_for_process;
    use crate::hw::pi::{open_i2c_bus, open_rfid_with, PiRfid};

    /// The Pi's devices as `[hardware]` describes them. Nothing is opened
    /// here: each opener runs on its device's thread.
    pub fn pi_devices(hw: &Hardware) -> Devices<I2c, PiRfid> {
        let (bus, rst, hz) = (hw.i2c_bus, hw.rfid_rst_pin, hw.rfid_spi_hz);
        let pins = hw.buttons.clone();
        Devices {
            display: Box::new(move || {
                open_i2c_bus(bus)
                    .map_err(|e| OpenError::new("OLED", format!("/dev/i2c-{bus}: {e}")))
            }),
            // Both GPIO users first take the box's devices from any other
            // dealerd (`dealerd doctor`): see `hw::claim`.
            reader: Box::new(move || {
                hold_for_process().map_err(|e| OpenError::new("RFID reader", e))?;
                let gpio = Gpio::new().map_err(|e| OpenError::new("RFID reader", e))?;
                open_rfid_with(&gpio, rst, hz).map_err(|e| OpenError::new("RFID reader", e))
            }),
            buttons: Some(Box::new(move |tx| {
                hold_for_process().map_err(|e| OpenError::new("buttons", e))?;
                let gpio = Gpio::new().map_err(|e| OpenError::new("buttons", e))?;
                let (debounce, long) = (pins.debounce(), pins.long_press());
                let listener = listen(&gpio, &pins.pins(), debounce, long, move |press| {
                    // A full inbox is counted in `tx` and logged by the
                    // state task; this runs on the interrupt thread.
                    let _ = tx.offer(Input::Press(press));
                })
                .map_err(|e| OpenError::new("buttons", e))?;
                Ok(Box::new(listener))
            })),
            shown: None,
        }
    }
}
