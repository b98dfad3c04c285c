//! A register-level MFRC522 behind [`FullDuplex`], with one ISO 14443-A card.
//!
//! It models what the `mfrc522` crate touches in `init`, `reqa`/`wupa`,
//! `select` (single-size UID, no collisions) and `hlta`: the SPI address-byte
//! format, soft reset, the FIFO, `ComIrqReg`/`DivIrqReg` set/clear semantics,
//! `CalcCRC` and `Transceive` started by `BitFramingReg.StartSend`. Timing is
//! instant: a command's IRQ bits are set by the time they are next read.

use crate::hw::spi::{FullDuplex, SpiError};

const COMMAND: u8 = 0x01;
const COM_IRQ: u8 = 0x04;
const DIV_IRQ: u8 = 0x05;
const ERROR: u8 = 0x06;
const FIFO_DATA: u8 = 0x09;
const FIFO_LEVEL: u8 = 0x0A;
const CONTROL: u8 = 0x0C;
const BIT_FRAMING: u8 = 0x0D;
const CRC_HIGH: u8 = 0x21;
const CRC_LOW: u8 = 0x22;
const VERSION: u8 = 0x37;

const CMD_IDLE: u8 = 0x0;
const CMD_CALC_CRC: u8 = 0x3;
const CMD_TRANSCEIVE: u8 = 0xC;
const CMD_SOFT_RESET: u8 = 0xF;

const TIMER_IRQ: u8 = 0x01;
const IDLE_IRQ: u8 = 0x10;
const RX_IRQ: u8 = 0x20;
const CRC_IRQ: u8 = 0x04;

/// What MISO shows when no chip drives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Miso {
    /// A chip answers.
    Chip,
    /// Nothing attached, line pulled low.
    AllZeros,
    /// Nothing attached, line pulled high.
    AllOnes,
}

/// Card state per ISO 14443-3.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Picc {
    Idle,
    Ready,
    Active,
    Halt,
}

/// Simulated MFRC522 on SPI.
#[derive(Debug, Clone)]
pub struct FakeMfrc522 {
    regs: [u8; 64],
    fifo: Vec<u8>,
    version: u8,
    /// UID of the card in the field, if any.
    pub card: Option<[u8; 4]>,
    picc: Picc,
    /// Line state; anything but `Chip` ignores MOSI.
    pub miso: Miso,
    /// When set, every transfer fails as if the reader were unplugged.
    pub unplugged: bool,
    /// Register reads seen, for tests that want to prove a short path.
    pub reads: usize,
    /// REQA and WUPA frames seen, card or not: one per reader poll, so a
    /// caller can tell that polls went by without a clock.
    pub wakeups: u64,
    /// Cards selected: one per poll that read a whole UID.
    pub selects: u64,
    /// When set, the bus fails (as if unplugged) right after the card
    /// answers the next wake-up: a poll cut off in the middle of the card
    /// exchange, as a slow or loose bus does.
    pub cut_after_wakeup: bool,
    /// The card was woken from HALT, so an unexpected frame sends it back
    /// there rather than to IDLE (ISO 14443-3).
    from_halt: bool,
}

impl FakeMfrc522 {
    /// A chip reporting `version` (0x91 = v1.0, 0x92 = v2.0), no card.
    pub fn new(version: u8) -> Self {
        let mut chip = Self {
            regs: [0; 64],
            fifo: Vec::new(),
            version,
            card: None,
            picc: Picc::Idle,
            miso: Miso::Chip,
            unplugged: false,
            reads: 0,
            wakeups: 0,
            selects: 0,
            cut_after_wakeup: false,
            from_halt: false,
        };
        chip.soft_reset();
        chip
    }

    /// Put a card with `uid` in the field (or take it away with `None`).
    pub fn set_card(&mut self, uid: Option<[u8; 4]>) {
        self.card = uid;
        self.picc = Picc::Idle;
        self.from_halt = false;
    }

