//! The emulated Pi (tests/pi-emu/README.md): the test side of the preload
//! shim. A device server answers the I2C, SPI and GPIO character devices'
//! calls from the models the other tests use (`FakeI2c` with its panel,
//! `FakeMfrc522`), delivers edge events on the GPIO lines dealerd requested,
//! and lays out the files rpi-pal reads to identify the board. `dealerd run
//! --devices pi` then runs unchanged, rpi-pal and all, with the shim
//! preloaded.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use dealerd::devices::{Hardware, OledController};
use dealerd::hw::sim::{FakeI2c, FakeMfrc522, Miso};
use dealerd::hw::spi::FullDuplex;
use dealerd::ui::render::{to_terminal, Frame};
use embedded_hal::i2c::{I2c, Operation};

/// Long enough for a loaded CI machine under qemu; a pass never waits it out.
pub const LIMIT: Duration = Duration::from_secs(60);

// errno values the kernel's drivers answer with (the same on every Linux ABI
// the tests run on).
const EIO: i32 = 5;
const ENOENT: i32 = 2;
const EBUSY: i32 = 16;
const EINVAL: i32 = 22;
const ENOTTY: i32 = 25;
/// i2c-bcm2835's answer when no device acknowledges its address.
const EREMOTEIO: i32 = 121;

/// The board's GPIO chip: a Pi 4's (BCM2711, 58 lines).
const CHIP_LABEL: &str = "pinctrl-bcm2711";
const CHIP_LINES: u32 = 58;
/// `/proc/cpuinfo`'s revision code for a Raspberry Pi 4 Model B (type 0x11).
const REVISION: &str = "c03114";
/// GPLEV0, the first pin level register, in the BCM2711's GPIO block.
const GPLEV0: usize = 0x34;
/// i2c-bcm2835's functionality: I2C_FUNC_I2C | I2C_FUNC_SMBUS_EMUL.
const I2C_FUNCTIONALITY: u64 = 0x0eff_0009;

// struct gpio_v2_line_request (linux/gpio.h), 592 bytes on every ABI.
const LINE_REQUEST_SIZE: usize = 592;
const LR_FLAGS: usize = 288;
const LR_NUM_ATTRS: usize = 296;
const LR_ATTRS: usize = 320;
const LR_NUM_LINES: usize = 560;
const GPIO_V2_LINE_FLAG_INPUT: u64 = 0x04;
const GPIO_V2_LINE_FLAG_EDGE_RISING: u64 = 0x10;
const GPIO_V2_LINE_FLAG_EDGE_FALLING: u64 = 0x20;
const GPIO_V2_LINE_ATTR_ID_DEBOUNCE: u32 = 3;
const GPIO_V2_LINE_EVENT_RISING_EDGE: u32 = 1;
const GPIO_V2_LINE_EVENT_FALLING_EDGE: u32 = 2;

/// One requested GPIO line: the socket that is its fd in dealerd.
struct Line {
    events: UnixStream,
    flags: u64,
    debounce_us: Option<u32>,
    seqno: u32,
}

/// What a line request asked of the chip.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineSetup {
    /// Input with both edges reported.
    pub both_edges_input: bool,
    /// The debounce period requested, if any.
    pub debounce: Option<Duration>,
}

struct State {
    i2c_bus: u8,
    oled: FakeI2c,
    reader: FakeMfrc522,
    lines: HashMap<u32, Line>,
    seqno: u32,
    /// SPI clock the reader's bus was last set to.
    spi_hz: Option<u32>,
    /// Device nodes dealerd opened, in order.
    opened: Vec<String>,
    /// SPI messages answered with an I/O error (the reader off the bus).
    spi_failures: u32,
}

struct Board {
    state: Mutex<State>,
    changed: Condvar,
}

