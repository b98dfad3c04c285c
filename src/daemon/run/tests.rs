//! The daemon's pieces driven one step at a time: no threads, no clock.

use std::os::linux::net::SocketAddrExt;
use std::os::unix::net::{SocketAddr, UnixDatagram};
use std::time::Duration;

use tokio::sync::watch;
use tracing::Level;

use super::backoff::Backoff;
use super::display::DisplayWriter;
use super::input::{InputTx, Offer};
use super::notify::{watchdog_period, Notifier};
use super::reader::{Next, ReaderLoop, TapFilter};
use super::state::Core;
use super::{FakeDevices, OpenError};
use crate::daemon::session::{Input, RulesSource};
use crate::daemon::store::{Storage, Stored};
use crate::devices::Hardware;
use crate::hw::sim::Miso;
use crate::ui::frame::Frame;
use crate::ui::{Button, Press};

type Logs = super::LogCapture;

const UID: [u8; 4] = [0xDE, 0xAD, 0xBE, 0xEF];
const SEC: Duration = Duration::from_secs(1);

fn backoff() -> Backoff {
    Backoff::new(SEC, 30 * SEC)
}

#[test]
fn backoff_doubles_to_its_cap_and_starts_over_after_a_success() {
    let mut b = backoff();
    let waits: Vec<u64> = (0..7).map(|_| b.next_delay().as_secs()).collect();
    assert_eq!(waits, [1, 2, 4, 8, 16, 30, 30]);
    b.reset();
    assert_eq!(b.next_delay(), SEC);
    // Zeros from a config cannot make a retry loop spin.
    let mut z = Backoff::new(Duration::ZERO, Duration::ZERO);
    assert_eq!(z.next_delay(), Duration::from_millis(1));
}

#[test]
fn a_resting_card_is_one_tap_and_a_lifted_one_taps_again() {
    let mut f = TapFilter::default();
    assert_eq!(f.saw(Some(&UID)), Some(UID.to_vec()));
    for _ in 0..10 {
        assert_eq!(f.saw(Some(&UID)), None);
    }
    // One empty poll is a bad read at the edge of the field, not a lift.
    assert_eq!(f.saw(None), None);
    assert_eq!(f.saw(Some(&UID)), None);
    // Two in a row: lifted; put back, it is a new tap.
    assert_eq!(f.saw(None), None);
    assert_eq!(f.saw(None), None);
    assert_eq!(f.saw(Some(&UID)), Some(UID.to_vec()));
    // Another card straight after is a tap of its own.
    assert_eq!(f.saw(Some(&[1, 2, 3, 4])), Some(vec![1, 2, 3, 4]));
}

fn taps(rx: &mut tokio::sync::mpsc::Receiver<Input>) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    while let Ok(input) = rx.try_recv() {
        if let Input::Tap(uid) = input {
            out.push(uid);
        }
    }
    out
}

#[test]
fn reader_absent_at_start_is_logged_once_backs_off_and_is_picked_up() {
    let fake = FakeDevices::new(&Hardware::default());
    fake.chip.with(|c| c.miso = Miso::AllZeros);
    let (tx, mut rx) = InputTx::channel(8);
    let poll = Duration::from_millis(100);
    let mut l = ReaderLoop::new(fake.devices().reader, poll, backoff(), tx);
    let logs = Logs::default();
    logs.capture(|| {
        let waits: Vec<Next> = (0..4).map(|_| l.step()).collect();
        let expect: Vec<Next> = [1, 2, 4, 8].map(|s| Next::Wait(s * SEC)).to_vec();
        assert_eq!(waits, expect);
        // Plugged in, with a card already on it.
        fake.chip.with(|c| {
            c.miso = Miso::Chip;
            c.set_card(Some(UID));
        });
        assert_eq!(l.step(), Next::Wait(poll));
    });
    assert_eq!(logs.count(Level::WARN, "VersionReg = 0x00"), 1);
    assert_eq!(logs.count(Level::INFO, "answers again"), 1);
    assert_eq!(taps(&mut rx), [UID.to_vec()]);
}

