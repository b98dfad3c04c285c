//! The dialogs of [`super::host`] on the panel: what is being decided on the
//! top line, the value being changed large, the buttons in the footer.

use super::fonts::{FONT_10X20, FONT_5X8, FONT_6X10, FONT_7X13_BOLD};
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::text::Alignment;

use crate::table::Table;

use super::canvas::{Canvas, TextSpec};
use super::host::{Dialog, HostItem};
use super::screens::{big, left, list, money, put, seat_name, title, wrap, Line, Names};
use super::walk_in::{typed_name, TYPE_A_NAME};
use embedded_graphics::prelude::Point;

const CHANGE: &str = "+/- change  OK  UNDO back";

/// A title, one big value, a hint.
fn value<D: Canvas>(d: &mut D, head: &str, large: &str, hint: &str) -> Result<(), D::Error> {
    title(d, head, 0)?;
    big(d, large, 18)?;
    left(d, hint, &FONT_5X8, 44)
}

pub fn dialog<D: Canvas>(d: &mut D, table: &Table, dlg: &Dialog) -> Result<(), D::Error> {
    d.clear(BinaryColor::Off)?;
    match dlg {
        Dialog::SeatFor { name, seat } => value(
            d,
            &Line::of(format_args!("Seat {name}")),
            &Line::of(format_args!("seat {}", seat + 1)),
            CHANGE,
        ),
        Dialog::PlayerMenu { seat, item } => {
            let items = super::host::PlayerItem::offered(table, *seat);
            let stack = table.player(*seat).map_or(0, |p| p.stack);
            let stack = Line::of(format_args!("{}", money(table, stack)));
            // The title holds 18 small characters beside the list's tag.
            let room = 18usize.saturating_sub(stack.len() + 1);
            list(
                d,
                &Line::of(format_args!(
                    "{} {}",
                    Names::of(table, room).seat(*seat),
                    &*stack
                )),
                items.len(),
                *item,
                |i| items[i].label(table, *seat),
            )
        }
        Dialog::WayIn { seat, item } => {
            let ways = table.can_enter(*seat);
            list(
                d,
                &Line::of(format_args!("{} in", seat_name(table, *seat))),
                ways.len(),
                *item,
                |i| super::host::entry_label(ways[i]),
            )
        }
        Dialog::Amount {
            purpose,
            amount,
            keypad,
        } => match keypad {
            Some(pad) => value(
                d,
                &purpose.title(table),
                &pad.shown(),
                super::keypad::KEY_MAP,
            ),
            None => value(
                d,
                &purpose.title(table),
                &Line::of(format_args!("{}", money(table, *amount))),
                "+/- chip C min B max OK",
            ),
        },
        Dialog::HostMenu(i) => {
            let items = HostItem::offered(table);
            list(d, "HOST", items.len(), *i, |h| items[h].label())
        }
        Dialog::HostPick { item, seat } => value(
            d,
            item.label(),
            &Line::of(format_args!("{} {}", seat + 1, seat_name(table, *seat))),
            CHANGE,
        ),
        Dialog::MoveTo { from, to } => value(
            d,
            &Line::of(format_args!("Move {}", seat_name(table, *from))),
            &Line::of(format_args!("to seat {}", to + 1)),
            CHANGE,
        ),
        Dialog::CorrectionKind { seat, stack, item } => {
            // M5: the difference in words, so the host knows what the
            // ledger will say.
            let was = table.player(*seat).map_or(0, |p| p.stack);
            let up = *stack >= was;
            let diff = if up { stack - was } else { was - stack };
            let choices = super::host::correction_choices(table, *seat);
            let head = Line::of(format_args!(
                "{} {}{}",
                seat_name(table, *seat),
                if up { "+" } else { "-" },
                money(table, diff)
            ));
            let (big, hint) = match choices.get(*item).copied().flatten() {
                None if up => ("money in", "came into the game"),
                None => ("money out", "left the game"),
                Some(_) if up => ("chips from", ""),
                Some(_) => ("chips to", ""),
            };
            let big = match choices.get(*item).copied().flatten() {
                // "chips from " leaves ten of the 21 characters.
                Some(other) => Line::of(format_args!("{big} {}", Names::of(table, 10).seat(other))),
                None => Line::of(format_args!("{big}")),
            };
            let hint = if hint.is_empty() {
                "chips miscounted at seats"
            } else {
                hint
            };
            title(d, &head, 0)?;
            let (font, y) = if big.len() <= 18 {
                (&FONT_7X13_BOLD, 20)
            } else {
                (&FONT_6X10, 22)
            };
            put(d, &big, font, 0, y, Alignment::Left)?;
            left(d, hint, &FONT_5X8, 36)?;
            left(d, CHANGE, &FONT_5X8, 52)
        }
        // Issue 32: who and how much: every seated player, the chips on
        // the table.
        Dialog::ConfirmEnd => {
            let players = table.seats().iter().flatten().count();
            let total = money(table, table.chips_on_table());
            // The figure on the big line, the keys on the hint line: with
            // ten players and five-digit stacks the two would not fit one.
            value(
                d,
                "End session?",
                &Line::of(format_args!("{players} cash out {total}")),
                "OK = end  UNDO back",
            )
        }
        // Issue 32: who and how much, before the one OK that pays it out.
        Dialog::ConfirmLeave { seat, host } => {
            let stack = table.player(*seat).map_or(0, |p| p.stack);
            let verb = if *host { "Remove" } else { "Cash out" };
            value(
                d,
                &Line::of(format_args!("{verb} {}?", seat_name(table, *seat))),
                &Line::of(format_args!("{}", money(table, stack))),
                "OK = pay out  UNDO back",
            )
        }
        Dialog::Enroll { item, .. } => {
            let mut names = table.can_enroll();
            names.push(TYPE_A_NAME.into());
            // The UID is in the log and in `dealerd cards`; the panel has
            // room for the names.
            list(d, "New card for", names.len(), *item, |i| names[i].as_str())
        }
        // No host card yet: the first card tapped is offered as the host's.
        Dialog::HostCard { .. } => {
            value(d, "New host card?", "OK = host", "UNDO = a player's card")
        }
        Dialog::SeatName { item } => {
            let mut names = table.can_seat_without_card();
            names.push(TYPE_A_NAME.into());
            list(d, "Seat who?", names.len(), *item, |i| names[i].as_str())
        }
        Dialog::TypeName {
            card,
            rename,
            typed,
            letter,
        } => {
            let head = match (card, rename) {
                (Some(_), _) => Line::of(format_args!("New card's name")),
                (None, Some(seat)) => Line::of(format_args!("Rename {}", seat_name(table, *seat))),
                (None, None) => Line::of(format_args!("Name to seat")),
            };
            title(d, &head, 0)?;
            // What is typed, then the letter plus/minus turn, lit.
            put(d, typed, &FONT_10X20, 0, 18, Alignment::Left)?;
            let shown = typed_name(typed, *letter);
            if let Some(c) = shown.get(typed.len()..).filter(|c| !c.is_empty()) {
                d.text(&TextSpec {
                    text: c,
                    font: &FONT_10X20,
                    at: Point::new(10 * typed.len() as i32, 18),
                    align: Alignment::Left,
                    color: BinaryColor::Off,
                    background: Some(BinaryColor::On),
                })?;
            }
            left(d, "+/- letter  OK next", &FONT_5X8, 44)?;
            left(d, "hold OK done  UNDO del", &FONT_5X8, 53)
        }
        Dialog::Seated { page } => seated(d, table, *page),
        Dialog::ConfirmNewNight => {
            value(d, "New night?", "OK = start", "night archived; UNDO back")
        }
        Dialog::ConfirmUndo { what, .. } => {
            left(d, "Take back?", &FONT_7X13_BOLD, 0)?;
            // Two lines of 21 characters hold any event's description.
            for (row, line) in wrap(what, 21).take(2).enumerate() {
                left(d, line.as_str(), &FONT_6X10, 18 + 11 * row as i32)?;
            }
            left(d, "OK = take back  UNDO no", &FONT_5X8, 44)
        }
    }
}