impl Board {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The emulated board: its files, its device server, and the dealerd run on it.
pub struct Pi {
    dir: PathBuf,
    board: Arc<Board>,
}

impl Pi {
    /// A Pi 4 with the panel `[hardware]` names (an SSD1306 or an SH1106)
    /// at its address on its I2C bus and an MFRC522 (version 2.0) on SPI0
    /// CE0, in a fresh directory.
    pub fn new(name: &str, hw: &Hardware) -> Pi {
        let (i2c_bus, oled_address) = (hw.i2c_bus, hw.oled_address);
        let oled = match hw.oled {
            OledController::Ssd1306 => FakeI2c::new(oled_address),
            OledController::Sh1106 => FakeI2c::new_sh1106(oled_address),
        };
        let dir = crate::common::fresh_dir("pi-emu", name);
        let root = dir.join("root");
        std::fs::create_dir_all(root.join("proc")).expect("root/proc");
        std::fs::create_dir_all(root.join("dev")).expect("root/dev");
        let cpuinfo = format!(
            "processor\t: 0\nBogoMIPS\t: 108.00\n\nHardware\t: BCM2835\nRevision\t: {REVISION}\n\
             Model\t\t: Raspberry Pi 4 Model B Rev 1.4\n"
        );
        std::fs::write(root.join("proc/cpuinfo"), cpuinfo).expect("cpuinfo");
        // The register block: rpi-pal maps 61 registers of it; a page is
        // mapped like the real one. Every line reads high (GPLEV0/1), as
        // the buttons' pull-ups hold them.
        let mut regs = vec![0u8; 4096];
        regs[GPLEV0..GPLEV0 + 8].fill(0xFF);
        std::fs::write(root.join("dev/gpiomem"), regs).expect("gpiomem");
        let board = Arc::new(Board {
            state: Mutex::new(State {
                i2c_bus,
                oled,
                reader: FakeMfrc522::new(0x92),
                lines: HashMap::new(),
                seqno: 0,
                spi_hz: None,
                opened: Vec::new(),
                spi_failures: 0,
            }),
            changed: Condvar::new(),
        });
        let listener = UnixListener::bind(dir.join("devices.sock")).expect("device socket");
        let served = Arc::clone(&board);
        std::thread::spawn(move || {
            for conn in listener.incoming() {
                let Ok(conn) = conn else { return };
                let board = Arc::clone(&served);
                std::thread::spawn(move || serve(&board, conn));
            }
        });
        Pi { dir, board }
    }

    /// Make the board one rpi-pal does not know: a PC's `/proc/cpuinfo`
    /// (no `Revision`), and no device tree.
    pub fn not_a_pi(&self) {
        let cpuinfo = "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: a PC\n";
        std::fs::write(self.dir.join("root/proc/cpuinfo"), cpuinfo).expect("cpuinfo");
    }

    /// The level the register block reports for `pin` (a button held down,
    /// or a wire touching GND, reads low). Written into the mapped file.
    pub fn set_level(&self, pin: u8, high: bool) {
        use std::os::unix::fs::FileExt;
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(self.dir.join("root/dev/gpiomem"))
            .expect("gpiomem");
        let at = u64::try_from(GPLEV0 + 4 * usize::from(pin / 32)).expect("offset");
        let mut reg = [0u8; 4];
        file.read_exact_at(&mut reg, at).expect("GPLEV");
        let mut bits = u32::from_ne_bytes(reg);
        if high {
            bits |= 1 << (pin % 32);
        } else {
            bits &= !(1 << (pin % 32));
        }
        file.write_all_at(&bits.to_ne_bytes(), at).expect("GPLEV");
    }

    /// Pull the OLED off the bus: nothing acknowledges its address.
    pub fn unplug_oled(&self) {
        self.board.lock().oled.unplugged = true;
    }

    /// Take the reader off the bus: MISO floats low.
    pub fn remove_reader(&self) {
        self.board.lock().reader.miso = Miso::AllZeros;
    }

