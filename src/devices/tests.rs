//! `[hardware]` read on its own, its defaults in one place, and `hw` and
//! `rules` kept out of each other's business (issue 12).

use std::path::Path;

use super::{load_str, Hardware};
use crate::rules::DEFAULT_TOML;

#[test]
fn the_wiring_is_read_even_when_the_rules_in_the_file_are_broken() {
    // A house whose rules do not load: the pins can still be claimed.
    let text = DEFAULT_TOML.replace("blinds = [1, 2]", "blinds = [2, 1]") + "\n";
    assert!(crate::rules::load_str("x.toml", &text).is_err());
    let text = text.replace("fold = 5", "fold = 17");
    let hw = load_str("x.toml", &text).expect("the wiring loads");
    assert_eq!(hw.buttons.fold, 17);
    assert_eq!(hw.rfid_rst_pin, Hardware::DEFAULT.rfid_rst_pin);
}

#[test]
fn wiring_errors_are_located_in_the_file() {
    let text = DEFAULT_TOML.replace("undo = 20", "undo = 5");
    let err = load_str("x.toml", &text).expect_err("two buttons on GPIO 5");
    let line = DEFAULT_TOML
        .lines()
        .position(|l| l.starts_with("undo = 20"))
        .unwrap()
        + 1;
    assert_eq!(
        err.to_string(),
        format!(
            "x.toml:{line}:8: GPIO 5 for undo is already used by fold (line {})",
            line - 6
        )
    );
    // A file with no [hardware] is the default wiring.
    assert_eq!(load_str("x.toml", "[house]\n"), Ok(Hardware::DEFAULT));
}

#[test]
fn no_hardware_section_is_the_default_wiring() {
    assert_eq!(load_str("x.toml", ""), Ok(Hardware::DEFAULT));
    assert_eq!(
        load_str("x.toml", "[hardware]\n[hardware.buttons]\n"),
        Ok(Hardware::DEFAULT)
    );
    assert_eq!(
        Hardware::DEFAULT.buttons.pins()[0],
        (crate::ui::Button::Fold, 5)
    );
}

