//! How the dealer comes to see each pictured screen (`pictures.rs`): a
//! scripted night, the presses or card taps that lead there, and the frame
//! as the panel would get it. Each asserts the screen it reached, so a change
//! elsewhere cannot quietly picture a different one under the same name.

use dealerd::table::Night;
use dealerd::ui::host::HostItem;
use dealerd::ui::render::Frame;
use dealerd::ui::{screens, Button, Controller, Dialog, Intent, MenuItem, Mode, Press};
use dealerd::ui::{Purpose, Screen, View};

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

/// A running clock stays in the action screen's footer.
pub(crate) fn action_clock() -> Frame {
    let n = night(SIDE_POTS);
    shown(View::of(&n).with_clock(42), &Controller::new(), |s| {
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

/// Issue 22: the amount typed on the keypad (issue 32: held check/call,
/// then 1, 2, 5): the digits and which button is which. Bet/raise and a
/// held OK still open it, onto the same screen.
pub(crate) fn amount_keypad() -> Frame {
    let n = night(SIDE_POTS);
    let held = |button| Press { button, long: true };
    let mut old = Controller::new();
    navigate(
        &mut old,
        View::of(&n),
        &[tap(Button::BetRaise), held(Button::Ok)],
    );
    let mut c = Controller::new();
    navigate(&mut c, View::of(&n), &[held(Button::CheckCall)]);
    assert_eq!(c.mode, old.mode, "both ways open the same keypad");
    let digits = [Button::Fold, Button::CheckCall, Button::Plus].map(tap);
    navigate(&mut c, View::of(&n), &digits);
    assert!(matches!(&c.mode, Mode::Entry(e) if e.keypad.is_some_and(|k| k.typed == 125)));
    shown(View::of(&n), &c, |s| matches!(s, Screen::Entry(_)))
}

/// Issue 32: a shortcut rounded to the chips a player pushes says it is
/// near: Cat's pot-size raise is to 173, the shortcut 175, "~pot".
pub(crate) fn amount_entry_near_pot() -> Frame {
    let n = night(
        "rules default\njoin 1 Ann 200\njoin 2 Bob 200\njoin 3 Cat 200\nbutton Ann\ndeal\n\
         Ann raise 20\nBob raise 51\n",
    );
    let mut c = Controller::new();
    navigate(&mut c, View::of(&n), &[tap(Button::BetRaise); 3]);
    assert!(matches!(&c.mode, Mode::Entry(e) if e.amount == 175));
    shown(View::of(&n), &c, |s| matches!(s, Screen::Entry(_)))
}

/// P1, issue 22: the showdown with a side pot, each pot naming who can win it.
pub(crate) fn showdown_side_pots() -> Frame {
    let rest = "Dan call\nAnn call\nflop\nDan check\nAnn check\nturn\nDan check\nAnn check\nriver\nDan check\nAnn check\n";
    let n = night(&format!("{SIDE_POTS}{rest}"));
    shown(View::of(&n), &Controller::new(), |s| {
        matches!(s, Screen::Showdown(_))
    })
}

/// A refusal over the action screen.
pub(crate) fn message() -> Frame {
    let n = night(SIDE_POTS);
    let view = View::of(&n).with_message("Dan: a raise must be to at least 40, not 30");
    shown(view, &Controller::new(), |s| matches!(s, Screen::Action(_)))
}

const STUD: &str = "rules config/houses/h0-pot-limit-home.toml\njoin 1 Ann 20\njoin 2 Bob 20\njoin 3 Cat 20\nbutton Ann\ngame Seven-card stud\ndeal\n";

/// F3, G3: the dealer names who opens third street.
pub(crate) fn opener() -> Frame {
    let n = night(STUD);
    shown(View::of(&n), &Controller::new(), |s| {
        matches!(s, Screen::Opener(Some(_)))
    })
}

/// H1's three players, Cat on the button, at the dealer's choice.
fn h1(game: &str, then: &str) -> Night {
    night(&format!(
        "rules config/houses/h1-dealers-choice.toml\njoin 1 Ann 20\njoin 2 Bob 20\njoin 3 Cat 20\nbutton Cat\ngame {game}\ndeal\n{then}"
    ))
}

/// G5: the paid exchange after the flop.
pub(crate) fn draw() -> Frame {
    let n = h1(
        "Texas 2-step",
        "Cat call\nAnn call\nBob check\nflop\nAnn check\nBob check\nCat check\n",
    );
    shown(View::of(&n), &Controller::new(), |s| {
        matches!(s, Screen::Exchange { declare: false, .. })
    })
}

/// Issue 22: after a one-press draw the next seat's screen confirms what
/// was recorded; the keys share one line above it.
pub(crate) fn draw_confirmed() -> Frame {
    let n = h1(
        "Texas 2-step",
        "Cat call\nAnn call\nBob check\nflop\nAnn check\nBob check\nCat check\ndraw Ann 1\n",
    );
    let said = n.table().describe(n.events().last().expect("the draw"));
    assert_eq!(said, "Ann draws 1");
    shown(View::of(&n).with_confirm(&said), &Controller::new(), |s| {
        matches!(s, Screen::Exchange { declare: false, .. })
    })
}

/// G2: the declaration after the river, Ann's cursor moved on once.
pub(crate) fn declare() -> Frame {
    let checks = "Ann check\nBob check\nCat check\n";
    let n = h1(
        "Omaha high-low declare",
        &format!("Cat call\nAnn call\nBob check\nflop\n{checks}turn\n{checks}river\n{checks}"),
    );
    let mut c = Controller::new();
    navigate(&mut c, View::of(&n), &[tap(Button::Plus)]);
    shown(View::of(&n), &c, |s| {
        matches!(s, Screen::Exchange { declare: true, .. })
    })
}

pub(crate) fn deal_flop() -> Frame {
    let n = night("rules default\njoin 1 Ann 100\njoin 2 Bob 100\njoin 3 Cat 100\nbutton Ann\ndeal\nAnn call\nBob call\nCat check\n");
    shown(View::of(&n), &Controller::new(), |s| {
        matches!(s, Screen::Deal)
    })
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

/// The showdown with Bob and Cat tied first: what the OK pays is on the
/// screen before the press, and Ann need not be ranked (P2).
pub(crate) fn showdown_split() -> Frame {
    let n = night(SHOWDOWN);
    let c = ranked(&n);
    let state = n.table().hand().map(|h| h.state().clone());
    let pays = move |s: &Screen| match (s, &state) {
        (Screen::Showdown(r), Some(state)) => r.complete() && r.if_ok(state).is_some(),
        _ => false,
    };
    let screen = c.screen(&View::of(&n));
    assert!(pays(&screen), "OK does not pay: {screen:?}");
    let mut f = Frame::new();
    screens::draw(&mut f, &View::of(&n), &c).expect("a frame takes any drawing");
    f
}

/// The showdown night as the split test ranks it (issue 32: seat keys):
/// Bob (seat 2, check/call) first, held OK to tie, Cat (seat 3,
/// bet/raise) with him; that names every pot's winner, and the screen
/// shows what OK pays.
pub(crate) fn ranked(n: &Night) -> Controller {
    let mut c = Controller::new();
    c.press(n, tap(Button::CheckCall));
    c.press(
        n,
        Press {
            button: Button::Ok,
            long: true,
        },
    );
    c.press(n, tap(Button::BetRaise));
    c
}

/// G8: the first call, in or out.
pub(crate) fn guts_call() -> Frame {
    let n = h1("Guts", "");
    shown(View::of(&n), &Controller::new(), |s| {
        matches!(s, Screen::Guts)
    })
}

/// G8: two in, one out; whose hand is best.
pub(crate) fn guts_best() -> Frame {
    let n = h1("Guts", "in Ann\nin Bob\nout Cat\n");
    assert!(n.table().guts_to_call().is_none());
    shown(View::of(&n), &Controller::new(), |s| {
        matches!(s, Screen::Guts)
    })
}

pub(crate) fn lives_night() -> Night {
    night("rules config/houses/h1-dealers-choice.toml\njoin 1 Ann 20\njoin 2 Bob 20\njoin 3 Cat 20\ngame Screw your neighbor\nbutton Ann\ndeal\nlose Bob\n")
}

/// G9: the lives left, Bob one down.
pub(crate) fn lives() -> Frame {
    let n = lives_night();
    shown(View::of(&n), &Controller::new(), |s| {
        matches!(s, Screen::Lives)
    })
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

/// The clock folded Eve: the next press only acknowledges it.
pub(crate) fn time_up() -> Frame {
    crate::night::marked("clock-out")
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

/// H2's straddle, picked from the menu between hands: who straddles.
pub(crate) fn pick_seat() -> Frame {
    let n = night("rules config/houses/h2-pats-no-limit.toml\njoin 1 Ann 40\njoin 2 Bob 40\njoin 3 Cat 40\njoin 4 Dan 40\nbutton Ann\n");
    let items = MenuItem::offered(n.table(), false);
    let at = items
        .iter()
        .position(|&i| i == MenuItem::Straddle)
        .expect("H2 offers straddles");
    let mut c = Controller::new();
    navigate(&mut c, View::of(&n), &[HOLD_OK]);
    navigate(&mut c, View::of(&n), &vec![tap(Button::Plus); at]);
    navigate(&mut c, View::of(&n), &[tap(Button::Ok)]);
    shown(View::of(&n), &c, |s| {
        matches!(s, Screen::PickSeat(MenuItem::Straddle, _))
    })
}

/// S5: a game whose long name takes two lines.
pub(crate) fn pick_game() -> Frame {
    let n = night("rules config/houses/h1-dealers-choice.toml\njoin 1 Ann 20\njoin 2 Bob 20\n");
    let game = n
        .table()
        .rules()
        .games
        .iter()
        .position(|g| g.name == "Omaha high-low declare")
        .expect("H1 lists it");
    let mut c = Controller::new();
    c.mode = Mode::PickGame(game);
    shown(View::of(&n), &c, |s| matches!(s, Screen::PickGame(_)))
}

pub(crate) fn ledger_qr() -> Frame {
    let n = night(NIGHT);
    let mut c = Controller::new();
    c.mode = Mode::Ledger;
    shown(View::of(&n), &c, |s| matches!(s, Screen::Ledger))
}

// ---- cards and the host ----

/// Ann's card on an empty table: which seat (tests/data/night.sim).
pub(crate) fn seat_by_card() -> Frame {
    crate::night::marked("seat-ann")
}

/// Ann's buy-in, at the house maximum.
pub(crate) fn buy_in() -> Frame {
    crate::night::marked("buy-in-ann")
}

/// Three players between hands, seat 3 empty.
fn three() -> Night {
    night("rules default\njoin 1 Ann 100\njoin 2 Bob 80\njoin 4 Cat 120\nbutton Ann\n")
}

/// A seated player's card between hands.
pub(crate) fn player_menu() -> Frame {
    let n = three();
    let mut c = Controller::new();
    assert_eq!(c.player_card(&n, "Bob"), Intent::None);
    shown(View::of(&n), &c, |s| {
        matches!(s, Screen::Dialog(Dialog::PlayerMenu { .. }))
    })
}

/// T4 (H3): Eve, new, chooses how to come in.
pub(crate) fn way_in() -> Frame {
    let n = night("rules config/houses/h3-ocean-view.toml\njoin 1 Ann 100\njoin 3 Bob 100\njoin 5 Cat 100\njoin 7 Dan 100\nbutton Ann\ngame Hold'em 3-6\ndeal\nDan fold\nAnn fold\nBob fold\njoin 4 Eve 100\n");
    let mut c = Controller::new();
    assert_eq!(c.player_card(&n, "Eve"), Intent::None);
    let way_in = dealerd::ui::PlayerItem::offered(n.table(), 3)
        .iter()
        .position(|&i| i == dealerd::ui::PlayerItem::WayIn)
        .expect("a player item");
    navigate(&mut c, View::of(&n), &vec![tap(Button::Plus); way_in]);
    navigate(&mut c, View::of(&n), &[tap(Button::Ok)]);
    shown(View::of(&n), &c, |s| {
        matches!(s, Screen::Dialog(Dialog::WayIn { .. }))
    })
}

/// The host card, then `buttons` in the host's dialogs.
fn host(n: &Night, buttons: &[Button]) -> Controller {
    let mut c = Controller::new();
    c.host_card(n.table());
    let presses: Vec<Press> = buttons.iter().map(|&b| tap(b)).collect();
    navigate(&mut c, View::of(n).host_unlocked(), &presses);
    c
}

fn item(wanted: HostItem) -> Vec<Button> {
    let at = HostItem::ALL
        .iter()
        .position(|&i| i == wanted)
        .expect("an item");
    let mut buttons = vec![Button::Plus; at];
    buttons.push(Button::Ok);
    buttons
}

pub(crate) fn host_menu() -> Frame {
    let n = three();
    let c = host(&n, &[]);
    shown(View::of(&n).host_unlocked(), &c, |s| {
        matches!(s, Screen::Dialog(Dialog::HostMenu(0)))
    })
}

/// Issue 22: further down the host's list, seating a walk-in without a
/// card and selling chips, the cursor on the first.
pub(crate) fn host_menu_walk_ins() -> Frame {
    let n = three();
    let offered = HostItem::offered(n.table());
    let at = offered
        .iter()
        .position(|&i| i == HostItem::SeatPlayer)
        .expect("seating is offered between hands with an empty seat");
    assert!(offered.contains(&HostItem::Sell), "{offered:?}");
    let c = host(&n, &vec![Button::Plus; at]);
    shown(View::of(&n).host_unlocked(), &c, |s| {
        matches!(s, Screen::Dialog(Dialog::HostMenu(_)))
    })
}

/// The host lock about to close: the seconds left in the corner.
pub(crate) fn host_warning() -> Frame {
    let n = three();
    let c = host(&n, &[]);
    let view = View {
        host: Some(dealerd::ui::HOST_WARN_SECS - 2),
        ..View::of(&n)
    };
    shown(view, &c, |s| {
        matches!(s, Screen::Dialog(Dialog::HostMenu(0)))
    })
}

/// Move a player: whom.
pub(crate) fn host_pick() -> Frame {
    let n = three();
    let c = host(&n, &item(HostItem::MoveSeat));
    shown(View::of(&n).host_unlocked(), &c, |s| {
        matches!(s, Screen::Dialog(Dialog::HostPick { .. }))
    })
}

/// Move Ann: to which empty seat.
pub(crate) fn move_to() -> Frame {
    let n = three();
    let mut buttons = item(HostItem::MoveSeat);
    buttons.push(Button::Ok);
    let c = host(&n, &buttons);
    shown(View::of(&n).host_unlocked(), &c, |s| {
        matches!(s, Screen::Dialog(Dialog::MoveTo { .. }))
    })
}

/// Correct Ann's stack: the chips really in front of her.
pub(crate) fn set_stack() -> Frame {
    let n = three();
    let mut buttons = item(HostItem::SetStack);
    buttons.push(Button::Ok);
    let c = host(&n, &buttons);
    shown(View::of(&n).host_unlocked(), &c, |s| {
        matches!(
            s,
            Screen::Dialog(Dialog::Amount {
                purpose: Purpose::SetStack { .. },
                ..
            })
        )
    })
}

/// Issue 24, M5: what Ann's corrected stack's difference is: here chips
/// from Bob (a miscount between players), not money.
pub(crate) fn correction_kind() -> Frame {
    let n = three();
    let mut buttons = item(HostItem::SetStack);
    buttons.extend([Button::Ok, Button::Plus, Button::Ok, Button::Plus]);
    let c = host(&n, &buttons);
    shown(View::of(&n).host_unlocked(), &c, |s| {
        matches!(s, Screen::Dialog(Dialog::CorrectionKind { item: 1, .. }))
    })
}

pub(crate) fn confirm_end() -> Frame {
    let n = three();
    let c = host(&n, &item(HostItem::EndSession));
    shown(View::of(&n).host_unlocked(), &c, |s| {
        matches!(s, Screen::Dialog(Dialog::ConfirmEnd))
    })
}

/// Issue 32: Bob's card, "Cash out": who and how much, asked once.
pub(crate) fn confirm_cash_out() -> Frame {
    let n = three();
    let mut c = Controller::new();
    assert_eq!(c.player_card(&n, "Bob"), Intent::None);
    let at = dealerd::ui::PlayerItem::offered(n.table(), 1)
        .iter()
        .position(|&i| i == dealerd::ui::PlayerItem::CashOut)
        .expect("a player item");
    let mut presses = vec![tap(Button::Plus); at];
    presses.push(tap(Button::Ok));
    navigate(&mut c, View::of(&n), &presses);
    shown(View::of(&n), &c, |s| {
        matches!(s, Screen::Dialog(Dialog::ConfirmLeave { host: false, .. }))
    })
}

/// Issue 32: the host removes Cat: who and how much, asked once.
pub(crate) fn confirm_remove() -> Frame {
    let n = three();
    let mut buttons = item(HostItem::Remove);
    buttons.extend([Button::Plus, Button::Plus, Button::Ok]);
    let c = host(&n, &buttons);
    shown(View::of(&n).host_unlocked(), &c, |s| {
        matches!(s, Screen::Dialog(Dialog::ConfirmLeave { host: true, .. }))
    })
}

/// Issue 32: undo after a pot is paid: the pot named before it goes back.
pub(crate) fn confirm_take_back_pot() -> Frame {
    let n = night(
        "rules default\njoin 1 Ann 100\njoin 2 Bob 80\njoin 4 Cat 120\nbutton Ann\ndeal\n\
         Ann call\nBob call\nCat check\nflop\nBob check\nCat check\nAnn check\n\
         turn\nBob check\nCat check\nAnn check\nriver\nBob check\nCat check\nAnn check\n\
         showdown Cat\n",
    );
    let mut c = Controller::new();
    let _ = c.press(View::of(&n), tap(Button::Undo));
    shown(View::of(&n), &c, |s| {
        matches!(s, Screen::Dialog(Dialog::ConfirmUndo { .. }))
    })
}
