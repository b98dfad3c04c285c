//! Between hands: the next hand previewed as the table would deal it, who
//! won the last one, and the keys' hint; with the cache that keeps the
//! preview while the night stands.

use std::cell::RefCell;
use std::fmt::Write as _;

use embedded_graphics::pixelcolor::BinaryColor;

use crate::engine::{Chips, DropWhen, ForcedKind, Phase, Seat};
use crate::rules::HandKind;
use crate::table::{CurrentHand, Night, Table, TableEvent};
use crate::ui::canvas::Canvas;
use crate::ui::fonts::{FONT_5X8, FONT_6X10, FONT_7X13_BOLD};

use super::line::{wrap, Line};
use super::names::{money, name, short_with_seated};
use super::specials::{specials, AllIn};
use super::text::{inverse, left, right};

/// The next hand as [`between`] shows it, or why there is none.
pub(super) type NextHand = Result<Table, String>;

pub(super) fn next_hand(table: &Table) -> NextHand {
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
    pub(super) fn with<R>(&self, night: &Night, f: impl FnOnce(&NextHand) -> R) -> R {
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

pub(super) fn between_next<D: Canvas>(
    d: &mut D,
    table: &Table,
    next: &NextHand,
    confirm: Option<&str>,
) -> Result<(), D::Error> {
    d.clear(BinaryColor::Off)?;
    // Issue 22: who won the hand just paid stays up until the next deal,
    // for the dealer pushing the chips; the recorded note goes by itself.
    // Named by the hand, not the seats: once a winner has cashed out (End
    // session cashes everyone out) the table has no name for his seat.
    let mut won = Line::new();
    let paid = table.paid().unwrap_or_default();
    let names: Vec<&str> = paid.iter().map(|(n, _)| n.as_str()).collect();
    let forms = short_with_seated(table, &names, 10);
    for ((_, amount), name) in paid.iter().zip(&forms) {
        let sep = if won.is_empty() { "won" } else { "," };
        let _ = write!(won, "{sep} {name} {}", money(table, *amount));
    }
    let next = match next {
        Ok(next) => next,
        // Issue 32: fewer than two players, the first screen a new host
        // sees: what to do, not an error cut off in a bar.
        Err(_) if table.seats().iter().flatten().count() < 2 && won.is_empty() => {
            return first_screen(d, table);
        }
        // No next hand (one player left with chips): who won, and why,
        // whole, in the lines the panel has.
        Err(e) => {
            left(d, "NEXT HAND", &FONT_7X13_BOLD, 0)?;
            let mut y = 16;
            for l in wrap(&won, 25).chain(wrap(e, 25)) {
                if y + 8 > 64 {
                    break;
                }
                left(d, &l, &FONT_5X8, y)?;
                y += 8;
            }
            return Ok(());
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
    self::specials(&mut specials, next, hand, AllIn::Left, None);
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
    let hint = crate::ui::controller::between_hint(table);
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

/// An empty table's screen: how many are seated and how to seat someone,
/// by a player's card or from the menu without one.
fn first_screen<D: Canvas>(d: &mut D, table: &Table) -> Result<(), D::Error> {
    let n = table.seats().iter().flatten().count();
    left(d, "NEXT HAND", &FONT_7X13_BOLD, 0)?;
    left(
        d,
        &Line::of(format_args!("{n} seated, 2 to deal")),
        &FONT_6X10,
        15,
    )?;
    left(d, "Tap a player's card, or", &FONT_5X8, 28)?;
    left(d, "hold OK: Host... >", &FONT_5X8, 36)?;
    left(d, "  Seat a player", &FONT_5X8, 44)?;
    inverse(d, "hold OK: Who is seated", &FONT_5X8, 56)
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
