//! `dealerd run`: the table on the Pi.
//!
//! ```text
//!  GPIO interrupt thread ──try_send──┐
//!  (rpi-pal, buttons)                │
//!                                    ▼
//!  RFID thread ─────────try_send──► inbox (bounded mpsc) ──► state task ──watch──► OLED thread
//!  (polls, debounces taps)                                  (owns Session;          (latest frame
//!                                                            SIGHUP, SIGTERM,        wins; I2C)
//!  signal task ──── Signal ─────────────────────────────────► watchdog, clock)
//! ```
//!
//! One task owns the [`Session`] and is the only writer of the journal; every
//! other piece only hands it inputs or takes frames from it. Devices are
//! opened on the thread that drives them and retried there with a backoff,
//! so a missing OLED, reader or GPIO chip never stops the table.
//!
//! [`serve`] is generic over the devices, so the tests run the whole daemon
//! on the simulated buses; [`run`] is the command line's entry. With
//! `--devices fake` it also takes keys on stdin (`stdin`: presses into the
//! buttons' inbox, cards onto the fake reader) and prints every frame the
//! fake panel takes on stdout (`stdout`), so the real daemon can be tried
//! on a laptop.

pub mod backoff;
mod buttons;
mod cli;
pub mod devices;
pub mod display;
pub mod error;
pub mod input;
pub mod log;
pub mod log_capture;
pub mod notify;
pub mod reader;
pub mod room;
mod state;
mod stdin;
mod stdout;

#[cfg(test)]
mod parsed_once;
#[cfg(test)]
mod tests;

use std::path::{Path, PathBuf};
use std::time::Duration;

use embedded_hal::i2c::I2c;
use tokio::sync::{mpsc, watch};
use tokio::time::Instant;
use tracing::{info, warn};

pub use self::backoff::{Backoff, StopFlag};
pub use self::cli::{run, DeviceKind, Options};
pub use self::devices::{Devices, FakeDevices, Shared};
pub use self::error::{OpenError, RunError};
pub use self::input::{InputTx, Offer};
pub use self::log_capture::LogCapture;
pub use self::notify::Notifier;
pub use self::reader::{CardReader, TapFilter};

use self::display::DisplayWriter;
use self::reader::ReaderLoop;
use self::state::Core;
use crate::daemon::session::{Input, RulesSource};
use crate::daemon::store::{SessionError, Storage, Stored};
use crate::devices::Hardware;

/// The journal's file name in the state directory.
pub const JOURNAL: &str = crate::journal::FILE_NAME;
/// The folder of finished hands (PHH) in the state directory.
pub const HANDS: &str = "hands";

/// Where a night lives under `--state-dir`.
pub fn storage(state_dir: &Path) -> Storage {
    Storage {
        journal: Some(crate::journal::in_state_dir(state_dir)),
        history: Some(state_dir.join(HANDS)),
        ledger: Some(state_dir.to_path_buf()),
    }
}

/// What the process asks of the state task.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Signal {
    /// SIGHUP: read the rules file again.
    Reload,
    /// SIGTERM or SIGINT.
    Stop,
}

/// Timings that tests shrink; the defaults are the Pi's.
#[derive(Debug, Clone, Copy)]
pub struct Tuning {
    /// The inbox's capacity. Far more than a dealer can press between two
    /// frames; only a wedged state task fills it.
    pub inbox: usize,
    pub display_retry: Backoff,
    pub reader_retry: Backoff,
    pub buttons_retry: Backoff,
    /// Overrides `[hardware] rfid_poll_ms`.
    pub poll: Option<Duration>,
    /// How often to send WATCHDOG=1, if at all.
    pub watchdog: Option<Duration>,
}

impl Tuning {
    /// How often the reader is polled under `hw`.
    pub fn poll_every(&self, hw: &Hardware) -> Duration {
        self.poll
            .unwrap_or(Duration::from_millis(u64::from(hw.rfid_poll_ms)))
    }
}

impl Default for Tuning {
    fn default() -> Self {
        let s = Duration::from_secs;
        Tuning {
            inbox: 64,
            // Someone looks at the screen: come back within 5 s of a replug.
            display_retry: Backoff::new(s(1), s(5)),
            reader_retry: Backoff::new(s(1), s(30)),
            buttons_retry: Backoff::new(s(1), s(30)),
            poll: None,
            watchdog: None,
        }
    }
}

/// What the daemon runs.
pub struct Setup {
    /// The rules file (read again on SIGHUP) as it read at start.
    pub rules: RulesSource,
    pub state_dir: PathBuf,
    pub tuning: Tuning,
}

/// Opens the night under the state directory (created 0700: the ledger is
/// nobody else's business) and says which `[hardware]` to claim: the rules
/// file's, or, when the file went bad while the table was down, that of the
/// rules the resumed night is in (the default wiring if that is bad too).
/// Fails only when there is no night to go on with (a new night under
/// refused rules or a refused `[hardware]`, an unusable journal).
pub fn open(setup: &Setup) -> Result<(Stored, Hardware), RunError> {
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(&setup.state_dir)
        .map_err(|e| RunError::StateDir {
            path: setup.state_dir.display().to_string(),
            reason: e.to_string(),
        })?;
    let storage = storage(&setup.state_dir);
    // Pins and buses are claimed once, at start, from the file even when
    // the night resumes under the journal's rules. `[hardware]` is not the
    // rules' to check, so a new night checks it here, as it does the rules.
    // The one parse of the file: the night and the room take theirs of it.
    let wiring = setup.rules.readings().hardware.clone();
    if let (Err(e), Some(journal)) = (&wiring, &storage.journal) {
        if !journal.exists() {
            return Err(SessionError::Rules(e.clone()).into());
        }
    }
    let session = Stored::open(&setup.rules, &storage)?;
    let hw = wiring.unwrap_or_else(|e| {
        let in_force = session.rules_in_force();
        let readings = in_force.readings();
        readings.hardware.clone().unwrap_or_else(|_| {
            warn!("{e}; claiming the default wiring");
            Hardware::DEFAULT
        })
    });
    Ok((session, hw))
}

