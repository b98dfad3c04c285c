//! Showdown: the ranking being entered, the hint for the next press, and
//! what the OK would pay. The ranking itself is `ui::showdown`; this only
//! draws it.

use std::fmt::Write as _;

use embedded_graphics::pixelcolor::BinaryColor;

use crate::engine::Ranks;
use crate::table::Table;
use crate::ui::canvas::Canvas;
use crate::ui::fonts::{FONT_5X8, FONT_6X10, FONT_7X13_BOLD};
use crate::ui::pot_lines;
use crate::ui::showdown::{split, Ranking};

use super::line::Line;
use super::names::{money, name};
use super::text::{inverse, left, right};

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
    // Issue 32: what the side ranks is the engine's answer (a draw hand
    // that went on for low ranks low), never the game's name.
    let ranks = match ranking.ranks(state) {
        Ranks::Best => "BEST",
        Ranks::High => "HIGH",
        Ranks::Low => "LOW",
    };
    let side = if state.boards() > 1 {
        Line::of(format_args!("{boards} {board} {ranks}"))
    } else {
        Line::of(format_args!("{ranks}"))
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
    // P6 (H2 5.3): before any place, who shows first, from the engine.
    if placed.is_empty() {
        if let Some(first) = state.first_to_show() {
            let _ = write!(placed, "{} shows first", name(table, hand, first));
        }
    }
    left(d, &placed, &FONT_5X8, 14)?;
    let cands = ranking.candidates(state);
    let pays = ranking.if_ok(state).is_some();
    let bar = if ranking.complete() {
        "OK pay   UNDO back"
    } else if pays {
        "key: next  OK: pay"
    } else if ranking.open_tie {
        "key: ties the last"
    } else if !low && ranking.groups.is_empty() {
        "key: seat of the best"
    } else if !low {
        "key: seat of the next"
    } else if ranking.groups.is_empty() {
        "key: best  OK: none"
    } else {
        "key: next  OK: rest lose"
    };
    inverse(d, bar, &FONT_6X10, 23)?;
    // Each hand that can still win, by the key that names it: its seat,
    // on as many lines as it takes (two hold ten short names).
    let mut below = 34;
    if !ranking.complete() {
        let mut l = Line::new();
        for &s in &cands {
            let item = Line::of(format_args!(
                "{}:{}",
                ranking.table_seat(s) + 1,
                name(table, hand, s)
            ));
            if !l.is_empty() && l.len() + 1 + item.len() > 25 {
                left(d, &l, &FONT_5X8, below)?;
                below += 8;
                l = Line::new();
            }
            let sep = if l.is_empty() { "" } else { " " };
            let _ = write!(l, "{sep}{}", &*item);
        }
        left(d, &l, &FONT_5X8, below)?;
        below += 8;
    }
    // What the OK pays, before the press that pays (issue 22); until then
    // each pot names who can win it (P1).
    let results = ranking.if_ok(state).unwrap_or_default();
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
            return pot_lines::pots(d, table, state, below + 1).map(drop);
        }
        // Each pot with who can win it (P1): "s1 120: Bob Cat", every
        // contender named (issue 32: "Jo" was cut off the end).
        return pot_lines::contenders(d, table, hand, &pots, below);
    }
    let room = usize::try_from((64 - below) / 10).unwrap_or(0);
    for (i, l) in lines
        .iter()
        .filter(|l| !l.is_empty())
        .take(room)
        .enumerate()
    {
        left(d, l, &FONT_6X10, below + 10 * i as i32)?;
    }
    Ok(())
}
