//! Screens: pure functions from table and UI state to pixels on any 128x64
//! [`Canvas`] (an embedded-graphics `DrawTarget<Color = BinaryColor>`), so
//! the OLED, the terminal and the docs' PNGs share one picture.
//!
//! Layout rule: the top line answers "who", in bold, readable at arm's
//! length; the lines under it in 6x10 answer "how much"; the 5x8 footer is
//! for what the dealer reads only when something is unusual.

use std::cell::RefCell;
use std::fmt::{self, Write as _};
use std::ops::Deref;

use super::fonts::{FONT_10X20, FONT_5X8, FONT_6X10, FONT_7X13_BOLD};
use embedded_graphics::mono_font::MonoFont;
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{PrimitiveStyle, Rectangle};
use embedded_graphics::text::Alignment;
use profont::PROFONT_24_POINT;

use crate::engine::{Chips, DropWhen, ForcedKind, HandState, NoRaise, Phase, Seat, Step};
use crate::rules::{HandKind, Times};
use crate::table::{CurrentHand, Night, Table, TableEvent, Transfer};

use super::amount::AmountEntry;
use super::canvas::{Canvas, TextSpec};
use super::controller::{Controller, MenuItem};
use super::pot_lines;
use super::qr;
use super::screen::Screen;
use super::showdown::{split, Ranking};
use super::view::{Ack, View, HOST_WARN_SECS};

pub const W: i32 = 128;
pub const H: i32 = 64;

pub(super) fn put<D: Canvas>(
    d: &mut D,
    s: &str,
    font: &'static MonoFont<'static>,
    x: i32,
    y: i32,
    align: Alignment,
) -> Result<(), D::Error> {
    let max = ((W as u32) / font.character_size.width.max(1)) as usize;
    d.text(&TextSpec {
        text: first_chars(s, max),
        font,
        at: Point::new(x, y),
        align,
        color: BinaryColor::On,
        background: None,
    })
}

/// The first `max` characters of `s`, borrowed: a copy of every line drawn
/// was a tenth of drawing a screen.
fn first_chars(s: &str, max: usize) -> &str {
    // ASCII, nearly every line: bytes are characters.
    if s.len() <= max {
        return s;
    }
    if s.is_ascii() {
        return s.get(..max).unwrap_or(s);
    }
    match s.char_indices().nth(max) {
        Some((end, _)) => &s[..end],
        None => s,
    }
}

pub(super) fn left<D: Canvas>(
    d: &mut D,
    s: &str,
    font: &'static MonoFont<'static>,
    y: i32,
) -> Result<(), D::Error> {
    put(d, s, font, 0, y, Alignment::Left)
}

pub(super) fn right<D: Canvas>(
    d: &mut D,
    s: &str,
    font: &'static MonoFont<'static>,
    y: i32,
) -> Result<(), D::Error> {
    put(d, s, font, W - 1, y, Alignment::Right)
}

/// Text in a lit bar, for what must not be missed (errors, the selection).
pub(super) fn inverse<D: Canvas>(
    d: &mut D,
    s: &str,
    font: &'static MonoFont<'static>,
    y: i32,
) -> Result<(), D::Error> {
    let h = font.character_size.height;
    Rectangle::new(Point::new(0, y), Size::new(W as u32, h))
        .into_styled(PrimitiveStyle::with_fill(BinaryColor::On))
        .draw(d)?;
    let max = (W as u32 / font.character_size.width.max(1)) as usize;
    d.text(&TextSpec {
        text: first_chars(s, max),
        font,
        at: Point::new(1, y),
        align: Alignment::Left,
        color: BinaryColor::Off,
        background: None,
    })
}

/// A line of text built on the stack. Each amount and name in its own
/// `String`, and the lines joined from them, were most of a screen's own
/// work; here a line is written in place. Past [`LINE`] bytes it moves to
/// the heap, so nothing is ever cut here: the screen cuts lines to the
/// panel's width when it draws them.
pub(super) struct Line {
    bytes: [u8; LINE],
    len: usize,
    spill: Option<String>,
}

/// Room for any line the panel can show, and for the footers and messages
/// before they are wrapped.
const LINE: usize = 96;

impl Line {
    pub(super) fn new() -> Line {
        Line {
            bytes: [0; LINE],
            len: 0,
            spill: None,
        }
    }

    /// `format!` into a line: `Line::of(format_args!(…))`.
    pub(super) fn of(args: fmt::Arguments) -> Line {
        let mut line = Line::new();
        // Writing into a line cannot fail.
        let _ = line.write_fmt(args);
        line
    }

