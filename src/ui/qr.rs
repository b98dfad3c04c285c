//! The settle-up QR code: who pays whom, readable by any phone camera.
//!
//! Version 2 or 3 at EC level M (15% recovery: an OLED has no print smudge,
//! but a phone held at an angle to a 1-inch glass panel loses modules to
//! glare). The text is upper case so that it encodes in alphanumeric mode
//! (5.5 bits a character instead of 8): v3-M holds 61 alphanumeric
//! characters against 42 bytes. A night that needs more transfers than a
//! code holds gets more pages.

use std::cell::RefCell;

use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{PrimitiveStyle, Rectangle};
use qrcode::{Color, EcLevel, QrCode, Version};

use std::sync::Arc;

use crate::engine::Chips;
use crate::rules::Decimal;
use crate::table::{Table, Transfer};

use super::canvas::Canvas;

/// Pixels per module: 2 keeps v3 (29 modules) inside 64 rows with a lit
/// quiet zone, and is the smallest a phone reads off the panel.
pub const MODULE_PX: i32 = 2;

/// The longest text that encodes at v3-M in alphanumeric mode.
pub const MAX_CHARS: usize = 61;

/// Upper case and only QR alphanumeric characters, so the whole text stays
/// in alphanumeric mode.
fn alnum_chars(s: &str) -> impl Iterator<Item = char> + '_ {
    s.chars()
        .map(|c| c.to_ascii_uppercase())
        .filter(|c| c.is_ascii_alphanumeric())
}

/// Transfers a page holds at most: what the ledger screen lists beside the
/// code, two lines each.
pub const PER_PAGE: usize = 3;

/// One transfer in the code: ` ANN TO BOB 35`.
fn part(table: &Table, t: &Transfer) -> String {
    let name = |n: &str| alnum_chars(n).take(6).collect::<String>();
    format!(
        " {} TO {} {}",
        name(&t.from),
        name(&t.to),
        table.rules().house.unit.times(t.amount)
    )
}

/// The settle-up as QR texts, a page each: `12 HANDS USD 1/2 ANN TO BOB 35
/// CAT TO BOB 20.50`, then `USD 2/2 ...`: on the first page the hands
/// played and misdealt ([`page_head`]), on every page the currency (so a phone reading the code
/// knows what 35 is), the page, and the fewest transfers that settle
/// the night ([`Table::settle_up`]), in the house currency, at most
/// [`PER_PAGE`] a page and never more than a code holds: nothing is cut,
/// and no count stands in for the ones left out. "12 HANDS USD ALL EVEN" when
/// nobody owes anybody.
pub fn settle_pages(table: &Table) -> Vec<String> {
    with_settle_up(table, |_, pages| {
        pages.iter().map(|p| p.text.clone()).collect()
    })
}

/// One page of the settle-up: its QR text, and which of the transfers it
/// holds (a page holds fewer than [`PER_PAGE`] when its amounts are long).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettlePage {
    pub text: String,
    pub transfers: std::ops::Range<usize>,
}

/// What the settle-up depends on, all of it: the nets, the house's fees,
/// the hands played and misdealt and the unit amounts are written in.
type SettleKey = (Vec<(Arc<str>, i128)>, Chips, (u64, u64), Decimal);

/// The last settle-up worked out: its inputs, the transfers, the pages.
type SettleUp = (SettleKey, Vec<Transfer>, Vec<SettlePage>);

/// [`Table::settle_up`] and its pages, lent to `f`. The ledger is redrawn
/// every second with the same night, and the search and the texts were
/// most of its frame, so the last ones are kept while their inputs stay
/// the same (compared whole: a stale settle-up is never shown).
pub fn with_settle_up<R>(table: &Table, f: impl FnOnce(&[Transfer], &[SettlePage]) -> R) -> R {
    thread_local! {
        static LAST: RefCell<Option<SettleUp>> = const { RefCell::new(None) };
    }
    let key: SettleKey = (
        table.nets(),
        table.ledger().fees(),
        (table.hands_played(), table.misdeals()),
        table.rules().house.unit,
    );
    let fresh = || {
        let transfers = table.settle_up();
        let pages = pages_of(table, &transfers);
        (transfers, pages)
    };
    LAST.with(|last| {
        let Ok(mut last) = last.try_borrow_mut() else {
            let (t, p) = fresh();
            return f(&t, &p);
        };
        if !matches!(&*last, Some((k, _, _)) if *k == key) {
            let (t, p) = fresh();
            *last = Some((key, t, p));
        }
        match &*last {
            Some((_, t, p)) => f(t, p),
            None => f(&[], &[]),
        }
    })
}

/// [`settle_pages`] for transfers already worked out.
pub fn settle_pages_of(table: &Table, transfers: &[Transfer]) -> Vec<String> {
    pages_of(table, transfers)
        .into_iter()
        .map(|p| p.text)
        .collect()
}

/// The first page's head, `12 HANDS 1 MISDEAL USD`: the hands played to
/// the end and the misdeals, counted and worded as the report counts them
/// (a bare `H13` was hands dealt, misdeals in it, which no other record
/// says), then the currency ([`currency_word`]); no misdeal word on a
/// night without one.
fn page_head(table: &Table) -> String {
    let count = |n: u64, one: &str| format!("{n} {one}{}", if n == 1 { "" } else { "S" });
    let mut head = count(table.hands_played(), "HAND");
    if table.misdeals() > 0 {
        head = format!("{head} {}", count(table.misdeals(), "MISDEAL"));
    }
    match currency_word(table) {
        c if c.is_empty() => head,
        c => format!("{head} {c}"),
    }
}

/// The currency, alphanumeric and at most 6 characters (a house may name
/// its currency at length); empty when it has no alphanumeric character.
/// The head of every page after the first, which says the hands already.
fn currency_word(table: &Table) -> String {
    alnum_chars(&table.rules().house.currency).take(6).collect()
}

fn pages_of(table: &Table, transfers: &[Transfer]) -> Vec<SettlePage> {
    let (first, rest) = (page_head(table), currency_word(table));
    if transfers.is_empty() {
        return vec![SettlePage {
            text: format!("{first} ALL EVEN"),
            transfers: 0..0,
        }];
    }
    // Page `i`'s head, with room for the longest page mark a night can
    // need (` 12/12`).
    let head = |i: usize| if i == 0 { &first } else { &rest };
    let room = |i: usize| head(i).len() + 6;
    // Each page: where its transfers start, and their parts.
    let mut pages: Vec<(usize, Vec<String>)> = Vec::new();
    for (i, t) in transfers.iter().enumerate() {
        let p = part(table, t);
        let last = pages.len().saturating_sub(1);
        match pages.last_mut() {
            Some((_, page))
                if page.len() < PER_PAGE
                    && room(last) + page.iter().map(String::len).sum::<usize>() + p.len()
                        <= MAX_CHARS =>
            {
                page.push(p)
            }
            _ => pages.push((i, vec![p])),
        }
    }
    let n = pages.len();
    pages
        .iter()
        .enumerate()
        .map(|(i, (start, parts))| {
            let mark = if n > 1 {
                format!(" {}/{n}", i + 1)
            } else {
                String::new()
            };
            let text = format!("{}{mark}{}", head(i), parts.concat());
            SettlePage {
                // A page after the first of a house with no currency word
                // would start with a space.
                text: text.trim_start().to_string(),
                transfers: *start..start + parts.len(),
            }
        })
        .collect()
}

/// The first page of [`settle_pages`].
pub fn settle_text(table: &Table) -> String {
    settle_pages(table).into_iter().next().unwrap_or_default()
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
