//! Which screen shows, decided once: the controller reads a press against
//! this value and the screens draw it, so a press always means what the
//! dealer sees.

use std::borrow::Cow;

use crate::engine::{HandState, LegalActions, Phase, Seat, Step};
use crate::table::Table;

use super::amount::AmountEntry;
use super::controller::{MenuItem, Mode};
use super::host::Dialog;
use super::showdown::Ranking;
use super::view::{Ack, ClockView, View};

/// What the panel shows now, and so what a press means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Screen<'a> {
    /// Something happened by itself; any press only acknowledges it.
    Acknowledge(&'a Ack),
    /// No hand: OK deals the next one.
    Between,
    /// G8: in or out, then the best hand.
    Guts,
    /// G9: a lives game: the lives left; OK picks who lost one.
    Lives,
    /// The dealer names who opens (the rules leave it to the table); the
    /// seat under the cursor.
    Opener(Option<Seat>),
    /// A player to act.
    Action(LegalActions),
    /// The amount of a bet or raise being entered.
    Entry(&'a AmountEntry),
    /// A draw count or a declaration; `choices` counts what plus and minus
    /// go through.
    Exchange {
        declare: bool,
        choices: usize,
    },
    /// Cards to deal (or forced bets to post): OK when done, or the first
    /// player's action, which records the deal with it; a run-out is one OK.
    Deal,
    Showdown(Cow<'a, Ranking>),
    /// A hand in progress with nothing for the dealer to enter.
    Waiting,
    Menu(usize),
    PickSeat(MenuItem, usize),
    PickGame(usize),
    Ledger,
    /// D3: the running clock, large.
    Clock(ClockView),
    Dialog(&'a Dialog),
}

/// The screen for `mode` over `view`. A mode the table no longer supports
/// (the hand moved on under it, the host lock closed) shows the table's
/// own screen instead, so it can take no press.
pub fn screen_of<'a>(mode: &'a Mode, pick: usize, view: &View<'a>) -> Screen<'a> {
    if let Some(ack) = view.ack {
        return Screen::Acknowledge(ack);
    }
    let table = view.night.table();
    let state = table.live_hand().map(|h| h.state());
    match mode {
        Mode::Entry(e)
            if state.is_some_and(|s| {
                matches!(s.phase(), Phase::Betting(_)) && s.to_act() == Some(e.seat)
            }) =>
        {
            Screen::Entry(e)
        }
        Mode::Ranking(r) if state.is_some_and(|s| s.phase() == Phase::Showdown) => {
            Screen::Showdown(Cow::Borrowed(r))
        }
        Mode::Menu(i) => Screen::Menu(*i),
        Mode::PickSeat(item, seat) => Screen::PickSeat(*item, *seat),
        Mode::PickGame(g) => Screen::PickGame(*g),
        Mode::Ledger => Screen::Ledger,
        Mode::Clock => match view.clock {
            Some(c) if !c.paused => Screen::Clock(c),
            _ => table_screen(table, pick),
        },
        Mode::Dialog(d) if !d.is_host() || view.is_host() => Screen::Dialog(d),
        Mode::Entry(_) | Mode::Ranking(_) | Mode::Dialog(_) | Mode::Main => {
            table_screen(table, pick)
        }
    }
}

/// The screen the table state calls for when the dealer is in no menu or
/// dialog; `pick` is the controller's cursor on it.
pub fn table_screen(table: &Table, pick: usize) -> Screen<'static> {
    if table.guts().round.is_some() {
        return Screen::Guts;
    }
    if table.lives().is_some() {
        return Screen::Lives;
    }
    let Some(hand) = table.live_hand() else {
        return Screen::Between;
    };
    let state = hand.state();
    match state.phase() {
        Phase::Betting(_) if state.awaiting_opener() => Screen::Opener(opener_at(state, pick)),
        Phase::Betting(_) => state
            .legal_actions()
            .map_or(Screen::Waiting, Screen::Action),
        Phase::Exchanging(i) if state.to_act().is_some() => {
            let declare = matches!(state.spec().steps.get(i), Some(Step::Declare));
            // The engine says how many cards may go; the ui counts
            // fewest..=most (a discard: exactly one).
            let (fewest, most) = super::controller::exchange_range(Some(state), declare);
            let choices = most - fewest + 1;
            Screen::Exchange { declare, choices }
        }
        Phase::Exchanging(_) => Screen::Waiting,
        Phase::Dealing(_) | Phase::Posting => Screen::Deal,
        Phase::Showdown => {
            Screen::Showdown(Cow::Owned(Ranking::new(state).with_seats(&hand.order)))
        }
        Phase::Complete | Phase::Voided => Screen::Waiting,
    }
}

/// The seat `pick` steps from the proposed opener, so the cursor starts on
/// the engine's proposal and plus and minus go round the others.
pub fn opener_at(state: &HandState, pick: usize) -> Option<Seat> {
    let may = state.can_name_opener();
    let start = state
        .suggested_opener()
        .and_then(|s| may.iter().position(|&m| m == s))
        .unwrap_or(0);
    may.get((start + pick) % may.len().max(1)).copied()
}