    /// Lay a card on the reader and cut the reader's bus right after the
    /// card first answers a wake-up:
    /// the poll is left mid-exchange, as a poll that outlasts its budget
    /// (under qemu) or a loose wire leaves it. Waits for the cut; the wire
    /// is then put back, the chip not power-cycled and the card still there.
    pub fn card_read_cut_mid_exchange(&self, uid: [u8; 4]) {
        {
            let mut state = self.board.lock();
            state.reader.cut_after_wakeup = true;
            state.reader.set_card(Some(uid));
        }
        // Back only once dealerd has had an I/O error from the cut bus.
        drop(self.wait_for("dealerd's read failing on the cut bus", |s| {
            s.spi_failures > 0
        }));
        self.board.lock().reader.unplugged = false;
    }

    /// Command bytes the panel's controller did not know (an SSD1306's
    /// command sent to an SH1106 lands here).
    pub fn unknown_panel_commands(&self) -> Vec<u8> {
        self.board.lock().oled.panel.unknown.clone()
    }

    /// The lines requested so far.
    pub fn lines(&self) -> usize {
        self.board.lock().lines.len()
    }

    /// The test's directory (house file, state).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// `dealerd run --devices pi` on this board, with the shim preloaded.
    pub fn dealerd(&self, config: &Path, state: &Path) -> Command {
        let mut cmd = self.dealerd_with(&["run"]);
        cmd.arg("--config")
            .arg(config)
            .arg("--state-dir")
            .arg(state)
            .args(["--devices", "pi"]);
        cmd
    }

    /// dealerd with `args`, on this board, with the shim preloaded.
    fn dealerd_with(&self, args: &[&str]) -> Command {
        let shim = shim();
        let mut cmd = crate::common::dealerd_preloading(Some(shim));
        cmd.args(args)
            // Each SPI transfer is a round trip through the socket, slow
            // under qemu on a loaded machine: a poll gets the time it takes
            // there, as the Pi's own SPI never needs.
            .env(dealerd::hw::rfid::BUDGET_ENV, "20000")
            .env("DEALERD_PI_EMU_SOCKET", self.dir.join("devices.sock"))
            .env("DEALERD_PI_EMU_ROOT", self.dir.join("root"));
        crate::common::outside_systemd(&mut cmd);
        cmd
    }

    /// `dealerd doctor --no-ask --devices pi` on this board, files looked
    /// for under `root`.
    pub fn doctor(&self, config: &Path, root: &Path) -> Command {
        let mut cmd = self.dealerd_with(&["doctor", "--no-ask", "--devices", "pi"]);
        cmd.arg("--config").arg(config).arg("--root").arg(root);
        cmd
    }

    /// Wait until every pin in `pins` has a line request, and return what
    /// each asked for.
    pub fn wait_lines(&self, pins: &[u8]) -> Vec<LineSetup> {
        let state = self.wait_for("line requests for every button", |s| {
            pins.iter().all(|p| s.lines.contains_key(&u32::from(*p)))
        });
        pins.iter()
            .map(|p| {
                let line = &state.lines[&u32::from(*p)];
                let both = GPIO_V2_LINE_FLAG_INPUT
                    | GPIO_V2_LINE_FLAG_EDGE_RISING
                    | GPIO_V2_LINE_FLAG_EDGE_FALLING;
                LineSetup {
                    both_edges_input: line.flags & both == both,
                    debounce: line.debounce_us.map(|us| Duration::from_micros(us.into())),
                }
            })
            .collect()
    }

