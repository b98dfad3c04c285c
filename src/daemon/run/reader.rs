//! The RFID thread: polls the reader, turns "a card is on the reader" into
//! one tap, and rides out a missing or faulty reader.
//!
//! It is a thread rather than a task because a poll is a run of blocking
//! SPI transfers (up to the reader's 250 ms budget when the chip hangs);
//! on the state task's thread that would freeze the buttons and the screen.

use std::time::Duration;

use embedded_hal::delay::DelayNs;
use embedded_hal::digital::OutputPin;
use embedded_hal::spi::SpiDevice;
use tracing::{debug, info, warn};

use super::backoff::{Backoff, StopFlag};
use super::devices::Opener;
use super::error::OpenError;
use super::input::{InputTx, Offer};
use crate::daemon::session::Input;
use crate::hw::rfid::{CardUid, RfidError, RfidReader};
use crate::rules::uid_hex;

/// Something that can be asked for the card in its field.
pub trait CardReader {
    fn poll(&mut self) -> Result<Option<CardUid>, RfidError>;
}

impl<S: SpiDevice, R: OutputPin, D: DelayNs> CardReader for RfidReader<S, R, D> {
    fn poll(&mut self) -> Result<Option<CardUid>, RfidError> {
        RfidReader::poll(self)
    }
}

/// Empty polls in a row before a resting card counts as lifted. One empty
/// poll can be a read that went wrong at the edge of the field; lifting a
/// card and tapping it again takes a person longer than two polls.
pub const LIFTED_AFTER: u32 = 2;

/// One tap per card put on the reader. The reader halts and re-wakes the
/// card on every poll, so a card lying there is seen on every poll; only a
/// new UID, or the same one after it was lifted, is a tap.
#[derive(Debug, Clone, Default)]
pub struct TapFilter {
    present: Option<Vec<u8>>,
    empty: u32,
}

impl TapFilter {
    /// A poll's result; returns the UID when it is a new tap.
    pub fn saw(&mut self, card: Option<&[u8]>) -> Option<Vec<u8>> {
        match card {
            Some(uid) => {
                self.empty = 0;
                if self.present.as_deref() == Some(uid) {
                    return None;
                }
                self.present = Some(uid.to_vec());
                Some(uid.to_vec())
            }
            None => {
                self.empty = self.empty.saturating_add(1);
                if self.empty >= LIFTED_AFTER {
                    self.present = None;
                }
                None
            }
        }
    }
}

/// What [`ReaderLoop::step`] wants next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// Poll again after this long.
    Wait(Duration),
    /// The state task is gone.
    Stop,
}

/// Everything the RFID thread does, one poll per [`step`](Self::step), so
/// tests drive it without a thread or a clock.
pub struct ReaderLoop<R> {
    open: Opener<R>,
    reader: Option<R>,
    taps: TapFilter,
    every: Duration,
    backoff: Backoff,
    /// In an outage: it has been logged, and is not logged again until the
    /// reader answers.
    down: bool,
    tx: InputTx,
}

impl<R: CardReader> ReaderLoop<R> {
    pub fn new(open: Opener<R>, every: Duration, backoff: Backoff, tx: InputTx) -> Self {
        ReaderLoop {
            open,
            reader: None,
            taps: TapFilter::default(),
            // A zero poll interval from a config would spin a core.
            every: every.max(Duration::from_millis(10)),
            backoff,
            down: false,
            tx,
        }
    }

    /// Opens the reader if needed, polls once, and says when to come back.
    pub fn step(&mut self) -> Next {
        match self.poll() {
            Ok(card) => {
                if self.down {
                    self.down = false;
                    info!("RFID reader answers again");
                }
                self.backoff.reset();
                if let Some(uid) = self.taps.saw(card.as_ref().map(|c| c.0.as_slice())) {
                    debug!("card {} on the reader", uid_hex(&uid));
                    if self.tx.offer(Input::Tap(uid)) == Offer::Closed {
                        return Next::Stop;
                    }
                }
                Next::Wait(self.every)
            }
            // The chip answered; the card exchange did not work out (a card
            // at the edge of the field). Neither a card nor an empty field.
            Err(ReaderFault::Rfid(RfidError::Card(why))) => {
                debug!("RFID card exchange: {why}");
                Next::Wait(self.every)
            }
            Err(fault) => {
                let wait = self.backoff.next_delay();
                if self.down {
                    debug!("still failing: {fault}; next try in {wait:?}");
                } else {
                    self.down = true;
                    warn!("{fault}; retrying in the background");
                }
                Next::Wait(wait)
            }
        }
    }

    fn poll(&mut self) -> Result<Option<CardUid>, ReaderFault> {
        let reader = match &mut self.reader {
            Some(r) => r,
            None => self
                .reader
                .insert((self.open)().map_err(ReaderFault::Open)?),
        };
        reader.poll().map_err(ReaderFault::Rfid)
    }
}

#[derive(Debug, thiserror::Error)]
enum ReaderFault {
    #[error(transparent)]
    Open(OpenError),
    #[error("RFID reader: {0}")]
    Rfid(RfidError),
}

/// Runs the loop on its own thread until `stop` or the state task is gone.
pub fn spawn<R: CardReader + Send + 'static>(
    mut l: ReaderLoop<R>,
    stop: StopFlag,
) -> std::io::Result<std::thread::JoinHandle<()>> {
    super::log::spawn("rfid", move || {
        while !stop.is_stopped() {
            match l.step() {
                Next::Stop => break,
                Next::Wait(d) => {
                    if stop.sleep(d) {
                        break;
                    }
                }
            }
        }
    })
}
