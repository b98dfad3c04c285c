//! Showdown: the ranking being entered, the hint for the next press, and
//! what the OK would pay. The ranking itself is `ui::showdown`; this only
//! draws it.

use std::fmt::Write as _;

use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::text::Alignment;

use crate::table::Table;
use crate::ui::canvas::{Canvas, TextSpec};
use crate::ui::fonts::{FONT_5X8, FONT_6X10, FONT_7X13_BOLD};
use crate::ui::pot_lines;
use crate::ui::showdown::{split, Ranking};

use super::line::Line;
use super::names::{money, name};
use super::text::{inverse, left, right};
use super::W;

/// Showdown: the ranking being entered and what it pays.
pub fn showdown<D: Canvas>(d: &mut D, table: &Table, ranking: &Ranking) -> Result<(), D::Error> {
    d.clear(BinaryColor::Off)?;
    let Some(hand) = table.hand() else {
        return Ok(());
    };
    let state = hand.state();
    let (board, low) = ranking.side(state);
    left(d, "SHOWDOWN", &FONT_7X13_BOLD, 0)?;
    // P5: two boards are named as the table knows them: a run-it-twice
    // tap deals runs, a double-board bomb pot boards.
    let boards = if state.setup().boards > 1 {
        "BOARD"
    } else {
        "RUN"
    };
    let side = match (state.boards() > 1, low) {
        (true, true) => Line::of(format_args!("{boards} {board} LOW")),
        (true, false) => Line::of(format_args!("{boards} {board} HIGH")),
        (false, true) => Line::of(format_args!("LOW")),
        (false, false) => Line::of(format_args!("HIGH")),
    };
    right(d, &side, &FONT_6X10, 1)?;
    // Finished sides first, so the whole ranking stays in view until paid.
    let mut placed = Line::new();
    let groups = ranking.done.iter().flatten().chain(ranking.groups.iter());
    for (i, g) in groups.enumerate() {
        let sep = if i > 0 { " " } else { "" };
        let _ = write!(placed, "{sep}{}.", i + 1);
        for (j, &s) in g.iter().enumerate() {
            let tie = if j > 0 { "=" } else { "" };
            let _ = write!(placed, "{tie}{}", name(table, hand, s));
        }
    }
    // A place kept open for a tie: "1.Bob=" until the next hand joins it.
    if ranking.open_tie {
        let _ = placed.write_char('=');
    }
    if placed.is_empty() && !ranking.complete() {
        let _ = placed.write_str("best hand first");
    }
    left(d, &placed, &FONT_5X8, 14)?;
    let cands = ranking.candidates(state);
    if ranking.complete() {
        inverse(d, "OK pay   UNDO back", &FONT_6X10, 23)?;
    } else if let Some(&s) = cands.get(ranking.cursor % cands.len().max(1)) {
        let place = ranking.groups.len() + 1;
        let who = Line::of(format_args!("> {}", name(table, hand, s)));
        inverse(d, &who, &FONT_6X10, 23)?;
        // The bar is lit; redraw the hint on it unlit so it reads. Once
        // every pot's winner is named, OK ends the side (P2).
        // Issue 22: the OK that names the last winner pays, so the hint
        // says so, and the lines below show what it pays, before the press.
        let hint = match (ranking.if_ok(state).is_some(), ranking.open_tie) {
            (true, false) => Line::of(format_args!("OK pay C=tie")),
            (true, true) => Line::of(format_args!("OK pay  tie")),
            (false, true) => Line::of(format_args!("OK/C tie {}", place - 1)),
            (false, false) => Line::of(format_args!("OK={place} C=tie")),
        };
        let x = W - 1 - 5 * hint.len() as i32;
        d.text(&TextSpec {
            text: &hint,
            font: &FONT_5X8,
            at: Point::new(x, 24),
            align: Alignment::Left,
            color: BinaryColor::Off,
            background: Some(BinaryColor::On),
        })?;
    }
    // What the OK pays, before the press; except before the first place
    // with side pots, when each pot names who can win it instead (P1).
    let first_look =
        ranking.done.is_empty() && ranking.groups.is_empty() && state.settled_pots().len() > 1;
    let results = ranking
        .if_ok(state)
        .filter(|_| !first_look)
        .unwrap_or_else(|| ranking.results(state));
    let pay = split(state, &results).unwrap_or_default();
    // "wins: Bob 10, Cat 120": a winner and their amount stay on one line.
    let mut lines: [Line; 3] = [Line::new(), Line::new(), Line::new()];
    let mut at = 0;
    for (s, &a) in pay.iter().enumerate().filter(|(_, &a)| a > 0) {
        let item = Line::of(format_args!("{} {}", name(table, hand, s), money(table, a)));
        let Some(line) = lines.get_mut(at) else { break };
        if line.is_empty() && at == 0 {
            let _ = write!(line, "wins: {}", &*item);
        } else if line.len() + 2 + item.len() <= 21 {
            let _ = write!(line, ", {}", &*item);
        } else if let Some(next) = lines.get_mut(at + 1) {
            at += 1;
            let _ = next.write_str(&item);
        }
    }
    if lines[0].is_empty() {
        let pots = state.settled_pots();
        if pots.len() < 2 {
            return pot_lines::pots(d, table, state, 33).map(drop);
        }
        // Each pot with who can win it (P1): "s1 120: Bob Cat", every
        // contender named (issue 32: "Jo" was cut off the end).
        return pot_lines::contenders(d, table, hand, &pots, 33);
    }
    for (i, l) in lines.iter().filter(|l| !l.is_empty()).enumerate() {
        left(d, l, &FONT_6X10, 34 + 10 * i as i32)?;
    }
    Ok(())
}
