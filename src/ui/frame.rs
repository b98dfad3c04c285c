//! The panel's frame: a 128x64 1-bit picture in the SSD1306/SH1106 page
//! layout (page-major, one byte per column per page, LSB at the top). The
//! ui owns it because screens draw into it with embedded-graphics and know
//! no bus; `hw::oled` takes a finished frame and sends it, and the page
//! layout is what makes that a copy rather than a conversion.

use embedded_graphics::draw_target::DrawTarget;
use embedded_graphics::geometry::{Dimensions, OriginDimensions, Size};
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::primitives::Rectangle;
use embedded_graphics::Pixel;

/// Panel width in pixels (= columns).
pub const WIDTH: usize = 128;
/// Panel height in pixels.
pub const HEIGHT: usize = 64;
/// 8-pixel-tall pages.
pub const PAGES: usize = HEIGHT / 8;

/// A 128x64 1-bit frame in the panel's own layout: page-major, one byte per
/// column per page, LSB at the top. Screens draw into it with embedded-graphics.
#[derive(Clone, PartialEq, Eq)]
pub struct Frame {
    buf: [u8; WIDTH * PAGES],
}

impl Default for Frame {
    fn default() -> Self {
        Self {
            buf: [0; WIDTH * PAGES],
        }
    }
}

