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
