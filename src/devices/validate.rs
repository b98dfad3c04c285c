//! Meaning checks for `[hardware]`: every number in its range and every pin
//! free, each problem located at the value that causes it.

use std::ops::{Range, RangeInclusive};

use crate::rules::Check;

use super::schema::{Int, RawButtons, RawHardware};
use super::{ButtonPins, Hardware, OledController};

/// The GPIOs the 40-pin header brings out (BCM numbering).
const HEADER: RangeInclusive<i64> = 0..=27;

/// What the OLED and the reader already hold; a button there would fight the bus.
fn bus_pin(pin: i64, i2c_bus: i64) -> Option<&'static str> {
    match (pin, i2c_bus) {
        // Only bus 1 is on GPIO 2 and 3; other buses are overlays on pins this
        // check cannot know, so they reserve nothing here.
        (2, 1) => Some("I2C1 SDA, the OLED's data line"),
        (3, 1) => Some("I2C1 SCL, the OLED's clock line"),
        // Turning SPI0 on claims both chip selects, even the one the reader leaves free.
        (7, _) => Some("SPI0 CE1, claimed when SPI0 is on"),
        (8, _) => Some("SPI0 CE0, the reader's chip select"),
        (9, _) => Some("SPI0 MISO, the reader's data out"),
        (10, _) => Some("SPI0 MOSI, the reader's data in"),
        (11, _) => Some("SPI0 SCLK, the reader's clock"),
        _ => None,
    }
}

pub(crate) fn hardware(raw: Option<&RawHardware>, c: &mut Check) -> Hardware {
    let empty = RawHardware::default();
    let h = raw.unwrap_or(&empty);
    let d = Hardware::DEFAULT;
    let i2c_bus = number(c, &h.i2c_bus, d.i2c_bus, 0..=255, "i2c_bus");
    let oled_address = match &h.oled_address {
        Some(a) if !(0x3C..=0x3D).contains(a.get_ref()) => {
            let shown = u8::try_from(*a.get_ref())
                .map_or_else(|_| a.get_ref().to_string(), |v| format!("0x{v:02X}"));
            c.err(
                &a.span(),
                format!("oled_address {shown} is not an SSD1306 address: 0x3C (most modules) or 0x3D (address jumper moved)"),
            );
            d.oled_address
        }
        Some(a) => u8::try_from(*a.get_ref()).unwrap_or(d.oled_address),
        None => d.oled_address,
    };
    let oled = match h
        .oled
        .as_ref()
        .map(|o| (o.get_ref().to_ascii_lowercase(), o.span()))
    {
        None => d.oled,
        Some((name, _)) if name == "ssd1306" => OledController::Ssd1306,
        Some((name, _)) if name == "sh1106" => OledController::Sh1106,
        Some((name, span)) => {
            c.err(
                &span,
                format!("oled \"{name}\" is not a controller dealerd knows: \"ssd1306\" (most 0.96-inch modules) or \"sh1106\" (most 1.3-inch ones; the chip is named on the module's back or in the listing)"),
            );
            d.oled
        }
    };
    // The MFRC522 reads SPI up to 10 MHz; the Pi's SPI divider cannot go far below 10 kHz.
    let rfid_spi_hz = number(
        c,
        &h.rfid_spi_hz,
        d.rfid_spi_hz,
        10_000..=10_000_000,
        "rfid_spi_hz",
    );
    // Faster than 20 ms the reader is busy with its own anticollision; slower
    // than a second a tap feels ignored.
    let rfid_poll_ms = number(
        c,
        &h.rfid_poll_ms,
        d.rfid_poll_ms,
        20..=1000,
        "rfid_poll_ms",
    );
    // Under 5 s the host cannot reach the menu; over 10 min host actions stay
    // open to whoever stands at the table.
    let host_unlock_seconds = number(
        c,
        &h.host_unlock_seconds,
        d.host_unlock_seconds,
        5..=600,
        "host_unlock_seconds",
    );
    let rfid_rst_pin = pins(c, h, i2c_bus);
    Hardware {
        buttons: buttons(c, &h.buttons),
        i2c_bus,
        oled_address,
        oled,
        rfid_rst_pin,
        rfid_spi_hz,
        rfid_poll_ms,
        host_unlock_seconds,
    }
}

/// The value if given and in `range`; otherwise the default (after recording why).
fn number<T>(c: &mut Check, v: &Int, default: T, range: RangeInclusive<i64>, key: &str) -> T
where
    T: TryFrom<i64>,
{
    let Some(v) = v else { return default };
    let n = *v.get_ref();
    match T::try_from(n) {
        Ok(t) if range.contains(&n) => t,
        _ => {
            let (lo, hi) = range.into_inner();
            c.err(&v.span(), format!("{key} {n} is outside {lo}–{hi}"));
            default
        }
    }
}

