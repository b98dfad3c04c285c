//! MFRC522 card reader: the real `mfrc522` driver, made safe to run unattended.
//!
//! Two things in the driver can spin forever: `init()` polls `CommandReg`
//! until the power-down bit clears, and every card exchange polls `ComIrqReg`
//! until an IRQ bit shows. With no chip on the bus MISO reads all 0xFF (the
//! first spins) or all 0x00 (the second spins). So [`RfidReader`] reads
//! `VersionReg` itself before handing the bus to the driver, and every driver
//! call runs under a deadline enforced in the SPI layer: past it, each bus
//! access fails, the driver's loop returns, and the caller sees `Stalled`.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use embedded_hal::delay::DelayNs;
use embedded_hal::digital::OutputPin;
use embedded_hal::spi::{ErrorKind, ErrorType, Operation, SpiDevice};
use mfrc522::comm::blocking::spi::{DummyDelay, SpiInterface};
use mfrc522::{Initialized, Mfrc522};
use thiserror::Error;

/// What the reader can report besides a UID.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum RfidError {
    /// `VersionReg` read back as a floating bus: no chip, or not powered.
    #[error("no MFRC522 answers on SPI (VersionReg = {version:#04x})")]
    NoReader {
        /// What was read (0x00 or 0xFF).
        version: u8,
    },
    /// The SPI device failed.
    #[error("SPI bus error: {0}")]
    Spi(ErrorKind),
    /// The chip did not finish a command in time; treated like a lost reader.
    #[error("MFRC522 did not answer within {0:?}")]
    Stalled(Duration),
    /// The RST line could not be driven.
    #[error("could not drive the MFRC522 reset pin")]
    ResetPin,
    /// The chip talked, but the exchange with the card went wrong.
    #[error("card exchange failed: {0}")]
    Card(&'static str),
}

/// A card's UID as read during anticollision (4, 7 or 10 bytes).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CardUid(pub Vec<u8>);

impl std::fmt::Display for CardUid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, b) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(":")?;
            }
            write!(f, "{b:02X}")?;
        }
        Ok(())
    }
}

/// Bus error as seen through the deadline guard.
#[derive(Debug)]
pub enum GuardError<E> {
    /// The device itself failed.
    Bus(E),
    /// The current operation's deadline passed.
    Stalled,
}

impl<E: embedded_hal::spi::Error> embedded_hal::spi::Error for GuardError<E> {
    fn kind(&self) -> ErrorKind {
        match self {
            GuardError::Bus(e) => e.kind(),
            GuardError::Stalled => ErrorKind::Other,
        }
    }
}

struct Shared<S> {
    spi: S,
    deadline: Option<Instant>,
}

/// The SPI device shared between the reader and the driver it owns.
///
/// `Mfrc522::init` consumes its interface and drops it on error; sharing the
/// device is what lets the reader re-init after a fault without reopening it.
pub struct GuardedSpi<S>(Arc<Mutex<Shared<S>>>);

impl<S> Clone for GuardedSpi<S> {
    fn clone(&self) -> Self {
        Self(Arc::clone(&self.0))
    }
}

impl<S> GuardedSpi<S> {
    fn with<T>(&self, f: impl FnOnce(&mut Shared<S>) -> T) -> T {
        // A panic elsewhere while holding the lock leaves the bus usable.
        let mut guard = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        f(&mut guard)
    }
}

impl<S: SpiDevice> ErrorType for GuardedSpi<S> {
    type Error = GuardError<S::Error>;
}

impl<S: SpiDevice> SpiDevice for GuardedSpi<S> {
    fn transaction(&mut self, operations: &mut [Operation<'_, u8>]) -> Result<(), Self::Error> {
        self.with(|sh| {
            if sh.deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(GuardError::Stalled);
            }
            sh.spi.transaction(operations).map_err(GuardError::Bus)
        })
    }
}

type Driver<S> = Mfrc522<SpiInterface<GuardedSpi<S>, DummyDelay>, Initialized>;

/// An MFRC522 on an SPI device, with its RST line, that re-inits itself after
/// faults.
pub struct RfidReader<S: SpiDevice, R, D> {
    spi: GuardedSpi<S>,
    driver: Option<Driver<S>>,
    rst: R,
    delay: D,
    budget: Duration,
}

/// The variable that sets the reader's budget for one poll or init, in
/// milliseconds (1 to 60000). A Pi needs none: the 250 ms default is ample
/// for its SPI. An emulated bus (tests/pi-emu, under qemu) answers every
/// transfer through a socket, and a poll of some 60 transfers can take
/// longer than 250 ms there, so every poll would count as a stalled chip.
pub const BUDGET_ENV: &str = "DEALERD_RFID_BUDGET_MS";

/// The budget [`BUDGET_ENV`] gives, if it holds a number in range; anything
/// else keeps the default.
pub fn budget_from(value: Option<&str>) -> Option<Duration> {
    let ms: u64 = value?.trim().parse().ok()?;
    (1..=60_000)
        .contains(&ms)
        .then(|| Duration::from_millis(ms))
}

/// VersionReg 0x37, read: address byte `1 | addr << 1 | 0`.
const READ_VERSION: u8 = 0x80 | (0x37 << 1);

