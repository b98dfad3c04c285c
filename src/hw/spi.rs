//! A correct `SpiDevice` over a raw full-duplex transfer.
//!
//! rppal's (and rpi-pal's) `SimpleHalSpiDevice` maps `Operation::TransferInPlace`
//! to a read-only segment, so the bus clocks out zeros instead of the buffer
//! (rpi-pal issue 6). The MFRC522 puts the register address in that buffer, so
//! every register read through it returns garbage. [`FullDuplexDevice`] builds
//! the MOSI stream itself and hands it to one raw full-duplex transfer.

use embedded_hal::delay::DelayNs;
use embedded_hal::spi::{ErrorKind, ErrorType, Operation, SpiDevice};
use thiserror::Error;

/// What can go wrong on the SPI bus.
#[derive(Debug, Error)]
pub enum SpiError {
    /// The spidev driver refused the transfer.
    #[cfg(feature = "pi")]
    #[error("spidev: {0}")]
    Pi(#[from] rpi_pal::spi::Error),
    /// The bus moved fewer bytes than asked for.
    #[error("SPI transfer moved {moved} of {expected} bytes")]
    Short {
        /// Bytes the driver reports as moved.
        moved: usize,
        /// Bytes the transaction needed.
        expected: usize,
    },
    /// The device is gone (a simulated fault; on hardware this shows as `Pi`).
    #[error("SPI device disconnected")]
    Disconnected,
}

impl embedded_hal::spi::Error for SpiError {
    fn kind(&self) -> ErrorKind {
        ErrorKind::Other
    }
}

/// One chip-select frame on a full-duplex bus.
///
/// `read` and `write` always have the same length here: [`FullDuplexDevice`]
/// does the padding, so implementations need not guess at unequal buffers.
pub trait FullDuplex {
    /// Assert CS, clock out `write` while filling `read`, release CS.
    fn transfer(&mut self, read: &mut [u8], write: &[u8]) -> Result<(), SpiError>;
}

impl<T: FullDuplex + ?Sized> FullDuplex for &mut T {
    fn transfer(&mut self, read: &mut [u8], write: &[u8]) -> Result<(), SpiError> {
        (**self).transfer(read, write)
    }
}

#[cfg(feature = "pi")]
impl FullDuplex for rpi_pal::spi::Spi {
    fn transfer(&mut self, read: &mut [u8], write: &[u8]) -> Result<(), SpiError> {
        let moved = rpi_pal::spi::Spi::transfer(self, read, write)?;
        if moved != write.len() {
            return Err(SpiError::Short {
                moved,
                expected: write.len(),
            });
        }
        Ok(())
    }
}

/// Word clocked out when an operation only reads. The MFRC522 treats a 0x00
/// after a read address as "end of read", which is what a pad should mean.
const PAD: u8 = 0x00;

/// `embedded_hal::spi::SpiDevice` over a [`FullDuplex`] bus.
///
/// All operations of one transaction go out in a single transfer, so CS stays
/// asserted across them as the `SpiDevice` contract requires (the MFRC522's
/// FIFO read is `Write(addr)` followed by `TransferInPlace`, and splitting it
/// into two CS frames shifts every byte by one). The exception is
/// `Operation::DelayNs` in the middle of a transaction: a single raw transfer
/// cannot pause, so the bytes before it are sent, the delay runs, and the rest
/// follows in a new frame. Neither driver used here issues such a delay.
pub struct FullDuplexDevice<B, D> {
    bus: B,
    delay: D,
}

impl<B: FullDuplex, D: DelayNs> FullDuplexDevice<B, D> {
    /// Wrap a bus; `delay` serves `Operation::DelayNs`.
    pub fn new(bus: B, delay: D) -> Self {
        Self { bus, delay }
    }

    /// Give the bus back.
    pub fn release(self) -> B {
        self.bus
    }

    /// Borrow the bus (tests read fakes through this).
    pub fn bus_mut(&mut self) -> &mut B {
        &mut self.bus
    }

