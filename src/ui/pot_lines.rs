//! P1, D1: the pot on the action screen, never cut off. One total while
//! nobody is all in; side pots (the table's own report, `settled_pots`)
//! once someone is. A line too wide for the big font moves to the small
//! one, then onto more lines (a pot is never split across two), and only
//! then are amounts shortened ("1.2k"): exact while they fit.

use std::fmt::{self, Write};

use super::fonts::{FONT_5X8, FONT_6X10};

use super::canvas::Canvas;
use super::screens::{left, money, specials, wrap, AllIn, Line, Names, H};
use crate::engine::{Chips, HandState, Seat};
use crate::table::{CurrentHand, Table};

/// Characters across the panel in the big (6x10) and small (5x8) fonts.
const WIDE: usize = 21;
const NARROW: usize = 25;
/// Lines the pots may take in the small font; the specials get the rest.
pub(super) const MAX_LINES: usize = 3;

#[derive(Debug, Clone, Copy)]
enum Item {
    Pot(Chips),
    Main(Chips),
    Side(usize, Chips),
    Bets(Chips),
}

/// How the pots are laid out: one line in the big font, or up to
/// [`MAX_LINES`] in the small one.
// Built and drawn at once, never stored: the size does not matter.
#[allow(clippy::large_enum_variant)]
pub(super) enum PotLines {
    Wide(Line),
    Narrow([Option<Line>; MAX_LINES]),
}

impl PotLines {
    pub(super) fn of(table: &Table, state: &HandState) -> PotLines {
        let items = items(state);
        let one = line(table, &items, false);
        if one.len() <= WIDE {
            return PotLines::Wide(one);
        }
        for compact in [false, true] {
            if let Some(lines) = pack(table, &items, compact) {
                return PotLines::Narrow(lines);
            }
        }
        // Past three lines even shortened (ten seats and eight all-ins at
        // different amounts): the pots that fit, then how many more.
        PotLines::Narrow(pack_cut(table, &items))
    }
}

fn items(state: &HandState) -> Vec<Item> {
    let pots = state.settled_pots();
    let [main, sides @ ..] = pots.as_slice() else {
        return vec![Item::Pot(state.pot())];
    };
    if sides.is_empty() {
        return vec![Item::Pot(state.pot())];
    }
    let mut items = Vec::with_capacity(pots.len() + 1);
    items.push(Item::Main(main.amount));
    items.extend(
        sides
            .iter()
            .enumerate()
            .map(|(i, p)| Item::Side(i + 1, p.amount)),
    );
    let bets = state.bets_total();
    if bets > 0 {
        items.push(Item::Bets(bets));
    }
    items
}

fn write_item(out: &mut Line, table: &Table, item: Item, compact: bool) {
    let amount = |c: Chips| Amount(table, c, compact);
    let _ = match item {
        Item::Pot(c) => write!(out, "pot {}", amount(c)),
        Item::Main(c) => write!(out, "main {}", amount(c)),
        Item::Side(i, c) => write!(out, "s{i} {}", amount(c)),
        Item::Bets(c) => write!(out, "bets {}", amount(c)),
    };
}

struct Amount<'a>(&'a Table, Chips, bool);

impl fmt::Display for Amount<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = money(self.0, self.1);
        if self.2 {
            write!(f, "{}", m.compact())
        } else {
            write!(f, "{m}")
        }
    }
}

fn line(table: &Table, items: &[Item], compact: bool) -> Line {
    let mut out = Line::new();
    for &item in items {
        if !out.is_empty() {
            let _ = out.write_char(' ');
        }
        write_item(&mut out, table, item, compact);
    }
    out
}

