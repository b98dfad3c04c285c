//! The bottom of a screen: the lit message bar laid over any screen, and
//! the calmer confirmation of what the last press recorded.

use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{PrimitiveStyle, Rectangle};

use crate::ui::canvas::{Canvas, TextSpec};
use crate::ui::fonts::FONT_5X8;

use super::line::wrap;
use super::text::{inverse, left};
use super::{H, W};

/// The error/message line: a lit bar at the bottom, two lines when needed.
pub fn message<D: Canvas>(d: &mut D, text: &str) -> Result<(), D::Error> {
    message_over(d, text, &Rows::default())
}

/// [`message`] laid over a screen whose texts lie on `under`'s rows: the
/// bar starts above any text it would otherwise cut, so a line under it is
/// hidden whole or shown whole, never cut (issue 32).
pub(super) fn message_over<D: Canvas>(d: &mut D, text: &str, under: &Rows) -> Result<(), D::Error> {
    let mut lines = wrap(text, 25);
    let lines = [lines.next(), lines.next()];
    let n = if lines[1].is_some() { 2 } else { 1 };
    // The lines sit at the bottom; what the bar clears above them is
    // blank, so a line it reaches is hidden whole.
    let mut top = H - 8 * n - 1;
    while let Some(above) = under
        .0
        .iter()
        .filter(|&&(first, last)| first < top && last >= top)
        .map(|&(first, _)| first)
        .min()
    {
        top = above;
    }
    Rectangle::new(Point::new(0, top), Size::new(W as u32, (H - top) as u32))
        .into_styled(PrimitiveStyle::with_fill(BinaryColor::Off))
        .draw(d)?;
    for (i, l) in lines.iter().flatten().enumerate() {
        inverse(d, l, &FONT_5X8, H - 8 * (n - i as i32))?;
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

/// The rows each text and picture of a screen takes, top and bottom: the
/// screen drawn once more into this, without pixels, so the message bar
/// knows where it may begin.
#[derive(Debug, Default)]
pub(super) struct Rows(Vec<(i32, i32)>);

impl OriginDimensions for Rows {
    fn size(&self) -> Size {
        Size::new(W as u32, H as u32)
    }
}

impl DrawTarget for Rows {
    type Color = BinaryColor;
    type Error = core::convert::Infallible;

    fn draw_iter<I: IntoIterator<Item = Pixel<BinaryColor>>>(
        &mut self,
        _: I,
    ) -> Result<(), Self::Error> {
        Ok(())
    }

    fn clear(&mut self, _: BinaryColor) -> Result<(), Self::Error> {
        self.0.clear();
        Ok(())
    }
}

impl Canvas for Rows {
    fn text(&mut self, t: &TextSpec) -> Result<(), Self::Error> {
        let h = t.font.character_size.height as i32;
        self.0.push((t.at.y, t.at.y + h - 1));
        Ok(())
    }

    fn columns(&mut self, at: Point, cover: &[u64], _: &[u64]) -> Result<(), Self::Error> {
        let all = cover.iter().fold(0, |a, c| a | c);
        let rows = 64 - all.leading_zeros() as i32;
        if rows > 0 {
            self.0.push((at.y, at.y + rows - 1));
        }
        Ok(())
    }
}