/// Runs the table until [`Signal::Stop`] (or the signal sender is dropped),
/// and gives back the session as it ended. Fails only if the session cannot
/// be opened (see [`open`]) or a thread cannot be started.
pub async fn serve<I, R>(
    setup: Setup,
    devices: Devices<I, R>,
    signals: mpsc::Receiver<Signal>,
    notifier: Notifier,
) -> Result<Stored, RunError>
where
    I: I2c + Send + 'static,
    R: CardReader + Send + 'static,
{
    let (session, hw) = open(&setup)?;
    serve_open(session, hw, setup, devices, signals, notifier).await
}

/// [`serve`] on a session [`open`] gave.
pub async fn serve_open<I, R>(
    session: Stored,
    hw: Hardware,
    setup: Setup,
    devices: Devices<I, R>,
    signals: mpsc::Receiver<Signal>,
    notifier: Notifier,
) -> Result<Stored, RunError>
where
    I: I2c + Send + 'static,
    R: CardReader + Send + 'static,
{
    serve_room(session, hw, setup, devices, signals, notifier, None).await
}

/// [`serve_open`], handing every change of the table to a room publisher
/// when there is one. The feed is dropped on the way out, which tells the
/// publisher the table is going.
pub async fn serve_room<I, R>(
    session: Stored,
    hw: Hardware,
    setup: Setup,
    devices: Devices<I, R>,
    mut signals: mpsc::Receiver<Signal>,
    notifier: Notifier,
    mut room: Option<room::RoomFeed>,
) -> Result<Stored, RunError>
where
    I: I2c + Send + 'static,
    R: CardReader + Send + 'static,
{
    let Setup {
        rules,
        state_dir,
        tuning,
    } = setup;
    let source = rules.name();
    let start = Instant::now();

    let (inbox, mut inputs) = InputTx::channel(tuning.inbox);
    let (frames, frames_rx) = watch::channel(session.frame());
    let stop = StopFlag::new();
    let setup_err = |what| move |source| RunError::Setup { what, source };

    let writer = DisplayWriter::new(devices.display, hw.oled_address, tuning.display_retry)
        .controller(hw.oled)
        .on_shown(devices.shown);
    display::spawn(writer, frames_rx).map_err(setup_err("OLED thread"))?;
    let poll = tuning.poll_every(&hw);
    let reader = ReaderLoop::new(devices.reader, poll, tuning.reader_retry, inbox.clone());
    reader::spawn(reader, stop.clone()).map_err(setup_err("RFID thread"))?;
    if let Some(open) = devices.buttons {
        buttons::spawn(open, inbox.clone(), tuning.buttons_retry, stop.clone())
            .map_err(setup_err("buttons thread"))?;
    }

    let mut core = Core::new(session, frames, notifier, inbox);
    core.notifier().ready();
    info!(
        "dealerd running: rules {source}, state in {}",
        state_dir.display()
    );

    let mut watchdog = tuning.watchdog.map(|period| {
        let mut t = tokio::time::interval(period);
        t.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        t
    });
    let mut inputs_open = true;
    let far = Duration::from_secs(86_400);
    loop {
        // The screen changes by itself only at next_wake (a clock second,
        // the host unlock ending); between inputs the task sleeps.
        let wake = core.session.next_wake();
        let deadline = wake
            .and_then(|w| start.checked_add(w))
            .unwrap_or_else(|| Instant::now() + far);
        tokio::select! {
            input = inputs.recv(), if inputs_open => match input {
                Some(input) => core.input(input, start.elapsed()),
                None => inputs_open = false,
            },
            _ = tokio::time::sleep_until(deadline), if wake.is_some() => {
                core.tick(start.elapsed());
            }
            signal = signals.recv() => match signal {
                Some(Signal::Reload) => {
                    info!("SIGHUP: reloading {source}");
                    core.input(Input::ReloadFile, start.elapsed());
                }
                Some(Signal::Stop) | None => break,
            },
            _ = tick(&mut watchdog) => core.notifier().watchdog(),
        }
        if let Some(feed) = room.as_mut() {
            feed.update(&core.session);
        }
    }
    core.notifier().stopping();
    info!("dealerd stopping");
    // The device threads see the flag (and the OLED thread the closed
    // channel) and end by themselves; nothing waits for them, since a
    // wedged I2C transfer must not hold up an exit systemd asked for.
    stop.stop();
    Ok(core.session)
}

/// The watchdog interval's next tick, or never.
async fn tick(t: &mut Option<tokio::time::Interval>) {
    match t {
        Some(t) => {
            t.tick().await;
        }
        None => std::future::pending().await,
    }
}
