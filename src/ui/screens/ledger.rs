//! The ledger: the settle-up a page at a time beside its QR code, then
//! every player's net and corrections. Apart because it draws from the
//! night's books, not from a hand.

use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::text::Alignment;

use crate::engine::Chips;
use crate::table::{Table, Transfer};
use crate::ui::canvas::Canvas;
use crate::ui::fonts::{FONT_5X8, FONT_6X10};
use crate::ui::qr;

use super::line::Line;
use super::names::{money, short_names};
use super::text::{first_chars, left, put, right};
use super::{H, W};

/// The ledger, with the settle-up QR on the right.
pub fn ledger<D: Canvas>(d: &mut D, table: &Table) -> Result<(), D::Error> {
    ledger_page(d, table, 0)
}

/// The settle-up a page at a time (plus and minus turn them): who pays
/// whom beside the code that says the same, then every player's net, then
/// the night's totals (the NIGHT page).
pub fn ledger_page<D: Canvas>(d: &mut D, table: &Table, page: usize) -> Result<(), D::Error> {
    qr::with_settle_up(table, |transfers, pages| {
        settle_up_page(d, table, transfers, pages, page)
    })
}

fn settle_up_page<D: Canvas>(
    d: &mut D,
    table: &Table,
    transfers: &[Transfer],
    pages: &[qr::SettlePage],
    page: usize,
) -> Result<(), D::Error> {
    d.clear(BinaryColor::Off)?;
    let player_pages = player_row_count(table).div_ceil(PLAYER_ROWS);
    let n = pages.len().max(1);
    let all = n + player_pages + 1;
    let page = page % all;
    if page == all - 1 {
        // The night's totals, each line saying what it counts, on a page
        // of their own: beside the code they were cut when a page held
        // two transfers.
        let head = Line::of(format_args!("NIGHT p{all}/{all}"));
        left(d, &head, &FONT_6X10, 0)?;
        for (i, (label, figure)) in night_lines(table).iter().enumerate() {
            let y = 11 + 8 * i as i32;
            left(d, label, &FONT_5X8, y)?;
            right(d, figure, &FONT_5X8, y)?;
        }
        return Ok(());
    }
    if page >= n {
        // Every player who bought in this night, a page at a time.
        let rows = player_rows(table);
        let at = page - n;
        let head = Line::of(format_args!("PLAYERS p{}/{all}", page + 1));
        left(d, &head, &FONT_6X10, 0)?;
        for (i, (l, r)) in rows
            .iter()
            .skip(at * PLAYER_ROWS)
            .take(PLAYER_ROWS)
            .enumerate()
        {
            let y = 11 + 8 * i as i32;
            left(d, l, &FONT_5X8, y)?;
            right(d, r, &FONT_5X8, y)?;
        }
        return Ok(());
    }
    let (text, held) = pages
        .get(page)
        .map_or(("", 0..0), |p| (p.text.as_str(), p.transfers.clone()));
    qr::with_code(text, |code| match code {
        Some(code) => {
            let w = i32::try_from(code.code.width()).unwrap_or(29) * qr::MODULE_PX;
            let quiet = (H - w) / 2;
            qr::draw_columns(d, code, Point::new(W - H + quiet, quiet), quiet).map(drop)
        }
        None => Ok(()),
    })?;
    let head = settle_head(page, all);
    left(d, &head, &FONT_5X8, 0)?;
    if transfers.is_empty() {
        left(d, "all even", &FONT_5X8, 11)?;
    }
    // The page's transfers: who to whom, then the amount, right under.
    let mut y = 11;
    if transfers.is_empty() {
        y += 8;
    }
    // Five characters a side beside the code, each name in a form no
    // other name on the night's books or at the table shares (issue 32:
    // "Guest>Guest 0.75").
    let mut all: Vec<&str> = transfers
        .iter()
        .flat_map(|t| [&*t.from, &*t.to])
        .chain(table.seats().iter().flatten().map(|p| &*p.name))
        .collect();
    all.sort_unstable();
    all.dedup();
    let forms = short_names(&all, 5);
    let short = |n: &str| {
        all.iter()
            .position(|a| *a == n)
            .and_then(|i| forms.get(i))
            .map_or_else(|| first_chars(n, 5).to_string(), String::clone)
    };
    for t in transfers.get(held).unwrap_or_default() {
        let who = Line::of(format_args!("{}>{}", short(&t.from), short(&t.to)));
        left(d, &who, &FONT_5X8, y)?;
        let amount = Line::of(format_args!("{}", money(table, t.amount)));
        put(d, &amount, &FONT_5X8, W - H - 2, y + 8, Alignment::Right)?;
        y += 17;
    }
    Ok(())
}

