//! The whole daemon (`dealerd run`'s `serve`) on the simulated buses, with
//! faults injected while it runs. Every wait is for something the daemon
//! logs; the time limit on a wait only turns a hang into a failure.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use dealerd::daemon::run::{
    self, Backoff, FakeDevices, Notifier, OpenError, RunError, Setup, Signal, Tuning,
};
use dealerd::daemon::session::{Input, RulesSource};
use dealerd::daemon::store::Stored;
use dealerd::hw::sim::Miso;
use dealerd::rules::Hardware;
use dealerd::table::TableEvent;
use dealerd::ui::{Button, Press};
use tracing::Level;

/// Long enough for a loaded CI machine under qemu; a pass never waits it out.
const LIMIT: Duration = Duration::from_secs(60);

/// Every event the daemon logs, with a way to wait for one.
#[derive(Clone, Default)]
struct Logs(run::LogCapture);

impl Logs {
    fn count(&self, level: Level, needle: &str) -> usize {
        self.0.count(level, needle)
    }

    /// Blocks until `n` lines at `level` contain `needle`.
    fn wait(&self, level: Level, needle: &str, n: usize) {
        if let Err(lines) = self.0.wait(level, needle, n, LIMIT) {
            panic!("no {n} x {level} {needle:?} in the log:\n{lines:#?}");
        }
    }
}

fn state_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dealerd-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Fast retries, so an outage in a test lasts milliseconds.
fn tuning() -> Tuning {
    let ms = Duration::from_millis;
    Tuning {
        display_retry: Backoff::new(ms(1), ms(4)),
        reader_retry: Backoff::new(ms(1), ms(4)),
        buttons_retry: Backoff::new(ms(1), ms(4)),
        poll: Some(ms(2)),
        ..Tuning::default()
    }
}

struct Daemon {
    signals: tokio::sync::mpsc::Sender<Signal>,
    thread: JoinHandle<Result<Stored, RunError>>,
    logs: Logs,
}

impl Daemon {
    fn start<I, R>(dir: &std::path::Path, devices: run::Devices<I, R>) -> Daemon
    where
        I: embedded_hal::i2c::I2c + Send + 'static,
        R: run::CardReader + Send + 'static,
    {
        let (signals, rx) = tokio::sync::mpsc::channel(4);
        let logs = Logs::default();
        let dispatch = logs.0.dispatch();
        let setup = Setup {
            rules: RulesSource::embedded(),
            state_dir: dir.to_path_buf(),
            tuning: tuning(),
        };
        let thread = std::thread::spawn(move || {
            tracing::dispatcher::with_default(&dispatch, || {
                let rt = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .expect("runtime");
                rt.block_on(run::serve(setup, devices, rx, Notifier::disabled()))
            })
        });
        Daemon {
            signals,
            thread,
            logs,
        }
    }

    fn stop(self) -> Stored {
        self.signals.try_send(Signal::Stop).expect("daemon running");
        self.thread.join().expect("no panic").expect("served")
    }
}

/// A night with four players seated, journaled where the daemon resumes it.
fn seat_four(dir: &std::path::Path) {
    let mut s = Stored::open(&RulesSource::embedded(), &run::storage(dir)).expect("session");
    for (seat, name) in ["Ann", "Bob", "Cat", "Dan"].iter().enumerate() {
        let join = TableEvent::Join {
            seat,
            name: name.to_string(),
            buy_in: 200,
        };
        s.handle(Input::Table(join), Duration::ZERO);
    }
    assert_eq!(s.night().events().len(), 4, "{:?}", s.take_notices());
}

fn press(button: Button) -> Input {
    Input::Press(Press {
        button,
        long: false,
    })
}

