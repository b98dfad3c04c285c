//! The real `mfrc522` and `ssd1306` driver code against the simulated devices.

use std::time::{Duration, Instant};

use embedded_graphics::mono_font::ascii::FONT_6X10;
use embedded_graphics::mono_font::MonoTextStyle;
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{PrimitiveStyle, Rectangle};
use embedded_graphics::text::{Baseline, Text};

use super::oled::{Frame, Oled, OledError, DEFAULT_ADDR};
use super::rfid::{CardUid, RfidError, RfidReader};
use super::sim::{FakeI2c, FakeMfrc522, FakePin, Miso, NoDelay};
use super::spi::FullDuplexDevice;

type SimReader = RfidReader<FullDuplexDevice<FakeMfrc522, NoDelay>, FakePin, NoDelay>;

fn reader(chip: FakeMfrc522) -> SimReader {
    RfidReader::new(
        FullDuplexDevice::new(chip, NoDelay),
        FakePin::default(),
        NoDelay,
    )
    .with_budget(Duration::from_millis(50))
}

fn chip(
    f: impl FnOnce(&mut FakeMfrc522),
) -> impl FnOnce(&mut FullDuplexDevice<FakeMfrc522, NoDelay>) {
    move |d| f(d.bus_mut())
}

const UID: [u8; 4] = [0xDE, 0xAD, 0xBE, 0xEF];

#[test]
fn rfid_reads_uid_through_real_driver() {
    let mut fake = FakeMfrc522::new(0x92);
    fake.set_card(Some(UID));
    let mut r = reader(fake);
    assert_eq!(r.init(), Ok(0x92));
    assert_eq!(r.poll(), Ok(Some(CardUid(UID.to_vec()))));
    // The card was halted; WUPA wakes it, so it is seen again.
    assert_eq!(r.poll(), Ok(Some(CardUid(UID.to_vec()))));
    assert_eq!(CardUid(UID.to_vec()).to_string(), "DE:AD:BE:EF");
}

#[test]
fn rfid_init_pulses_reset() {
    let mut r = reader(FakeMfrc522::new(0x91));
    assert_eq!(r.init(), Ok(0x91));
    assert_eq!(r.rst().history, vec![false, true]);
    assert_eq!(r.init(), Ok(0x91));
    assert_eq!(r.rst().history, vec![false, true, false, true]);
}

#[test]
fn rfid_no_card_is_none() {
    let mut r = reader(FakeMfrc522::new(0x91));
    assert_eq!(r.poll(), Ok(None));
    assert!(r.is_ready());
    r.with_spi(chip(|c| c.set_card(Some(UID))));
    assert_eq!(r.poll(), Ok(Some(CardUid(UID.to_vec()))));
    r.with_spi(chip(|c| c.set_card(None)));
    assert_eq!(r.poll(), Ok(None));
}

#[test]
fn rfid_no_chip_is_no_reader_not_a_hang() {
    for (miso, version) in [(Miso::AllZeros, 0x00), (Miso::AllOnes, 0xFF)] {
        let mut fake = FakeMfrc522::new(0x92);
        fake.miso = miso;
        let mut r = reader(fake).with_budget(Duration::from_secs(5));
        let start = Instant::now();
        assert_eq!(r.poll(), Err(RfidError::NoReader { version }));
        // Fails on the version read, long before the 5 s budget.
        assert!(start.elapsed() < Duration::from_secs(1));
        assert!(!r.is_ready());
    }
}

#[test]
fn rfid_chip_vanishing_mid_poll_stalls_instead_of_hanging() {
    let mut r = reader(FakeMfrc522::new(0x92));
    r.init().unwrap();
    // MISO low: ComIrqReg reads 0 forever, the driver's wait loop would spin.
    r.with_spi(chip(|c| c.miso = Miso::AllZeros));
    let start = Instant::now();
    assert_eq!(r.poll(), Err(RfidError::Stalled(Duration::from_millis(50))));
    assert!(start.elapsed() < Duration::from_secs(2));
    assert!(!r.is_ready());

    // MISO high: the driver sees every IRQ and error bit set; the version
    // check after the card error finds the floating bus.
    let mut r = reader(FakeMfrc522::new(0x92));
    r.init().unwrap();
    r.with_spi(chip(|c| c.miso = Miso::AllOnes));
    assert_eq!(r.poll(), Err(RfidError::NoReader { version: 0xFF }));
    assert!(!r.is_ready());
}

#[test]
fn rfid_unplug_then_recover_by_reinit() {
    let mut fake = FakeMfrc522::new(0x92);
    fake.set_card(Some(UID));
    let mut r = reader(fake);
    assert_eq!(r.poll(), Ok(Some(CardUid(UID.to_vec()))));

    r.with_spi(chip(|c| c.unplugged = true));
    assert!(matches!(r.poll(), Err(RfidError::Spi(_))));
    assert!(!r.is_ready());
    assert!(matches!(r.poll(), Err(RfidError::Spi(_))));

    // Plugged back in: a fresh chip (power-cycled, card still on it).
    r.with_spi(chip(|c| {
        let mut fresh = FakeMfrc522::new(0x92);
        fresh.set_card(Some(UID));
        *c = fresh;
    }));
    assert_eq!(r.poll(), Ok(Some(CardUid(UID.to_vec()))));
    assert!(r.is_ready());
}

