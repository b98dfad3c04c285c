//! What the screens draw on: any embedded-graphics target, with text as a
//! call of its own so that the panel's [`Frame`] can lay a glyph down a
//! column at a time. embedded-graphics draws one-colour mono text pixel by
//! pixel through `draw_iter`, after a linear search of the font's glyph
//! list per character, and text is most of every screen: drawing a frame
//! took 6 to 10 µs that way. The frame's way gives the same bytes
//! (`tests/it/ui_screens.rs` draws every screen both ways and compares).

use std::cell::RefCell;
use std::rc::Rc;

use embedded_graphics::mock_display::MockDisplay;
use embedded_graphics::mono_font::{MonoFont, MonoTextStyle, MonoTextStyleBuilder};
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::text::{Alignment, Baseline, Text, TextStyleBuilder};

use super::frame::{PerPixel, PAGES};
use super::render::{Frame, HEIGHT, WIDTH};

/// One line of text, its top at `at.y` (`Baseline::Top`), placed by
/// `align` about `at.x` as embedded-graphics places it.
#[derive(Debug, Clone, Copy)]
pub struct TextSpec<'a> {
    pub text: &'a str,
    pub font: &'static MonoFont<'static>,
    pub at: Point,
    pub align: Alignment,
    pub color: BinaryColor,
    /// Fills each character's cell and the spacing between them.
    pub background: Option<BinaryColor>,
}

/// How far off the panel the frame's own text path goes (pixels).
const FAR: i32 = 1 << 20;

/// A target the screens draw on. Any embedded-graphics target can be one
/// with an empty `impl`, which draws text through embedded-graphics.
pub trait Canvas: DrawTarget<Color = BinaryColor> + Sized {
    fn text(&mut self, t: &TextSpec) -> Result<(), Self::Error> {
        text_by_pixels(self, t)
    }

    /// Columns from `at`: in column `at.x + i`, the rows set in `cover[i]`
    /// (bit 0 at row `at.y`) take the colour of the same bit of `lit[i]`;
    /// the others stay as they are. A picture such as the settle-up QR code
    /// in one call.
    fn columns(&mut self, at: Point, cover: &[u64], lit: &[u64]) -> Result<(), Self::Error> {
        columns_by_pixels(self, at, cover, lit)
    }

    /// `t` did not fit the panel and the screens cut it to what did (the
    /// part drawn comes through [`Canvas::text`]). The panel has nothing
    /// to do; a recording target (`tests/it/ui_worst.rs`) fails a screen
    /// on it, since a cut name or amount can mislead.
    fn cut(&mut self, _t: &TextSpec) {}
}

/// [`Canvas::columns`] a pixel at a time, on any target.
pub fn columns_by_pixels<D>(
    d: &mut D,
    at: Point,
    cover: &[u64],
    lit: &[u64],
) -> Result<(), D::Error>
where
    D: DrawTarget<Color = BinaryColor>,
{
    let pixels = cover.iter().zip(lit).enumerate().flat_map(|(i, (&c, &l))| {
        let x = i32::try_from(i).ok().and_then(|i| at.x.checked_add(i));
        (0..64).filter_map(move |r: i32| {
            let y = at.y.checked_add(r)?;
            (c >> r & 1 == 1)
                .then_some(Pixel(Point::new(x?, y), BinaryColor::from(l >> r & 1 == 1)))
        })
    });
    d.draw_iter(pixels)
}

impl Canvas for MockDisplay<BinaryColor> {}

impl Canvas for PerPixel<'_> {}

/// Text as embedded-graphics draws it, on any target.
pub fn text_by_pixels<D>(d: &mut D, t: &TextSpec) -> Result<(), D::Error>
where
    D: DrawTarget<Color = BinaryColor>,
{
    let mut style = MonoTextStyleBuilder::new().font(t.font).text_color(t.color);
    if let Some(bg) = t.background {
        style = style.background_color(bg);
    }
    let ts = TextStyleBuilder::new()
        .baseline(Baseline::Top)
        .alignment(t.align)
        .build();
    Text::with_text_style(t.text, t.at, style.build(), ts).draw(d)?;
    Ok(())
}