impl std::fmt::Debug for Frame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // ASCII art: an assertion failure should show the picture.
        writeln!(f, "Frame")?;
        for y in 0..HEIGHT {
            let row: String = (0..WIDTH)
                .map(|x| if self.pixel(x, y) { '#' } else { '.' })
                .collect();
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

impl Frame {
    /// All pixels off.
    pub fn new() -> Self {
        Self::default()
    }

    /// A frame from panel-layout bytes.
    pub fn from_bytes(buf: [u8; WIDTH * PAGES]) -> Self {
        Self { buf }
    }

    /// Panel-layout bytes.
    pub fn as_bytes(&self) -> &[u8; WIDTH * PAGES] {
        &self.buf
    }

    /// One page (8 rows) as 128 column bytes.
    pub fn page(&self, page: usize) -> &[u8] {
        &self.buf[page * WIDTH..(page + 1) * WIDTH]
    }

    /// One page's 128 column bytes to write, or `None` past the last page.
    pub fn page_mut(&mut self, page: usize) -> Option<&mut [u8]> {
        if page >= PAGES {
            return None;
        }
        self.buf.get_mut(page * WIDTH..(page + 1) * WIDTH)
    }

    /// Whether the pixel at (x, y) is on; off outside the panel.
    pub fn pixel(&self, x: usize, y: usize) -> bool {
        x < WIDTH && y < HEIGHT && self.buf[(y / 8) * WIDTH + x] & (1 << (y % 8)) != 0
    }

    /// Lights (or clears) the rows of column `x` whose bits are set in
    /// `bits`, bit 0 at row `y`: a glyph column in one go, for text, which
    /// is most of every screen. Rows and columns off the panel are ignored.
    #[inline]
    pub fn column_bits(&mut self, x: i32, y: i32, bits: u64, on: bool) {
        let Ok(x) = usize::try_from(x) else { return };
        if x >= WIDTH || bits == 0 {
            return;
        }
        // In i64, no row number overflows, however far off the panel.
        let y = i64::from(y);
        let height = 64 - i64::from(bits.leading_zeros());
        let first = y.max(0) / 8;
        let last = (y + height - 1).min(HEIGHT as i64 - 1) / 8;
        for page in first..=last {
            // Glyph row at the page's top row; negative when the glyph
            // starts inside this page.
            let offset = page * 8 - y;
            let byte = match offset {
                0..=63 => (bits >> offset) as u8,
                -7..=-1 => (bits << -offset) as u8,
                _ => 0,
            };
            let cell = &mut self.buf[page as usize * WIDTH + x];
            if on {
                *cell |= byte;
            } else {
                *cell &= !byte;
            }
        }
    }

    /// [`Frame::column_bits`] for consecutive columns from `x`, all with
    /// their top at row `y`: a glyph, or a character cell's background. Where
    /// `y` is on the panel each column is its bits shifted into place and
    /// laid a byte a page, with the page and shift worked out once per call,
    /// not per column (text is most of every screen's drawing).
    #[inline]
    pub fn columns_bits(
        &mut self,
        x: i32,
        y: i32,
        columns: impl IntoIterator<Item = u64>,
        on: bool,
    ) {
        let Ok(top) = usize::try_from(y) else {
            return self.columns_by_one(x, y, columns, on);
        };
        if top >= HEIGHT {
            return;
        }
        let (page0, shift) = (top / 8, (top % 8) as u32);
        for (i, bits) in columns.into_iter().enumerate() {
            let x = i64::from(x) + i as i64;
            let Ok(x) = usize::try_from(x) else { continue };
            if x >= WIDTH {
                continue;
            }
            if bits.leading_zeros() < shift {
                // Rows past the 64th bit after the shift: the general path.
                self.column_bits(x as i32, y, bits, on);
                continue;
            }
            let mut wide = bits << shift;
            let mut page = page0;
            while wide != 0 && page < PAGES {
                let cell = &mut self.buf[page * WIDTH + x];
                let byte = wide as u8;
                if on {
                    *cell |= byte;
                } else {
                    *cell &= !byte;
                }
                wide >>= 8;
                page += 1;
            }
        }
    }

    fn columns_by_one(&mut self, x: i32, y: i32, columns: impl IntoIterator<Item = u64>, on: bool) {
        for (i, bits) in columns.into_iter().enumerate() {
            if let Ok(x) = i32::try_from(i64::from(x) + i as i64) {
                self.column_bits(x, y, bits, on);
            }
        }
    }

    /// Set one pixel; ignored outside the panel.
    pub fn set_pixel(&mut self, x: usize, y: usize, on: bool) {
        if x < WIDTH && y < HEIGHT {
            let byte = &mut self.buf[(y / 8) * WIDTH + x];
            let bit = 1 << (y % 8);
            if on {
                *byte |= bit;
            } else {
                *byte &= !bit;
            }
        }
    }
}

impl OriginDimensions for Frame {
    fn size(&self) -> Size {
        Size::new(WIDTH as u32, HEIGHT as u32)
    }
}

/// Bits `lo..=hi` of a page byte (rows `lo..=hi` of the page), `lo <= hi <= 7`.
fn rows_mask(lo: usize, hi: usize) -> u8 {
    (0xFF << lo) & (0xFF >> (7 - hi))
}

/// Drop the next `n` items (an iterator's own `nth` can skip without
/// producing them, e.g. a slice's).
fn skip<I: Iterator>(it: &mut I, n: usize) {
    if n > 0 {
        it.nth(n - 1);
    }
}

impl DrawTarget for Frame {
    type Color = BinaryColor;
    type Error = core::convert::Infallible;

    fn draw_iter<I>(&mut self, pixels: I) -> Result<(), Self::Error>
    where
        I: IntoIterator<Item = Pixel<Self::Color>>,
    {
        // Text in one colour (`MonoTextStyle::new`, most of every screen)
        // arrives here, not in `fill_contiguous`: embedded-graphics 0.8
        // filters a glyph's lit pixels and calls `draw_iter`. Its glyph
        // iterator, not this loop, is the cost (branchless or unsigned-compare
        // versions of this loop measured the same or slower).
        for Pixel(p, color) in pixels {
            if let (Ok(x), Ok(y)) = (usize::try_from(p.x), usize::try_from(p.y)) {
                self.set_pixel(x, y, color.is_on());
            }
        }
        Ok(())
    }

    /// Row-major over the whole (unclipped) `area`, as embedded-graphics
    /// defines it: colours for pixels off the frame are consumed and dropped.
    /// Each row's visible span is one bit of one page across a byte slice, so
    /// the inner loop has no bounds checks and no index arithmetic.
    fn fill_contiguous<I>(&mut self, area: &Rectangle, colors: I) -> Result<(), Self::Error>
    where
        I: IntoIterator<Item = Self::Color>,
    {
        let clip = area.intersection(&self.bounding_box());
        let Some(end) = clip.bottom_right() else {
            return Ok(()); // wholly off the frame or zero-sized: nothing shows
        };
        // Inside the frame after the intersection, so these are 0..WIDTH/HEIGHT.
        let (x0, y0) = (clip.top_left.x as usize, clip.top_left.y as usize);
        let (x1, y1) = (end.x as usize, end.y as usize);
        let width = area.size.width as usize;
        // Off-frame parts of the area: rows above, and each row's columns
        // left and right of the visible span.
        let above = (clip.top_left.y - area.top_left.y) as usize;
        let lead = (clip.top_left.x - area.top_left.x) as usize;
        let trail = width - lead - (x1 - x0 + 1);
        let mut colors = colors.into_iter();
        skip(&mut colors, above.saturating_mul(width));
        for y in y0..=y1 {
            let bit = 1 << (y % 8);
            let row = &mut self.buf[(y / 8) * WIDTH + x0..=(y / 8) * WIDTH + x1];
            skip(&mut colors, lead);
            // A short iterator just leaves the rest as it was, as the
            // per-pixel default would.
            for (byte, c) in row.iter_mut().zip(colors.by_ref()) {
                *byte = (*byte & !bit) | if c.is_on() { bit } else { 0 };
            }
            skip(&mut colors, trail);
        }
        Ok(())
    }

    /// One mask per page: a rectangle touches at most 8 pages, and each
    /// page's rows are the same bits in every column of the span.
    fn fill_solid(&mut self, area: &Rectangle, color: Self::Color) -> Result<(), Self::Error> {
        let clip = area.intersection(&self.bounding_box());
        let Some(end) = clip.bottom_right() else {
            return Ok(());
        };
        let (x0, y0) = (clip.top_left.x as usize, clip.top_left.y as usize);
        let (x1, y1) = (end.x as usize, end.y as usize);
        for page in y0 / 8..=y1 / 8 {
            let lo = if page == y0 / 8 { y0 % 8 } else { 0 };
            let hi = if page == y1 / 8 { y1 % 8 } else { 7 };
            let mask = rows_mask(lo, hi);
            let span = &mut self.buf[page * WIDTH + x0..=page * WIDTH + x1];
            if color.is_on() {
                span.iter_mut().for_each(|b| *b |= mask);
            } else {
                span.iter_mut().for_each(|b| *b &= !mask);
            }
        }
        Ok(())
    }

    fn clear(&mut self, color: Self::Color) -> Result<(), Self::Error> {
        self.buf.fill(if color.is_on() { 0xFF } else { 0x00 });
        Ok(())
    }
}

/// The frame with only the per-pixel path: one `set_pixel` a pixel, and
/// embedded-graphics' default `fill_contiguous`, `fill_solid` and (through
/// `ui::Canvas`) text. The reference the frame's fast paths are held to,
/// byte for byte, in the tests and benchmarks.
pub struct PerPixel<'a>(pub &'a mut Frame);

impl OriginDimensions for PerPixel<'_> {
    fn size(&self) -> Size {
        self.0.size()
    }
}

impl DrawTarget for PerPixel<'_> {
    type Color = BinaryColor;
    type Error = core::convert::Infallible;

    /// The frame's own `draw_iter` is the per-pixel path.
    fn draw_iter<I>(&mut self, pixels: I) -> Result<(), Self::Error>
    where
        I: IntoIterator<Item = Pixel<Self::Color>>,
    {
        self.0.draw_iter(pixels)
    }
}
