//! The dealer's own steps: dealing, draw counts and declarations, the
//! opener, and the guts and lives games' prompts. Screens that ask the
//! dealer something rather than show a player's turn.

use std::fmt::Write as _;

use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::text::Alignment;

use crate::engine::{Phase, Step};
use crate::table::Table;
use crate::ui::canvas::Canvas;
use crate::ui::controller::{exchange_range, under_cursor, Controller};
use crate::ui::fonts::{FONT_10X20, FONT_5X8, FONT_6X10, FONT_7X13_BOLD};
use crate::ui::pot_lines;

use super::footer::confirmation;
use super::line::Line;
use super::names::{money, name, seat_name, Names};
use super::street::deal_what;
use super::text::{inverse, left, put, right};
use super::H;

/// A prompt for the dealer's own steps (deal, draw counts, the opener).
pub(super) fn prompt<D: Canvas>(
    d: &mut D,
    table: &Table,
    ctl: &Controller,
    confirm: Option<&str>,
) -> Result<(), D::Error> {
    d.clear(BinaryColor::Off)?;
    let Some(hand) = table.hand() else {
        return Ok(());
    };
    let state = hand.state();
    match state.phase() {
        Phase::Dealing(i) => {
            // The title names the street being dealt (all of them on a
            // run-out, which one OK deals); no corner label.
            let run_out = table.run_out().is_some();
            let title = if run_out && state.boards() > 1 {
                Line::of(format_args!("RUN BOTH OUT"))
            } else if run_out {
                Line::of(format_args!("RUN IT OUT"))
            } else {
                deal_what(state, i)
            };
            left(d, &title, &FONT_7X13_BOLD, 0)?;
            // The player who acts first on these cards: their action
            // records the deal too (issue 22).
            let first = table
                .deals_before_action()
                .and_then(|(_, ahead)| ahead.live_hand()?.state().to_act());
            let hint = match first {
                // 21 characters in the bar: the name in the 9 left.
                Some(s) => Line::of(format_args!(
                    "OK, or {} acts",
                    Names::of(table, 9).hand(hand, s)
                )),
                // Issue 32: the best hand's seat key deals it and names it.
                None if crate::ui::controller::run_out_names(table) => {
                    Line::of(format_args!("OK, or key: best hand"))
                }
                None if run_out => Line::of(format_args!("OK when all dealt")),
                None => Line::of(format_args!("OK when dealt")),
            };
            inverse(d, &hint, &FONT_6X10, 15)?;
            // S3: where the table would run it twice, the way to it (a
            // held OK here runs it twice: `Controller::at_table`).
            let mut top = 27;
            if table.run_twice_out().is_some() {
                left(
                    d,
                    &Line::of(format_args!("hold OK: run it twice")),
                    &FONT_6X10,
                    top,
                )?;
                top += 11;
            }
            // The screen always says what is special about the hand.
            let bottom = confirmation(d, confirm)?;
            pot_lines::pots_and_specials(d, table, hand, top, bottom, ctl.page)?;
        }
        Phase::Exchanging(i) => {
            let seat = state.to_act().unwrap_or(0);
            let who = Line::of(format_args!("{}", name(table, hand, seat)));
            left(d, &who, &FONT_7X13_BOLD, 0)?;
            let declare = matches!(state.spec().steps.get(i), Some(Step::Declare));
            // The large font holds 12 characters: the side alone, the verb
            // in the hint.
            let (fewest, most) = exchange_range(Some(state), declare);
            let discard = matches!(state.spec().steps.get(i), Some(Step::Discard));
            let text = if declare {
                let said = ["HIGH", "LOW", "BOTH"][ctl.pick % 3];
                Line::of(format_args!("{said}"))
            } else if discard {
                Line::of(format_args!("discards {fewest}"))
            } else {
                let n = under_cursor((fewest, most), ctl.pick);
                // G5: a paid exchange says what the dealer collects for
                // the count on the screen.
                let cards = u8::try_from(n).unwrap_or(u8::MAX);
                if state.draw_price(1) > 0 {
                    let price = money(table, state.draw_price(cards));
                    right(d, &Line::of(format_args!("pays {price}")), &FONT_6X10, 24)?;
                }
                Line::of(format_args!("draws {n}"))
            };
            put(d, &text, &FONT_10X20, 0, 18, Alignment::Left)?;
            // What each press does, so a dealer learns the one-press keys
            // from the screen (issue 22). Under them, what the last press
            // recorded ("Bob draws 2", as on the action screen: a one-press
            // draw has no preview, so the next seat's screen says what was
            // taken); the two lines move up to make room for it.
            let (hint, keys) = if declare {
                (
                    Line::of(format_args!("declares: +/- change  OK")),
                    Line::of(format_args!("or F:high C:low B:both")),
                )
            } else if discard {
                let mut keys = Line::new();
                if let Some((n, seats)) = table.can_exchange_rest() {
                    let _ = write!(keys, "or C:{seats} left discard {n}");
                }
                (Line::of(format_args!("OK when discarded")), keys)
            } else {
                let mut keys = Line::new();
                for (b, n) in [("F", 1), ("C", 2), ("B", 3)] {
                    if n <= most {
                        let _ = write!(keys, "{}{b}:{n}", if n == 1 { "or " } else { "  " });
                    }
                }
                // Issue 32 (7/27): check/call records that every seat
                // still to choose stands.
                if let Some((_, seats)) = table.can_exchange_rest() {
                    let _ = write!(keys, "  C:{seats} left stand");
                }
                (Line::of(format_args!("+/- change (0-{most})  OK")), keys)
            };
            let (top, next) = if confirmation(d, confirm)? < H {
                (38, 46)
            } else {
                (44, 53)
            };
            left(d, &hint, &FONT_5X8, top)?;
            left(d, &keys, &FONT_5X8, next)?;
        }
        Phase::Betting(_) => {
            let s = crate::ui::screen::opener_at(state, ctl.pick).unwrap_or(0);
            left(d, "WHO OPENS?", &FONT_7X13_BOLD, 0)?;
            put(
                d,
                &Line::of(format_args!("{}", name(table, hand, s))),
                &FONT_10X20,
                0,
                18,
                Alignment::Left,
            )?;
            left(d, "+/- change  OK", &FONT_5X8, 44)?;
        }
        _ => left(d, state.expected(), &FONT_5X8, 0)?,
    }
    Ok(())
}