    /// Bytes written; without going through `str`, which checks them.
    pub(super) fn len(&self) -> usize {
        self.spill.as_ref().map_or(self.len, String::len)
    }

    pub(super) fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub(super) fn as_str(&self) -> &str {
        match &self.spill {
            Some(s) => s,
            // Only whole `&str`s are copied in, so this is always UTF-8.
            None => std::str::from_utf8(self.bytes.get(..self.len).unwrap_or(&[])).unwrap_or(""),
        }
    }
}

impl fmt::Write for Line {
    fn write_char(&mut self, c: char) -> fmt::Result {
        // ASCII, nearly every character a screen writes: one byte in place.
        match (u8::try_from(c), &self.spill, self.bytes.get_mut(self.len)) {
            (Ok(b), None, Some(slot)) if b.is_ascii() => {
                *slot = b;
                self.len += 1;
                Ok(())
            }
            _ => self.write_str(c.encode_utf8(&mut [0; 4])),
        }
    }

    fn write_str(&mut self, s: &str) -> fmt::Result {
        if let Some(spill) = &mut self.spill {
            spill.push_str(s);
            return Ok(());
        }
        match self.bytes.get_mut(self.len..self.len + s.len()) {
            Some(room) => {
                room.copy_from_slice(s.as_bytes());
                self.len += s.len();
            }
            None => {
                let mut spill = String::with_capacity(self.len + s.len());
                spill.push_str(self.as_str());
                spill.push_str(s);
                self.spill = Some(spill);
            }
        }
        Ok(())
    }
}

impl Deref for Line {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

/// Words into lines of at most `width` bytes, each word on the line after
/// when it does not fit, a word longer than `width` on a line of its own;
/// words are separated by one space whatever separated them in `text`.
pub(super) fn wrap(text: &str, width: usize) -> impl Iterator<Item = Line> + '_ {
    let mut words = text.split_whitespace().peekable();
    std::iter::from_fn(move || {
        let first = words.next()?;
        let mut line = Line::new();
        let _ = line.write_str(first);
        while let Some(word) = words.next_if(|w| line.len() + 1 + w.len() <= width) {
            let _ = line.write_char(' ');
            let _ = line.write_str(word);
        }
        Some(line)
    })
}

/// Amounts as the house writes them (`unit.times`), without the currency:
/// every amount on the panel is money, and the characters are scarce.
pub fn money(table: &Table, units: Chips) -> Times {
    table.rules().house.unit.shown(units)
}

/// A seat's player by name, or the seat by number.
#[derive(Debug, Clone, Copy)]
pub(super) enum Who<'a> {
    Named(&'a str),
    Seat(usize),
}

impl fmt::Display for Who<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Who::Named(name) => f.pad(name),
            Who::Seat(seat) => write!(f, "seat {}", seat + 1),
        }
    }
}

/// The player at a table seat.
pub(super) fn seat_name(table: &Table, seat: usize) -> Who<'_> {
    table
        .player(seat)
        .map_or(Who::Seat(seat), |p| Who::Named(&p.name))
}

/// The player at a hand's seat.
fn name<'a>(table: &'a Table, hand: &CurrentHand, seat: Seat) -> Who<'a> {
    match hand.order.get(seat).and_then(|&s| table.player(s)) {
        Some(p) => Who::Named(&p.name),
        None => Who::Seat(seat),
    }
}

/// "PRE FLOP TURN RIVER" for four-round board games; stud streets by the
/// cards each player holds ("3RD" … "7TH", G3); 7/27's rounds by the card
/// offers so far ("HIT 2", G7); draws by the exchanges ("PRE-DRAW",
/// "DRAW 2"); else "R2/4".
pub fn street_name(state: &HandState) -> String {
    street(state).to_string()
}