    fn soft_reset(&mut self) {
        // A reset switches the antenna off: a card in the field loses power
        // and comes back IDLE, whatever exchange it was left in.
        self.picc = Picc::Idle;
        self.from_halt = false;
        self.regs = [0; 64];
        self.regs[usize::from(COMMAND)] = 0x20;
        self.regs[usize::from(FIFO_LEVEL)] = 0;
        self.regs[0x0B] = 0x08;
        self.regs[0x11] = 0x3F;
        self.regs[0x14] = 0x80;
        self.regs[0x24] = 0x26;
        self.fifo.clear();
    }

    fn read_reg(&mut self, reg: u8) -> u8 {
        self.reads += 1;
        match reg {
            FIFO_DATA => {
                if self.fifo.is_empty() {
                    0
                } else {
                    self.fifo.remove(0)
                }
            }
            FIFO_LEVEL => u8::try_from(self.fifo.len()).unwrap_or(64),
            VERSION => self.version,
            _ => self.regs[usize::from(reg & 0x3F)],
        }
    }

    fn write_reg(&mut self, reg: u8, val: u8) {
        match reg {
            FIFO_DATA => {
                if self.fifo.len() < 64 {
                    self.fifo.push(val);
                }
            }
            FIFO_LEVEL => {
                if val & 0x80 != 0 {
                    self.fifo.clear();
                }
            }
            // Bit 7 (Set1) says whether the marked bits are set or cleared.
            COM_IRQ | DIV_IRQ => {
                let r = &mut self.regs[usize::from(reg)];
                if val & 0x80 != 0 {
                    *r |= val & 0x7F;
                } else {
                    *r &= !(val & 0x7F);
                }
            }
            COMMAND => self.command(val & 0x0F, val),
            BIT_FRAMING => {
                self.regs[usize::from(reg)] = val & 0x7F;
                let running = self.regs[usize::from(COMMAND)] & 0x0F;
                if val & 0x80 != 0 && running == CMD_TRANSCEIVE {
                    self.transceive(val & 0x07);
                }
            }
            VERSION => {}
            _ => self.regs[usize::from(reg & 0x3F)] = val,
        }
    }

    fn command(&mut self, cmd: u8, raw: u8) {
        match cmd {
            CMD_SOFT_RESET => self.soft_reset(),
            CMD_CALC_CRC => {
                let crc = crc_a(&self.fifo);
                self.fifo.clear();
                self.regs[usize::from(CRC_LOW)] = crc[0];
                self.regs[usize::from(CRC_HIGH)] = crc[1];
                self.regs[usize::from(DIV_IRQ)] |= CRC_IRQ;
                self.regs[usize::from(COMMAND)] = raw & 0xF0 | CMD_CALC_CRC;
            }
            _ => self.regs[usize::from(COMMAND)] = raw & 0xF0 | cmd,
        }
    }

    /// Run the frame in the FIFO past the card and load its answer.
    fn transceive(&mut self, tx_last_bits: u8) {
        let frame: Vec<u8> = std::mem::take(&mut self.fifo);
        self.regs[usize::from(ERROR)] = 0;
        match self.card_answer(&frame, tx_last_bits) {
            Some(answer) => {
                self.fifo = answer;
                self.regs[usize::from(CONTROL)] &= !0x07;
                self.regs[usize::from(COM_IRQ)] |= RX_IRQ | IDLE_IRQ;
                self.regs[usize::from(COMMAND)] = CMD_IDLE;
            }
            // Silence: the timer started at end of transmission runs out.
            None => self.regs[usize::from(COM_IRQ)] |= TIMER_IRQ,
        }
    }

