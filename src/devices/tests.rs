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
fn each_default_is_written_once() {
    // config/default.toml spells the defaults out for the host to edit.
    assert_eq!(
        load_str("default.toml", DEFAULT_TOML),
        Ok(Hardware::DEFAULT)
    );
    // The JSON schema's defaults are Hardware::DEFAULT's.
    let schema: serde_json::Value = serde_json::from_str(&crate::rules::json_schema()).unwrap();
    let defs = &schema["$defs"];
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

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn source(rel: &str) -> String {
    std::fs::read_to_string(root().join(rel)).unwrap()
}
