//! The settle-up QR code: who is up and down, readable by any phone camera.
//!
//! Version 2 or 3 at EC level M (15% recovery: an OLED has no print smudge,
//! but a phone held at an angle to a 1-inch glass panel loses modules to
//! glare). The text is upper case so that it encodes in alphanumeric mode
//! (5.5 bits a character instead of 8), which is what lets nine players fit:
//! v3-M holds 61 alphanumeric characters against 42 bytes.

use std::cell::RefCell;
use std::fmt;

use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{PrimitiveStyle, Rectangle};
use qrcode::{Color, EcLevel, QrCode, Version};

use crate::engine::Chips;
use crate::table::Table;

use super::canvas::Canvas;

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
                .filter(|p| *p.name == *name)
                .map(|p| p.stack)
                .sum();
            let net = i128::from(took) + i128::from(now) - i128::from(brought);
            (name, net)
        })
        .collect()
}

/// Upper case and only QR alphanumeric characters, so the whole text stays
/// in alphanumeric mode.
fn alnum_chars(s: &str) -> impl Iterator<Item = char> + '_ {
    s.chars()
        .map(|c| c.to_ascii_uppercase())
        .filter(|c| c.is_ascii_alphanumeric())
}

/// `H12 ANN+35 BOB-20.50 FEE 5`: hands dealt, each player's net in the
/// house currency (biggest swings first), the house take; players that do
/// not fit are counted as `+N`.
pub fn settle_text(table: &Table) -> String {
    let mut nets = nets(table);
    nets.sort_by_key(|(_, n)| std::cmp::Reverse(n.unsigned_abs()));
    let mut text = String::new();
    settle(&mut text, table, &nets);
    text
}

/// How many digits `n` is written with.
fn digits(n: u64) -> usize {
    n.checked_ilog10().map_or(1, |d| d as usize + 1)
}

/// One player's part of the settle-up text: ` ANN+35`.
fn part(out: &mut impl fmt::Write, table: &Table, (name, n): &(String, i128)) {
    let mag = Chips::try_from(n.unsigned_abs()).unwrap_or(Chips::MAX);
    let _ = out.write_char(' ');
    for c in alnum_chars(name).take(6) {
        let _ = out.write_char(c);
    }
    let _ = out.write_char(if *n < 0 { '-' } else { '+' });
    let _ = table.rules().house.unit.shown(mag).write_to(out);
}

/// How long [`part`] is, without writing it (the name's characters kept
/// are ASCII).
fn part_len(table: &Table, (name, n): &(String, i128)) -> usize {
    let mag = Chips::try_from(n.unsigned_abs()).unwrap_or(Chips::MAX);
    2 + alnum_chars(name).take(6).count() + table.rules().house.unit.shown(mag).len()
}

/// [`settle_text`] into `out`, with `nets` already in order: the players
/// that fit are counted first and the text written once, straight into
/// `out` (a stack line on the ledger screen, which builds this text on
/// every frame).
pub fn settle(out: &mut impl fmt::Write, table: &Table, nets: &[(String, i128)]) {
    let hands = table.hands_dealt();
    let fees = table.rules().house.unit.shown(table.ledger().fees());
    // `H12` and ` FEE 5`.
    let (head, tail) = (1 + digits(hands), 5 + fees.len());
    let mut kept: usize = nets.iter().map(|net| part_len(table, net)).sum();
    let mut keep = nets.len();
    loop {
        // ` +3` for the players left out.
        let left = nets.len() - keep;
        let more = if left > 0 { 2 + digits(left as u64) } else { 0 };
        if head + kept + more + tail <= MAX_CHARS {
            break;
        }
        let Some(last) = keep.checked_sub(1) else {
            // Even the head does not fit only with absurd fees; cut to size.
            let whole = format!("H{hands} FEE {fees}");
            let _ = out.write_str(&whole.chars().take(MAX_CHARS).collect::<String>());
            return;
        };
        kept -= nets.get(last).map_or(0, |net| part_len(table, net));
        keep = last;
    }
    let _ = write!(out, "H{hands}");
    for net in nets.iter().take(keep) {
        part(out, table, net);
    }
    let left = nets.len() - keep;
    if left > 0 {
        let _ = write!(out, " +{left}");
    }
    let _ = write!(out, " FEE {fees}");
}

/// A code, and its dark modules as pixel columns for [`draw_columns`].
pub struct Encoded {
    pub code: QrCode,
    /// Per pixel column of the code, its dark rows (bit 0 the top row).
    dark: Vec<u64>,
}

impl Encoded {
    fn new(code: QrCode) -> Encoded {
        let w = code.width();
        let px = MODULE_PX as usize;
        let mut dark = vec![0u64; w * px];
        // Rows past 64 do not fit a column; v2 and v3 are 50 and 58 rows.
        for y in 0..w.min(64 / px) {
            for x in 0..w {
                if code[(x, y)] == Color::Dark {
                    let rows = ((1u64 << px) - 1) << (y * px);
                    for col in dark.iter_mut().skip(x * px).take(px) {
                        *col |= rows;
                    }
                }
            }
        }
        Encoded { code, dark }
    }
}

/// The smallest of v2/v3 at EC M that holds `text`.
pub fn encode(text: &str) -> Option<QrCode> {
    with_code(text, |code| code.map(|c| c.code.clone()))
}

/// [`encode`], lent to `f`. The ledger screen is redrawn on every tick
/// with the same text, and encoding is a hundred times the cost of
/// drawing, so the last code is kept, and lent rather than copied.
pub fn with_code<R>(text: &str, f: impl FnOnce(Option<&Encoded>) -> R) -> R {
    thread_local! {
        static LAST: RefCell<Option<(String, Option<Encoded>)>> = const { RefCell::new(None) };
    }
    LAST.with(|last| {
        // Drawing never comes back here; were it to, it would encode afresh.
        let Ok(mut last) = last.try_borrow_mut() else {
            return f(fresh(text).as_ref());
        };
        match &*last {
            Some((t, code)) if t == text => f(code.as_ref()),
            _ => f(last.insert((text.to_string(), fresh(text))).1.as_ref()),
        }
    })
}

fn fresh(text: &str) -> Option<Encoded> {
    [2, 3]
        .into_iter()
        .find_map(|v| QrCode::with_version(text, Version::Normal(v), EcLevel::M).ok())
        .map(Encoded::new)
}

/// [`draw`] from the code's pixel columns: the lit field and its dark
/// modules laid down together, a column at a time on any canvas and a page
/// of eight rows at a time on the frame, where a rectangle per run of dark
/// modules was most of the ledger screen's drawing. A field taller than 64
/// rows is drawn by [`draw`].
pub fn draw_columns<D: Canvas>(
    target: &mut D,
    code: &Encoded,
    origin: Point,
    quiet: i32,
) -> Result<Size, D::Error> {
    let w = i32::try_from(code.code.width()).unwrap_or(i32::MAX);
    let side = w.saturating_mul(MODULE_PX).saturating_add(2 * quiet.max(0));
    if !(0..=64).contains(&side) || quiet < 0 || code.dark.len() > 64 {
        return draw(target, &code.code, origin, quiet);
    }
    let field = if side == 64 {
        u64::MAX
    } else {
        (1u64 << side) - 1
    };
    let cover = [field; 64];
    let mut lit = [field; 64];
    for (l, dark) in lit.iter_mut().skip(quiet as usize).zip(&code.dark) {
        *l &= !(dark << quiet);
    }
    let n = side as usize;
    target.columns(origin - Point::new(quiet, quiet), &cover[..n], &lit[..n])?;
    Ok(Size::new(side as u32, side as u32))
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