    /// The level on `pin` changes to `high` at `at` (the kernel's event
    /// timestamp): one edge event on the line's fd, as the kernel reports it.
    pub fn edge(&self, pin: u8, high: bool, at: Duration) {
        let mut state = self.board.lock();
        state.seqno += 1;
        let seqno = state.seqno;
        let line = state
            .lines
            .get_mut(&u32::from(pin))
            .unwrap_or_else(|| panic!("GPIO {pin} was never requested"));
        line.seqno += 1;
        let mut event = [0u8; 48];
        let nanos = u64::try_from(at.as_nanos()).expect("timestamp");
        event[0..8].copy_from_slice(&nanos.to_ne_bytes());
        let id = if high {
            GPIO_V2_LINE_EVENT_RISING_EDGE
        } else {
            GPIO_V2_LINE_EVENT_FALLING_EDGE
        };
        event[8..12].copy_from_slice(&id.to_ne_bytes());
        event[12..16].copy_from_slice(&u32::from(pin).to_ne_bytes());
        event[16..20].copy_from_slice(&seqno.to_ne_bytes());
        event[20..24].copy_from_slice(&line.seqno.to_ne_bytes());
        line.events.write_all(&event).expect("edge event");
    }

    /// A button on `pin` (to GND, against the pull-up) pressed at `at` and
    /// released `held` later.
    pub fn press(&self, pin: u8, at: Duration, held: Duration) {
        self.edge(pin, false, at);
        self.edge(pin, true, at + held);
    }

    /// The device nodes opened through the device server so far, by every
    /// process on this board, in order.
    pub fn opened(&self) -> Vec<String> {
        self.board.lock().opened.clone()
    }

    /// The GPIO register block as it stands (levels, functions, pulls).
    pub fn registers(&self) -> Vec<u8> {
        std::fs::read(self.dir.join("root/dev/gpiomem")).expect("gpiomem")
    }

    /// Lay a card on the reader (or take it away).
    pub fn card(&self, uid: Option<[u8; 4]>) {
        self.board.lock().reader.set_card(uid);
    }

    /// The panel's frame once `pred` holds for it.
    pub fn wait_frame(&self, what: &str, pred: impl Fn(&Frame) -> bool) -> Frame {
        let state = self.wait_for(what, |s| {
            s.oled.panel.display_on && pred(&s.oled.panel.frame())
        });
        state.oled.panel.frame()
    }

    /// The SPI clock the reader's bus was set to (once it is), and the
    /// device nodes opened by then.
    pub fn wait_spi_clock(&self) -> (Option<u32>, Vec<String>) {
        let state = self.wait_for("the reader's SPI clock", |s| s.spi_hz.is_some());
        (state.spi_hz, state.opened.clone())
    }

    fn wait_for(&self, what: &str, pred: impl Fn(&State) -> bool) -> MutexGuard<'_, State> {
        let deadline = Instant::now() + LIMIT;
        let mut state = self.board.lock();
        while !pred(&state) {
            let now = Instant::now();
            if now >= deadline {
                panic!(
                    "waited {LIMIT:?} for {what}; opened {:?}, lines {:?}, panel:\n{}",
                    state.opened,
                    state.lines.keys().collect::<Vec<_>>(),
                    to_terminal(&state.oled.panel.frame())
                );
            }
            state = self
                .board
                .changed
                .wait_timeout(state, deadline - now)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
        state
    }
}

impl Drop for Pi {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The shim, compiled once per test run for the target the tests run on:
/// with the cross compiler when the tests are cross-built for aarch64 and
/// run under qemu, with `cc` otherwise.
fn shim() -> &'static Path {
    static SHIM: OnceLock<PathBuf> = OnceLock::new();
    SHIM.get_or_init(|| {
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pi-emu/shim.c");
        let out = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("pi-emu-shim-{}.so", std::env::consts::ARCH));
        let cross = cfg!(target_arch = "aarch64")
            && std::env::var_os("CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER").is_some();
        let cc = if cross {
            "aarch64-linux-gnu-gcc".to_string()
        } else {
            std::env::var("CC").unwrap_or_else(|_| "cc".into())
        };
        let partial = out.with_extension(format!("so.{}", std::process::id()));
        let built = Command::new(&cc)
            .args([
                "-shared", "-fPIC", "-O2", "-Wall", "-Wextra", "-Werror", "-o",
            ])
            .arg(&partial)
            .arg(&source)
            .args(["-ldl", "-lpthread"])
            .output()
            .unwrap_or_else(|e| panic!("{cc}: {e} (the emulated Pi's shim needs a C compiler)"));
        assert!(
            built.status.success(),
            "{cc} {}: {}",
            source.display(),
            String::from_utf8_lossy(&built.stderr)
        );
        std::fs::rename(&partial, &out).expect("shim in place");
        out
    })
}

