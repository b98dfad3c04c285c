//! `dealerd doctor`: the first power-on of a box, checked the way a maker
//! would check it with a multimeter, each failure said with what to do.
//!
//! The checks run over an [`Env`]: a filesystem root (`/` on the Pi, a
//! temporary tree in the tests) for the user, the groups, the device nodes
//! and the boot config, and a [`Bench`] for the devices themselves (the
//! Pi's through rpi-pal, or the simulated SSD1306, MFRC522 and button
//! lines). So every fault a maker meets first (no OLED, no reader, a button
//! stuck low, the user not in a group) is a test, not a hope.

mod files;
pub use files::{UNIT_DEVICE_CLASSES, UNIT_DEVICE_PATHS, UNIT_GROUPS};
#[cfg(feature = "pi")]
pub mod pi;
pub mod sim;

use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

use crate::devices::Hardware;
use crate::hw::rfid::CardUid;
use crate::ui::Button;

/// How one check went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Ok,
    Fail,
    /// Not run: a check before it failed, or nobody was there to press.
    Skipped,
}

/// One line of the doctor's report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// What was checked, e.g. `group spi` or `button fold`.
    pub check: String,
    pub status: Status,
    /// What was seen.
    pub detail: String,
    /// What to do about it (failures only).
    pub fix: String,
}

/// Everything the doctor found, in the order it looked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    pub findings: Vec<Finding>,
}

impl Report {
    /// Whether nothing failed.
    pub fn healthy(&self) -> bool {
        self.findings.iter().all(|f| f.status != Status::Fail)
    }

    /// The finding of `check`, if it ran.
    pub fn get(&self, check: &str) -> Option<&Finding> {
        self.findings.iter().find(|f| f.check == check)
    }

    /// The failed findings.
    pub fn failures(&self) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(|f| f.status == Status::Fail)
    }

    fn ok(&mut self, check: impl Into<String>, detail: impl Into<String>) {
        self.push(check, Status::Ok, detail, "");
    }

    fn fail(
        &mut self,
        check: impl Into<String>,
        detail: impl Into<String>,
        fix: impl Into<String>,
    ) {
        self.push(check, Status::Fail, detail, fix);
    }

    fn skip(&mut self, check: impl Into<String>, why: impl Into<String>) {
        self.push(check, Status::Skipped, why, "");
    }

    fn push(
        &mut self,
        check: impl Into<String>,
        status: Status,
        detail: impl Into<String>,
        fix: impl Into<String>,
    ) {
        self.findings.push(Finding {
            check: check.into(),
            status,
            detail: detail.into(),
            fix: fix.into(),
        });
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for x in &self.findings {
            let mark = match x.status {
                Status::Ok => "ok  ",
                Status::Fail => "FAIL",
                Status::Skipped => "skip",
            };
            writeln!(f, "{mark} {}: {}", x.check, x.detail)?;
            if !x.fix.is_empty() {
                writeln!(f, "     -> {}", x.fix)?;
            }
        }
        let failed = self.failures().count();
        if failed == 0 {
            write!(f, "all checks passed")
        } else {
            write!(f, "{failed} check(s) failed")
        }
    }
}

/// What the doctor asks the person at the box to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ask {
    /// Press and release this button.
    Press { button: Button, pin: u8 },
    /// Lay a card on the reader.
    Tap,
}

/// A device fault as the bench reports it, in plain words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BenchError(pub String);

impl fmt::Display for BenchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The box's devices as the doctor reaches them.
pub trait Bench {
    /// One write to `addr` on `/dev/i2c-{bus}`; `Ok` when it is acknowledged.
    fn i2c_write(&mut self, bus: u8, addr: u8, bytes: &[u8]) -> Result<(), BenchError>;
    /// Reset the MFRC522 and read its VersionReg.
    fn reader_version(&mut self, hw: &Hardware) -> Result<u8, BenchError>;
    /// Look for a card once.
    fn card(&mut self, hw: &Hardware) -> Result<Option<CardUid>, BenchError>;
    /// The level of a button's line with its pull-up on (`true`: high, released).
    fn line_high(&mut self, pin: u8) -> Result<bool, BenchError>;
    /// Tell the person at the box what to do now.
    fn ask(&mut self, ask: Ask);
    /// Let `d` pass between two looks at a line or the reader.
    fn sleep(&mut self, d: Duration);
    /// Take the devices for the doctor's checks, or say who holds them
    /// (`hw::claim`); the simulated bench is nobody else's.
    fn claim(&mut self) -> Result<(), crate::hw::claim::ClaimError> {
        Ok(())
    }
}

