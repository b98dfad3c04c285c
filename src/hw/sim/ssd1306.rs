//! An SSD1306 panel model on a fake I2C bus.
//!
//! The panel parses the byte stream the way the controller does: a control
//! byte (Co, D/C#) before command or data bytes, multi-byte commands, the
//! three addressing modes and their pointer wrap rules. Tests compare its
//! GDDRAM with the frame that was meant to be shown.
//!
//! The same model plays an SH1106 ([`FakePanel::power_on_sh1106`]): 132
//! columns of RAM with the glass on 2..130, page addressing only, and the
//! SSD1306's addressing-mode and charge-pump commands unknown to it.

use embedded_hal::i2c::{ErrorKind, ErrorType, I2c, NoAcknowledgeSource, Operation};

use crate::ui::frame::{Frame, PAGES, WIDTH};

/// Addressing mode, command 0x20.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AddressMode {
    /// 0b00
    Horizontal,
    /// 0b01
    Vertical,
    /// 0b10, the reset default.
    Page,
}

/// Which controller the model plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Model {
    Ssd1306,
    Sh1106,
}

impl Model {
    /// Columns of RAM.
    fn columns(self) -> usize {
        match self {
            Model::Ssd1306 => WIDTH,
            Model::Sh1106 => 132,
        }
    }

    /// RAM column shown at the glass's left edge.
    fn offset(self) -> usize {
        match self {
            Model::Ssd1306 => 0,
            Model::Sh1106 => 2,
        }
    }
}

/// The SSD1306 (or SH1106) controller's state and GDDRAM.
#[derive(Debug, Clone)]
pub struct FakePanel {
    /// Which controller this is.
    pub model: Model,
    ram: Vec<u8>,
    /// Display on (0xAF) or sleeping (0xAE).
    pub display_on: bool,
    /// Charge pump enabled (0x8D 0x14); without it the glass stays dark.
    pub charge_pump: bool,
    /// Current addressing mode.
    pub mode: AddressMode,
    col: usize,
    page: usize,
    col_range: (usize, usize),
    page_range: (usize, usize),
    /// Command byte with the argument bytes still expected.
    pending: Option<(u8, usize, Vec<u8>)>,
    /// Command bytes this model does not know; tests expect none.
    pub unknown: Vec<u8>,
}

impl Default for FakePanel {
    fn default() -> Self {
        Self::power_on()
    }
}

impl FakePanel {
    /// State after power-up: RAM holds noise, display off, page mode.
    pub fn power_on() -> Self {
        Self::power_on_as(Model::Ssd1306)
    }

    /// An SH1106 after power-up.
    pub fn power_on_sh1106() -> Self {
        Self::power_on_as(Model::Sh1106)
    }

    fn power_on_as(model: Model) -> Self {
        let mut ram = vec![0u8; model.columns() * PAGES];
        // Deterministic "noise" so a missed byte shows up in comparisons.
        for (i, b) in ram.iter_mut().enumerate() {
            *b = (i as u8).wrapping_mul(37) ^ 0x5A;
        }
        Self {
            model,
            ram,
            display_on: false,
            charge_pump: false,
            mode: AddressMode::Page,
            col: 0,
            page: 0,
            col_range: (0, WIDTH - 1),
            page_range: (0, PAGES - 1),
            pending: None,
            unknown: Vec::new(),
        }
    }

    /// What the glass shows of GDDRAM, as a frame.
    pub fn frame(&self) -> Frame {
        let (cols, off) = (self.model.columns(), self.model.offset());
        let mut buf = [0u8; WIDTH * PAGES];
        for (page, out) in buf.chunks_mut(WIDTH).enumerate() {
            out.copy_from_slice(&self.ram[page * cols + off..page * cols + off + WIDTH]);
        }
        Frame::from_bytes(buf)
    }

    /// Feed one I2C write's payload (everything after the address byte).
    pub fn receive(&mut self, bytes: &[u8]) {
        let mut i = 0;
        while i < bytes.len() {
            let control = bytes[i];
            i += 1;
            let continuation = control & 0x80 != 0;
            let data = control & 0x40 != 0;
            let end = if continuation {
                (i + 1).min(bytes.len())
            } else {
                bytes.len()
            };
            for &b in &bytes[i..end] {
                if data {
                    self.data(b);
                } else {
                    self.command_byte(b);
                }
            }
            i = end;
        }
    }