impl<S: SpiDevice, R: OutputPin, D: DelayNs> RfidReader<S, R, D> {
    /// The reader is not touched until the first [`poll`](Self::poll).
    pub fn new(spi: S, rst: R, delay: D) -> Self {
        Self {
            spi: GuardedSpi(Arc::new(Mutex::new(Shared {
                spi,
                deadline: None,
            }))),
            driver: None,
            rst,
            delay,
            // A REQA/WUPA waits for the chip's own 25 ms timer; a select is
            // three exchanges. 250 ms is ample and still feels instant.
            budget: Duration::from_millis(250),
        }
    }

    /// Deadline for one `init` or one `poll`.
    pub fn with_budget(mut self, budget: Duration) -> Self {
        self.budget = budget;
        self
    }

    /// Whether the chip is initialised (false before the first poll and
    /// after any bus fault).
    pub fn is_ready(&self) -> bool {
        self.driver.is_some()
    }

    /// The RST pin (tests check the reset pulse through it).
    pub fn rst(&self) -> &R {
        &self.rst
    }

    /// Run `f` with the inner SPI device (tests reach their fakes here).
    pub fn with_spi<T>(&mut self, f: impl FnOnce(&mut S) -> T) -> T {
        self.spi.with(|sh| f(&mut sh.spi))
    }

    /// Hard-reset the chip, check it is there, and run the driver's init.
    pub fn init(&mut self) -> Result<u8, RfidError> {
        self.driver = None;
        // Low on NRSTPD powers the chip down; the rising edge resets it.
        self.rst.set_low().map_err(|_| RfidError::ResetPin)?;
        self.delay.delay_us(100);
        self.rst.set_high().map_err(|_| RfidError::ResetPin)?;
        // Oscillator start-up after reset (datasheet: well under 50 ms).
        self.delay.delay_ms(50);

        self.arm();
        let result = self.read_version().and_then(|version| {
            let driver = Mfrc522::new(SpiInterface::new(self.spi.clone()))
                .init()
                .map_err(|e| self.map(e))?;
            Ok((version, driver))
        });
        self.spi.with(|sh| sh.deadline = None);
        let (version, driver) = result?;
        self.driver = Some(driver);
        Ok(version)
    }

    /// Look for a card: `Ok(Some(uid))` when one answers, `Ok(None)` when the
    /// field is empty. Initialises the chip first if needed, so after a fault
    /// the next call recovers by itself once the reader is back.
    pub fn poll(&mut self) -> Result<Option<CardUid>, RfidError> {
        if self.driver.is_none() {
            self.init()?;
        }
        self.arm();
        let result = self.exchange();
        self.spi.with(|sh| sh.deadline = None);
        match result {
            Ok(uid) => Ok(uid),
            Err(e @ (RfidError::Spi(_) | RfidError::Stalled(_))) => {
                self.driver = None;
                Err(e)
            }
            // A chip that answers nonsense may be a floating bus: check.
            Err(e) => {
                self.arm();
                let check = self.read_version();
                self.spi.with(|sh| sh.deadline = None);
                if let Err(gone) = check {
                    self.driver = None;
                    return Err(gone);
                }
                Err(e)
            }
        }
    }

    fn exchange(&mut self) -> Result<Option<CardUid>, RfidError> {
        let Some(mut driver) = self.driver.take() else {
            return Err(RfidError::Card("reader not initialised"));
        };
        let result = (|| {
            // WUPA, not REQA: it also wakes a card we halted on the last poll,
            // so a card lying on the reader is seen on every poll.
            let atqa = match driver.wupa() {
                Ok(atqa) => atqa,
                Err(mfrc522::Error::Timeout) => return Ok(None),
                Err(e) => return Err(e),
            };
            let uid = driver.select(&atqa)?;
            let uid = CardUid(uid.as_bytes().to_vec());
            driver.hlta()?;
            Ok(Some(uid))
        })();
        self.driver = Some(driver);
        result.map_err(|e| self.map(e))
    }

    fn arm(&mut self) {
        let deadline = Instant::now() + self.budget;
        self.spi.with(|sh| sh.deadline = Some(deadline));
    }

    fn read_version(&mut self) -> Result<u8, RfidError> {
        let mut buf = [READ_VERSION, 0];
        self.spi
            .transfer_in_place(&mut buf)
            .map_err(|e| self.comm(e))?;
        match buf[1] {
            v @ (0x00 | 0xFF) => Err(RfidError::NoReader { version: v }),
            v => Ok(v),
        }
    }

    fn comm(&self, e: GuardError<S::Error>) -> RfidError {
        match e {
            GuardError::Bus(e) => RfidError::Spi(embedded_hal::spi::Error::kind(&e)),
            GuardError::Stalled => RfidError::Stalled(self.budget),
        }
    }

    fn map(&self, e: mfrc522::Error<GuardError<S::Error>>) -> RfidError {
        use mfrc522::Error as M;
        match e {
            M::Comm(e) => self.comm(e),
            M::Bcc => RfidError::Card("bad BCC"),
            M::BufferOverflow => RfidError::Card("FIFO overflow"),
            M::Collision => RfidError::Card("collision (more than one card?)"),
            M::Crc => RfidError::Card("bad CRC"),
            M::IncompleteFrame => RfidError::Card("incomplete frame"),
            M::Overheating => RfidError::Card("chip overheating"),
            M::Parity => RfidError::Card("parity error"),
            M::Protocol => RfidError::Card("protocol error"),
            M::Timeout => RfidError::Card("timeout"),
            M::Wr => RfidError::Card("FIFO written at the wrong time"),
            M::Nak => RfidError::Card("NAK"),
            M::NoRoom => RfidError::Card("answer too long"),
            M::Proprietary => RfidError::Card("proprietary anticollision"),
        }
    }
}