/// G8: who calls in or out, then whose "in" hand is best.
pub(super) fn guts<D: Canvas>(d: &mut D, table: &Table, ctl: &Controller) -> Result<(), D::Error> {
    d.clear(BinaryColor::Off)?;
    left(d, "GUTS", &FONT_7X13_BOLD, 0)?;
    right(
        d,
        &Line::of(format_args!("pot {}", money(table, table.guts().pot))),
        &FONT_6X10,
        1,
    )?;
    let who = |s: usize| Line::of(format_args!("{}", seat_name(table, s)));
    if let Some(seat) = table.guts_to_call() {
        put(d, &who(seat), &FONT_10X20, 0, 16, Alignment::Left)?;
        return left(d, "CALL in  FOLD out", &FONT_6X10, 44);
    }
    let ins = table.guts_ins().unwrap_or_default();
    match ins.get(ctl.pick % ins.len().max(1)) {
        Some(&s) => {
            left(d, "BEST HAND?", &FONT_6X10, 16)?;
            put(d, &who(s), &FONT_10X20, 0, 28, Alignment::Left)?;
            left(d, "+/- change  OK", &FONT_5X8, 54)
        }
        None => {
            left(d, "nobody is in", &FONT_6X10, 16)?;
            left(d, "OK: the pot stays", &FONT_5X8, 54)
        }
    }
}

/// G9: the lives left and the pot they stake.
pub(super) fn lives<D: Canvas>(d: &mut D, table: &Table) -> Result<(), D::Error> {
    d.clear(BinaryColor::Off)?;
    let Some(game) = table.lives() else {
        return Ok(());
    };
    left(d, "LIVES", &FONT_7X13_BOLD, 0)?;
    right(
        d,
        &Line::of(format_args!("pot {}", money(table, game.pot))),
        &FONT_6X10,
        1,
    )?;
    // Two columns of four, or of five in the small font past eight
    // players (ten seats: none is left off); those with none left are
    // shown too, at 0. Names in the room a column leaves, never alike.
    let small = game.lives.len() > 8;
    let (rows, font, pitch, room) = if small {
        (5, &FONT_5X8, 8, 9)
    } else {
        (4, &FONT_6X10, 10, 8)
    };
    // Issue 32: each row leads with its seat's number, the key that
    // records that seat's lost life.
    let names = Names::of(table, room - 3);
    for (i, &(seat, left_)) in game.lives.iter().take(2 * rows).enumerate() {
        let who = Line::of(format_args!("{:>2} {}", seat + 1, names.seat(seat)));
        let row = Line::of(format_args!("{:<room$}{left_:>2}", &*who));
        let (x, y) = (64 * (i / rows) as i32, 14 + pitch * (i % rows) as i32);
        put(d, &row, font, x, y, Alignment::Left)?;
    }
    inverse(d, "key 1-0/OK: who lost life", &FONT_5X8, 56)
}
