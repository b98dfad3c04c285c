//! Text for an 80-column terminal, shared by `dealerd sim` and `dealerd run
//! --devices fake`: the frame in a box, and messages wrapped, so nothing
//! they print needs a wider window.

use crate::ui::render::{self, Frame, QUADRANT_COLUMNS};

/// The narrowest terminal everything printed fits.
pub const COLUMNS: usize = 80;

/// The frame in quadrant blocks inside a one-character border (66 columns,
/// 34 lines), each line ending in a newline. The border shows where the
/// panel ends, which blank pixels alone do not; a script reading frames
/// back takes the characters between the `│`s.
pub fn boxed(frame: &Frame) -> String {
    let rule = "─".repeat(QUADRANT_COLUMNS);
    let mut out = format!("┌{rule}┐\n");
    for line in render::to_quadrants(frame).lines() {
        out.push('│');
        out.push_str(line);
        out.push_str("│\n");
    }
    out.push_str(&format!("└{rule}┘\n"));
    out
}

/// The frame back from [`boxed`]'s text, for scripts and tests.
pub fn unboxed(text: &str) -> Result<Frame, render::QuadrantError> {
    let inner: String = text
        .lines()
        .filter(|l| l.starts_with('│'))
        .map(|l| {
            let l = l.strip_prefix('│').unwrap_or(l);
            let l = l.strip_suffix('│').unwrap_or(l);
            format!("{l}\n")
        })
        .collect();
    render::from_quadrants(&inner)
}

/// `text` wrapped at spaces to [`COLUMNS`], its own line breaks kept; a
/// word longer than a line (a path) is cut. A line that fits is left as it
/// is, its spacing too (the key map lines up with double spaces). No
/// trailing newline.
pub fn wrap(text: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    for para in text.lines() {
        if para.chars().count() <= COLUMNS {
            out.push(para.to_string());
            continue;
        }
        let mut line = String::new();
        let mut len = 0;
        for word in para.split(' ').filter(|w| !w.is_empty()) {
            let mut chars: Vec<char> = word.chars().collect();
            if len > 0 && len + 1 + chars.len() > COLUMNS {
                out.push(std::mem::take(&mut line));
                len = 0;
            }
            if len > 0 {
                line.push(' ');
                len += 1;
            }
            while len + chars.len() > COLUMNS {
                let rest = chars.split_off(COLUMNS - len);
                line.extend(chars);
                out.push(std::mem::take(&mut line));
                len = 0;
                chars = rest;
            }
            len += chars.len();
            line.extend(chars);
        }
        out.push(line);
    }
    out.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn widest(text: &str) -> usize {
        text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
    }

    #[test]
    fn the_boxed_frame_is_66_columns_and_reads_back() {
        let mut frame = Frame::new();
        for x in 0..128 {
            frame.set_pixel(x, x % 64, true);
        }
        let text = boxed(&frame);
        assert_eq!(text.lines().count(), 34);
        assert!(text.lines().all(|l| l.chars().count() == 66));
        assert_eq!(unboxed(&text), Ok(frame));
    }

    #[test]
    fn wrapping_keeps_words_and_line_breaks_and_cuts_what_cannot_fit() {
        let long = "word ".repeat(40);
        let w = wrap(&long);
        assert!(widest(&w) <= COLUMNS, "{w}");
        assert_eq!(w.split_whitespace().count(), 40);
        assert_eq!(wrap("a\nb  c"), "a\nb  c");
        let path = format!("see /{}", "x".repeat(200));
        let w = wrap(&path);
        assert!(widest(&w) <= COLUMNS, "{w}");
        // The path goes on a line of its own, cut where the line ends.
        assert_eq!(w.lines().next(), Some("see"));
        assert_eq!(w.replace('\n', ""), format!("see/{}", "x".repeat(200)));
        assert_eq!(wrap("é".repeat(81).as_str()).lines().count(), 2);
    }
}
