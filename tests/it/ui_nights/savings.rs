//! Issue 32, presses: each saving the realistic night measures, proved
//! through presses on the controller, with what stays confirmed.

use dealerd::engine::{Action, Event};
use dealerd::ui::{render, screens};

use super::*;
use crate::ui_screens::night;

fn frame(n: &Night, c: &Controller) -> render::Frame {
    let mut f = render::Frame::new();
    screens::draw(&mut f, &View::of(n), c).expect("drawn");
    f
}

/// Held bet/raise on the action screen records the player's whole stack
/// in one press, as a call is one press: no entry, no OK.
#[test]
fn held_bet_raise_puts_the_whole_stack_in_with_one_press() {
    let n =
        night("rules default\njoin 1 Ann 100\njoin 2 Bob 100\njoin 3 Cat 40\nbutton Ann\ndeal\n");
    let state = n.table().live_hand().expect("a hand").state();
    let seat = state.to_act().expect("someone to act");
    let whole = state.seats()[seat].stack + state.seats()[seat].bet;
    let mut c = Controller::new();
    let held = Press {
        button: Button::BetRaise,
        long: true,
    };
    assert_eq!(
        c.press(&n, held),
        Intent::Apply(TableEvent::Hand(Event::Act(
            seat,
            Action::BetRaiseTo(whole)
        )))
    );
    assert_eq!(c.mode, Mode::Main);
    // A tap still opens entry on the minimum, for OK.
    let mut c = Controller::new();
    assert_eq!(c.press(&n, tap(Button::BetRaise)), Intent::None);
    assert!(matches!(c.mode, Mode::Entry(_)), "{:?}", c.mode);
}

/// Where the most a player may put in is not his stack (H0's pot limit and
/// $1 cap), held bet/raise opens entry on that maximum, named, and only OK
/// records it: a pot or a cap is never taken for an all-in unseen.
#[test]
fn held_bet_raise_under_a_pot_limit_or_cap_still_asks_for_ok() {
    let n = night(
        "rules config/houses/h0-pot-limit-home.toml\njoin 1 Ann 20\njoin 2 Bob 20\njoin 3 Cat 20\nbutton Ann\ndeal\n",
    );
    let mut c = Controller::new();
    let held = Press {
        button: Button::BetRaise,
        long: true,
    };
    assert_eq!(c.press(&n, held), Intent::None);
    let Mode::Entry(e) = &c.mode else {
        panic!("held opens entry at a pot limit, not {:?}", c.mode)
    };
    assert_eq!(e.amount, e.max);
    assert_ne!(e.max_is, dealerd::ui::MaxIs::AllIn);
    let max = e.max;
    let Intent::Apply(TableEvent::Hand(Event::Act(_, Action::BetRaiseTo(x)))) =
        c.press(&n, tap(Button::Ok))
    else {
        panic!("OK records the maximum")
    };
    assert_eq!(x, max);
}

/// Cat is all in for 40 under Ann's and Bob's 50; on the flop Bob bets and
/// Ann folds, so the side pot has Bob alone left in it.
const ONE_LEFT: &str = "rules default\njoin 1 Ann 100\njoin 2 Bob 100\njoin 3 Cat 40\n\
    button Ann\ndeal\nAnn raise 50\nBob call\nCat allin\nflop\nBob bet 10\nAnn fold\n\
    turn\nriver\n";

/// A pot with a single contender left needs no press: naming the main
/// pot's winner places Bob, alone in the side pot, and the screen shows
/// the payout for the OK that pays. Undo takes both places back.
#[test]
fn p2_a_pot_with_one_contender_left_needs_no_press() {
    let n = night(ONE_LEFT);
    let mut c = Controller::new();
    // Cat (seat 3, bet/raise) has the best hand: she takes the main pot.
    assert_eq!(c.press(&n, tap(Button::BetRaise)), Intent::None);
    let f = frame(&n, &c);
    crate::night::assert_frame_shows(&f, &["OK pay"]);
    let Mode::Ranking(r) = &c.mode else {
        panic!("still ranking: {:?}", c.mode)
    };
    assert!(r.complete(), "one key decides both pots: {r:?}");
    // Undo takes back the key and the place it forced.
    assert_eq!(c.press(&n, tap(Button::Undo)), Intent::None);
    let Mode::Ranking(r) = &c.mode else {
        panic!("still ranking: {:?}", c.mode)
    };
    assert!(r.done.is_empty() && r.groups.is_empty(), "{r:?}");
    // Named again, OK pays what was shown: Cat the main pot, Bob the side.
    c.press(&n, tap(Button::BetRaise));
    let Intent::Apply(e) = c.press(&n, tap(Button::Ok)) else {
        panic!("OK pays: {:?}", c.mode);
    };
    let mut n = n.clone();
    n.apply(e).expect("the payout is legal");
    let stacks: Vec<u64> = (0..3)
        .map(|s| n.table().player(s).map_or(0, |p| p.stack))
        .collect();
    assert_eq!(stacks, [50, 70, 120]);
}