/// Items packed greedily onto lines of [`NARROW`] characters; `None` when
/// they take more than [`MAX_LINES`].
fn pack(table: &Table, items: &[Item], compact: bool) -> Option<[Option<Line>; MAX_LINES]> {
    let mut lines: [Option<Line>; MAX_LINES] = Default::default();
    let mut at = 0;
    for &item in items {
        let mut text = Line::new();
        write_item(&mut text, table, item, compact);
        let fits = lines[at]
            .as_ref()
            .is_some_and(|l| l.len() + 1 + text.len() <= NARROW);
        match &mut lines[at] {
            Some(l) if fits => {
                let _ = l.write_char(' ');
                let _ = l.write_str(&text);
            }
            None => lines[at] = Some(text),
            Some(_) => {
                at += 1;
                *lines.get_mut(at)? = Some(text);
            }
        }
    }
    Some(lines)
}

/// Shortened pots on all the lines, the last ending "+N pots" for those
/// left off: a count of pots, which cannot be read as money.
fn pack_cut(table: &Table, items: &[Item]) -> [Option<Line>; MAX_LINES] {
    for shown in (1..items.len()).rev() {
        let Some(mut lines) = pack(table, &items[..shown], true) else {
            continue;
        };
        let rest = Line::of(format_args!("+{} pots", items.len() - shown));
        let used = lines.iter().flatten().count();
        if let Some(Some(last)) = used.checked_sub(1).and_then(|i| lines.get_mut(i)) {
            if last.len() + 1 + rest.len() <= NARROW {
                let _ = last.write_char(' ');
                let _ = last.write_str(&rest);
                return lines;
            }
        }
        if let Some(free) = lines.get_mut(used) {
            *free = Some(rest);
            return lines;
        }
    }
    let mut lines: [Option<Line>; MAX_LINES] = Default::default();
    lines[0] = Some(Line::of(format_args!("{} pots", items.len())));
    lines
}

/// The pots from `top` down, then what is special about the hand in the
/// lines left to the bottom of the panel: whole names where they fit,
/// then names shortened together ([`Names`]); past that the specials page
/// ("1/2" at the right of their first line; `page` counts the presses that
/// turned them) rather than drop or count anyone (issue 32: "7 ALL-IN").
pub(super) fn pots_and_specials<D: Canvas>(
    d: &mut D,
    table: &Table,
    hand: &CurrentHand,
    top: i32,
    bottom: i32,
    page: usize,
) -> Result<(), D::Error> {
    let (mut y, step) = pots(d, table, hand.state(), top)?;
    let room = usize::try_from((bottom.min(H) - y) / step).unwrap_or(0);
    // The button and the blinds on the last free line, where a glance
    // finds them during the hand (issue 22); the specials come first.
    let seats = positions(table, hand);
    let mut text = Line::new();
    specials(&mut text, table, hand, AllIn::Named, None);
    let mut short = [9, 5, 3].into_iter();
    while wrap(&text, NARROW).count() > room {
        let Some(r) = short.next() else { break };
        text = Line::new();
        specials(
            &mut text,
            table,
            hand,
            AllIn::Named,
            Some(&Names::of(table, r)),
        );
    }
    let lines = wrap(&text, NARROW).count();
    if lines > room && room > 0 {
        // Pages of `room` lines, each line short of the page's mark.
        let all: Vec<Line> = wrap(&text, NARROW - PAGE_MARK).collect();
        let pages = all.len().div_ceil(room);
        let at = page % pages;
        super::screens::right(
            d,
            &Line::of(format_args!("{}/{pages}", at + 1)),
            &FONT_5X8,
            y,
        )?;
        for l in all.iter().skip(at * room).take(room) {
            left(d, l, &FONT_5X8, y)?;
            y += step;
        }
        return Ok(());
    }
    for l in wrap(&text, NARROW).take(room) {
        left(d, &l, &FONT_5X8, y)?;
        y += step;
    }
    if !seats.is_empty() && y + step <= bottom.min(H) {
        left(d, &seats, &FONT_5X8, y)?;
    }
    Ok(())
}

/// Characters kept at the right of a paged line for its mark ("10/12").
const PAGE_MARK: usize = 6;

