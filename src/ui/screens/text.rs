//! Text on the panel: a line placed left, right or centred, or lit in a
//! bar, always cut to the panel's width. Every screen draws through these,
//! so they sit apart from what any one screen says.

use embedded_graphics::mono_font::MonoFont;
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{PrimitiveStyle, Rectangle};
use embedded_graphics::text::Alignment;

use super::W;
use crate::ui::canvas::{Canvas, TextSpec};

pub(in crate::ui) fn put<D: Canvas>(
    d: &mut D,
    s: &str,
    font: &'static MonoFont<'static>,
    x: i32,
    y: i32,
    align: Alignment,
) -> Result<(), D::Error> {
    let max = ((W as u32) / font.character_size.width.max(1)) as usize;
    d.text(&TextSpec {
        text: first_chars(s, max),
        font,
        at: Point::new(x, y),
        align,
        color: BinaryColor::On,
        background: None,
    })
}

/// The first `max` characters of `s`, borrowed: a copy of every line drawn
/// was a tenth of drawing a screen.
pub(super) fn first_chars(s: &str, max: usize) -> &str {
    // ASCII, nearly every line: bytes are characters.
    if s.len() <= max {
        return s;
    }
    if s.is_ascii() {
        return s.get(..max).unwrap_or(s);
    }
    match s.char_indices().nth(max) {
        Some((end, _)) => &s[..end],
        None => s,
    }
}

pub(in crate::ui) fn left<D: Canvas>(
    d: &mut D,
    s: &str,
    font: &'static MonoFont<'static>,
    y: i32,
) -> Result<(), D::Error> {
    put(d, s, font, 0, y, Alignment::Left)
}

pub(in crate::ui) fn right<D: Canvas>(
    d: &mut D,
    s: &str,
    font: &'static MonoFont<'static>,
    y: i32,
) -> Result<(), D::Error> {
    put(d, s, font, W - 1, y, Alignment::Right)
}

/// Text in a lit bar, for what must not be missed (errors, the selection).
pub(in crate::ui) fn inverse<D: Canvas>(
    d: &mut D,
    s: &str,
    font: &'static MonoFont<'static>,
    y: i32,
) -> Result<(), D::Error> {
    let h = font.character_size.height;
    Rectangle::new(Point::new(0, y), Size::new(W as u32, h))
        .into_styled(PrimitiveStyle::with_fill(BinaryColor::On))
        .draw(d)?;
    let max = (W as u32 / font.character_size.width.max(1)) as usize;
    d.text(&TextSpec {
        text: first_chars(s, max),
        font,
        at: Point::new(1, y),
        align: Alignment::Left,
        color: BinaryColor::Off,
        background: None,
    })
}