    fn data(&mut self, b: u8) {
        let cols = self.model.columns();
        if self.col < cols {
            self.ram[self.page * cols + self.col] = b;
        }
        if self.model == Model::Sh1106 {
            // Page mode only; the column stops past the last one, no wrap.
            self.col = (self.col + 1).min(cols);
            return;
        }
        match self.mode {
            AddressMode::Page => {
                self.col = if self.col >= WIDTH - 1 {
                    0
                } else {
                    self.col + 1
                };
            }
            AddressMode::Horizontal => {
                if self.col >= self.col_range.1 {
                    self.col = self.col_range.0;
                    self.page = if self.page >= self.page_range.1 {
                        self.page_range.0
                    } else {
                        self.page + 1
                    };
                } else {
                    self.col += 1;
                }
            }
            AddressMode::Vertical => {
                if self.page >= self.page_range.1 {
                    self.page = self.page_range.0;
                    self.col = if self.col >= self.col_range.1 {
                        self.col_range.0
                    } else {
                        self.col + 1
                    };
                } else {
                    self.page += 1;
                }
            }
        }
    }

    fn command_byte(&mut self, b: u8) {
        if let Some((cmd, left, mut args)) = self.pending.take() {
            args.push(b);
            if left > 1 {
                self.pending = Some((cmd, left - 1, args));
            } else {
                self.command(cmd, &args);
            }
            return;
        }
        let nargs = match (self.model, b) {
            (Model::Sh1106, 0x81 | 0xA8 | 0xAD | 0xD3 | 0xD5 | 0xD9 | 0xDA | 0xDB) => 1,
            (Model::Sh1106, _) => 0,
            (_, b) => Self::ssd1306_args(b),
        };
        if nargs == 0 {
            self.command(b, &[]);
        } else {
            self.pending = Some((b, nargs, Vec::with_capacity(nargs)));
        }
    }

    fn ssd1306_args(b: u8) -> usize {
        match b {
            0x20 | 0x81 | 0x8D | 0xA8 | 0xAD | 0xD3 | 0xD5 | 0xD9 | 0xDA | 0xDB => 1,
            0x21 | 0x22 | 0xA3 => 2,
            0x29 | 0x2A => 5,
            0x26 | 0x27 => 6,
            _ => 0,
        }
    }

    fn command(&mut self, cmd: u8, args: &[u8]) {
        if self.model == Model::Sh1106 {
            return self.sh1106_command(cmd, args);
        }
        let arg = |i: usize| usize::from(args.get(i).copied().unwrap_or(0));
        match cmd {
            0x00..=0x0F => self.col = (self.col & 0xF0) | usize::from(cmd & 0x0F),
            0x10..=0x17 => self.col = (self.col & 0x0F) | (usize::from(cmd & 0x07) << 4),
            0x20 => {
                self.mode = match arg(0) & 0x03 {
                    0 => AddressMode::Horizontal,
                    1 => AddressMode::Vertical,
                    // 0b11 is invalid; the controller keeps page mode.
                    _ => AddressMode::Page,
                }
            }
            0x21 => {
                self.col_range = (arg(0) & 0x7F, arg(1) & 0x7F);
                self.col = self.col_range.0;
            }
            0x22 => {
                self.page_range = (arg(0) & 0x07, arg(1) & 0x07);
                self.page = self.page_range.0;
            }
            0xB0..=0xB7 => self.page = usize::from(cmd & 0x07),
            0x8D => self.charge_pump = arg(0) & 0x04 != 0,
            0xAE => self.display_on = false,
            0xAF => self.display_on = true,
            // Settings that change how RAM is shown, not what it holds.
            0x26
            | 0x27
            | 0x29
            | 0x2A
            | 0x2E
            | 0x2F
            | 0x40..=0x7F
            | 0x81
            | 0xA0
            | 0xA1
            | 0xA3..=0xA8
            | 0xAD
            | 0xC0
            | 0xC8
            | 0xD3
            | 0xD5
            | 0xD9
            | 0xDA
            | 0xDB
            | 0xE3 => {}
            _ => self.unknown.push(cmd),
        }
    }
}