fn street(state: &HandState) -> Line {
    let st = state.street();
    let steps = &state.spec().steps;
    // G7: one betting round after each offer of a card, played again while
    // anyone takes one; the cards held differ from player to player, so
    // the round is named by the offers so far.
    if st.round > 0
        && steps
            .iter()
            .any(|s| matches!(s, Step::RepeatIfDrawn { .. }))
    {
        return Line::of(format_args!("HIT {}", state.laps() + 1));
    }
    let stud = steps
        .iter()
        .any(|s| matches!(s, Step::Deal(d) if d.hole_up > 0));
    let draws_in_game = steps.iter().filter(|s| is_exchange(s)).count();
    // What was dealt and exchanged before this round's betting names it.
    let (mut board, mut cards, mut draws, mut since_board, mut rounds) = (0u32, 0u32, 0, 0, 0);
    for s in steps.iter() {
        match s {
            Step::Deal(d) => {
                board += u32::from(d.board);
                cards += u32::from(d.hole_down) + u32::from(d.hole_up);
                if d.board > 0 {
                    since_board = 0;
                }
            }
            Step::Bet(_) => {
                rounds += 1;
                if rounds == st.round {
                    break;
                }
            }
            s if is_exchange(s) => {
                draws += 1;
                since_board += 1;
            }
            _ => {}
        }
    }
    let boards = steps
        .iter()
        .any(|s| matches!(s, Step::Deal(d) if d.board > 0));
    let board_name = match board {
        0 => Some("PRE"),
        3 => Some("FLOP"),
        4 => Some("TURN"),
        5 => Some("RIVER"),
        _ => None,
    };
    match (st.round > 0, boards, stud, board_name) {
        (false, ..) => Line::of(format_args!("R{}/{}", st.round, st.of)),
        // G5 (Texas 2-step): the paid draw after a board card.
        (true, true, _, Some(name)) if since_board > 0 => Line::of(format_args!("{name} DRAW")),
        (true, true, _, Some(name)) => Line::of(format_args!("{name}")),
        (true, true, _, None) => Line::of(format_args!("BOARD {board}")),
        (true, false, true, _) => {
            let suffix = match cards {
                1 => "ST",
                2 => "ND",
                3 => "RD",
                _ => "TH",
            };
            Line::of(format_args!("{cards}{suffix}"))
        }
        (true, false, false, _) if draws_in_game > 0 => match (draws, draws_in_game) {
            (0, _) => Line::of(format_args!("PRE-DRAW")),
            (_, 1) => Line::of(format_args!("POST-DRAW")),
            (k, _) => Line::of(format_args!("DRAW {k}")),
        },
        (true, false, false, _) => Line::of(format_args!("R{}/{}", st.round, st.of)),
    }
}

/// What the dealer is to deal at step `i`, by name: "DEAL THE TURN", "DEAL
/// BOTH FLOPS" on two boards (a bomb pot's, or run twice), "DEAL 5TH ST".
fn deal_what(state: &HandState, i: usize) -> Line {
    let steps = &state.spec().steps;
    let Some(Step::Deal(d)) = steps.get(i) else {
        return Line::of(format_args!("DEAL CARDS"));
    };
    let (mut board, mut cards) = (
        u32::from(d.board),
        u32::from(d.hole_down) + u32::from(d.hole_up),
    );
    for s in steps.iter().take(i) {
        if let Step::Deal(e) = s {
            board += u32::from(e.board);
            cards += u32::from(e.hole_down) + u32::from(e.hole_up);
        }
    }
    let stud = steps
        .iter()
        .any(|s| matches!(s, Step::Deal(d) if d.hole_up > 0));
    let name = match board {
        3 => "FLOP",
        4 => "TURN",
        5 => "RIVER",
        _ => "BOARD",
    };
    match (d.board > 0, state.boards() > 1) {
        (true, true) => Line::of(format_args!("DEAL BOTH {name}S")),
        (true, false) => Line::of(format_args!("DEAL THE {name}")),
        (false, _) if stud => {
            let suffix = match cards {
                1 => "ST",
                2 => "ND",
                3 => "RD",
                _ => "TH",
            };
            Line::of(format_args!("DEAL {cards}{suffix} ST"))
        }
        (false, _) => Line::of(format_args!("DEAL CARDS")),
    }
}

/// A step where players change cards.
fn is_exchange(s: &Step) -> bool {
    matches!(s, Step::Draw | Step::PaidDraw { .. } | Step::Discard)
}

/// The error/message line: a lit bar at the bottom, two lines when needed.
pub fn message<D: Canvas>(d: &mut D, text: &str) -> Result<(), D::Error> {
    let mut lines = wrap(text, 25);
    let lines = [lines.next(), lines.next()];
    let n = if lines[1].is_some() { 2 } else { 1 };
    let top = H - 8 * n - 1;
    Rectangle::new(Point::new(0, top), Size::new(W as u32, (H - top) as u32))
        .into_styled(PrimitiveStyle::with_fill(BinaryColor::Off))
        .draw(d)?;
    for (i, l) in lines.iter().flatten().enumerate() {
        inverse(d, l, &FONT_5X8, top + 1 + 8 * i as i32)?;
    }
    Ok(())
}

/// Whether the specials list who is all in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum AllIn {
    Left,
    Named,
    /// "7 ALL-IN": when the names do not fit.
    Counted,
}

