//! The doctor's bench on the simulated devices, with a person at the box who
//! does what they are asked: the tests' emulated box, faults included.

use std::collections::BTreeMap;
use std::time::Duration;

use embedded_hal::i2c::I2c;

use super::{Ask, Bench, BenchError};
use crate::devices::Hardware;
use crate::hw::rfid::{CardUid, RfidReader};
use crate::hw::sim::{FakeI2c, FakeMfrc522, FakePin, NoDelay};
use crate::hw::spi::FullDuplexDevice;

/// The simulated box.
pub struct SimBench {
    /// The OLED's bus (`/dev/i2c-{bus}`).
    pub bus: u8,
    pub i2c: FakeI2c,
    pub reader: RfidReader<FullDuplexDevice<FakeMfrc522, NoDelay>, FakePin, NoDelay>,
    /// Lines that read low whatever happens (a wire touching GND).
    pub stuck_low: Vec<u8>,
    /// Lines whose button is not connected: pressing it does nothing.
    pub broken: Vec<u8>,
    /// Asked to press the button on the key's line, the person's press
    /// lands on the value's (swapped wires).
    pub wired_to: BTreeMap<u8, u8>,
    /// The card laid on the reader when asked for one (`None`: nobody does).
    pub card: Option<[u8; 4]>,
    /// Everything the doctor asked, in order.
    pub asked: Vec<Ask>,
    /// A press in progress: its line and the looks left while it is down.
    pressing: Option<(u8, u32)>,
}

impl SimBench {
    /// A well-built box: the panel and a v2.0 reader answer, every button
    /// works, and the person at it has a card.
    pub fn new(hw: &Hardware) -> SimBench {
        let i2c = match hw.oled {
            crate::devices::OledController::Ssd1306 => FakeI2c::new(hw.oled_address),
            crate::devices::OledController::Sh1106 => FakeI2c::new_sh1106(hw.oled_address),
        };
        SimBench {
            bus: hw.i2c_bus,
            i2c,
            reader: RfidReader::new(
                FullDuplexDevice::new(FakeMfrc522::new(0x92), NoDelay),
                FakePin::default(),
                NoDelay,
            )
            .with_budget(Duration::from_millis(50)),
            stuck_low: Vec::new(),
            broken: Vec::new(),
            wired_to: BTreeMap::new(),
            card: Some([0x04, 0xA2, 0x2B, 0x1C]),
            asked: Vec::new(),
            pressing: None,
        }
    }

    /// The simulated MFRC522.
    pub fn chip<T>(&mut self, f: impl FnOnce(&mut FakeMfrc522) -> T) -> T {
        self.reader.with_spi(|d| f(d.bus_mut()))
    }
}

impl Bench for SimBench {
    fn i2c_write(&mut self, bus: u8, addr: u8, bytes: &[u8]) -> Result<(), BenchError> {
        if bus != self.bus {
            return Err(BenchError(format!("no /dev/i2c-{bus}")));
        }
        self.i2c
            .write(addr, bytes)
            .map_err(|e| BenchError(format!("{:?}", e.0)))
    }

    fn reader_version(&mut self, _hw: &Hardware) -> Result<u8, BenchError> {
        self.reader.init().map_err(|e| BenchError(e.to_string()))
    }

    fn card(&mut self, _hw: &Hardware) -> Result<Option<CardUid>, BenchError> {
        self.reader.poll().map_err(|e| BenchError(e.to_string()))
    }

    fn line_high(&mut self, pin: u8) -> Result<bool, BenchError> {
        if self.stuck_low.contains(&pin) {
            return Ok(false);
        }
        match &mut self.pressing {
            Some((p, left)) if *p == pin => {
                if *left == 0 {
                    self.pressing = None;
                    return Ok(true);
                }
                *left -= 1;
                Ok(false)
            }
            _ => Ok(true),
        }
    }

    fn ask(&mut self, ask: Ask) {
        self.asked.push(ask);
        match ask {
            Ask::Press { pin, .. } => {
                let line = self.wired_to.get(&pin).copied().unwrap_or(pin);
                if !self.broken.contains(&line) {
                    // Held for a few looks, as a finger is.
                    self.pressing = Some((line, 3));
                }
            }
            Ask::Tap => {
                let card = self.card;
                self.chip(|c| c.set_card(card));
            }
        }
    }

    fn sleep(&mut self, _d: Duration) {}
}