#[test]
fn reader_recovers_from_a_bus_error_mid_poll_without_a_second_tap() {
    let fake = FakeDevices::new(&Hardware::default());
    fake.chip.with(|c| c.set_card(Some(UID)));
    let (tx, mut rx) = InputTx::channel(8);
    let poll = Duration::from_millis(100);
    let mut l = ReaderLoop::new(fake.devices().reader, poll, backoff(), tx);
    let logs = Logs::default();
    logs.capture(|| {
        for _ in 0..5 {
            assert_eq!(l.step(), Next::Wait(poll));
        }
        fake.chip.with(|c| c.unplugged = true);
        assert_eq!(l.step(), Next::Wait(SEC));
        assert_eq!(l.step(), Next::Wait(2 * SEC));
        // Back, power-cycled, the card still lying on it: the reader
        // re-inits by itself, and the card is not tapped a second time.
        fake.chip.with(|c| {
            let mut fresh = crate::hw::sim::FakeMfrc522::new(0x92);
            fresh.set_card(Some(UID));
            *c = fresh;
        });
        for _ in 0..5 {
            assert_eq!(l.step(), Next::Wait(poll));
        }
    });
    assert_eq!(logs.count(Level::WARN, "SPI bus error"), 1);
    assert_eq!(taps(&mut rx), [UID.to_vec()]);
}

#[test]
fn a_reader_that_cannot_be_opened_is_retried_until_it_can() {
    let fake = FakeDevices::new(&Hardware::default());
    let mut real = fake.devices().reader;
    let mut fails = 2;
    let open = Box::new(move || {
        if fails > 0 {
            fails -= 1;
            return Err(OpenError::new(
                "RFID reader",
                "/dev/spidev0.0: no such file",
            ));
        }
        real()
    });
    let (tx, mut rx) = InputTx::channel(8);
    let poll = Duration::from_millis(100);
    let mut l = ReaderLoop::new(open, poll, backoff(), tx);
    fake.chip.with(|c| c.set_card(Some(UID)));
    let logs = Logs::default();
    logs.capture(|| {
        assert_eq!(l.step(), Next::Wait(SEC));
        assert_eq!(l.step(), Next::Wait(2 * SEC));
        assert_eq!(l.step(), Next::Wait(poll));
    });
    assert_eq!(logs.count(Level::WARN, "/dev/spidev0.0"), 1);
    assert_eq!(taps(&mut rx), [UID.to_vec()]);
}

#[test]
fn the_reader_thread_stops_when_the_daemon_is_gone() {
    let fake = FakeDevices::new(&Hardware::default());
    fake.chip.with(|c| c.set_card(Some(UID)));
    let (tx, rx) = InputTx::channel(8);
    drop(rx);
    let mut l = ReaderLoop::new(fake.devices().reader, SEC, backoff(), tx);
    assert_eq!(l.step(), Next::Stop);
}

fn frame_with(n: usize) -> Frame {
    let mut f = Frame::new();
    for x in 0..n {
        f.set_pixel(x, x % 64, true);
    }
    f
}

#[test]
fn an_unplugged_oled_is_logged_once_and_gets_the_whole_frame_back() {
    let fake = FakeDevices::new(&Hardware::default());
    let backoff = Backoff::new(SEC, 5 * SEC);
    let mut w = DisplayWriter::new(
        fake.devices().display,
        Hardware::DEFAULT.oled_address,
        backoff,
    );
    let logs = Logs::default();
    logs.capture(|| {
        assert_eq!(w.show(&frame_with(10)), Ok(()));
        fake.bus.with(|b| b.unplugged = true);
        let waits: Vec<_> = (20..25).map(|n| w.show(&frame_with(n))).collect();
        assert_eq!(waits, [1, 2, 4, 5, 5].map(|s| Err(s * SEC)));
        // Back, power-cycled: its RAM is noise until the writer re-inits
        // it and sends every page.
        fake.bus.with(|b| b.replug());
        assert_eq!(w.show(&frame_with(30)), Ok(()));
    });
    assert_eq!(fake.bus.with(|b| b.panel.frame()), frame_with(30));
    assert!(fake.bus.with(|b| b.panel.display_on));
    assert_eq!(logs.count(Level::WARN, "OLED"), 1, "one warning per outage");
    assert_eq!(logs.count(Level::INFO, "OLED answers again after 5"), 1);
}

