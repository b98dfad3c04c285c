//! The real `mfrc522` and `ssd1306` driver code against the simulated devices.

use std::time::{Duration, Instant};

use crate::ui::fonts::{FONT_10X20, FONT_5X8, FONT_6X10, FONT_7X13_BOLD};
use embedded_graphics::mono_font::{MonoFont, MonoTextStyle, MonoTextStyleBuilder};
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{PrimitiveStyle, Rectangle};
use embedded_graphics::text::{Baseline, Text};
use proptest::prelude::*;

use super::oled::{Frame, Oled, OledError, PerPixel};
use super::rfid::{CardUid, RfidError, RfidReader};
use super::sim::{FakeI2c, FakeMfrc522, FakePin, Miso, NoDelay};
use super::spi::{FullDuplex, FullDuplexDevice};

/// The panel's address in these tests (SA0 low, as on most modules).
const ADDR: u8 = 0x3C;

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

#[test]
fn rfid_a_poll_cut_off_mid_exchange_still_reads_the_card_after() {
    // On an emulated Pi under qemu a poll can outlast its budget after the
    // card has answered the wake-up. The card is left mid-exchange; the
    // re-init that follows switches the field off, and the card is read.
    let mut fake = FakeMfrc522::new(0x92);
    fake.set_card(Some(UID));
    let mut r = reader(fake);
    assert_eq!(r.poll(), Ok(Some(CardUid(UID.to_vec()))));
    r.with_spi(chip(|c| c.cut_after_wakeup = true));
    assert!(matches!(r.poll(), Err(RfidError::Spi(_))));
    assert!(!r.is_ready());
    // The same chip, not power-cycled: the wire is back.
    r.with_spi(chip(|c| c.unplugged = false));
    assert_eq!(r.poll(), Ok(Some(CardUid(UID.to_vec()))));
}

#[test]
fn rfid_a_card_left_mid_exchange_answers_the_wake_up_after_next() {
    // ISO 14443-3: a READY card that gets a frame it does not expect goes
    // back to IDLE (or HALT) without answering, so the next poll is empty
    // and the one after reads it; the driver is never re-initialised here.
    let mut fake = FakeMfrc522::new(0x92);
    fake.set_card(Some(UID));
    let mut r = reader(fake);
    assert_eq!(r.poll(), Ok(Some(CardUid(UID.to_vec()))));
    // A wake-up answered by the card, then nothing more: it is READY.
    r.with_spi(chip(|c| {
        let mut rx = [0u8; 2];
        for (reg, val) in [(0x01, 0x0C), (0x09, 0x52), (0x0D, 0x87)] {
            c.transfer(&mut rx, &[reg << 1, val]).unwrap();
        }
        assert_eq!(c.wakeups, 2, "one poll and this wake-up");
        // The card answered: its ATQA is in the FIFO.
        c.transfer(&mut rx, &[0x80 | (0x0A << 1), 0]).unwrap();
        assert_eq!(rx[1], 2, "ATQA bytes in the FIFO");
    }));
    assert_eq!(r.poll(), Ok(None));
    assert_eq!(r.poll(), Ok(Some(CardUid(UID.to_vec()))));
}

