//! Screens: pure functions from table and UI state to pixels on any 128x64
//! [`Canvas`] (an embedded-graphics `DrawTarget<Color = BinaryColor>`), so
//! the OLED, the terminal and the docs' PNGs share one picture.
//!
//! Layout rule: the top line answers "who", in bold, readable at arm's
//! length; the lines under it in 6x10 answer "how much"; the 5x8 footer is
//! for what the dealer reads only when something is unusual.

use std::cell::RefCell;

use embedded_graphics::mono_font::ascii::{FONT_10X20, FONT_5X8, FONT_6X10, FONT_7X13_BOLD};
use embedded_graphics::mono_font::MonoFont;
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::{PrimitiveStyle, Rectangle};
use embedded_graphics::text::Alignment;
use profont::PROFONT_24_POINT;

use crate::engine::{Chips, ForcedKind, HandState, Phase, Seat, Step};
use crate::rules::HandKind;
use crate::table::{CurrentHand, Night, Table, TableEvent};

use super::amount::AmountEntry;
use super::canvas::{Canvas, TextSpec};
use super::controller::{Controller, MenuItem};
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

/// Words into lines of at most `width` characters.
pub(super) fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Amounts as the house writes them (`unit.times`), without the currency:
/// every amount on the panel is money, and the characters are scarce.
pub fn money(table: &Table, units: Chips) -> String {
    table.rules().house.unit.times(units)
}

fn name(table: &Table, hand: &CurrentHand, seat: Seat) -> String {
    hand.order
        .get(seat)
        .and_then(|&s| table.player(s))
        .map_or_else(|| format!("seat {}", seat + 1), |p| p.name.clone())
}

/// "PRE FLOP TURN RIVER" for four-round board games; stud streets by the
/// cards each player holds ("3RD" … "7TH", G3); else "R2/4".
pub fn street_name(state: &HandState) -> String {
    let st = state.street();
    let steps = &state.spec().steps;
    let boards = steps
        .iter()
        .any(|s| matches!(s, Step::Deal(d) if d.board > 0));
    let stud = steps
        .iter()
        .any(|s| matches!(s, Step::Deal(d) if d.hole_up > 0));
    if boards && st.of == 4 {
        ["PRE", "FLOP", "TURN", "RIVER"]
            .get(st.round.saturating_sub(1))
            .map_or_else(|| format!("R{}/{}", st.round, st.of), |s| s.to_string())
    } else if stud && st.round > 0 {
        // The cards dealt before the round's betting is the street's number.
        let mut cards = 0u32;
        let mut rounds = 0;
        for s in steps {
            match s {
                Step::Deal(d) => cards += u32::from(d.hole_down) + u32::from(d.hole_up),
                Step::Bet(_) => {
                    rounds += 1;
                    if rounds == st.round {
                        break;
                    }
                }
                _ => {}
            }
        }
        let suffix = match cards {
            1 => "ST",
            2 => "ND",
            3 => "RD",
            _ => "TH",
        };
        format!("{cards}{suffix}")
    } else {
        format!("R{}/{}", st.round, st.of)
    }
}

/// The error/message line: a lit bar at the bottom, two lines when needed.
pub fn message<D: Canvas>(d: &mut D, text: &str) -> Result<(), D::Error> {
    let lines = wrap(text, 25);
    let n = lines.len().clamp(1, 2) as i32;
    let top = H - 8 * n - 1;
    Rectangle::new(Point::new(0, top), Size::new(W as u32, (H - top) as u32))
        .into_styled(PrimitiveStyle::with_fill(BinaryColor::Off))
        .draw(d)?;
    for (i, l) in lines.iter().take(2).enumerate() {
        inverse(d, l, &FONT_5X8, top + 1 + 8 * i as i32)?;
    }
    Ok(())
}