impl Canvas for Frame {
    fn text(&mut self, t: &TextSpec) -> Result<(), Self::Error> {
        // Lines and characters past ASCII take embedded-graphics' path, and
        // so does text far off the panel, where the sums below could overflow.
        let near = |v: i32| (-FAR..FAR).contains(&v);
        if !t.text.bytes().all(|b| (b' '..=b'~').contains(&b))
            || t.text.len() > 4096
            || !near(t.at.x)
            || !near(t.at.y)
        {
            return text_by_pixels(self, t);
        }
        let glyphs = Glyphs::of(t.font);
        let (w, h, gap) = (glyphs.width, glyphs.height, glyphs.spacing);
        let n = t.text.len() as i32;
        let width = (n * (w + gap) - gap).max(0);
        // As `Text` aligns: the right or centre pixel column at `at.x`.
        let x0 = match t.align {
            Alignment::Left => t.at.x,
            Alignment::Right => t.at.x - width + 1,
            Alignment::Center => t.at.x - (width - 1) / 2,
        };
        let y = t.at.y;
        if t.background.is_none() {
            if let (Ok(left), Ok(top)) = (usize::try_from(x0), usize::try_from(y)) {
                if top < HEIGHT {
                    glyphs.line(self, left, top, t.text, t.color.is_on());
                    return Ok(());
                }
            }
        }
        let cell = if h >= 64 { u64::MAX } else { (1u64 << h) - 1 };
        for (i, b) in t.text.bytes().enumerate() {
            let x = x0 + i as i32 * (w + gap);
            let columns = glyphs.columns(b);
            let fill = if i + 1 < t.text.len() { w + gap } else { w };
            if let Some(bg) = t.background {
                let cells = std::iter::repeat_n(cell, fill.max(0) as usize);
                self.columns_bits(x, y, cells, bg.is_on());
            }
            self.columns_bits(x, y, columns.iter().copied(), t.color.is_on());
        }
        Ok(())
    }

    /// Page by page over a byte span where the columns start on the panel;
    /// a column at a time where they do not.
    fn columns(&mut self, at: Point, cover: &[u64], lit: &[u64]) -> Result<(), Self::Error> {
        let all = cover.iter().fold(0, |a, c| a | c);
        let (Ok(left), Ok(top)) = (usize::try_from(at.x), usize::try_from(at.y)) else {
            for (i, (&c, &l)) in cover.iter().zip(lit).enumerate() {
                let Some(x) = i32::try_from(i).ok().and_then(|i| at.x.checked_add(i)) else {
                    break;
                };
                self.column_bits(x, at.y, c & !l, false);
                self.column_bits(x, at.y, c & l, true);
            }
            return Ok(());
        };
        let (page0, shift) = (top / 8, (top % 8) as u32);
        if all.leading_zeros() < shift {
            // Rows past the 64th bit after the shift: a column at a time.
            for (i, (&c, &l)) in cover.iter().zip(lit).enumerate() {
                let x = i32::try_from(left + i).unwrap_or(i32::MAX);
                self.column_bits(x, at.y, c & !l, false);
                self.column_bits(x, at.y, c & l, true);
            }
            return Ok(());
        }
        let rows = (64 - all.leading_zeros() + shift) as usize;
        if shift == 0 && cover.iter().all(|&c| c == u64::MAX) {
            // A picture as tall as the panel on a page boundary (the QR
            // code's field): every byte is the picture's own.
            for j in 0..PAGES {
                let Some(row) = self.page_mut(page0 + j) else {
                    break;
                };
                let span = row.get_mut(left.min(WIDTH)..).unwrap_or_default();
                for (b, &l) in span.iter_mut().zip(lit) {
                    *b = (l >> (8 * j)) as u8;
                }
            }
            return Ok(());
        }
        for j in 0..rows.div_ceil(8) {
            let Some(row) = self.page_mut(page0 + j) else {
                break;
            };
            let span = row.get_mut(left.min(WIDTH)..).unwrap_or_default();
            for ((b, &c), &l) in span.iter_mut().zip(cover).zip(lit) {
                let c = ((c << shift) >> (8 * j)) as u8;
                let l = ((l << shift) >> (8 * j)) as u8;
                *b = (*b & !c) | (l & c);
            }
        }
        Ok(())
    }
}