/// A table screen: a frame, a label and a number.
fn screen(pot: u32) -> Frame {
    let mut f = Frame::new();
    let style = MonoTextStyle::new(&FONT_6X10, BinaryColor::On);
    Rectangle::new(Point::new(0, 0), Size::new(128, 64))
        .into_styled(PrimitiveStyle::with_stroke(BinaryColor::On, 1))
        .draw(&mut f)
        .unwrap();
    Text::with_baseline("Seat 3  to act", Point::new(4, 4), style, Baseline::Top)
        .draw(&mut f)
        .unwrap();
    // Top at y = 24: the 10-row glyph cell fits pages 3 and 4.
    Text::with_baseline(
        &format!("Pot {pot}"),
        Point::new(4, 24),
        style,
        Baseline::Top,
    )
    .draw(&mut f)
    .unwrap();
    f
}

fn init_panel() -> (FakeI2c, Oled) {
    let mut bus = FakeI2c::new(DEFAULT_ADDR);
    let mut oled = Oled::new(DEFAULT_ADDR);
    oled.init(&mut bus).unwrap();
    assert!(bus.panel.display_on && bus.panel.charge_pump);
    assert!(bus.panel.unknown.is_empty(), "{:x?}", bus.panel.unknown);
    bus.reset_counters();
    (bus, oled)
}

#[test]
fn oled_full_frame_then_one_number() {
    let (mut bus, mut oled) = init_panel();

    let first = screen(1250);
    let stats = oled.flush(&mut bus, &first).unwrap();
    assert_eq!(bus.panel.frame(), first);
    assert_eq!(stats.writes, 8);
    assert_eq!(stats.wire_bytes(), bus.wire_bytes);
    // 8 pages x (address + 3 commands with control bytes + data control + 128).
    assert_eq!(bus.wire_bytes, 8 * (1 + 6 + 1 + 128));
    println!("full frame: {} bytes on the wire", bus.wire_bytes);

    bus.reset_counters();
    let second = screen(1260);
    let stats = oled.flush(&mut bus, &second).unwrap();
    assert_eq!(bus.panel.frame(), second);
    println!(
        "one digit: {} writes, {} bytes on the wire",
        stats.writes, bus.wire_bytes
    );
    assert!(bus.wire_bytes <= 30, "{} bytes", bus.wire_bytes);

    bus.reset_counters();
    let third = screen(1875);
    let stats = oled.flush(&mut bus, &third).unwrap();
    assert_eq!(bus.panel.frame(), third);
    println!(
        "whole number (3 digits): {} writes, {} bytes on the wire",
        stats.writes, bus.wire_bytes
    );
    assert!(bus.wire_bytes <= 2 * (8 + 4 * 6));

    bus.reset_counters();
    let stats = oled.flush(&mut bus, &third).unwrap();
    assert_eq!(
        (stats.writes, bus.wire_bytes),
        (0, 0),
        "unchanged frame sends nothing"
    );
}

#[test]
fn oled_unplug_errors_then_recovers_fully() {
    let (mut bus, mut oled) = init_panel();
    let first = screen(100);
    oled.flush(&mut bus, &first).unwrap();

    bus.unplugged = true;
    let second = screen(200);
    assert_eq!(
        oled.flush(&mut bus, &second),
        Err(OledError::Bus(embedded_hal::i2c::ErrorKind::NoAcknowledge(
            embedded_hal::i2c::NoAcknowledgeSource::Address
        )))
    );
    // Still down: init fails, no panic.
    assert_eq!(oled.flush(&mut bus, &second), Err(OledError::Init));

    // Back, power-cycled: RAM is noise and the display is off.
    bus.replug();
    assert_ne!(bus.panel.frame(), second);
    oled.flush(&mut bus, &second).unwrap();
    assert!(bus.panel.display_on);
    assert_eq!(bus.panel.frame(), second);
}

#[test]
fn oled_yank_mid_flush_resends_everything() {
    let (mut bus, mut oled) = init_panel();
    oled.flush(&mut bus, &screen(1)).unwrap();
    // Three page writes go through, then the bus dies.
    let target = {
        let mut f = screen(2);
        f.clear(BinaryColor::On).unwrap();
        f
    };
    bus.unplug_after = Some(3);
    assert!(oled.flush(&mut bus, &target).is_err());
    assert_ne!(bus.panel.frame(), target);
    bus.unplugged = false;
    oled.flush(&mut bus, &target).unwrap();
    assert_eq!(bus.panel.frame(), target);
}

#[test]
fn frame_is_a_128x64_draw_target() {
    let mut f = Frame::new();
    assert_eq!(f.size(), Size::new(128, 64));
    Pixel(Point::new(127, 63), BinaryColor::On)
        .draw(&mut f)
        .unwrap();
    Pixel(Point::new(128, 0), BinaryColor::On)
        .draw(&mut f)
        .unwrap();
    Pixel(Point::new(-1, 5), BinaryColor::On)
        .draw(&mut f)
        .unwrap();
    assert!(f.pixel(127, 63));
    assert_eq!(f.as_bytes().iter().filter(|b| **b != 0).count(), 1);
    assert_eq!(f.page(7)[127], 0x80);
}