#[test]
fn the_table_goes_on_while_the_oled_is_unplugged_and_the_panel_catches_up() {
    let dir = state_dir("oled-outage");
    seat_four(&dir);
    let fake = FakeDevices::new(&Hardware::default());
    let d = Daemon::start(&dir, fake.devices());
    d.logs.wait(Level::DEBUG, "frame shown", 1);
    d.logs.wait(Level::INFO, "buttons: listening", 1);
    let buttons = fake.presses().expect("the fake buttons' inbox");

    fake.bus.with(|b| b.unplugged = true);
    // Deal, then three folds: the hand is played with the screen dark.
    let keys = [Button::Ok, Button::Fold, Button::Fold, Button::Fold];
    for k in keys {
        assert_eq!(buttons.offer(press(k)), run::Offer::Sent);
    }
    d.logs.wait(Level::DEBUG, "handled", keys.len());
    // Several failed tries, so "logged once" means something.
    d.logs.wait(Level::DEBUG, "still failing: OLED", 2);

    fake.bus.with(|b| b.replug());
    d.logs.wait(Level::INFO, "OLED answers again", 1);
    let logs = d.logs.clone();
    let session = d.stop();

    // The replugged panel (power-on noise in its RAM) shows the table.
    assert_eq!(fake.bus.with(|b| b.panel.frame()), session.frame());
    assert!(fake.bus.with(|b| b.panel.display_on));
    assert_eq!(logs.count(Level::WARN, "OLED"), 1, "one warning per outage");
    assert_eq!(logs.count(Level::ERROR, ""), 0);

    // The presses made during the outage were journaled: a restart replays
    // to the same night, a hand further on than the four joins.
    let events = session.night().events().to_vec();
    assert!(events.len() > 4, "{events:?}");
    assert_eq!(session.night().table().hands_dealt(), 1);
    drop(session);
    let replayed = Stored::open(&RulesSource::embedded(), &run::storage(&dir)).expect("replay");
    assert_eq!(replayed.night().events(), &events[..]);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_reader_absent_at_start_is_picked_up_and_a_resting_card_is_one_tap() {
    let dir = state_dir("reader-late");
    let fake = FakeDevices::new(&Hardware::default());
    fake.chip.with(|c| c.miso = Miso::AllZeros);
    let d = Daemon::start(&dir, fake.devices());
    d.logs.wait(Level::WARN, "VersionReg = 0x00", 1);
    d.logs.wait(Level::DEBUG, "still failing: RFID", 2);

    fake.chip.with(|c| {
        c.miso = Miso::Chip;
        c.set_card(Some([0xDE, 0xAD, 0xBE, 0xEF]));
    });
    // The session hears the tap (the default rules know no cards).
    d.logs.wait(Level::INFO, "unknown card DE:AD:BE:EF", 1);
    d.logs.wait(Level::INFO, "RFID reader answers again", 1);
    let logs = d.logs.clone();
    d.stop();
    assert_eq!(logs.count(Level::INFO, "unknown card"), 1);
    assert_eq!(logs.count(Level::WARN, "RFID"), 1);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_oled_bus_that_cannot_be_opened_at_start_is_not_fatal() {
    let dir = state_dir("oled-late");
    let fake = FakeDevices::new(&Hardware::default());
    let mut devices = fake.devices();
    let present = Arc::new(AtomicBool::new(false));
    let mut open = devices.display;
    let flag = Arc::clone(&present);
    devices.display = Box::new(move || {
        if !flag.load(Ordering::SeqCst) {
            return Err(OpenError::new(
                "OLED",
                "/dev/i2c-1: No such file or directory",
            ));
        }
        open()
    });
    let d = Daemon::start(&dir, devices);
    d.logs.wait(Level::WARN, "/dev/i2c-1", 1);
    d.logs.wait(Level::DEBUG, "still failing: OLED", 2);
    present.store(true, Ordering::SeqCst);
    d.logs.wait(Level::INFO, "OLED answers again", 1);
    let logs = d.logs.clone();
    let session = d.stop();
    assert_eq!(fake.bus.with(|b| b.panel.frame()), session.frame());
    assert_eq!(logs.count(Level::WARN, "OLED"), 1);
    let _ = std::fs::remove_dir_all(dir);
}
