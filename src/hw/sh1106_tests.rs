//! The SH1106 (132-column RAM, glass from column 2) against its model: the
//! same frame shows the same picture on both controllers.

use crate::ui::fonts::FONT_6X10;
use embedded_graphics::mono_font::MonoTextStyle;
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{PrimitiveStyle, Rectangle};
use embedded_graphics::text::{Baseline, Text};

use super::oled::{Controller, Oled};
use super::sim::FakeI2c;
use crate::ui::frame::Frame;

const ADDR: u8 = 0x3C;

/// A border on the panel's first and last columns (where an offset shows
/// first) and a number that changes.
fn screen(pot: u32) -> Frame {
    let mut f = Frame::new();
    Rectangle::new(Point::new(0, 0), Size::new(128, 64))
        .into_styled(PrimitiveStyle::with_stroke(BinaryColor::On, 1))
        .draw(&mut f)
        .unwrap();
    let style = MonoTextStyle::new(&FONT_6X10, BinaryColor::On);
    Text::with_baseline(
        &format!("Pot {pot}"),
        Point::new(90, 27),
        style,
        Baseline::Top,
    )
    .draw(&mut f)
    .unwrap();
    f
}

fn panels() -> [(FakeI2c, Oled); 2] {
    [
        (FakeI2c::new(ADDR), Oled::new(ADDR)),
        (
            FakeI2c::new_sh1106(ADDR),
            Oled::with_controller(ADDR, Controller::Sh1106),
        ),
    ]
}

#[test]
fn both_panels_show_the_same_frame() {
    let mut shown = Vec::new();
    for (mut bus, mut oled) in panels() {
        for pot in [1250, 1875, 90] {
            let frame = screen(pot);
            oled.flush(&mut bus, &frame).unwrap();
            assert_eq!(bus.panel.frame(), frame, "{:?} pot {pot}", bus.panel.model);
        }
        assert!(bus.panel.display_on && bus.panel.charge_pump);
        assert!(bus.panel.unknown.is_empty(), "{:x?}", bus.panel.unknown);
        shown.push(bus.panel.frame());
    }
    assert_eq!(shown[0], shown[1]);
}

#[test]
fn the_ssd1306_init_is_not_an_sh1106_init() {
    // What a module with an SH1106 gets when the house file says ssd1306:
    // commands it does not know, no charge pump (a dark panel), and the
    // picture two columns off. The model must be able to tell.
    let mut bus = FakeI2c::new_sh1106(ADDR);
    let mut oled = Oled::new(ADDR);
    let frame = screen(1250);
    oled.flush(&mut bus, &frame).unwrap();
    assert!(!bus.panel.unknown.is_empty());
    assert!(!bus.panel.charge_pump);
    assert_ne!(bus.panel.frame(), frame);
}

#[test]
fn sh1106_changed_columns_land_two_to_the_right() {
    let mut bus = FakeI2c::new_sh1106(ADDR);
    let mut oled = Oled::with_controller(ADDR, Controller::Sh1106);
    oled.flush(&mut bus, &screen(1250)).unwrap();
    bus.reset_counters();
    let next = screen(1875);
    let stats = oled.flush(&mut bus, &next).unwrap();
    // Only the digits' page(s) went, not the frame.
    assert!(stats.writes <= 2, "{stats:?}");
    assert_eq!(bus.panel.frame(), next);
}
