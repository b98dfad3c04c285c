//! SSD1306 or SH1106 128x64 over I2C, sending only what changed.
//!
//! The `ssd1306` crate's buffered mode resends the bounding box of every
//! pixel drawn, changed or not, in 16-byte I2C chunks. A dealer screen
//! redraws everything each tick and usually changes one number, so
//! [`Oled`] keeps the last frame the panel has, diffs, and per changed page
//! sends one I2C write: three commands (page, column low/high nibble) each
//! behind a `0x80` control byte (Co=1: "one command byte follows, then another
//! control byte"), then `0x40` and the changed column span. That is 7 bytes of
//! overhead per page instead of a second transaction.
//!
//! Init uses the `ssd1306` crate's own sequence (through
//! `I2CDisplayInterface`) in page addressing mode, which is what makes a
//! page/column pointer set by three one-byte commands sufficient.
//!
//! The SH1106 (most 1.3-inch modules) takes the same page and column
//! commands, but has 132 columns of RAM with the glass on columns 2..130,
//! knows no addressing mode (page mode is all it has) and pumps its charge
//! with `0xAD 0x8B` instead of `0x8D 0x14`. So it gets its own init
//! sequence and every column address shifted by [`SH1106_OFFSET`].

use embedded_hal::i2c::{Error as _, ErrorKind, I2c};
use ssd1306::command::AddrMode;
use ssd1306::prelude::{DisplayRotation, DisplaySize128x64};
use ssd1306::{I2CDisplayInterface, Ssd1306};
use thiserror::Error;

// The frame and its sizes belong to the screens that draw them (`ui::frame`);
// this side only sends a finished frame. Re-exported for the bus side's users.
pub use crate::ui::frame::{Frame, PerPixel, HEIGHT, PAGES, WIDTH};

/// What can go wrong talking to the OLED.
#[derive(Debug, Error, Clone, Copy, PartialEq, Eq)]
pub enum OledError {
    /// A frame write was not acknowledged or the bus failed.
    #[error("I2C write to the OLED failed: {0}")]
    Bus(ErrorKind),
    /// The init sequence failed on the bus (the `ssd1306` crate does not say how).
    #[error("OLED init sequence failed on the I2C bus")]
    Init,
}

/// Which controller the OLED module carries (`[hardware] oled`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Controller {
    /// 0.96-inch modules, mostly: 128 columns.
    #[default]
    Ssd1306,
    /// 1.3-inch modules, mostly: 132 columns, the glass from column 2.
    Sh1106,
}

/// The SH1106's first visible RAM column.
pub const SH1106_OFFSET: usize = 2;

/// The SH1106's init, after its datasheet's power-on sequence: display off,
/// clock, 64 rows, no offset, start line 0, DC-DC on, segments and rows
/// remapped (the same orientation the ssd1306 crate gives an SSD1306 at
/// `Rotate0`), COM pins alternative, contrast, precharge, VCOMH, normal
/// display, display on.
const SH1106_INIT: [u8; 24] = [
    0xAE, 0xD5, 0x80, 0xA8, 0x3F, 0xD3, 0x00, 0x40, 0xAD, 0x8B, 0xA1, 0xC8, 0xDA, 0x12, 0x81, 0xCF,
    0xD9, 0x22, 0xDB, 0x40, 0x32, 0xA4, 0xA6, 0xAF,
];

/// Traffic of one flush.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct FlushStats {
    /// I2C write transactions.
    pub writes: usize,
    /// Bytes after the address byte (control bytes, commands, pixel data).
    pub payload: usize,
}

impl FlushStats {
    /// Bytes on the wire including each transaction's address byte.
    pub fn wire_bytes(&self) -> usize {
        self.payload + self.writes
    }
}

/// Control byte: Co=1, D/C#=0 — one command byte, then another control byte.
const CMD_ONE: u8 = 0x80;
/// Control byte: Co=0, D/C#=1 — the rest of the transaction is GDDRAM data.
const DATA_REST: u8 = 0x40;

/// Tries of one I2C write before a flush gives up. On a marginal bus (one
/// write in ten failing) a write fails three times in a row once in a
/// thousand, so nearly every frame gets through on its first flush.
pub const WRITE_TRIES: u32 = 3;

/// Flushes in a row that fail (each after [`WRITE_TRIES`] on one write)
/// before the panel is re-initialised and sent whole. One failed flush is a
/// bad moment on the bus; several are an outage, after which the panel may
/// have been unplugged and come back blank and dark. Re-initialising on every
/// error meant that on a bus failing one write in ten, the init and the
/// whole frame behind it never went through, and no frame was ever shown.
pub const REINIT_AFTER: u32 = 2;

/// The OLED writer: owns no bus, so the daemon can share I2C1 if it needs to.
#[derive(Debug)]
pub struct Oled {
    addr: u8,
    controller: Controller,
    /// What the panel shows, in the pages `known` says it is sure of.
    shown: Frame,
    /// Pages whose content is unknown (never sent, or their write failed)
    /// are sent whole on the next flush.
    known: [bool; PAGES],
    needs_init: bool,
    /// Flushes that failed since the last one that went through.
    failed_flushes: u32,
}

/// The bus with each transaction tried up to [`WRITE_TRIES`] times. Safe
/// to repeat: every page write sets its own page and column before its
/// data, and every init command is sent whole in its own transaction.
struct Retrying<'a, I>(&'a mut I);