/// "D Ann SB Bob BB Cat": the button, the blinds, a kill and the
/// straddles of the hand (issue 32: who posted what), each
/// name as long as the line lets them all be, and never two alike
/// ([`Names`]): walk-ins are "D G1 SB G2 BB G3", never "D Gue SB Gue".
fn positions(table: &Table, hand: &CurrentHand) -> Line {
    use crate::engine::{BlindRole, ForcedKind};
    let state = hand.state();
    // Who posted what, as the engine says it (the killer in the big blind
    // is "K/BB"), then any kill elsewhere and the straddles.
    let mut posted: Vec<(&str, Seat)> = state
        .blind_posters()
        .into_iter()
        .map(|(s, role)| {
            let label = match role {
                BlindRole::Small => "SB",
                BlindRole::Big => "BB",
                BlindRole::KillInBig => "K/BB",
                BlindRole::Other => "BL",
            };
            (label, s)
        })
        .collect();
    if !state.setup().kill_in_blind {
        posted.extend(state.forced_of(ForcedKind::Kill).map(|(s, _)| ("K", s)));
    }
    for kind in [ForcedKind::Straddle, ForcedKind::ButtonStraddle] {
        posted.extend(state.forced_of(kind).map(|(s, _)| ("STR", s)));
    }
    for room in [12, 9, 7, 5, 4, 3, 2] {
        let names = Names::of(table, room);
        let mut out = Line::new();
        if table.player(hand.button).is_some() {
            let _ = write!(out, "D {}", names.seat(hand.button));
        }
        for &(label, s) in &posted {
            let sep = if out.is_empty() { "" } else { " " };
            let _ = write!(out, "{sep}{label} {}", names.hand(hand, s));
        }
        if out.len() <= NARROW {
            return out;
        }
    }
    Line::new()
}

/// The pots from `top` down; where the next line may go, and the line
/// height in use.
pub(super) fn pots<D: Canvas>(
    d: &mut D,
    table: &Table,
    state: &HandState,
    top: i32,
) -> Result<(i32, i32), D::Error> {
    Ok(match PotLines::of(table, state) {
        // One row down, so the specials under it fall where they always have.
        PotLines::Wide(l) => {
            left(d, &l, &FONT_6X10, top + 1)?;
            (top + 12, 8)
        }
        // Seven rows a line: four small lines fit under the action lines.
        PotLines::Narrow(lines) => {
            let mut y = top;
            for l in lines.iter().flatten() {
                left(d, l, &FONT_5X8, y)?;
                y += 7;
            }
            (y, 7)
        }
    })
}

/// P1 at the showdown: each pot with who can win it, as lines of at most
/// `width` characters: "s1 120: Bob Cat". Every contender is named:
/// names shorten together ([`Names`]) until the pot's line holds them, and
/// past that the pot goes on to the next line. Every pot is listed; the
/// showdown pages the lines when they do not fit (issue 32: "+3 pots not
/// shown" hid the contenders the dealer was naming places among).
pub(super) fn contender_lines(
    table: &Table,
    hand: &CurrentHand,
    pots: &[crate::engine::Pot],
    width: usize,
) -> Vec<Line> {
    let mut lines: Vec<Line> = Vec::new();
    for (i, p) in pots.iter().enumerate() {
        let head = match i {
            0 => Line::of(format_args!("main {}:", money(table, p.amount))),
            _ => Line::of(format_args!("s{i} {}:", money(table, p.amount))),
        };
        let line_at = |room: usize| {
            let names = Names::of(table, room);
            let mut l = Line::of(format_args!("{}", &*head));
            for &s in &p.eligible {
                let _ = write!(l, " {}", names.hand(hand, s));
            }
            l
        };
        match [12, 9, 7, 5, 4, 3, 2]
            .into_iter()
            .map(line_at)
            .find(|l| l.len() <= width)
        {
            Some(l) => lines.push(l),
            None => lines.extend(wrap(&line_at(3), width)),
        }
    }
    lines
}
