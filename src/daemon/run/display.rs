//! The OLED thread: shows the latest frame, and rides out an unplugged
//! panel or a faulty bus.
//!
//! Frames arrive through a `watch` channel, so only the newest one is ever
//! waiting: a slow panel skips frames instead of queueing them, and a dead
//! one never holds up the state task. The flush is blocking I2C (about
//! 10 ms for a whole frame at 100 kHz, longer if the panel stretches the
//! clock), which is why this is a thread and not a task.

use std::time::Duration;

use embedded_hal::i2c::I2c;
use tokio::sync::watch;
use tracing::{debug, info, warn};

use super::backoff::Backoff;
use super::devices::Opener;
use super::error::OpenError;
use crate::hw::oled::{Oled, OledError};
use crate::ui::frame::Frame;

#[derive(Debug, thiserror::Error)]
enum DisplayFault {
    #[error(transparent)]
    Open(OpenError),
    #[error("OLED: {0}")]
    Oled(OledError),
}

/// Called on the OLED thread with each frame the panel took, after the
/// flush: what `--devices fake` prints.
pub type ShownHook = Box<dyn FnMut(&Frame) + Send>;

/// The panel and its bus, one [`show`](Self::show) per frame, so tests
/// drive it without a thread or a clock.
pub struct DisplayWriter<I> {
    open: Opener<I>,
    bus: Option<I>,
    oled: Oled,
    backoff: Backoff,
    /// Failed attempts in the outage under way; logged once, at its start.
    failures: u32,
    shown: Option<ShownHook>,
}

impl<I: I2c> DisplayWriter<I> {
    pub fn new(open: Opener<I>, address: u8, backoff: Backoff) -> Self {
        DisplayWriter {
            open,
            bus: None,
            oled: Oled::new(address),
            backoff,
            failures: 0,
            shown: None,
        }
    }

    /// Drives a panel with this controller (SSD1306 unless told).
    pub fn controller(mut self, controller: crate::hw::oled::Controller) -> Self {
        self.oled = Oled::with_controller(self.oled.address(), controller);
        self
    }

    /// Hands `hook` every frame once it is on the panel.
    pub fn on_shown(mut self, hook: Option<ShownHook>) -> Self {
        self.shown = hook;
        self
    }

    /// Shows `frame`; on failure, how long to wait before trying again.
    /// `Oled` retries each write and resends the pages that did not arrive;
    /// after failures in a row it re-inits the panel and sends the whole
    /// frame, since a panel that was unplugged comes back with noise in its
    /// RAM. A bus that drops the odd write thus still shows every frame.
    pub fn show(&mut self, frame: &Frame) -> Result<(), Duration> {
        match self.flush(frame) {
            Ok(bytes) => {
                if self.failures > 0 {
                    info!("OLED answers again after {} failed tries", self.failures);
                    self.failures = 0;
                }
                self.backoff.reset();
                debug!(bytes, "frame shown");
                if let Some(hook) = &mut self.shown {
                    hook(frame);
                }
                Ok(())
            }
            Err(fault) => {
                let wait = self.backoff.next_delay();
                if self.failures == 0 {
                    warn!("{fault}; retrying in the background");
                } else {
                    debug!("still failing: {fault}; next try in {wait:?}");
                }
                self.failures = self.failures.saturating_add(1);
                Err(wait)
            }
        }
    }

    fn flush(&mut self, frame: &Frame) -> Result<usize, DisplayFault> {
        let bus = match &mut self.bus {
            Some(b) => b,
            None => self.bus.insert((self.open)().map_err(DisplayFault::Open)?),
        };
        let stats = self.oled.flush(bus, frame).map_err(DisplayFault::Oled)?;
        Ok(stats.wire_bytes())
    }
}

/// Runs the writer on its own thread until the frame sender is dropped.
/// The first frame is the one in the channel when it starts.
pub fn spawn<I: I2c + Send + 'static>(
    mut writer: DisplayWriter<I>,
    mut frames: watch::Receiver<Frame>,
) -> std::io::Result<std::thread::JoinHandle<()>> {
    // A runtime of its own for the waits: the daemon's is busy with the
    // state task, and a thread cannot sleep on a watch channel otherwise.
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()?;
    super::log::spawn("oled", move || {
        rt.block_on(async move {
            frames.mark_changed();
            let mut retry: Option<Duration> = None;
            loop {
                match retry {
                    // Frames that come in meanwhile only replace the one
                    // waiting; the backoff still runs its course.
                    Some(wait) => {
                        tokio::time::sleep(wait).await;
                        if frames.has_changed().is_err() {
                            return;
                        }
                    }
                    None => {
                        if frames.changed().await.is_err() {
                            return;
                        }
                    }
                }
                let frame = frames.borrow_and_update().clone();
                retry = writer.show(&frame).err();
            }
        })
    })
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use tracing::Level;

    use super::DisplayWriter;
    use crate::daemon::run::backoff::Backoff;
    use crate::daemon::run::{FakeDevices, LogCapture};
    use crate::devices::Hardware;
    use crate::ui::frame::Frame;

    #[test]
    fn a_bus_dropping_one_write_in_ten_shows_every_frame() {
        let fake = FakeDevices::new(&Hardware::default());
        fake.bus.with(|b| b.fail_one_in = Some(10));
        let backoff = Backoff::new(Duration::from_millis(100), Duration::from_secs(5));
        let mut w = DisplayWriter::new(
            fake.devices().display,
            Hardware::DEFAULT.oled_address,
            backoff,
        );
        let logs = LogCapture::default();
        logs.capture(|| {
            for n in 0..200 {
                let mut frame = Frame::new();
                for x in 0..128 {
                    frame.set_pixel(x, (x + n) % 64, true);
                }
                // The daemon tries again after a failure, with the newest frame.
                let shown = (0..2).any(|_| w.show(&frame).is_ok());
                assert!(shown, "frame {n}");
                assert_eq!(fake.bus.with(|b| b.panel.frame()), frame, "frame {n}");
            }
        });
        assert!(fake.bus.with(|b| b.faults) > 50);
        assert!(logs.count(Level::WARN, "OLED") <= 3);
    }
}
