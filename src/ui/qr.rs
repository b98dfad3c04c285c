//! The settle-up QR code: who is up and down, readable by any phone camera.
//!
//! Version 2 or 3 at EC level M (15% recovery: an OLED has no print smudge,
//! but a phone held at an angle to a 1-inch glass panel loses modules to
//! glare). The text is upper case so that it encodes in alphanumeric mode
//! (5.5 bits a character instead of 8), which is what lets nine players fit:
//! v3-M holds 61 alphanumeric characters against 42 bytes.

use std::cell::RefCell;

use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{PrimitiveStyle, Rectangle};
use qrcode::{Color, EcLevel, QrCode, Version};

use crate::engine::Chips;
use crate::table::Table;

/// Pixels per module: 2 keeps v3 (29 modules) inside 64 rows with a lit
/// quiet zone, and is the smallest a phone reads off the panel.
pub const MODULE_PX: i32 = 2;

/// The longest text that encodes at v3-M in alphanumeric mode.
pub const MAX_CHARS: usize = 61;

/// Each player's result for the night: brought, took away, has in front.
pub fn nets(table: &Table) -> Vec<(String, i128)> {
    table
        .ledger()
        .by_player()
        .into_iter()
        .map(|(name, brought, took)| {
            let now: Chips = table
                .seats()
                .iter()
                .flatten()
                .filter(|p| p.name == name)
                .map(|p| p.stack)
                .sum();
            let net = i128::from(took) + i128::from(now) - i128::from(brought);
            (name, net)
        })
        .collect()
}

/// Upper case and only QR alphanumeric characters, so the whole text stays
/// in alphanumeric mode.
fn alnum(s: &str, max: usize) -> String {
    s.chars()
        .map(|c| c.to_ascii_uppercase())
        .filter(|c| c.is_ascii_alphanumeric())
        .take(max)
        .collect()
}

/// `H12 ANN+35 BOB-20.50 FEE 5`: hands dealt, each player's net in the
/// house currency (biggest swings first), the house take; players that do
/// not fit are counted as `+N`.
pub fn settle_text(table: &Table) -> String {
    let unit = &table.rules().house.unit;
    let mut nets = nets(table);
    nets.sort_by_key(|(_, n)| std::cmp::Reverse(n.unsigned_abs()));
    let amount = |n: i128| {
        let mag = Chips::try_from(n.unsigned_abs()).unwrap_or(Chips::MAX);
        format!("{}{}", if n < 0 { '-' } else { '+' }, unit.times(mag))
    };
    let head = format!("H{}", table.hands_dealt());
    let tail = format!(" FEE {}", unit.times(table.ledger().fees()));
    let parts: Vec<String> = nets
        .iter()
        .map(|(name, n)| format!(" {}{}", alnum(name, 6), amount(*n)))
        .collect();
    for keep in (0..=parts.len()).rev() {
        let left = parts.len() - keep;
        let more = if left > 0 {
            format!(" +{left}")
        } else {
            String::new()
        };
        let text = format!("{head}{}{more}{tail}", parts[..keep].concat());
        if text.len() <= MAX_CHARS {
            return text;
        }
    }
    // Even the head does not fit only with absurd fees; cut to size.
    format!("{head}{tail}").chars().take(MAX_CHARS).collect()
}

/// The smallest of v2/v3 at EC M that holds `text`. The ledger screen
/// is redrawn on every tick with the same text, and encoding is a hundred
/// times the cost of drawing, so the last code is kept.
pub fn encode(text: &str) -> Option<QrCode> {
    thread_local! {
        static LAST: RefCell<Option<(String, Option<QrCode>)>> = const { RefCell::new(None) };
    }
    LAST.with(|last| {
        let mut last = last.borrow_mut();
        if let Some((_, code)) = last.as_ref().filter(|(t, _)| t == text) {
            return code.clone();
        }
        let code = [2, 3]
            .into_iter()
            .find_map(|v| QrCode::with_version(text, Version::Normal(v), EcLevel::M).ok());
        *last = Some((text.to_string(), code.clone()));
        code
    })
}

/// Draws `code` with its top-left module at `origin`, dark modules as unlit
/// pixels on a lit field that extends `quiet` pixels round it (the quiet
/// zone: phones find a QR by its light border). Returns the drawn size.
pub fn draw<D>(target: &mut D, code: &QrCode, origin: Point, quiet: i32) -> Result<Size, D::Error>
where
    D: DrawTarget<Color = BinaryColor>,
{
    let side = i32::try_from(code.width()).unwrap_or(0) * MODULE_PX + 2 * quiet;
    let field = Rectangle::new(
        origin - Point::new(quiet, quiet),
        Size::new(side.max(0) as u32, side.max(0) as u32),
    );
    field
        .into_styled(PrimitiveStyle::with_fill(BinaryColor::On))
        .draw(target)?;
    // A run of dark modules in a row is one rectangle: one `fill_solid` where
    // a module each made ~400 calls, most of the ledger screen's drawing.
    let w = code.width();
    for y in 0..w {
        let mut x = 0;
        while x < w {
            if code[(x, y)] != Color::Dark {
                x += 1;
                continue;
            }
            let start = x;
            while x < w && code[(x, y)] == Color::Dark {
                x += 1;
            }
            let at = |n: usize| i32::try_from(n).unwrap_or(0) * MODULE_PX;
            Rectangle::new(
                origin + Point::new(at(start), at(y)),
                Size::new(at(x - start).max(0) as u32, MODULE_PX as u32),
            )
            .into_styled(PrimitiveStyle::with_fill(BinaryColor::Off))
            .draw(target)?;
        }
    }
    Ok(field.size)
}