/// A font's printable ASCII glyphs as column bit masks (bit 0 the top
/// row), drawn once per font by embedded-graphics itself.
struct Glyphs {
    width: i32,
    height: i32,
    spacing: i32,
    /// `width` columns per character from `' '` to `'~'`.
    columns: Vec<u64>,
    /// The same glyphs as page bytes, eight columns to a `u64` (column `j`
    /// of a chunk in byte `j`, as the frame stores them), once for each of
    /// the eight rows a line can start at within a page: per shift, per
    /// character, `chunks` chunks of `stride` pages, top first.
    shifted: Vec<u64>,
    stride: usize,
    chunks: usize,
}

thread_local! {
    /// By the font's address: the screens use a handful of `static` fonts.
    static GLYPHS: RefCell<Vec<(usize, Rc<Glyphs>)>> = const { RefCell::new(Vec::new()) };
}

impl Glyphs {
    fn of(font: &'static MonoFont<'static>) -> Rc<Glyphs> {
        let key = font as *const MonoFont as usize;
        GLYPHS.with(|cache| {
            if let Some((_, g)) = cache.borrow().iter().find(|(k, _)| *k == key) {
                return Rc::clone(g);
            }
            let g = Rc::new(Glyphs::build(font));
            cache.borrow_mut().push((key, Rc::clone(&g)));
            g
        })
    }

    fn build(font: &'static MonoFont<'static>) -> Glyphs {
        let width = font.character_size.width.min(64) as i32;
        let height = font.character_size.height.min(64) as i32;
        let mut columns = Vec::new();
        for b in b' '..=b'~' {
            let mut cols = Columns(vec![0; width as usize]);
            let mut one = [0u8; 4];
            let style = MonoTextStyle::new(font, BinaryColor::On);
            let c = char::from(b).encode_utf8(&mut one);
            // Drawing into `Columns` cannot fail.
            let _ = Text::with_baseline(c, Point::zero(), style, Baseline::Top).draw(&mut cols);
            columns.extend(cols.0);
        }
        // Unshifted first: per character and chunk, the glyph's pages.
        let pages = (height as usize).div_ceil(8);
        let chunks = (width as usize).div_ceil(8);
        let mut bytes = vec![0u64; 95 * chunks * pages];
        for (i, glyph) in columns.chunks(width.max(1) as usize).enumerate() {
            for (j, &col) in glyph.iter().enumerate() {
                for p in 0..pages {
                    let byte = u64::from((col >> (8 * p)) as u8);
                    if let Some(v) = bytes.get_mut((i * chunks + j / 8) * pages + p) {
                        *v |= byte << (8 * (j % 8));
                    }
                }
            }
        }
        // Shifted down `shift` rows, a glyph reaches one page further.
        let stride = pages + 1;
        let mut shifted = Vec::with_capacity(8 * 95 * chunks * stride);
        for shift in 0..8u32 {
            // Each byte shifted down within itself (`low`), and what it
            // pushes out into the byte of the page below (`high`).
            let low = u64::from_le_bytes([0xFFu8 << shift; 8]);
            let high = u64::from_le_bytes([(0xFFu16 >> (8 - shift)) as u8; 8]);
            for chunk in bytes.chunks(pages.max(1)) {
                let page = |q: Option<usize>| q.and_then(|q| chunk.get(q)).copied().unwrap_or(0);
                for q in 0..stride {
                    let (above, here) = (page(q.checked_sub(1)), page(Some(q)));
                    shifted.push(((here << shift) & low) | ((above >> (8 - shift)) & high));
                }
            }
        }
        Glyphs {
            width,
            height,
            spacing: font.character_spacing.min(64) as i32,
            columns,
            shifted,
            stride,
            chunks,
        }
    }

