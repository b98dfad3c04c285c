//! Screens: pure functions from table and UI state to pixels on any 128x64
//! [`Canvas`] (an embedded-graphics `DrawTarget<Color = BinaryColor>`), so
//! the OLED, the terminal and the docs' PNGs share one picture.
//!
//! Layout rule: the top line answers "who", in bold, readable at arm's
//! length; the lines under it in 6x10 answer "how much"; the 5x8 footer is
//! for what the dealer reads only when something is unusual.
//!
//! One file per screen or family of screens (the action screen, between
//! hands, showdown, the ledger, the clock, the menus, the dealer's prompts),
//! and the pieces they share (text, lines, names, streets, the footer and
//! the specials) apart, so each reads on its own; this module picks the
//! screen ([`draw`]) and re-exports every path the rest of the crate uses.

mod action;
mod between;
mod clock;
mod footer;
mod ledger;
mod line;
mod menus;
mod names;
mod prompts;
mod showdown;
mod specials;
mod street;
mod text;

use super::fonts::{FONT_6X10, FONT_7X13_BOLD};
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{PrimitiveStyle, Rectangle};
use embedded_graphics::text::Alignment;

use super::canvas::{Canvas, TextSpec};
use super::controller::Controller;
use super::screen::Screen;
use super::view::{Ack, View, HOST_WARN_SECS};

pub use action::{action, entry_hint};
pub use between::{between, PreviewCache};
pub use clock::clock;
pub use footer::message;
pub use ledger::{ledger, ledger_page, ledger_pages, night_lines};
pub use menus::menu;
pub use names::money;
pub use showdown::{showdown, showdown_pages};
pub use street::street_name;

pub(super) use line::{wrap, Line};
pub(super) use menus::list;
pub(super) use names::{seat_name, Names};
pub(super) use specials::{specials, AllIn};
pub(super) use text::{big, inverse, left, put, right, title};

use action::action_saying;
use between::{between_next, next_hand};
use menus::{pick_game, pick_seat};
use prompts::{guts, lives, prompt};

pub const W: i32 = 128;
pub const H: i32 = 64;

/// The screen the controller and the view call for ([`Controller::screen`]).
pub fn draw<D: Canvas>(d: &mut D, view: &View<'_>, ctl: &Controller) -> Result<(), D::Error> {
    let table = view.night.table();
    draw_with(d, view, ctl, |d| {
        between_next(d, table, &next_hand(table), view.confirm)
    })
}

/// [`draw`], the between-hands preview taken from `cache`.
pub fn draw_night<D: Canvas>(
    d: &mut D,
    view: &View<'_>,
    ctl: &Controller,
    cache: &PreviewCache,
) -> Result<(), D::Error> {
    let table = view.night.table();
    draw_with(d, view, ctl, |d| {
        cache.with(view.night, |next| {
            between_next(d, table, next, view.confirm)
        })
    })
}

fn draw_with<D: Canvas>(
    d: &mut D,
    view: &View<'_>,
    ctl: &Controller,
    between: impl FnOnce(&mut D) -> Result<(), D::Error>,
) -> Result<(), D::Error> {
    screen(d, view, ctl, between)?;
    if let Some(m) = view.message {
        // Where the screen's texts lie, so the bar cuts none of them.
        let table = view.night.table();
        let mut rows = footer::Rows::default();
        let _ = screen(&mut rows, view, ctl, |r| {
            between_next(r, table, &next_hand(table), view.confirm)
        });
        footer::message_over(d, m, &rows)?;
    }
    if let Some(left) = view.host.filter(|&s| s <= HOST_WARN_SECS) {
        // The host sees the unlock running out before a dialog closes.
        corner(d, &format!("host {left}s"))?;
    }
    Ok(())
}

/// The screen `ctl` shows over `view`, without the message bar.
fn screen<D: Canvas>(
    d: &mut D,
    view: &View<'_>,
    ctl: &Controller,
    between: impl FnOnce(&mut D) -> Result<(), D::Error>,
) -> Result<(), D::Error> {
    let table = view.night.table();
    match ctl.screen(view) {
        Screen::Acknowledge(ack) => acknowledge(d, ack)?,
        Screen::Between => between(d)?,
        Screen::Guts => guts(d, table, ctl)?,
        Screen::Lives => lives(d, table)?,
        Screen::Opener(_) | Screen::Exchange { .. } | Screen::Deal | Screen::Waiting => {
            prompt(d, table, ctl, view.confirm)?
        }
        Screen::Action(_) => match view.clock {
            // A running clock stays visible in the footer.
            Some(c) => {
                action_saying(d, table, None, None, ctl.page)?;
                inverse(d, &format!("{:>2}s", c.left), &FONT_6X10, 54)?;
            }
            None => action_saying(d, table, None, view.confirm, ctl.page)?,
        },
        Screen::Entry(e) => {
            action(d, table, Some(e))?;
            if let Some(c) = view.clock {
                // D3: the player has acted; the clock waits where it stood.
                corner(d, &format!("{}s", c.left))?;
            }
        }
        Screen::Showdown(r) => showdown(d, table, &r)?,
        Screen::Menu(i) => menu(d, table, view.is_host(), i)?,
        Screen::PickSeat(item, s) => pick_seat(d, table, item, s)?,
        Screen::PickGame(g) => pick_game(d, table, g)?,
        Screen::Ledger => ledger_page(d, table, ctl.pick)?,
        Screen::Clock(c) => clock(d, table, c.left)?,
        Screen::Dialog(dlg) => super::host_screens::dialog(d, table, dlg)?,
    }
    Ok(())
}

/// A short lit tag in the top right corner, over whatever is there.
fn corner<D: Canvas>(d: &mut D, s: &str) -> Result<(), D::Error> {
    let font = &FONT_6X10;
    let w = font.character_size.width * s.len() as u32 + 2;
    Rectangle::new(Point::new(W - w as i32, 0), Size::new(w, 11))
        .into_styled(PrimitiveStyle::with_fill(BinaryColor::On))
        .draw(d)?;
    d.text(&TextSpec {
        text: s,
        font,
        at: Point::new(W - 1, 1),
        align: Alignment::Right,
        color: BinaryColor::Off,
        background: None,
    })
}

/// What the table did by itself, until a press acknowledges it.
fn acknowledge<D: Canvas>(d: &mut D, ack: &Ack) -> Result<(), D::Error> {
    d.clear(BinaryColor::Off)?;
    left(d, &ack.title, &FONT_7X13_BOLD, 0)?;
    for (i, l) in wrap(&ack.text, 21).take(3).enumerate() {
        left(d, &l, &FONT_6X10, 16 + 11 * i as i32)?;
    }
    inverse(d, "any button: go on", &FONT_6X10, 53)
}
