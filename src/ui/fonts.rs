//! The panel's fonts: embedded-graphics' X11 fonts with a decimal point
//! that reads as one.
//!
//! In the X11 5×8, 6×10 and 7×13 bold fonts the period is a small cross
//! (or diamond) that reaches below the baseline: on a 128×64 OLED "0.50"
//! reads as "0,50" or "0+50" (issue 22: "a decimal point that reads as
//! one"), and money is most of what the screens show. The 6×10 and 7×13
//! colon is two such crosses ("wins:" read as "wins‡"). These fonts are
//! the originals with those dots redrawn as 2×2 squares, the period's on
//! the baseline, built once. The 5×8 colon and the 10×20 font's dots are
//! squares already and are used as they are.

use std::sync::LazyLock;

use embedded_graphics::image::ImageRaw;
use embedded_graphics::mono_font::{ascii, mapping, MonoFont, MonoTextStyle};
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::text::{Baseline, Text};

use super::canvas::Columns;

pub use ascii::FONT_10X20;

/// 5×8: the hint lines. The period's dot on the baseline (row 6).
pub static FONT_5X8: LazyLock<MonoFont<'static>> =
    LazyLock::new(|| with_square_dots(&ascii::FONT_5X8, None));
/// 6×10: most lines. The period's dot on the baseline (row 7); the colon's
/// upper dot four rows above it.
pub static FONT_6X10: LazyLock<MonoFont<'static>> =
    LazyLock::new(|| with_square_dots(&ascii::FONT_6X10, Some(4)));
/// 7×13 bold: names and titles. The period's dot on the baseline (row 10);
/// the colon's upper dot five rows above it.
pub static FONT_7X13_BOLD: LazyLock<MonoFont<'static>> =
    LazyLock::new(|| with_square_dots(&ascii::FONT_7X13_BOLD, Some(5)));

/// The square dot's side, in pixels.
const DOT: i32 = 2;

/// `font`'s printable ASCII, drawn by embedded-graphics into a new glyph
/// atlas, with the period replaced by a square whose bottom row is the
/// baseline, in the glyph's second and third columns (under the left side
/// of a digit, where the X11 dot sat), and, where `colon` says how many
/// rows above it the upper dot goes, the colon by two such squares.
fn with_square_dots(font: &'static MonoFont<'static>, colon: Option<i32>) -> MonoFont<'static> {
    let (w, h) = (
        font.character_size.width,
        font.character_size.height.min(64),
    );
    let glyphs = u32::from(b'~' - b' ') + 1;
    let width = glyphs * w;
    let stride = width.div_ceil(8) as usize;
    let mut bits = vec![0u8; stride * h as usize];
    let style = MonoTextStyle::new(font, BinaryColor::On);
    let base = font.baseline as i32;
    for (i, b) in (b' '..=b'~').enumerate() {
        // The glyph as embedded-graphics draws it, a column at a time.
        let mut cols = Columns(vec![0; w as usize]);
        let dots: &[i32] = match (b, colon) {
            (b'.', _) => &[base],
            (b':', Some(up)) => &[base, base - up],
            _ => &[],
        };
        if dots.is_empty() {
            let mut one = [0u8; 4];
            let c = char::from(b).encode_utf8(&mut one);
            // Drawing into `Columns` cannot fail.
            let _ = Text::with_baseline(c, Point::zero(), style, Baseline::Top).draw(&mut cols);
        }
        for &bottom in dots {
            let rows = ((1u64 << DOT) - 1) << (bottom + 1 - DOT);
            for col in cols.0.iter_mut().skip(1).take(DOT as usize) {
                *col |= rows;
            }
        }
        // Into the atlas: rows of bytes, the leftmost pixel in the top bit.
        for (j, &col) in cols.0.iter().enumerate() {
            let x = i * w as usize + j;
            for y in (0..h as usize).filter(|&y| col >> y & 1 == 1) {
                bits[y * stride + x / 8] |= 0x80 >> (x % 8);
            }
        }
    }
    let bits: &'static [u8] = Box::leak(bits.into_boxed_slice());
    MonoFont {
        image: ImageRaw::new(bits, width),
        glyph_mapping: &mapping::ASCII,
        character_size: font.character_size,
        character_spacing: font.character_spacing,
        baseline: font.baseline,
        underline: font.underline,
        strikethrough: font.strikethrough,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rows of `text` in `font`, '#' lit.
    fn rows(font: &'static MonoFont<'static>, text: &str) -> Vec<String> {
        let width = (font.character_size.width + font.character_spacing) * text.len() as u32;
        let mut cols = Columns(vec![0; width as usize]);
        let style = MonoTextStyle::new(font, BinaryColor::On);
        let _ = Text::with_baseline(text, Point::zero(), style, Baseline::Top).draw(&mut cols);
        (0..font.character_size.height)
            .map(|y| {
                cols.0
                    .iter()
                    .map(|c| if c >> y & 1 == 1 { '#' } else { '.' })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn the_period_and_colon_are_square_dots_and_every_other_glyph_is_the_original() {
        for (ours, theirs, colon) in [
            (&*FONT_5X8, &ascii::FONT_5X8, None),
            (&*FONT_6X10, &ascii::FONT_6X10, Some(4)),
            (&*FONT_7X13_BOLD, &ascii::FONT_7X13_BOLD, Some(5)),
        ] {
            let w = ours.character_size.width as usize;
            let base = ours.baseline as usize;
            let lit = format!(".##{}", ".".repeat(w - 3));
            let dark = ".".repeat(w);
            let dot_rows = |bottom: usize| [bottom - 1, bottom];
            let period = rows(ours, ".");
            for (y, row) in period.iter().enumerate() {
                let want = if dot_rows(base).contains(&y) {
                    &lit
                } else {
                    &dark
                };
                assert_eq!(&row[..w], want, "row {y} of {period:?}");
            }
            // The X11 period reached below the baseline; ours does not.
            assert!(rows(theirs, ".")[base + 1].contains('#'));
            let mut same: String = (b' '..=b'~')
                .filter(|&b| b != b'.' && b != b':')
                .map(char::from)
                .collect();
            match colon {
                Some(up) => {
                    let colon = rows(ours, ":");
                    for (y, row) in colon.iter().enumerate() {
                        let dot = dot_rows(base).contains(&y) || dot_rows(base - up).contains(&y);
                        assert_eq!(
                            &row[..w],
                            if dot { &lit } else { &dark },
                            "row {y} of {colon:?}"
                        );
                    }
                }
                None => same.push(':'),
            }
            assert_eq!(rows(ours, &same), rows(theirs, &same));
            // A character the font lacks is shown as the original shows it.
            assert_eq!(rows(ours, "é"), rows(theirs, "é"));
        }
    }
}