    /// One-colour ASCII `text` with its first column at `x` and its top
    /// row at `y`, both on the panel: each character laid down eight
    /// columns of a page at a time, shifted down to `y` within the bytes
    /// of a `u64`. A column at a time, text was most of every screen's
    /// drawing.
    fn line(&self, frame: &mut Frame, x: usize, y: usize, text: &str, on: bool) {
        let (page0, shift) = (y / 8, y % 8);
        // The rows the text covers from the top of its first page.
        let out_pages = (self.height as usize + shift).div_ceil(8).min(self.stride);
        let pitch = (self.width + self.spacing).max(0) as usize;
        let per_char = self.chunks * self.stride;
        let glyphs = self
            .shifted
            .get(shift * 95 * per_char..(shift + 1) * 95 * per_char)
            .unwrap_or(&[]);
        // Characters past the panel's right edge show nothing.
        let shown = match pitch {
            0 => text.len().min(1),
            p => text.len().min((WIDTH - x.min(WIDTH)).div_ceil(p)),
        };
        let text = &text.as_bytes()[..shown];
        for q in 0..out_pages {
            let Some(row) = frame.page_mut(page0 + q) else {
                break;
            };
            let mut at = x;
            for &b in text {
                let first = usize::from(b.saturating_sub(b' ')) * per_char + q;
                for c in 0..self.chunks {
                    let v = glyphs.get(first + c * self.stride).copied().unwrap_or(0);
                    put8(row, at + 8 * c, v, on);
                }
                at += pitch;
            }
        }
    }

    fn columns(&self, b: u8) -> &[u64] {
        let w = self.width as usize;
        let i = usize::from(b.saturating_sub(b' '));
        self.columns.get(i * w..(i + 1) * w).unwrap_or(&[])
    }
}

/// Lights (or clears) the bits of `v` in the eight bytes of `row` from
/// `at`, byte `j` of `v` at `row[at + j]`; bytes past the row's end are
/// dropped.
fn put8(row: &mut [u8], at: usize, v: u64, on: bool) {
    if v == 0 {
        return;
    }
    if let Some(dst) = row.get_mut(at..at + 8) {
        let mut old = [0u8; 8];
        old.copy_from_slice(dst);
        let old = u64::from_le_bytes(old);
        let new = if on { old | v } else { old & !v };
        dst.copy_from_slice(&new.to_le_bytes());
        return;
    }
    for (j, b) in v.to_le_bytes().into_iter().enumerate() {
        if let Some(dst) = row.get_mut(at + j) {
            *dst = if on { *dst | b } else { *dst & !b };
        }
    }
}

/// Collects a glyph image's lit pixels as column bit masks (bit 0 the top
/// row); `ui::fonts` builds its glyph atlases with it too.
pub(super) struct Columns(pub(super) Vec<u64>);

impl OriginDimensions for Columns {
    fn size(&self) -> Size {
        Size::new(self.0.len() as u32, 64)
    }
}

impl DrawTarget for Columns {
    type Color = BinaryColor;
    type Error = core::convert::Infallible;

    fn draw_iter<I>(&mut self, pixels: I) -> Result<(), Self::Error>
    where
        I: IntoIterator<Item = Pixel<BinaryColor>>,
    {
        for Pixel(p, c) in pixels {
            let (Ok(x), Ok(y)) = (usize::try_from(p.x), u32::try_from(p.y)) else {
                continue;
            };
            if let (Some(col), true, true) = (self.0.get_mut(x), y < 64, c.is_on()) {
                *col |= 1 << y;
            }
        }
        Ok(())
    }
}
