//! The bottom of a screen: the lit message bar laid over any screen, and
//! the calmer confirmation of what the last press recorded.

use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{PrimitiveStyle, Rectangle};

use crate::ui::canvas::Canvas;
use crate::ui::fonts::FONT_5X8;

use super::line::wrap;
use super::text::{inverse, left};
use super::{H, W};

/// The error/message line: a lit bar at the bottom, two lines when needed.
pub fn message<D: Canvas>(d: &mut D, text: &str) -> Result<(), D::Error> {
    let mut lines = wrap(text, 25);
    let lines = [lines.next(), lines.next()];
    let n = if lines[1].is_some() { 2 } else { 1 };
    let top = H - 8 * n - 1;
    Rectangle::new(Point::new(0, top), Size::new(W as u32, (H - top) as u32))
        .into_styled(PrimitiveStyle::with_fill(BinaryColor::Off))
        .draw(d)?;
    for (i, l) in lines.iter().flatten().enumerate() {
        inverse(d, l, &FONT_5X8, top + 1 + 8 * i as i32)?;
    }
    Ok(())
}

/// What the last press recorded, in plain text under a rule at the bottom
/// (a refusal is a lit bar: this is calmer), on up to two lines; returns
/// where the screen above it must end.
pub(super) fn confirmation<D: Canvas>(d: &mut D, text: Option<&str>) -> Result<i32, D::Error> {
    let Some(text) = text else {
        return Ok(H);
    };
    let mut lines = wrap(text, 25);
    let lines = [lines.next(), lines.next()];
    let n = if lines[1].is_some() { 2 } else { 1 };
    let top = H - 8 * n - 1;
    Rectangle::new(Point::new(0, top), Size::new(W as u32, 1))
        .into_styled(PrimitiveStyle::with_fill(BinaryColor::On))
        .draw(d)?;
    for (i, l) in lines.iter().flatten().enumerate() {
        left(d, l, &FONT_5X8, top + 1 + 8 * i as i32)?;
    }
    Ok(top)
}