/// One claim on a GPIO: who, which pin, and where it was written (`None`: the default).
struct PinUse {
    who: &'static str,
    pin: i64,
    span: Option<Range<usize>>,
}

/// Checks every pin the hardware claims and returns the RST pin.
fn pins(c: &mut Check, h: &RawHardware, i2c_bus: u8) -> u8 {
    let d = Hardware::DEFAULT.buttons;
    let b = &h.buttons;
    let claim = |who, v: &Int, default: u8| PinUse {
        who,
        pin: v.as_ref().map_or(i64::from(default), |s| *s.get_ref()),
        span: v.as_ref().map(|s| s.span()),
    };
    let uses = [
        claim("fold", &b.fold, d.fold),
        claim("check_call", &b.check_call, d.check_call),
        claim("bet_raise", &b.bet_raise, d.bet_raise),
        claim("minus", &b.minus, d.minus),
        claim("plus", &b.plus, d.plus),
        claim("ok", &b.ok, d.ok),
        claim("undo", &b.undo, d.undo),
        claim(
            "rfid_rst_pin",
            &h.rfid_rst_pin,
            Hardware::DEFAULT.rfid_rst_pin,
        ),
    ];
    for u in &uses {
        // Defaults never clash with each other, so every problem has a written value to point at.
        let Some(span) = &u.span else { continue };
        let (who, pin) = (u.who, u.pin);
        if !HEADER.contains(&pin) {
            c.err(
                span,
                format!("GPIO {pin} for {who} is not on the 40-pin header (BCM 0–27)"),
            );
        } else if let Some(bus) = bus_pin(pin, i64::from(i2c_bus)) {
            c.err(span, format!("GPIO {pin} for {who} is {bus}"));
        } else if let Some(other) = uses.iter().find(|o| o.pin == pin && earlier(o, u)) {
            let whose = match &other.span {
                Some(s) => format!("line {}", c.line(s)),
                None => "its default".to_string(),
            };
            c.err(
                span,
                format!(
                    "GPIO {pin} for {who} is already used by {} ({whose})",
                    other.who
                ),
            );
        }
    }
    uses.last()
        .and_then(|u| u8::try_from(u.pin).ok())
        .unwrap_or(Hardware::DEFAULT.rfid_rst_pin)
}

/// Of two claims on one pin, the one to blame is the one written later; a
/// default counts as written before the file.
fn earlier(other: &PinUse, this: &PinUse) -> bool {
    match (&other.span, &this.span) {
        (None, _) => true,
        (Some(o), Some(t)) => o.start < t.start,
        (Some(_), None) => false,
    }
}

fn buttons(c: &mut Check, b: &RawButtons) -> ButtonPins {
    let d = Hardware::DEFAULT.buttons;
    // Pins were checked with the RST pin in `pins`; off-header ones fall back here.
    let pin = |v: &Int, default: u8| {
        v.as_ref()
            .and_then(|s| u8::try_from(*s.get_ref()).ok())
            .filter(|p| HEADER.contains(&i64::from(*p)))
            .unwrap_or(default)
    };
    // Bounce lasts a few ms; past 200 ms a quick double press would be lost.
    let debounce_ms = number(c, &b.debounce_ms, d.debounce_ms, 0..=200, "debounce_ms");
    // Under 100 ms every deliberate press would be long; past 5 s nobody holds on.
    let long_press_ms = number(
        c,
        &b.long_press_ms,
        d.long_press_ms,
        100..=5000,
        "long_press_ms",
    );
    if debounce_ms >= long_press_ms {
        // Point at whichever the host wrote; the later one if both.
        let blame = match (&b.debounce_ms, &b.long_press_ms) {
            (Some(x), Some(y)) => Some(if x.span().start > y.span().start {
                x
            } else {
                y
            }),
            (x, y) => y.as_ref().or(x.as_ref()),
        };
        if let Some(v) = blame {
            c.err(
                &v.span(),
                format!("debounce_ms ({debounce_ms}) must be under long_press_ms ({long_press_ms}), or every press would be long"),
            );
        }
    }
    ButtonPins {
        fold: pin(&b.fold, d.fold),
        check_call: pin(&b.check_call, d.check_call),
        bet_raise: pin(&b.bet_raise, d.bet_raise),
        minus: pin(&b.minus, d.minus),
        plus: pin(&b.plus, d.plus),
        ok: pin(&b.ok, d.ok),
        undo: pin(&b.undo, d.undo),
        debounce_ms,
        long_press_ms,
    }
}