/// What is special about this hand, for the footer: kill, bomb, straddles,
/// posts, all-ins.
pub fn specials(table: &Table, hand: &CurrentHand) -> Vec<String> {
    let state = hand.state();
    let mut out = Vec::new();
    for (s, a) in state.forced_of(ForcedKind::Kill) {
        out.push(format!("KILL {} {}", name(table, hand, s), money(table, a)));
    }
    if hand.kind == HandKind::Bomb {
        let each = state.forced_of(ForcedKind::Bomb).map(|(_, a)| a).max();
        out.push(format!("BOMB {} ea", money(table, each.unwrap_or(0))));
    }
    for kind in [ForcedKind::Straddle, ForcedKind::ButtonStraddle] {
        for (s, a) in state.forced_of(kind) {
            out.push(format!("STR {} {}", name(table, hand, s), money(table, a)));
        }
    }
    for kind in [ForcedKind::LivePost, ForcedKind::DeadPost] {
        for (s, a) in state.forced_of(kind) {
            out.push(format!("POST {} {}", name(table, hand, s), money(table, a)));
        }
    }
    let all_in: Vec<String> = state
        .seats()
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.folded && s.stack == 0)
        .map(|(i, _)| name(table, hand, i))
        .collect();
    if !all_in.is_empty() {
        out.push(format!("ALL-IN {}", all_in.join(" ")));
    }
    out
}

/// Pots, main first: "pot 120" or "main 60 s1 40 s2 20" (P1, D1). Side pots
/// are the settled ones only (an all-in in an earlier round): the bets of the
/// round in progress are not a pot. With one pot in the middle the line is
/// the whole pot, bets included; with side pots, the bets in front follow as
/// "bets N".
fn pots_line(table: &Table, state: &HandState) -> String {
    let pots = state.settled_pots();
    if pots.len() <= 1 {
        return format!("pot {}", money(table, state.pot()));
    }
    let mut s = format!("main {}", money(table, pots[0].amount));
    for (i, p) in pots.iter().enumerate().skip(1) {
        s.push_str(&format!(" s{} {}", i, money(table, p.amount)));
    }
    let bets = state.bets_total();
    if bets > 0 {
        s.push_str(&format!(" bets {}", money(table, bets)));
    }
    s
}

/// The action screen: whose turn, to call, the range, the pots, the street,
/// and what is special; with amount entry, the amount being entered.
pub fn action<D: Canvas>(
    d: &mut D,
    table: &Table,
    entry: Option<&AmountEntry>,
) -> Result<(), D::Error> {
    d.clear(BinaryColor::Off)?;
    let Some(hand) = table.hand() else {
        return left(d, "no hand", &FONT_6X10, 0);
    };
    let state = hand.state();
    let Some(seat) = state.to_act() else {
        return left(d, state.expected(), &FONT_5X8, 0);
    };
    left(d, &name(table, hand, seat), &FONT_7X13_BOLD, 0)?;
    right(d, &street_name(state), &FONT_6X10, 1)?;
    let owed = state.to_call(seat);
    // F3: the bring-in is posted or completed; it is not a check or a bet.
    let bring_in = state.legal_actions().and_then(|l| l.bring_in);
    let call = match bring_in {
        Some(b) => format!("bring-in {}", money(table, b)),
        None if owed == 0 => "check".to_string(),
        None => format!("call {}", money(table, owed)),
    };
    left(d, &call, &FONT_6X10, 14)?;
    let stack = state.seats().get(seat).map_or(0, |s| s.stack);
    let mut stack = format!("stk {}", money(table, stack));
    // 21 characters of this font fill the line: the label goes before the
    // amounts overlap.
    if call.len() + 1 + stack.len() > 21 {
        stack.replace_range(..4, "");
    }
    right(d, &stack, &FONT_6X10, 14)?;
    if let Some(e) = entry {
        let verb = if state.current_bet() == 0 {
            "BET"
        } else {
            "RAISE"
        };
        let tag = e.preset_here().map_or("", |p| p.label());
        left(d, &format!("{verb} TO"), &FONT_6X10, 25)?;
        right(d, tag, &FONT_6X10, 25)?;
        put(
            d,
            &money(table, e.amount),
            &FONT_10X20,
            W / 2,
            35,
            Alignment::Center,
        )?;
        let (short, long) = e.steps();
        let hint = format!(
            "{}-{} step {} hold {}",
            money(table, e.min),
            money(table, e.max),
            money(table, short),
            money(table, long)
        );
        left(d, &hint, &FONT_5X8, 56)?;
        return Ok(());
    }
    let range = match state.raise_range(seat) {
        Ok((a, b)) => format!(
            "{} {}-{}",
            if bring_in.is_some() {
                "complete"
            } else if state.current_bet() == 0 {
                "bet"
            } else {
                "raise"
            },
            money(table, a),
            money(table, b)
        ),
        Err(_) => "no raise".to_string(),
    };
    left(d, &range, &FONT_6X10, 25)?;
    left(d, &pots_line(table, state), &FONT_6X10, 36)?;
    let special = specials(table, hand).join(" ");
    for (i, l) in wrap(&special, 25).iter().take(2).enumerate() {
        left(d, l, &FONT_5X8, 47 + 8 * i as i32)?;
    }
    Ok(())
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
    between_next(d, table, &next_hand(table))
}

