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

/// Empty polls in a row before a resting card counts as lifted, at the
/// least. One empty poll can be a read that went wrong at the edge of the
/// field.
pub const LIFTED_AFTER: u32 = 2;

/// How long a card must be away from the reader before the same card taps
/// again. A card lying at the edge of the field can read as gone for a few
/// polls in a row; lifting a card and tapping it again on purpose takes a
/// person longer than this.
pub const AWAY_FOR: Duration = Duration::from_secs(1);

/// A reader that keeps failing and recovering (a loose wire) is warned
/// about at most once in this long; the outages in between go to debug.
/// Logging each one put 150 lines in 2 s into the journal.
pub const WARN_EVERY: Duration = Duration::from_secs(60);

/// One tap per card put on the reader. The reader halts and re-wakes the
/// card on every poll, so a card lying there is seen on every poll; only a
/// new UID, or the same one after it was away, is a tap.
#[derive(Debug, Clone)]
pub struct TapFilter {
    present: Option<Vec<u8>>,
    empty: u32,
    /// Empty polls in a row that make the present card lifted.
    away: u32,
}

impl Default for TapFilter {
    fn default() -> Self {
        TapFilter::new(LIFTED_AFTER)
    }
}

impl TapFilter {
    /// A filter for which a card is away after `empty_polls` empty polls in
    /// a row (at least [`LIFTED_AFTER`]).
    pub fn new(empty_polls: u32) -> Self {
        TapFilter {
            present: None,
            empty: 0,
            away: empty_polls.max(LIFTED_AFTER),
        }
    }

    /// A filter for polls `every` apart, for which a card is away after
    /// [`AWAY_FOR`] of empty polls.
    pub fn polling_every(every: Duration) -> Self {
        let every = every.as_nanos().max(1);
        let polls = AWAY_FOR.as_nanos().div_ceil(every);
        TapFilter::new(u32::try_from(polls).unwrap_or(u32::MAX))
    }

    /// Empty polls in a row after which a card is away and may tap again.
    pub fn away_polls(&self) -> u32 {
        self.away
    }

    /// A poll's result; returns the UID when it is a new tap. A poll that
    /// failed is not a poll here: it says nothing about the card.
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
                if self.empty >= self.away {
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
    /// In an outage, which is not logged again until the reader answers.
    down: bool,
    /// The outage under way was warned about (so its end is worth an info).
    warned: bool,
    /// The loop's own clock: the waits it has asked for, added up. Real
    /// time is at least this, and tests need no clock to drive it.
    clock: Duration,
    /// When the last outage was warned about.
    last_warning: Option<Duration>,
    /// Outages since the last warning that were only logged at debug.
    unwarned: u32,
    tx: InputTx,
}

impl<R: CardReader> ReaderLoop<R> {
    pub fn new(open: Opener<R>, every: Duration, backoff: Backoff, tx: InputTx) -> Self {
        ReaderLoop {
            open,
            reader: None,
            taps: TapFilter::polling_every(every),
            // A zero poll interval from a config would spin a core.
            every: every.max(Duration::from_millis(10)),
            backoff,
            down: false,
            warned: false,
            clock: Duration::ZERO,
            last_warning: None,
            unwarned: 0,
            tx,
        }
    }

    /// Opens the reader if needed, polls once, and says when to come back.
    pub fn step(&mut self) -> Next {
        let next = self.poll_once();
        if let Next::Wait(d) = next {
            self.clock = self.clock.saturating_add(d);
        }
        next
    }

    fn poll_once(&mut self) -> Next {
        match self.poll() {
            Ok(card) => {
                if self.down {
                    self.down = false;
                    if self.warned {
                        info!("RFID reader answers again");
                    } else {
                        debug!("RFID reader answers again");
                    }
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
                    self.outage(&fault);
                }
                Next::Wait(wait)
            }
        }
    }