/// What is special about this hand, for the footer, one after another
/// with a space between: kill, bomb, straddles, posts, and the all-ins.
pub(super) fn specials(out: &mut Line, table: &Table, hand: &CurrentHand, all_in: AllIn) {
    let state = hand.state();
    let mut item = |args: fmt::Arguments| {
        if !out.is_empty() {
            let _ = out.write_char(' ');
        }
        let _ = out.write_fmt(args);
    };
    for (s, a) in state.forced_of(ForcedKind::Kill) {
        item(format_args!(
            "KILL {} {}",
            name(table, hand, s),
            money(table, a)
        ));
    }
    // B9: nobody opened, so the same round is played again for low; the
    // dealer must not read it as a misdeal.
    if state.lowball() && state.phase() != Phase::Voided {
        item(format_args!("NOW FOR LOW"));
    }
    if hand.kind == HandKind::Bomb {
        let each = state.forced_of(ForcedKind::Bomb).map(|(_, a)| a).max();
        item(format_args!("BOMB {} ea", money(table, each.unwrap_or(0))));
    }
    for kind in [ForcedKind::Straddle, ForcedKind::ButtonStraddle] {
        for (s, a) in state.forced_of(kind) {
            item(format_args!(
                "STR {} {}",
                name(table, hand, s),
                money(table, a)
            ));
        }
    }
    for kind in [ForcedKind::LivePost, ForcedKind::DeadPost] {
        for (s, a) in state.forced_of(kind) {
            item(format_args!(
                "POST {} {}",
                name(table, hand, s),
                money(table, a)
            ));
        }
    }
    if all_in == AllIn::Left {
        return;
    }
    let count = state
        .seats()
        .iter()
        .filter(|s| !s.folded && s.stack == 0)
        .count();
    if all_in == AllIn::Counted && count > 0 {
        if !out.is_empty() {
            let _ = out.write_char(' ');
        }
        let _ = write!(out, "{count} ALL-IN");
        return;
    }
    let mut all_in = state
        .seats()
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.folded && s.stack == 0)
        .map(|(i, _)| name(table, hand, i))
        .peekable();
    if all_in.peek().is_some() {
        if !out.is_empty() {
            let _ = out.write_char(' ');
        }
        let _ = out.write_str("ALL-IN");
        for who in all_in {
            let _ = write!(out, " {who}");
        }
    }
}

/// The action screen: whose turn, to call, the range, the pots, the street,
/// and what is special; with amount entry, the amount being entered.
pub fn action<D: Canvas>(
    d: &mut D,
    table: &Table,
    entry: Option<&AmountEntry>,
) -> Result<(), D::Error> {
    action_saying(d, table, entry, None)
}