fn read_frame(conn: &mut UnixStream) -> Option<Vec<u8>> {
    let mut len = [0u8; 4];
    conn.read_exact(&mut len).ok()?;
    let mut buf = vec![0u8; usize::try_from(u32::from_ne_bytes(len)).ok()?];
    conn.read_exact(&mut buf).ok()?;
    Some(buf)
}

fn reply(conn: &mut UnixStream, ret: i32, payload: &[u8]) -> bool {
    let len = u32::try_from(4 + payload.len()).expect("reply length");
    let mut out = Vec::with_capacity(8 + payload.len());
    out.extend_from_slice(&len.to_ne_bytes());
    out.extend_from_slice(&ret.to_ne_bytes());
    out.extend_from_slice(payload);
    conn.write_all(&out).is_ok()
}

fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_ne_bytes(b.get(at..at + 2)?.try_into().ok()?))
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_ne_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

fn u64_at(b: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_ne_bytes(b.get(at..at + 8)?.try_into().ok()?))
}

/// An opened device node, and what the driver keeps per open file.
enum Device {
    Chip,
    I2c { addr: u8 },
    Spi { mode: u32, bits: u8, hz: u32 },
}

/// One connection from the shim: an opened device node, or a line request.
fn serve(board: &Board, mut conn: UnixStream) {
    let Some(first) = read_frame(&mut conn) else {
        return;
    };
    match first.split_first() {
        Some((b'O', path)) => {
            let path = String::from_utf8_lossy(path).into_owned();
            let mut device = {
                let mut state = board.lock();
                let device = match path.as_str() {
                    "/dev/gpiochip0" => Some(Device::Chip),
                    p if p == format!("/dev/i2c-{}", state.i2c_bus) => {
                        Some(Device::I2c { addr: 0 })
                    }
                    "/dev/spidev0.0" => Some(Device::Spi {
                        mode: 0,
                        bits: 8,
                        hz: 125_000_000,
                    }),
                    _ => None,
                };
                state.opened.push(path);
                board.changed.notify_all();
                device
            };
            let Some(device) = device.as_mut() else {
                reply(&mut conn, -ENOENT, &[]);
                return;
            };
            if !reply(&mut conn, 0, &[]) {
                return;
            }
            while let Some(req) = read_frame(&mut conn) {
                let (ret, payload) = board.call(device, &req);
                if !reply(&mut conn, ret, &payload) {
                    return;
                }
            }
        }
        Some((b'L', req)) => board.request_line(req, conn),
        _ => {}
    }
}