    /// The start of an outage: a warning, unless one was given less than
    /// [`WARN_EVERY`] ago.
    fn outage(&mut self, fault: &ReaderFault) {
        let recent = self
            .last_warning
            .is_some_and(|at| self.clock < at.saturating_add(WARN_EVERY));
        self.warned = !recent;
        if recent {
            self.unwarned = self.unwarned.saturating_add(1);
            debug!("{fault}; retrying in the background");
            return;
        }
        if self.unwarned > 0 {
            warn!(
                "{fault}; retrying in the background ({} more outages since the last warning)",
                self.unwarned
            );
        } else {
            warn!("{fault}; retrying in the background");
        }
        self.last_warning = Some(self.clock);
        self.unwarned = 0;
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

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use tracing::Level;

    use super::{Next, ReaderLoop, TapFilter, AWAY_FOR};
    use crate::daemon::run::backoff::Backoff;
    use crate::daemon::run::input::InputTx;
    use crate::daemon::run::{FakeDevices, LogCapture};
    use crate::daemon::session::Input;
    use crate::devices::Hardware;

    const UID: [u8; 4] = [0xDE, 0xAD, 0xBE, 0xEF];
    const POLL: Duration = Duration::from_millis(100);

    fn taps(rx: &mut tokio::sync::mpsc::Receiver<Input>) -> usize {
        std::iter::from_fn(|| rx.try_recv().ok())
            .filter(|i| matches!(i, Input::Tap(_)))
            .count()
    }

    #[test]
    fn spi_failing_every_other_poll_is_a_few_lines_and_one_tap() {
        let fake = FakeDevices::new(&Hardware::default());
        fake.chip.with(|c| c.set_card(Some(UID)));
        let (tx, mut rx) = InputTx::channel(64);
        let backoff = Backoff::new(Duration::from_millis(50), Duration::from_secs(5));
        let mut l = ReaderLoop::new(fake.devices().reader, POLL, backoff, tx);
        let logs = LogCapture::default();
        let mut clock = Duration::ZERO;
        logs.capture(|| {
            // Two minutes of a loose wire: every other poll fails.
            let mut polls = 0;
            while clock < Duration::from_secs(120) {
                fake.chip.with(|c| c.unplugged = polls % 2 == 1);
                let Next::Wait(d) = l.step() else {
                    panic!("the loop stopped")
                };
                clock += d;
                polls += 1;
            }
            assert!(polls > 1000, "{polls} polls");
        });
        // One outage warned about a minute, with its end.
        let warnings = logs.count(Level::WARN, "");
        let infos = logs.count(Level::INFO, "");
        assert!((1..=3).contains(&warnings), "{warnings} warnings");
        assert!(infos <= warnings, "{infos} infos");
        assert_eq!(
            logs.count(Level::WARN, "more outages since the last warning"),
            warnings - 1
        );
        // The card lay there throughout: one tap.
        assert_eq!(taps(&mut rx), 1);
    }

    #[test]
    fn a_card_must_be_away_a_while_to_tap_again() {
        let fake = FakeDevices::new(&Hardware::default());
        let (tx, mut rx) = InputTx::channel(64);
        let backoff = Backoff::new(Duration::from_secs(1), Duration::from_secs(30));
        let mut l = ReaderLoop::new(fake.devices().reader, POLL, backoff, tx);
        let mut poll = |card: Option<[u8; 4]>, n: u32| {
            for _ in 0..n {
                fake.chip.with(|c| c.set_card(card));
                assert_eq!(l.step(), Next::Wait(POLL));
            }
        };
        poll(Some(UID), 3);
        // At the edge of the field: gone for three polls, then back.
        poll(None, 3);
        poll(Some(UID), 3);
        assert_eq!(taps(&mut rx), 1, "a card that never left tapped again");
        // Away for a while: the same card is a new tap.
        let away = u32::try_from(AWAY_FOR.as_millis() / POLL.as_millis()).unwrap();
        poll(None, away);
        poll(Some(UID), 2);
        assert_eq!(taps(&mut rx), 1);
    }

    #[test]
    fn the_filter_counts_away_in_polls_of_its_interval() {
        let mut f = TapFilter::polling_every(Duration::from_millis(250));
        assert_eq!(f.saw(Some(&UID)), Some(UID.to_vec()));
        for _ in 0..3 {
            assert_eq!(f.saw(None), None);
        }
        assert_eq!(f.saw(Some(&UID)), None);
        for _ in 0..4 {
            assert_eq!(f.saw(None), None);
        }
        assert_eq!(f.saw(Some(&UID)), Some(UID.to_vec()));
    }
}
