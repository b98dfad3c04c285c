//! `dealerd run --devices pi` on the emulated Pi (`pi_emu`): the real
//! rpi-pal code against the kernel's interfaces, answered by the models the
//! other tests use. Presses are edge events with the kernel's timestamps, so
//! the long press and the bounce are decided by those stamps, never by how
//! fast this machine is; each wait is for something on the panel or in the
//! journal, and its time limit only turns a hang into a failure.

use std::path::PathBuf;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use dealerd::devices::{self, Hardware};
use dealerd::ui::{Button, Frame};

use crate::night::shows;
use crate::pi_emu::{Pi, LIMIT};

/// A card of our own, in the test's house file.
const GUS: [u8; 4] = [0x04, 0xA1, 0xB2, 0xC3];
const GUS_CARD: &str = "\n[[card]]\nuid = \"04:A1:B2:C3\"\nplayer = \"Gus\"\n";

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

/// dealerd on the emulated board; killed if the test fails first.
struct Running {
    pi: Pi,
    hw: Hardware,
    state: PathBuf,
    child: Option<Child>,
    log: PathBuf,
}

impl Running {
    /// Start dealerd with the default house plus `extra`, and wait for its
    /// first frame and for every button's line.
    fn start(name: &str, extra: &str) -> Running {
        let text = format!("{}{extra}", dealerd::rules::DEFAULT_TOML);
        let running = Running::spawn(name, &text, |_| {});
        running
            .pi
            .wait_frame("the first frame", |f| shows(f, "NEXT HAND"));
        let pins: Vec<u8> = running.hw.buttons.pins().iter().map(|p| p.1).collect();
        running.pi.wait_lines(&pins);
        running
    }

    /// Start dealerd on house file `text`, once `prepare` has set the board up.
    fn spawn(name: &str, text: &str, prepare: impl FnOnce(&Pi)) -> Running {
        let hw = devices::load_str("house.toml", text).expect("[hardware]");
        Running::spawn_on(name, hw, text.as_bytes(), prepare)
    }

    /// Start dealerd on a house file of any bytes (one it may refuse), on
    /// the board wired as `hw`.
    fn spawn_on(name: &str, hw: Hardware, file: &[u8], prepare: impl FnOnce(&Pi)) -> Running {
        let pi = Pi::new(name, &hw);
        prepare(&pi);
        let config = pi.dir().join("house.toml");
        std::fs::write(&config, file).expect("house file");
        let state = pi.dir().join("state");
        // The log goes to a file, so a failed wait can show it.
        let log = pi.dir().join("dealerd.log");
        let child = pi
            .dealerd(&config, &state)
            // The state task logs each input it handles at debug.
            .env("RUST_LOG", "info,dealerd=debug")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).expect("log file"))
            .spawn()
            .expect("dealerd runs");
        Running {
            pi,
            hw,
            state,
            child: Some(child),
            log,
        }
    }

    fn pin(&self, button: Button) -> u8 {
        let pins = self.hw.buttons.pins();
        pins.iter()
            .find(|p| p.0 == button)
            .expect("every button has a pin")
            .1
    }

    fn frame(&self, what: &str, texts: &[&str]) -> Frame {
        self.pi
            .wait_frame(what, |f| texts.iter().all(|t| shows(f, t)))
    }

    /// SIGTERM, then the log (stderr), after a clean exit.
    fn stop(mut self) -> Vec<String> {
        let mut child = self.child.take().expect("running");
        let pid = libc::pid_t::try_from(child.id()).expect("pid");
        // SAFETY: kill(2) on our own child's pid; no memory is involved.
        assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
        let status = child.wait().expect("exit");
        let log = std::fs::read_to_string(&self.log).unwrap_or_default();
        let log: Vec<String> = log.lines().map(str::to_string).collect();
        assert!(status.success(), "{status}; log: {log:#?}");
        log
    }

    fn journal(&self) -> String {
        std::fs::read_to_string(self.state.join("journal.jsonl")).unwrap_or_default()
    }

    /// Wait until a line of the log holds every one of `needles`.
    fn wait_log(&self, needles: &[&str]) {
        let deadline = Instant::now() + LIMIT;
        loop {
            let log = std::fs::read_to_string(&self.log).unwrap_or_default();
            if log.lines().any(|l| needles.iter().all(|n| l.contains(n))) {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "waited {LIMIT:?} for {needles:?} in the log:\n{log}"
            );
            std::thread::sleep(ms(20));
        }
    }

    /// Wait until the journal holds `needle`.
    fn wait_journal(&self, needle: &str) {
        let deadline = Instant::now() + LIMIT;
        while !self.journal().contains(needle) {
            assert!(
                Instant::now() < deadline,
                "waited {LIMIT:?} for {needle} in the journal:\n{}",
                self.journal()
            );
            std::thread::sleep(ms(20));
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
        if std::thread::panicking() {
            let log = std::fs::read_to_string(&self.log).unwrap_or_default();
            eprintln!("dealerd's log:\n{log}");
        }
    }
}

