//! Showdown: the ranking being entered, the hint for the next press, and
//! what the OK would pay. The ranking itself is `ui::showdown`; this only
//! draws it.

use std::fmt::Write as _;

use embedded_graphics::pixelcolor::BinaryColor;

use crate::engine::{Ranks, Seat};
use crate::table::{CurrentHand, Table};
use crate::ui::canvas::Canvas;
use crate::ui::fonts::{FONT_5X8, FONT_6X10, FONT_7X13_BOLD};
use crate::ui::pot_lines;
use crate::ui::showdown::{split, Ranking};

use super::line::Line;
use super::names::{money, name, Names};
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
    left(d, &placed(table, hand, ranking), &FONT_5X8, 14)?;
    let pays = ranking.if_ok(state).is_some();
    let lines = lower(table, Some(hand), ranking);
    let pages = lines.len().div_ceil(ROWS).max(1);
    let turns = ranking.ok_turns(state, pages);
    let bar = if turns && (ranking.complete() || pays) {
        // Issue 32: the payout has a page not yet seen; OK shows it.
        "OK: more  UNDO back"
    } else if turns && low {
        // OK ends a low side only from the last page.
        "key: next  OK: more"
    } else if ranking.complete() {
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
    let at = ranking.page % pages;
    if pages > 1 {
        right(
            d,
            &Line::of(format_args!("p{}/{pages}", at + 1)),
            &FONT_5X8,
            TOP,
        )?;
    }
    for (i, l) in lines.iter().skip(at * ROWS).take(ROWS).enumerate() {
        left(d, l, &FONT_5X8, TOP + STEP * i as i32)?;
    }
    Ok(())
}

/// Where the lines under the bar start, their step, and how many a page
/// holds (the last ends on the panel's last row).
const TOP: i32 = 34;
const STEP: i32 = 7;
const ROWS: usize = 4;
/// Characters across the panel in the small font; a paged line keeps
/// [`MARK`] of them free for the page's mark ("p2/3").
const NARROW: usize = 25;
const MARK: usize = 6;

/// How many pages the lines under the showdown's bar take: what OK turns
/// before it pays ([`Ranking::press_paged`]).
pub fn showdown_pages(table: &Table, ranking: &Ranking) -> usize {
    lower(table, table.hand(), ranking)
        .len()
        .div_ceil(ROWS)
        .max(1)
}

/// The ranking so far: "1.Bob 2.Cat=Dan", finished sides first so the
/// whole ranking stays in view until paid; names shorten together
/// ([`Names`]) until it fits, and past that the first places give way to
/// "..", visibly (the payout page names every winner and amount).
fn placed(table: &Table, hand: &CurrentHand, ranking: &Ranking) -> Line {
    let state = hand.state();
    let groups: Vec<&Vec<Seat>> = ranking
        .done
        .iter()
        .flatten()
        .chain(ranking.groups.iter())
        .collect();
    // P6 (H2 5.3): before any place, who shows first, from the engine.
    if groups.is_empty() && !ranking.open_tie {
        return match state.first_to_show() {
            Some(first) => Line::of(format_args!("{} shows first", name(table, hand, first))),
            None => Line::new(),
        };
    }
    let write = |names: &Names, from: usize| {
        let mut l = Line::new();
        if from > 0 {
            let _ = l.write_str("..");
        }
        for (i, g) in groups.iter().enumerate().skip(from) {
            let sep = if l.is_empty() { "" } else { " " };
            let _ = write!(l, "{sep}{}.", i + 1);
            for (j, &s) in g.iter().enumerate() {
                let tie = if j > 0 { "=" } else { "" };
                let _ = write!(l, "{tie}{}", names.hand(hand, s));
            }
        }
        // A place kept open for a tie: "1.Bob=" until the next hand joins it.
        if ranking.open_tie {
            let _ = l.write_char('=');
        }
        l
    };
    for room in [12, 9, 7, 5, 4, 3, 2] {
        let l = write(&Names::of(table, room), 0);
        if l.len() <= NARROW {
            return l;
        }
    }
    let names = Names::of(table, 2);
    (1..groups.len())
        .map(|from| write(&names, from))
        .find(|l| l.len() <= NARROW)
        .unwrap_or_else(Line::new)
}

/// The lines under the bar: each hand
/// that can still win by the key that names it, then what OK pays ("wins:
/// Bob 10 Cat 120", a winner and the amount on one line) or, until then,
/// each pot with who can win it (P1). All on one page at the panel's width
/// if they fit, else made narrower for the page's mark.
fn lower(table: &Table, hand: Option<&CurrentHand>, ranking: &Ranking) -> Vec<Line> {
    let Some(hand) = hand else {
        return Vec::new();
    };
    let one = lines_of(table, hand, ranking, NARROW);
    if one.len() <= ROWS {
        return one;
    }
    lines_of(table, hand, ranking, NARROW - MARK)
}

fn lines_of(table: &Table, hand: &CurrentHand, ranking: &Ranking, width: usize) -> Vec<Line> {
    let state = hand.state();
    let mut lines: Vec<Line> = Vec::new();
    // Items joined onto lines of `width`, an item never split.
    let add = |lines: &mut Vec<Line>, item: &str, fresh: bool| match lines.last_mut() {
        Some(l) if !fresh && l.len() + 1 + item.len() <= width => {
            let _ = write!(l, " {item}");
        }
        _ => lines.push(Line::of(format_args!("{item}"))),
    };
    if !ranking.complete() {
        for (i, &s) in ranking.candidates(state).iter().enumerate() {
            let item = Line::of(format_args!(
                "{}:{}",
                ranking.table_seat(s) + 1,
                name(table, hand, s)
            ));
            add(&mut lines, &item, i == 0);
        }
    }
    // What the OK pays, before the press that pays (issue 22); until then
    // each pot names who can win it (P1).
    let results = ranking.if_ok(state).unwrap_or_default();
    let pay = split(state, &results).unwrap_or_default();
    let winners: Vec<(usize, u64)> = pay
        .iter()
        .copied()
        .enumerate()
        .filter(|&(_, a)| a > 0)
        .collect();
    if !winners.is_empty() {
        // Names shorten together until every "name amount" fits a line.
        let item = |names: &Names, s: usize, a: u64| {
            Line::of(format_args!("{} {}", names.hand(hand, s), money(table, a)))
        };
        let names = [12, 9, 7, 5, 4, 3, 2]
            .into_iter()
            .map(|room| Names::of(table, room))
            .find(|n| winners.iter().all(|&(s, a)| item(n, s, a).len() <= width))
            .unwrap_or_else(|| Names::of(table, 2));
        // "wins: Bob 20, Cat 120": a comma between winners on a line.
        lines.push(Line::of(format_args!("wins:")));
        for (i, &(s, a)) in winners.iter().enumerate() {
            let item = item(&names, s, a);
            match lines.last_mut() {
                Some(l) if i == 0 && l.len() + 1 + item.len() <= width => {
                    let _ = write!(l, " {}", &*item);
                }
                Some(l) if i > 0 && l.len() + 2 + item.len() <= width => {
                    let _ = write!(l, ", {}", &*item);
                }
                _ => lines.push(item),
            }
        }
        return lines;
    }
    let pots = state.settled_pots();
    if pots.len() < 2 {
        lines.push(Line::of(format_args!("pot {}", money(table, state.pot()))));
    } else {
        lines.extend(pot_lines::contender_lines(table, hand, &pots, width));
    }
    lines
}
