//! Frames off the device: a terminal picture and a PNG, for the simulator,
//! tests and docs. The frame is the OLED's own buffer type, so what is
//! rendered here is byte for byte what the panel would get.

pub use super::frame::{Frame, HEIGHT, WIDTH};

/// Two pixel rows per character with Unicode half blocks; one line per pair
/// of rows, each `WIDTH` characters.
pub fn to_terminal(frame: &Frame) -> String {
    let mut out = String::with_capacity((WIDTH * 3 + 1) * HEIGHT / 2);
    for y in (0..HEIGHT).step_by(2) {
        for x in 0..WIDTH {
            out.push(match (frame.pixel(x, y), frame.pixel(x, y + 1)) {
                (true, true) => '█',
                (true, false) => '▀',
                (false, true) => '▄',
                (false, false) => ' ',
            });
        }
        out.push('\n');
    }
    out
}

/// A grayscale PNG, each pixel `scale` x `scale` (at least 1), lit pixels
/// white as on the panel.
pub fn to_png(frame: &Frame, scale: u32) -> Vec<u8> {
    let s = scale.clamp(1, 64) as usize;
    let (w, h) = (WIDTH * s, HEIGHT * s);
    let mut data = vec![0u8; w * h];
    for y in 0..h {
        for x in 0..w {
            if frame.pixel(x / s, y / s) {
                data[y * w + x] = 0xFF;
            }
        }
    }
    let mut out = Vec::new();
    {
        // Sizes fit in u32 by the clamp above; encoding into a Vec cannot fail
        // on I/O, and a failure would only leave the PNG short.
        let mut enc = png::Encoder::new(&mut out, w as u32, h as u32);
        enc.set_color(png::ColorType::Grayscale);
        enc.set_depth(png::BitDepth::Eight);
        if let Ok(mut writer) = enc.write_header() {
            let _ = writer.write_image_data(&data);
        }
    }
    out
}

/// Lit and unlit in a text picture, as embedded-graphics' `MockDisplay`
/// patterns draw them, so a picture reads the same in either.
const LIT: char = '#';
const UNLIT: char = '.';

/// The frame as text: `HEIGHT` lines of `WIDTH` characters, `#` lit and `.`
/// unlit, each line ending in `\n`. Plain ASCII so that a committed picture
/// diffs line by line, pixel row by pixel row.
pub fn to_picture(frame: &Frame) -> String {
    let mut out = String::with_capacity((WIDTH + 1) * HEIGHT);
    for y in 0..HEIGHT {
        for x in 0..WIDTH {
            out.push(if frame.pixel(x, y) { LIT } else { UNLIT });
        }
        out.push('\n');
    }
    out
}

/// Why text is not a picture; lines and columns count from 1, as an editor
/// shows them, since the text is a file someone may have edited.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PictureError {
    #[error("a picture has {HEIGHT} lines, this one {0}")]
    Lines(usize),
    #[error("line {line}: {width} characters, not {WIDTH}")]
    Width { line: usize, width: usize },
    #[error("line {line}, column {column}: {found:?} is neither '#' nor '.'")]
    Char {
        line: usize,
        column: usize,
        found: char,
    },
}