/// Everyone is all in: Ann for 50, Bob calls, Cat for 40.
const RUN_OUT: &str = "rules default\njoin 1 Ann 50\njoin 2 Bob 100\njoin 3 Cat 40\n\
    button Ann\ndeal\nAnn allin\nBob call\nCat allin\n";

/// The run-out prompt where a seat key names the best hand (pictured).
pub(crate) fn run_out_keys() -> render::Frame {
    frame(&night(RUN_OUT), &Controller::new())
}

/// On a run-out the best hand's seat key deals the rest and names it, one
/// press where a run-out OK and the key were two; a seat that cannot win
/// is told and nothing is recorded; the payout still waits for OK.
#[test]
fn a_run_out_and_the_best_hand_are_one_key() {
    let n = night(RUN_OUT);
    crate::night::assert_frame_shows(&frame(&n, &Controller::new()), &["RUN IT OUT"]);
    crate::night::assert_frame_shows(&frame(&n, &Controller::new()), &["OK, or key: best hand"]);
    // Seat 4 (minus) is nobody: told, nothing recorded.
    let mut c = Controller::new();
    assert!(matches!(c.press(&n, tap(Button::Minus)), Intent::Tell(_)));
    assert_eq!(c.mode, Mode::Main);
    // Cat's key (seat 3, bet/raise): the flop, turn and river, and Cat
    // takes the main pot; the side pot is Ann's or Bob's, still to name.
    let intent = c.press(&n, tap(Button::BetRaise));
    assert_eq!(
        intent,
        Intent::ApplyAll(vec![TableEvent::Hand(Event::Deal); 3])
    );
    let mut n = n.clone();
    let Intent::ApplyAll(events) = intent else {
        unreachable!()
    };
    for e in events {
        n.apply(e).expect("the run-out deals");
    }
    let Mode::Ranking(r) = &c.mode else {
        panic!("the showdown opens ranked: {:?}", c.mode)
    };
    assert_eq!(r.groups.len(), 1);
    assert_eq!(r.table_seat(r.groups[0][0]), 2, "Cat, seat 3");
    assert!(!r.complete());
    // Ann's key names the side pot; the key pays nothing, OK pays.
    assert_eq!(c.press(&n, tap(Button::Fold)), Intent::None);
    crate::night::assert_frame_shows(&frame(&n, &c), &["OK pay"]);
    let Intent::Apply(e) = c.press(&n, tap(Button::Ok)) else {
        panic!("OK pays: {:?}", c.mode)
    };
    n.apply(e).expect("the payout is legal");
    let stacks: Vec<u64> = (0..3)
        .map(|s| n.table().player(s).map_or(0, |p| p.stack))
        .collect();
    assert_eq!(stacks, [20, 50, 120]);
}

/// The last card with nobody to act is the same: the best hand's key deals
/// the river and names it.
#[test]
fn the_last_card_and_the_best_hand_are_one_key() {
    let n = night(&format!("{RUN_OUT}flop\nturn\n"));
    crate::night::assert_frame_shows(&frame(&n, &Controller::new()), &["OK, or key: best hand"]);
    let mut c = Controller::new();
    assert_eq!(
        c.press(&n, tap(Button::BetRaise)),
        Intent::ApplyAll(vec![TableEvent::Hand(Event::Deal)])
    );
    assert!(matches!(c.mode, Mode::Ranking(_)), "{:?}", c.mode);
}
