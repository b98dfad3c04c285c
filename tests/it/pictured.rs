//! How the dealer comes to see each pictured screen (`pictures.rs`): a
//! scripted night, the presses or card taps that lead there, and the frame
//! as the panel would get it. Each asserts the screen it reached, so a change
//! elsewhere cannot quietly picture a different one under the same name.

use dealerd::table::Night;
use dealerd::ui::render::Frame;
use dealerd::ui::{screens, Button, Controller, Intent, Mode, Press, Screen, View};

use crate::ui_screens::{night, KILL, NIGHT, SHOWDOWN, SIDE_POTS};

fn tap(button: Button) -> Press {
    Press {
        button,
        long: false,
    }
}

/// The frame for `view` and `c`, which must be showing a screen `is` takes.
fn shown(view: View<'_>, c: &Controller, is: fn(&Screen) -> bool) -> Frame {
    let screen = c.screen(&view);
    assert!(is(&screen), "another screen: {screen:?}");
    let mut f = Frame::new();
    screens::draw(&mut f, &view, c).expect("a frame takes any drawing");
    f
}

/// Presses that only move the dealer through the interface.
fn navigate<'a>(c: &mut Controller, view: View<'a>, buttons: &[Press]) {
    for &b in buttons {
        assert_eq!(c.press(view, b), Intent::None, "{b:?} in {:?}", c.mode);
    }
}

const HOLD_OK: Press = Press {
    button: Button::Ok,
    long: true,
};

// ---- in a hand ----

pub(crate) fn action_side_pots() -> Frame {
    let n = night(SIDE_POTS);
    shown(View::of(&n), &Controller::new(), |s| {
        matches!(s, Screen::Action(_))
    })
}

/// The side-pots spot in amount entry, after two presses of bet/raise.
pub(crate) fn amount_entry() -> Frame {
    let n = night(SIDE_POTS);
    let mut c = Controller::new();
    navigate(&mut c, View::of(&n), &[tap(Button::BetRaise); 2]);
    assert!(matches!(c.mode, Mode::Entry(_)));
    shown(View::of(&n), &c, |s| matches!(s, Screen::Entry(_)))
}

/// A refusal over the action screen.
pub(crate) fn message() -> Frame {
    let n = night(SIDE_POTS);
    let view = View::of(&n).with_message("Dan: a raise must be to at least 40, not 30");
    shown(view, &Controller::new(), |s| matches!(s, Screen::Action(_)))
}

/// The showdown before the dealer has ranked anyone.
pub(crate) fn showdown_ranking() -> Frame {
    let n = night(SHOWDOWN);
    shown(
        View::of(&n),
        &Controller::new(),
        |s| matches!(s, Screen::Showdown(r) if !r.complete()),
    )
}

/// The showdown ranked (Bob and Cat tie, Ann second): what each is paid.
pub(crate) fn showdown_split() -> Frame {
    let n = night(SHOWDOWN);
    let c = ranked(&n);
    shown(
        View::of(&n),
        &c,
        |s| matches!(s, Screen::Showdown(r) if r.complete()),
    )
}

/// The showdown night ranked as the split test ranks it: Bob (hand seat 0)
/// and Cat (1) tie for best; Ann (2) is second.
pub(crate) fn ranked(n: &Night) -> Controller {
    let mut c = Controller::new();
    for b in [Button::Ok, Button::CheckCall, Button::Ok] {
        c.press(n, tap(b));
    }
    c
}

// ---- the clock (D3) ----

/// The side-pots spot with the clock started from the menu, 42 seconds left.
pub(crate) fn clock() -> Frame {
    let n = night(SIDE_POTS);
    let mut c = Controller::new();
    navigate(&mut c, View::of(&n), &[HOLD_OK]);
    assert_eq!(c.press(&n, tap(Button::Ok)), Intent::StartClock);
    shown(View::of(&n).with_clock(42), &c, |s| {
        matches!(s, Screen::Clock(_))
    })
}

/// The clock run out, the moment before the table acts.
pub(crate) fn clock_zero() -> Frame {
    let n = night(SIDE_POTS);
    let mut c = Controller::new();
    c.mode = Mode::Clock;
    shown(View::of(&n).with_clock(0), &c, |s| {
        matches!(s, Screen::Clock(_))
    })
}

/// Eve on the clock card, 30 seconds in (tests/data/night.sim).
pub(crate) fn clock_running() -> Frame {
    crate::night::marked("clock-30")
}

// ---- between hands and the menu ----

pub(crate) fn between_kill() -> Frame {
    let n = night(KILL);
    shown(View::of(&n), &Controller::new(), |s| {
        matches!(s, Screen::Between)
    })
}

/// The bomb card tapped and the hand dealt: the board to deal.
pub(crate) fn bomb_deal() -> Frame {
    crate::night::marked("bomb-hand")
}

/// The misdeal card tapped: the next hand, re-dealt (D2).
pub(crate) fn misdeal() -> Frame {
    crate::night::marked("misdeal")
}

/// The menu on a held OK, mid-hand.
pub(crate) fn menu() -> Frame {
    let n = night(SIDE_POTS);
    let mut c = Controller::new();
    navigate(&mut c, View::of(&n), &[HOLD_OK]);
    shown(View::of(&n), &c, |s| matches!(s, Screen::Menu(0)))
}

pub(crate) fn ledger_qr() -> Frame {
    let n = night(NIGHT);
    let mut c = Controller::new();
    c.mode = Mode::Ledger;
    shown(View::of(&n), &c, |s| matches!(s, Screen::Ledger))
}

/// Ann's card on an empty table: which seat (tests/data/night.sim).
pub(crate) fn seat_by_card() -> Frame {
    crate::night::marked("seat-ann")
}