/// The frame a [`to_picture`] text shows. A `\r\n` line end is taken as
/// `\n`, so a checkout that converts line ends still reads.
pub fn from_picture(text: &str) -> Result<Frame, PictureError> {
    let lines = text.lines().count();
    if lines != HEIGHT {
        return Err(PictureError::Lines(lines));
    }
    let mut frame = Frame::new();
    for (y, line) in text.lines().enumerate() {
        let width = line.chars().count();
        if width != WIDTH {
            return Err(PictureError::Width { line: y + 1, width });
        }
        for (x, c) in line.chars().enumerate() {
            match c {
                LIT => frame.set_pixel(x, y, true),
                UNLIT => {}
                found => {
                    return Err(PictureError::Char {
                        line: y + 1,
                        column: x + 1,
                        found,
                    })
                }
            }
        }
    }
    Ok(frame)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn corners() -> Frame {
        let mut f = Frame::new();
        f.set_pixel(0, 0, true);
        f.set_pixel(WIDTH - 1, 1, true);
        f.set_pixel(5, HEIGHT - 1, true);
        f
    }

    #[test]
    fn a_picture_is_64_lines_of_128_with_the_lit_pixels_as_hashes() {
        let text = to_picture(&corners());
        let lines: Vec<&str> = text.split_terminator('\n').collect();
        assert_eq!(lines.len(), HEIGHT);
        assert!(lines.iter().all(|l| l.len() == WIDTH));
        assert!(text.ends_with('\n'));
        assert_eq!(lines[0], format!("#{}", ".".repeat(WIDTH - 1)));
        assert_eq!(lines[1], format!("{}#", ".".repeat(WIDTH - 1)));
        assert_eq!(
            lines[HEIGHT - 1],
            format!(".....#{}", ".".repeat(WIDTH - 6))
        );
        assert_eq!(text.matches('#').count(), 3);
        assert_eq!(to_picture(&Frame::new()).matches('#').count(), 0);
    }

    #[test]
    fn a_picture_reads_back_to_its_frame() {
        let f = corners();
        assert_eq!(from_picture(&to_picture(&f)), Ok(f.clone()));
        let crlf = to_picture(&f).replace('\n', "\r\n");
        assert_eq!(from_picture(&crlf), Ok(f));
    }

    #[test]
    fn a_malformed_picture_names_the_line_and_column() {
        let good = to_picture(&corners());
        assert_eq!(from_picture(""), Err(PictureError::Lines(0)));
        let short: String = good.lines().take(63).map(|l| format!("{l}\n")).collect();
        assert_eq!(from_picture(&short), Err(PictureError::Lines(63)));
        let narrow = good.replacen("\n.", "\n", 1);
        assert_eq!(
            from_picture(&narrow),
            Err(PictureError::Width {
                line: 2,
                width: WIDTH - 1
            })
        );
        let mut bad = good.clone();
        bad.replace_range(WIDTH + 1 + 3..WIDTH + 1 + 4, "x");
        let err = from_picture(&bad).unwrap_err();
        assert_eq!(
            err,
            PictureError::Char {
                line: 2,
                column: 4,
                found: 'x'
            }
        );
        assert_eq!(
            err.to_string(),
            "line 2, column 4: 'x' is neither '#' nor '.'"
        );
        // A character of several bytes is one column, not a panic.
        let wide = good.replacen('.', "█", 1);
        assert!(matches!(
            from_picture(&wide),
            Err(PictureError::Char {
                line: 1,
                column: 2,
                found: '█'
            })
        ));
    }
}

/// Unicode quadrant blocks by the pixels they light: bit 0 top left, 1 top
/// right, 2 bottom left, 3 bottom right.
pub const QUADRANTS: [char; 16] = [
    ' ', '▘', '▝', '▀', '▖', '▌', '▞', '▛', '▗', '▚', '▐', '▜', '▄', '▙', '▟', '█',
];

/// Columns of [`to_quadrants`]' text.
pub const QUADRANT_COLUMNS: usize = WIDTH / 2;
/// Lines of [`to_quadrants`]' text.
pub const QUADRANT_LINES: usize = HEIGHT / 2;

/// Two by two pixels per character with quadrant blocks: 64 columns by 32
/// lines, so a frame fits an 80-column terminal with room for a border,
/// where [`to_terminal`] needs 128. Still lossless: [`from_quadrants`] gives
/// the frame back, which is how a script reads the daemon's frames.
pub fn to_quadrants(frame: &Frame) -> String {
    // Quadrant blocks are three bytes in UTF-8, plus one newline a line.
    let mut out = String::with_capacity((QUADRANT_COLUMNS * 3 + 1) * QUADRANT_LINES);
    for y in (0..HEIGHT).step_by(2) {
        for x in (0..WIDTH).step_by(2) {
            let bits = usize::from(frame.pixel(x, y))
                | usize::from(frame.pixel(x + 1, y)) << 1
                | usize::from(frame.pixel(x, y + 1)) << 2
                | usize::from(frame.pixel(x + 1, y + 1)) << 3;
            out.push(QUADRANTS[bits]);
        }
        out.push('\n');
    }
    out
}

/// Why text is not a frame [`to_quadrants`] drew.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QuadrantError {
    #[error("{found} lines, not {QUADRANT_LINES}")]
    Lines { found: usize },
    #[error("line {line}: {found} characters, not {QUADRANT_COLUMNS}")]
    Width { line: usize, found: usize },
    #[error("line {line}, column {column}: {found:?} is not a quadrant block")]
    NotABlock {
        line: usize,
        column: usize,
        found: char,
    },
}

