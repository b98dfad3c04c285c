//! Frames off the device: a terminal picture and a PNG, for the simulator,
//! tests and docs. The frame is the OLED's own buffer type, so what is
//! rendered here is byte for byte what the panel would get.

pub use crate::hw::oled::{Frame, HEIGHT, WIDTH};

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