/// The most characters of [`FONT_5X8`] the column beside the code holds.
const HEAD_CHARS: usize = ((W - H) / 5) as usize;

/// A settle-up page's head, `SETTLE p1/3`: what the page is (the
/// hands it covers are counted on the NIGHT page, in words: `11h 1md`
/// was read as anything), then the page (`page` counts from 0 of `all`);
/// where the column is too narrow, the `p` goes first.
fn settle_head(page: usize, all: usize) -> String {
    let page = page + 1;
    let wide = format!("SETTLE p{page}/{all}");
    if wide.chars().count() <= HEAD_CHARS {
        wide
    } else {
        format!("SETTLE {page}/{all}")
    }
}

/// The NIGHT page's lines: hands played to the end and misdeals, as the
/// QR and `nights.csv` count them, the house's fees, and the money that
/// came in and went out, corrections apart from buy-ins and cash-outs;
/// each a label and its figure. Six at most, the rows the page has.
pub fn night_lines(table: &Table) -> Vec<(String, String)> {
    let l = table.ledger();
    let mut sums = vec![
        ("house fees", l.fees()),
        ("bought in", l.money_in() - l.corrections_in()),
        ("cashed out", l.money_out() - l.corrections_out()),
    ];
    // A row each: both on one would not fit five-digit amounts.
    if l.corrections_in() > 0 {
        sums.push(("corrected in", l.corrections_in()));
    }
    if l.corrections_out() > 0 {
        sums.push(("corrected out", l.corrections_out()));
    }
    let counts = (
        format!("hands {}", table.hands_played()),
        format!("misdeals {}", table.misdeals()),
    );
    let figures = sums.into_iter().map(|(label, units)| {
        // A figure too long for its row beside the label is shortened,
        // never rounded up (the books and the report keep it whole).
        let whole = money(table, units).to_string();
        let figure = if label.len() + 1 + whole.len() > NIGHT_CHARS {
            money(table, units).compact().to_string()
        } else {
            whole
        };
        (label.to_string(), figure)
    });
    std::iter::once(counts).chain(figures).collect()
}

/// The characters of [`FONT_5X8`] a row of the panel holds.
const NIGHT_CHARS: usize = (W / 5) as usize;

/// Player rows a ledger page holds.
const PLAYER_ROWS: usize = 6;

/// The ledger's pages: the settle-up's, then the players'.
pub fn ledger_pages(table: &Table) -> usize {
    qr::with_settle_up(table, |_, pages| pages.len().max(1))
        + player_row_count(table).div_ceil(PLAYER_ROWS)
        + 1
}

/// How many rows [`player_rows`] makes, without making them: a player,
/// a row for money the host corrected, a row for chips the host moved.
fn player_row_count(table: &Table) -> usize {
    let l = table.ledger();
    l.corrections_by_player()
        .zip(l.moved_by_player())
        .map(|((_, up, down), (_, to, from))| {
            1 + usize::from(up > 0 || down > 0) + usize::from(to > 0 || from > 0)
        })
        .sum()
}

/// Each player's net for the night, and under it their corrections, if
/// the host made any (M5), in words: money into or out of the game (not
/// money brought, the net stays), or chips moved from or to other players
/// (the net moves with them).
fn player_rows(table: &Table) -> Vec<(Line, Line)> {
    let mut rows = Vec::new();
    let l = table.ledger();
    let corrections = l.corrections_by_player().zip(l.moved_by_player());
    for ((name, net), ((_, up, down), (_, to, from))) in table.nets().iter().zip(corrections) {
        let mag = Chips::try_from(net.unsigned_abs()).unwrap_or(Chips::MAX);
        let sign = if *net < 0 { '-' } else { '+' };
        rows.push((
            Line::of(format_args!("{name}")),
            Line::of(format_args!("{sign}{}", money(table, mag))),
        ));
        let both = |a: Chips, b: Chips| match (a > 0, b > 0) {
            (true, false) => Line::of(format_args!("+{}", money(table, a))),
            (false, true) => Line::of(format_args!("-{}", money(table, b))),
            _ => Line::of(format_args!("+{} -{}", money(table, a), money(table, b))),
        };
        if up > 0 || down > 0 {
            let what = match (up > 0, down > 0) {
                (true, false) => "  money in",
                (false, true) => "  money out",
                _ => "  money in/out",
            };
            rows.push((Line::of(format_args!("{what}")), both(up, down)));
        }
        if to > 0 || from > 0 {
            rows.push((Line::of(format_args!("  chips moved")), both(to, from)));
        }
    }
    rows
}
