//! The shipped systemd unit lets the daemon reach every device it opens, and
//! keeps what it writes to itself.

use std::path::Path;

fn unit() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("systemd/dealerd.service");
    std::fs::read_to_string(path).unwrap()
}

/// The values of `key=` in a unit file (or a drop-in), comments left out.
pub fn values(text: &str, key: &str) -> Vec<String> {
    text.lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .filter_map(|l| l.trim().strip_prefix(key)?.strip_prefix('='))
        .map(str::to_string)
        .collect()
}

#[test]
fn device_policy_allows_the_gpio_memory_rpi_pal_maps() {
    let text = unit();
    assert_eq!(values(&text, "DevicePolicy"), ["closed"]);
    let allowed = values(&text, "DeviceAllow");
    // Gpio::new() maps /dev/gpiomem (Pi 1-4) or /dev/gpiomem0 (Pi 5) first.
    for node in ["/dev/gpiomem rw", "/dev/gpiomem0 rw"] {
        assert!(allowed.iter().any(|a| a == node), "{node}: {allowed:?}");
    }
    for class in ["char-gpiochip rw", "char-spi rw", "char-i2c rw"] {
        assert!(allowed.iter().any(|a| a == class), "{class}: {allowed:?}");
    }
    // And the unit says why, next to the lines.
    let why = text
        .lines()
        .take_while(|l| !l.starts_with("DeviceAllow=/dev/gpiomem"))
        .filter(|l| l.starts_with('#'))
        .any(|l| l.contains("Gpio::new()"));
    assert!(why, "no comment on why /dev/gpiomem is allowed");
}

#[test]
fn the_state_directory_and_new_files_are_the_daemons_alone() {
    let text = unit();
    assert_eq!(values(&text, "StateDirectoryMode"), ["0700"]);
    assert_eq!(values(&text, "UMask"), ["0077"]);
}

/// Issue 34: the unit starts after the kernel modules the package loads,
/// and those are the modules behind the device classes it allows: a class
/// not yet in /proc/devices when the service starts is denied for the whole
/// run. The doctor checks the same classes (`UNIT_DEVICE_CLASSES`).
#[test]
fn the_unit_starts_after_the_modules_its_device_classes_need() {
    let text = unit();
    let after: Vec<String> = values(&text, "After")
        .iter()
        .flat_map(|a| a.split_whitespace().map(str::to_string).collect::<Vec<_>>())
        .collect();
    assert!(
        after.iter().any(|a| a == "systemd-modules-load.service"),
        "{after:?}"
    );
    let modules_file =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("debian/modules-load-dealerd.conf");
    let modules = std::fs::read_to_string(modules_file).unwrap();
    let modules: Vec<&str> = modules
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect();
    let allowed = values(&text, "DeviceAllow");
    let classes: Vec<&str> = allowed
        .iter()
        .filter_map(|a| a.strip_prefix("char-")?.split_whitespace().next())
        .collect();
    let doctor = dealerd::doctor::UNIT_DEVICE_CLASSES;
    assert_eq!(
        classes,
        doctor.iter().map(|c| c.0).collect::<Vec<_>>(),
        "the doctor checks the classes the unit allows"
    );
    for (class, module, _) in doctor {
        // The GPIO character device is built into Raspberry Pi OS's kernel.
        if class != "gpiochip" {
            assert!(
                modules.contains(&module),
                "{module} for char-{class}: {modules:?}"
            );
        }
    }
}

/// Issue 34: the doctor checks what the unit needs, in the unit's words:
/// the user in every group of `SupplementaryGroups=`, and each device node
/// the unit allows by path (`DeviceAllow=/dev/...`). The device classes are
/// the test above's.
#[test]
fn the_doctor_checks_the_units_groups_and_device_paths() {
    let text = unit();
    let groups: Vec<String> = values(&text, "SupplementaryGroups")
        .iter()
        .flat_map(|g| g.split_whitespace().map(str::to_string).collect::<Vec<_>>())
        .collect();
    assert_eq!(groups, dealerd::doctor::UNIT_GROUPS, "SupplementaryGroups=");
    let paths: Vec<String> = values(&text, "DeviceAllow")
        .iter()
        .filter(|a| a.starts_with('/'))
        .filter_map(|a| a.split_whitespace().next().map(str::to_string))
        .collect();
    assert_eq!(
        paths,
        dealerd::doctor::UNIT_DEVICE_PATHS,
        "DeviceAllow=/dev/..."
    );
}