#[test]
fn rfid_the_budget_variable_takes_milliseconds_in_range_only() {
    use super::rfid::budget_from;
    assert_eq!(budget_from(Some("5000")), Some(Duration::from_secs(5)));
    assert_eq!(budget_from(Some(" 250 ")), Some(Duration::from_millis(250)));
    for bad in [
        None,
        Some(""),
        Some("0"),
        Some("60001"),
        Some("-1"),
        Some("1s"),
    ] {
        assert_eq!(budget_from(bad), None, "{bad:?}");
    }
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
    let mut bus = FakeI2c::new(ADDR);
    let mut oled = Oled::new(ADDR);
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
    // One failed flush may be a bad moment on the bus: the panel is not
    // re-initialised yet. The second in a row is an outage.
    assert!(matches!(
        oled.flush(&mut bus, &second),
        Err(OledError::Bus(_))
    ));
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
fn oled_yank_mid_flush_resends_what_did_not_arrive() {
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
fn oled_on_a_bus_failing_one_write_in_ten_shows_every_frame() {
    let mut bus = FakeI2c::new(ADDR);
    bus.fail_one_in = Some(10);
    let mut oled = Oled::new(ADDR);
    let mut failed_flushes = 0;
    for pot in 0..300 {
        let frame = if pot % 7 == 0 {
            // Now and then a frame that changes every page.
            let mut f = screen(pot);
            f.clear(BinaryColor::On).unwrap();
            f
        } else {
            screen(pot)
        };
        let shown = (0..2).any(|_| {
            let ok = oled.flush(&mut bus, &frame).is_ok();
            failed_flushes += usize::from(!ok);
            ok
        });
        assert!(shown, "frame {pot} not shown in two flushes");
        assert_eq!(bus.panel.frame(), frame, "frame {pot}");
    }
    assert!(bus.faults > 50, "{} faults injected", bus.faults);
    assert!(failed_flushes <= 5, "{failed_flushes} flushes failed");
    assert!(bus.panel.display_on && bus.panel.unknown.is_empty());
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

fn color(on: bool) -> BinaryColor {
    if on {
        BinaryColor::On
    } else {
        BinaryColor::Off
    }
}

/// A frame that is not blank, so clearing a bit is tested as well as setting one.
fn noise() -> impl Strategy<Value = Frame> {
    proptest::collection::vec(any::<u8>(), 128 * 8).prop_map(|v| {
        let mut buf = [0; 128 * 8];
        buf.copy_from_slice(&v);
        Frame::from_bytes(buf)
    })
}

/// Rectangles on, across and off every edge, negative origins and zero sizes.
fn area() -> impl Strategy<Value = Rectangle> {
    (-150i32..200, -80i32..100, 0u32..160, 0u32..80)
        .prop_map(|(x, y, w, h)| Rectangle::new(Point::new(x, y), Size::new(w, h)))
}

/// An area and colours for it: as many as it has pixels (mostly), fewer, or
/// two more (the extra must be ignored).
fn area_and_colors() -> impl Strategy<Value = (Rectangle, Vec<BinaryColor>)> {
    area().prop_flat_map(|a| {
        let n = (a.size.width * a.size.height) as usize;
        let len = prop_oneof![4 => Just(n), 1 => 0..=n, 1 => Just(n + 2)];
        (
            Just(a),
            len.prop_flat_map(|len| proptest::collection::vec(any::<bool>().prop_map(color), len)),
        )
    })
}

proptest! {
    #[test]
    fn fill_contiguous_matches_per_pixel(
        start in noise(),
        (area, colors) in area_and_colors(),
    ) {
        let mut fast = start.clone();
        fast.fill_contiguous(&area, colors.iter().copied()).unwrap();
        let mut slow = start;
        PerPixel(&mut slow).fill_contiguous(&area, colors.iter().copied()).unwrap();
        prop_assert_eq!(fast.as_bytes(), slow.as_bytes());
    }

    #[test]
    fn fill_solid_matches_per_pixel(start in noise(), area in area(), on in any::<bool>()) {
        let mut fast = start.clone();
        fast.fill_solid(&area, color(on)).unwrap();
        let mut slow = start;
        PerPixel(&mut slow).fill_solid(&area, color(on)).unwrap();
        prop_assert_eq!(fast.as_bytes(), slow.as_bytes());
    }

    #[test]
    fn draw_iter_matches_per_pixel(
        start in noise(),
        pixels in proptest::collection::vec((-200i32..200, -100i32..100, any::<bool>()), 0..300),
    ) {
        let pixels = pixels.iter().map(|&(x, y, on)| Pixel(Point::new(x, y), color(on)));
        let mut fast = start.clone();
        fast.draw_iter(pixels.clone()).unwrap();
        let mut slow = start;
        PerPixel(&mut slow).draw_iter(pixels).unwrap();
        prop_assert_eq!(fast.as_bytes(), slow.as_bytes());
    }

    /// Text the way the screens draw it, in each style's path through
    /// embedded-graphics: lit text (`draw_iter`), unlit on a bar
    /// (`draw_iter`), both colours (`fill_contiguous`), background only,
    /// with underline and strikethrough (`fill_solid`), anywhere on or
    /// off the frame.
    #[test]
    fn text_matches_per_pixel(
        start in noise(),
        text in "[ -~]{0,24}",
        font in 0usize..fonts().len(),
        style in 0usize..5,
        x in -40i32..140,
        y in -30i32..80,
    ) {
        let mut fast = start.clone();
        let mut slow = start;
        text_both_ways(&mut fast, &mut slow, &text, font, style, Point::new(x, y));
        prop_assert_eq!(fast.as_bytes(), slow.as_bytes());
    }
}

/// The panel's fonts (`ui::fonts`: the X11 ones with a square period).
fn fonts() -> [&'static MonoFont<'static>; 6] {
    [
        &FONT_6X10,
        &FONT_5X8,
        &FONT_7X13_BOLD,
        &FONT_10X20,
        &profont::PROFONT_24_POINT,
        &profont::PROFONT_9_POINT,
    ]
}

fn text_both_ways(
    fast: &mut Frame,
    slow: &mut Frame,
    text: &str,
    font: usize,
    style: usize,
    at: Point,
) {
    let b = MonoTextStyleBuilder::new().font(fonts()[font]);
    let style = match style {
        0 => b.text_color(BinaryColor::On).build(),
        1 => b.text_color(BinaryColor::Off).build(),
        2 => b
            .text_color(BinaryColor::Off)
            .background_color(BinaryColor::On)
            .build(),
        3 => b.background_color(BinaryColor::On).build(),
        _ => b
            .text_color(BinaryColor::On)
            .underline()
            .strikethrough()
            .build(),
    };
    Text::with_baseline(text, at, style, Baseline::Top)
        .draw(fast)
        .unwrap();
    Text::with_baseline(text, at, style, Baseline::Top)
        .draw(&mut PerPixel(slow))
        .unwrap();
}

/// Every font and style at each row offset within a page, so glyph cells
/// start mid-page and cross page boundaries, and past both side edges.
#[test]
fn text_across_pages_matches_per_pixel() {
    let text = "Ann raise 1,250 | $0.50 ~{}";
    for font in 0..fonts().len() {
        for style in 0..5 {
            for y in [-3, 0, 1, 3, 5, 7, 8, 13, 22, 31, 45, 57, 59, 63] {
                for x in [-5, 0, 1, 100] {
                    let mut fast = Frame::new();
                    fast.clear(BinaryColor::Off).unwrap();
                    // A lit band so unlit text shows.
                    fast.fill_solid(
                        &Rectangle::new(Point::new(0, 20), Size::new(128, 20)),
                        BinaryColor::On,
                    )
                    .unwrap();
                    let mut slow = fast.clone();
                    text_both_ways(&mut fast, &mut slow, text, font, style, Point::new(x, y));
                    assert_eq!(fast, slow, "font {font} style {style} at ({x}, {y})");
                }
            }
        }
    }
}

#[test]
fn fill_solid_edges() {
    let mut f = Frame::new();
    // Zero-sized and wholly off-frame areas draw nothing and do not panic.
    for r in [
        Rectangle::new(Point::new(5, 5), Size::new(0, 10)),
        Rectangle::new(Point::new(5, 5), Size::new(10, 0)),
        Rectangle::new(Point::new(-20, -20), Size::new(20, 20)),
        Rectangle::new(Point::new(128, 0), Size::new(5, 5)),
        Rectangle::new(Point::new(0, 64), Size::new(5, 5)),
        Rectangle::new(Point::new(i32::MIN / 2, 0), Size::new(10, 10)),
    ] {
        f.fill_solid(&r, BinaryColor::On).unwrap();
        f.fill_contiguous(&r, std::iter::repeat(BinaryColor::On))
            .unwrap();
    }
    assert_eq!(f, Frame::new());
    // Rows 3..=10: page 0 bits 3-7, page 1 bits 0-2, columns 126-127 only.
    f.fill_solid(
        &Rectangle::new(Point::new(126, 3), Size::new(50, 8)),
        BinaryColor::On,
    )
    .unwrap();
    assert_eq!(&f.page(0)[125..], &[0, 0xF8, 0xF8]);
    assert_eq!(&f.page(1)[125..], &[0, 0x07, 0x07]);
    assert_eq!(f.as_bytes().iter().filter(|b| **b != 0).count(), 4);
    f.clear(BinaryColor::On).unwrap();
    f.fill_solid(
        &Rectangle::new(Point::new(-3, 60), Size::new(5, 100)),
        BinaryColor::Off,
    )
    .unwrap();
    assert_eq!(&f.page(7)[..3], &[0x0F, 0x0F, 0xFF]);
}

proptest! {
    /// Columns laid down together are the columns laid down one at a time.
    #[test]
    fn columns_bits_is_column_bits_each(
        x in -140i32..140,
        y in -80i32..80,
        columns in proptest::collection::vec(any::<u64>(), 0..12),
        narrow in 0u32..64,
        on: bool,
        under in proptest::collection::vec(any::<u8>(), 1024),
    ) {
        let mut bytes = [0u8; 1024];
        bytes.copy_from_slice(&under);
        // Short columns as glyphs are, and full 64-bit ones.
        let columns: Vec<u64> = columns.iter().map(|c| if narrow > 0 { c >> narrow } else { *c }).collect();
        let mut fast = Frame::from_bytes(bytes);
        fast.columns_bits(x, y, columns.iter().copied(), on);
        let mut slow = Frame::from_bytes(bytes);
        for (i, &c) in columns.iter().enumerate() {
            slow.column_bits(x + i as i32, y, c, on);
        }
        prop_assert_eq!(fast, slow);
    }
}
