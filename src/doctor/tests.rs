//! The doctor on the emulated box: a well-built one passes, and each fault a
//! maker meets first fails its own check with what to do.

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::sim::SimBench;
use super::{examine, Ask, Env, Report, Status};
use crate::devices::Hardware;
use crate::hw::sim::{FakeI2c, Miso};
use crate::ui::Button;

/// A Raspberry Pi OS root: the user in gpio, i2c and spi, the device nodes
/// open to their group, I2C and SPI on in the boot config.
struct Root(PathBuf);

impl Root {
    fn new(name: &str) -> Root {
        let dir =
            std::env::temp_dir().join(format!("dealerd-doctor-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for d in ["etc", "dev", "proc", "boot/firmware"] {
            std::fs::create_dir_all(dir.join(d)).unwrap();
        }
        let root = Root(dir);
        for node in ["dev/i2c-1", "dev/spidev0.0", "dev/gpiochip0", "dev/gpiomem"] {
            root.write(node, "");
            root.chmod(node, 0o660);
        }
        // The nodes' group is this process's, so "gpio" is that gid here.
        let gid = std::fs::metadata(root.0.join("dev/i2c-1")).unwrap().gid();
        root.write("etc/passwd", "root:x:0:0:root:/root:/bin/bash\ndealerd:x:990:990::/var/lib/dealerd:/usr/sbin/nologin\n");
        root.write(
            "etc/group",
            &format!(
                "dealerd:x:990:\ngpio:x:{gid}:pi,dealerd\ni2c:x:{}:dealerd,pi\nspi:x:{}:dealerd\n",
                gid.wrapping_add(1),
                gid.wrapping_add(2)
            ),
        );
        // Booted with the package's modules loaded.
        root.write(
            "proc/devices",
            "Character devices:\n  1 mem\n 89 i2c\n153 spi\n254 gpiochip\n\nBlock devices:\n  8 sd\n",
        );
        root.write(
            "boot/firmware/config.txt",
            "[all]\ndtparam=audio=on\ndtparam=i2c_arm=on\ndtparam=spi=on\n",
        );
        root
    }

    fn write(&self, path: &str, text: &str) {
        std::fs::write(self.0.join(path), text).unwrap();
    }

    fn edit(&self, path: &str, from: &str, to: &str) {
        let text = std::fs::read_to_string(self.0.join(path)).unwrap();
        assert!(text.contains(from), "{path}: {from}");
        self.write(path, &text.replace(from, to));
    }

    fn chmod(&self, path: &str, mode: u32) {
        std::fs::set_permissions(self.0.join(path), std::fs::Permissions::from_mode(mode)).unwrap();
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Root {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn doctor(root: &Root, bench: &mut SimBench, interactive: bool) -> Report {
    let mut env = Env {
        root: root.path().to_path_buf(),
        user: "dealerd".into(),
        bench,
        interactive,
        wait: Duration::from_secs(10),
        poll: Duration::from_millis(10),
    };
    examine(&mut env, &Hardware::DEFAULT)
}

fn status(r: &Report, check: &str) -> Status {
    r.get(check)
        .unwrap_or_else(|| panic!("no {check} in\n{r}"))
        .status
}

/// Only `check` failed, and its fix says `fix`.
fn only_failure(r: &Report, check: &str, fix: &str) {
    let failed: Vec<&str> = r.failures().map(|f| f.check.as_str()).collect();
    assert_eq!(failed, [check], "{r}");
    let f = r.get(check).unwrap();
    assert!(f.fix.contains(fix), "{check}: {}\n{r}", f.fix);
}

#[test]
fn a_well_built_box_passes_every_check() {
    let root = Root::new("good");
    let mut bench = SimBench::new(&Hardware::DEFAULT);
    let r = doctor(&root, &mut bench, true);
    assert!(r.healthy(), "{r}");
    assert!(r.findings.iter().all(|f| f.status == Status::Ok), "{r}");
    // Every button asked for in turn, then a card.
    let pins = Hardware::DEFAULT.buttons.pins();
    let mut expected: Vec<Ask> = pins
        .iter()
        .map(|&(button, pin)| Ask::Press { button, pin })
        .collect();
    expected.push(Ask::Tap);
    assert_eq!(bench.asked, expected);
    // Today the only other way to learn a UID is to tap it at the table.
    assert!(
        r.get("card")
            .unwrap()
            .detail
            .contains("uid = \"04:A2:2B:1C\""),
        "{r}"
    );
    assert!(r.to_string().ends_with("all checks passed"));
}

#[test]
fn no_oled_says_which_wires_to_check() {
    let root = Root::new("no-oled");
    let mut bench = SimBench::new(&Hardware::DEFAULT);
    bench.i2c.unplugged = true;
    let r = doctor(&root, &mut bench, true);
    only_failure(&r, "OLED", "SDA to pin 3 (GPIO 2), SCL to pin 5 (GPIO 3)");
    assert!(r
        .to_string()
        .contains("FAIL OLED: nothing answers at 0x3C on /dev/i2c-1"));
}

#[test]
fn an_oled_at_the_other_address_names_the_setting() {
    let root = Root::new("oled-3d");
    let mut bench = SimBench::new(&Hardware::DEFAULT);
    bench.i2c = FakeI2c::new(0x3D);
    let r = doctor(&root, &mut bench, true);
    only_failure(&r, "OLED", "`oled_address = 0x3D`");
}

#[test]
fn reader_absent_fails_and_skips_the_card() {
    for miso in [Miso::AllOnes, Miso::AllZeros] {
        let root = Root::new("no-reader");
        let mut bench = SimBench::new(&Hardware::DEFAULT);
        bench.chip(|c| c.miso = miso);
        let r = doctor(&root, &mut bench, true);
        only_failure(&r, "RFID reader", "3.3V to header pin 17 (never 5V)");
        assert_eq!(status(&r, "card"), Status::Skipped);
        assert!(
            !bench.asked.contains(&Ask::Tap),
            "no card asked of a dead reader"
        );
    }
}

#[test]
fn a_button_stuck_low_is_found_before_anyone_presses() {
    let root = Root::new("stuck");
    let mut bench = SimBench::new(&Hardware::DEFAULT);
    bench.stuck_low = vec![Hardware::DEFAULT.buttons.bet_raise];
    let r = doctor(&root, &mut bench, true);
    only_failure(&r, "button bet_raise", "normally-closed");
    let f = r.get("button bet_raise").unwrap();
    assert_eq!(
        f.detail,
        "GPIO 13 (header pin 33) reads pressed before anyone touches it"
    );
    assert!(
        !bench.asked.iter().any(|a| matches!(
            a,
            Ask::Press {
                button: Button::BetRaise,
                ..
            }
        )),
        "a stuck line cannot be pressed"
    );
}

#[test]
fn a_button_that_does_nothing_names_its_pin() {
    let root = Root::new("broken");
    let mut bench = SimBench::new(&Hardware::DEFAULT);
    bench.broken = vec![Hardware::DEFAULT.buttons.undo];
    let r = doctor(&root, &mut bench, true);
    only_failure(&r, "button undo", "GPIO 20 (header pin 38)");
}

#[test]
fn swapped_button_wires_are_named_as_such() {
    let root = Root::new("swapped");
    let mut bench = SimBench::new(&Hardware::DEFAULT);
    let b = Hardware::DEFAULT.buttons;
    bench.wired_to.insert(b.minus, b.plus);
    bench.wired_to.insert(b.plus, b.minus);
    let r = doctor(&root, &mut bench, true);
    let failed: Vec<&str> = r.failures().map(|f| f.check.as_str()).collect();
    assert_eq!(failed, ["button minus", "button plus"], "{r}");
    assert!(r
        .get("button minus")
        .unwrap()
        .fix
        .contains("the wires of minus and plus are swapped"));
}

#[test]
fn wrong_group_says_the_command_that_fixes_it() {
    let root = Root::new("group");
    root.edit("etc/group", "spi:x:", "spi-not-dealerd:x:");
    root.edit("etc/group", "\ni2c:x:", "\nspi:x:1234:pi\ni2c:x:");
    let mut bench = SimBench::new(&Hardware::DEFAULT);
    let r = doctor(&root, &mut bench, true);
    only_failure(&r, "group spi", "sudo usermod -aG spi dealerd");
}

#[test]
fn a_device_node_its_group_cannot_open() {
    let root = Root::new("node-group");
    // The nodes' group lists everyone but dealerd.
    root.edit("etc/group", "pi,dealerd", "pi");
    let mut bench = SimBench::new(&Hardware::DEFAULT);
    let r = doctor(&root, &mut bench, true);
    let failed: Vec<&str> = r.failures().map(|f| f.check.as_str()).collect();
    assert_eq!(
        failed,
        [
            "group gpio",
            "/dev/i2c-1",
            "/dev/spidev0.0",
            "/dev/gpiochip0",
            "/dev/gpiomem"
        ],
        "{r}"
    );
    assert!(r
        .get("/dev/spidev0.0")
        .unwrap()
        .fix
        .contains("sudo usermod -aG gpio dealerd"));
    root.edit("etc/group", "gpio:x:", "gpio-old:x:");
    root.chmod("dev/spidev0.0", 0o600);
    let r = doctor(&root, &mut bench, false);
    assert!(
        r.get("/dev/spidev0.0").unwrap().fix.contains("chmod g+rw"),
        "{r}"
    );
}

#[test]
fn spi_off_in_the_boot_config() {
    let root = Root::new("spi-off");
    root.edit(
        "boot/firmware/config.txt",
        "dtparam=spi=on",
        "#dtparam=spi=on",
    );
    std::fs::remove_file(root.path().join("dev/spidev0.0")).unwrap();
    let mut bench = SimBench::new(&Hardware::DEFAULT);
    let r = doctor(&root, &mut bench, true);
    let failed: Vec<&str> = r.failures().map(|f| f.check.as_str()).collect();
    assert_eq!(failed, ["/dev/spidev0.0", "boot config: SPI"], "{r}");
    assert!(r
        .get("boot config: SPI")
        .unwrap()
        .fix
        .contains("add the line `dtparam=spi=on` to /boot/firmware/config.txt"));
}

#[test]
fn bullseye_keeps_the_boot_config_in_boot() {
    let root = Root::new("bullseye");
    std::fs::rename(
        root.path().join("boot/firmware/config.txt"),
        root.path().join("boot/config.txt"),
    )
    .unwrap();
    let mut bench = SimBench::new(&Hardware::DEFAULT);
    let r = doctor(&root, &mut bench, true);
    assert!(r.healthy(), "{r}");
    assert!(r
        .get("boot config: I2C")
        .unwrap()
        .detail
        .contains("/boot/config.txt"));
}

#[test]
fn no_user_is_one_failure_not_a_cascade() {
    let root = Root::new("no-user");
    root.edit("etc/passwd", "dealerd:", "other:");
    let mut bench = SimBench::new(&Hardware::DEFAULT);
    let r = doctor(&root, &mut bench, true);
    only_failure(&r, "user dealerd", "systemd-sysusers");
}

#[test]
fn without_someone_at_the_box_presses_and_taps_are_skipped() {
    let root = Root::new("unattended");
    let mut bench = SimBench::new(&Hardware::DEFAULT);
    let r = doctor(&root, &mut bench, false);
    assert!(r.healthy(), "{r}");
    assert!(bench.asked.is_empty());
    assert_eq!(status(&r, "button fold"), Status::Skipped);
    assert_eq!(status(&r, "card"), Status::Skipped);
}

/// The wiring doc, the shipped boot config lines and the doctor's header
/// pins agree: every GPIO row of wiring/README.md names the header pin the
/// doctor tells a maker to check, and wiring/config.txt turns on what the
/// doctor looks for.
#[test]
fn the_wiring_doc_and_boot_lines_pass_the_doctor() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("wiring");
    let wiring = std::fs::read_to_string(dir.join("README.md")).unwrap();
    let mut rows = 0;
    for line in wiring.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // | name | GPIOn ... | pin | ...
        let Some(gpio) = cells.get(2).and_then(|c| c.strip_prefix("GPIO")) else {
            continue;
        };
        let n: u8 = gpio.split(' ').next().unwrap().parse().unwrap();
        let pin: u8 = cells[3].parse().unwrap();
        assert_eq!(super::header_pin(n), Some(pin), "{line}");
        rows += 1;
    }
    // The OLED's 2, the reader's 5 and the 7 buttons.
    assert_eq!(rows, 14);
    let hw = Hardware::DEFAULT;
    for (_, pin) in hw.buttons.pins() {
        assert!(wiring.contains(&format!(
            "| GPIO{pin} | {} |",
            super::header_pin(pin).unwrap()
        )));
    }

    let root = Root::new("shipped-boot");
    let shipped = std::fs::read_to_string(dir.join("config.txt")).unwrap();
    root.write("boot/firmware/config.txt", &shipped);
    let mut bench = SimBench::new(&hw);
    let r = doctor(&root, &mut bench, false);
    assert_eq!(status(&r, "boot config: I2C"), Status::Ok, "{r}");
    assert_eq!(status(&r, "boot config: SPI"), Status::Ok, "{r}");
}

/// The unit's `DeviceAllow=char-spi` is resolved from /proc/devices when
/// the service starts: without spidev loaded SPI is denied for the whole
/// run though the boot config is right. The doctor says so in the unit's
/// words, with the module to load (issue 34).
#[test]
fn spidev_not_loaded_is_named_as_the_unit_names_it() {
    let root = Root::new("no-spidev");
    root.edit("proc/devices", "153 spi\n", "");
    std::fs::remove_file(root.path().join("dev/spidev0.0")).unwrap();
    let mut bench = SimBench::new(&Hardware::DEFAULT);
    let r = doctor(&root, &mut bench, true);
    let failed: Vec<&str> = r.failures().map(|f| f.check.as_str()).collect();
    assert_eq!(failed, ["/dev/spidev0.0", "DeviceAllow=char-spi"], "{r}");
    let f = r.get("DeviceAllow=char-spi").unwrap();
    assert!(f.detail.contains("/proc/devices does not list spi"), "{r}");
    assert!(f.fix.contains("sudo modprobe spidev"), "{r}");
    assert_eq!(status(&r, "boot config: SPI"), Status::Ok);
}
