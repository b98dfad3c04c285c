//! D3: the clock on the seat to act, in large digits over a bar that
//! empties; the caller counts, this only draws.

use std::fmt::Write as _;

use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{PrimitiveStyle, Rectangle};
use embedded_graphics::text::Alignment;
use profont::PROFONT_24_POINT;

use crate::table::Table;
use crate::ui::canvas::{Canvas, TextSpec};
use crate::ui::fonts::FONT_7X13_BOLD;

use super::line::Line;
use super::names::name;
use super::text::{left, put, right};
use super::W;

/// D3: the clock on the seat to act. The caller counts; this only draws.
pub fn clock<D: Canvas>(d: &mut D, table: &Table, seconds_left: u32) -> Result<(), D::Error> {
    d.clear(BinaryColor::Off)?;
    let mut who = Line::new();
    if let Some(w) = table
        .live_hand()
        .and_then(|h| h.state().to_act().map(|s| name(table, h, s)))
    {
        let _ = write!(who, "{w}");
    }
    left(d, "CLOCK", &FONT_7X13_BOLD, 0)?;
    right(d, &who, &FONT_7X13_BOLD, 0)?;
    // The house's length, so a 120-second clock reads 2:00 and fills the bar.
    let total = table.rules().clock_limit().max(1);
    let s = seconds_left.min(total);
    if s == 0 {
        Rectangle::new(Point::new(0, 16), Size::new(W as u32, 34))
            .into_styled(PrimitiveStyle::with_fill(BinaryColor::On))
            .draw(d)?;
        d.text(&TextSpec {
            text: "TIME",
            font: &PROFONT_24_POINT,
            at: Point::new(W / 2, 18),
            align: Alignment::Center,
            color: BinaryColor::Off,
            background: None,
        })?;
    } else {
        put(
            d,
            &Line::of(format_args!("{}:{:02}", s / 60, s % 60)),
            &PROFONT_24_POINT,
            W / 2,
            18,
            Alignment::Center,
        )?;
    }
    // The bar empties as time runs out; it reads at a glance from the side.
    let full = (W - 2) as u32;
    let filled = full * s / total;
    Rectangle::new(Point::new(0, 54), Size::new(W as u32, 10))
        .into_styled(PrimitiveStyle::with_stroke(BinaryColor::On, 1))
        .draw(d)?;
    Rectangle::new(Point::new(1, 55), Size::new(filled, 8))
        .into_styled(PrimitiveStyle::with_fill(BinaryColor::On))
        .draw(d)?;
    Ok(())
}