fn between_next<D: Canvas>(d: &mut D, table: &Table, next: &NextHand) -> Result<(), D::Error> {
    d.clear(BinaryColor::Off)?;
    let next = match next {
        Ok(next) => next,
        Err(e) => {
            left(d, "NEXT HAND", &FONT_7X13_BOLD, 0)?;
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
            &format!("BTN {}", btn.map_or("-", |p| p.name.as_str())),
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
        &format!("HAND {}", next.hands_dealt()),
        &FONT_7X13_BOLD,
        0,
    )?;
    // D2: a misdealt hand is redealt; the dealer sees why the hand number
    // did not move on the button.
    let misdealt = table
        .hand()
        .is_some_and(|h| h.settled && h.state().phase() == Phase::Voided);
    let kind = match hand.kind {
        HandKind::Normal if misdealt => "MISDEAL",
        HandKind::Normal => "",
        HandKind::Kill => "KILL",
        HandKind::Bomb => "BOMB",
    };
    right(d, kind, &FONT_7X13_BOLD, 0)?;
    left(d, game, &FONT_5X8, 13)?;
    let btn = table
        .player(hand.button)
        .map_or_else(|| "-".into(), |p| p.name.clone());
    left(d, &format!("BTN {btn}"), &FONT_6X10, 22)?;
    let state = hand.state();
    let blinds: Vec<String> = state
        .forced_of(ForcedKind::Blind)
        .map(|(s, a)| format!("{} {}", name(next, hand, s), money(table, a)))
        .collect();
    let blinds = if blinds.is_empty() {
        "no blinds".to_string()
    } else {
        blinds.join(" / ")
    };
    left(d, &blinds, &FONT_6X10, 32)?;
    let special = specials(next, hand)
        .into_iter()
        .filter(|s| !s.starts_with("ALL-IN"))
        .collect::<Vec<_>>()
        .join(" ");
    let lines = wrap(&special, 25);
    for (i, l) in lines.iter().take(2).enumerate() {
        left(d, l, &FONT_5X8, 43 + 8 * i as i32)?;
    }
    if lines.len() < 2 {
        inverse(d, "OK deal  hold OK: menu", &FONT_5X8, 56)?;
    }
    Ok(())
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
    let side = match (
        ranking.sides() > 2 || (ranking.sides() == 2 && !low && board > 1),
        low,
    ) {
        (true, true) => format!("B{board} LOW"),
        (true, false) => format!("B{board} HIGH"),
        (false, true) => "LOW".to_string(),
        (false, false) => "HIGH".to_string(),
    };
    right(d, &side, &FONT_6X10, 1)?;
    // Finished sides first, so the whole ranking stays in view until paid.
    let placed: Vec<String> = ranking
        .done
        .iter()
        .flatten()
        .chain(ranking.groups.iter())
        .enumerate()
        .map(|(i, g)| {
            let names: Vec<String> = g.iter().map(|&s| name(table, hand, s)).collect();
            format!("{}.{}", i + 1, names.join("="))
        })
        .collect();
    let placed = if placed.is_empty() && !ranking.complete() {
        "best hand first".to_string()
    } else {
        placed.join(" ")
    };
    left(d, &placed, &FONT_5X8, 14)?;
    let cands = ranking.candidates(state);
    if ranking.complete() {
        inverse(d, "OK pay   UNDO back", &FONT_6X10, 23)?;
    } else if let Some(&s) = cands.get(ranking.cursor % cands.len().max(1)) {
        let place = ranking.groups.len() + 1;
        inverse(d, &format!("> {}", name(table, hand, s)), &FONT_6X10, 23)?;
        // The bar is lit; redraw the hint on it unlit so it reads.
        let hint = format!("OK={place} C=tie");
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
    let pay = split(state, &ranking.results(state)).unwrap_or_default();
    let paid: Vec<String> = pay
        .iter()
        .enumerate()
        .filter(|(_, &a)| a > 0)
        .map(|(s, &a)| format!("{} {}", name(table, hand, s), money(table, a)))
        .collect();
    let text = if paid.is_empty() {
        pots_line(table, state)
    } else {
        format!("wins: {}", paid.join(", "))
    };
    for (i, l) in wrap(&text, 21).iter().take(3).enumerate() {
        left(d, l, &FONT_6X10, 34 + 10 * i as i32)?;
    }
    Ok(())
}

/// The ledger, with the settle-up QR on the right.
pub fn ledger<D: Canvas>(d: &mut D, table: &Table) -> Result<(), D::Error> {
    d.clear(BinaryColor::Off)?;
    let text = qr::settle_text(table);
    if let Some(code) = qr::encode(&text) {
        let w = i32::try_from(code.width()).unwrap_or(29) * qr::MODULE_PX;
        let quiet = (H - w) / 2;
        qr::draw(d, &code, Point::new(W - H + quiet, quiet), quiet)?;
    }
    let l = table.ledger();
    left(
        d,
        &format!("H{} fee {}", table.hands_dealt(), money(table, l.fees())),
        &FONT_6X10,
        0,
    )?;
    left(
        d,
        &format!("in  {}", money(table, l.money_in())),
        &FONT_5X8,
        11,
    )?;
    left(
        d,
        &format!("out {}", money(table, l.money_out())),
        &FONT_5X8,
        19,
    )?;
    // Biggest swings first: those are the ones settled in cash.
    let mut nets = qr::nets(table);
    nets.sort_by_key(|(_, n)| std::cmp::Reverse(n.unsigned_abs()));
    for (i, (n, v)) in nets.iter().take(4).enumerate() {
        let mag = Chips::try_from(v.unsigned_abs()).unwrap_or(Chips::MAX);
        let sign = if *v < 0 { '-' } else { '+' };
        let short: String = n.chars().take(5).collect();
        let row = format!("{short:<5}{sign}{}", money(table, mag));
        let row: String = row.chars().take(12).collect();
        left(d, &row, &FONT_5X8, 29 + 9 * i as i32)?;
    }
    Ok(())
}

/// D3: the clock on the seat to act. The caller counts; this only draws.
pub fn clock<D: Canvas>(d: &mut D, table: &Table, seconds_left: u32) -> Result<(), D::Error> {
    d.clear(BinaryColor::Off)?;
    let who = table
        .live_hand()
        .and_then(|h| h.state().to_act().map(|s| name(table, h, s)))
        .unwrap_or_default();
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
            &format!("{}:{:02}", s / 60, s % 60),
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
    left(d, "MENU", &FONT_7X13_BOLD, 0)?;
    right(d, "+/- OK", &FONT_5X8, 2)?;
    let items = MenuItem::offered(table, host);
    let n = items.len();
    let sel = selected % n;
    let first = sel.saturating_sub(2).min(n.saturating_sub(5));
    for (row, i) in (first..(first + 5).min(n)).enumerate() {
        let y = 14 + 10 * row as i32;
        let label = items[i].label(table);
        if i == sel {
            inverse(d, &label, &FONT_6X10, y)?;
        } else {
            put(d, &label, &FONT_6X10, 1, y, Alignment::Left)?;
        }
    }
    Ok(())
}

/// A prompt for the dealer's own steps (deal, draw counts, the opener).
fn prompt<D: Canvas>(d: &mut D, table: &Table, ctl: &Controller) -> Result<(), D::Error> {
    d.clear(BinaryColor::Off)?;
    let Some(hand) = table.hand() else {
        return Ok(());
    };
    let state = hand.state();
    match state.phase() {
        Phase::Dealing(i) => {
            let what = match state.spec().steps.get(i) {
                Some(Step::Deal(s)) if s.board > 0 => "DEAL BOARD",
                _ => "DEAL CARDS",
            };
            left(d, what, &FONT_7X13_BOLD, 0)?;
            right(d, &street_name(state), &FONT_6X10, 1)?;
            left(d, &pots_line(table, state), &FONT_6X10, 16)?;
            inverse(d, "OK when dealt", &FONT_6X10, 30)?;
            // The screen always says what is special about the hand.
            let special = specials(table, hand).join(" ");
            for (i, l) in wrap(&special, 25).iter().take(2).enumerate() {
                left(d, l, &FONT_5X8, 44 + 9 * i as i32)?;
            }
        }
        Phase::Exchanging(i) => {
            let seat = state.to_act().unwrap_or(0);
            left(d, &name(table, hand, seat), &FONT_7X13_BOLD, 0)?;
            let declare = matches!(state.spec().steps.get(i), Some(Step::Declare));
            let text = if declare {
                ["declares HIGH", "declares LOW", "declares BOTH"][ctl.pick % 3].to_string()
            } else {
                let most = usize::from(state.max_draw().unwrap_or(0));
                format!("draws {}", ctl.pick % (most + 1))
            };
            put(d, &text, &FONT_10X20, 0, 18, Alignment::Left)?;
            let hint = match (declare, state.max_draw()) {
                (false, Some(most)) => format!("+/- change (0-{most})  OK"),
                _ => "+/- change  OK".to_string(),
            };
            left(d, &hint, &FONT_5X8, 44)?;
        }
        Phase::Betting(_) => {
            let s = super::screen::opener_at(state, ctl.pick).unwrap_or(0);
            left(d, "WHO OPENS?", &FONT_7X13_BOLD, 0)?;
            put(
                d,
                &name(table, hand, s),
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
        &format!("pot {}", money(table, table.guts().pot)),
        &FONT_6X10,
        1,
    )?;
    let who = |s: usize| {
        table
            .player(s)
            .map_or_else(|| format!("seat {}", s + 1), |p| p.name.clone())
    };
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
    put(d, &g.name, &FONT_7X13_BOLD, 0, 18, Alignment::Left)?;
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
    left(d, &stakes, &FONT_6X10, 34)?;
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
    let who = table
        .player(seat)
        .map_or_else(|| format!("seat {}", seat + 1), |p| p.name.clone());
    put(d, &who, &FONT_10X20, 0, 18, Alignment::Left)?;
    left(d, "+/- seat  OK  UNDO back", &FONT_5X8, 44)
}

/// The screen the controller and the view call for ([`Controller::screen`]).
pub fn draw<D: Canvas>(d: &mut D, view: &View<'_>, ctl: &Controller) -> Result<(), D::Error> {
    draw_with(d, view, ctl, |d| between(d, view.night.table()))
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
        cache.with(view.night, |next| between_next(d, table, next))
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
        Screen::Opener(_) | Screen::Exchange { .. } | Screen::Deal | Screen::Waiting => {
            prompt(d, table, ctl)?
        }
        Screen::Action(_) => {
            action(d, table, None)?;
            if let Some(c) = view.clock {
                // A running clock stays visible in the footer.
                inverse(d, &format!("{:>2}s", c.left), &FONT_6X10, 54)?;
            }
        }
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
        Screen::Ledger => ledger(d, table)?,
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
    for (i, l) in wrap(&ack.text, 21).iter().take(3).enumerate() {
        left(d, l, &FONT_6X10, 16 + 11 * i as i32)?;
    }
    inverse(d, "any button: go on", &FONT_6X10, 53)
}