fn wiring(text: &str) -> Hardware {
    match load_str("x.toml", text) {
        Ok(hw) => hw,
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn hardware_values_are_read() {
    let h = wiring(
        "[hardware]\ni2c_bus = 1\noled_address = 0x3D\nrfid_rst_pin = 24\nrfid_spi_hz = 4_000_000\n\
         rfid_poll_ms = 50\nhost_unlock_seconds = 120\n\
         [hardware.buttons]\nfold = 17\nundo = 21\ndebounce_ms = 30\nlong_press_ms = 800\n",
    );
    assert_eq!(
        (
            h.oled_address,
            h.rfid_rst_pin,
            h.rfid_spi_hz,
            h.rfid_poll_ms,
            h.host_unlock_seconds
        ),
        (0x3D, 24, 4_000_000, 50, 120)
    );
    assert_eq!(h.host_unlock(), std::time::Duration::from_secs(120));
    let b = &h.buttons;
    assert_eq!((b.fold, b.check_call, b.undo), (17, 6, 21));
    assert_eq!((b.debounce_ms, b.long_press_ms), (30, 800));
    // A decimal address is the same address.
    assert_eq!(wiring("[hardware]\noled_address = 61").oled_address, 0x3D);
}

#[test]
fn swapped_buttons_load_since_a_written_pin_frees_its_default() {
    let b = wiring("[hardware.buttons]\nfold = 6\ncheck_call = 5\n").buttons;
    assert_eq!((b.fold, b.check_call), (6, 5));
    let rst = wiring("[hardware]\nrfid_rst_pin = 5\n[hardware.buttons]\nfold = 25\n");
    assert_eq!((rst.rfid_rst_pin, rst.buttons.fold), (5, 25));
}

#[test]
fn gpio_2_and_3_are_free_when_the_oled_is_not_on_i2c1() {
    let b = wiring("[hardware]\ni2c_bus = 3\n[hardware.buttons]\nfold = 2\nplus = 3\n").buttons;
    assert_eq!((b.fold, b.plus), (2, 3));
    assert!(load_str("x", "[hardware.buttons]\nfold = 2\n").is_err());
}

/// A refused `[hardware]` still leaves the session an unlock to give: the
/// default's (a reload does not check the wiring; the start does).
#[test]
fn the_host_unlock_is_the_files_or_the_default() {
    let secs = std::time::Duration::from_secs;
    assert_eq!(
        super::host_unlock("[hardware]\nhost_unlock_seconds = 5\n"),
        secs(5)
    );
    assert_eq!(super::host_unlock(""), secs(60));
    assert_eq!(
        super::host_unlock("[hardware]\nhost_unlock_seconds = 3600\n"),
        secs(60)
    );
    assert_eq!(super::host_unlock("[hardware"), secs(60));
}

#[test]
fn the_summary_names_every_pin_as_the_file_does() {
    let text = Hardware::DEFAULT.to_string();
    assert_eq!(
        text.lines().collect::<Vec<_>>(),
        [
            "hardware: OLED 0x3C on /dev/i2c-1; RFID reader on SPI0 at 1000000 Hz, RST GPIO 25, polled every 100 ms; a host card unlocks for 60 s",
            "buttons (BCM GPIO): fold 5, check_call 6, bet_raise 13, minus 19, plus 26, ok 16, undo 20; debounce 20 ms, long press 600 ms",
        ]
    );
}

#[test]
fn each_default_is_written_once() {
    // config/default.toml spells the defaults out for the host to edit.
    assert_eq!(
        load_str("default.toml", DEFAULT_TOML),
        Ok(Hardware::DEFAULT)
    );
    let schema: serde_json::Value =
        serde_json::from_str(&crate::daemon::house_file::json_schema()).unwrap();
    let defs = &schema["$defs"];
    // Every key has its default in the schema, and config/default.toml
    // writes every key out with that value: none is left to a default that
    // could drift from what the file shows the host.
    let file: toml::Table = toml::from_str(DEFAULT_TOML).unwrap();
    let hardware = file["hardware"].as_table().unwrap();
    for (def, table) in [
        ("RawHardware", hardware),
        ("RawButtons", hardware["buttons"].as_table().unwrap()),
    ] {
        let properties = defs[def]["properties"].as_object().unwrap();
        for (key, property) in properties {
            if key == "buttons" {
                continue;
            }
            let written = table.get(key).and_then(toml::Value::as_integer);
            assert_eq!(
                written,
                property["default"].as_i64(),
                "{def}.{key} in config/default.toml"
            );
        }
        assert_eq!(
            table.len(),
            properties.len(),
            "{def}: a key without a schema"
        );
    }
    // The schema's defaults are Hardware::DEFAULT's.
    let d = Hardware::DEFAULT;
    let hw = &defs["RawHardware"]["properties"];
    assert_eq!(hw["rfid_rst_pin"]["default"], d.rfid_rst_pin);
    assert_eq!(hw["oled_address"]["default"], d.oled_address);
    assert_eq!(hw["rfid_spi_hz"]["default"], d.rfid_spi_hz);
    let b = &defs["RawButtons"]["properties"];
    assert_eq!(b["fold"]["default"], d.buttons.fold);
    assert_eq!(b["long_press_ms"]["default"], d.buttons.long_press_ms);
    // No other copy: the three hw once kept are gone.
    for (file, copy) in [
        ("oled.rs", "DEFAULT_ADDR"),
        ("oled.rs", "impl Default for Oled"),
        ("pi.rs", "RFID_RST_PIN"),
        ("pi.rs", "RFID_SPI_HZ"),
        ("buttons.rs", "impl Default for ButtonPins"),
    ] {
        let text = source(&format!("src/hw/{file}"));
        assert!(!text.contains(copy), "src/hw/{file}: {copy}");
    }
}

#[test]
fn hw_knows_no_toml_and_no_house_rules() {
    for entry in std::fs::read_dir(root().join("src/hw")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for word in ["toml", "serde", "crate::rules", "crate::devices"] {
            assert!(!text.contains(word), "{}: {word}", path.display());
        }
    }
}

/// Issue 12: "the pin map and its validation move out of `rules` into a
/// `devices` config module that `rules` does not import".
#[test]
fn rules_do_not_import_the_wiring() {
    let mut seen = 0;
    for entry in std::fs::read_dir(root().join("src/rules")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        seen += 1;
        let text = std::fs::read_to_string(&path).unwrap();
        for word in ["devices", "Hardware", "RawButtons"] {
            assert!(!text.contains(word), "{}: {word}", path.display());
        }
    }
    assert!(seen > 10, "src/rules has {seen} files");
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn source(rel: &str) -> String {
    std::fs::read_to_string(root().join(rel)).unwrap()
}