    fn card_answer(&mut self, frame: &[u8], tx_last_bits: u8) -> Option<Vec<u8>> {
        let first = *frame.first()?;
        let short = tx_last_bits == 7 && frame.len() == 1;
        if short && matches!(first, 0x26 | 0x52) {
            self.wakeups += 1;
        }
        let uid = self.card?;
        match (first, short) {
            (0x26, true) if self.picc == Picc::Idle => self.atqa(false),
            (0x52, true) if matches!(self.picc, Picc::Idle | Picc::Halt) => {
                let from_halt = self.picc == Picc::Halt;
                let atqa = self.atqa(from_halt);
                if self.cut_after_wakeup {
                    self.cut_after_wakeup = false;
                    self.unplugged = true;
                }
                atqa
            }
            (0x93, false) if self.picc == Picc::Ready => {
                let bcc = uid.iter().fold(0, |a, b| a ^ b);
                match frame {
                    // Anticollision with nothing known: the whole UID + BCC.
                    [_, 0x20] => Some(vec![uid[0], uid[1], uid[2], uid[3], bcc]),
                    // SELECT: UID, BCC and CRC must all match.
                    [_, 0x70, u0, u1, u2, u3, b, c0, c1]
                        if [*u0, *u1, *u2, *u3] == uid
                            && *b == bcc
                            && crc_a(&frame[..7]) == [*c0, *c1] =>
                    {
                        self.picc = Picc::Active;
                        self.selects += 1;
                        // SAK 0x08: MIFARE Classic 1K, UID complete.
                        let sak = 0x08;
                        let crc = crc_a(&[sak]);
                        Some(vec![sak, crc[0], crc[1]])
                    }
                    _ => self.unexpected(),
                }
            }
            // HLTA gets no answer by design.
            (0x50, false) if self.picc == Picc::Active => {
                self.picc = Picc::Halt;
                None
            }
            _ => self.unexpected(),
        }
    }

    /// ISO 14443-3: a card that is READY or ACTIVE and gets a frame it does
    /// not expect goes back to IDLE (or HALT, if it was woken from there)
    /// without answering. A REQA or WUPA in the middle of an exchange is
    /// such a frame, so a poll cut short never leaves the card deaf.
    fn unexpected(&mut self) -> Option<Vec<u8>> {
        if matches!(self.picc, Picc::Ready | Picc::Active) {
            self.picc = if self.from_halt {
                Picc::Halt
            } else {
                Picc::Idle
            };
        }
        None
    }

    fn atqa(&mut self, from_halt: bool) -> Option<Vec<u8>> {
        self.picc = Picc::Ready;
        self.from_halt = from_halt;
        // Bit frame anticollision, single-size UID.
        Some(vec![0x04, 0x00])
    }
}

impl FullDuplex for FakeMfrc522 {
    fn transfer(&mut self, read: &mut [u8], write: &[u8]) -> Result<(), SpiError> {
        if self.unplugged {
            return Err(SpiError::Disconnected);
        }
        match self.miso {
            Miso::AllZeros => read.fill(0x00),
            Miso::AllOnes => read.fill(0xFF),
            Miso::Chip => {
                read.fill(0);
                let Some(&addr_byte) = write.first() else {
                    return Ok(());
                };
                let reg = (addr_byte >> 1) & 0x3F;
                if addr_byte & 0x80 != 0 {
                    // Each MOSI byte names the register whose value comes out
                    // on the next byte; the last MOSI byte only clocks.
                    for i in 0..write.len().saturating_sub(1) {
                        let r = (write[i] >> 1) & 0x3F;
                        read[i + 1] = self.read_reg(r);
                    }
                } else {
                    for &v in &write[1..] {
                        self.write_reg(reg, v);
                    }
                }
            }
        }
        Ok(())
    }
}

/// CRC_A of ISO 14443-3 (preset 0x6363, reflected 0x8408), low byte first.
pub fn crc_a(data: &[u8]) -> [u8; 2] {
    let mut crc: u16 = 0x6363;
    for &b in data {
        let mut x = u16::from(b);
        for _ in 0..8 {
            let mix = (crc ^ x) & 1;
            crc >>= 1;
            if mix != 0 {
                crc ^= 0x8408;
            }
            x >>= 1;
        }
    }
    crc.to_le_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc_a_matches_iso14443_example() {
        // ISO/IEC 14443-3 Annex B: CRC_A of 0x00 0x00 is 0xA0 0x1E.
        assert_eq!(crc_a(&[0x00, 0x00]), [0xA0, 0x1E]);
        // and of 0x12 0x34 is 0x26 0xCF.
        assert_eq!(crc_a(&[0x12, 0x34]), [0x26, 0xCF]);
    }

    #[test]
    fn version_read_uses_spi_address_format() {
        let mut chip = FakeMfrc522::new(0x92);
        let mut rx = [0u8; 2];
        chip.transfer(&mut rx, &[0x80 | (VERSION << 1), 0]).unwrap();
        assert_eq!(rx, [0, 0x92]);
    }
}