/// [`action`], with what the last press recorded at the bottom.
fn action_saying<D: Canvas>(
    d: &mut D,
    table: &Table,
    entry: Option<&AmountEntry>,
    confirm: Option<&str>,
) -> Result<(), D::Error> {
    d.clear(BinaryColor::Off)?;
    let Some(hand) = table.hand() else {
        return left(d, "no hand", &FONT_6X10, 0);
    };
    let state = hand.state();
    let Some(seat) = state.to_act() else {
        return left(d, state.expected(), &FONT_5X8, 0);
    };
    left(
        d,
        &Line::of(format_args!("{}", name(table, hand, seat))),
        &FONT_7X13_BOLD,
        0,
    )?;
    right(d, &street(state), &FONT_6X10, 1)?;
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
            put(d, &pad.shown(), &FONT_10X20, W / 2, 35, Alignment::Center)?;
            return left(d, super::keypad::KEY_MAP, &FONT_5X8, 56);
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
    left(d, &range, &FONT_6X10, 25)?;
    // B4: how many raises the cap leaves in this round.
    if let Some(n) = state.raises_left().filter(|&n| n > 0) {
        let tag = Line::of(format_args!("{n} left"));
        if range.len() + 1 + tag.len() <= 21 {
            right(d, &tag, &FONT_6X10, 25)?;
        }
    }
    let bottom = confirmation(d, confirm)?;
    pot_lines::pots_and_specials(d, table, hand, 35, bottom)
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

/// What the last press recorded, in plain text under a rule at the bottom
/// (a refusal is a lit bar: this is calmer), on up to two lines; returns
/// where the screen above it must end.
fn confirmation<D: Canvas>(d: &mut D, text: Option<&str>) -> Result<i32, D::Error> {
    let Some(text) = text else {
        return Ok(H);
    };
    let mut lines = wrap(text, 25);
    let lines = [lines.next(), lines.next()];
    let n = if lines[1].is_some() { 2 } else { 1 };
    let top = H - 8 * n - 1;
    Rectangle::new(Point::new(0, top), Size::new(W as u32, 1))
        .into_styled(PrimitiveStyle::with_fill(BinaryColor::On))
        .draw(d)?;
    for (i, l) in lines.iter().flatten().enumerate() {
        left(d, l, &FONT_5X8, top + 1 + 8 * i as i32)?;
    }
    Ok(top)
}

/// The next hand as [`between`] shows it, or why there is none.
type NextHand = Result<Table, String>;

fn next_hand(table: &Table) -> NextHand {
    table
        .preview(&TableEvent::NewHand)
        .map_err(|e| e.to_string())
}

/// The next hand of a night, kept for as long as the night's
/// [generation](Night::generation) stands: dealing it was two thirds of
/// drawing the between-hands screen, and that screen is redrawn for every
/// message and menu over it while the night stays the same.
#[derive(Debug, Default)]
pub struct PreviewCache(RefCell<Option<(u64, NextHand)>>);

impl PreviewCache {
    fn with<R>(&self, night: &Night, f: impl FnOnce(&NextHand) -> R) -> R {
        let key = night.generation();
        // Drawing never comes back here; were it to, it would deal afresh.
        let Ok(mut slot) = self.0.try_borrow_mut() else {
            return f(&next_hand(night.table()));
        };
        match &*slot {
            Some((k, next)) if *k == key => f(next),
            _ => f(&slot.insert((key, next_hand(night.table()))).1),
        }
    }
}

/// Between hands: the next hand as the table would deal it, previewed on a
/// light copy of the table so nothing is posted until the dealer says so.
pub fn between<D: Canvas>(d: &mut D, table: &Table) -> Result<(), D::Error> {
    between_next(d, table, &next_hand(table), None)
}

fn between_next<D: Canvas>(
    d: &mut D,
    table: &Table,
    next: &NextHand,
    confirm: Option<&str>,
) -> Result<(), D::Error> {
    d.clear(BinaryColor::Off)?;
    // Issue 22: who won the hand just paid stays up until the next deal,
    // for the dealer pushing the chips; the recorded note goes by itself.
    let mut won = Line::new();
    for (name, amount) in table.paid().unwrap_or_default() {
        let sep = if won.is_empty() { "won" } else { "," };
        let _ = write!(won, "{sep} {name} {}", money(table, amount));
    }
    let next = match next {
        Ok(next) => next,
        // No next hand (one player left with chips): who won, and why.
        Err(e) => {
            left(d, "NEXT HAND", &FONT_7X13_BOLD, 0)?;
            for (i, l) in wrap(&won, 25).take(2).enumerate() {
                left(d, &l, &FONT_5X8, 16 + 8 * i as i32)?;
            }
            return message(d, e);
        }
    };
    // G8, G9: Guts and lives games deal no engine hand, so the preview's
    // hand is the last one played (or none): name their game, button and
    // pot from the table, not that hand's.
    let Some(hand) = next.live_hand() else {
        let game = table.rules().games.get(next.game());
        let btn = next.button().and_then(|b| table.player(b));
        let pot = next.guts().pot + next.lives().map_or(0, |l| l.pot);
        left(
            d,
            &format!("HAND {}", next.hands_dealt()),
            &FONT_7X13_BOLD,
            0,
        )?;
        left(d, game.map_or("?", |g| g.name.as_str()), &FONT_5X8, 13)?;
        left(
            d,
            &format!("BTN {}", btn.map_or("-", |p| &*p.name)),
            &FONT_6X10,
            22,
        )?;
        left(d, &format!("pot {}", money(table, pot)), &FONT_6X10, 32)?;
        return inverse(d, "OK deal  hold OK: menu", &FONT_5X8, 56);
    };
    let game = table
        .rules()
        .games
        .get(hand.game)
        .map_or("?", |g| g.name.as_str());
    left(
        d,
        &Line::of(format_args!("HAND {}", next.hands_dealt())),
        &FONT_7X13_BOLD,
        0,
    )?;
    // D2: a misdealt hand is redealt; the dealer sees why the hand number
    // did not move on the button.
    let misdealt = table
        .hand()
        .is_some_and(|h| h.settled && h.state().phase() == Phase::Voided);
    // B9: passed out for high and again for low is a new deal, not a
    // misdeal.
    let passed_out = misdealt && table.hand().is_some_and(|h| h.state().lowball());
    let kind = match hand.kind {
        HandKind::Normal if passed_out => "RE-DEAL",
        HandKind::Normal if misdealt => "MISDEAL",
        HandKind::Normal => "",
        HandKind::Kill => "KILL",
        HandKind::Bomb => "BOMB",
    };
    right(d, kind, &FONT_7X13_BOLD, 0)?;
    left(d, game, &FONT_5X8, 13)?;
    let btn = table.player(hand.button).map_or("-", |p| &*p.name);
    left(d, &Line::of(format_args!("BTN {btn}")), &FONT_6X10, 22)?;
    let state = hand.state();
    let mut blinds = Line::new();
    for (s, a) in state.forced_of(ForcedKind::Blind) {
        let sep = if blinds.is_empty() { "" } else { " / " };
        let _ = write!(blinds, "{sep}{} {}", name(next, hand, s), money(table, a));
    }
    let collect = to_collect(table, next, hand);
    // "no blinds" only where nothing else is collected either.
    if blinds.is_empty() && collect.is_empty() {
        let _ = blinds.write_str("no blinds");
    }
    let mut specials = Line::new();
    self::specials(&mut specials, next, hand, AllIn::Left);
    // Small lines from under the button down to the hint; past three, the
    // hint gives way. What the last press recorded takes a free line.
    // Beside the game's name where both fit, so the keys' hint keeps its
    // place; else on a line of its own.
    let beside = !won.is_empty() && game.chars().count() + 2 + won.len() <= 25;
    if beside {
        right(d, &won, &FONT_5X8, 13)?;
    }
    let own_line = if beside { "" } else { won.as_str() };
    let mut lines = wrap(own_line, 25)
        .chain(wrap(&blinds, 25))
        .chain(wrap(&collect, 25))
        .chain(wrap(&specials, 25));
    // The keys' hint from the bottom up: one line, or two for a house with
    // every special.
    let hint = super::controller::between_hint(table);
    let bottom = 64 - 8 * hint.len().max(1) as i32;
    let mut y = 32;
    while y + 8 <= bottom {
        let Some(l) = lines.next() else { break };
        left(d, &l, &FONT_5X8, y)?;
        y += 8;
    }
    if let Some(l) = lines.next() {
        return left(d, &l, &FONT_5X8, bottom);
    }
    // The note of a paid hand says what the "won" line says already.
    let repeats = |said: &&str| table.who_won().is_some_and(|w| said.ends_with(&w));
    if let Some(said) = confirm.filter(|said| !repeats(said)) {
        for l in wrap(said, 25) {
            if y + 8 > bottom {
                break;
            }
            left(d, &l, &FONT_5X8, y)?;
            y += 8;
        }
    }
    for (i, l) in hint.iter().enumerate() {
        inverse(d, l, &FONT_5X8, bottom + 8 * i as i32)?;
    }
    Ok(())
}

/// M3, F2 (H4): what the dealer collects before the cards go out: the
/// antes, the button's fee, and the drop the pot will pay.
fn to_collect(table: &Table, next: &Table, hand: &CurrentHand) -> Line {
    let state = hand.state();
    let mut out = Line::new();
    let mut antes = state.forced_of(ForcedKind::Ante).peekable();
    if let Some(&(_, first)) = antes.peek() {
        let all: Vec<(Seat, Chips)> = antes.collect();
        if all.len() == hand.order.len() && all.iter().all(|&(_, a)| a == first) {
            let _ = write!(out, "ante {} each", money(table, first));
        } else {
            for (s, a) in all {
                let sep = if out.is_empty() { "ante " } else { ", " };
                let _ = write!(out, "{sep}{} {}", name(next, hand, s), money(table, a));
            }
        }
    }
    if let Some((seat, fee)) = hand.button_fee.filter(|&(_, f)| f > 0) {
        let who = next.player(seat).map_or("-", |p| &*p.name);
        let sep = if out.is_empty() { "" } else { "  " };
        let _ = write!(out, "{sep}fee {} {who}", money(table, fee));
    }
    let setup = state.setup();
    if setup.drop_at_flop > 0 {
        let when = match setup.drop_when {
            DropWhen::Flop => "at flop",
            DropWhen::Start => "now",
            DropWhen::FirstRoundEnd => "after round 1",
        };
        let sep = if out.is_empty() { "" } else { "  " };
        let _ = write!(out, "{sep}drop {} {when}", money(table, setup.drop_at_flop));
    }
    out
}

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
        // Each pot with who can win it (P1): "s1 120: Bob Cat".
        for (i, p) in pots.iter().take(4).enumerate() {
            let mut l = Line::new();
            let _ = match i {
                0 => write!(l, "main {}:", money(table, p.amount)),
                _ => write!(l, "s{i} {}:", money(table, p.amount)),
            };
            for &s in &p.eligible {
                let _ = write!(l, " {}", name(table, hand, s));
            }
            left(d, l.get(..25).unwrap_or(&l), &FONT_5X8, 33 + 8 * i as i32)?;
        }
        return Ok(());
    }
    for (i, l) in lines.iter().filter(|l| !l.is_empty()).enumerate() {
        left(d, l, &FONT_6X10, 34 + 10 * i as i32)?;
    }
    Ok(())
}

