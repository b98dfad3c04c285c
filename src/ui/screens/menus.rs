//! The menu and the pickers it opens (a game, a seat), and the scrolled
//! list every menu and dialog draws with.

use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::text::Alignment;

use crate::table::Table;
use crate::ui::canvas::Canvas;
use crate::ui::controller::MenuItem;
use crate::ui::fonts::{FONT_10X20, FONT_5X8, FONT_6X10, FONT_7X13_BOLD};

use super::line::{wrap, Line};
use super::names::seat_name;
use super::text::{inverse, left, put, right, title};

/// The menu, selection lit.
pub fn menu<D: Canvas>(
    d: &mut D,
    table: &Table,
    host: bool,
    selected: usize,
) -> Result<(), D::Error> {
    d.clear(BinaryColor::Off)?;
    let items = MenuItem::offered(table, host);
    list(d, "MENU", items.len(), selected, |i| items[i].label(table))
}

/// A list with the selection lit, scrolled to keep it in view: the one
/// list every menu and dialog draws. `label(i)` is item `i`'s text.
pub(in crate::ui) fn list<D: Canvas, L: AsRef<str>>(
    d: &mut D,
    title_text: &str,
    n: usize,
    selected: usize,
    label: impl Fn(usize) -> L,
) -> Result<(), D::Error> {
    let sel = selected % n.max(1);
    // Past five items the list scrolls: where the selection is says that
    // there are more (issue 32: no list drops an entry in silence).
    let tag = if n > 5 {
        Line::of(format_args!("+/- OK {}/{n}", sel + 1))
    } else {
        Line::of(format_args!("+/- OK"))
    };
    title(d, title_text, 5 * tag.len() as i32 + 2)?;
    right(d, &tag, &FONT_5X8, 2)?;
    let first = sel.saturating_sub(2).min(n.saturating_sub(5));
    for (row, i) in (first..(first + 5).min(n)).enumerate() {
        let y = 14 + 10 * row as i32;
        let text = label(i);
        if i == sel {
            inverse(d, text.as_ref(), &FONT_6X10, y)?;
        } else {
            put(d, text.as_ref(), &FONT_6X10, 1, y, Alignment::Left)?;
        }
    }
    Ok(())
}

/// S5: the game the dealer is about to choose, with its stakes.
pub(super) fn pick_game<D: Canvas>(d: &mut D, table: &Table, game: usize) -> Result<(), D::Error> {
    d.clear(BinaryColor::Off)?;
    left(d, "GAME", &FONT_7X13_BOLD, 0)?;
    let games = &table.rules().games;
    let Some(g) = games.get(game % games.len().max(1)) else {
        return Ok(());
    };
    right(
        d,
        &format!("{}/{}", game % games.len() + 1, games.len()),
        &FONT_5X8,
        2,
    )?;
    // The name whole: bold while it fits, else the narrower font, on two
    // lines when it needs them ("Omaha high-low declare").
    let mut stakes_at = 32;
    if g.name.chars().count() <= 18 {
        put(d, &g.name, &FONT_7X13_BOLD, 0, 18, Alignment::Left)?;
    } else {
        for (i, l) in wrap(&g.name, 21).take(2).enumerate() {
            left(d, &l, &FONT_6X10, 16 + 10 * i as i32)?;
            stakes_at = 28 + 10 * i as i32;
        }
    }
    let stakes = match g.stakes() {
        Some((a, b)) => format!("{} / {}", table.money(a), table.money(b)),
        None => match g.blinds.as_slice() {
            [] => String::new(),
            blinds => {
                let b: Vec<String> = blinds.iter().map(|&c| table.money(c)).collect();
                format!("blinds {}", b.join("/"))
            }
        },
    };
    left(d, &stakes, &FONT_6X10, stakes_at + 2)?;
    left(d, "+/- game  OK  UNDO back", &FONT_5X8, 54)
}

pub(super) fn pick_seat<D: Canvas>(
    d: &mut D,
    table: &Table,
    item: MenuItem,
    seat: usize,
) -> Result<(), D::Error> {
    d.clear(BinaryColor::Off)?;
    left(
        d,
        item.label(table).trim_end_matches('.'),
        &FONT_7X13_BOLD,
        0,
    )?;
    let who = Line::of(format_args!("{}", seat_name(table, seat)));
    put(d, &who, &FONT_10X20, 0, 18, Alignment::Left)?;
    left(d, "+/- seat  OK  UNDO back", &FONT_5X8, 44)
}