impl<I: I2c> embedded_hal::i2c::ErrorType for Retrying<'_, I> {
    type Error = I::Error;
}

impl<I: I2c> I2c for Retrying<'_, I> {
    fn transaction(
        &mut self,
        address: u8,
        operations: &mut [embedded_hal::i2c::Operation<'_>],
    ) -> Result<(), Self::Error> {
        let mut tries = 1;
        loop {
            match self.0.transaction(address, operations) {
                Err(_) if tries < WRITE_TRIES => tries += 1,
                result => return result,
            }
        }
    }
}

impl Oled {
    /// A writer for the panel at 7-bit address `addr`; nothing is sent yet.
    pub fn new(addr: u8) -> Self {
        Self::with_controller(addr, Controller::Ssd1306)
    }

    /// A writer for a panel with the given controller at `addr`.
    pub fn with_controller(addr: u8, controller: Controller) -> Self {
        Self {
            addr,
            controller,
            shown: Frame::new(),
            known: [false; PAGES],
            needs_init: true,
            failed_flushes: 0,
        }
    }

    /// Run the `ssd1306` crate's init sequence in page addressing mode.
    /// GDDRAM is undefined afterwards, so the next flush sends everything.
    pub fn init<I: I2c>(&mut self, i2c: &mut I) -> Result<(), OledError> {
        self.known = [false; PAGES];
        self.needs_init = true;
        let mut bus = Retrying(i2c);
        if self.controller == Controller::Sh1106 {
            // One transaction: Co=0, D/C#=0, every byte after it a command.
            let mut cmds = [0u8; SH1106_INIT.len() + 1];
            cmds[1..].copy_from_slice(&SH1106_INIT);
            bus.write(self.addr, &cmds)
                .map_err(|e| OledError::Bus(e.kind()))?;
            self.needs_init = false;
            return Ok(());
        }
        let iface = I2CDisplayInterface::new_custom_address(&mut bus, self.addr);
        let mut display = Ssd1306::new(iface, DisplaySize128x64, DisplayRotation::Rotate0);
        display
            .init_with_addr_mode(AddrMode::Page)
            .map_err(|_| OledError::Init)?;
        self.needs_init = false;
        Ok(())
    }

    /// The panel's 7-bit I2C address.
    pub fn address(&self) -> u8 {
        self.addr
    }

    /// Forget what the panel shows: the next flush re-inits and resends all.
    pub fn invalidate(&mut self) {
        self.known = [false; PAGES];
        self.needs_init = true;
    }

    /// Make the panel show `frame`, sending only changed column spans.
    ///
    /// Each write is tried [`WRITE_TRIES`] times. A page whose write still
    /// fails is sent whole next time, the pages written before it stay
    /// known, and after [`REINIT_AFTER`] failed flushes in a row the panel is
    /// re-initialised and sent whole, as after a power cycle.
    pub fn flush<I: I2c>(&mut self, i2c: &mut I, frame: &Frame) -> Result<FlushStats, OledError> {
        let result = self.try_flush(i2c, frame);
        match result {
            Ok(_) => self.failed_flushes = 0,
            Err(_) => {
                self.failed_flushes = self.failed_flushes.saturating_add(1);
                if self.failed_flushes >= REINIT_AFTER {
                    self.invalidate();
                }
            }
        }
        result
    }

    fn try_flush<I: I2c>(&mut self, i2c: &mut I, frame: &Frame) -> Result<FlushStats, OledError> {
        if self.needs_init {
            self.init(i2c)?;
        }
        let mut bus = Retrying(i2c);
        let mut stats = FlushStats::default();
        let mut buf = Vec::with_capacity(7 + WIDTH);
        for page in 0..PAGES {
            let new = frame.page(page);
            let span = if self.known[page] {
                changed_span(self.shown.page(page), new)
            } else {
                Some((0, WIDTH - 1))
            };
            let Some((first, last)) = span else { continue };
            let page_cmd = 0xB0 | (page as u8 & 0x07);
            let col = match self.controller {
                Controller::Ssd1306 => first as u8,
                Controller::Sh1106 => (first + SH1106_OFFSET) as u8,
            };
            buf.clear();
            buf.extend_from_slice(&[
                CMD_ONE,
                page_cmd,
                CMD_ONE,
                col & 0x0F,
                CMD_ONE,
                0x10 | (col >> 4),
                DATA_REST,
            ]);
            buf.extend_from_slice(&new[first..=last]);
            // Unknown until the write is acknowledged: a write that fails
            // part way may have left some of its bytes in GDDRAM.
            self.known[page] = false;
            if let Err(e) = bus.write(self.addr, &buf) {
                return Err(OledError::Bus(e.kind()));
            }
            if let Some(shown) = self.shown.page_mut(page) {
                shown.copy_from_slice(new);
            }
            self.known[page] = true;
            stats.writes += 1;
            stats.payload += buf.len();
        }
        Ok(stats)
    }
}

/// First and last differing column of a page, if any differ.
fn changed_span(old: &[u8], new: &[u8]) -> Option<(usize, usize)> {
    let first = old.iter().zip(new).position(|(a, b)| a != b)?;
    let last = old.iter().zip(new).rposition(|(a, b)| a != b)?;
    Some((first, last))
}