/// The ledger, with the settle-up QR on the right.
pub fn ledger<D: Canvas>(d: &mut D, table: &Table) -> Result<(), D::Error> {
    ledger_page(d, table, 0)
}

/// The settle-up a page at a time (plus and minus turn them): who pays
/// whom beside the code that says the same, and on the first page what
/// came in and went out, corrections apart from buy-ins.
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
    let all = n + player_pages;
    let page = page % all;
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
    let head = Line::of(format_args!("H{} p{}/{all}", table.hands_dealt(), page + 1));
    left(d, &head, &FONT_6X10, 0)?;
    if transfers.is_empty() {
        left(d, "all even", &FONT_5X8, 11)?;
    }
    // The page's transfers: who to whom, then the amount, right under.
    let on_page = held.len();
    let mut y = 11;
    for t in transfers.get(held).unwrap_or_default() {
        let who = Line::of(format_args!(
            "{}>{}",
            first_chars(&t.from, 5),
            first_chars(&t.to, 5)
        ));
        left(d, &who, &FONT_5X8, y)?;
        let amount = Line::of(format_args!("{}", money(table, t.amount)));
        put(d, &amount, &FONT_5X8, W - H - 2, y + 8, Alignment::Right)?;
        y += 17;
    }
    if page == 0 && on_page < qr::PER_PAGE {
        let l = table.ledger();
        let corr = l.corrections_in() + l.corrections_out();
        let mut lines = [
            Line::of(format_args!("fee {}", money(table, l.fees()))),
            Line::of(format_args!(
                "in {}",
                money(table, l.money_in() - l.corrections_in())
            )),
            Line::of(format_args!(
                "out {}",
                money(table, l.money_out() - l.corrections_out())
            )),
            Line::new(),
        ];
        if corr > 0 {
            lines[3] = Line::of(format_args!(
                "corr +{} -{}",
                money(table, l.corrections_in()),
                money(table, l.corrections_out())
            ));
        }
        for l in lines.iter().filter(|l| !l.is_empty()) {
            if y + 8 > H {
                break;
            }
            left(d, first_chars(l, 12), &FONT_5X8, y)?;
            y += 8;
        }
    }
    Ok(())
}