    /// Send `ops` (none of them a delay) as one frame.
    fn frame(&mut self, ops: &mut [Operation<'_, u8>]) -> Result<(), SpiError> {
        let len: usize = ops.iter().map(op_len).sum();
        if len == 0 {
            return Ok(());
        }
        let mut tx = Vec::with_capacity(len);
        for op in ops.iter() {
            match op {
                Operation::Read(buf) => tx.resize(tx.len() + buf.len(), PAD),
                Operation::Write(buf) => tx.extend_from_slice(buf),
                Operation::Transfer(read, write) => {
                    tx.extend_from_slice(write);
                    // Longer read than write: pad; longer write: the extra
                    // read bytes are dropped below.
                    tx.resize(tx.len() + read.len().saturating_sub(write.len()), PAD);
                }
                // The whole point of this adapter: send the buffer's bytes.
                Operation::TransferInPlace(buf) => tx.extend_from_slice(buf),
                Operation::DelayNs(_) => {}
            }
        }
        let mut rx = vec![0u8; len];
        self.bus.transfer(&mut rx, &tx)?;

        let mut at = 0;
        for op in ops.iter_mut() {
            let n = op_len(op);
            let got = &rx[at..at + n];
            match op {
                Operation::Read(buf) | Operation::TransferInPlace(buf) => buf.copy_from_slice(got),
                Operation::Transfer(read, _) => {
                    let k = read.len();
                    read.copy_from_slice(&got[..k]);
                }
                Operation::Write(_) | Operation::DelayNs(_) => {}
            }
            at += n;
        }
        Ok(())
    }
}

/// Bytes an operation occupies on the wire.
fn op_len(op: &Operation<'_, u8>) -> usize {
    match op {
        Operation::Read(buf) | Operation::TransferInPlace(buf) => buf.len(),
        Operation::Write(buf) => buf.len(),
        Operation::Transfer(read, write) => read.len().max(write.len()),
        Operation::DelayNs(_) => 0,
    }
}

impl<B, D> ErrorType for FullDuplexDevice<B, D> {
    type Error = SpiError;
}

impl<B: FullDuplex, D: DelayNs> SpiDevice for FullDuplexDevice<B, D> {
    fn transaction(&mut self, operations: &mut [Operation<'_, u8>]) -> Result<(), SpiError> {
        let mut rest = operations;
        loop {
            let split = rest
                .iter()
                .position(|op| matches!(op, Operation::DelayNs(_)));
            match split {
                None => return self.frame(rest),
                Some(i) => {
                    let (head, tail) = rest.split_at_mut(i);
                    self.frame(head)?;
                    let Some((delay, tail)) = tail.split_first_mut() else {
                        return Ok(());
                    };
                    if let Operation::DelayNs(ns) = delay {
                        self.delay.delay_ns(*ns);
                    }
                    rest = tail;
                }
            }
        }
    }
}

/// `DelayNs` on the host clock. Sleeping is fine here: every caller is a
/// blocking driver on its own thread, and the delays are micro- to milliseconds.
#[derive(Debug, Default, Clone, Copy)]
pub struct StdDelay;

impl DelayNs for StdDelay {
    fn delay_ns(&mut self, ns: u32) {
        std::thread::sleep(std::time::Duration::from_nanos(u64::from(ns)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records every frame and answers with scripted MISO bytes.
    #[derive(Default)]
    struct Recorder {
        frames: Vec<Vec<u8>>,
        replies: Vec<Vec<u8>>,
        fail: bool,
    }

    impl FullDuplex for Recorder {
        fn transfer(&mut self, read: &mut [u8], write: &[u8]) -> Result<(), SpiError> {
            assert_eq!(read.len(), write.len(), "adapter must pad to equal lengths");
            if self.fail {
                return Err(SpiError::Disconnected);
            }
            self.frames.push(write.to_vec());
            let reply = if self.replies.is_empty() {
                Vec::new()
            } else {
                self.replies.remove(0)
            };
            for (i, b) in read.iter_mut().enumerate() {
                *b = reply.get(i).copied().unwrap_or(0xA5);
            }
            Ok(())
        }
    }

    #[derive(Default)]
    struct CountDelay(Vec<u32>);
    impl DelayNs for CountDelay {
        fn delay_ns(&mut self, ns: u32) {
            self.0.push(ns);
        }
    }

    fn dev(replies: Vec<Vec<u8>>) -> FullDuplexDevice<Recorder, CountDelay> {
        FullDuplexDevice::new(
            Recorder {
                replies,
                ..Recorder::default()
            },
            CountDelay::default(),
        )
    }

    #[test]
    fn transfer_in_place_sends_the_buffer_bytes() {
        let mut d = dev(vec![vec![0x00, 0x92]]);
        // Read VersionReg: address byte 0x80 | 0x37 << 1, then a terminator.
        let mut buf = [0xEE, 0x00];
        d.transfer_in_place(&mut buf).unwrap();
        assert_eq!(d.bus.frames, vec![vec![0xEE, 0x00]], "not zeros");
        assert_eq!(buf, [0x00, 0x92]);
    }

    #[test]
    fn read_clocks_out_pad_bytes() {
        let mut d = dev(vec![vec![1, 2, 3]]);
        let mut buf = [9u8; 3];
        d.read(&mut buf).unwrap();
        assert_eq!(d.bus.frames, vec![vec![PAD; 3]]);
        assert_eq!(buf, [1, 2, 3]);
    }

    #[test]
    fn write_sends_bytes_and_drops_miso() {
        let mut d = dev(vec![vec![7, 7]]);
        d.write(&[0x02, 0x0F]).unwrap();
        assert_eq!(d.bus.frames, vec![vec![0x02, 0x0F]]);
    }

    #[test]
    fn transfer_with_longer_read_pads_mosi() {
        let mut d = dev(vec![vec![1, 2, 3, 4]]);
        let mut read = [0u8; 4];
        d.transfer(&mut read, &[0xA1, 0xA2]).unwrap();
        assert_eq!(d.bus.frames, vec![vec![0xA1, 0xA2, PAD, PAD]]);
        assert_eq!(read, [1, 2, 3, 4]);
    }

    #[test]
    fn transfer_with_longer_write_drops_extra_miso() {
        let mut d = dev(vec![vec![1, 2, 3, 4]]);
        let mut read = [0u8; 2];
        d.transfer(&mut read, &[0xB1, 0xB2, 0xB3, 0xB4]).unwrap();
        assert_eq!(d.bus.frames, vec![vec![0xB1, 0xB2, 0xB3, 0xB4]]);
        assert_eq!(read, [1, 2]);
    }

    #[test]
    fn operations_share_one_frame_and_scatter_miso() {
        let mut d = dev(vec![vec![10, 11, 12, 13, 14, 15]]);
        let mut a = [0u8; 1];
        let mut b = [0x55u8, 0x66];
        let mut c = [0u8; 2];
        d.transaction(&mut [
            Operation::Write(&[0x92]),
            Operation::Read(&mut a),
            Operation::TransferInPlace(&mut b),
            Operation::Transfer(&mut c, &[0x77]),
        ])
        .unwrap();
        assert_eq!(d.bus.frames, vec![vec![0x92, PAD, 0x55, 0x66, 0x77, PAD]]);
        assert_eq!(a, [11]);
        assert_eq!(b, [12, 13]);
        assert_eq!(c, [14, 15]);
    }

    #[test]
    fn delay_runs_between_frames() {
        let mut d = dev(vec![vec![], vec![]]);
        d.transaction(&mut [
            Operation::Write(&[1]),
            Operation::DelayNs(1_500),
            Operation::Write(&[2]),
            Operation::DelayNs(20),
        ])
        .unwrap();
        assert_eq!(d.bus.frames, vec![vec![1], vec![2]]);
        assert_eq!(d.delay.0, vec![1_500, 20]);
    }

    #[test]
    fn empty_transaction_touches_nothing() {
        let mut d = dev(vec![]);
        d.transaction(&mut []).unwrap();
        assert!(d.bus.frames.is_empty());
    }

    #[test]
    fn bus_errors_propagate() {
        let mut d = dev(vec![]);
        d.bus.fail = true;
        assert!(matches!(d.write(&[1]), Err(SpiError::Disconnected)));
    }
}