/// Where the doctor looks.
pub struct Env<'a> {
    /// The filesystem root: `/` on the Pi.
    pub root: PathBuf,
    /// The user the daemon runs as (the unit's `User=`).
    pub user: String,
    pub bench: &'a mut dyn Bench,
    /// Whether someone is at the box to press buttons and tap a card.
    pub interactive: bool,
    /// How long to wait for each press or tap.
    pub wait: Duration,
    /// How often a line or the reader is looked at while waiting.
    pub poll: Duration,
}

/// Runs every check against `hw` (the house file's `[hardware]`).
pub fn examine(env: &mut Env, hw: &Hardware) -> Report {
    let mut report = Report::default();
    let groups = files::user_and_groups(env, &mut report);
    files::device_nodes(env, hw, groups.as_ref(), &mut report);
    files::kernel_classes(env, &mut report);
    files::boot_config(env, &mut report);
    if let Err(e) = env.bench.claim() {
        // Beside the running service: nothing is opened, so its pull-ups,
        // its reader and its table stay as they are.
        let fix = match e {
            crate::hw::claim::ClaimError::Held(_) => "stop the service first (`sudo systemctl stop dealerd`), run `dealerd doctor`, then `sudo systemctl start dealerd`",
            crate::hw::claim::ClaimError::Io(..) => "see the /dev/gpiomem check above",
        };
        report.fail("devices", e.to_string(), fix);
        for check in ["OLED", "RFID reader", "buttons", "card"] {
            report.skip(check, "the devices are in use (see above)");
        }
        return report;
    }
    oled(env, hw, &mut report);
    reader(env, hw, &mut report);
    buttons(env, hw, &mut report);
    card(env, hw, &mut report);
    report
}

/// The header pin of a BCM GPIO, for messages.
pub fn header_pin(gpio: u8) -> Option<u8> {
    const PINS: [u8; 28] = [
        27, 28, 3, 5, 7, 29, 31, 26, 24, 21, 19, 23, 32, 33, 8, 10, 36, 11, 12, 35, 38, 40, 15, 16,
        18, 22, 37, 13,
    ];
    PINS.get(usize::from(gpio)).copied()
}

fn gpio(pin: u8) -> String {
    match header_pin(pin) {
        Some(p) => format!("GPIO {pin} (header pin {p})"),
        None => format!("GPIO {pin}"),
    }
}

/// The SSD1306/SH1106 NOP command: harmless to any panel that hears it.
const OLED_NOP: [u8; 2] = [0x00, 0xE3];

fn oled(env: &mut Env, hw: &Hardware, r: &mut Report) {
    let (bus, addr) = (hw.i2c_bus, hw.oled_address);
    let check = "OLED";
    match env.bench.i2c_write(bus, addr, &OLED_NOP) {
        Ok(()) => r.ok(check, format!("answers at 0x{addr:02X} on /dev/i2c-{bus}")),
        Err(e) => {
            let other = if addr == 0x3C { 0x3D } else { 0x3C };
            if env.bench.i2c_write(bus, other, &OLED_NOP).is_ok() {
                r.fail(
                    check,
                    format!("nothing at 0x{addr:02X}, but something answers at 0x{other:02X}"),
                    format!("this module's address jumper is set to 0x{other:02X}: put `oled_address = 0x{other:02X}` under [hardware] in the house file"),
                );
            } else {
                r.fail(
                    check,
                    format!("nothing answers at 0x{addr:02X} on /dev/i2c-{bus} ({e})"),
                    "check the OLED's four wires with the power off: VCC to 3.3V (header pin 1), GND to GND (pin 9), SDA to pin 3 (GPIO 2), SCL to pin 5 (GPIO 3); SDA and SCL swapped is the usual fault",
                );
            }
        }
    }
}

fn reader(env: &mut Env, hw: &Hardware, r: &mut Report) {
    let check = "RFID reader";
    match env.bench.reader_version(hw) {
        Ok(v @ (0x91 | 0x92)) => r.ok(check, format!("MFRC522 version 0x{v:02X} on SPI0 CE0")),
        Ok(v) if v != 0x00 && v != 0xFF => r.ok(
            check,
            format!("a reader answers with version 0x{v:02X} (a clone of the MFRC522; it usually works)"),
        ),
        Ok(v) => r.fail(check, format!("no MFRC522 answers on SPI0 (VersionReg reads 0x{v:02X})"), reader_fix(hw)),
        Err(e) => r.fail(check, format!("no MFRC522 answers on SPI0 ({e})"), reader_fix(hw)),
    }
}