/// The presses the state task handled, as its debug log names them.
fn presses(log: &[String], button: &str, long: bool) -> usize {
    let needle = format!("Press {{ button: {button}, long: {long} }}");
    log.iter().filter(|l| l.contains(&needle)).count()
}

#[test]
fn a_button_on_the_emulated_line_changes_the_frame_on_the_emulated_panel() {
    let run = Running::start("button", "");
    let (spi_hz, opened) = run.pi.wait_spi_clock();
    // Every button is one line request: an input reporting both edges, with
    // the house's debounce asked of the kernel too.
    let pins: Vec<u8> = run.hw.buttons.pins().iter().map(|p| p.1).collect();
    for setup in run.pi.wait_lines(&pins) {
        assert!(setup.both_edges_input, "{setup:?}");
        assert_eq!(setup.debounce, Some(run.hw.buttons.debounce()));
    }
    let i2c = format!("/dev/i2c-{}", run.hw.i2c_bus);
    for node in [i2c.as_str(), "/dev/gpiochip0", "/dev/spidev0.0"] {
        assert!(opened.iter().any(|o| o == node), "{node} in {opened:?}");
    }
    assert_eq!(spi_hz, Some(run.hw.rfid_spi_hz));

    // Undo on an empty table: the panel says there is nothing to undo.
    let before = run.frame("the table", &["NEXT HAND"]);
    assert!(!shows(&before, "nothing to undo"));
    run.pi.press(run.pin(Button::Undo), ms(10_000), ms(120));
    run.frame("undo's answer", &["nothing to undo"]);
    let log = run.stop();
    assert_eq!(presses(&log, "Undo", false), 1, "{log:#?}");
}

