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
use crate::ui::fonts::{FONT_10X20, FONT_5X8, FONT_6X10, FONT_7X13_BOLD};

pub(in crate::ui) fn put<D: Canvas>(
    d: &mut D,
    s: &str,
    font: &'static MonoFont<'static>,
    x: i32,
    y: i32,
    align: Alignment,
) -> Result<(), D::Error> {
    let spec = TextSpec {
        text: s,
        font,
        at: Point::new(x, y),
        align,
        color: BinaryColor::On,
        background: None,
    };
    within(d, spec)
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

/// A title on the top line, in the boldest font that holds it whole in
/// the panel's width less `reserve` pixels (a tag on the right): a long
/// name in a title is drawn smaller, never cut (issue 32).
pub(in crate::ui) fn title<D: Canvas>(d: &mut D, s: &str, reserve: i32) -> Result<(), D::Error> {
    let (font, y) = fitting(s, W - reserve, &[(&FONT_7X13_BOLD, 0), (&FONT_6X10, 1)]);
    put(d, s, font, 0, y, Alignment::Left)
}

/// A value drawn large at `y` (a seat, a name, an amount), in the largest
/// font that holds it whole.
pub(in crate::ui) fn big<D: Canvas>(d: &mut D, s: &str, y: i32) -> Result<(), D::Error> {
    let (font, dy) = fitting(
        s,
        W,
        &[(&FONT_10X20, 0), (&FONT_7X13_BOLD, 3), (&FONT_6X10, 5)],
    );
    put(d, s, font, 0, y + dy, Alignment::Left)
}

/// The first of `fonts` in which `s` is at most `width` pixels wide, else
/// the 5x8 font; with each font, how far down it sits.
fn fitting(
    s: &str,
    width: i32,
    fonts: &[(&'static MonoFont<'static>, i32)],
) -> (&'static MonoFont<'static>, i32) {
    let n = s.chars().count() as i32;
    fonts
        .iter()
        .copied()
        .find(|(f, _)| n * f.character_size.width as i32 <= width)
        .unwrap_or((&FONT_5X8, 2))
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
    let spec = TextSpec {
        text: s,
        font,
        at: Point::new(1, y),
        align: Alignment::Left,
        color: BinaryColor::Off,
        background: None,
    };
    within(d, spec)
}

/// Draws `spec` cut to the panel's width, and reports the cut (the
/// worst-case test reads it; the panel ignores it): one place for every
/// line, plain or lit.
fn within<D: Canvas>(d: &mut D, spec: TextSpec) -> Result<(), D::Error> {
    let max = (W as u32 / spec.font.character_size.width.max(1)) as usize;
    let shown = first_chars(spec.text, max);
    if shown.len() < spec.text.len() {
        d.cut(&spec);
    }
    d.text(&TextSpec {
        text: shown,
        ..spec
    })
}