impl Board {
    /// Answer a line request on `conn`, which then carries the line's
    /// events. The line is listed (and can be pressed) only once the answer
    /// is on its way: an event sent before it would be read as the answer.
    fn request_line(&self, req: &[u8], mut conn: UnixStream) {
        let parsed = (|| {
            if req.len() != LINE_REQUEST_SIZE || u32_at(req, LR_NUM_LINES)? != 1 {
                return None;
            }
            let offset = u32_at(req, 0)?;
            let flags = u64_at(req, LR_FLAGS)?;
            let mut debounce_us = None;
            for i in 0..usize::try_from(u32_at(req, LR_NUM_ATTRS)?).ok()?.min(10) {
                let at = LR_ATTRS + 24 * i;
                if u32_at(req, at)? == GPIO_V2_LINE_ATTR_ID_DEBOUNCE {
                    debounce_us = Some(u32_at(req, at + 8)?);
                }
            }
            Some((offset, flags, debounce_us))
        })();
        let Some((offset, flags, debounce_us)) = parsed.filter(|p| p.0 < CHIP_LINES) else {
            reply(&mut conn, -EINVAL, &[]);
            return;
        };
        let mut state = self.lock();
        // A line is held until its fd is closed; rpi-pal closes the old fd
        // before it asks again, which the kernel would see at once. Here a
        // held line whose fd was closed shows when the peer is gone.
        if let Some(held) = state.lines.get(&offset) {
            let mut probe = [0u8; 1];
            let _ = held.events.set_nonblocking(true);
            let gone = matches!((&held.events).read(&mut probe), Ok(0));
            let _ = held.events.set_nonblocking(false);
            if !gone {
                reply(&mut conn, -EBUSY, &[]);
                return;
            }
        }
        if !reply(&mut conn, 0, req) {
            return;
        }
        state.lines.insert(
            offset,
            Line {
                events: conn,
                flags,
                debounce_us,
                seqno: 0,
            },
        );
        self.changed.notify_all();
    }

    fn call(&self, device: &mut Device, req: &[u8]) -> (i32, Vec<u8>) {
        let Some((&op, rest)) = req.split_first() else {
            return (-EINVAL, Vec::new());
        };
        let answer = match op {
            b'I' => match (u64_at(rest, 0), rest.get(8..)) {
                (Some(code), Some(arg)) => self.ioctl(device, code, arg),
                _ => None,
            },
            b'W' => self.write(device, rest),
            b'R' => u32_at(rest, 0).and_then(|n| self.read(device, n)),
            _ => None,
        };
        self.changed.notify_all();
        answer.unwrap_or((-EINVAL, Vec::new()))
    }

    fn ioctl(&self, device: &mut Device, code: u64, arg: &[u8]) -> Option<(i32, Vec<u8>)> {
        let (nr, ty) = (code & 0xff, (code >> 8) & 0xff);
        let reads = (code >> 30) & 2 != 0;
        Some(match device {
            Device::Chip => match (ty, nr) {
                (0xB4, 0x01) => {
                    let mut info = vec![0u8; 68];
                    info[..9].copy_from_slice(b"gpiochip0");
                    info[32..32 + CHIP_LABEL.len()].copy_from_slice(CHIP_LABEL.as_bytes());
                    info[64..].copy_from_slice(&CHIP_LINES.to_ne_bytes());
                    (0, info)
                }
                _ => (-ENOTTY, Vec::new()),
            },
            Device::I2c { addr } => match code {
                0x0705 => (0, I2C_FUNCTIONALITY.to_ne_bytes().to_vec()),
                0x0703 | 0x0706 => match u8::try_from(u64_at(arg, 0)?) {
                    Ok(a) if a <= 0x7f => {
                        *addr = a;
                        (0, Vec::new())
                    }
                    _ => (-EINVAL, Vec::new()),
                },
                0x0701 | 0x0702 | 0x0704 | 0x0708 => (0, Vec::new()),
                0x0707 => self.i2c_rdwr(arg)?,
                _ => (-ENOTTY, Vec::new()),
            },
            Device::Spi { mode, bits, hz } => match (ty, nr) {
                (0x6B, 0) => self.spi_message(arg)?,
                (0x6B, 1) if reads => (0, vec![u8::try_from(*mode & 0xff).ok()?]),
                (0x6B, 1) => {
                    *mode = u32::from(*arg.first()?);
                    (0, Vec::new())
                }
                (0x6B, 5) if reads => (0, mode.to_ne_bytes().to_vec()),
                (0x6B, 5) => {
                    *mode = u32_at(arg, 0)?;
                    (0, Vec::new())
                }
                (0x6B, 3) if reads => (0, vec![*bits]),
                (0x6B, 3) => match *arg.first()? {
                    // spidev on the BCM2835 takes 8 bits a word only.
                    0 | 8 => {
                        *bits = 8;
                        (0, Vec::new())
                    }
                    _ => (-EINVAL, Vec::new()),
                },
                (0x6B, 4) if reads => (0, hz.to_ne_bytes().to_vec()),
                (0x6B, 4) => {
                    *hz = u32_at(arg, 0)?;
                    self.lock().spi_hz = Some(*hz);
                    (0, Vec::new())
                }
                (0x6B, 2) if reads => (0, vec![0]),
                (0x6B, 2) => match *arg.first()? {
                    0 => (0, Vec::new()),
                    _ => (-EINVAL, Vec::new()),
                },
                _ => (-ENOTTY, Vec::new()),
            },
        })
    }