#[test]
fn a_card_on_the_emulated_reader_seats_a_player() {
    let run = Running::start("card", GUS_CARD);
    run.pi.card(Some(GUS));
    run.frame("Gus offered a seat", &["Seat Gus"]);
    let ok = run.pin(Button::Ok);
    run.pi.press(ok, ms(10_000), ms(100));
    run.frame("Gus's buy-in", &["Gus buys in"]);
    run.pi.press(ok, ms(11_000), ms(100));
    run.wait_journal(r#""type":"join","seat":0,"name":"Gus""#);
    let log = run.stop();
    assert!(
        log.iter().any(|l| l.contains("card 04:A1:B2:C3 (Gus)")),
        "{log:#?}"
    );
}

#[test]
fn a_card_read_cut_off_mid_exchange_is_read_when_the_bus_is_back() {
    // Under qemu a poll can outlast the reader's 250 ms budget after the
    // card has answered; the card must not be left deaf for the night.
    let run = Running::start("cut", GUS_CARD);
    run.pi.card_read_cut_mid_exchange(GUS);
    run.frame("Gus offered a seat", &["Seat Gus"]);
    run.stop();
}

#[test]
fn a_button_held_past_the_long_press_time_opens_the_menu() {
    let run = Running::start("long", "");
    let (ok, long) = (run.pin(Button::Ok), run.hw.buttons.long_press());
    // Held a millisecond short of the long-press time: a short OK, which on
    // an empty table changes nothing. Then held exactly that long: the menu.
    run.pi.press(ok, ms(10_000), long - ms(1));
    run.pi.press(ok, ms(12_000), long);
    run.frame("the menu", &["MENU"]);
    let log = run.stop();
    assert_eq!(presses(&log, "Ok", false), 1, "{log:#?}");
    assert_eq!(presses(&log, "Ok", true), 1, "{log:#?}");
}

#[test]
fn contact_bounce_within_the_debounce_time_is_one_press() {
    let run = Running::start("bounce", GUS_CARD);
    let debounce = run.hw.buttons.debounce();
    assert!(debounce > ms(12), "the bounce below must fall inside it");
    run.pi.card(Some(GUS));
    // The offer's seat number stands alone, in a large font.
    let seat = |n: &'static str, not: &'static str| {
        move |f: &Frame| shows(f, "Seat Gus") && shows(f, n) && !shows(f, not)
    };
    run.pi.wait_frame("Gus offered seat 1", seat("1", "2"));
    // Plus moves the offer one seat on. The contacts chatter for 12 ms on
    // the way down and 5 ms on the way up, every edge reported.
    let plus = run.pin(Button::Plus);
    let t = ms(10_000);
    for (high, at) in [
        (false, 0),
        (true, 1),
        (false, 3),
        (true, 8),
        (false, 12),
        (true, 150),
        (false, 152),
        (true, 155),
    ] {
        run.pi.edge(plus, high, t + ms(at));
    }
    run.pi.wait_frame("seat 2 offered", seat("2", "1"));
    // The seat taken is the one shown: one seat on, not one per edge.
    let ok = run.pin(Button::Ok);
    run.pi.press(ok, ms(11_000), ms(100));
    run.frame("Gus's buy-in", &["Gus buys in"]);
    run.pi.press(ok, ms(12_000), ms(100));
    run.wait_journal(r#""type":"join","seat":1,"name":"Gus""#);
    let log = run.stop();
    assert_eq!(presses(&log, "Plus", false), 1, "{log:#?}");
}

#[test]
fn an_sh1106_panel_on_the_emulated_bus_shows_the_table() {
    let text = dealerd::rules::DEFAULT_TOML.replace(r#"oled = "ssd1306""#, r#"oled = "sh1106""#);
    assert_ne!(
        text,
        dealerd::rules::DEFAULT_TOML,
        "the default names its panel"
    );
    let run = Running::spawn("sh1106", &text, |_| {});
    // The title starts at the glass's first column: written without the
    // SH1106's 2-column offset, its first strokes would be off the glass.
    run.frame("the first frame", &["NEXT HAND"]);
    assert_eq!(run.pi.unknown_panel_commands(), Vec::<u8>::new());
    run.stop();
}

#[test]
fn on_a_board_rpi_pal_does_not_know_the_panel_works_and_the_log_says_why() {
    let text = dealerd::rules::DEFAULT_TOML;
    let run = Running::spawn("not-a-pi", text, Pi::not_a_pi);
    // I2C needs no model; the GPIO (buttons, the reader's reset line) does.
    run.frame("the first frame", &["NEXT HAND"]);
    run.wait_log(&["buttons: Unknown Raspberry Pi model", "retrying"]);
    run.wait_log(&["RFID reader: Unknown Raspberry Pi model"]);
    assert_eq!(run.pi.lines(), 0);
    run.stop();
}

#[test]
fn the_doctor_on_the_emulated_pi_names_a_missing_oled_and_reader_and_a_stuck_button() {
    let text = dealerd::rules::DEFAULT_TOML;
    let hw = devices::load_str("house.toml", text).expect("[hardware]");
    let pi = Pi::new("doctor", &hw);
    let config = pi.dir().join("house.toml");
    std::fs::write(&config, text).expect("house file");
    // The doctor's own files (user, groups, boot config) are not this
    // test's: an empty root fails them, and only the devices are read here.
    let root = pi.dir().join("box");
    std::fs::create_dir_all(&root).expect("root");
    let report = |pi: &Pi| {
        let out = pi.doctor(&config, &root).output().expect("doctor runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let undo = hw.buttons.undo;

    let good = report(&pi);
    let oled = format!(
        "ok   OLED: answers at 0x{:02X} on /dev/i2c-{}",
        hw.oled_address, hw.i2c_bus
    );
    assert!(good.contains(&oled), "{good}");
    assert!(
        good.contains("ok   RFID reader: MFRC522 version 0x92 on SPI0 CE0"),
        "{good}"
    );
    assert!(!good.contains("reads pressed"), "{good}");

    pi.unplug_oled();
    pi.remove_reader();
    pi.set_level(undo, false);
    let bad = report(&pi);
    let oled = format!("FAIL OLED: nothing answers at 0x{:02X}", hw.oled_address);
    assert!(bad.contains(&oled), "{bad}");
    assert!(
        bad.contains("FAIL RFID reader: no MFRC522 answers on SPI0"),
        "{bad}"
    );
    let stuck = format!("GPIO {undo} (header pin 38) reads pressed before anyone touches it");
    assert!(bad.contains(&stuck), "{bad}");
    assert_eq!(bad.matches("reads pressed").count(), 1, "{bad}");
}

/// Issue 34: a fresh box, on the house file the package installs, opens to
/// its host. The first card tapped is offered as the host card, one OK
/// makes it so, and from then on it is the lock: once the unlock runs out
/// a new card is refused until the host card is tapped, and then enrolled.
#[test]
fn on_a_fresh_box_the_first_card_tapped_becomes_the_host_card() {
    const HOST: [u8; 4] = [0x04, 0x5A, 0x11, 0xE0];
    let text = crate::first_boot::packaged_house_file()
        .replace("host_unlock_seconds = 60 ", "host_unlock_seconds = 5 ");
    assert!(!text.contains("[[card]]") && text.contains("host_unlock_seconds = 5 "));
    let run = Running::spawn("first-boot", &text, |_| {});
    run.frame("the first frame", &["NEXT HAND"]);
    let pins: Vec<u8> = run.hw.buttons.pins().iter().map(|p| p.1).collect();
    run.pi.wait_lines(&pins);
    let ok = run.pin(Button::Ok);

    run.pi.card(Some(HOST));
    run.frame("the offer", &["New host card?", "OK = host"]);
    run.pi.card(None);
    run.pi.press(ok, ms(10_000), ms(100));
    run.wait_journal(r#""type":"enroll-host-card","uid":"04:5A:11:E0""#);

    // The unlock runs out (5 s): Gus's card is now refused.
    std::thread::sleep(ms(5_500));
    run.pi.card(Some(GUS));
    run.wait_log(&["unknown card 04:A1:B2:C3"]);
    run.frame("the refusal", &["tap the host card"]);
    run.pi.card(None);
    // The host card unlocks; Gus's card is then enrolled, as Guest 1.
    run.pi.card(Some(HOST));
    run.wait_log(&["card 04:5A:11:E0 (host)"]);
    run.pi.card(None);
    run.pi.card(Some(GUS));
    run.frame("the enrolling list", &["New card for"]);
    run.pi.card(None);
    run.pi.press(ok, ms(20_000), ms(100));
    run.wait_journal(r#""type":"enroll-card","uid":"04:A1:B2:C3","name":"Guest 1""#);
    // `dealerd cards` prints it for the house file, with the host card
    // (read while the daemon runs, as `dealerd report` reads).
    let out = crate::common::dealerd()
        .arg("cards")
        .arg(&run.state)
        .output()
        .expect("dealerd cards");
    let cards = String::from_utf8_lossy(&out.stdout);
    assert!(
        cards.contains("[[card]]\nuid = \"04:5A:11:E0\"\nhost = true\n"),
        "{cards}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    run.stop();
}

/// A BCM2711 pin's pull (GPIO_PUP_PDN_CNTRL_REG0 at 0xE4, two bits a pin,
/// sixteen pins a register): 0b01 is the pull-up the buttons rely on.
fn pull(regs: &[u8], pin: u8) -> u32 {
    let at = 0xE4 + 4 * usize::from(pin / 16);
    let word = u32::from_le_bytes(regs[at..at + 4].try_into().expect("a register"));
    (word >> (2 * u32::from(pin % 16))) & 0b11
}
const PULL_UP: u32 = 0b01;

/// Issue 34: `dealerd doctor` beside `dealerd run --devices pi` (the
/// README's order: the package starts the service, then the maker runs the
/// doctor) refuses, and says how to stop the service first. It opens no
/// device node, leaves the buttons' pull-ups on (rpi-pal's drop in the
/// doctor used to switch them off), and every button still reaches the table.
#[test]
fn the_doctor_beside_the_running_daemon_refuses_and_every_button_still_works() {
    let run = Running::start("doctor-beside", "");
    run.pi.wait_spi_clock();
    let pins: Vec<u8> = run.hw.buttons.pins().iter().map(|p| p.1).collect();
    let pulls = |regs: &[u8]| -> Vec<u32> { pins.iter().map(|&p| pull(regs, p)).collect() };
    let before = pulls(&run.pi.registers());
    assert!(before.iter().all(|&b| b == PULL_UP), "{before:?}");
    let opened = run.pi.opened();
    let root = run.pi.dir().join("box");
    std::fs::create_dir_all(&root).expect("root");
    let config = run.pi.dir().join("house.toml");
    let out = run.pi.doctor(&config, &root).output().expect("doctor runs");
    let report = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(
        report.contains("FAIL devices: in use: another dealerd drives the devices"),
        "{report}"
    );
    assert!(report.contains("sudo systemctl stop dealerd"), "{report}");
    assert!(!report.contains("ok   OLED"), "{report}");
    assert_eq!(run.pi.opened(), opened, "the doctor opened a device");
    assert_eq!(pulls(&run.pi.registers()), before, "the buttons' pull-ups");

    let buttons = [
        (Button::Fold, "Fold"),
        (Button::CheckCall, "CheckCall"),
        (Button::BetRaise, "BetRaise"),
        (Button::Minus, "Minus"),
        (Button::Plus, "Plus"),
        (Button::Ok, "Ok"),
        (Button::Undo, "Undo"),
    ];
    for (i, (button, name)) in buttons.into_iter().enumerate() {
        let at = ms(10_000 + 1_000 * i as u64);
        run.pi.press(run.pin(button), at, ms(100));
        run.wait_log(&[&format!("Press {{ button: {name}, long: false }}")]);
    }
    run.stop();
}

/// Issue 34: at a restart, a house file replaced by one over the 256 KiB
/// cap, or by one that is not UTF-8, does not darken the table: the night
/// journaled under the old file resumes on the journal's rules, the log and
/// the panel say why the file was not read, and the buttons reach the table.
#[test]
fn a_restart_on_an_oversized_or_not_utf8_house_file_resumes_the_night_on_the_pi() {
    use dealerd::rules::{DEFAULT_TOML, MAX_FILE_BYTES};
    let big = format!("{DEFAULT_TOML}\n# padding\n{}", "#".repeat(MAX_FILE_BYTES));
    let not_utf8 = [DEFAULT_TOML.as_bytes(), b"\n# \xff\n"].concat();
    for (name, bytes, why) in [
        (
            "restart-oversized",
            big.into_bytes(),
            "a house file may be at most 262144 bytes",
        ),
        ("restart-not-utf8", not_utf8, "is not UTF-8"),
    ] {
        // The night the box was dealing when it went down: Ann and Bob
        // seated, journaled under the default house file.
        let hw = devices::load_str("house.toml", DEFAULT_TOML).expect("[hardware]");
        let run = Running::spawn_on(name, hw, &bytes, |pi| {
            crate::journal_restart::night_to_resume(pi.dir());
        });
        run.wait_log(&["ERROR", "rules not reloaded", why]);
        run.frame("the panel says why", &["rules not reloaded"]);
        run.frame("the night resumed", &["Ann", "Bob"]);
        let pins: Vec<u8> = run.hw.buttons.pins().iter().map(|p| p.1).collect();
        run.pi.wait_lines(&pins);
        // A press still reaches the table: OK deals the next hand.
        run.pi.press(run.pin(Button::Ok), ms(10_000), ms(100));
        run.wait_journal(r#""type":"new-hand""#);
        let log = run.stop();
        assert_eq!(presses(&log, "Ok", false), 1, "{log:#?}");
    }
}