/// Player rows a ledger page holds.
const PLAYER_ROWS: usize = 6;

/// The ledger's pages: the settle-up's, then the players'.
pub fn ledger_pages(table: &Table) -> usize {
    qr::with_settle_up(table, |_, pages| pages.len().max(1))
        + player_row_count(table).div_ceil(PLAYER_ROWS)
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

/// D3: the clock on the seat to act. The caller counts; this only draws.
pub fn clock<D: Canvas>(d: &mut D, table: &Table, seconds_left: u32) -> Result<(), D::Error> {
    d.clear(BinaryColor::Off)?;
    let mut who = Line::new();
    if let Some(w) = table
        .live_hand()
        .and_then(|h| h.state().to_act().map(|s| name(table, h, s)))
    {
        let _ = write!(who, "{w}");
    }
    left(d, "CLOCK", &FONT_7X13_BOLD, 0)?;
    right(d, &who, &FONT_7X13_BOLD, 0)?;
    // The house's length, so a 120-second clock reads 2:00 and fills the bar.
    let total = table.rules().clock_limit().max(1);
    let s = seconds_left.min(total);
    if s == 0 {
        Rectangle::new(Point::new(0, 16), Size::new(W as u32, 34))
            .into_styled(PrimitiveStyle::with_fill(BinaryColor::On))
            .draw(d)?;
        d.text(&TextSpec {
            text: "TIME",
            font: &PROFONT_24_POINT,
            at: Point::new(W / 2, 18),
            align: Alignment::Center,
            color: BinaryColor::Off,
            background: None,
        })?;
    } else {
        put(
            d,
            &Line::of(format_args!("{}:{:02}", s / 60, s % 60)),
            &PROFONT_24_POINT,
            W / 2,
            18,
            Alignment::Center,
        )?;
    }
    // The bar empties as time runs out; it reads at a glance from the side.
    let full = (W - 2) as u32;
    let filled = full * s / total;
    Rectangle::new(Point::new(0, 54), Size::new(W as u32, 10))
        .into_styled(PrimitiveStyle::with_stroke(BinaryColor::On, 1))
        .draw(d)?;
    Rectangle::new(Point::new(1, 55), Size::new(filled, 8))
        .into_styled(PrimitiveStyle::with_fill(BinaryColor::On))
        .draw(d)?;
    Ok(())
}

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
pub(super) fn list<D: Canvas, L: AsRef<str>>(
    d: &mut D,
    title: &str,
    n: usize,
    selected: usize,
    label: impl Fn(usize) -> L,
) -> Result<(), D::Error> {
    left(d, title, &FONT_7X13_BOLD, 0)?;
    right(d, "+/- OK", &FONT_5X8, 2)?;
    let sel = selected % n.max(1);
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

/// A prompt for the dealer's own steps (deal, draw counts, the opener).
fn prompt<D: Canvas>(
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
            // S3: run it twice is one press where the table would take it,
            // made when both boards are out.
            let hint = match first {
                _ if table.offers().run_it_twice => Line::of(format_args!("OK dealt B:2 dealt")),
                Some(s) => Line::of(format_args!("OK, or {:.10} acts", name(table, hand, s))),
                None if run_out => Line::of(format_args!("OK when all dealt")),
                None => Line::of(format_args!("OK when dealt")),
            };
            inverse(d, &hint, &FONT_6X10, 15)?;
            // The screen always says what is special about the hand.
            let bottom = confirmation(d, confirm)?;
            pot_lines::pots_and_specials(d, table, hand, 27, bottom)?;
        }
        Phase::Exchanging(i) => {
            let seat = state.to_act().unwrap_or(0);
            let who = Line::of(format_args!("{}", name(table, hand, seat)));
            left(d, &who, &FONT_7X13_BOLD, 0)?;
            let declare = matches!(state.spec().steps.get(i), Some(Step::Declare));
            // The large font holds 12 characters: the side alone, the verb
            // in the hint.
            let text = if declare {
                let said = ["HIGH", "LOW", "BOTH"][ctl.pick % 3];
                Line::of(format_args!("{said}"))
            } else {
                let most = usize::from(state.max_draw().unwrap_or(0));
                Line::of(format_args!("draws {}", ctl.pick % (most + 1)))
            };
            put(d, &text, &FONT_10X20, 0, 18, Alignment::Left)?;
            let hint = match (declare, state.max_draw()) {
                (true, _) => Line::of(format_args!("declares: +/- change  OK")),
                (false, Some(most)) => Line::of(format_args!("+/- change (0-{most})  OK")),
                (false, None) => Line::of(format_args!("+/- change  OK")),
            };
            left(d, &hint, &FONT_5X8, 44)?;
        }
        Phase::Betting(_) => {
            let s = super::screen::opener_at(state, ctl.pick).unwrap_or(0);
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
fn guts<D: Canvas>(d: &mut D, table: &Table, ctl: &Controller) -> Result<(), D::Error> {
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
fn lives<D: Canvas>(d: &mut D, table: &Table) -> Result<(), D::Error> {
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
    // Two columns of four: ten seats at most, nine rows of players would
    // not fit; those with none left are shown too, at 0.
    for (i, &(seat, left_)) in game.lives.iter().take(8).enumerate() {
        let who = table.player(seat).map_or("?", |p| &*p.name);
        let row = Line::of(format_args!("{who:<8.8}{left_:>2}"));
        let (x, y) = (64 * (i as i32 / 4), 14 + 10 * (i as i32 % 4));
        put(d, &row, &FONT_6X10, x, y, Alignment::Left)?;
    }
    inverse(d, "OK: who lost a life", &FONT_5X8, 56)
}

/// S5: the game the dealer is about to choose, with its stakes.
fn pick_game<D: Canvas>(d: &mut D, table: &Table, game: usize) -> Result<(), D::Error> {
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

fn pick_seat<D: Canvas>(
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
                action(d, table, None)?;
                inverse(d, &format!("{:>2}s", c.left), &FONT_6X10, 54)?;
            }
            None => action_saying(d, table, None, view.confirm)?,
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
    if let Some(m) = view.message {
        message(d, m)?;
    }
    if let Some(left) = view.host.filter(|&s| s <= HOST_WARN_SECS) {
        // The host sees the unlock running out before a dialog closes.
        corner(d, &format!("host {left}s"))?;
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