impl FakePanel {
    /// The SH1106's command set (its datasheet, section "Commands").
    fn sh1106_command(&mut self, cmd: u8, args: &[u8]) {
        match cmd {
            // An 8-bit register; a column past the RAM takes no data.
            0x00..=0x0F => self.col = (self.col & 0xF0) | usize::from(cmd & 0x0F),
            0x10..=0x1F => self.col = (self.col & 0x0F) | (usize::from(cmd & 0x0F) << 4),
            0xB0..=0xB7 => self.page = usize::from(cmd & 0x07),
            // DC-DC control: 0xAD then 0x8A | on.
            0xAD => self.charge_pump = args.first().is_some_and(|a| a & 0x01 != 0),
            0xAE => self.display_on = false,
            0xAF => self.display_on = true,
            0x30..=0x33
            | 0x40..=0x7F
            | 0x81
            | 0xA0
            | 0xA1
            | 0xA4..=0xA8
            | 0xC0
            | 0xC8
            | 0xD3
            | 0xD5
            | 0xD9
            | 0xDA
            | 0xDB
            | 0xE3 => {}
            // 0x20 (addressing mode), 0x21/0x22 (windows), 0x8D (charge
            // pump) and scrolling are the SSD1306's alone.
            _ => self.unknown.push(cmd),
        }
    }
}

/// Error of the fake bus, as the I2C trait sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FakeI2cError(pub ErrorKind);

impl embedded_hal::i2c::Error for FakeI2cError {
    fn kind(&self) -> ErrorKind {
        self.0
    }
}

/// An I2C bus with one SSD1306 on it, and a plug that can be pulled.
#[derive(Debug)]
pub struct FakeI2c {
    /// The panel behind the bus.
    pub panel: FakePanel,
    addr: u8,
    /// While true, every transaction is NACKed at the address byte.
    pub unplugged: bool,
    /// Unplug after this many more successful transactions (a mid-flush yank).
    pub unplug_after: Option<usize>,
    /// A marginal bus: about one transaction in this many is not
    /// acknowledged, at random but the same run every time (a fixed seed).
    pub fail_one_in: Option<u32>,
    rng: u64,
    /// Transactions failed by `fail_one_in`.
    pub faults: usize,
    /// Write transactions completed.
    pub writes: usize,
    /// Bytes on the wire, counting each transaction's address byte.
    pub wire_bytes: usize,
}

impl FakeI2c {
    /// A bus with a powered-on (uninitialised) panel at `addr`.
    pub fn new(addr: u8) -> Self {
        Self::with_panel(addr, FakePanel::power_on())
    }

    /// A bus with an SH1106 panel at `addr`.
    pub fn new_sh1106(addr: u8) -> Self {
        Self::with_panel(addr, FakePanel::power_on_sh1106())
    }

    fn with_panel(addr: u8, panel: FakePanel) -> Self {
        Self {
            panel,
            addr,
            unplugged: false,
            unplug_after: None,
            fail_one_in: None,
            rng: 0x9E37_79B9_7F4A_7C15,
            faults: 0,
            writes: 0,
            wire_bytes: 0,
        }
    }

    /// Plug the module back in: it powers up from scratch.
    pub fn replug(&mut self) {
        self.unplugged = false;
        self.unplug_after = None;
        self.panel = FakePanel::power_on_as(self.panel.model);
    }

    /// Zero the traffic counters.
    pub fn reset_counters(&mut self) {
        self.writes = 0;
        self.wire_bytes = 0;
    }
}

impl ErrorType for FakeI2c {
    type Error = FakeI2cError;
}

impl I2c for FakeI2c {
    fn transaction(
        &mut self,
        address: u8,
        operations: &mut [Operation<'_>],
    ) -> Result<(), Self::Error> {
        if let Some(n) = self.unplug_after {
            if n == 0 {
                self.unplugged = true;
                self.unplug_after = None;
            } else {
                self.unplug_after = Some(n - 1);
            }
        }
        if self.unplugged || address != self.addr {
            return Err(FakeI2cError(ErrorKind::NoAcknowledge(
                NoAcknowledgeSource::Address,
            )));
        }
        if let Some(n) = self.fail_one_in.filter(|&n| n > 0) {
            // xorshift64: deterministic, so a failing run can be replayed.
            self.rng ^= self.rng << 13;
            self.rng ^= self.rng >> 7;
            self.rng ^= self.rng << 17;
            if self.rng.is_multiple_of(u64::from(n)) {
                self.faults += 1;
                return Err(FakeI2cError(ErrorKind::NoAcknowledge(
                    NoAcknowledgeSource::Address,
                )));
            }
        }
        // Adjacent writes go out without a repeated start: one stream.
        let mut stream = Vec::new();
        for op in operations.iter_mut() {
            match op {
                Operation::Write(bytes) => stream.extend_from_slice(bytes),
                Operation::Read(buf) => buf.fill(0),
            }
        }
        self.writes += 1;
        self.wire_bytes += 1 + stream.len();
        self.panel.receive(&stream);
        Ok(())
    }
}