/// The frame [`to_quadrants`] drew as `text` (32 lines of 64 quadrant
/// blocks; lines and columns in errors count from 1).
pub fn from_quadrants(text: &str) -> Result<Frame, QuadrantError> {
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() != QUADRANT_LINES {
        return Err(QuadrantError::Lines { found: lines.len() });
    }
    let mut frame = Frame::new();
    for (row, line) in lines.iter().enumerate() {
        let found = line.chars().count();
        if found != QUADRANT_COLUMNS {
            return Err(QuadrantError::Width {
                line: row + 1,
                found,
            });
        }
        for (col, c) in line.chars().enumerate() {
            let bits = QUADRANTS.iter().position(|&q| q == c).ok_or({
                QuadrantError::NotABlock {
                    line: row + 1,
                    column: col + 1,
                    found: c,
                }
            })?;
            let (x, y) = (col * 2, row * 2);
            frame.set_pixel(x, y, bits & 1 != 0);
            frame.set_pixel(x + 1, y, bits & 2 != 0);
            frame.set_pixel(x, y + 1, bits & 4 != 0);
            frame.set_pixel(x + 1, y + 1, bits & 8 != 0);
        }
    }
    Ok(frame)
}

#[cfg(test)]
mod quadrant_tests {
    use super::*;

    /// The 16 patterns as the Unicode names of the blocks say them (top
    /// row, bottom row; `#` lit), written out apart from [`QUADRANTS`].
    const BY_NAME: [(&str, &str, char); 16] = [
        ("..", "..", ' '),
        ("#.", "..", '▘'), // upper left
        (".#", "..", '▝'), // upper right
        ("##", "..", '▀'), // upper half
        ("..", "#.", '▖'), // lower left
        ("#.", "#.", '▌'), // left half
        (".#", "#.", '▞'), // upper right and lower left
        ("##", "#.", '▛'), // upper left, upper right and lower left
        ("..", ".#", '▗'), // lower right
        ("#.", ".#", '▚'), // upper left and lower right
        (".#", ".#", '▐'), // right half
        ("##", ".#", '▜'), // upper left, upper right and lower right
        ("..", "##", '▄'), // lower half
        ("#.", "##", '▙'), // upper left, lower left and lower right
        (".#", "##", '▟'), // upper right, lower left and lower right
        ("##", "##", '█'), // full block
    ];

    #[test]
    fn each_of_the_16_patterns_is_its_own_block_anywhere_on_the_panel() {
        let corners = [(0, 0), (63, 0), (0, 31), (63, 31), (17, 9)];
        for (top, bottom, block) in BY_NAME {
            for (col, row) in corners {
                let mut frame = Frame::new();
                let lit = |s: &str, i: usize| s.as_bytes()[i] == b'#';
                let (x, y) = (col * 2, row * 2);
                frame.set_pixel(x, y, lit(top, 0));
                frame.set_pixel(x + 1, y, lit(top, 1));
                frame.set_pixel(x, y + 1, lit(bottom, 0));
                frame.set_pixel(x + 1, y + 1, lit(bottom, 1));
                let text = to_quadrants(&frame);
                let line = text.lines().nth(row).expect("the cell's line");
                assert_eq!(line.chars().nth(col), Some(block), "{top}/{bottom}");
                // Nothing else on the panel is lit.
                let lit_cells = text.chars().filter(|&c| c != ' ' && c != '\n').count();
                assert_eq!(lit_cells, usize::from(block != ' '), "{top}/{bottom}");
                assert_eq!(from_quadrants(&text), Ok(frame), "{top}/{bottom}");
            }
        }
    }

    #[test]
    fn a_frame_is_32_lines_of_64_characters_and_comes_back_whole() {
        // A fixed pseudo-random frame: every pattern in every position class.
        let mut seed: u32 = 0x9E37_79B9;
        let mut frame = Frame::new();
        for y in 0..HEIGHT {
            for x in 0..WIDTH {
                seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                frame.set_pixel(x, y, seed >> 31 == 1);
            }
        }
        let text = to_quadrants(&frame);
        assert!(text.ends_with('\n'));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 32);
        assert!(lines.iter().all(|l| l.chars().count() == 64));
        assert_eq!(from_quadrants(&text), Ok(frame));
        assert_eq!(to_quadrants(&Frame::new()).trim(), "");
    }

    #[test]
    fn text_that_is_no_frame_says_where() {
        let blank = to_quadrants(&Frame::new());
        assert_eq!(
            from_quadrants(&blank[..blank.len() - 65]),
            Err(QuadrantError::Lines { found: 31 })
        );
        let short = blank.replacen(&" ".repeat(64), &" ".repeat(63), 1);
        assert_eq!(
            from_quadrants(&short),
            Err(QuadrantError::Width { line: 1, found: 63 })
        );
        let bad = blank.replacen(' ', "x", 1);
        assert_eq!(
            from_quadrants(&bad),
            Err(QuadrantError::NotABlock {
                line: 1,
                column: 1,
                found: 'x'
            })
        );
    }
}