/// Issue 32: who is seated, by seat, with their stacks, a page at a time:
/// "3 Guest 10  99999.75", "(out)" for a player sitting out. The page
/// count is always shown, so a tenth seat is never off the screen unseen.
fn seated<D: Canvas>(d: &mut D, table: &Table, page: usize) -> Result<(), D::Error> {
    use super::host::{occupied, SEATED_ROWS};
    use super::screens::right;
    use crate::table::Status;
    let seats = occupied(table);
    let pages = seats.len().div_ceil(SEATED_ROWS).max(1);
    let page = page % pages;
    let head = Line::of(format_args!(
        "SEATED {}/{}",
        seats.len(),
        table.seats().len()
    ));
    left(d, &head, &FONT_6X10, 0)?;
    right(
        d,
        &Line::of(format_args!("p{}/{pages}", page + 1)),
        &FONT_5X8,
        1,
    )?;
    if seats.is_empty() {
        left(d, "nobody yet: tap a card", &FONT_5X8, 14)?;
        left(d, "or Host > Seat a player", &FONT_5X8, 22)?;
    }
    for (row, &s) in seats
        .iter()
        .skip(page * SEATED_ROWS)
        .take(SEATED_ROWS)
        .enumerate()
    {
        let Some(p) = table.player(s) else { continue };
        let y = 11 + 8 * row as i32;
        let out = match p.status {
            Status::Playing => "",
            Status::WaitingForBigBlind => "waits ",
            Status::SittingOut => "out ",
            Status::Busted => "bust ",
        };
        left(
            d,
            &Line::of(format_args!("{:>2} {}", s + 1, seat_name(table, s))),
            &FONT_5X8,
            y,
        )?;
        right(
            d,
            &Line::of(format_args!("{out}{}", money(table, p.stack))),
            &FONT_5X8,
            y,
        )?;
    }
    Ok(())
}