fn reader_fix(hw: &Hardware) -> String {
    format!(
        "check the reader's wires with the power off: 3.3V to header pin 17 (never 5V), GND to pin 20, SDA/NSS to pin 24 (GPIO 8), SCK to pin 23, MOSI to pin 19, MISO to pin 21, RST to {}",
        gpio(hw.rfid_rst_pin)
    )
}

fn buttons(env: &mut Env, hw: &Hardware, r: &mut Report) {
    let pins = hw.buttons.pins();
    let mut usable = Vec::new();
    for &(button, pin) in &pins {
        let check = format!("button {}", button_name(button));
        match env.bench.line_high(pin) {
            Ok(true) => usable.push((button, pin)),
            Ok(false) => r.fail(
                check,
                format!("{} reads pressed before anyone touches it", gpio(pin)),
                format!("the wire to {} touches GND, or the button is wired across its normally-closed legs: use the two legs that connect only while it is pressed", gpio(pin)),
            ),
            Err(e) => r.fail(
                check,
                format!("cannot read {}: {e}", gpio(pin)),
                "see the GPIO device check above",
            ),
        }
    }
    for (button, pin) in usable {
        let check = format!("button {}", button_name(button));
        if !env.interactive {
            r.skip(
                check,
                "wired and released; run `dealerd doctor` at the box to press it",
            );
            continue;
        }
        env.bench.ask(Ask::Press { button, pin });
        match wait_press(env, pin, &pins) {
            Seen::Press => r.ok(check, format!("pressed and released on {}", gpio(pin))),
            Seen::Other(b, p) => r.fail(
                check,
                format!("{} went low instead of {}", gpio(p), gpio(pin)),
                format!("the wires of {} and {} are swapped, or this button is wired to {}: move its wire to {}", button_name(button), button_name(b), gpio(p), gpio(pin)),
            ),
            Seen::Held => r.fail(
                check,
                format!("{} went low and did not come back", gpio(pin)),
                "the button sticks or its wire touches GND once pressed: free the button, check its solder joints",
            ),
            Seen::Nothing => r.fail(
                check,
                format!("no press on {} in {} s", gpio(pin), env.wait.as_secs()),
                format!("one leg of the button goes to {}, the other to GND (e.g. header pin 39); check both joints", gpio(pin)),
            ),
        }
    }
}

enum Seen {
    Press,
    /// Another button's line went low.
    Other(Button, u8),
    Held,
    Nothing,
}

/// Watches every line until `pin` goes low and comes back (a press), or
/// another line goes low, or the wait runs out.
fn wait_press(env: &mut Env, pin: u8, pins: &[(Button, u8)]) -> Seen {
    let mut waited = Duration::ZERO;
    let mut down = false;
    while waited <= env.wait {
        match env.bench.line_high(pin) {
            Ok(false) => down = true,
            Ok(true) if down => return Seen::Press,
            _ => {}
        }
        if !down {
            for &(b, p) in pins {
                if p != pin && env.bench.line_high(p) == Ok(false) {
                    return Seen::Other(b, p);
                }
            }
        }
        env.bench.sleep(env.poll);
        waited += env.poll;
    }
    if down {
        Seen::Held
    } else {
        Seen::Nothing
    }
}

fn card(env: &mut Env, hw: &Hardware, r: &mut Report) {
    let check = "card";
    if r.get("RFID reader").is_some_and(|f| f.status != Status::Ok) {
        return r.skip(check, "the reader does not answer");
    }
    if !env.interactive {
        return r.skip(
            check,
            "run `dealerd doctor` at the box and tap a card to learn its UID",
        );
    }
    env.bench.ask(Ask::Tap);
    let mut waited = Duration::ZERO;
    while waited <= env.wait {
        match env.bench.card(hw) {
            Ok(Some(uid)) => {
                return r.ok(
                    check,
                    format!("UID {uid}: in the house file, `[[card]]` with `uid = \"{uid}\"`"),
                )
            }
            Ok(None) => {}
            Err(e) => {
                return r.fail(
                    check,
                    format!("the reader failed while reading: {e}"),
                    "a loose wire (often MISO or 3.3V) that only shows under load: reseat the reader's wires",
                )
            }
        }
        env.bench.sleep(env.poll);
        waited += env.poll;
    }
    r.fail(
        check,
        format!("no card read in {} s", env.wait.as_secs()),
        "use 13.56 MHz MIFARE Classic or NTAG cards (ISO 14443A); lay the card flat on the reader's antenna, within 2 cm; 125 kHz cards are not read",
    )
}

/// The button's name as the house file writes it.
pub use crate::devices::button_key as button_name;

#[cfg(test)]
mod tests;