#[test]
fn a_burst_beyond_the_inbox_does_not_block_and_is_counted() {
    let (tx, mut rx) = InputTx::channel(4);
    let press = Input::Press(Press {
        button: Button::Plus,
        long: false,
    });
    // No consumer at all: if offer could block, this test would hang.
    let offers: Vec<Offer> = (0..10).map(|_| tx.offer(press.clone())).collect();
    assert_eq!(offers.iter().filter(|o| **o == Offer::Sent).count(), 4);
    assert_eq!(offers.iter().filter(|o| **o == Offer::Dropped).count(), 6);
    assert_eq!(tx.dropped(), 6);
    assert_eq!(taps(&mut rx), Vec::<Vec<u8>>::new());
    drop(rx);
    assert_eq!(tx.offer(press), Offer::Closed);
}

#[test]
fn the_state_task_logs_dropped_inputs_once_per_burst() {
    let session =
        Stored::open(&RulesSource::embedded(), &Storage::default()).expect("default rules");
    let (frames, frames_rx) = watch::channel(Frame::new());
    let (tx, _rx) = InputTx::channel(2);
    let logs = Logs::default();
    logs.capture(|| {
        let mut core = Core::new(session, frames, Notifier::disabled(), tx.clone());
        // The first frame goes out at once.
        assert_eq!(*frames_rx.borrow(), core.session.frame());
        for _ in 0..7 {
            tx.offer(Input::ReloadFile);
        }
        core.tick(SEC);
        core.tick(2 * SEC);
    });
    assert_eq!(logs.count(Level::WARN, "5 inputs dropped (5 in all)"), 1);
    assert_eq!(logs.count(Level::WARN, "inputs dropped"), 1);
}

#[test]
fn sd_notify_reaches_a_path_socket_and_an_abstract_one() {
    let path = std::env::temp_dir().join(format!("dealerd-notify-unit-{}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let listener = UnixDatagram::bind(&path).expect("bind");
    let n = Notifier::to(&path.display().to_string()).expect("notifier");
    n.ready();
    n.status("rules: Home\ngame");
    n.watchdog();
    n.stopping();
    let mut buf = [0u8; 256];
    let got: Vec<String> = (0..4)
        .map(|_| {
            let len = listener.recv(&mut buf).expect("datagram");
            String::from_utf8_lossy(&buf[..len]).into_owned()
        })
        .collect();
    assert_eq!(
        got,
        [
            "READY=1",
            "STATUS=rules: Home game",
            "WATCHDOG=1",
            "STOPPING=1"
        ]
    );
    let _ = std::fs::remove_file(&path);

    let name = format!("dealerd-notify-unit-{}", std::process::id());
    let addr = SocketAddr::from_abstract_name(name.as_bytes()).expect("name");
    let listener = UnixDatagram::bind_addr(&addr).expect("bind abstract");
    Notifier::to(&format!("@{name}")).expect("notifier").ready();
    let len = listener.recv(&mut buf).expect("datagram");
    assert_eq!(&buf[..len], b"READY=1");

    assert!(Notifier::to("relative/path").is_err());
    assert!(!Notifier::disabled().is_enabled());
    // Nobody listening: sending is not an error worth stopping for.
    Notifier::to("/nonexistent/notify")
        .expect("notifier")
        .ready();
}

#[test]
fn the_watchdog_pings_at_half_its_timeout_and_only_for_its_process() {
    let ms = Duration::from_millis;
    assert_eq!(watchdog_period(Some("10000000"), None, 7), Some(ms(5000)));
    assert_eq!(
        watchdog_period(Some("10000000"), Some("7"), 7),
        Some(ms(5000))
    );
    assert_eq!(watchdog_period(Some("10000000"), Some("8"), 7), None);
    assert_eq!(watchdog_period(Some("0"), None, 7), None);
    assert_eq!(watchdog_period(Some("soon"), None, 7), None);
    assert_eq!(watchdog_period(None, None, 7), None);
    assert_eq!(watchdog_period(Some("1"), None, 7), Some(ms(1)));
}
