//! The action screen: whose turn, what to call, the range and the pots,
//! and with amount entry the amount being entered. The screen the dealer
//! sees most, so it has a file of its own.

use embedded_graphics::mono_font::MonoFont;
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::text::Alignment;

use crate::engine::NoRaise;
use crate::table::Table;
use crate::ui::amount::AmountEntry;
use crate::ui::canvas::Canvas;
use crate::ui::fonts::{FONT_10X20, FONT_5X8, FONT_6X10, FONT_7X13_BOLD};
use crate::ui::pot_lines;

use super::footer::confirmation;
use super::line::Line;
use super::names::{money, Names};
use super::street::street;
use super::text::{left, put, right};
use super::W;

/// The action screen: whose turn, to call, the range, the pots, the street,
/// and what is special; with amount entry, the amount being entered.
pub fn action<D: Canvas>(
    d: &mut D,
    table: &Table,
    entry: Option<&AmountEntry>,
) -> Result<(), D::Error> {
    action_saying(d, table, entry, None, 0)
}

/// [`action`], with what the last press recorded at the bottom.
pub(super) fn action_saying<D: Canvas>(
    d: &mut D,
    table: &Table,
    entry: Option<&AmountEntry>,
    confirm: Option<&str>,
    page: usize,
) -> Result<(), D::Error> {
    d.clear(BinaryColor::Off)?;
    let Some(hand) = table.hand() else {
        return left(d, "no hand", &FONT_6X10, 0);
    };
    let state = hand.state();
    let Some(seat) = state.to_act() else {
        return left(d, state.expected(), &FONT_5X8, 0);
    };
    // The name in the bold characters the street's name leaves.
    let street = street(state);
    let room = (W as usize - 2).saturating_sub(6 * street.len()) / 7;
    left(
        d,
        &Line::of(format_args!("{}", Names::of(table, room).hand(hand, seat))),
        &FONT_7X13_BOLD,
        0,
    )?;
    right(d, &street, &FONT_6X10, 1)?;
    let owed = state.to_call(seat);
    // F3: the bring-in is posted or completed; it is not a check or a bet.
    let bring_in = state.legal_actions().and_then(|l| l.bring_in);
    let call = match bring_in {
        Some(b) => Line::of(format_args!("bring-in {}", money(table, b))),
        None if owed == 0 => Line::of(format_args!("check")),
        None => Line::of(format_args!("call {}", money(table, owed))),
    };
    let stack = state.seats().get(seat).map_or(0, |s| s.stack);
    let stack = Line::of(format_args!("stk {}", money(table, stack)));
    call_and_stack(d, &call, &stack, 14)?;
    if let Some(e) = entry {
        let verb = if state.current_bet() == 0 {
            "BET"
        } else {
            "RAISE"
        };
        let tag = e.preset_here().map_or("", |p| e.label(p));
        left(d, &Line::of(format_args!("{verb} TO")), &FONT_6X10, 25)?;
        right(d, tag, &FONT_6X10, 25)?;
        if let Some(pad) = &e.keypad {
            // Typing: the digits as they arrive, and which button is which.
            // Past the big font's twelve characters, a smaller one: every
            // digit typed stays in view.
            let shown = pad.shown();
            let (font, y): (&'static MonoFont<'static>, i32) = match shown.len() {
                0..=12 => (&FONT_10X20, 35),
                13..=18 => (&FONT_7X13_BOLD, 38),
                _ => (&FONT_6X10, 40),
            };
            put(d, &shown, font, W / 2, y, Alignment::Center)?;
            return left(d, crate::ui::keypad::KEY_MAP, &FONT_5X8, 56);
        }
        put(
            d,
            &Line::of(format_args!("{}", money(table, e.amount))),
            &FONT_10X20,
            W / 2,
            35,
            Alignment::Center,
        )?;
        let (short, long) = e.steps();
        let hint = entry_hint(
            &money(table, e.min).to_string(),
            &money(table, e.max).to_string(),
            &money(table, short).to_string(),
            &money(table, long).to_string(),
        );
        left(d, &hint, &FONT_5X8, 56)?;
        return Ok(());
    }
    let verb = if bring_in.is_some() {
        "complete"
    } else if state.current_bet() == 0 {
        "bet"
    } else {
        "raise"
    };
    let range = match (state.fixed_amount(), state.raise_range(seat)) {
        // Fixed limit: one amount, which the bet/raise button records.
        (Some(x), _) => Line::of(format_args!("{verb} to {}", money(table, x))),
        (None, Ok((a, b))) => Line::of(format_args!(
            "{verb} {}-{}",
            money(table, a),
            money(table, b)
        )),
        (None, Err(NoRaise::CapReached)) => Line::of(format_args!("no raise: capped")),
        (None, Err(_)) => Line::of(format_args!("no raise")),
    };
    // Two five-digit amounts with cents ("raise 24999.75-24999.75") take
    // the small font rather than lose the maximum.
    if range.len() <= 21 {
        left(d, &range, &FONT_6X10, 25)?;
    } else {
        left(d, &range, &FONT_5X8, 26)?;
    }
    // B4: how many raises the cap leaves in this round.
    if let Some(n) = state.raises_left().filter(|&n| n > 0) {
        let tag = Line::of(format_args!("{n} left"));
        if range.len() + 1 + tag.len() <= 21 {
            right(d, &tag, &FONT_6X10, 25)?;
        }
    }
    let bottom = confirmation(d, confirm)?;
    pot_lines::pots_and_specials(d, table, hand, 35, bottom, page)
}

/// The line under the player's name: what he must do to stay in, and his
/// stack, labelled. 21 characters of the 6×10 font fill it; a longer pair
/// (stud's "bring-in 0.25" beside "stk 24.75") takes the 5×8 font's 25
/// rather than lose the label (issue 22: "stack labels kept in stud").
/// Only past 25 does the label go, before the two amounts would touch.
fn call_and_stack<D: Canvas>(d: &mut D, call: &str, stack: &str, y: i32) -> Result<(), D::Error> {
    let both = call.len() + 1 + stack.len();
    let font: &'static MonoFont<'static> = if both <= 21 { &FONT_6X10 } else { &FONT_5X8 };
    let stack = if both > 25 {
        stack.strip_prefix("stk ").unwrap_or(stack)
    } else {
        stack
    };
    // The smaller font sits one row lower, on the same baseline.
    let y = if both <= 21 { y } else { y + 1 };
    left(d, call, font, y)?;
    right(d, stack, font, y)
}

/// The amount entry's last line: the range, then what a press and a held
/// press of plus/minus step by. 25 characters fill it; what gives way
/// first is the single step (one press shows it), then the minimum (the
/// "min" shortcut names it), then the maximum, so the held step is never
/// cut off (issue 22).
pub fn entry_hint(min: &str, max: &str, step: &str, held: &str) -> String {
    let hold = format!("hold {held}");
    [
        format!("{min}-{max} step {step} {hold}"),
        format!("{min}-{max} {hold}"),
        format!("max {max} {hold}"),
    ]
    .into_iter()
    .find(|l| l.len() <= 25)
    .unwrap_or(hold)
}