    fn write(&self, device: &mut Device, bytes: &[u8]) -> Option<(i32, Vec<u8>)> {
        let Device::I2c { addr } = device else {
            return Some((-EINVAL, Vec::new()));
        };
        let mut state = self.lock();
        let ok = state
            .oled
            .transaction(*addr, &mut [Operation::Write(bytes)])
            .is_ok();
        Some(if ok {
            (i32::try_from(bytes.len()).ok()?, Vec::new())
        } else {
            (-EREMOTEIO, Vec::new())
        })
    }

    fn read(&self, device: &mut Device, n: u32) -> Option<(i32, Vec<u8>)> {
        let Device::I2c { addr } = device else {
            return Some((-EINVAL, Vec::new()));
        };
        let mut buf = vec![0u8; usize::try_from(n).ok()?];
        let mut state = self.lock();
        let ok = state
            .oled
            .transaction(*addr, &mut [Operation::Read(&mut buf)])
            .is_ok();
        Some(if ok {
            (i32::try_from(n).ok()?, buf)
        } else {
            (-EREMOTEIO, Vec::new())
        })
    }

    fn i2c_rdwr(&self, arg: &[u8]) -> Option<(i32, Vec<u8>)> {
        let n = u32_at(arg, 0)?;
        let mut at = 4;
        let mut out = Vec::new();
        let mut state = self.lock();
        for _ in 0..n {
            let (addr, flags, len) = (u16_at(arg, at)?, u16_at(arg, at + 2)?, u16_at(arg, at + 4)?);
            at += 6;
            let addr = u8::try_from(addr).ok()?;
            let ok = if flags & 1 != 0 {
                let mut buf = vec![0u8; usize::from(len)];
                let ok = state
                    .oled
                    .transaction(addr, &mut [Operation::Read(&mut buf)])
                    .is_ok();
                out.extend_from_slice(&buf);
                ok
            } else {
                let bytes = arg.get(at..at + usize::from(len))?;
                at += usize::from(len);
                state
                    .oled
                    .transaction(addr, &mut [Operation::Write(bytes)])
                    .is_ok()
            };
            if !ok {
                return Some((-EREMOTEIO, Vec::new()));
            }
        }
        Some((i32::try_from(n).ok()?, out))
    }

    fn spi_message(&self, arg: &[u8]) -> Option<(i32, Vec<u8>)> {
        let n = u32_at(arg, 0)?;
        let mut at = 4;
        let mut out = Vec::new();
        let mut state = self.lock();
        for _ in 0..n {
            let len = usize::try_from(u32_at(arg, at)?).ok()?;
            let tx = arg.get(at + 4..at + 4 + len)?;
            at += 4 + len;
            let mut rx = vec![0u8; len];
            if state.reader.transfer(&mut rx, tx).is_err() {
                state.spi_failures += 1;
                return Some((-EIO, Vec::new()));
            }
            out.extend_from_slice(&rx);
        }
        Some((i32::try_from(out.len()).ok()?, out))
    }
}
